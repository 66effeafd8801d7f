// The commands of package.json that the web extension does not run, each with what it tells the
// user instead: what needs Node (a process, the disk, threads) says so; what waits on the web
// language server says it is not in the browser yet. test/unit/web-client.test.ts checks that with
// the web client's own commands they cover every command package.json declares.

const DESKTOP = 'Use VS Code on the desktop (or `npx docwright` in a terminal)';

export const UNAVAILABLE_ON_WEB: Readonly<Record<string, string>> = {
  'docwright.exportSite': `Docwright cannot export a site in the browser: the export writes a folder on disk with Node. ${DESKTOP}: \`docwright export\`.`,
  'docwright.createRulesFile': `Docwright cannot write the editor rules file in the browser yet: it is made by the desktop language server. ${DESKTOP}: \`docwright rules\`.`,
  'docwright.migrateConfig': `Docwright cannot migrate docs.json in the browser yet: the migration runs in the desktop language server. ${DESKTOP}: \`docwright migrate\`.`,
  'docwright.checkSite': `Docwright checks the site in the browser as you open it (see the Problems view); the "Check Site" command needs the desktop language server. ${DESKTOP}: \`docwright check\`.`,
  'docwright.openPreview': `Docwright's preview is not available in the browser yet. ${DESKTOP}, or \`docwright dev\`.`,
  'docwright.openPreviewToSide': `Docwright's preview is not available in the browser yet. ${DESKTOP}, or \`docwright dev\`.`,
};

// The commands of package.json that the web extension does not run, each with what it tells the
// user instead: what needs Node (a process, the disk, threads) says so; what waits on the web
// language server says it is not in the browser yet. test/unit/web-client.test.ts checks that with
// the web client's own commands they cover every command package.json declares.

const DESKTOP = 'Use VS Code on the desktop, or run';

export const UNAVAILABLE_ON_WEB: Readonly<Record<string, string>> = {
  'docwright.exportSite': `Docwright cannot export a site in the browser: the export writes a folder on disk with Node. ${DESKTOP} "npx docwright export" in a terminal.`,
  'docwright.createRulesFile': `Docwright cannot write the editor rules file in the browser yet: the desktop language server makes it. ${DESKTOP} "npx docwright rules" in a terminal.`,
  'docwright.migrateConfig': `Docwright cannot migrate docs.json in the browser yet: the desktop language server does the migration. ${DESKTOP} "npx docwright migrate" in a terminal.`,
};

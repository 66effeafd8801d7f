// The in-editor test module (the @vscode/test-electron contract): VS Code loads this file in the
// extension host and calls `run()`; resolving = all tests passed, rejecting = failures.
// scripts/build.mjs bundles it to out/e2e/index.js (mocha stays external); scripts/vscode-test/run.mjs
// starts a real VS Code (server + workbench) that runs it.
//
// Environment (all optional):
//   DOCWRIGHT_E2E_GREP  only run tests whose full title matches this pattern (mocha --grep)
import { runMocha } from './mocha-run';

export async function run(): Promise<void> {
  await runMocha(async () => {
    await import('./docsJson.e2e.js');
    await import('./pages.e2e.js');
    await import('./preview.e2e.js');
    await import('./switcher.e2e.js');
    await import('./screenshots.e2e.js');
    await import('./firstRun.e2e.js');
    await import('./migrate.e2e.js');
    await import('./moves.e2e.js');
    await import('./links.e2e.js');
    await import('./export.e2e.js');
    await import('./editorModel.e2e.js');
    await import('./writing.e2e.js');
    await import('./spelling.e2e.js');
    await import('./format.e2e.js');
    await import('./startup.e2e.js');
  });
}

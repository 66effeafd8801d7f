// The in-editor test module (the @vscode/test-electron contract): VS Code loads this file in the
// extension host and calls `run()`; resolving = all tests passed, rejecting = failures.
// scripts/build.mjs bundles it to out/e2e/index.js (mocha stays external); scripts/vscode-test/run.mjs
// starts a real VS Code (server + workbench) that runs it.
//
// Environment (all optional):
//   DOCWRIGHT_E2E_GREP  only run tests whose full title matches this pattern (mocha --grep)
import { format } from 'node:util';
import Mocha from 'mocha';

/** run.mjs shows the output between these lines and parses the stats JSON after RESULT_MARKER. */
export const START_MARKER = '[docwright-e2e] start';
export const RESULT_MARKER = '[docwright-e2e] result ';

/**
 * Mocha's reporters print through Base.consoleLog with printf-style arguments, which VS Code's
 * extension-host console forwarding does not format: format each line here. The failure list
 * (after "N failing") goes to console.error so that it is reported as errors.
 */
function installConsoleLog(): void {
  let inFailures = false;
  Mocha.reporters.Base.consoleLog = (...args: unknown[]): void => {
    const line = format(...args);
    if (/^\s*\d+ failing\b/.test(line)) inFailures = true;
    if (inFailures) console.error(line);
    else console.log(line);
  };
}

export async function run(): Promise<void> {
  const grep = process.env.DOCWRIGHT_E2E_GREP;
  installConsoleLog();
  console.log(START_MARKER + (grep ? ` (grep: ${grep})` : ''));
  const mocha = new Mocha({
    ui: 'tdd',
    timeout: 60_000,
    color: false,
    reporter: 'spec',
    ...(grep ? { grep } : {}),
  });

  // Suites are imported (not added as files) so that the module can be bundled. Emitting
  // pre-require first installs the tdd globals (suite/test/setup/...) they register with.
  mocha.suite.emit('pre-require', globalThis, 'docwright-e2e', mocha);
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
  mocha.suite.emit('post-require', globalThis, 'docwright-e2e', mocha);

  await new Promise<void>((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        const s = runner.stats ?? { tests: 0, passes: 0, failures, pending: 0 };
        console.log(RESULT_MARKER + JSON.stringify({ tests: s.tests, passes: s.passes, failures: s.failures, pending: s.pending }));
        if (failures > 0) reject(new Error(`${failures} e2e test(s) failed.`));
        else resolve();
      });
    } catch (err) {
      console.error(err);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

// Runs in-editor suites with mocha, for a test module's run() (test/e2e/index.ts, test/e2e/web/index.ts):
// scripts/vscode-test/run.mjs shows the output between START_MARKER and the stats line after RESULT_MARKER.
import { format } from 'node:util';
import Mocha from 'mocha';

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

/** Runs the suites `load` imports; resolves when all passed (DOCWRIGHT_E2E_GREP: only matching titles). */
export async function runMocha(load: () => Promise<void>): Promise<void> {
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
  await load();
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

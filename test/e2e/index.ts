// The in-editor test module (the @vscode/test-electron contract): VS Code loads this file in the
// extension host and calls `run()`; resolving = all tests passed, rejecting = failures.
// scripts/build.mjs bundles it to out/e2e/index.js (mocha stays external); scripts/vscode-test/run.mjs
// starts a real VS Code (server + workbench) that runs it.
//
// Environment (all optional):
//   DOCWRIGHT_E2E_GREP  only run tests whose full title matches this pattern (mocha --grep)
import Mocha from 'mocha';

/** run.mjs parses this line (followed by JSON stats) to print its summary. */
export const RESULT_MARKER = '[docwright-e2e] result ';

export async function run(): Promise<void> {
  const grep = process.env.DOCWRIGHT_E2E_GREP;
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
  await import('./harness.e2e.js');
  await import('./docsJson.e2e.js');
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

// The web suite's test module (`node scripts/vscode-test/run.mjs --web`): Docwright runs in the
// workbench's web worker extension host (package.json `browser`), and this module in the Node
// extension host beside it, so it sees Docwright only as the editor does: diagnostics, the
// workbench's views (through run.mjs's UI bridge) and commands.
import { runMocha } from '../mocha-run';

export async function run(): Promise<void> {
  await runMocha(async () => {
    await import('./web.e2e.js');
    await import('./preview.e2e.js');
  });
}

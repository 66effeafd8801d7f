// Long run of the editor model test (test/lsp/model.ts): random seeded sequences of file and editor
// events through the real server (dist/server.js: build first), each compared with a fresh check.
// Prints every failing sequence (seed, events, difference) and goes on; exit 1 if any failed.
// Usage: npx tsx scripts/fuzz-editor.ts [--sequences N] [--events N] [--seed S] [--site starter|generated|classic]
//   --sequences N  sequences per site (default 2000)
//   --events N     events per sequence (default 20)
//   --seed S       first seed (default: random); sequence i uses S + i
//   --site NAME    only this site (starter, generated, or classic: the example in the classic format)
import { describeFailure, ModelRun, type SiteName } from '../test/lsp/model';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const sequences = Number(arg('--sequences') ?? 2000);
  const events = Number(arg('--events') ?? 20);
  const first = Number(arg('--seed') ?? (Math.random() * 2 ** 30) | 0);
  const only = arg('--site');
  let failures = 0;
  for (const site of (only ? [only] : ['starter', 'generated', 'classic']) as SiteName[]) {
    const run = new ModelRun(site);
    await run.start();
    const started = Date.now();
    try {
      for (let i = 0; i < sequences; i++) {
        const result = await run.sequence(first + i, events);
        if (result.missing.length || result.extra.length) {
          failures++;
          console.log(describeFailure(site, result) + '\n');
        }
        if ((i + 1) % 100 === 0) console.log(`${site}: ${i + 1} sequences, ${failures} failure(s), ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
      for (const e of run.ruleErrors) console.log(`rule failure on the ${site} site: ${e}`);
      failures += run.ruleErrors.length;
    } finally {
      await run.stop();
    }
  }
  console.log(`seeds ${first}..${first + sequences - 1}: ${failures} failure(s)`);
  process.exitCode = failures ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});

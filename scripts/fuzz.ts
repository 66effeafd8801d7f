// Long fuzzing: the properties of test/unit/fuzz.test.ts with random seeds, round after round,
// until the time is up; prints every failure (seed, path, counterexample, stack) and the slowest
// inputs. Usage: npx tsx scripts/fuzz.ts [--runs N] [--seconds S] [--only <substring>]
//   --runs N      runs per property per round (default 500)
//   --seconds S   stop starting new rounds after S seconds (default 300)
//   --only TEXT   run only the properties whose name contains TEXT
//   DOCWRIGHT_FUZZ_IGNORE=<regex> skips failures whose message matches (known bugs).
// With /usr/bin/chromium, the browser properties of test/browser/playground-fuzz.test.ts run too.
// Failing inputs and the slowest inputs are written to $TMPDIR/docwright-fuzz/. A case that took a
// second or more, measured twice (test/unit/fuzz.test.ts `timed`), counts as a failure in the
// summary (exit 1); how many first measures reached a second is printed beside it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { FuzzProperty } from '../test/unit/fuzz.test';
import { CHROMIUM } from '../test/browser/browser';

process.env.DOCWRIGHT_FUZZ_SCRIPT = '1';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const runs = Number(arg('--runs') ?? 500);
  const seconds = Number(arg('--seconds') ?? 300);
  const only = arg('--only');
  const { PROPERTIES, runProperty, slowest, exercisePage, warmUp, counts } = await import('../test/unit/fuzz.test');
  const out = path.join(tmpdir(), 'docwright-fuzz');
  mkdirSync(out, { recursive: true });

  // Warm-up, so the first timed case is not cold.
  await exercisePage('---\ntitle: Warm\n---\n\n## Up\n', [1, 2], 'warm-up');
  await warmUp();
  slowest.length = 0;
  counts.cases = 0;
  counts.overLimit = 0;
  counts.firstOver = 0;
  const started = Date.now();

  let browserProperties: FuzzProperty[] = [];
  let closeBrowser = async (): Promise<void> => undefined;
  let browserCases = () => 0;
  if (existsSync(CHROMIUM)) {
    // Loaded only when Chromium is there; the browser starts with the first case.
    const browser = await import('../test/browser/playground-fuzz.test');
    browserProperties = browser.BROWSER_PROPERTIES;
    closeBrowser = browser.closeBrowserFuzz;
    browserCases = () => browser.browserCounts.cases;
  } else console.log(`${CHROMIUM} is missing: the browser properties do not run.`);
  const properties = [...PROPERTIES, ...browserProperties].filter((p) => !only || p.name.includes(only));
  const deadline = Date.now() + seconds * 1000;
  let failures = 0;
  let round = 0;
  while (Date.now() < deadline) {
    round++;
    for (const p of properties) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const seed = (Math.random() * 2 ** 31) | 0;
      const started = Date.now();
      try {
        await runProperty(p, {
          numRuns: Math.max(1, Math.round(runs * p.runsFactor)),
          seed,
          includeErrorInReport: true,
          interruptAfterTimeLimit: left,
          markInterruptAsFailure: false,
        });
        console.log(`round ${round} ok   ${p.name} (seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (e) {
        // The time ran out before the property's first case ended (a browser case takes seconds): no verdict.
        if (/^Property interrupted after 0 tests/.test(String((e as Error).message ?? e))) {
          console.log(`round ${round} cut  ${p.name} (time up during its first case)`);
          continue;
        }
        failures++;
        const file = path.join(out, `failure-${failures}.txt`);
        writeFileSync(file, String((e as Error).message ?? e));
        const message = String((e as Error).message ?? e);
        console.log(
          `round ${round} FAIL ${p.name} (seed ${seed})\n${message.length > 4000 ? message.slice(0, 4000) + `\n… full report in ${file}` : message}\n`,
        );
      }
    }
  }

  await closeBrowser();
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(
    `\n${counts.cases + browserCases()} cases in ${round} round(s), ${minutes} min: ${failures} failure(s), ${counts.overLimit} timing(s) of a second or more (${counts.firstOver} first measure(s) of a second or more, each measured again). Slowest inputs:`,
  );
  slowest.forEach((s, i) => {
    const file = path.join(out, `slow-${i + 1}.txt`);
    writeFileSync(file, s.input);
    const preview = JSON.stringify(s.input.length > 200 ? s.input.slice(0, 200) + '…' : s.input);
    console.log(`${s.ms.toFixed(1).padStart(8)} ms  ${s.label.padEnd(12)} ${String(s.input.length).padStart(7)} chars  ${file}\n           ${preview}`);
  });
  process.exitCode = failures || counts.overLimit ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});

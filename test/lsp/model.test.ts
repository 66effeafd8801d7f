// The editor's view of a site stays true: random seeded sequences of file and editor events through
// the real server, each ending with the published diagnostics equal to a fresh check (test/lsp/model.ts).
// DOCWRIGHT_MODEL_SEQUENCES=<n> sets the number of sequences per site (scripts/fuzz-editor.ts runs more).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeFailure, ModelRun, type SiteName } from './model';

/** Seeds that once failed, run first on a fresh server. */
const REGRESSIONS: { site: SiteName; seed: number }[] = [
  // A self-import of a moved page while a link named its anchor: imports were not part of what re-checks other pages.
  { site: 'starter', seed: 1002 },
  // A page written on disk while a site check and its page check built the index at once: the site check got the old page.
  { site: 'generated', seed: 20123 },
  // docs.json deleted while a site load had listed it: the load kept an "empty docs.json" site for a folder that was no site any more.
  { site: 'starter', seed: 40117 },
  { site: 'generated', seed: 40125 },
  // A snippet changed on disk and parsed by a page check before the watcher's event: the event must still re-check what renders it.
  { site: 'generated', seed: 1249 },
];

const SEQUENCES = Number(process.env.DOCWRIGHT_MODEL_SEQUENCES ?? 500);
const EVENTS = 20;

for (const site of ['starter', 'generated'] as const) {
  describe(`the editor's view of the ${site} site`, () => {
    const run = new ModelRun(site);
    before(() => run.start());
    after(() => run.stop());

    it(`equals a fresh check after each of ${SEQUENCES} random sequences of ${EVENTS} events`, async () => {
      const seeds = [...REGRESSIONS.filter((r) => r.site === site).map((r) => r.seed), ...Array.from({ length: SEQUENCES }, (_, i) => 1000 + i)];
      for (const seed of seeds) {
        const result = await run.sequence(seed, EVENTS);
        if (result.missing.length || result.extra.length) assert.fail(describeFailure(site, result));
      }
      assert.deepEqual(run.ruleErrors, []);
    });
  });
}

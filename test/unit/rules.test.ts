// Every rule's documented examples are tests: the bad one reports that rule and no other; the good
// one reports nothing; and "fix, re-check" removes what a fix was offered for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_RULES } from '../../server/src/rules/index';
import { MemoryWorkspace } from '../../server/src/workspace';
import { applyFix, check, ROOT, summarize } from '../helpers';

describe('rule examples', () => {
  for (const rule of ALL_RULES) {
    // A rule that runs the site's own rules (vale) reports under their names.
    const mine = (f: { ruleId: string }) => f.ruleId === rule.id || rule.ownsId?.(f.ruleId) === true;
    describe(rule.id, () => {
      it('reports on its bad example, and only this rule', async () => {
        const findings = await check(rule.docs.bad);
        assert.ok(findings.some(mine), `expected ${rule.id}, got ${JSON.stringify(summarize(findings))}`);
        assert.deepEqual(
          findings.filter((f) => !mine(f)).map((f) => f.ruleId),
          [],
        );
      });

      it('is silent on its good example', async () => {
        assert.deepEqual(summarize(await check(rule.docs.good)), []);
      });

      it('has metadata and docs', () => {
        assert.match(rule.id, /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
        assert.ok(rule.description.length > 10);
        assert.ok(rule.docs.rationale.length > 40);
      });

      if (rule.fixable) {
        it('offers a fix, and applying the preferred fix removes the finding', async () => {
          const ws = new MemoryWorkspace(rule.docs.bad, ROOT);
          const before = (await check(ws)).filter(mine);
          const withFix = before.filter((f) => f.fixes?.length);
          assert.ok(withFix.length > 0, 'no fix offered on the bad example');
          const fix = withFix[0].fixes!.find((x) => x.isPreferred) ?? withFix[0].fixes![0];
          applyFix(ws, fix);
          const after = await check(ws);
          assert.equal(after.filter(mine).length, before.length - 1, fix.title);
          assert.deepEqual(
            after.filter((f) => !mine(f)).map((f) => f.ruleId),
            [],
          );
        });
      }
    });
  }

  it('rule ids are unique', () => {
    const ids = ALL_RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
  });
});

// A check session's record of what the host shows (server/src/features/session-findings.ts): a file's
// diagnostics are its site's findings about it and its own, sent when it has some or had some; the
// check status counts sites until their findings are out, says a change once, and always says the end.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CheckStatus, Diagnostics, type CheckStatusParams } from '../../server/src/features/session-findings';

import type { Finding } from '../../server/src/types';

const finding = (path: string, ruleId: string): Finding => ({
  ruleId,
  severity: 'warning',
  message: ruleId,
  path,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
});

describe('Diagnostics', () => {
  it("sends a file's site findings and own findings, nothing for a file that never had any, and clears a file once", () => {
    const sent: [string, string[]][] = [];
    const d = new Diagnostics((p, list) => sent.push([p, list.map((f) => f.ruleId)]));
    d.setSite('/s', [finding('/s/docs.json', 'config-schema'), finding('/s/a.mdx', 'orphan-page')]);
    d.setFile('/s/a.mdx', [finding('/s/a.mdx', 'link-broken')]);
    for (const p of ['/s/docs.json', '/s/a.mdx', '/s/b.mdx']) d.publish(p, '/s');
    assert.deepEqual(sent, [
      ['/s/docs.json', ['config-schema']],
      ['/s/a.mdx', ['orphan-page', 'link-broken']],
    ]);
    assert.deepEqual([...d.shownIn('/s')].sort(), ['/s/a.mdx', '/s/docs.json']);
    d.setSite('/s', []);
    d.deleteFile('/s/a.mdx');
    d.publish('/s/a.mdx', '/s');
    d.publish('/s/a.mdx', '/s');
    assert.deepEqual(sent.slice(2), [['/s/a.mdx', []]], 'cleared once');
    assert.deepEqual([...d.shownIn('/s')], ['/s/docs.json']);
    assert.deepEqual(d.of('/s/docs.json', undefined), [], 'outside a site: its own findings only');
  });
});

describe('CheckStatus', () => {
  it('counts sites until their findings are out, says each change once and always says the end', () => {
    const said: CheckStatusParams[] = [];
    const status = new CheckStatus((p) => said.push(p));
    status.expect('/a', false);
    status.expect('/b', false);
    status.send();
    status.send();
    status.counted('/a', 5, 10, false);
    status.sitePublished('/a');
    status.counted('/a', 10, 10, false);
    status.sitePublished('/b');
    status.send();
    assert.deepEqual(said, [
      { checking: 2, done: 0, total: 0 },
      { checking: 2, done: 5, total: 10 },
      { checking: 1, done: 0, total: 0 },
      { checking: 0, done: 0, total: 0 },
      { checking: 0, done: 0, total: 0 },
    ]);
  });

  it('a site published before it was counted, or whose first check ended, is not counted and ends nothing', () => {
    const said: CheckStatusParams[] = [];
    const status = new CheckStatus((p) => said.push(p));
    status.sitePublished('/early');
    status.expect('/early', false);
    status.expect('/done', true);
    status.expect('/c', false);
    status.counted('/done', 1, 2, true);
    status.send();
    assert.deepEqual(said, [{ checking: 1, done: 0, total: 0 }]);
  });
});

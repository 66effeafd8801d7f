// The benchmark's Vale style (bench/vale-style.ts) is read whole: no rule file, pattern or
// vocabulary entry refused, and each of its 30 rules reports on a page written to trip it, so
// `npm run bench -- --prose-only` measures 30 running rules.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BENCH_RULES, valeStyleFiles } from '../../bench/vale-style';
import { pageSite } from '../../server/src/rules/page-utils';
import { valeHits } from '../vale-helpers';

const TRIPS = [
  '## Create Active Tokens',
  '',
  '## Rotate the the key:',
  '',
  '## Rotate every signing key of every project in every region at once',
  '',
  '# create a token',
  '',
  'This is arguably fine, and you simply call it in order to start. Github hosts it, e.g. on a whitelist.',
  'Do not worry: we think I know what it will do. The token is created once. It works! Wait...',
  'The 3rd request took 200ms -- then it ended. Send tokens, keys and secrets. The XYZQ service recieve it.',
  'A request canceled here is cancelled there.',
  'Each request of the project sends the token and the key and the secret to the endpoint of the region that the team chose for the workspace when the member who owns it first set it up for the release.',
  '',
  '- lower case item',
  '',
  '| Field Name | Value Type |',
  '| --- | --- |',
  '| one | two |',
  '',
].join('\n');

/** Long words in long paragraphs: a grade over 12 and more than 90 words a paragraph. */
const DENSE =
  Array.from(
    { length: 12 },
    () => 'Administrators configure organizational authentication infrastructure, synchronizing distributed authorization configurations immediately',
  ).join(' ') + '.\n';

describe('the bench Vale style', () => {
  it('has 30 rules, all read, each reporting on its trip page', async () => {
    assert.equal(Object.keys(BENCH_RULES).length, 30);
    const files = pageSite(TRIPS, {
      pages: ['dense'],
      extra: { ...valeStyleFiles(), 'dense.mdx': `---\ntitle: "Dense"\ndescription: "A dense page."\n---\n\n${DENSE}` },
    });
    const hits = await valeHits(files);
    assert.deepEqual(
      hits.filter((h) => h.rule.startsWith('vale')).map((h) => `${h.rule}: ${h.message}`),
      [],
    );
    const fired = new Set(hits.map((h) => h.rule));
    assert.deepEqual(
      Object.keys(BENCH_RULES).filter((name) => !fired.has(`Bench.${name}`)),
      [],
    );
  });
});

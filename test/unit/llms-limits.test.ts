// llms.txt's limits and links are kept once, in server/src/site/llms-txt.ts: `check` (the llms-txt
// rule) and `score` (its llms-txt-* criteria) give every file the same verdict, and no other product
// source writes the limits again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { scoreExport } from '../../server/src/export/score';
import { pageSite } from '../../server/src/rules/page-utils';
import { LLMS_TXT_MAX_CHARS, LLMS_TXT_PASS_CHARS } from '../../server/src/site/llms-txt';
import { check } from '../helpers';

const REPO = path.resolve(__dirname, '../..');
const HOME = 'server/src/site/llms-txt.ts';
const fmt = (n: number) => n.toLocaleString('en-US');

const HEAD = '# Acme\n\n> Acme keeps notes.\n\n## Guides\n\n- [Example](example.md): The example page.\n- [Quickstart](quickstart.md): Start here.\n\n';

/** A valid llms.txt of exactly `chars` characters: the head, then lines of notes made of `word`. */
function sized(chars: number, word = 'notes '): string {
  const line = `${word.repeat(Math.ceil(99 / word.length)).slice(0, 99)}\n`;
  const text = HEAD + line.repeat(Math.ceil((chars - HEAD.length) / line.length) + 1);
  return text.slice(0, chars);
}

/** What `check` says of an llms.txt: the llms-txt rule's findings on a site with pages example and quickstart. */
async function checked(llms: string): Promise<string[]> {
  const files = pageSite('## Overview\n\nText.\n', { pages: ['quickstart'], extra: { 'llms.txt': llms } });
  return (await check(files)).filter((f) => f.ruleId === 'llms-txt').map((f) => f.message);
}

/** The status of each llms-txt-* criterion of `score` on an export holding this llms.txt and the two pages. */
async function scored(llms: string): Promise<Record<string, string>> {
  const files = new Map<string, string>([
    ['llms.txt', llms],
    ['robots.txt', 'User-agent: *\nAllow: /\n'],
    ['index.html', '<p>Home</p>'],
    ['example.html', '<p>Example</p>'],
    ['example.md', '# Example\n'],
    ['quickstart.html', '<p>Quickstart</p>'],
    ['quickstart.md', '# Quickstart\n'],
  ]);
  const report = await scoreExport({ files: new Set(files.keys()), read: async (p) => files.get(p) });
  return Object.fromEntries(report.filter((c) => c.id.startsWith('llms-txt-')).map((c) => [c.id, c.status]));
}

/** The size verdict a check's findings amount to: no size finding passes; one over the larger limit fails. */
function checkSizeVerdict(messages: string[]): string {
  const size = messages.filter((m) => /^llms\.txt is [\d,]+ characters/.test(m));
  assert.ok(size.length <= 1, size.join('\n'));
  if (size.length === 0) return 'pass';
  if (size[0].includes(`over ${fmt(LLMS_TXT_MAX_CHARS)}`)) return 'fail';
  assert.ok(size[0].includes(`over ${fmt(LLMS_TXT_PASS_CHARS)}`), size[0]);
  return 'warn';
}

describe('check and score agree on an llms.txt', () => {
  const cases: { chars: number; verdict: string; word?: string; note?: string }[] = [
    { chars: 2_000, verdict: 'pass' },
    { chars: 50_000, verdict: 'pass', note: 'the last size that passes' },
    { chars: 50_001, verdict: 'warn' },
    { chars: 60_000, verdict: 'warn' },
    { chars: 90_000, verdict: 'warn', word: '日本語の説明 ', note: 'Japanese, about 250 KB: characters count, not bytes' },
    { chars: 100_000, verdict: 'warn', note: "the format's cap itself" },
    { chars: 100_001, verdict: 'fail' },
    { chars: 128_699, verdict: 'fail' },
    { chars: 600 * 1024, verdict: 'fail', note: '600 KB' },
  ];
  for (const { chars, verdict, word, note } of cases) {
    it(`${fmt(chars)} characters${note ? ` (${note})` : ''}: ${verdict} in both`, async () => {
      const text = sized(chars, word);
      assert.equal(text.length, chars);
      const messages = await checked(text);
      assert.equal(checkSizeVerdict(messages), verdict, messages.join('\n'));
      assert.equal(messages.length, verdict === 'pass' ? 0 : 1, messages.join('\n'));
      const score = await scored(text);
      assert.equal(score['llms-txt-size'], verdict);
      assert.equal(score['llms-txt-valid'], 'pass');
      assert.equal(score['llms-txt-links-resolve'], 'pass');
    });
  }

  it('a file without its # Name, and a link to no page: both report them', async () => {
    const noName = 'Acme docs\n\n- [Example](example.md)\n';
    assert.deepEqual(await checked(noName), ['llms.txt must start with the site name as a level-1 heading ("# Name").']);
    assert.equal((await scored(noName))['llms-txt-valid'], 'fail');
    const gone = `${HEAD}See the [setup](setup.md) page, and \`[not a link](nowhere.md)\` in code.\n`;
    assert.deepEqual(await checked(gone), ['The link "setup.md" leads to no page or file of the site.']);
    const score = await scored(gone);
    assert.deepEqual([score['llms-txt-valid'], score['llms-txt-links-resolve']], ['pass', 'fail']);
  });
});

/** Numeric forms of the limits in code, and their `n,nnn` form in strings. */
const LIMITS = new Set([LLMS_TXT_PASS_CHARS, LLMS_TXT_MAX_CHARS]);
const NUMBER = /\b\d[\d_]*(?:\.\d+)?(?:e\d+)?\b/gi;

/** Lines of a source that write an llms.txt limit again: a limit's value (or a size in KB) within three lines of "llms". */
function limitCopies(source: string): number[] {
  // Comments may name the limits; code may not. Strings stay (a message must not spell a limit out).
  const code = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const lines = source.split('\n');
  const nearLlms = (i: number) => lines.slice(Math.max(0, i - 3), i + 4).some((l) => /llms/i.test(l));
  const found: number[] = [];
  code.split('\n').forEach((line, i) => {
    const values = [...line.matchAll(NUMBER)].map((m) => Number(m[0].replace(/_/g, '')));
    const spelled = [...line.matchAll(/\b\d{1,3}(?:,\d{3})+\b/g)].map((m) => Number(m[0].replace(/,/g, '')));
    const kb = /\b\d+\s*\*\s*1024\b/.test(line);
    if ((kb || [...values, ...spelled].some((v) => LIMITS.has(v))) && nearLlms(i)) found.push(i + 1);
  });
  return found;
}

describe('the llms.txt limits are written once', () => {
  it('finds a copy in each form it was written in, and not an unrelated 100,000', () => {
    assert.deepEqual(limitCopies('/** llms.txt cap. */\nexport const LLMS_CAP = 100_000;\n'), [2]);
    assert.deepEqual(limitCopies('// llms.txt\nexport const LLMS_TXT_MAX_BYTES = 500 * 1024;\n'), [2]);
    assert.deepEqual(limitCopies("const llms = text;\nif (llms.length > 50000) warn('too long');\n"), [2]);
    assert.deepEqual(limitCopies('report(`llms.txt is over 100,000 characters`);\n'), [1]);
    assert.deepEqual(limitCopies('/** A file of 100,000 characters is the llms.txt cap. */\nconst x = 1;\n'), []);
    assert.deepEqual(limitCopies('const MAX_CODE_NODES = 100_000;\n'), []);
  });

  it('no product source but site/llms-txt.ts writes them', () => {
    const offenders: string[] = [];
    for (const root of ['server/src', 'client/src']) {
      for (const f of readdirSync(path.join(REPO, root), { recursive: true, encoding: 'utf8' })) {
        const rel = path.posix.join(root, f.split(path.sep).join('/'));
        if (!rel.endsWith('.ts') || rel === HOME) continue;
        for (const line of limitCopies(readFileSync(path.join(REPO, rel), 'utf8'))) offenders.push(`${rel}:${line}`);
      }
    }
    assert.deepEqual(offenders, []);
    assert.deepEqual(limitCopies(readFileSync(path.join(REPO, HOME), 'utf8')).length, 2, 'the one home holds both limits');
  });
});

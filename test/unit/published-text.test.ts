// The published-text check's core (scripts/published-text.mjs) on small made-up texts: the in-order
// word match (an LCS, checked against plain dynamic programming), excerpts, the folded `norm` and
// `content` shares, the classes of differing runs, quantiles and the meta.json reader.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { classTotals, compareTexts, lcsPairs, quantile, readPublished, tokenize } from '../../scripts/published-text.mjs';

/** LCS length by the textbook table, to check Hunt–Szymanski against. */
function lcsLength(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++) row.push(x === b[j] ? prev[j] + 1 : Math.max(prev[j + 1], row[j]));
    prev = row;
  }
  return prev[b.length];
}

const classesOf = (r: ReturnType<typeof compareTexts>, side: 'missing' | 'extra') =>
  r.runs.filter((x) => x.side === side).map((x) => `${x.cls}: ${x.words.join(' ')}`);

describe('published-text: word match', () => {
  it('finds a longest common subsequence of words, in order, as plain dynamic programming does', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'd', 'the', 'of');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), fc.array(word, { maxLength: 60 }), (a, b) => {
        const pairs = lcsPairs(a, b);
        assert.equal(pairs.length, lcsLength(a, b));
        for (let k = 0; k < pairs.length; k++) {
          const [i, j] = pairs[k];
          assert.equal(a[i], b[j]);
          if (k > 0) assert.ok(i > pairs[k - 1][0] && j > pairs[k - 1][1]);
        }
      }),
      { seed: 47, numRuns: 300 },
    );
  });

  it('counts only the published words: an excerpt of a longer page matches in full', () => {
    const page = 'Intro words first. The bootloader validates all transactions and builds blocks. Closing words last.';
    const r = compareTexts('The bootloader validates all transactions and builds blocks.', page);
    assert.equal(r.words, 8);
    assert.equal(r.match, 1);
    assert.deepEqual(r.runs, []);
  });

  it('scores words out of order or absent as missing', () => {
    const r = compareTexts('one two three four', 'three four one two');
    assert.equal(r.matched, 2);
    assert.equal(r.match, 0.5);
  });

  it('drops the last word of a cut text, which may be half a word', () => {
    assert.equal(compareTexts('alpha beta gam', 'alpha beta gamma', { truncated: true }).match, 1);
    assert.equal(compareTexts('alpha beta gam', 'alpha beta gamma').match, 2 / 3);
  });

  it('splits words at white space only and ignores zero-width characters', () => {
    assert.deepEqual(tokenize(' a\u200bb  c\n\td\u00ad '), ['ab', 'c', 'd']);
  });
});

describe('published-text: folded shares and classes', () => {
  it('reports typographic quotes and case apart: exact match lower, norm folded', () => {
    const r = compareTexts('Don’t use “smart” Quotes here', 'Don\'t use "smart" quotes here');
    assert.equal(r.match, 2 / 5);
    assert.equal(r.norm, 1);
    assert.equal(r.content, 1);
    assert.deepEqual(classesOf(r, 'missing'), ['typographic quotes: Don’t', 'typographic quotes: “smart”', 'case: Quotes']);
  });

  it('classes dashes and ellipses, which norm does not fold', () => {
    const r = compareTexts('wait… then go – now', 'wait... then go - now');
    assert.equal(r.norm, 3 / 5);
    assert.deepEqual(classesOf(r, 'missing'), ['dashes and ellipses: wait…', 'dashes and ellipses: –']);
  });

  it('takes the published site chrome out before aligning, so its common words match nothing', () => {
    const r = compareTexts('Skip to main content Install it now. Was this page helpful?', 'Welcome to this guide. Install it now.');
    assert.deepEqual(classesOf(r, 'missing'), ['site chrome: Skip to main content', 'site chrome: Was this page helpful?']);
    assert.equal(r.matched, 3);
    assert.equal(r.match, 3 / 11);
    assert.equal(r.content, 1);
  });

  it('classes list and table markers a text extraction adds, and leaves them out of content', () => {
    const r = compareTexts('Steps: 1. Install • Run | Cell |', 'Steps: Install Run Cell');
    assert.deepEqual(classesOf(r, 'missing'), ['list/table markers: 1.', 'list/table markers: •', 'list/table markers: |', 'list/table markers: |']);
    assert.equal(r.content, 1);
  });

  it('classes code-block chrome, heading anchors, field labels and API text in the export', () => {
    const r = compareTexts(
      'Run this: npm install Then read Setup guide Here count is the limit. Send it as JSON.',
      'Run this: bash Copy npm install Then read # Setup guide Here count integer required is the limit. Send Query Parameters it as JSON.',
    );
    assert.deepEqual(classesOf(r, 'extra'), [
      'code-block chrome: bash Copy',
      'heading anchors: #',
      'field labels: integer required',
      'API text: Query Parameters',
    ]);
    assert.equal(r.match, 1);
  });

  it('classes a field name with its labels as field labels', () => {
    const r = compareTexts('The key. Next field.', 'The key. api_key string required Next field.');
    assert.deepEqual(classesOf(r, 'extra'), ['field labels: api_key string required']);
  });

  it('classes words glued or split differently as word spacing', () => {
    const r = compareTexts('set the legacyRUNTIME variable', 'set the legacy RUNTIME variable');
    assert.deepEqual(classesOf(r, 'missing'), ['word spacing: legacyRUNTIME']);
    assert.deepEqual(classesOf(r, 'extra'), ['word spacing: legacy RUNTIME']);
  });

  it('says where missing words are in the export: hidden, in its page chrome, or elsewhere', () => {
    const r = compareTexts(
      'Intro line. Prompt registry id string value. Getting started guide here. Closing remark stays. Ending words.',
      'Ending words. Intro line. Closing remark stays.',
      { hidden: 'Details: Prompt registry id string value.', chrome: 'Navigation Getting started guide here.' },
    );
    assert.deepEqual(classesOf(r, 'missing'), [
      'hidden in export: Prompt registry id string value.',
      'site chrome: Getting started guide here.',
      'moved: Ending words.',
    ]);
  });

  it('classes export code the published text lacks as code text, and the rest as other', () => {
    const r = compareTexts('Call it like this: Then check unrelated result.', 'Call it like this: agentops.init(api_key="KEY") Then check the result.', {
      code: 'agentops.init(api_key="KEY")\nprint(1)',
    });
    assert.deepEqual(classesOf(r, 'extra'), ['code text: agentops.init(api_key="KEY")', 'other: the']);
    assert.deepEqual(classesOf(r, 'missing'), ['other: unrelated']);
  });

  it('totals runs per class and side with distinct examples', () => {
    const r = compareTexts('a • b • c', 'a b c');
    assert.deepEqual(classTotals(r.runs), [{ cls: 'list/table markers', side: 'missing', words: 2, runs: 2, examples: ['"•"'] }]);
  });
});

describe('published-text: statistics and inputs', () => {
  it('takes quantiles by linear interpolation between ranks', () => {
    assert.equal(quantile([0.9, 0.5, 0.7], 0.5), 0.7);
    assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
    assert.ok(Math.abs(quantile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110], 0.1) - 20) < 1e-9);
    assert.ok(Number.isNaN(quantile([], 0.5)));
  });

  it('reads meta.json entries, pages from file names, and reports bad input clearly', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'published-text-'));
    try {
      assert.throws(() => readPublished(dir), /meta\.json: cannot be read/);
      writeFileSync(path.join(dir, 'meta.json'), '{ not json');
      assert.throws(() => readPublished(dir), /meta\.json: not valid JSON/);
      writeFileSync(path.join(dir, 'meta.json'), '[]');
      assert.throws(() => readPublished(dir), /expected an object mapping each \.txt file to its URL/);
      writeFileSync(path.join(dir, 'guide~2.txt'), 'Hello');
      writeFileSync(
        path.join(dir, 'meta.json'),
        JSON.stringify({
          'guide~2.txt': { url: 'https://docs.example.com/guide', truncated: true },
          'gone.txt': 'https://docs.example.com/gone',
          'bad.txt': { href: 'x' },
        }),
      );
      assert.deepEqual(readPublished(dir), [
        { file: 'bad.txt', error: 'meta.json entry must map a .txt file to a URL or { "url": ... }' },
        { file: 'gone.txt', page: 'gone', url: 'https://docs.example.com/gone', error: 'file missing' },
        { file: 'guide~2.txt', page: 'guide', url: 'https://docs.example.com/guide', truncated: true, text: 'Hello' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

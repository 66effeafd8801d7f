// Incremental re-parsing gives exactly the tree a full parse gives, for many random edits.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CLASSIC_SITE, comparablePage, EXAMPLE_SITE, mdxFilesIn } from '../helpers';
import * as path from 'node:path';
import { reparsePage } from '../../server/src/pages/incremental';
import { parsePage } from '../../server/src/pages/parse';

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INSERTS = [
  'x',
  ' ',
  '\n',
  '\n\n',
  '#',
  '## New heading\n\n',
  '`',
  '```',
  '<',
  '<Note>',
  '</Note>',
  '{',
  '}',
  '*',
  '- item\n',
  '| a | b |\n',
  '[link](/x)',
  '>',
  '---\n',
  '\\',
  '~',
];

describe('incremental re-parse', () => {
  // The pages of the bundled example and of the classic example it was (which keeps the hand-written API pages).
  for (const file of [...mdxFilesIn(EXAMPLE_SITE), ...mdxFilesIn(CLASSIC_SITE)]) {
    it(`matches a full parse after random edits of ${path.relative(path.resolve(EXAMPLE_SITE, '../..'), file)}`, () => {
      const random = prng(file.length * 7919);
      let text = readFileSync(file, 'utf8');
      let page = parsePage(file, text);
      for (let i = 0; i < 60; i++) {
        const at = Math.floor(random() * (text.length + 1));
        const kind = random();
        if (kind < 0.5) text = text.slice(0, at) + INSERTS[Math.floor(random() * INSERTS.length)] + text.slice(at);
        else if (kind < 0.8) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
        else text = text.slice(0, at) + String.fromCharCode(97 + Math.floor(random() * 26)) + text.slice(at + 1);
        const incremental = reparsePage(page, text);
        const fresh = parsePage(file, text);
        assert.deepEqual(comparablePage(incremental), comparablePage(fresh), `edit ${i} at ${at}`);
        // Keep going from the incremental result, as the editor does.
        page = incremental;
      }
    });
  }
});

describe('incremental re-parse: cases the fuzzer found', () => {
  const cases: [string, string, number, string][] = [
    // The region would start with a thematic break "---", which opens front matter at the start of a text.
    ['a thematic break before the edited block', '| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\n1. item\n   1. item', -1, 'x'],
    // A fence opened in the last block takes in the final line break.
    ['a fence opened in the last block', '# Title\n\nFirst paragraph.\n\n**Rate limit:** 120 requests.\n', 23, '```'],
    // The parser skips a byte order mark without counting it.
    ['a page with a byte order mark', '\uFEFF\n\nword word word\n', 2, 'x'],
  ];
  for (const [name, text, at0, insert] of cases) {
    it(name, () => {
      const at = at0 < 0 ? text.length : at0;
      const next = text.slice(0, at) + insert + text.slice(at);
      assert.deepEqual(comparablePage(reparsePage(parsePage('/site/x.mdx', text), next)), comparablePage(parsePage('/site/x.mdx', next)));
    });
  }
});

describe('parse: byte order mark', () => {
  it('positions count the mark, as the editor does', () => {
    const text = '\uFEFF---\ntitle: A\n---\n\n# Hi\n\ntext {x\n';
    const page = parsePage('/site/x.mdx', text);
    const heading = page.tree.children.find((c) => c.type === 'heading')!;
    assert.equal(text.slice(heading.position!.start.offset, heading.position!.end.offset), '# Hi');
    assert.equal(page.tree.children[0].position!.start.column, 2);
    assert.deepEqual(page.frontmatter.data, { title: 'A' });
    assert.equal(
      text.slice(page.index.offsetAt(page.frontmatter.keys.get('title')!.key.start), page.index.offsetAt(page.frontmatter.keys.get('title')!.key.end)),
      'title',
    );
    assert.deepEqual(page.syntaxError?.range.start, { line: 6, character: 5 });
  });
  it('import offsets of ESM count the mark', () => {
    const text = '\uFEFFimport A from "/snippets/a.mdx";\n\n<A />\n';
    const page = parsePage('/site/x.mdx', text);
    const esm = page.tree.children[0] as { data?: { estree?: { body: { source: { range: [number, number] } }[] } } };
    const [s, e] = esm.data!.estree!.body[0].source.range;
    assert.equal(text.slice(s, e), '"/snippets/a.mdx"');
  });
});

describe('parse: syntax errors at a line break', () => {
  for (const page of ["import X from '/snippets/x.mdx'\n\\\n\n", "Text <Note title='x>\n\nthe\n\n</Note>\n", "-<Note title='x>\n\nthe\n"]) {
    it(`CRLF gives the range LF gives: ${JSON.stringify(page.slice(0, 30))}`, () => {
      const lf = parsePage('/site/x.mdx', page).syntaxError;
      const crlf = parsePage('/site/x.mdx', page.replace(/\n/g, '\r\n')).syntaxError;
      assert.ok(lf);
      assert.deepEqual(crlf, lf);
    });
  }
});

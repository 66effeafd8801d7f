// The page-file pattern (`.md`/`.mdx`, any case) is written once, in server/src/util/page-files.ts:
// its predicates behave as the pattern did, and no other product source writes the pattern again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { isMarkdownFile, markdownExtOf, withoutMarkdownExt } from '../../server/src/util/page-files';
import { isPageFile } from '../../server/src/site/site';

const REPO = path.resolve(__dirname, '../..');
const HOME = 'server/src/util/page-files.ts';
/** The pattern as a regex literal, in the spellings it was written in: `/\.mdx?$/i`, `/\.(mdx|md)$/i`, `/\.(md|mdx)$/`. */
const LITERAL = /\/\\\.(?:mdx\?|\(mdx\|md\)|\(md\|mdx\))\$\/[a-z]*/;

describe('page files', () => {
  it('isMarkdownFile: .md and .mdx in any case, nothing else', () => {
    for (const p of ['a.md', 'a.mdx', 'guides/A.MD', 'x/y.Mdx', 'file:///site/page.mdx', '.md']) assert.equal(isMarkdownFile(p), true, p);
    for (const p of ['a.markdown', 'a.md.txt', 'a.mdxx', 'amd', 'a.jsx', 'docs.json', 'a.md/', '']) assert.equal(isMarkdownFile(p), false, p);
  });

  it('withoutMarkdownExt and markdownExtOf cut and give the extension as written', () => {
    assert.equal(withoutMarkdownExt('guides/setup.MDX'), 'guides/setup');
    assert.equal(withoutMarkdownExt('guides/setup.md'), 'guides/setup');
    assert.equal(withoutMarkdownExt('notes.md.txt'), 'notes.md.txt');
    assert.equal(withoutMarkdownExt('a.md.mdx'), 'a.md');
    assert.equal(markdownExtOf('/guides/setup.Mdx'), '.Mdx');
    assert.equal(markdownExtOf('guides/setup'), '');
  });

  it('isPageFile is the Markdown test plus which files are pages', () => {
    assert.equal(isPageFile('guides/Setup.MDX'), true);
    assert.equal(isPageFile('guides/setup.markdown'), false);
    assert.equal(isPageFile('snippets/note.mdx'), false);
    assert.equal(isPageFile('README.md'), false);
  });

  it('no product source writes the pattern outside util/page-files.ts', () => {
    const offenders: string[] = [];
    for (const root of ['server/src', 'client/src']) {
      for (const f of readdirSync(path.join(REPO, root), { recursive: true, encoding: 'utf8' })) {
        const rel = path.posix.join(root, f.split(path.sep).join('/'));
        if (!/\.ts$/.test(rel) || rel === HOME) continue;
        readFileSync(path.join(REPO, rel), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (LITERAL.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    assert.deepEqual(offenders, []);
    assert.match(readFileSync(path.join(REPO, HOME), 'utf8'), LITERAL, 'the one home still holds it');
  });
});

// A fix never gives an element an attribute twice: renaming a misspelt `tittle` beside a `title`
// would make the later one win and change what the card shows. The rule then offers removing the
// misspelt attribute (never applied unseen), and fix all / --fix leave out any fix that repeats one.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { applySafeFixes } from '../../server/src/features/fix-all';
import { parsePage } from '../../server/src/pages/parse';
import { renderPage } from '../../server/src/render/page';
import type { Finding } from '../../server/src/types';
import { check, writeSiteToDisk } from '../helpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const CONFIG = JSON.stringify({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0D6E4F' },
  favicon: '/favicon.svg',
  navigation: { groups: [{ group: 'All', pages: ['cards'] }] },
});
const page = (cards: string) => `---\ntitle: "Cards"\ndescription: "Cards whose attributes are misspelt."\n---\n\n${cards}\n`;

/** The text a reader sees of a page's cards. */
function cardText(text: string): string {
  const html = renderPage({
    page: parsePage('/site/cards.mdx', text),
    rel: 'cards.mdx',
    pages: new Map(),
    files: new Set(),
    target: { pageHref: () => '#', assetUrl: (r) => r },
  }).html;
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('fixes of misspelt attributes', () => {
  it('renames a misspelt attribute when the element lacks the right one, and only offers removing it when it has it', async () => {
    const findings = (
      await check({
        'docs.json': CONFIG,
        'cards.mdx': page('<Card tittle="Fine">A.</Card>\n\n<Card title="Legit" tittle="Evil">B.</Card>\n\n<Card tittle="One" titel="Two">C.</Card>'),
      })
    ).filter((f) => f.ruleId === 'component-attribute-unknown');
    assert.deepEqual(
      findings.map((f) => [f.range.start.line, f.message, (f.fixes ?? []).map((x) => `${x.title}${x.isPreferred ? ' (preferred)' : ''}`)]),
      [
        [5, '<Card> has no attribute "tittle". Did you mean "title"?', ['Change to "title" (preferred)']],
        [7, '<Card> has no attribute "tittle". Did you mean "title"? It is given already.', ['Remove "tittle"']],
        [9, '<Card> has no attribute "tittle". Did you mean "title"?', ['Remove "tittle"']],
        [9, '<Card> has no attribute "titel". Did you mean "title"?', ['Remove "titel"']],
      ],
    );
  });

  it('docwright check --fix leaves the card a reader sees as it was', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docwright-fix-attr-'));
    dirs.push(dir);
    const before = page('<Card title="Legit" tittle="Evil" href="/cards">B.</Card>\n\n<Card tittle="Fine">A.</Card>');
    writeSiteToDisk(dir, { 'docs.json': CONFIG, 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', 'cards.mdx': before });
    await runCheck(
      parseCheckArgs(['--fix', '--format', 'json']),
      () => {},
      dir,
      () => {},
    );
    const fixed = readFileSync(path.join(dir, 'cards.mdx'), 'utf8');
    assert.match(fixed, /<Card title="Legit" tittle="Evil" href="\/cards">/, 'the card with a title keeps it');
    assert.match(fixed, /<Card title="Fine">/, 'the card without one gets it');
    assert.match(cardText(fixed), /Legit/);
    assert.doesNotMatch(cardText(fixed), /Evil/);
  });

  it('fix all and --fix leave out any fix that would repeat an attribute, whatever rule offers it', () => {
    const text = page('<Card title="Legit" tittle="Evil">B.</Card>\n\n<Note>Fine.</Note>');
    const at = (needle: string) => {
      const offset = text.indexOf(needle);
      const line = text.slice(0, offset).split('\n').length - 1;
      return { line, character: offset - text.lastIndexOf('\n', offset - 1) - 1 };
    };
    const fix = (title: string, needle: string, newText: string): Finding => {
      const start = at(needle);
      const range = { start, end: { line: start.line, character: start.character + needle.length } };
      return {
        ruleId: 'test',
        severity: 'warning',
        message: title,
        path: '/site/cards.mdx',
        range,
        fixes: [{ title, isPreferred: true, edits: [{ path: '/site/cards.mdx', edits: [{ range, newText }] }] }],
      };
    };
    const r = applySafeFixes(text, [fix('rename', 'tittle', 'title'), fix('word', 'Fine.', 'Good.')]);
    assert.equal(r.applied, 1);
    assert.match(r.text, /title="Legit" tittle="Evil"/);
    assert.match(r.text, /<Note>Good\.<\/Note>/);
  });
});

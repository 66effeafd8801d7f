// Page front matter against its schema: the check (keys, values, fixes, custom keys left alone),
// x-mint.metadata in specs, completion and hover.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageSite } from '../../server/src/rules/page-utils';
import { MemoryWorkspace } from '../../server/src/workspace';
import { parsePage } from '../../server/src/pages/parse';
import { completePage } from '../../server/src/features/page-completion';
import { hoverPage } from '../../server/src/features/page-hover';
import { typoOf } from '../../server/src/pages/frontmatter-schema';
import { nearestKey } from '../../server/src/util/suggest';
import { twoLanguageSite } from '../../server/src/rules/examples';
import { applyFix, check, cursor, ROOT } from '../helpers';

const FM = (lines: string) =>
  `---\ntitle: "Create your first note"\ndescription: "Create, tag and find a note with the Acme API in five minutes."\n${lines}---\n\n`;
const site = (lines: string) => pageSite('## Overview\n\nNotes hold text.\n', { frontmatter: FM(lines) });
const schemaFindings = async (files: Record<string, string> | MemoryWorkspace) =>
  (await check(files)).filter((f) => f.ruleId === 'frontmatter-schema' || f.ruleId === 'openapi-metadata');

describe('frontmatter-schema', () => {
  it('reports a misspelt key, an unknown mode and a non-boolean hidden, each with its fix', async () => {
    const ws = new MemoryWorkspace(site('sidebarTitel: "First note"\nmode: "wdie"\nhidden: "yes"\n'), ROOT);
    const found = await schemaFindings(ws);
    assert.deepEqual(
      found.map((f) => f.message),
      [
        'Unknown front matter key "sidebarTitel": did you mean "sidebarTitle"?',
        '"mode" must be one of "wide", "custom", "frame", "center", "assistant", not the text "wdie". Did you mean "wide"?',
        '"hidden" must be true or false, not the text "yes".',
      ],
    );
    assert.deepEqual(
      found.map((f) => f.range.start.line),
      [3, 4, 5],
    );
    for (const f of found) applyFix(ws, f.fixes![0]);
    assert.deepEqual(await schemaFindings(ws), []);
    assert.match(ws.files.get(`${ROOT}/example.mdx`)!, /sidebarTitle: "First note"\nmode: "wide"\nhidden: true\n/);
  });

  it('leaves custom keys and documented meta tags alone, and reads YAML numbers and dates as text', async () => {
    const custom =
      'name: "notes"\nproduct: "API"\nlicense: MIT\nmetadata:\n  owner: docs\nkeywords: ["notes", "tags"]\n"og:image": "/og.png"\n"twitter:card": summary\nversion: 1.0\nlastUpdatedDate: 2025-03-01\nboost: 2\nrelated: false\n';
    assert.deepEqual(await schemaFindings(site(custom)), []);
    assert.equal(typoOf('name'), undefined, 'two letters off a short key is a custom key, not a typo of mode');
    assert.equal(typoOf('Title'), 'title');
    assert.equal(typoOf('og:titel'), 'og:title');
  });

  it('reads a documented key with a word added as a custom key, and a misspelt one as a typo', async () => {
    // Twins: `versionTo` is `version` plus the word "To" (a custom key); `verison` swaps two letters of `version`.
    assert.deepEqual(await schemaFindings(site('versionTo: "2.1"\npreVersion: "1.0"\nicon_dark: moon\n')), []);
    assert.deepEqual(
      (await schemaFindings(site('verison: "2.1"\n'))).map((f) => f.message),
      ['Unknown front matter key "verison": did you mean "version"?'],
    );
    assert.equal(typoOf('versionTo'), undefined);
    assert.equal(typoOf('verison'), 'version');
    assert.equal(nearestKey('versionTo', ['version', 'versions']), undefined, 'docs.json keys: the same test');
    assert.equal(nearestKey('versoin', ['version', 'versions']), 'version');
  });

  it('reports the wrong kind of value beside the right one', async () => {
    assert.deepEqual(
      (await schemaFindings(site('keywords: "notes, tags"\nboost: "2"\nrelated: true\nplayground: Simple\n'))).map((f) => [
        f.message,
        f.fixes?.[0]?.edits[0].edits[0].newText,
      ]),
      [
        ['"keywords" must be a list of text, not the text "notes, tags".', '["notes", "tags"]'],
        ['"boost" must be a number, not the text "2".', '2'],
        ['"related" must be a list of text or a mapping or one of false, not true.', undefined],
        ['"playground" must be one of "interactive", "simple", "none", "auth", not the text "Simple". Did you mean "simple"?', '"simple"'],
      ],
    );
  });

  it('locates and fixes a quoted meta tag key', async () => {
    const ws = new MemoryWorkspace(site('"og:titel": "Notes"\n'), ROOT);
    const [f] = await schemaFindings(ws);
    assert.equal(f.message, 'Unknown front matter key "og:titel": did you mean "og:title"?');
    assert.deepEqual(f.range, { start: { line: 3, character: 1 }, end: { line: 3, character: 9 } });
    applyFix(ws, f.fixes![0]);
    assert.match(ws.files.get(`${ROOT}/example.mdx`)!, /\n"og:title": "Notes"\n/);
  });
});

describe('openapi-metadata', () => {
  it('checks x-mint.metadata of a YAML spec where it is written, and leaves openapi and custom keys alone', async () => {
    const files = pageSite('## Overview\n\nText.\n');
    files['docs.json'] = JSON.stringify({ name: 'Acme', openapi: 'openapi.yaml', navigation: [{ group: 'Guides', pages: ['example'] }] });
    files['openapi.yaml'] = [
      'openapi: 3.0.3',
      'info: { title: Acme, version: "1" }',
      'paths:',
      '  /notes:',
      '    get:',
      '      x-mint:',
      '        metadata:',
      '          hideApiMarker: "no"',
      '          Tag: NEW',
      '          openapi: whatever',
      '          team: docs',
      '      responses:',
      "        '200': { description: OK }",
      '',
    ].join('\n');
    const ws = new MemoryWorkspace(files, ROOT);
    const found = await schemaFindings(ws);
    assert.deepEqual(
      found.map((f) => `${f.path.replace(ROOT + '/', '')}:${f.range.start.line} ${f.message}`),
      ['openapi.yaml:7 "hideApiMarker" must be true or false, not the text "no".', 'openapi.yaml:8 Unknown front matter key "Tag": did you mean "tag"?'],
    );
    for (const f of found) applyFix(ws, f.fixes![0]);
    assert.deepEqual(await schemaFindings(ws), []);
  });
});

describe('front matter completion and hover', () => {
  it('offers the documented keys not yet set, and the values of an enum key', () => {
    const { text, position } = cursor('---\ntitle: "A"\nsid|\n---\n\nText.\n');
    const page = parsePage(`${ROOT}/a.mdx`, text);
    const items = completePage(page, page.index.offsetAt(position));
    const labels = items.map((i) => i.label);
    assert.ok(labels.includes('sidebarTitle') && labels.includes('og:image') && !labels.includes('title'));
    assert.equal(items.find((i) => i.label === 'og:image')!.insertText, '"og:image": "$1"');
    const v = cursor('---\ntitle: "A"\nmode: "w|"\n---\n\nText.\n');
    const vp = parsePage(`${ROOT}/a.mdx`, v.text);
    assert.deepEqual(
      completePage(vp, vp.index.offsetAt(v.position)).map((i) => i.insertText),
      ['wide', 'custom', 'frame', 'center', 'assistant'],
    );
    const b = cursor('---\ntitle: "A"\nhidden: |\n---\n\nText.\n');
    const bp = parsePage(`${ROOT}/a.mdx`, b.text);
    assert.deepEqual(
      completePage(bp, bp.index.offsetAt(b.position)).map((i) => i.label),
      ['true', 'false'],
    );
  });

  it("shows a key's documentation on hover, and nothing over its value or an unknown key", () => {
    const text = '---\ntitle: "A"\nmode: wide\n"og:image": "/x.png"\nteam: docs\n---\n\nText.\n';
    const page = parsePage(`${ROOT}/a.mdx`, text);
    const at = (needle: string, plus = 1) => hoverPage(page, text.indexOf(needle) + plus);
    assert.match(at('mode')!.contents, /^\*\*mode\*\* \(one of "wide"/);
    assert.deepEqual(at('og:image', 4)!.range, { start: { line: 3, character: 1 }, end: { line: 3, character: 9 } });
    assert.equal(at('wide'), undefined);
    assert.equal(at('team'), undefined);
  });
});

describe('translations', () => {
  const ruleOf = async (files: Record<string, string>, id: string) =>
    (await check(files)).filter((f) => f.ruleId === id).map((f) => `${f.path.replace(ROOT + '/', '')}:${f.range.start.line} ${f.message}`);

  it('reports a page missing from a language, and a translation without its original', async () => {
    assert.deepEqual(await ruleOf(twoLanguageSite(['fr/introduction', 'fr/quickstart']), 'translation-missing'), []);
    const found = await ruleOf(twoLanguageSite(['fr/introduction', 'fr/extra']), 'translation-missing');
    assert.equal(found.length, 2);
    assert.match(found[0], /"quickstart" has no fr translation/);
    assert.match(found[1], /"fr\/extra" \(fr\) has no original in the default language \(en\)/);
  });

  it('reports a link into another language with the fix to the same page of this one, and a hand-written llms.txt listing translations', async () => {
    const page = (link: string) =>
      `---\ntitle: "Introduction"\ndescription: "Ce que fait Acme et par où commencer."\n---\n\n## Aperçu\n\nLisez le [guide](${link}).\n`;
    assert.deepEqual(
      await ruleOf(twoLanguageSite(['fr/introduction', 'fr/quickstart'], { 'fr/introduction.mdx': page('/fr/quickstart') }), 'link-language'),
      [],
    );
    const ws = new MemoryWorkspace(twoLanguageSite(['fr/introduction', 'fr/quickstart'], { 'fr/introduction.mdx': page('/quickstart') }), ROOT);
    const [f] = (await check(ws)).filter((x) => x.ruleId === 'link-language');
    assert.match(f.message, /This fr page links to "quickstart", a page of en\. Its fr version is "\/fr\/quickstart"\./);
    const llms = '# Acme\n\n> Acme docs.\n\n## Docs\n\n- [Intro](introduction.md): Start.\n- [Intro FR](fr/introduction.md): Début.\n';
    assert.deepEqual(
      (await ruleOf(twoLanguageSite(['fr/introduction', 'fr/quickstart'], { 'llms.txt': llms }), 'llms-txt')).map((s) => s.replace(/ ".*/, '')),
      ['llms.txt:7'],
    );
  });
});

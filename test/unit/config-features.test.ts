// Completion, hover and definition in docs.json. Completion tests apply the chosen item's edit and
// assert the resulting document text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem } from 'vscode-json-languageservice';
import { completeConfig, definitionInConfig, hoverConfig } from '../../server/src/features/config-features';
import { parseConfig } from '../../server/src/config/parse';
import { exampleSite, page } from '../../server/src/rules/examples';
import { applyEdits, cursor, siteFrom } from '../helpers';
import { LineIndex } from '../../server/src/util/text';
import type { Position } from '../../server/src/types';

/** Applies a completion item at `position` the way an editor does (snippet tab stops removed). */
function accept(text: string, position: Position, item: CompletionItem): string {
  const plain = (s: string) => s.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
  const edit = item.textEdit;
  if (edit && 'range' in edit) return applyEdits(text, [{ range: edit.range, newText: plain(edit.newText) }]);
  const offset = new LineIndex(text).offsetAt(position);
  return text.slice(0, offset) + plain(item.insertText ?? item.label) + text.slice(offset);
}

async function complete(textWithCursor: string, pages: string[] = ['introduction']) {
  const { text, position } = cursor(textWithCursor);
  const files = { ...exampleSite({}, pages), 'docs.json': text };
  const { site } = await siteFrom(files);
  const list = await completeConfig(site, site.config, position);
  return { text, position, items: list.items, site };
}

describe('docs.json completion', () => {
  it('completes top-level fields from the schema, with their docs', async () => {
    const { text, position, items } = await complete('{\n  "name": "Acme",\n  "navigation": [],\n  "mode|"\n}');
    const item = items.find((i) => i.label === 'modeToggle');
    assert.ok(item, items.map((i) => i.label).join(', '));
    assert.ok(JSON.stringify(item.documentation ?? item.detail ?? '').length > 0 || item.documentation === undefined);
    assert.match(accept(text, position, item), /"modeToggle": \{/);
  });

  it('completes enum values', async () => {
    const { text, position, items } = await complete('{\n  "name": "Acme",\n  "navigation": [],\n  "modeToggle": { "default": | }\n}');
    assert.deepEqual(items.map((i) => i.label).sort(), ['"dark"', '"light"']);
    const dark = items.find((i) => i.label === '"dark"')!;
    assert.equal(accept(text, position, dark), '{\n  "name": "Acme",\n  "navigation": [],\n  "modeToggle": { "default": "dark" }\n}');
  });

  it('completes iconType values for anchors', async () => {
    const { items } = await complete('{\n  "name": "Acme",\n  "navigation": [],\n  "anchors": [{ "name": "A", "url": "a", "iconType": "|" }]\n}');
    const labels = items.map((i) => i.label.replace(/"/g, ''));
    for (const v of ['brands', 'duotone', 'light', 'sharp-solid', 'solid', 'thin']) assert.ok(labels.includes(v), `${v} missing from ${labels.join(', ')}`);
  });

  it('completes page paths inside pages, pages not yet listed first', async () => {
    const { text, position, items } = await complete('{\n  "name": "Acme",\n  "navigation": [{ "group": "A", "pages": ["introduction", "gu|"] }]\n}', [
      'introduction',
      'guides/setup',
      'guides/deploy',
    ]);
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map((i) => i.label);
    assert.deepEqual(sorted, ['guides/deploy', 'guides/setup', 'introduction']);
    const setup = items.find((i) => i.label === 'guides/setup')!;
    assert.equal(accept(text, position, setup), '{\n  "name": "Acme",\n  "navigation": [{ "group": "A", "pages": ["introduction", "guides/setup"] }]\n}');
  });

  it('completes page paths in nested groups and after a comma', async () => {
    const { text, position, items } = await complete(
      '{\n  "name": "Acme",\n  "navigation": [{ "group": "A", "pages": ["introduction", { "group": "B", "pages": [|] }] }]\n}',
      ['introduction', 'guides/setup'],
    );
    const setup = items.find((i) => i.label === 'guides/setup')!;
    assert.match(accept(text, position, setup), /"pages": \["guides\/setup"\]/);
  });
});

describe('docs.json hover', () => {
  it('shows the spec text of a field', async () => {
    const { text, position } = cursor('{\n  "name": "Acme",\n  "navigation": [],\n  "modeTo|ggle": {}\n}');
    const hover = await hoverConfig(await parseConfig('/site/docs.json', text), position);
    assert.match(JSON.stringify(hover?.contents), /light\/dark|light or dark|toggle/i);
  });

  it('shows the meaning of an enum value', async () => {
    const { text, position } = cursor('{\n  "name": "Acme",\n  "navigation": [],\n  "api": { "playground": { "mode": "sim|ple" } }\n}');
    const hover = await hoverConfig(await parseConfig('/site/docs.json', text), position);
    assert.match(JSON.stringify(hover?.contents), /interact/i);
  });
});

describe('docs.json definition', () => {
  it('goes from a nav entry to its page file, and from an asset path to the file', async () => {
    const { text, position } = cursor('{\n  "name": "Acme",\n  "favicon": "/favicon.svg",\n  "navigation": [{ "group": "A", "pages": ["guides/se|tup"] }]\n}');
    const { site } = await siteFrom({ 'docs.json': text, 'guides/setup.mdx': page('Setup'), 'favicon.svg': '<svg/>' });
    assert.equal(definitionInConfig(site, site.config, position)?.path, '/site/guides/setup.mdx');
    const fav = cursor(text.replace('/favicon.svg', '/favi|con.svg'));
    assert.equal(definitionInConfig(site, site.config, fav.position)?.path, '/site/favicon.svg');
  });

  it('does not follow a nav entry out of the site', async () => {
    const { text, position } = cursor('{\n  "name": "Acme",\n  "navigation": [{ "group": "A", "pages": ["../se|cret"] }]\n}');
    const { site } = await siteFrom({ 'docs.json': text });
    assert.equal(definitionInConfig(site, site.config, position), undefined);
  });
});

// The text of API pages generated from OpenAPI: every description reachable from an operation
// (parameters, body, responses, nested properties, array items, allOf, oneOf/anyOf variants of
// primitives and objects, security schemes) is on its exported page; security schemes show their
// own description (the format's generic words only for an http scheme without one); union variants
// are titled by `title`, else "Option n", and show their type, allowed values and description.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Nodes } from 'hast';
import { writeSiteToDisk } from '../helpers';
import { exportSite } from '../export-helpers';
import { htmlText, markdownText, missingDescriptions, operationDescriptions, textSite, TEXT_SPEC } from '../openapi-text';

let dir = '';
const html = (page: string) => readFileSync(path.join(dir, 'out', `${page}.html`), 'utf8');

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-openapi-text-'));
  writeSiteToDisk(path.join(dir, 'site'), textSite());
  const run = await exportSite({ dir: path.join(dir, 'site'), out: path.join(dir, 'out') });
  assert.equal(run.code, 0, run.err.join('\n'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the walk finds the descriptions the format shows, and only those', () => {
  const texts = (m: string, p: string) => operationDescriptions(TEXT_SPEC, m, p).map((d) => d.text);
  const create = texts('POST', '/notes');
  for (const t of ['The note to create.', 'A note with its content.', 'A named priority.', 'The paragraph text.', 'One label, in lower case.', 'City name.'])
    assert.ok(create.includes(t), t);
  assert.ok(!create.includes('Replaced by the description of the last allOf part.'), "an allOf keeps its last part's description");
  const list = texts('GET', '/notes');
  assert.ok(list.includes('How many notes to return.') && !list.includes('Replaced by the parameter description.'));
  assert.ok(list.includes('The session cookie of the dashboard.') && !list.includes('Left out by the format.'));
  assert.ok(create.length >= 25 && list.length >= 15, `${create.length} and ${list.length} descriptions`);
});

test('every description of each operation is on its exported page', () => {
  for (const [page, method, p] of [
    ['create', 'POST', '/notes'],
    ['list', 'GET', '/notes'],
  ]) {
    const missing = missingDescriptions(TEXT_SPEC, method, p, html(page));
    assert.deepEqual(
      missing.map((d) => `${d.where}: ${d.text}`),
      [],
      `${page}: missing`,
    );
  }
});

/** The elements below `root` that pass `test`. */
function elements(root: Nodes, test: (e: Element) => boolean): Element[] {
  const out: Element[] = [];
  const walk = (n: Nodes) => {
    if (n.type === 'element' && test(n)) out.push(n);
    if ('children' in n) for (const c of n.children) walk(c as Nodes);
  };
  walk(root);
  return out;
}
const classes = (e: Element) => (Array.isArray(e.properties.className) ? e.properties.className.map(String) : []);
const textOf = (e: Nodes): string => (e.type === 'text' ? e.value : 'children' in e ? e.children.map((c) => textOf(c as Nodes)).join('') : '');

/** Each variant tab group of a page: its tab labels and, per tab, the text of its panel. */
function variantGroups(page: string): { labels: string[]; panels: string[] }[] {
  const tree = fromHtml(html(page));
  const kids = (e: Element) => e.children.filter((c): c is Element => c.type === 'element');
  return elements(tree, (e) => classes(e).includes('dw-api-options')).map((g) => {
    const [list, ...panels] = kids(kids(g)[0]);
    return { labels: kids(list).map(textOf), panels: panels.map(textOf) };
  });
}

test('a union of primitives shows each variant with its type, allowed values and description, titled Option n', () => {
  const groups = variantGroups('create');
  const priority = groups.find((g) => g.panels.some((p) => p.includes('A priority from 1 to 5.')));
  assert.ok(priority, 'the priority variants');
  assert.deepEqual(priority.labels, ['Option 1', 'Option 2']);
  assert.match(priority.panels[0], /integer<int32>/);
  assert.match(priority.panels[0], /Required range: 1 <= x <= 5/);
  // An enumeration is typed as the format types it (SchemaConverter: enum<string>).
  assert.match(priority.panels[1], /^enum<string>.*A named priority\..*Available options: low, high/s);
  const refs = groups.find((g) => g.panels.some((p) => p.includes('A legacy numeric id.')));
  assert.ok(refs, 'the variants of an array of a union');
  assert.match(refs.panels[0], /string<uuid>.*A note id\./s);
  assert.match(refs.panels[1], /integer.*A legacy numeric id\./s);
});

test('variants are titled by their title, else Option n (not the $ref name); objects show their properties', () => {
  const groups = variantGroups('create');
  const content = groups.find((g) => g.labels.includes('Rich'));
  assert.deepEqual(content?.labels, ['Option 1', 'Rich']);
  const blocks = groups.find((g) => g.labels.includes('Text block'));
  assert.deepEqual(blocks?.labels, ['Text block', 'Option 2'], 'ImageBlock has no title');
  assert.match(blocks.panels[1], /An image\..*url.*string<uri>.*Where the image is\./s);
  const list = variantGroups('list');
  assert.ok(
    list.some((g) => g.labels.join() === 'Option 1,Archived note'),
    'the items of a response array',
  );
});

test('a union with null shows its one other variant in place, not as tabs', () => {
  const text = htmlText(html('create'));
  assert.ok(text.includes(markdownText('When the note is due.')));
  assert.ok(!variantGroups('create').some((g) => g.panels.some((p) => p.includes('When the note is due.'))));
});

test("security: each scheme's own description, the format's words for an http scheme without one, options as tabs by the format's titles", () => {
  const create = htmlText(html('create'));
  assert.ok(create.includes(markdownText('A **workspace** token from Settings, API tokens.')));
  assert.ok(!create.includes(markdownText('Bearer authentication header of the form')), 'no generic line beside the own description');
  const options = variantGroups('list').find((g) => g.labels.includes('oauth app'));
  assert.ok(options, 'the security options');
  assert.deepEqual(options.labels, ['keyHeader', 'keyQuery & keyCookie', 'oauth app', 'basicAuth'], 'openIdConnect is left out, as the format does');
  assert.match(options.panels[0], /X-Acme-Key.*header.*The project key, sent as a header\./s);
  assert.match(options.panels[1], /api_key.*query.*A read-only key in the query string\..*acme_session.*cookie.*The session cookie of the dashboard\./s);
  assert.match(options.panels[2], /Authorization.*An OAuth 2\.0 access token with the notes:read scope\./s);
  assert.match(
    options.panels[3],
    /Basic authentication header of the form Basic <encoded-value>, where <encoded-value> is the base64-encoded string username:password\./,
  );
});

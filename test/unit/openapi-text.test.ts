// The text of API pages generated from OpenAPI: every description reachable from an operation
// (parameters and their schemas, body, responses, nested properties, array items, allOf, oneOf/anyOf
// variants of primitives and objects, a map's values, `$ref`s and the descriptions beside them,
// security schemes) is on its exported page, and those the format leaves out (not, prefixItems,
// response headers…) are not; the walk of test/openapi-text.ts accounts for every `description` in
// the file. Security schemes show their own description (the format's generic words only for an
// http scheme without one); union variants are titled by `title`, else "Option n", and show their
// type, allowed values and description; a map's values are a `{key}` field among its properties.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Nodes } from 'hast';
import { writeSiteToDisk } from '../helpers';
import { exportSite } from '../export-helpers';
import {
  everyDescription,
  htmlText,
  LEFT_OUT,
  markdownText,
  missingDescriptions,
  operationDescriptions,
  textSite,
  TEXT_SPEC,
  walkDescriptions,
} from '../openapi-text';

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

test("the walk visits every place a description sits: maps' values, $refs of parameters and responses, the description beside a $ref", () => {
  const where = (m: string, p: string) => new Map(walkDescriptions(TEXT_SPEC, m, p).map((d) => [d.text, d]));
  const create = where('POST', '/notes');
  const shown: [string, string][] = [
    ['body.metadata.{key}', 'A label value, at most 64 characters.'],
    ['body.reactions.{key}', 'The reactions with one emoji.'],
    ['body.reactions.{key}.count', 'How many readers reacted.'],
    ['body.history.{key}[]', 'A revision number.'],
    ['body.settings.{key}.oneOf[1].theme', 'The theme on the device.'],
    ['body.sections[].{key}', 'A heading text.'],
    ['body.grid[][]', 'A cell.'],
    ['body.editor', 'Who last edited it.'],
    ['body.editor.manager', 'Their manager, a person too.'],
    ['response 409.{key}.with', 'The id of the conflicting note.'],
    ['response 404.notebook', 'The notebook looked for.'],
  ];
  for (const [at, text] of shown) assert.deepEqual([create.get(text)?.where, create.get(text)?.leftOut], [at, undefined], text);
  const list = where('GET', '/notes');
  for (const [at, text] of [
    ['query.cursor', 'Where the page starts.'],
    ['query.meta.{key}', 'The value a metadata key must have.'],
  ])
    assert.deepEqual([list.get(text)?.where, list.get(text)?.leftOut], [at, undefined], text);
  const out = (found: Map<string, { leftOut?: string }>, text: string) => found.get(text)?.leftOut;
  assert.equal(out(create, 'Never a reserved word (not: left out by the format).'), LEFT_OUT.unread('not'));
  assert.equal(out(create, 'The column (prefixItems: left out by the format).'), LEFT_OUT.unread('prefixItems'));
  assert.equal(out(create, 'An extension value (patternProperties: left out).'), LEFT_OUT.unread('patternProperties'));
  assert.equal(out(create, 'A person (replaced by the description beside the $ref).'), LEFT_OUT.beside);
  assert.equal(out(create, 'Seconds to wait before a retry.'), LEFT_OUT.headers);
  assert.equal(out(create, 'A whole number of seconds.'), LEFT_OUT.headers);
  assert.equal(out(create, 'The conflicts as plain text.'), LEFT_OUT.media);
  assert.equal(out(list, 'The cursor of the next page.'), LEFT_OUT.headers);
  assert.equal(out(list, 'A sort order as JSON, not read by the format.'), LEFT_OUT.unread('content'));
  assert.equal(out(list, 'A passphrase, never returned.'), LEFT_OUT.writeOnly);
  assert.equal(out(create, 'A passphrase, never returned.'), undefined, 'the request shows it');
});

test('the walk accounts for every description below the operation, as a blind walk of the file finds them', () => {
  for (const [m, p] of [
    ['POST', '/notes'],
    ['GET', '/notes'],
  ]) {
    const found = new Set(walkDescriptions(TEXT_SPEC, m, p).map((d) => d.text));
    const every = everyDescription(TEXT_SPEC, m, p);
    assert.ok(every.length >= 40, `${every.length} descriptions in ${m} ${p}`);
    assert.deepEqual(
      every.filter((t) => !found.has(t)),
      [],
      `${m} ${p}`,
    );
  }
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

test('what the format leaves out is not on the page', () => {
  for (const [page, method, p] of [
    ['create', 'POST', '/notes'],
    ['list', 'GET', '/notes'],
  ]) {
    const text = htmlText(html(page));
    const shownAnyway = walkDescriptions(TEXT_SPEC, method, p).filter((d) => d.leftOut && text.includes(markdownText(d.text)));
    assert.deepEqual(
      shownAnyway.map((d) => `${d.where}: ${d.text}`),
      [],
      page,
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

/** The field named `name` (the first, depth first) below `root`. */
function field(root: Nodes, name: string): Element | undefined {
  return elements(
    root,
    (e) =>
      classes(e).includes('dw-field') &&
      e.children.some(
        (h) =>
          h.type === 'element' &&
          classes(h).includes('dw-field-header') &&
          h.children.some((n) => n.type === 'element' && classes(n).includes('dw-field-name') && textOf(n) === name),
      ),
  )[0];
}
const header = (f: Element) => textOf(f.children.find((c): c is Element => c.type === 'element' && classes(c).includes('dw-field-header'))!);

test("a map's values are a {key} field in its Expandable: their type, description, and what they hold", () => {
  const tree = fromHtml(html('create'));
  const metadata = field(tree, 'metadata');
  assert.ok(metadata, 'the metadata field');
  const [details] = elements(metadata, (e) => e.tagName === 'details');
  assert.ok(details, 'an Expandable');
  const key = field(details, '{key}');
  assert.ok(key, 'the {key} field');
  assert.equal(header(key), '{key}string');
  assert.match(textOf(key), /A label value, at most 64 characters\./);

  const reactions = field(tree, 'reactions')!;
  const value = field(reactions, '{key}')!;
  assert.equal(header(value), '{key}Reaction', 'an object by $ref is labelled by its name');
  assert.match(textOf(value), /The reactions with one emoji\..*count.*integer.*How many readers reacted\./s);
  assert.match(header(field(field(tree, 'history')!, '{key}')!), /^\{key\}integer\[\]$/);

  // A map as a whole response: its values' field at the top, as a body's properties are.
  const conflict = elements(tree, (e) => e.properties.id === 'api-response-409')[0];
  assert.match(textOf(field(conflict, '{key}')!), /One conflict\..*with.*The id of the conflicting note\./s);
});

test("a description beside a $ref is the one shown, over the target's", () => {
  const editor = field(fromHtml(html('create')), 'editor');
  assert.ok(editor);
  assert.match(textOf(editor), /^editorPersonWho last edited it\./);
  assert.match(textOf(field(editor, 'manager')!), /Their manager, a person too\./);
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

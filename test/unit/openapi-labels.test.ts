// The labels of API pages generated from OpenAPI, as the published pages of the format read:
// the authorization field's head (name, type, location, required: ParamHead of
// @mintlify/components), section titles ("Path Parameters", "Headers"), enum type labels
// (`enum<string>`, SchemaConverter of @mintlify/validation), schema examples ("Example:" and the
// value's JSON) and readOnly/writeOnly properties left out of requests/responses. Read from the
// exported HTML as text; test/browser/api-labels.test.ts reads the same pages in Chromium.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Nodes } from 'hast';
import { writeSiteToDisk } from '../helpers';
import { exportSite } from '../export-helpers';
import { labelsSite } from '../api-labels';

let dir = '';

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-api-labels-'));
  writeSiteToDisk(path.join(dir, 'site'), labelsSite());
  const run = await exportSite({ dir: path.join(dir, 'site'), out: path.join(dir, 'out') });
  assert.equal(run.code, 0, run.err.join('\n'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const classes = (e: Element) => (Array.isArray(e.properties.className) ? e.properties.className.map(String) : []);

function find(root: Nodes, test: (e: Element) => boolean): Element | undefined {
  if (root.type === 'element' && test(root)) return root;
  if ('children' in root)
    for (const c of root.children) {
      const found = find(c as Nodes, test);
      if (found) return found;
    }
  return undefined;
}

/** Text with each element's edges as spaces (its words apart), whitespace squashed. */
function textOf(n: Nodes): string {
  const parts: string[] = [];
  const walk = (x: Nodes) => {
    if (x.type === 'text') parts.push(x.value);
    if (x.type === 'element') parts.push(' ');
    if ('children' in x) for (const c of x.children) walk(c as Nodes);
    if (x.type === 'element') parts.push(' ');
  };
  walk(n);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The reference of an exported page as [section title, section text] in order. */
function sections(page: string): [string, string][] {
  const tree = fromHtml(readFileSync(path.join(dir, 'out', `${page}.html`), 'utf8'));
  const reference = find(tree, (e) => classes(e).includes('dw-api-reference'));
  assert.ok(reference, `${page}: a reference`);
  const out: [string, string][] = [];
  for (const child of reference.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'h2') out.push([textOf(child), '']);
    else if (out.length) out[out.length - 1][1] += ' ' + textOf(child);
  }
  return out.map(([title, body]) => [title, body.trim()]);
}

const section = (page: string, title: string): string => {
  const found = sections(page).find(([t]) => t === title);
  assert.ok(found, `${page}: a "${title}" section`);
  return found[1];
};

/** The code of the page's request or response example (the first tab). */
/** The code of every example of the kind (each tab's), one after another. */
function exampleCode(page: string, kind: 'request' | 'response'): string {
  const tree = fromHtml(readFileSync(path.join(dir, 'out', `${page}.html`), 'utf8'));
  const group = find(tree, (e) => e.properties.dataApiExamples === kind);
  assert.ok(group, `${page}: ${kind} examples`);
  const raw = (n: Nodes): string => (n.type === 'text' ? n.value : 'children' in n ? n.children.map((c) => raw(c as Nodes)).join('') : '');
  const code: string[] = [];
  const collect = (n: Nodes) => {
    if (n.type === 'element' && n.tagName === 'pre') code.push(raw(n));
    else if ('children' in n) for (const c of n.children) collect(c as Nodes);
  };
  collect(group);
  assert.ok(code.length);
  return code.join('\n');
}

test("section titles are the published pages': Path Parameters, Query Parameters, Headers, Cookies, Body, Response", () => {
  assert.deepEqual(
    sections('get').map(([t]) => t),
    ['Authorizations', 'Path Parameters', 'Query Parameters', 'Headers', 'Cookies', 'Response'],
  );
  assert.deepEqual(
    sections('create').map(([t]) => t),
    ['Authorizations', 'Body', 'Response'],
  );
});

test("the authorization field reads name, type, location, required, as the format's field head orders them", () => {
  assert.equal(section('get', 'Authorizations'), 'Authorization string header required A workspace token.');
});

test('enumerations are typed enum<string>, enum<integer> and enum<number>, arrays of them enum<string>[]; their format is not shown', () => {
  const query = section('get', 'Query Parameters');
  assert.match(query, /order enum<integer> Sort order\. Available options: 1, -1/);
  const body = section('create', 'Body');
  assert.match(body, /status enum<string> Where the note is\. Available options: draft, published/);
  assert.match(body, /weight enum<number> How much the note counts\. Available options: 0\.5, 1\.5/);
  assert.match(body, /labels enum<string>\[\] Labels of the note\. Available options: home, work/);
  assert.match(body, /due string<date> When the note is due\./, 'a string that is not an enumeration keeps its format');
});

test("a schema's example is shown after the field's description and constraints: Example: and its JSON", () => {
  const pathParams = section('get', 'Path Parameters');
  assert.equal(pathParams, 'noteId string required The note to read. Example: "note_8f2k"');
  const query = section('get', 'Query Parameters');
  assert.match(query, /since string Date in ISO 8601 format Example: "2024-01-01"/);
  // The format copies a parameter's description into its schema, never its own `example`.
  assert.match(query, /page integer The page to read\.( order| since|$)/);
  assert.doesNotMatch(query, /Example: 7/);
  assert.equal(section('get', 'Headers'), 'Acme-Version string The API version. Example: "2025-01-15"', 'the first of a 3.1 examples array');
  assert.equal(section('get', 'Cookies'), 'acme_session string The session cookie.', 'no example, no label');
  const body = section('create', 'Body');
  assert.match(body, /title string required The title\. Example: "Groceries"/);
  assert.match(body, /due string<date> When the note is due\. Example: "2025-03-01"/);
  assert.match(body, /meta object Free-form metadata\. Example: \{ "source": "import", "pages": \[ 1, 2 \] \}/);
});

test('an object example keeps its lines: a block of indented JSON', () => {
  const tree = fromHtml(readFileSync(path.join(dir, 'out', 'create.html'), 'utf8'));
  const example = find(tree, (e) => classes(e).includes('dw-field-example') && find(e, (x) => x.tagName === 'pre') !== undefined);
  assert.ok(example, 'a multi-line example');
  const pre = find(example, (x) => x.tagName === 'pre')!;
  const raw = (n: Nodes): string => (n.type === 'text' ? n.value : 'children' in n ? n.children.map((c) => raw(c as Nodes)).join('') : '');
  assert.equal(raw(pre), JSON.stringify({ source: 'import', pages: [1, 2] }, null, 2));
});

test('readOnly properties are left out of the request body and writeOnly ones out of the response, allOf parts too', () => {
  const body = section('create', 'Body');
  assert.doesNotMatch(body, /\bid string|Given by the server|revision|Set by the server/, 'readOnly: not sent');
  assert.match(body, /password string Locks the note; never returned\./);
  assert.match(body, /reviewer string Who reviews the note\./, 'the allOf part keeps its other properties');
  const response = section('create', 'Response');
  assert.match(response, /id string Given by the server\. Example: "note_8f2k"/);
  assert.match(response, /revision integer Set by the server on each save\./);
  assert.doesNotMatch(response, /password|Locks the note/, 'writeOnly: not returned');
  // The generated examples leave them out alike.
  const request = exampleCode('create', 'request');
  assert.match(request, /"title": "Groceries"/);
  assert.doesNotMatch(request, /"id"|"revision"/);
  assert.match(request, /"password"/);
  const returned = exampleCode('create', 'response');
  assert.match(returned, /"id": "note_8f2k"/);
  assert.match(returned, /"revision"/);
  assert.doesNotMatch(returned, /"password"/);
});

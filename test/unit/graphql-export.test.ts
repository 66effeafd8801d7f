// The pages generated from a tab's GraphQL schema through `docwright export`: HTML with the fields,
// arguments, deprecations, linked types and the example operation in the side column; and the pages
// in the sidebar, the search index, the Markdown copies, llms.txt and the sitemap.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exportSite, type ExportRun } from '../export-helpers';
import { graphqlSite, SCHEMA } from '../graphql-site';
import { writeSiteToDisk } from '../helpers';

const PAGES = [
  'graphql-reference/queries/organization',
  'graphql-reference/queries/search',
  'graphql-reference/mutations/create-organization',
  'graphql-reference/types/node',
  'graphql-reference/types/organization',
  'graphql-reference/types/user',
  'graphql-reference/types/role',
  'graphql-reference/types/search-result',
  'graphql-reference/types/date-time',
  'graphql-reference/types/create-organization-input',
];

describe('a GraphQL site exported', () => {
  let tmp: string;
  let out: string;
  let run: ExportRun;
  const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');
  /** The text of an HTML fragment (tags dropped, the entities pages use decoded). */
  const textOf = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docwright-graphql-'));
    writeSiteToDisk(path.join(tmp, 'src'), graphqlSite(SCHEMA, 'schema.graphql', {}, [{ group: 'Overview', pages: ['graphql/overview'] }]));
    out = path.join(tmp, 'site');
    run = await exportSite({ dir: path.join(tmp, 'src'), out, baseUrl: 'https://docs.acme.example/' });
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('exports every generated page, listed in the sidebar in section order', () => {
    assert.equal(run.code, 0, run.err.join('\n'));
    const html = read('graphql-reference/types/user.html');
    const sidebar = /<nav class="dw-sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const hrefs = [...sidebar.matchAll(/<a class="dw-nav-link(?: dw-current)?" href="([^"#]+)\.html"/g)].map((m) =>
      path.posix.join('graphql-reference/types', m[1]),
    );
    assert.deepEqual(hrefs, ['graphql/overview', ...PAGES]);
    const titles = [...sidebar.matchAll(/<div class="dw-nav-group-title"[^>]*>([^<]*)</g)].map((m) => m[1]);
    for (const t of ['Queries', 'Mutations', 'Types']) assert.ok(sidebar.includes(`>${t}<`), `${t} section in ${titles.join(', ')}`);
    for (const id of PAGES) assert.ok(existsSync(path.join(out, `${id}.html`)), id);
  });

  it('an operation page: arguments with types and deprecation, the return type linked, the example operation and response beside', () => {
    const html = read('graphql-reference/queries/organization.html');
    assert.match(html, /<h1 class="dw-title"[^>]*>organization<\/h1>/);
    assert.match(
      html,
      /<code class="dw-field-name">id<\/code><span class="dw-badge dw-field-type">ID!<\/span><span class="dw-badge dw-field-required">required<\/span>/,
    );
    assert.match(
      html,
      /<code class="dw-field-name">legacyId<\/code><span class="dw-badge dw-field-type">Int<\/span><span class="dw-badge dw-field-deprecated">deprecated<\/span>/,
    );
    assert.match(html, /Ids are strings now\./);
    assert.match(html, /href="\.\.\/types\/organization\.html"/);
    const side = html.slice(html.indexOf('class="dw-api-examples"'));
    assert.ok(side.length < html.length, 'the examples are in the side column');
    assert.match(textOf(side), /query Organization\(\$id: ID!\) \{\n {2}organization\(id: \$id\) \{\n {4}id\n {4}name\n/);
    assert.match(textOf(side), /"id": "id"/);
    assert.match(textOf(side), /"data": \{\n\s+"organization": \{/);
  });

  it('a type page: its definition, fields with linked types, implements and deprecations', () => {
    const html = read('graphql-reference/types/organization.html');
    assert.match(html, /Object type/);
    assert.match(textOf(html), /type Organization implements Node \{/);
    assert.match(html, /<code class="dw-field-name">members<\/code><span class="dw-badge dw-field-type">\[User!\]!<\/span>/);
    assert.match(html, /href="user\.html"/);
    assert.match(html, /href="node\.html"/);
    assert.match(html, /Use <code>name<\/code>\./);
    const role = read('graphql-reference/types/role.html');
    assert.match(
      role,
      /<code class="dw-field-name">MEMBER<\/code><span class="dw-badge dw-field-type">Role<\/span><span class="dw-badge dw-field-deprecated">deprecated<\/span>/,
    );
  });

  it('puts the pages in the search index, Markdown copies, llms.txt and the sitemap', () => {
    const script = read('_docwright/search-index.js');
    const data = JSON.parse(script.replace(/^self\.DOCWRIGHT_SEARCH = /, '').replace(/;\s*$/, '')) as {
      index: { storedFields: Record<string, { url: string }> };
    };
    const indexed = Object.values(data.index.storedFields).map((f) => f.url.replace(/\.html$/, ''));
    const llms = read('llms.txt');
    const sitemap = existsSync(path.join(out, 'sitemap.xml')) ? read('sitemap.xml') : '';
    for (const id of PAGES) {
      assert.ok(indexed.includes(id), `${id}: search index`);
      assert.ok(llms.includes(`(https://docs.acme.example/${id}.md)`), `${id}: llms.txt`);
      assert.ok(sitemap.includes(`https://docs.acme.example/${id}`), `${id}: sitemap`);
    }
    const md = read('graphql-reference/queries/organization.md');
    assert.match(md, /^# organization\n/);
    assert.match(md, /One organization by its id\./);
    assert.match(md, /query Organization\(\$id: ID!\)/);
    // Arguments as the Markdown copy lists fields: name, type, required (no HTTP location).
    assert.match(md, /^`id` \(ID!, required\)$/m);
    assert.match(md, /^`legacyId` \(Int, deprecated\): \*\*Deprecated\*\*: Ids are strings now\.$/m);
  });
});

describe('a GraphQL tab whose schema is a URL without a copy', () => {
  let tmp: string;
  after(() => rmSync(tmp, { recursive: true, force: true }));
  it('exports no pages for it, and a link into its folder is a warning, not an error', async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docwright-graphql-url-'));
    const files = graphqlSite(undefined, 'https://api.acme.example/schema.graphql');
    writeSiteToDisk(path.join(tmp, 'src'), files);
    const run = await exportSite({ dir: path.join(tmp, 'src'), out: path.join(tmp, 'site') });
    assert.equal(run.code, 0, run.err.join('\n'));
    const log = [...run.out, ...run.err].join('\n');
    assert.match(
      log,
      /warning +Link to "graphql-reference\/queries\/organization", an API page the site generates from an OpenAPI, AsyncAPI, GraphQL or SDK file Docwright cannot read/,
    );
    assert.ok(!existsSync(path.join(tmp, 'site', 'graphql-reference')));
  });
});

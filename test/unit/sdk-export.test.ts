// The pages generated from a tab's `sdk` artifact through `docwright export`: a page per symbol in
// the sidebar's generated groups, members with their signatures and fields, links between symbol
// pages; the pages in the search index, the Markdown copies, llms.txt and the sitemap; and a page
// with `sdk` front matter showing its own content, then the symbol's reference.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exportSite, type ExportRun } from '../export-helpers';
import { writeSiteToDisk } from '../helpers';
import { sdkExportSite } from '../sdk-site';

const PAGES = [
  'sdk-reference/classes/client',
  'sdk-reference/interfaces/user',
  'sdk-reference/enumerations/role',
  'sdk-reference/type-aliases/user-id',
  'sdk-reference/functions/create-client',
];

describe('an SDK site exported', () => {
  let tmp: string;
  let out: string;
  let run: ExportRun;
  const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');
  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docwright-sdk-'));
    writeSiteToDisk(path.join(tmp, 'src'), sdkExportSite());
    out = path.join(tmp, 'site');
    run = await exportSite({ dir: path.join(tmp, 'src'), out, baseUrl: 'https://docs.acme.example/' });
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('exports every generated page, listed in the sidebar after the tab groups', () => {
    assert.equal(run.code, 0, run.err.join('\n'));
    assert.match([...run.out, ...run.err].join('\n'), /^Exported 9 pages .*: 0 errors, 0 warnings\.$/);
    const html = read('sdk-reference/classes/client.html');
    const sidebar = /<nav class="dw-sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const hrefs = [...sidebar.matchAll(/<a class="dw-nav-link(?: dw-current)?" href="([^"#]+)\.html"/g)].map((m) =>
      path.posix.join('sdk-reference/classes', m[1]),
    );
    assert.deepEqual(hrefs, ['sdk/overview', ...PAGES]);
    for (const t of ['Overview', 'Classes', 'Interfaces', 'Enumerations', 'Type Aliases', 'Functions']) assert.ok(sidebar.includes(`>${t}<`), t);
  });

  it('a class page: declaration, members under their headings, parameter fields, links to other symbols', () => {
    const html = read('sdk-reference/classes/client.html');
    assert.match(html, /<h1 class="dw-title"[^>]*>Client<\/h1>/);
    assert.match(html, /Keep one client per process\./);
    assert.match(html, /<h3[^>]* id="getuser"/);
    assert.match(
      html,
      /<code class="dw-field-name">id<\/code><span class="dw-badge dw-field-type">UserId<\/span><span class="dw-badge dw-field-required">required<\/span>/,
    );
    assert.match(html, /href="\.\.\/type-aliases\/user-id\.html"/);
    assert.match(html, /href="\.\.\/interfaces\/user\.html"/);
    assert.match(html, /Set it in the constructor\./);
    // Artifact text is text: the summary's tag and braces are not markup.
    const fn = read('sdk-reference/functions/create-client.html');
    assert.match(fn, /&#x3C;b>now&#x3C;\/b> \{x\}|&lt;b&gt;now&lt;\/b&gt; \{x\}/);
    assert.match(fn, /href="\.\.\/classes\/client\.html"/);
  });

  it('puts the pages in the search index, Markdown copies, llms.txt and the sitemap', () => {
    const script = read('_docwright/search-index.js');
    const data = JSON.parse(script.replace(/^self\.DOCWRIGHT_SEARCH = /, '').replace(/;\s*$/, '')) as {
      index: { storedFields: Record<string, { url: string }> };
    };
    const indexed = Object.values(data.index.storedFields).map((f) => f.url.replace(/\.html$/, ''));
    const llms = read('llms.txt');
    const sitemap = read('sitemap.xml');
    for (const id of PAGES) {
      assert.ok(indexed.includes(id), `${id}: search index`);
      assert.ok(llms.includes(`(https://docs.acme.example/${id}.md)`), `${id}: llms.txt`);
      assert.ok(sitemap.includes(`https://docs.acme.example/${id}`), `${id}: sitemap`);
    }
    const md = read('sdk-reference/classes/client.md');
    assert.match(md, /^# Client\n/);
    assert.match(md, /getUser\(id: UserId\): Promise<User \| null>/);
    assert.match(md, /^`apiKey` \(string, required\): Your API key\.$/m);
  });

  it('a page with sdk front matter shows its own content, then the symbol reference', () => {
    const html = read('guides/get-user.html');
    const own = html.indexOf('Call it once per request.');
    const ref = html.indexOf('Fetches one user.');
    assert.ok(own > 0 && ref > own, 'own content first, then the reference');
    assert.match(html, /<code class="dw-field-name">id<\/code>/);
    assert.match(html, /href="\.\.\/sdk-reference\/interfaces\/user\.html"/);
    assert.ok(!existsSync(path.join(out, 'sdk-reference/classes/client/get-user.html')));
  });

  it("a page with sdk front matter and no title or description takes the symbol's, in the page, the sidebar and llms.txt", () => {
    const html = read('guides/client.html');
    assert.match(html, /<h1 class="dw-title"[^>]*>Client<\/h1>/);
    const generated = /<meta name="description" content="([^"]*)"/.exec(read('sdk-reference/classes/client.html'))?.[1];
    assert.ok(generated, 'the generated page has a description');
    assert.ok(html.includes(`<meta name="description" content="${generated}"`), 'the same description');
    assert.match(read('introduction.html'), /href="guides\/client\.html"[^>]*>(?:<[^>]+>)*Client</);
    assert.ok(read('llms.txt').includes('[Client](https://docs.acme.example/guides/client.md)'), read('llms.txt'));
  });
});

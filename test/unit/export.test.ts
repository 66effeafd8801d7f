// `docwright export`: the example site exported and crawled (every navigation page present, every
// internal href/src resolves to a file, llms.txt valid), base URL files, the refusals (paths out of
// the output, the site itself as output, a folder that is not an earlier export), and a failed
// export keeping the previous output.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CLASSIC_SITE, EXAMPLE_SITE, writeSiteToDisk, checkProject } from '../helpers';
import { twoLanguageSite } from '../../server/src/rules/examples';
import { exportSite, filesIn, type ExportRun } from '../export-helpers';
import { validateLlmsTxt } from '../../server/src/site/llms-txt';
import { isSafeOutputPath, relativeUrl } from '../../server/src/export/paths';
import { DiskExportWriter, EXPORT_MARKER, exportToFolder } from '../../server/src/node/export-disk';
import { exampleSite, minimalConfig, page } from '../../server/src/rules/examples';
import { SITE_TIMED_OUT_PAGES } from '../../server/src/export/site-components';
import { navigationOrder } from '../../server/src/site/model';
import { isOperationPage, siteApi, siteModelOf, type GeneratedPage } from '../../server/src/site/api-pages';
import { Project } from '../../server/src/project';
import { loadSite } from '../../server/src/site/site';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { parseConfig } from '../../server/src/config/parse';
import { migrateConfig } from '../../server/src/config/migrate';

type Run = ExportRun;

/** The built CLI, for exports on worker threads (they load the bundle). */
const BIN = path.resolve(__dirname, '../../bin/docwright.js');

/** Internal links of the exported files: href/src in HTML, Markdown link targets in .md/.txt. */
function internalLinks(dir: string): { file: string; url: string }[] {
  const links: { file: string; url: string }[] = [];
  for (const file of filesIn(dir)) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    let urls: string[] = [];
    if (file.endsWith('.html')) urls = [...text.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    else if (file.endsWith('.md') || file.endsWith('.txt')) urls = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    for (const url of urls) {
      if (url === '' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue;
      links.push({ file, url });
    }
  }
  return links;
}

/** For validateLlmsTxt: a link off the site (the Optional section's, a spec's URL) is not checked. */
const llmsResolves = (dir: string) => (url: string) => (/^https?:/i.test(url) ? undefined : resolves(dir, 'llms.txt', url));

function resolves(dir: string, from: string, url: string): boolean {
  const target = path.resolve(path.dirname(path.join(dir, from)), decodeURIComponent(url.split('#')[0].split('?')[0]));
  return target.startsWith(dir + path.sep) && existsSync(target) && statSync(target).isFile();
}

/** The page ids of a site's navigation, generated API pages included, in order. */
async function navigationIds(dir: string): Promise<string[]> {
  const site = await loadSite(new DiskWorkspace(), dir);
  assert.ok(site, dir);
  return navigationOrder(siteModelOf(site));
}

// The bundled example (current format, API pages generated from OpenAPI) and the classic example it was.
for (const [name, dir, sections] of [
  // Then the spec files and the navigation's external links (the format's OpenAPI Specs and Optional sections).
  [
    'the example site',
    EXAMPLE_SITE,
    ['Get started', 'Guides', 'Changelog', 'Notes', 'Notebooks', 'Tags', 'Webhook endpoints', 'Beta', 'OpenAPI Specs', 'Optional'],
  ],
  // llms.txt holds the default version only: the classic site's v1 group is left out.
  ['the classic example site', CLASSIC_SITE, ['Get started', 'Guides', 'API reference', 'Beta', 'Changelog', 'OpenAPI Specs', 'Optional']],
] as const) {
  describe(`docwright export of ${name}`, () => {
    let tmp: string;
    let out: string;
    let run: Run;
    let ids: string[];
    before(async () => {
      tmp = mkdtempSync(path.join(tmpdir(), 'docwright-export-'));
      out = path.join(tmp, 'site');
      run = await exportSite({ dir, out });
      ids = await navigationIds(dir);
    });
    after(() => rmSync(tmp, { recursive: true, force: true }));

    it('exports without problems', () => {
      assert.equal(run.code, 0, run.err.join('\n'));
      assert.ok(ids.length >= 14);
      // The example's x-hidden operation has a page that the navigation does not list.
      const pages = ids.length + (dir === EXAMPLE_SITE ? 1 : 0);
      assert.match(run.out.join('\n'), new RegExp(`^Exported ${pages} pages \\(\\d+ files\\) to .* 0 errors, 0 warnings\\.$`, 'm'));
      assert.match(run.out.join('\n'), /Note: No sitemap\.xml/);
    });

    it('writes every navigation page as HTML with a Markdown copy beside it, and index.html, 404.html', () => {
      for (const id of ids) {
        assert.ok(existsSync(path.join(out, `${id}.html`)), `${id}.html`);
        assert.ok(existsSync(path.join(out, `${id}.md`)), `${id}.md`);
      }
      for (const f of [
        'index.html',
        '404.html',
        'llms.txt',
        'llms-full.txt',
        'robots.txt',
        '.nojekyll',
        EXPORT_MARKER,
        '_docwright/docwright.css',
        '_docwright/docwright.js',
        '_docwright/search.js',
        '_docwright/minisearch.js',
        '_docwright/search-index.js',
      ]) {
        assert.ok(existsSync(path.join(out, f)), f);
      }
      assert.ok(!existsSync(path.join(out, 'sitemap.xml')), 'no sitemap without a base URL');
      // No temporary folder is left beside the output.
      assert.deepEqual(readdirSync(tmp), ['site']);
    });

    it('resolves every internal link and asset of every page to a file of the output', () => {
      const links = internalLinks(out);
      assert.ok(links.length > 300, `only ${links.length} links found`);
      const broken = links.filter((l) => !resolves(out, l.file, l.url));
      assert.deepEqual(broken, []);
      // The pages' images, the logo, favicon and background were copied.
      for (const f of ['images/api-keys-dashboard.svg', 'logo/light.svg', 'logo/dark.svg', 'favicon.svg', 'images/background.svg'])
        assert.ok(existsSync(path.join(out, f)), f);
    });

    it('writes head metadata, the theme and a strict CSP, with only external scripts', () => {
      const html = readFileSync(path.join(out, 'guides/advanced/webhooks.html'), 'utf8');
      assert.match(html, /<html lang="en" data-theme="auto" data-default-mode="light">/);
      assert.match(html, /<title>Receive note events with webhooks - Acme Notes API<\/title>/);
      assert.match(html, /<meta name="description" content="Register a webhook endpoint/);
      assert.match(html, /<meta property="og:title" content="Receive note events with webhooks">/);
      assert.match(html, /<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self'[^"]*object-src 'none'/);
      assert.match(html, /<link rel="stylesheet" href="\.\.\/\.\.\/_docwright\/docwright\.css">/);
      assert.match(html, /<style id="dw-site-css">:root\{--dw-primary:#0B6E4F/);
      assert.match(html, /input[^>]*data-dw-search/);
      // Every script element has a src: nothing inline.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      assert.ok(scripts.length >= 3);
      for (const [, attrs, body] of scripts) {
        assert.match(attrs, /src="/);
        assert.equal(body, '');
      }
      // Links between pages are relative: they work when the files are opened from disk.
      assert.match(html, /href="\.\.\/authentication\.html"/);
    });

    it('writes a valid llms.txt: sections in navigation order, links to the Markdown copies', () => {
      const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
      const problems = validateLlmsTxt(llms, { resolve: llmsResolves(out) });
      assert.deepEqual(problems, []);
      assert.match(llms, /^# Acme Notes API\n\n> \S/);
      assert.deepEqual(
        [...llms.matchAll(/^## (.*)$/gm)].map((m) => m[1]),
        sections,
      );
      // Every navigation page of the default version is listed once, in navigation order.
      const listed = [...llms.matchAll(/^- \[[^\]]*\]\(([^)]*)\.md\)/gm)].map((m) => m[1]);
      assert.deepEqual(
        listed,
        ids.filter((id) => !id.startsWith('v1/')),
      );
      assert.match(llms, /^- \[Receive note events with webhooks\]\(guides\/advanced\/webhooks\.md\): Register a webhook endpoint/m);
      const full = readFileSync(path.join(out, 'llms-full.txt'), 'utf8');
      assert.ok(full.indexOf('# Acme Notes API introduction') < full.indexOf('# Quickstart'), 'llms-full.txt follows the navigation');
    });

    it('turns components into readable Markdown in the .md copies', () => {
      const md = readFileSync(path.join(out, 'guides/authentication.md'), 'utf8');
      assert.match(md, /^# Authenticate Acme Notes API requests with API keys\n\n> Send your API key/);
      assert.match(md, /^> \*\*Warning:\*\* Keep keys out of version control\./m);
      assert.match(md, /^1\. \*\*Create a second key\*\*$/m);
      assert.match(md, /!\[API keys page of the Acme Notes dashboard[^\]]*\]\(\.\.\/images\/api-keys-dashboard\.svg\)/);
      const prose = md.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      assert.ok(!/<[A-Z][A-Za-z]+/.test(prose), 'no JSX left outside code');
    });
  });
}

describe("the example site's API pages generated from its OpenAPI files", () => {
  let tmp: string;
  let out: string;
  let run: Run;
  let generated: GeneratedPage[];
  let listed: string[];
  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docwright-export-api-'));
    out = path.join(tmp, 'site');
    run = await exportSite({ dir: EXAMPLE_SITE, out });
    const site = (await loadSite(new DiskWorkspace(), EXAMPLE_SITE))!;
    generated = [...siteApi(site).pages.values()].filter(isOperationPage);
    listed = navigationOrder(siteModelOf(site)).filter((id) => siteApi(site).pages.has(id));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  /** The page ids a page's sidebar links to (its hrefs resolved from the page), and the one marked current. */
  function sidebarOf(id: string): { ids: string[]; current: string[]; methods: string[] } {
    const html = readFileSync(path.join(out, `${id}.html`), 'utf8');
    const sidebar = /<nav class="dw-sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const links = [...sidebar.matchAll(/<a class="dw-nav-link( dw-current)?" href="([^"#]+)\.html"[^>]*>(<span class="dw-method[^"]*">([A-Z]+)<\/span>)?/g)];
    const idOf = (href: string) => path.posix.join(path.posix.dirname(id), href);
    return { ids: links.map((m) => idOf(m[2])), current: links.filter((m) => m[1]).map((m) => idOf(m[2])), methods: links.map((m) => m[4] ?? '') };
  }

  it('the example checks clean', async () => {
    const project = new Project(new DiskWorkspace(), [EXAMPLE_SITE]);
    await project.scan();
    assert.deepEqual(await checkProject(project, EXAMPLE_SITE), []);
  });

  it('generates the whole API section of the anchor with openapi, and the two operations the v1 group lists', () => {
    assert.equal(run.code, 0, run.err.join('\n'));
    assert.deepEqual(listed, [
      'api-reference/notes/list-notes',
      'api-reference/notes/create-a-note',
      'api-reference/notes/retrieve-a-note',
      'api-reference/notes/delete-a-note',
      'api-reference/notes/update-a-note',
      'api-reference/notes/share-a-note',
      'api-reference/notes/search-notes',
      'api-reference/notebooks/create-a-notebook',
      'api-reference/tags/list-tags',
      'api-reference/webhooks/register-a-webhook-endpoint',
      'api-reference/webhooks/delete-a-webhook-endpoint',
      'v1/api-reference/notes/list-notes',
      'v1/api-reference/notes/create-a-note',
    ]);
    // x-hidden: a page out of the navigation; x-excluded: no page; the MDX page at a generated page's URL wins.
    assert.deepEqual(
      generated.filter((g) => g.hidden).map((g) => g.id),
      ['api-reference/check-the-api-status'],
    );
    assert.ok(!generated.some((g) => g.operation.path === '/internal/reindex'));
    assert.ok(!generated.some((g) => g.id === 'api-reference/notebooks/list-notebooks'));
  });

  it('shows every generated page in the sidebar, with its method, and marks it current on its own page', () => {
    const seen = new Set<string>();
    for (const id of listed) {
      const { ids, current, methods } = sidebarOf(id);
      assert.deepEqual(current, [id], `${id}: current page`);
      const method = generated.find((g) => g.id === id)!.operation.method;
      assert.equal(methods[ids.indexOf(id)], method === 'DELETE' ? 'DEL' : method, `${id}: method badge`);
      for (const other of ids) seen.add(other);
    }
    for (const id of listed) assert.ok(seen.has(id), id);
    // The MDX page that replaces a generated page sits in the generated section, with its method.
    const { ids, methods } = sidebarOf('api-reference/tags/list-tags');
    assert.equal(methods[ids.indexOf('api-reference/notebooks/list-notebooks')], 'GET');
    assert.ok(!seen.has('api-reference/check-the-api-status'), 'the x-hidden page is in no sidebar');
  });

  it('exports every generated page as HTML with the endpoint and as Markdown, the x-hidden one too', () => {
    for (const g of generated) {
      const html = readFileSync(path.join(out, `${g.id}.html`), 'utf8');
      assert.match(html, new RegExp(`<h1 class="dw-title"[^>]*>${g.title}</h1>`), g.id);
      // The reference and the playground (api.playground.display "interactive") of the operation.
      assert.ok(html.includes(g.operation.path), `${g.id}: path ${g.operation.path}`);
      assert.match(html, /class="dw-api-reference"/, `${g.id}: reference`);
      assert.match(html, /data-dw-playground/, `${g.id}: playground`);
      assert.match(readFileSync(path.join(out, `${g.id}.md`), 'utf8'), new RegExp(`^# ${g.title}\n`), `${g.id}.md`);
    }
    assert.ok(!existsSync(path.join(out, 'api-reference/rebuild-the-search-index.html')), 'x-excluded: no page');
    // x-mint.content comes before the generated reference.
    assert.match(readFileSync(path.join(out, 'api-reference/notes/delete-a-note.md'), 'utf8'), /Deletion is permanent\./);
  });

  it('puts every listed generated page in the search index and llms.txt', () => {
    const script = readFileSync(path.join(out, '_docwright/search-index.js'), 'utf8');
    const data = JSON.parse(script.replace(/^self\.DOCWRIGHT_SEARCH = /, '').replace(/;\s*$/, '')) as {
      index: { storedFields: Record<string, { url: string; title: string }> };
    };
    const indexed = Object.values(data.index.storedFields).map((f) => f.url.replace(/\.html$/, ''));
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    const inLlms = [...llms.matchAll(/^- \[[^\]]*\]\(([^)]*)\.md\)/gm)].map((m) => m[1]);
    for (const id of listed) {
      assert.ok(indexed.includes(id), `${id}: search index`);
      // llms.txt holds the default version (v2) only.
      const inDefaultVersion = !id.startsWith('v1/');
      assert.equal(inLlms.includes(id), inDefaultVersion, `${id}: llms.txt`);
      assert.equal(readFileSync(path.join(out, 'llms-full.txt'), 'utf8').includes(`Source: ${id}.html`), inDefaultVersion, `${id}: llms-full.txt`);
    }
    assert.ok(
      !indexed.includes('api-reference/check-the-api-status') && !inLlms.includes('api-reference/check-the-api-status'),
      'the x-hidden page is not listed',
    );
  });
});

describe('docwright export options and refusals', () => {
  let tmp: string;
  before(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docwright-export-opts-'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('with --base-url writes sitemap.xml, robots.txt pointing at it, canonical links and absolute 404 links', async () => {
    const ids = await navigationIds(EXAMPLE_SITE);
    const out = path.join(tmp, 'with-base');
    const r = await exportSite({ dir: EXAMPLE_SITE, out, baseUrl: 'https://docs.acme.example/notes' });
    assert.equal(r.code, 0, r.err.join('\n'));
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    assert.match(sitemap, /<loc>https:\/\/docs\.acme\.example\/notes\/guides\/advanced\/webhooks\.html<\/loc>/);
    // Every navigation page; the x-hidden operation's page is written but, being out of the navigation, not listed.
    assert.equal((sitemap.match(/<url>/g) ?? []).length, ids.length);
    assert.ok(existsSync(path.join(out, 'api-reference/check-the-api-status.html')));
    assert.doesNotMatch(sitemap, /check-the-api-status/);
    assert.match(readFileSync(path.join(out, 'robots.txt'), 'utf8'), /^Sitemap: https:\/\/docs\.acme\.example\/notes\/sitemap\.xml$/m);
    assert.match(
      readFileSync(path.join(out, 'quickstart.html'), 'utf8'),
      /<link rel="canonical" href="https:\/\/docs\.acme\.example\/notes\/quickstart\.html">/,
    );
    // Hosts serve 404.html at any depth: its links start from the site's path.
    assert.match(readFileSync(path.join(out, '404.html'), 'utf8'), /href="\/notes\/introduction\.html"/);
    assert.match(readFileSync(path.join(out, 'llms.txt'), 'utf8'), /\]\(https:\/\/docs\.acme\.example\/notes\/quickstart\.md\)/);
  });

  /** Writes a site of `ids` under `config` and exports it without problems: the output folder. */
  async function exported(name: string, config: Record<string, unknown>, ids: string[]): Promise<string> {
    const site = path.join(tmp, name);
    writeSiteToDisk(site, exampleSite(config, ids));
    const out = path.join(tmp, `${name}-out`);
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, r.err.join('\n'));
    return out;
  }

  it('writes markdown.instructions as an Agent Instructions block into llms.txt, llms-full.txt and every Markdown copy', async () => {
    const config = (markdown?: Record<string, unknown>) => ({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      description: 'Notes for teams.',
      colors: { primary: '#0D6E4F' },
      navigation: { groups: [{ group: 'Get started', pages: ['introduction', 'quickstart'] }] },
      ...(markdown ? { markdown } : {}),
    });
    const block = '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK in examples.';
    // An array of lines, joined with line breaks (the format's ai/markdown-export page).
    const out = await exported('instructions', config({ instructions: ['Always cite the API version.', 'Prefer the TypeScript SDK in examples.'] }), [
      'introduction',
      'quickstart',
    ]);
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    assert.ok(llms.startsWith(`# Acme\n\n> Notes for teams.\n\n${block}\n\n`), llms);
    assert.deepEqual(validateLlmsTxt(llms, { resolve: llmsResolves(out) }), []);
    assert.ok(readFileSync(path.join(out, 'llms-full.txt'), 'utf8').startsWith(`# Acme\n\n> Notes for teams.\n\n${block}\n\n`));
    for (const id of ['introduction', 'quickstart']) assert.ok(readFileSync(path.join(out, `${id}.md`), 'utf8').includes(`\n\n${block}\n\n`), id);
    // One string: the same block.
    const one = await exported('instructions-one', config({ instructions: 'Always cite the API version.\nPrefer the TypeScript SDK in examples.' }), [
      'introduction',
      'quickstart',
    ]);
    assert.ok(readFileSync(path.join(one, 'llms.txt'), 'utf8').includes(block));
    // Twin: markdown settings without instructions write no block.
    const none = await exported('instructions-none', config({ schema: false }), ['introduction', 'quickstart']);
    for (const f of ['llms.txt', 'llms-full.txt', 'introduction.md']) assert.doesNotMatch(readFileSync(path.join(none, f), 'utf8'), /Agent Instructions/, f);
  });

  it('writes llms.txt and llms-full.txt of the default language only, without hidden or noindex pages', async () => {
    const files = twoLanguageSite(['fr/introduction', 'fr/quickstart'], {
      'secret.mdx': '---\ntitle: "Secret"\ndescription: "Not for search."\nhidden: true\n---\n\nText.\n',
      'private.mdx': '---\ntitle: "Private"\ndescription: "Not indexed."\nnoindex: true\n---\n\nText.\n',
    });
    const config = JSON.parse(files['docs.json']);
    config.navigation.languages[0].groups[0].pages.push('secret', 'private');
    files['docs.json'] = JSON.stringify(config);
    const site = path.join(tmp, 'languages');
    writeSiteToDisk(site, files);
    const out = path.join(tmp, 'languages-out');
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, r.err.join('\n'));
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    assert.match(llms, /\(introduction\.md\)/);
    assert.match(llms, /\(quickstart\.md\)/);
    assert.doesNotMatch(llms, /fr\/|secret|private/);
    const full = readFileSync(path.join(out, 'llms-full.txt'), 'utf8');
    assert.match(full, /# Quickstart/);
    assert.doesNotMatch(full, /fr\/|Secret|Private/);
    // The pages themselves are still exported.
    assert.ok(existsSync(path.join(out, 'fr/quickstart.html')) && existsSync(path.join(out, 'secret.html')));
  });

  it('leaves hidden and noindex pages out of the sitemap and the search index, and marks them noindex', async () => {
    const site = path.join(tmp, 'hidden');
    writeSiteToDisk(
      site,
      exampleSite(minimalConfig(['introduction', 'secret', 'private']), ['introduction'], {
        'secret.mdx': '---\ntitle: "Secret"\ndescription: "Hidden page."\nhidden: true\n---\n\nSecretword text.\n',
        'private.mdx': '---\ntitle: "Private"\ndescription: "Noindex page."\nnoindex: true\n---\n\nPrivateword text.\n',
      }),
    );
    const out = path.join(tmp, 'hidden-out');
    const r = await exportSite({ dir: site, out, baseUrl: 'https://docs.acme.example/' });
    assert.equal(r.code, 0, r.err.join('\n'));
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    assert.match(sitemap, /introduction\.html/);
    assert.doesNotMatch(sitemap, /secret|private/);
    const index = readFileSync(path.join(out, '_docwright/search-index.js'), 'utf8');
    assert.match(index, /introduction\.html/);
    assert.doesNotMatch(index, /secret|private|Secretword|Privateword/i);
    const robots = /<meta name="robots" content="noindex">/;
    assert.doesNotMatch(readFileSync(path.join(out, 'introduction.html'), 'utf8'), robots);
    // Still exported (reachable by link), but asking search engines to stay away.
    for (const id of ['secret', 'private']) assert.match(readFileSync(path.join(out, `${id}.html`), 'utf8'), robots, id);
  });

  it('writes the sidebar of every page as links, nested groups of other groups included', async () => {
    // Regression: a group that does not hold the page is shared between pages as HTML, and its
    // nested groups (shared too) were written into it as escaped text instead of markup.
    const ids = ['intro', 'start', 'ref/a', 'ref/deep/b', 'ref/deep/c'];
    const out = await exported(
      'nested',
      {
        ...minimalConfig([]),
        navigation: [
          { group: 'One', pages: ['intro', 'start'] },
          { group: 'Ref', pages: ['ref/a', { group: 'Deep', pages: ['ref/deep/b', 'ref/deep/c'] }] },
        ],
      },
      ids,
    );
    for (const id of ids) {
      const html = readFileSync(path.join(out, `${id}.html`), 'utf8');
      const sidebar = /<nav class="dw-sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
      assert.doesNotMatch(sidebar, /&#x3C;/, `${id}: markup written as text`);
      // Links are relative to the page; the export writes no data-dw-page (only the preview's script reads it).
      assert.doesNotMatch(html, /data-dw-page=/, `${id}: data-dw-page in the export`);
      const linked = [...sidebar.matchAll(/<a class="dw-nav-link[^"]*" href="([^"]+)\.html"/g)]
        .map((m) => path.posix.join(path.posix.dirname(id), m[1]))
        .sort();
      assert.deepEqual(linked, [...ids].sort(), `${id}: sidebar links`);
    }
  });

  it('writes no character beyond Latin-1 of its own, so pages of plain text stay one-byte strings', async () => {
    // One "…" or "›" in the chrome made V8 hold every page's HTML as a two-byte string (twice the
    // memory, slower to write): the chrome spells such characters as references.
    const ids = ['intro', 'ref/deep/b'];
    const out = await exported(
      'latin1',
      {
        ...minimalConfig([]),
        navigation: [
          { group: 'One', pages: ['intro'] },
          { group: 'Ref', pages: [{ group: 'Deep', pages: ['ref/deep/b'] }] },
        ],
      },
      ids,
    );
    for (const id of ids) {
      const html = readFileSync(path.join(out, `${id}.html`), 'utf8');
      assert.ok(
        [...html].every((c) => c.charCodeAt(0) <= 0xff),
        `${id}: a character beyond Latin-1`,
      );
    }
    assert.match(readFileSync(path.join(out, 'ref/deep/b.html'), 'utf8'), /<div class="dw-eyebrow[^"]*">Ref &#x203A; Deep<\/div>/);
  });

  it('leads links to a folder to its index page, as the published site and the checks do', async () => {
    // Regression: `[automations](/automations)` with automations/index.mdx was reported as a broken
    // link and led to 404.html (192 such errors on a real 1,000-page site), while link-broken accepts it.
    const site = path.join(tmp, 'folder-index');
    const ids = ['intro', 'automations/index', 'automations/create'];
    const config = { ...minimalConfig(ids), topbarLinks: [{ name: 'Automations', url: '/automations' }] };
    writeSiteToDisk(
      site,
      exampleSite(config, ids, { 'intro.mdx': `${page('Intro')}\nSee [automations](/automations) and [creating one](/automations/create/).\n` }),
    );
    const out = path.join(tmp, 'folder-index-out');
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, r.err.join('\n'));
    assert.match(r.out.join('\n'), /: 0 errors, 0 warnings\./);
    const html = readFileSync(path.join(out, 'intro.html'), 'utf8');
    assert.match(html, /<a href="automations\/index\.html">automations<\/a>/);
    assert.match(html, /<a href="automations\/create\.html">creating one<\/a>/);
    assert.match(html, /<a class="dw-topbar-link navbar-link" href="automations\/index\.html">Automations<\/a>/);
    assert.match(readFileSync(path.join(out, 'intro.md'), 'utf8'), /\[automations\]\(automations\/index\.md\)/);
  });

  it('follows redirects: links lead to the destination, and a plain redirect source gets a page that sends readers on', async () => {
    // The checks accept links to redirect sources, so the export must not send them to 404.html.
    const site = path.join(tmp, 'redirects');
    const ids = ['intro', 'guide', 'posts/hello'];
    const config = {
      ...minimalConfig(ids),
      redirects: [
        { source: '/old-guide', destination: '/older-guide' },
        { source: '/older-guide', destination: '/guide#setup' },
        { source: '/blog/:slug', destination: '/posts/:slug' },
        { source: '/elsewhere', destination: 'https://example.com/docs' },
        { source: '/gone', destination: '/nothing-here' },
        { source: '/loop-a', destination: '/loop-b' },
        { source: '/loop-b', destination: '/loop-a' },
        { source: '/guide', destination: '/intro' },
        { source: '/evil', destination: 'javascript:alert(1)' },
        { source: '/../../escape', destination: '/guide' },
      ],
    };
    const links = 'Read [the guide](/old-guide), [a post](/blog/hello), [elsewhere](/elsewhere), [a loop](/loop-a) and [evil](/evil).';
    writeSiteToDisk(site, exampleSite(config, ids, { 'intro.mdx': `${page('Intro')}\n${links}\n` }));
    const out = path.join(tmp, 'redirects-out');
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, r.err.join('\n'));
    const log = r.out.join('\n');
    const html = readFileSync(path.join(out, 'intro.html'), 'utf8');
    assert.match(html, /<a href="guide\.html#setup">the guide<\/a>/);
    assert.match(html, /<a href="posts\/hello\.html">a post<\/a>/);
    assert.match(html, /<a href="https:\/\/example\.com\/docs"[^>]*>elsewhere<\/a>/);
    assert.match(log, /Link to "loop-a", which is no page of the site/);
    assert.doesNotMatch(log, /Link to "(old-guide|blog\/hello|elsewhere)"/);
    const md = readFileSync(path.join(out, 'intro.md'), 'utf8');
    assert.match(md, /\[the guide\]\(guide\.md#setup\)/);
    assert.match(md, /\[elsewhere\]\(https:\/\/example\.com\/docs\)/);
    // Pages at the plain sources, following the chain to its end; none for a pattern, nor over a page.
    assert.match(readFileSync(path.join(out, 'old-guide.html'), 'utf8'), /<meta http-equiv="refresh" content="0; url=guide\.html#setup">/);
    assert.match(readFileSync(path.join(out, 'older-guide.html'), 'utf8'), /<a href="guide\.html#setup">/);
    assert.match(readFileSync(path.join(out, 'elsewhere.html'), 'utf8'), /content="0; url=https:\/\/example\.com\/docs"/);
    assert.doesNotMatch(readFileSync(path.join(out, 'guide.html'), 'utf8'), /http-equiv="refresh"/);
    assert.ok(!existsSync(path.join(out, 'blog')), 'no page for a redirect pattern');
    assert.match(log, /warning +Redirect from "\/gone" leads to "\/nothing-here", which is no page of the site: no page is written for it\./);
    assert.match(log, /Redirect from "\/loop-a" .*\(the redirects loop\)/);
    assert.ok(!existsSync(path.join(out, 'gone.html')));
    // Only http(s) leads elsewhere: a script URL is no destination (the link is broken, no page is written).
    assert.ok(!existsSync(path.join(out, 'evil.html')));
    assert.doesNotMatch(html, /javascript:/);
    assert.match(log, /Redirect from "\/evil" leads to "javascript:alert\(1\)", which is no page of the site/);
    assert.match(log, /Redirect from "\/\.\.\/\.\.\/escape" would be written outside the output folder/);
    assert.ok(!existsSync(path.join(tmp, 'escape.html')) && !existsSync(path.join(path.dirname(tmp), 'escape.html')));
    // Every other link resolves (the looping and the script ones lead to 404.html, and stay as written in the Markdown).
    const unresolved = internalLinks(out).filter((l) => !resolves(out, l.file, l.url));
    assert.deepEqual(
      unresolved.filter((l) => !l.url.endsWith('404.html') && l.url !== '/loop-a' && l.url !== '/evil'),
      [],
    );
  });

  it('reports links into the API pages of a spec it cannot read as warnings, not as missing pages', async () => {
    const site = path.join(tmp, 'generated-api');
    const ids = ['intro'];
    const config = {
      ...minimalConfig(ids),
      anchors: [{ name: 'API reference', icon: 'code', url: 'api-reference', openapi: 'https://example.com/openapi.json' }],
    };
    writeSiteToDisk(
      site,
      exampleSite(config, ids, { 'intro.mdx': `${page('Intro')}\nSee [list users](/api-reference/users/list) and [nothing](/nothing).\n` }),
    );
    const out = path.join(tmp, 'generated-api-out');
    const r = await exportSite({ dir: site, out, strict: true });
    const log = r.out.join('\n');
    assert.match(
      log,
      /warning +Link to "api-reference\/users\/list", an API page the site generates from an OpenAPI, AsyncAPI, GraphQL or SDK file Docwright cannot read/,
    );
    assert.match(log, /error +Link to "nothing", which is no page of the site/);
    assert.match(log, /1 error, 1 warning/);
  });

  it('notes when the output inside the site folder would be read back by the checks', async () => {
    const site = path.join(tmp, 'inside');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction']), ['introduction']));
    const dist = await exportSite({ dir: site });
    assert.equal(dist.code, 0);
    assert.ok(existsSync(path.join(site, 'dist', 'introduction.html')), 'default output: dist/ in the site');
    assert.doesNotMatch(dist.out.join('\n'), /inside the site folder/);
    const pub = await exportSite({ dir: site, out: path.join(site, 'public') });
    assert.match(pub.out.join('\n'), /Note: .*public is inside the site folder, so docwright check reads its \.md copies as pages/);
  });

  it('renders the static output of imported .jsx components (the CLI runs them, as the site build does)', async () => {
    const site = path.join(tmp, 'jsx');
    writeSiteToDisk(site, {
      ...exampleSite(minimalConfig(['introduction']), ['introduction']),
      'snippets/hello.jsx': 'export const Hello = ({ name }) => <p className="hello">Hello, {name}!</p>;\n',
    });
    const intro = path.join(site, 'introduction.mdx');
    writeFileSync(intro, readFileSync(intro, 'utf8') + '\nimport { Hello } from "/snippets/hello.jsx";\n\n<Hello name="readers" />\n');
    const out = path.join(tmp, 'jsx-out');
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, r.err.join('\n'));
    assert.match(readFileSync(path.join(out, 'introduction.html'), 'utf8'), /<p class="hello">Hello, readers!<\/p>/);
  });

  it(
    'exports pages with elements named like Object.prototype members, hostile .jsx output and looping components, with a notice for each',
    { timeout: 60_000 },
    async () => {
      const names = ['valueOf', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', '__defineGetter__', '__proto__', 'constructor', 'toString'];
      const site = path.join(tmp, 'hostile-components');
      const markers = names.map((n) => `{{ $$dw: true, type: "__builtin", props: { __name: ${JSON.stringify(n)} } }}`).join('');
      writeSiteToDisk(site, {
        ...exampleSite(minimalConfig(['introduction', 'names', 'repeat', 'loops']), ['introduction', 'names', 'repeat', 'loops']),
        'names.mdx':
          page('Names') +
          '\n' +
          ('import { M } from "/snippets/c.jsx";\n\n' + names.map((n, i) => `<${n}>in item ${i}</${n}> and <${n} />`).join('\n\n') + '\n\n<M />\n'),
        'repeat.mdx': page('Repeat') + '\n' + ('import { R } from "/snippets/c.jsx";\n\n<R>\n' + 'x'.repeat(10_000) + '\n</R>\n'),
        'loops.mdx':
          page('Loops') +
          '\n' +
          ('import { ' +
            Array.from({ length: 40 }, (_, i) => `L${i}`).join(', ') +
            ' } from "/snippets/c.jsx";\n\n' +
            Array.from({ length: 40 }, (_, i) => `<L${i} />`).join('\n\n') +
            '\n'),
        'snippets/c.jsx': [
          `export const M = () => <div>${markers}</div>;`,
          'export const R = ({ children }) => <div>{Array.from({ length: 6000 }, () => children)}</div>;',
          ...Array.from({ length: 40 }, (_, i) => `export const L${i} = () => { for (;;) {} };`),
        ].join('\n'),
      });
      const out = path.join(tmp, 'hostile-components-out');
      const r = await exportSite({ dir: site, out });
      assert.equal(r.code, 0, r.err.join('\n'));
      const said = r.out.join('\n');
      names.forEach((n, i) => {
        assert.match(said, new RegExp(`names\\.mdx +error +Component <${n}> is not a built-in component`), n);
        assert.match(readFileSync(path.join(out, 'names.html'), 'utf8'), new RegExp(`in item ${i}(</span>)? and`), n);
      });
      const repeat = readFileSync(path.join(out, 'repeat.html'), 'utf8');
      assert.ok(repeat.length < 1_000_000, `repeat.html is ${repeat.length} characters`);
      assert.match(repeat, /dw-placeholder[^>]*>&#x3C;R> from snippets\/c\.jsx failed to render: renders too much/);
      // One looping component runs out of time; the other 39 are not started.
      assert.equal(said.match(/loops\.mdx +error +Component <L\d+> from snippets\/c\.jsx failed to render: did not finish/g)?.length, 1, said);
      assert.equal(
        said.match(/loops\.mdx +error +Component <L\d+> from snippets\/c\.jsx was not run: the page's time for components is spent \(<L0> ran out of time\)/g)
          ?.length,
        39,
      );
    },
  );

  it(
    "spends the site's budget for components on the same pages with one thread or three: past it, no page runs its components",
    { timeout: 120_000 },
    async () => {
      // Twelve pages with a looping component of their own, fine ones first, among them and last.
      const ids = ['fine-0', ...Array.from({ length: 12 }, (_, i) => `loop-${i}`)];
      ids.splice(6, 0, 'fine-1');
      ids.push('fine-2');
      const files = exampleSite(minimalConfig(ids), []);
      for (const id of ids) {
        const [own, use] = id.startsWith('loop')
          ? [`export const L${id.slice(5)} = () => { for (;;) {} };`, `<L${id.slice(5)} />`]
          : [`export const F = () => <p className="fine">${id}</p>;`, '<F />'];
        files[`${id}.mdx`] = page(id) + `\n${own}\n\n${use}\n`;
      }
      const site = path.join(tmp, 'site-budget');
      writeSiteToDisk(site, files);
      // The built CLI (its worker threads load the bundle): one thread, then three.
      const [one, three] = [1, 3].map((jobs) => path.join(tmp, `site-budget-${jobs}`));
      const runs = [1, 3].map((jobs, k) =>
        spawnSync(process.execPath, [BIN, 'export', site, '--out', [one, three][k], '--jobs', String(jobs)], { encoding: 'utf8', timeout: 60_000 }),
      );
      for (const r of runs) assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(filesIn(three), filesIn(one));
      for (const f of filesIn(one)) assert.equal(readFileSync(path.join(three, f), 'utf8'), readFileSync(path.join(one, f), 'utf8'), f);
      const said = runs[0].stdout;
      assert.equal(runs[1].stdout.replace(/site-budget-3 in [\d.]+ s/, ''), said.replace(/site-budget-1 in [\d.]+ s/, ''));
      assert.equal(said.match(/loop-\d+\.mdx +error +Component <L\d+> failed to render: did not finish/g)?.length, SITE_TIMED_OUT_PAGES, said);
      assert.equal(
        said.match(/loop-\d+\.mdx +error +Component <L\d+> was not run: the site's time for components is spent/g)?.length,
        12 - SITE_TIMED_OUT_PAGES,
      );
      assert.match(readFileSync(path.join(one, 'fine-1.html'), 'utf8'), /<p class="fine">fine-1<\/p>/);
      assert.match(said, /fine-2\.mdx +error +Component <F> was not run: the site's time for components is spent/);
    },
  );

  it('exports the classic example site migrated to the current docs.json format the same way, every link resolving', async () => {
    const site = path.join(tmp, 'current');
    cpSync(CLASSIC_SITE, site, { recursive: true });
    writeFileSync(path.join(site, 'docs.json'), migrateConfig(readFileSync(path.join(CLASSIC_SITE, 'docs.json'), 'utf8')).text);
    const out = path.join(tmp, 'current-out');
    const r = await exportSite({ dir: site, out, strict: true });
    assert.equal(r.code, 0, r.out.join('\n'));
    const config = await parseConfig(path.join(site, 'docs.json'), readFileSync(path.join(site, 'docs.json'), 'utf8'));
    assert.equal(config.generation, 'current');
    for (const id of await navigationIds(site)) assert.ok(existsSync(path.join(out, `${id}.html`)), id);
    assert.deepEqual(
      internalLinks(out).filter((l) => !resolves(out, l.file, l.url)),
      [],
    );
    assert.deepEqual(validateLlmsTxt(readFileSync(path.join(out, 'llms.txt'), 'utf8'), { resolve: llmsResolves(out) }), []);
  });

  it('refuses a navigation entry that leaves the site, and writes nothing', async () => {
    const site = path.join(tmp, 'traversal');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction', '../../x']), ['introduction']));
    const out = path.join(tmp, 'traversal-out');
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 2);
    assert.match(r.err.join('\n'), /Navigation entry "\.\.\/\.\.\/x" .*outside the output folder: export refused/);
    assert.ok(!existsSync(out));
    assert.ok(!existsSync(path.join(tmp, 'x.html')) && !existsSync(path.join(path.dirname(tmp), 'x.html')));
    assert.deepEqual(
      readdirSync(tmp).filter((f) => f.includes('docwright-tmp')),
      [],
    );
  });

  it('exports nothing from a docs.json it cannot read (empty, a BOM, not JSON), says why, exit 1', async () => {
    const valid = JSON.stringify(minimalConfig(['introduction']));
    for (const [name, text, why] of [
      ['empty', '', /docs\.json cannot be read \(line 1, column 1: docs\.json is empty: /],
      ['bom', '\uFEFF' + valid, /docs\.json cannot be read \(line 1, column 1: docs\.json starts with a byte-order mark/],
      ['garbage', 'garbage ]] not json', /docs\.json cannot be read \(line 1, column 1: Expected a JSON object, array or literal\.\) Nothing was exported\./],
    ] as const) {
      const site = path.join(tmp, `config-${name}`);
      writeSiteToDisk(site, { ...exampleSite(minimalConfig(['introduction']), ['introduction']), 'docs.json': text });
      const out = path.join(tmp, `config-${name}-out`);
      const r = await exportSite({ dir: site, out });
      assert.equal(r.code, 1, name);
      assert.match(r.err.join('\n'), why);
      assert.ok(!existsSync(out), name);
    }
  });

  it('refuses the site folder itself and a folder above it as output', async () => {
    const site = path.join(tmp, 'self', 'docs');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction']), ['introduction']));
    for (const out of [site, path.dirname(site)]) {
      const r = await exportSite({ dir: site, out });
      assert.equal(r.code, 2, out);
      assert.match(r.err.join('\n'), /is the site folder or a folder above it/);
    }
    assert.deepEqual(filesIn(path.dirname(site)), ['docs/docs.json', 'docs/introduction.mdx']);
  });

  it('refuses a non-empty output folder that holds no earlier export', async () => {
    const site = path.join(tmp, 'notmine');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction']), ['introduction']));
    const out = path.join(tmp, 'notmine-out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'keep.txt'), 'mine');
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 2);
    assert.match(r.err.join('\n'), /not empty and holds no earlier export/);
    assert.deepEqual(readdirSync(out), ['keep.txt']);
  });

  it('keeps the previous output when an export fails: --strict with errors in a page', async () => {
    const site = path.join(tmp, 'strict');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction', 'guide']), ['introduction', 'guide']));
    const out = path.join(tmp, 'strict-out');
    assert.equal((await exportSite({ dir: site, out, strict: true })).code, 0);
    const before = filesIn(out).map((f) => [f, readFileSync(path.join(out, f), 'utf8')]);
    // Now a page with an MDX syntax error and a link to a page that does not exist.
    writeFileSync(path.join(site, 'guide.mdx'), `${page('Guide')}\nSee [the setup](/setup) and <Note>unclosed.\n`);
    const r = await exportSite({ dir: site, out, strict: true });
    assert.equal(r.code, 1);
    const text = r.out.join('\n');
    assert.match(text, /guide\.mdx:\d+ +error +MDX syntax error/);
    assert.match(text, /Not exported: --strict and \d+ errors/);
    assert.deepEqual(
      filesIn(out).map((f) => [f, readFileSync(path.join(out, f), 'utf8')]),
      before,
    );
    assert.deepEqual(
      readdirSync(tmp).filter((f) => f.includes('docwright-')),
      [],
    );
    // Without --strict the same site exports (errors reported), replacing the previous output.
    const loose = await exportSite({ dir: site, out });
    assert.equal(loose.code, 0);
    assert.match(loose.out.join('\n'), /Link to "setup", which is no page of the site \(it leads to 404\.html/);
    assert.match(readFileSync(path.join(out, 'guide.html'), 'utf8'), /href="404\.html"/);
  });

  it('keeps the previous output when the export throws midway, and removes its temporary folder', async () => {
    const site = path.join(tmp, 'throws');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction']), ['introduction']));
    const out = path.join(tmp, 'throws-out');
    assert.equal((await exportSite({ dir: site, out })).code, 0);
    const before = filesIn(out);
    await assert.rejects(
      exportToFolder(site, out, async (writer) => {
        await writer.write('index.html', 'half');
        await writer.write('a/b.html', 'half');
        throw new Error('disk full');
      }),
      /disk full/,
    );
    assert.deepEqual(filesIn(out), before);
    assert.notEqual(readFileSync(path.join(out, 'index.html'), 'utf8'), 'half');
    assert.deepEqual(
      readdirSync(tmp).filter((f) => f.startsWith('.throws-out')),
      [],
    );
  });

  it('removes the temporary folders of exports that were killed, never those of a running one', async () => {
    const site = path.join(tmp, 'stale');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction']), ['introduction']));
    const out = path.join(tmp, 'stale-out');
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    const folder = (kind: string, pid: number, hex: string) => {
      const p = path.join(tmp, `.stale-out.docwright-${kind}-${pid}-${hex}`);
      mkdirSync(path.join(p, 'half'), { recursive: true });
      return p;
    };
    const dead = folder('tmp', ended, 'deadbeef');
    const running = folder('tmp', process.pid, 'c0ffee00');
    // A moved-aside output while the output itself is missing is the one copy left: kept.
    const aside = folder('old', ended, 'abad1dea');
    const other = path.join(tmp, `.stale-out.docwright-tmp-${ended}-notours`);
    mkdirSync(other);
    assert.equal((await exportSite({ dir: site, out })).code, 0);
    assert.deepEqual(
      [dead, running, aside, other].map((p) => existsSync(p)),
      [false, true, true, true],
    );
    // Once the output is in place, the next export removes it.
    assert.equal((await exportSite({ dir: site, out })).code, 0);
    assert.deepEqual(
      [running, aside, other].map((p) => existsSync(p)),
      [true, false, true],
    );
    rmSync(running, { recursive: true });
  });

  it('keeps the previous output when the export is cancelled midway', async () => {
    const site = path.join(tmp, 'cancel');
    const ids = ['introduction', 'a', 'b', 'c'];
    writeSiteToDisk(site, exampleSite(minimalConfig(ids), ids));
    const out = path.join(tmp, 'cancel-out');
    assert.equal((await exportSite({ dir: site, out })).code, 0);
    const before = filesIn(out).map((f) => [f, readFileSync(path.join(out, f), 'utf8')]);
    const { Project } = await import('../../server/src/project');
    const { DiskWorkspace } = await import('../../server/src/node/disk-workspace');
    const { projectExportSource } = await import('../../server/src/export/source');
    const { exportSite: exportAll } = await import('../../server/src/export/export');
    const { readStaticAssets } = await import('../../server/src/node/export-disk');
    const project = new Project(new DiskWorkspace(), [site]);
    await project.scan();
    const source = (await projectExportSource(project, project.roots[0]))!;
    const assets = await readStaticAssets();
    let pages = 0;
    await assert.rejects(
      exportToFolder(site, out, (writer) => exportAll(source, writer, { assets, progress: () => pages++, cancelled: () => pages >= 2 })),
      /Export cancelled/,
    );
    assert.equal(pages, 2);
    assert.deepEqual(
      filesIn(out).map((f) => [f, readFileSync(path.join(out, f), 'utf8')]),
      before,
    );
    assert.deepEqual(
      readdirSync(tmp).filter((f) => f.startsWith('.cancel-out')),
      [],
    );
  });

  it('exports with worker threads the same files as in one thread', async () => {
    const one = path.join(tmp, 'one');
    const two = path.join(tmp, 'two');
    assert.equal((await exportSite({ dir: EXAMPLE_SITE, out: one, jobs: 1 })).code, 0);
    const r = await exportSite({ dir: EXAMPLE_SITE, out: two, jobs: 3 });
    assert.equal(r.code, 0, r.err.join('\n'));
    assert.deepEqual(filesIn(two), filesIn(one));
    for (const f of filesIn(one)) {
      // Byte for byte: tab ids count per page and highlighting does not depend on what a thread
      // highlighted before. Compared as booleans: a failure names the file without printing two pages.
      assert.ok(readFileSync(path.join(two, f), 'utf8') === readFileSync(path.join(one, f), 'utf8'), `${f} differs`);
    }
  });
});

describe('export paths', () => {
  it('accepts only normalised paths inside the output', () => {
    for (const ok of ['index.html', 'guides/setup.html', '_docwright/search.js', 'a b/c.md']) assert.ok(isSafeOutputPath(ok), ok);
    for (const bad of ['', '../x.html', 'a/../../x', '/etc/passwd', 'a/./b', 'a//b', 'a\\..\\b', 'C:/x', '.', 'a/..', 'x\0y'])
      assert.ok(!isSafeOutputPath(bad), bad);
  });

  it('writes links relative to the page', () => {
    assert.equal(relativeUrl('index.html', 'guides/setup.html'), 'guides/setup.html');
    assert.equal(relativeUrl('guides/a.html', 'guides/setup.html'), 'setup.html');
    assert.equal(relativeUrl('guides/advanced/x.html', 'guides/setup.html'), '../setup.html');
    assert.equal(relativeUrl('guides/advanced/x.html', 'api/ref.html'), '../../api/ref.html');
    assert.equal(relativeUrl('a/x.html', 'a'), '../a');
    assert.equal(relativeUrl('index.html', 'my page.html'), 'my%20page.html');
  });

  it('the disk writer refuses paths that leave its folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docwright-writer-'));
    try {
      const w = new DiskExportWriter(path.join(dir, 'out'), dir);
      for (const bad of ['../escape.html', '/abs.html', 'a/../../escape.html']) await assert.rejects(w.write(bad, 'x'), /outside the output folder/, bad);
      await assert.rejects(w.copy('copied.txt', '../outside.txt'), /outside the site folder/);
      await w.flush();
      assert.ok(!existsSync(path.join(dir, 'escape.html')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the page queue of the export threads', () => {
  it('hands every page to exactly one thread, however the threads interleave', async () => {
    const { PageQueue } = await import('../../server/src/node/threads');
    const ids = Array.from({ length: 103 }, (_, i) => `p${i}`);
    const first = new PageQueue(ids);
    const queues = [first, new PageQueue(ids, first.buffer), new PageQueue(ids, first.buffer)];
    const taken: string[] = [];
    const done = new Set<number>();
    for (let step = 0; done.size < queues.length; step++) {
      const k = (step * 7 + (step >> 2)) % queues.length; // an irregular order of turns
      const id = queues[k].next();
      if (id === undefined) done.add(k);
      else taken.push(id);
    }
    assert.equal(taken.length, ids.length);
    assert.deepEqual([...taken].sort(), [...ids].sort());
  });
});

// Pages generated from OpenAPI files (site/api-pages.ts): operation entries in `pages`, `openapi`
// on each kind of division, titles, URLs and tag groups, x-mint, x-hidden, x-excluded; then the
// same pages in the sidebar, the preview, the export (HTML + Markdown), search, llms.txt, the
// sitemap and link checks; MDX pages at the same URL win.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { isOperationPage, siteApi } from '../../server/src/site/api-pages';
import { navigationOrder, pagesOf, type SiteModel } from '../../server/src/site/model';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import type { SiteFiles } from '../../server/src/rules/types';
import { check, ROOT, siteFrom, summarize, writeSiteToDisk } from '../helpers';
import { exportSite } from '../export-helpers';

const ok = { '200': { description: 'OK' } };
export const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1' },
  servers: [{ url: 'https://api.acme.example/v1' }],
  tags: [{ name: 'notes', 'x-group': 'Notes' }, { name: 'users' }],
  paths: {
    '/notes': {
      get: { tags: ['notes'], summary: 'List notes', description: 'Every note of the account.', responses: ok },
      post: { tags: ['notes'], summary: 'Create a note', deprecated: true, responses: ok },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      delete: { tags: ['notes'], summary: 'Delete a note', 'x-hidden': true, responses: ok },
      put: { tags: ['notes'], summary: 'Replace a note', 'x-excluded': true, responses: ok },
    },
    '/users': {
      get: {
        tags: ['users'],
        summary: 'List users',
        'x-mint': {
          metadata: { title: 'All the users', sidebarTitle: 'Users', openapi: 'ignored' },
          content: '## Before you start\n\n<Note>Admins only.</Note>',
          href: '/people/list',
        },
        responses: ok,
      },
    },
    '/health': { get: { responses: ok } },
  },
  webhooks: { noteCreated: { post: { summary: 'Note created', responses: ok } } },
};

const intro = '---\ntitle: "Introduction"\ndescription: "What the Acme API does and how to start."\n---\n\nStart here.\n';

function site(navigation: unknown, extra: SiteFiles = {}, more: Record<string, unknown> = {}): SiteFiles {
  return {
    'docs.json': JSON.stringify(
      { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0B6E4F' }, navigation, ...more },
      null,
      2,
    ),
    'introduction.mdx': intro,
    'openapi.json': JSON.stringify(SPEC, null, 2),
    ...extra,
  };
}

async function api(files: SiteFiles) {
  const { site: s } = await siteFrom(files);
  return siteApi(s);
}

/** The sidebar as text: groups with their page ids. */
function sidebar(model: SiteModel): string[] {
  const out: string[] = [];
  const walk = (items: SiteModel['groups'][number]['items'], depth: number) => {
    for (const i of items) {
      if (i.kind === 'group') {
        out.push(`${'  '.repeat(depth)}[${i.name}]`);
        walk(i.items, depth + 1);
      } else if (i.kind === 'page') out.push(`${'  '.repeat(depth)}${i.id}`);
    }
  };
  for (const g of model.groups) {
    out.push(`[${g.name}]`);
    walk(g.items, 1);
  }
  return out;
}

test('a tab with openapi and no operation entries lists every operation, grouped by tag (x-group names the group, the tag the URL)', async () => {
  const a = await api(
    site({
      tabs: [
        { tab: 'Guides', pages: ['introduction'] },
        { tab: 'API', openapi: 'openapi.json' },
      ],
    }),
  );
  assert.deepEqual(sidebar(a.model), [
    '[]',
    '  introduction',
    '[Notes]',
    '  api-reference/notes/list-notes',
    '  api-reference/notes/create-a-note',
    '[users]',
    '  people/list',
    '[]',
    '  api-reference/get-health',
    '  api-reference/note-created',
  ]);
  // x-hidden: a page, not in the navigation; x-excluded: no page.
  assert.ok(a.pages.has('api-reference/notes/delete-a-note'));
  assert.equal(
    [...a.pages.values()].filter(isOperationPage).some((p) => p.operation.path === '/notes/{id}' && p.operation.method === 'PUT'),
    false,
  );
  assert.equal(a.pages.size, 6);
  const list = a.pages.get('api-reference/notes/list-notes')!;
  assert.equal(list.rel, 'api-reference/notes/list-notes.mdx');
  assert.match(list.text, /^---\ntitle: "List notes"\ndescription: "Every note of the account\."\nopenapi: "openapi\.json GET \/notes"\n---\n/);
  assert.match(a.pages.get('api-reference/notes/create-a-note')!.text, /deprecated: true/);
  // x-mint: metadata over the defaults (not openapi), content before the reference, href as the URL.
  const users = a.pages.get('people/list')!;
  assert.match(users.text, /title: "All the users"\n/);
  assert.match(users.text, /sidebarTitle: "Users"\n/);
  assert.doesNotMatch(users.text, /ignored/);
  assert.match(users.text, /---\n\n## Before you start\n\n<Note>Admins only\.<\/Note>\n$/);
  // Untitled operations are named by method and path; webhooks are pages too.
  assert.equal(a.pages.get('api-reference/get-health')!.title, 'GET /health');
  assert.match(a.pages.get('api-reference/note-created')!.text, /openapi: "openapi\.json webhook noteCreated"/);
});

test('openapi on each kind of division: anchor, dropdown, group, version, language; directory moves the pages; api.openapi is the default', async () => {
  const forms: [string, unknown][] = [
    ['anchor', { anchors: [{ anchor: 'API', openapi: 'openapi.json' }] }],
    ['dropdown', { dropdowns: [{ dropdown: 'API', openapi: '/openapi.json' }] }],
    ['group', { groups: [{ group: 'API', openapi: 'openapi' }] }],
    ['version', { versions: [{ version: 'v1', openapi: 'openapi.json' }] }],
    ['language', { languages: [{ language: 'en', openapi: 'openapi.json' }] }],
    ['navigation', { openapi: 'openapi.json' }],
  ];
  for (const [kind, nav] of forms) {
    const a = await api(site(nav));
    assert.ok(navigationOrder(a.model).includes('api-reference/notes/list-notes'), kind);
    assert.equal(a.pages.size, 6, kind);
  }
  const dir = await api(site({ groups: [{ group: 'API', openapi: { source: 'openapi.json', directory: 'reference/' } }] }));
  assert.ok(dir.pages.has('reference/notes/list-notes'));
  // A version's generated groups carry the version.
  const v = await api(site({ versions: [{ version: 'v2', groups: [{ group: 'API', openapi: 'openapi.json' }] }] }));
  assert.ok(v.model.groups.every((g) => g.version === 'v2'));
  assert.ok(v.model.groups[0].items.every((i) => i.kind !== 'group' || i.version === 'v2'));
});

test("operation entries in pages: the division's openapi, a file prefix, api.openapi, or every spec; only the named operations get pages", async () => {
  const other = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'B', version: '1' },
    paths: { '/orders': { post: { summary: 'Create an order', responses: ok } } },
  });
  const nav = {
    groups: [
      { group: 'Start', pages: ['introduction', 'openapi/v2.json POST /orders'] },
      { group: 'Notes', openapi: 'openapi.json', pages: ['GET /notes', 'get /users', 'DELETE /notes/{id}', { group: 'More', pages: ['POST /notes'] }] },
    ],
  };
  const a = await api(site(nav, { 'openapi/v2.json': other }));
  assert.deepEqual(sidebar(a.model), [
    '[Start]',
    '  introduction',
    '  api-reference/create-an-order',
    '[Notes]',
    '  api-reference/notes/list-notes',
    '  people/list',
    '  [More]',
    '    api-reference/notes/create-a-note',
  ]);
  // The x-hidden one named in navigation still gets its page, out of the sidebar.
  assert.ok(a.pages.has('api-reference/notes/delete-a-note'));
  assert.equal(a.pages.size, 5);
  // Without a division's openapi: api.openapi, else every spec of the site.
  const b = await api(site({ pages: ['introduction', 'GET /notes'] }, {}, { api: { openapi: 'openapi.json' } }));
  assert.deepEqual(pagesOf(b.model.groups[0].items), ['introduction', 'api-reference/notes/list-notes']);
  const c = await api(site({ pages: ['introduction', 'POST /orders'] }, { 'openapi/v2.json': other }));
  assert.deepEqual(pagesOf(c.model.groups[0].items), ['introduction', 'api-reference/create-an-order']);
});

test('a page file at the URL of a generated page wins; the classic format generates nothing', async () => {
  const mdx = '---\ntitle: "Our notes list"\ndescription: "The notes, by hand."\nopenapi: "GET /notes"\n---\n\nWritten by hand.\n';
  const a = await api(site({ tabs: [{ tab: 'API', openapi: 'openapi.json' }] }, { 'api-reference/notes/list-notes.mdx': mdx }));
  assert.equal(a.pages.has('api-reference/notes/list-notes'), false);
  assert.ok(navigationOrder(a.model).includes('api-reference/notes/list-notes'));
  assert.equal(a.allPages.get('api-reference/notes/list-notes'), 'api-reference/notes/list-notes.mdx');
  const classic = await api({
    'mint.json': JSON.stringify({
      name: 'A',
      navigation: [{ group: 'G', pages: ['introduction'] }],
      tabs: [{ name: 'API', url: 'api-reference', openapi: 'openapi.json' }],
    }),
    'introduction.mdx': intro,
    'openapi.json': JSON.stringify(SPEC),
  });
  assert.equal(classic.pages.size, 0);
});

test('links into generated pages resolve; a link to a missing one is still broken', async () => {
  const linking =
    '---\ntitle: "Introduction"\ndescription: "What the Acme API does and how to start."\n---\n\nSee [list notes](/api-reference/notes/list-notes#api-response), [users](/people/list) and [nothing](/api-reference/notes/nope).\n';
  const findings = await check(
    site(
      {
        tabs: [
          { tab: 'Guides', pages: ['introduction'] },
          { tab: 'API', openapi: 'openapi.json' },
        ],
      },
      { 'introduction.mdx': linking },
    ),
  );
  assert.deepEqual(summarize(findings.filter((f) => f.ruleId === 'link-broken')), ['link-broken introduction.mdx:6:101']);
  assert.match(findings.find((f) => f.ruleId === 'link-broken')!.message, /Did you mean "\/api-reference\/notes\/list-notes"/);
});

test('the preview renders a generated page by id, with its sidebar method badges, the x-mint content and the reference', async () => {
  const files = site({
    tabs: [
      { tab: 'Guides', pages: ['introduction'] },
      { tab: 'API', openapi: 'openapi.json' },
    ],
  });
  const project = new Project(new MemoryWorkspace(files, ROOT), [ROOT]);
  await project.scan();
  const out = await renderPreview(project, `${ROOT}/introduction.mdx`, 'https://assets/', { pageId: 'people/list' });
  assert.ok(out);
  assert.equal(out.pageId, 'people/list');
  assert.equal(out.page.title, 'All the users');
  assert.ok(out.body.includes('>Before you start</h2>'), 'x-mint content');
  assert.match(out.body, /dw-playground|data-dw-playground/);
  assert.match(out.body, /<span class="dw-method dw-nav-method dw-method-get">GET<\/span>Users<\/a>/);
  assert.match(out.body, /dw-method-post">POST<\/span>Create a note<span class="dw-badge dw-nav-deprecated">deprecated<\/span>/);
  assert.equal(await renderPreview(project, `${ROOT}/introduction.mdx`, 'https://assets/', { pageId: 'no/such/page' }), undefined);
});

test('the export writes every generated page as HTML and Markdown, in search, llms.txt, llms-full.txt and the sitemap', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dw-api-pages-'));
  try {
    const files = site(
      {
        tabs: [
          { tab: 'Guides', pages: ['introduction'] },
          { tab: 'API', openapi: 'openapi.json' },
        ],
      },
      { 'introduction.mdx': intro.replace('Start here.', 'Start with [the notes](/api-reference/notes/list-notes).') },
    );
    writeSiteToDisk(path.join(dir, 'site'), files);
    const run = await exportSite({ dir: path.join(dir, 'site'), out: path.join(dir, 'out'), baseUrl: 'https://docs.acme.example/' });
    assert.equal(run.code, 0, run.err.join('\n'));
    const out = (p: string) => readFileSync(path.join(dir, 'out', p), 'utf8');
    for (const id of [
      'api-reference/notes/list-notes',
      'api-reference/notes/create-a-note',
      'people/list',
      'api-reference/get-health',
      'api-reference/note-created',
      'api-reference/notes/delete-a-note',
    ]) {
      assert.ok(existsSync(path.join(dir, 'out', `${id}.html`)), id);
      assert.ok(existsSync(path.join(dir, 'out', `${id}.md`)), id);
    }
    assert.match(out('api-reference/notes/list-notes.html'), /Every note of the account\./);
    assert.match(out('api-reference/notes/list-notes.html'), /curl/);
    assert.match(out('people/list.md'), /# All the users[\s\S]*Before you start[\s\S]*Admins only\./);
    assert.match(out('introduction.html'), /href="api-reference\/notes\/list-notes\.html"/);
    const llms = out('llms.txt');
    assert.match(llms, /\[List notes\]\(https:\/\/docs\.acme\.example\/api-reference\/notes\/list-notes\.md\)/);
    assert.doesNotMatch(llms, /delete-a-note/, 'x-hidden pages stay out of llms.txt');
    assert.match(out('llms-full.txt'), /Admins only\./);
    assert.match(out('sitemap.xml'), /api-reference\/notes\/list-notes\.html/);
    assert.match(out('_docwright/search-index.js'), /List notes/);
    assert.match(run.out.join('\n'), /: 0 errors, 0 warnings\./);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a division with openapi and pages of its own generates only the operations it names', async () => {
  const a = await api(site({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['introduction', 'GET /notes'] }] }));
  assert.deepEqual(navigationOrder(a.model), ['introduction', 'api-reference/notes/list-notes']);
  assert.deepEqual([...a.pages.keys()], ['api-reference/notes/list-notes']);
});

test('nav-operation-unknown: an operation no spec has is an error with the closest operations as fixes; api-operation-duplicate warns on two pages for one operation', async () => {
  const { applyFix } = await import('../helpers');
  const files = site({
    groups: [
      { group: 'API', openapi: 'openapi.json', pages: ['introduction', 'GET /note', 'openapi.json post /notes', 'other.json GET /x', 'PUT /notes/{id}'] },
    ],
  });
  const ws = new MemoryWorkspace(files, ROOT);
  const findings = (await check(ws)).filter((f) => f.ruleId === 'nav-operation-unknown');
  assert.deepEqual(summarize(findings), [
    'nav-operation-unknown docs.json:15:11',
    'nav-operation-unknown docs.json:17:11',
    'nav-operation-unknown docs.json:18:11',
  ]);
  assert.match(findings[0].message, /^GET \/note is not an operation of openapi\.json, so no page is generated for it\. Did you mean "GET \/notes"\?$/);
  assert.deepEqual(
    findings[0].fixes!.map((f) => f.title),
    ['Change to "GET /notes"', 'Change to "POST /notes"'],
  );
  assert.match(findings[1].message, /"other\.json" is not an OpenAPI file of the site \(openapi\.json\)/);
  assert.match(findings[2].message, /marked x-excluded in openapi\.json/);
  applyFix(ws, findings[0].fixes![0]);
  assert.match(ws.files.get(`${ROOT}/docs.json`)!, /"GET \/notes",/);
  assert.equal((await check(ws)).filter((f) => f.ruleId === 'nav-operation-unknown').length, 2);
  // A spec that does not parse is reported once (openapi-invalid) and blocks nothing else: pages still check and render.
  const broken = site(
    { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['introduction', 'GET /notes'] }] },
    { 'openapi.json': '{ "openapi": ', 'introduction.mdx': intro + '\n[Broken](/nowhere)\n' },
  );
  const b = await check(broken);
  assert.deepEqual([...new Set(b.map((f) => f.ruleId))].sort(), ['link-broken', 'openapi-invalid']);
  // Two pages for one operation.
  const mdx = '---\ntitle: "Our notes"\ndescription: "The notes, by hand, newest first."\nopenapi: "GET /notes"\n---\n\nWritten by hand.\n';
  const dup = await check(site({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['introduction', 'notes', 'GET /notes'] }] }, { 'notes.mdx': mdx }));
  const d = dup.filter((f) => f.ruleId === 'api-operation-duplicate');
  assert.deepEqual(summarize(d), ['api-operation-duplicate notes.mdx:4:10']);
  assert.match(d[0].message, /GET \/notes of openapi\.json also has the page "api-reference\/notes\/list-notes" \(generated from the navigation\)/);
});

test('docs.json: "GET /…" entries in pages complete from the specs in force there, and hover shows the operation summary', async () => {
  const { completeConfig, hoverConfig } = await import('../../server/src/features/config-features');
  const files = site({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['introduction', 'GET /notes', 'GET /n'] }] });
  const { site: s } = await siteFrom(files);
  const text = s.config.text;
  const at = (needle: string, delta: number) => s.config.index.positionAt(text.indexOf(needle) + delta);
  const list = await completeConfig(s, s.config, at('"GET /n"', 6));
  const ops = list.items.filter((i) => i.detail === 'List notes' || i.label === 'POST /notes');
  assert.deepEqual(
    ops.map((i) => [i.label, i.detail]),
    [
      ['GET /notes', 'List notes'],
      ['POST /notes', 'Create a note'],
    ],
  );
  assert.ok(list.items.some((i) => i.label === 'webhook noteCreated'));
  assert.ok(!list.items.some((i) => i.label === 'PUT /notes/{id}'), 'x-excluded operations are not offered');
  const hover = await hoverConfig(s.config, at('"GET /notes"', 3), s);
  assert.match(JSON.stringify(hover?.contents), /\*\*GET \/notes\*\*: List notes[\s\S]*Every note of the account\./);
});

// The current generation of docs.json: the same site written in both generations gives the same
// navigation graph and the same findings; locations, quick fixes, "$ref" files and redirects work
// in the current format; the schema drives completion and hover.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { migrateConfig } from '../../server/src/config/migrate';
import { DEFAULT_TITLE } from '../../server/src/config/defaults';
import { completeConfig, definitionInConfig, hoverConfig } from '../../server/src/features/config-features';
import { buildSiteModel, pagesOf, type NavItem, type SiteModel } from '../../server/src/site/model';
import { exampleSite, page } from '../../server/src/rules/examples';
import type { SiteFiles } from '../../server/src/rules/types';
import type { Finding } from '../../server/src/types';
import { applyFix, check, CLASSIC_SITE, cursor, ROOT, siteFrom } from '../helpers';
import { LineIndex } from '../../server/src/util/text';

/** A site given as a config object in either generation plus its page files. */
function site(config: unknown, pages: string[], extra: SiteFiles = {}): SiteFiles {
  return { ...exampleSite({}, pages, extra), 'docs.json': JSON.stringify(config, null, 2) + '\n' };
}

/** The same site with its docs.json migrated to the current format. */
function migrated(files: SiteFiles): SiteFiles {
  const result = migrateConfig(files['docs.json']);
  assert.equal(result.alreadyCurrent, false);
  return { ...files, 'docs.json': result.text };
}

const items = (list: readonly NavItem[]): unknown =>
  list.map((i) => (i.kind === 'page' ? i.id : i.kind === 'link' ? `${i.label}->${i.href}` : { group: i.name, items: items(i.items) }));

/**
 * The navigation graph of a model, version by version: for each version (or none), the groups it
 * shows with their tab, anchor, name and pages. Tabs and anchors are named (undefined: the default
 * tab and the top anchor), so the graph does not depend on how either generation orders them.
 */
function graph(model: SiteModel): string[] {
  const tab = (i: number | undefined) => (i === undefined ? (model.primaryTab?.name ?? DEFAULT_TITLE) : model.tabs[i].name);
  const anchor = (i: number | undefined) => (i === undefined ? model.topAnchor.name : model.anchors[i].name);
  const versions = model.versions.length ? model.versions : [undefined];
  const out: string[] = [];
  for (const v of versions) {
    for (const g of model.groups) {
      if (g.version !== undefined && g.version !== v) continue;
      out.push(JSON.stringify([v ?? '', model.tabs.length ? tab(g.tab) : '', model.anchors.length ? anchor(g.anchor) : '', g.name, items(g.items)]));
    }
  }
  return out.sort();
}

async function modelOf(files: SiteFiles): Promise<SiteModel> {
  return buildSiteModel((await siteFrom(files)).site.config);
}

/** Findings as rule id and message, each once (a current-format site may list a page in several versions). */
const said = (findings: Finding[]) => [...new Set(findings.map((f) => `${f.ruleId}: ${f.message}`))].sort();

/** The text a finding's range covers. */
function covered(text: string, f: Finding): string {
  const index = new LineIndex(text);
  return text.slice(index.offsetAt(f.range.start), index.offsetAt(f.range.end));
}

/** A classic site with tabs, anchors (one a link), nested groups and a handful of mistakes. */
function classicSite(): SiteFiles {
  const config = {
    name: 'Acme',
    favicon: 'https://acme.dev/favicon.svg',
    colors: { primary: '#0B6E4F' },
    tabs: [
      { name: 'API', url: 'api' },
      { name: 'Blog', url: 'https://blog.acme.example' },
    ],
    anchors: [
      { name: 'SDKs', url: 'sdk', icon: 'code' },
      { name: 'Community', url: 'https://discord.gg/acme', icon: 'discord' },
    ],
    navigation: [
      { group: 'Get started', pages: ['introduction', 'quickstart', 'missing-page', 'introduction'] },
      { group: 'Guides', icon: 'book', pages: ['guides/setup', { group: 'Advanced', pages: ['guides/advanced/webhooks', '../outside'] }] },
      { group: 'API', pages: ['api/overview', 'api/users'] },
      { group: 'SDKs', pages: ['sdk/node'] },
    ],
    redirects: [{ source: '/old-setup', destination: '/guides/setup' }],
  };
  const pages = ['introduction', 'quickstart', 'guides/setup', 'guides/advanced/webhooks', 'api/overview', 'api/users', 'sdk/node', 'guides/forgotten'];
  const files = site(config, pages);
  files['quickstart.mdx'] = page('Quickstart') + '\nSee [setup](/old-setup), [the users API](/api/user) and [webhooks](/guides/advanced/webhooks#retries).\n';
  return files;
}

describe('current format: one site in both generations', () => {
  it('gives the same navigation graph', async () => {
    const classic = classicSite();
    const current = migrated(classic);
    const [a, b] = [await modelOf(classic), await modelOf(current)];
    assert.equal(a.generation, 'classic');
    assert.equal(b.generation, 'current');
    assert.deepEqual(graph(b), graph(a));
    assert.ok(graph(a).length >= 4);
    // Every page of the navigation, in order.
    assert.deepEqual(pagesOf(b.groups.flatMap((g) => g.items)), pagesOf(a.groups.flatMap((g) => g.items)));
    // Chrome read from either generation.
    assert.deepEqual(
      b.anchors.map((x) => [x.name, x.url]),
      [
        ['SDKs', 'sdk'],
        ['Community', 'https://discord.gg/acme'],
      ],
    );
    assert.deepEqual(
      b.tabs.map((x) => [x.name, x.url]),
      [
        ['API', 'api'],
        ['Blog', 'https://blog.acme.example'],
      ],
    );
    assert.deepEqual(b.redirects, a.redirects);
    assert.deepEqual(b.redirects, [{ source: '/old-setup', destination: '/guides/setup' }]);
  });

  it('gives the same findings for the same mistakes', async () => {
    const classic = classicSite();
    const [a, b] = [await check(classic), await check(migrated(classic))];
    assert.deepEqual(said(b), said(a));
    // The mistakes are all there: missing page, duplicate, path outside the site, orphan, broken link and anchor.
    assert.deepEqual([...new Set(a.map((f) => f.ruleId))].sort(), [
      'link-broken',
      'nav-duplicate-page',
      'nav-missing-page',
      'nav-path-outside-site',
      'orphan-page',
    ]);
    assert.equal(a.filter((f) => f.ruleId === 'link-broken').length, 2, 'the redirected /old-setup is not a broken link');
  });

  it('gives the same graph and findings for the classic example site, versions included, and the migrated example checks clean', async () => {
    const files: SiteFiles = {};
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = nodePath.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else files[nodePath.relative(CLASSIC_SITE, p).split(nodePath.sep).join('/')] = readFileSync(p, 'utf8');
      }
    };
    walk(CLASSIC_SITE);
    const current = migrated(files);
    assert.deepEqual(graph(await modelOf(current)), graph(await modelOf(files)));
    assert.deepEqual(await check(current), []);
    // The same mistake in both: a page file removed.
    const broken = { ...files };
    delete broken['quickstart.mdx'];
    assert.deepEqual(said(await check(migrated(broken))), said(await check(broken)));
  });

  it('reads a hand-written current config like its classic twin', async () => {
    const pages = ['index', 'guides/setup', 'api/overview', 'api/users'];
    const classic = site(
      {
        name: 'Acme',
        favicon: 'https://acme.dev/favicon.svg',
        colors: { primary: '#0B6E4F' },
        tabs: [{ name: 'API reference', url: 'api' }],
        primaryTab: { name: 'Guides' },
        navigation: [
          { group: 'Start', pages: ['index', 'guides/setup'] },
          { group: 'Endpoints', pages: ['api/overview', 'api/users'] },
        ],
      },
      pages,
    );
    const current = site(
      {
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0B6E4F' },
        navigation: {
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'guides/setup'] }] },
            { tab: 'API reference', groups: [{ group: 'Endpoints', pages: ['api/overview', 'api/users'] }] },
          ],
        },
      },
      pages,
    );
    const [a, b] = [await modelOf(classic), await modelOf(current)];
    assert.deepEqual(graph(b), graph(a));
    assert.deepEqual(b.primaryTab, { name: 'Guides' });
    assert.deepEqual(b.tabs, [{ name: 'API reference', url: 'api' }]);
    assert.deepEqual(await check(current), []);
    assert.deepEqual(await check(classic), []);
  });
});

describe('current format: navigation checks', () => {
  const config = (navigation: unknown, extra: Record<string, unknown> = {}) => ({
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation,
    ...extra,
  });

  it('locates findings on the entry, in tabs, anchors, dropdowns, products, menus, versions and languages', async () => {
    const navigation = {
      tabs: [
        { tab: 'Docs', groups: [{ group: 'Start', root: 'start/gone-root', pages: ['start/a', 'start/gone1'] }] },
        { tab: 'Tools', menu: [{ item: 'CLI', pages: ['tools/gone2'] }] },
        { tab: 'Blog', href: 'https://blog.acme.example' },
      ],
      global: { anchors: [{ anchor: 'Changelog', href: '/changelog' }] },
    };
    const files = site(config(navigation), ['start/a', 'changelog']);
    const findings = await check(files);
    const missing = findings.filter((f) => f.ruleId === 'nav-missing-page');
    assert.deepEqual(
      missing.map((f) => covered(files['docs.json'], f)),
      ['"start/gone-root"', '"start/gone1"', '"tools/gone2"'],
    );
    // `changelog` is reached through the global anchor: not an orphan.
    assert.deepEqual(
      findings.filter((f) => f.ruleId !== 'nav-missing-page'),
      [],
    );

    const deep = config({
      versions: [
        { version: 'v2', languages: [{ language: 'en', dropdowns: [{ dropdown: 'Guides', products: [{ product: 'Core', pages: ['v2/a', 'v2/gone'] }] }] }] },
        { version: 'v1', anchors: [{ anchor: 'Old', groups: [{ group: 'Old', pages: ['v1/a', { group: 'Nested', pages: ['v1/gone'] }] }] }] },
      ],
    });
    const deepFiles = site(deep, ['v2/a', 'v1/a']);
    const deepFindings = await check(deepFiles);
    assert.deepEqual(
      deepFindings.map((f) => [f.ruleId, covered(deepFiles['docs.json'], f)]),
      [
        ['nav-missing-page', '"v2/gone"'],
        ['nav-missing-page', '"v1/gone"'],
      ],
    );
  });

  it('lets a page appear once per version and per language, not twice in one', async () => {
    const files = site(
      config({
        versions: [
          { version: 'v2', groups: [{ group: 'A', pages: ['intro', 'intro'] }] },
          { version: 'v1', groups: [{ group: 'A', pages: ['intro'] }] },
        ],
      }),
      ['intro'],
    );
    const findings = await check(files);
    assert.deepEqual(
      findings.map((f) => f.message),
      ['"intro" is already in the navigation (group "A").'],
    );
    assert.equal(covered(files['docs.json'], findings[0]), '"intro"');
    assert.equal(findings[0].related?.[0].range.start.line, findings[0].range.start.line - 1, 'the first listing, one line above');
  });

  it('does not take OpenAPI operations for page files, and links into the API pages they generate resolve', async () => {
    const op = (summary: string) => ({ summary, tags: ['users'], responses: { '200': { description: 'OK' } } });
    const files = site(
      config({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['api/intro', 'GET /users', 'openapi.json POST /users'] }] }),
      ['api/intro'],
      {
        'openapi.json': JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Acme', version: '1' },
          paths: { '/users': { get: op('List users'), post: op('Create a user') } },
        }),
      },
    );
    files['api/intro.mdx'] = page('Intro') + '\nSee [list users](/api-reference/users/list-users).\n';
    assert.deepEqual(await check(files), []);
  });

  it('offers quick fixes that edit the current navigation: add an orphan to a group, remove or create a missing entry', async () => {
    const files = site(config({ tabs: [{ tab: 'Docs', groups: [{ group: 'Guides', pages: ['guides/a', 'guides/gone'] }] }] }), ['guides/a', 'guides/b']);
    const { ws } = await siteFrom(files);
    const findings = await check(ws);
    const orphan = findings.find((f) => f.ruleId === 'orphan-page')!;
    assert.equal(orphan.fixes![0].title, 'Add "guides/b" to navigation group "Guides"');
    applyFix(ws, orphan.fixes![0]);
    const missing = (await check(ws)).find((f) => f.ruleId === 'nav-missing-page')!;
    applyFix(
      ws,
      missing.fixes!.find((f) => f.title.startsWith('Remove'))!,
    );
    const text = ws.files.get(`${ROOT}/docs.json`)!;
    assert.deepEqual(JSON.parse(text).navigation.tabs[0].groups[0].pages, ['guides/a', 'guides/b']);
    assert.deepEqual(await check(ws), []);
  });

  it('adds an orphan to a division that lists pages itself', async () => {
    const files = site(config({ anchors: [{ anchor: 'Docs', pages: ['a'] }] }), ['a', 'b']);
    const { ws } = await siteFrom(files);
    const orphan = (await check(ws)).find((f) => f.ruleId === 'orphan-page')!;
    assert.equal(orphan.fixes![0].title, 'Add "b" to navigation anchor "Docs"');
    applyFix(ws, orphan.fixes![0]);
    assert.deepEqual(JSON.parse(ws.files.get(`${ROOT}/docs.json`)!).navigation.anchors[0].pages, ['a', 'b']);
    assert.deepEqual(await check(ws), []);
  });

  it('follows "$ref" files: navigation parts and redirects, located and fixed in the file that holds them', async () => {
    const files = site(
      config(
        { languages: [{ language: 'en', groups: [{ group: 'Start', pages: ['intro'] }] }, { $ref: './es.json' }] },
        { redirects: { $ref: './redirects.json' } },
      ),
      ['intro', 'es/intro', 'es/extra'],
      {
        'es.json': JSON.stringify({ language: 'es', groups: [{ group: 'Inicio', pages: ['es/intro', 'es/gone'] }] }, null, 2),
        'redirects.json': JSON.stringify([{ source: '/old', destination: '/intro' }]),
      },
    );
    files['intro.mdx'] = page('Intro') + '\nSee [the old page](/old).\n';
    const { ws, site: s } = await siteFrom(files);
    const model = buildSiteModel(s.config);
    assert.deepEqual(model.redirects, [{ source: '/old', destination: '/intro' }]);
    assert.deepEqual(model.languages, [
      { code: 'en', default: false },
      { code: 'es', default: false },
    ]);
    const findings = await check(ws);
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.path.replace(ROOT + '/', '')]),
      [
        ['nav-missing-page', 'es.json'],
        ['orphan-page', 'es/extra.mdx'],
      ],
    );
    assert.equal(covered(files['es.json'], findings[0]), '"es/gone"');
    const orphan = findings[1];
    assert.equal(orphan.fixes![0].title, 'Add "es/extra" to navigation group "Inicio"');
    applyFix(ws, orphan.fixes![0]);
    assert.deepEqual(JSON.parse(ws.files.get(`${ROOT}/es.json`)!).groups[0].pages, ['es/intro', 'es/gone', 'es/extra']);
  });

  it('checks hrefs of tabs and anchors that are site paths', async () => {
    const files = site(
      config({
        groups: [{ group: 'A', pages: ['intro', 'guides/setup'] }],
        global: {
          anchors: [
            { anchor: 'Guides', href: '/guide' },
            { anchor: 'Ok', href: '/guides' },
          ],
        },
      }),
      ['intro', 'guides/setup'],
    );
    const findings = await check(files);
    assert.deepEqual(
      findings.map((f) => [f.ruleId, covered(files['docs.json'], f)]),
      [['nav-url-no-pages', '"/guide"']],
    );
    assert.match(findings[0].message, /Did you mean "\/guides"\?/);
  });

  it('reports a tab that holds nothing, and accepts a group without a label', async () => {
    const files = site(
      config({
        tabs: [
          { tab: 'Docs', groups: [{ group: '', pages: ['intro'] }] },
          { tab: 'Empty', groups: [] },
        ],
      }),
      ['intro'],
    );
    const findings = await check(files);
    assert.deepEqual(
      findings.map((f) => [f.ruleId, covered(files['docs.json'], f), f.message]),
      [['nav-url-no-pages', '"tab"', 'Tab "Empty" holds no pages and links nowhere: readers would get an empty section.']],
    );
  });

  it('reports a single-entry versions division, the schema problems of the current format, and contrast on background.color', async () => {
    const files = site(
      config(
        { versions: [{ version: 'v1', groups: [{ group: 'A', pages: ['intro'] }] }] },
        { appearance: { default: 'lihgt' }, background: { color: { light: '#FFFFFF' } }, colors: { primary: '#7DD3FC' } },
      ),
      ['intro'],
    );
    const findings = await check(files);
    assert.deepEqual(findings.map((f) => f.ruleId).sort(), ['color-contrast', 'config-invalid-value', 'single-version']);
    assert.match(findings.find((f) => f.ruleId === 'config-invalid-value')!.message, /Expected one of: "system", "light", "dark"/);
  });
});

describe('current format: editor features', () => {
  const text = (body: string) => `{\n  "theme": "mint",\n  "name": "Acme",\n  "colors": { "primary": "#0B6E4F" },\n${body}\n}`;

  it('completes fields and values of the current schema', async () => {
    const { text: t, position } = cursor(text('  "navigation": { "groups": [] },\n  "appearance": { "default": "|" }'));
    const { site: s } = await siteFrom({ ...exampleSite({}, ['intro']), 'docs.json': t });
    const values = (await completeConfig(s, s.config, position)).items.map((i) => i.label.replace(/"/g, ''));
    assert.deepEqual(values.sort(), ['dark', 'light', 'system']);
    const { text: t2, position: p2 } = cursor(text('  "navigation": { "groups": [] },\n  "nav|"'));
    const { site: s2 } = await siteFrom({ ...exampleSite({}, ['intro']), 'docs.json': t2 });
    const keys = (await completeConfig(s2, s2.config, p2)).items.map((i) => i.label);
    assert.ok(keys.includes('navbar') && !keys.includes('topbarLinks'), keys.join(', '));
  });

  it('completes page paths in pages and hovers with the current docs; F12 on a root page opens it', async () => {
    const { text: t, position } = cursor(text('  "navigation": { "groups": [{ "group": "A", "root": "guides/setup", "pages": ["|"] }] }'));
    const { site: s } = await siteFrom({ ...exampleSite({}, ['intro', 'guides/setup']), 'docs.json': t });
    const labels = (await completeConfig(s, s.config, position)).items.map((i) => i.label).sort();
    assert.deepEqual(labels, ['guides/setup', 'intro']);
    const hover = await hoverConfig(s.config, s.config.index.positionAt(t.indexOf('"theme"') + 2));
    assert.match(JSON.stringify(hover?.contents), /theme/i);
    const target = definitionInConfig(s, s.config, s.config.index.positionAt(t.indexOf('guides/setup') + 2));
    assert.equal(target?.path, `${ROOT}/guides/setup.mdx`);
  });
});

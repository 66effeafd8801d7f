import { type ASTNode, child, isArray, isString, stringChild } from '../../config/ast';
import { field } from '../../config/refs';
import { buildSiteModel } from '../../site/model';
import { pageId } from '../../site/navigation';
import { isExternalUrl, relativeInside, resolveInSite, trimSlashes } from '../../util/paths';
import { nearest } from '../../util/suggest';
import { configFix, nodeRange, replaceNode } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const navUrlNoPages: SiteRule = {
  id: 'nav-url-no-pages',
  description: 'A tab or anchor url (current format: href) that is a site path matches pages of the site.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'A tab or anchor marks the pages whose path starts with its `url` (generally their folder). A url that no navigation page starts with gives an empty tab or anchor. External URLs (`https://…`), redirect sources and tabs or anchors with their own `openapi` file (whose pages are generated) are not checked. In the current format tabs and anchors hold their pages: one with an `href` that is a site path (such as a global anchor `/changelog`) must lead to a page, a file, or a folder of navigation pages, and one with no pages, no sections and no `href` is reported as empty.',
    bad: exampleSite(minimalConfig(['introduction', 'api-reference/overview'], { tabs: [{ name: 'API', url: 'api-refrence' }] }), [
      'introduction',
      'api-reference/overview',
    ]),
    good: exampleSite(minimalConfig(['introduction', 'api-reference/overview'], { tabs: [{ name: 'API', url: 'api-reference' }] }), [
      'introduction',
      'api-reference/overview',
    ]),
  },
  check({ site, report }) {
    const ids = site.nav.entries.map((e) => pageId(e.page));
    const folders = new Set<string>();
    for (const id of ids) {
      const parts = id.split('/');
      for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
    }
    // Redirect sources are links too (`/discord` -> an invite URL).
    const redirectSources = new Set(buildSiteModel(site.config).redirects.map((r) => trimSlashes(r.source)));
    if (site.config.generation === 'current') {
      for (const link of site.nav.links) {
        if (isExternalUrl(link.href) || link.href.startsWith('#')) continue;
        const prefix = trimSlashes(link.href.split(/[?#]/)[0]);
        if (
          prefix === '' ||
          redirectSources.has(prefix) ||
          site.pages.has(pageId(prefix)) ||
          site.pages.has(prefix + '/index') ||
          ids.some((id) => id.startsWith(prefix + '/'))
        )
          continue;
        const abs = resolveInSite(site.root, prefix);
        if (abs && site.files.has(relativeInside(site.root, abs) ?? '')) continue;
        const similar = nearest(prefix, [...site.pages.keys(), ...folders]);
        const kind = link.kind.charAt(0).toUpperCase() + link.kind.slice(1);
        report({
          message:
            `${kind} "${link.label}" has href "${link.href}", but no page of the site is at "${prefix}" and no navigation page starts with "${prefix}/".` +
            (similar ? ` Did you mean "/${similar}"?` : ''),
          path: link.config.path,
          range: nodeRange(link.config, link.node),
          fixes: similar
            ? [configFix(link.config, `Replace with "/${similar}"`, [replaceNode(link.config, link.node, JSON.stringify('/' + similar))], true)]
            : [],
        });
      }
      // A tab, anchor or other division with no pages, no sections and no link is an empty section.
      const CONTENT = [
        'pages',
        'groups',
        'tabs',
        'anchors',
        'dropdowns',
        'products',
        'versions',
        'languages',
        'menu',
        'href',
        'openapi',
        'asyncapi',
        'sdk',
        'graphql',
      ];
      for (const g of site.nav.groups) {
        if (g.kind === 'group' || g.kind === 'navigation') continue;
        const holds = (key: string) => {
          const v = field(site.config, { doc: g.config, node: g.node }, key);
          return v !== undefined && !(isArray(v.node) && v.node.items.length === 0);
        };
        if (CONTENT.some(holds)) continue;
        const label = g.node.properties.find((p) => p.keyNode.value === (g.kind === 'item' ? 'item' : g.kind))?.keyNode ?? g.node;
        const kind = g.kind === 'item' ? 'Menu item' : g.kind.charAt(0).toUpperCase() + g.kind.slice(1);
        report({
          message: `${kind} "${g.name}" holds no pages and links nowhere: readers would get an empty section.`,
          path: g.config.path,
          range: nodeRange(g.config, label),
        });
      }
      return;
    }
    const check = (kind: string, item: ASTNode) => {
      const urlNode = stringChild(item, 'url');
      if (!urlNode || isExternalUrl(urlNode.value)) return;
      // With `openapi`, the format generates the tab's or anchor's pages from the OpenAPI file.
      if (child(item, 'openapi') !== undefined) return;
      const prefix = trimSlashes(urlNode.value);
      if (prefix === '' || redirectSources.has(prefix) || ids.some((id) => id === prefix || id.startsWith(prefix + '/'))) return;
      const name = stringChild(item, 'name')?.value ?? '';
      const similar = nearest(prefix, folders);
      report({
        message:
          `${kind} "${name}" has url "${urlNode.value}", but no navigation page starts with "${prefix}/".` + (similar ? ` Did you mean "${similar}"?` : ''),
        node: urlNode,
        fixes: similar ? [configFix(site.config, `Replace with "${similar}"`, [replaceNode(site.config, urlNode, JSON.stringify(similar))], true)] : [],
      });
    };
    for (const [key, kind] of [
      ['tabs', 'Tab'],
      ['anchors', 'Anchor'],
    ] as const) {
      const list = child(site.config.root, key);
      if (isArray(list)) for (const item of list.items) if (!isString(item)) check(kind, item);
    }
  },
};

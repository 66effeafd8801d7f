import { type ASTNode, child, isArray, isString, stringChild } from '../../config/ast';
import { pageId } from '../../site/navigation';
import { isExternalUrl } from '../../util/paths';
import { nearest } from '../../util/suggest';
import { configFix, replaceNode } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const navUrlNoPages: SiteRule = {
  id: 'nav-url-no-pages',
  description: 'A tab or anchor url that is a site path matches pages in the navigation.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'A tab or anchor marks the pages whose path starts with its `url` (generally their folder). A url that no navigation page starts with gives an empty tab or anchor. External URLs (`https://…`), redirect sources and tabs or anchors with their own `openapi` file (whose pages are generated) are not checked.',
    bad: exampleSite(minimalConfig(['introduction', 'api-reference/overview'], { tabs: [{ name: 'API', url: 'api-refrence' }] }), ['introduction', 'api-reference/overview']),
    good: exampleSite(minimalConfig(['introduction', 'api-reference/overview'], { tabs: [{ name: 'API', url: 'api-reference' }] }), ['introduction', 'api-reference/overview']),
  },
  check({ site, report }) {
    const ids = site.nav.entries.map((e) => pageId(e.page));
    const folders = new Set<string>();
    for (const id of ids) {
      const parts = id.split('/');
      for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
    }
    // Redirect sources are links too (`/discord` -> an invite URL).
    const redirects = child(site.config.root, 'redirects');
    const redirectSources = new Set(
      isArray(redirects) ? redirects.items.map((r) => stringChild(r, 'source')?.value.replace(/^\/+|\/+$/g, '')).filter((v) => v !== undefined) : [],
    );
    const check = (kind: string, item: ASTNode) => {
      const urlNode = stringChild(item, 'url');
      if (!urlNode || isExternalUrl(urlNode.value)) return;
      // With `openapi`, the format generates the tab's or anchor's pages from the OpenAPI file.
      if (child(item, 'openapi') !== undefined) return;
      const prefix = urlNode.value.replace(/^\/+|\/+$/g, '');
      if (prefix === '' || redirectSources.has(prefix) || ids.some((id) => id === prefix || id.startsWith(prefix + '/'))) return;
      const name = stringChild(item, 'name')?.value ?? '';
      const similar = nearest(prefix, folders);
      report({
        message: `${kind} "${name}" has url "${urlNode.value}", but no navigation page starts with "${prefix}/".` + (similar ? ` Did you mean "${similar}"?` : ''),
        node: urlNode,
        fixes: similar ? [configFix(site.config, `Replace with "${similar}"`, [replaceNode(site.config, urlNode, JSON.stringify(similar))], true)] : [],
      });
    };
    for (const [key, kind] of [['tabs', 'Tab'], ['anchors', 'Anchor']] as const) {
      const list = child(site.config.root, key);
      if (isArray(list)) for (const item of list.items) if (!isString(item)) check(kind, item);
    }
  },
};

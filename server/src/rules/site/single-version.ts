import { type ArrayASTNode, child, isArray } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const singleVersion: SiteRule = {
  id: 'single-version',
  description: '`versions` lists at least two versions.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'The versions dropdown is for sites that show several versions of their docs. With a single entry it offers no choice; remove `versions` or add the other versions. In the current format the same holds for a `versions` division of the navigation.',
    bad: exampleSite(minimalConfig(['introduction'], { versions: ['v2'] }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { versions: ['v2', 'v1'] }), ['introduction']),
  },
  check({ site, report }) {
    const lists: { node: ArrayASTNode; path: string }[] = [];
    if (site.config.generation === 'classic') {
      const versions = child(site.config.root, 'versions');
      if (isArray(versions)) lists.push({ node: versions, path: site.config.path });
    } else {
      // Every `versions` division of the navigation (its items are the groups of kind "version").
      for (const g of site.nav.groups) {
        const list = g.kind === 'version' ? g.node.parent : undefined;
        if (isArray(list) && !lists.some((l) => l.node === list)) lists.push({ node: list, path: g.config.path });
      }
    }
    for (const { node, path } of lists) {
      if (node.items.length !== 1) continue;
      const doc = path === site.config.path ? site.config : site.config.refs?.get(path);
      report({
        message: '"versions" has a single entry; the versions dropdown is meant for two or more versions.',
        path,
        range: doc ? doc.index.range(node.offset, node.length) : undefined,
      });
    }
  },
};

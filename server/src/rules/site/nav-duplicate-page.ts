import { pageId } from '../../site/navigation';
import { configFix, nodeRange, removeListItem } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const navDuplicatePage: SiteRule = {
  id: 'nav-duplicate-page',
  description: 'A page appears in the navigation only once.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'A page listed twice shows twice in the sidebar and makes previous/next links loop. Keep the entry in the group where readers expect it and remove the other.',
    bad: exampleSite(minimalConfig(['introduction', 'quickstart', 'introduction']), ['introduction', 'quickstart']),
    good: exampleSite(minimalConfig(['introduction', 'quickstart']), ['introduction', 'quickstart']),
  },
  check({ site, report }) {
    const first = new Map<string, (typeof site.nav.entries)[number]>();
    for (const entry of site.nav.entries) {
      const id = pageId(entry.page);
      const earlier = first.get(id);
      if (!earlier) {
        first.set(id, entry);
        continue;
      }
      report({
        message: `"${entry.page}" is already in the navigation (group "${earlier.group.name}").`,
        node: entry.node,
        related: [{ path: site.config.path, range: nodeRange(site.config, earlier.node), message: 'First listed here' }],
        fixes: [configFix(site.config, `Remove duplicate "${entry.page}"`, [removeListItem(site.config, entry.node)], true)],
      });
    }
  },
};

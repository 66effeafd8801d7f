import { describeGroup, pageId } from '../../site/navigation';
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
      'A page listed twice shows twice in the sidebar and makes previous/next links loop. Keep the entry in the group where readers expect it and remove the other. In the current format, each version and each language has a navigation of its own: the same page may appear once in each.',
    bad: exampleSite(minimalConfig(['introduction', 'quickstart', 'introduction']), ['introduction', 'quickstart']),
    good: exampleSite(minimalConfig(['introduction', 'quickstart']), ['introduction', 'quickstart']),
  },
  check({ site, report }) {
    const first = new Map<string, (typeof site.nav.entries)[number]>();
    const current = site.config.generation === 'current';
    for (const entry of site.nav.entries) {
      // A group's `root` page is its landing page, not a second listing.
      if (entry.root) continue;
      // Versions and languages of the current format each have a navigation of their own.
      const key = current ? `${entry.group.version ?? ''}\0${entry.group.language ?? ''}\0${pageId(entry.page)}` : pageId(entry.page);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, entry);
        continue;
      }
      report({
        message: `"${entry.page}" is already in the navigation (${describeGroup(earlier.group)}).`,
        path: entry.config.path,
        range: nodeRange(entry.config, entry.node),
        related: [{ path: earlier.config.path, range: nodeRange(earlier.config, earlier.node), message: 'First listed here' }],
        // The only page of its group: removing it leaves an empty group, the writer decides what goes.
        fixes: [
          configFix(
            entry.config,
            `Remove duplicate "${entry.page}"`,
            [removeListItem(entry.config, entry.node)],
            (entry.node.parent?.children?.length ?? 0) > 1,
          ),
        ],
      });
    }
  },
};

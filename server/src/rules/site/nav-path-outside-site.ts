import { pageId } from '../../site/navigation';
import { isExternalUrl, resolveInSite } from '../../util/paths';
import { configFix, nodeRange, removeListItem } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const navPathOutsideSite: SiteRule = {
  id: 'nav-path-outside-site',
  description: 'Navigation entries stay inside the site folder.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'Pages are paths relative to the folder that holds `docs.json`. An entry such as `../../etc/passwd` points outside the site: it is never published, and Docwright neither reads nor writes it.',
    bad: exampleSite(minimalConfig(['introduction', '../../outside']), ['introduction']),
    good: exampleSite(minimalConfig(['introduction']), ['introduction']),
  },
  check({ site, report }) {
    for (const entry of site.nav.entries) {
      if (isExternalUrl(entry.page) || resolveInSite(site.root, pageId(entry.page))) continue;
      report({
        message: `Navigation entry "${entry.page}" points outside the site folder.`,
        path: entry.config.path,
        range: nodeRange(entry.config, entry.node),
        fixes: [configFix(entry.config, `Remove "${entry.page}" from navigation`, [removeListItem(entry.config, entry.node)])],
      });
    }
  },
};

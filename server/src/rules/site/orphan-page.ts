import { at } from '../../config/ast';
import { isInternalLink } from '../../pages/links';
import { resolvedValue } from '../../config/refs';
import { describeGroup, linkedPage, pageId } from '../../site/navigation';
import type { Site } from '../../site/site';
import type { SiteIndex } from '../../site/site-index';
import { linkTargets } from '../page/link-broken';
import { isExternalUrl, join } from '../../util/paths';
import { appendArrayItem, configFix } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';
import type { NavGroup } from '../../site/navigation';
import { importedOnlyPages } from '../../site/imports';

const MAX_GROUP_FIXES = 3;

function folderOf(id: string): string {
  const i = id.lastIndexOf('/');
  return i < 0 ? '' : id.slice(0, i);
}

/** Pages reached from the listed pages by following internal links (hidden pages by design). */
function reachableFrom(index: SiteIndex, listed: Set<string>): Set<string> {
  const seen = new Set(listed);
  const queue = [...listed];
  while (queue.length) {
    const id = queue.pop()!;
    for (const { url, target } of linkTargets(index, id)) {
      if (!isInternalLink(url)) continue;
      if (target.ok && target.id && !seen.has(target.id)) {
        seen.add(target.id);
        queue.push(target.id);
      }
    }
  }
  return seen;
}

/** The config's parts outside the navigation whose links every page shows (current and classic format). */
const CHROME_KEYS = ['navbar', 'footer', 'logo', 'topbarLinks', 'topbarCtaButton'];

/** Links of the site's own pages that the config shows on every page: navbar, footer, logo. */
function chromeLinks(site: Site): string[] {
  const out: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8 || !value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'href' || key === 'url') && typeof v === 'string') out.push(v);
      else walk(v, depth + 1);
    }
  };
  const config = resolvedValue(site.config);
  for (const key of CHROME_KEYS) walk(config[key], 0);
  return out;
}

export const orphanPage: SiteRule = {
  id: 'orphan-page',
  description: 'Every page file is listed in the navigation.',
  severity: 'information',
  fixable: true,
  docs: {
    rationale:
      "A page that no navigation group lists, and that no listed page links to, is published but unreachable: readers find it only through search. Pages reached through links from listed pages are hidden by design and are not reported, nor is anything when `seo.indexHiddenPages` is true (`seo.indexing` `all` in the current format). Files in `snippets/` and files such as README.md are not pages. In the current format, a group's `root` page and a tab or anchor whose `href` is a page of the site count as listed; so do the home page `index` (served at the site's root, where the logo leads) and pages that navbar, footer or logo links lead to. The quick fix adds the page to a group (or to a tab, anchor or other division that lists pages itself), preferring groups that already hold pages from the same folder.",
    bad: exampleSite(minimalConfig(['introduction']), ['introduction', 'guides/setup']),
    good: exampleSite(minimalConfig(['introduction', 'guides/setup']), ['introduction', 'guides/setup']),
  },
  check({ site, index, report }) {
    // A broken docs.json yields a partial navigation: every page would look orphaned while typing.
    if ([site.config, ...(site.config.refs?.values() ?? [])].some((doc) => doc.problems.some((p) => p.kind === 'syntax'))) return;
    // A site that indexes hidden pages means to have pages outside the navigation.
    if (at(site.config.root, 'seo', 'indexHiddenPages')?.value === true || at(site.config.root, 'seo', 'indexing')?.value === 'all') return;
    const listed = new Set(site.nav.entries.map((e) => pageId(e.page)));
    // Tabs, anchors and other links of the current format that lead to a page of the site.
    for (const link of site.nav.links) if (!isExternalUrl(link.href)) listed.add(pageId(link.href.split(/[?#]/)[0]));
    // The home page is served at the site's root (the logo leads there); navbar and footer links are on every page.
    listed.add('index');
    for (const href of chromeLinks(site)) {
      if (isExternalUrl(href)) continue;
      const id = linkedPage(site.pages, pageId(href.split(/[?#]/)[0]));
      if (id) listed.add(id);
    }
    const reachable = index ? reachableFrom(index, listed) : listed;
    // Pages that exist only to be imported by other pages are snippets, not orphans.
    const imported = index ? importedOnlyPages(index) : new Set<string>();
    const groups = site.nav.groups.filter((g) => g.pagesNode);
    // How many pages of each folder each group holds.
    const folderCounts = new Map<NavGroup, Map<string, number>>();
    for (const e of site.nav.entries) {
      const counts = folderCounts.get(e.group) ?? new Map<string, number>();
      const folder = folderOf(pageId(e.page));
      counts.set(folder, (counts.get(folder) ?? 0) + 1);
      folderCounts.set(e.group, counts);
    }
    for (const [id, rel] of site.pages) {
      if (reachable.has(id) || imported.has(id)) continue;
      const folder = folderOf(id);
      // Groups holding pages of the same folder first, then the rest in navigation order.
      const score = (g: NavGroup) => folderCounts.get(g)?.get(folder) ?? 0;
      const ranked = [...groups].sort((a, b) => score(b) - score(a)).slice(0, MAX_GROUP_FIXES);
      report({
        path: join(site.root, rel),
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
        message: `"${id}" is in no navigation group of ${site.config.path.split('/').pop()} and no listed page links to it, so readers cannot reach it.`,
        fixes: ranked.map((g, i) =>
          configFix(g.config, `Add "${id}" to navigation ${describeGroup(g)}`, [appendArrayItem(g.config, g.pagesNode!, id)], i === 0),
        ),
      });
    }
  },
};

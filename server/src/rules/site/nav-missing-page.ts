import { pageId } from '../../site/navigation';
import { isExternalUrl, join, resolveInSite } from '../../util/paths';
import { Candidates, nearest } from '../../util/suggest';
import { configFix, nodeRange, removeListItem, replaceNode } from '../edits';
import { exampleSite, minimalConfig, page } from '../examples';
import type { SiteRule } from '../types';
import { writeRefusal } from '../../site/write-policy';
import { navEntryIgnoringCase } from '../../site/file-case';

/** The file a nav entry names, if it exists (`.mdx` preferred, then `.md`). */
export function navEntryFile(files: ReadonlySet<string>, id: string): string | undefined {
  for (const ext of ['.mdx', '.md']) if (files.has(id + ext)) return id + ext;
  return undefined;
}

function titleFromId(id: string): string {
  const last = id.split('/').pop() ?? id;
  return (
    last
      .replace(/[-_]+/g, ' ')
      .replace(/\b\w/g, (c) => c.toUpperCase())
      .trim() || 'New page'
  );
}

export const navMissingPage: SiteRule = {
  id: 'nav-missing-page',
  description: 'Every navigation entry names a page file that exists.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'A navigation entry is the path of a page without its extension (`guides/setup` for `guides/setup.mdx`). An entry without a file is a dead link in the sidebar. Quick fixes: create the page with front matter, point the entry at a similarly named page, or remove the entry.',
    bad: exampleSite(minimalConfig(['introduction', 'quickstart']), ['introduction']),
    good: exampleSite(minimalConfig(['introduction', 'quickstart']), ['introduction', 'quickstart']),
  },
  check({ site, report }) {
    let pages: Candidates | undefined; // read once for every missing entry's "did you mean"
    for (const entry of site.nav.entries) {
      const config = entry.config;
      if (isExternalUrl(entry.page)) continue;
      const id = pageId(entry.page);
      if (!resolveInSite(site.root, id) || navEntryFile(site.files, id)) continue; // outside: nav-path-outside-site
      if (navEntryIgnoringCase(site, id)) continue; // a file there when case is ignored: link-case
      const fixes = [];
      const similar = nearest(id, (pages ??= new Candidates(site.pages.keys())));
      if (similar) fixes.push(configFix(config, `Replace with "${similar}"`, [replaceNode(config, entry.node, JSON.stringify(similar))], true));
      const title = titleFromId(id);
      // Never offered where Docwright writes nothing (a dot folder such as .github, node_modules).
      if (writeRefusal(`${id}.mdx`) === undefined) {
        fixes.push({
          title: `Create page "${id}.mdx"`,
          edits: [],
          createFiles: [{ path: join(site.root, id + '.mdx'), content: page(title, `Describe what the ${title} page covers.`) }],
          isPreferred: !similar,
        });
      }
      fixes.push(configFix(config, `Remove "${entry.page}" from navigation`, [removeListItem(config, entry.node)]));
      report({
        message: `No page file for navigation entry "${entry.page}": expected ${id}.mdx or ${id}.md in the site folder.`,
        path: config.path,
        range: nodeRange(config, entry.node),
        fixes,
      });
    }
  },
};

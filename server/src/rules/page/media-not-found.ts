import { pageAssets } from '../../pages/assets';
import { fileIgnoringCase } from '../../site/file-case';
import type { SiteIndex } from '../../site/site-index';
import { basename, decodeUriSafe, relativeInside, resolveFromPage } from '../../util/paths';
import { nearest } from '../../util/suggest';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

/** The site's files by extension (lower case), and by file name, for the quick fix. */
function filesOf(index: SiteIndex): { byExt: Map<string, string[]>; byName: Map<string, string[]> } {
  return index.memo('media-not-found:files', () => {
    const byExt = new Map<string, string[]>();
    const byName = new Map<string, string[]>();
    for (const rel of index.site.files) {
      const ext = /\.([^./]+)$/.exec(rel)?.[1]?.toLowerCase() ?? '';
      (byExt.get(ext) ?? byExt.set(ext, []).get(ext)!).push(rel);
      const name = basename(rel).toLowerCase();
      (byName.get(name) ?? byName.set(name, []).get(name)!).push(rel);
    }
    return { byExt, byName };
  });
}

/** The file a reference most likely meant: the same file name elsewhere (sure), else a close path (a guess). */
function closest(index: SiteIndex, rel: string): { rel: string; sure: boolean } | undefined {
  const { byExt, byName } = filesOf(index);
  const same = byName.get(basename(rel).toLowerCase()) ?? [];
  if (same.length === 1) return { rel: same[0], sure: true };
  const ext = /\.([^./]+)$/.exec(rel)?.[1]?.toLowerCase();
  const similar = nearest(rel, same.length > 1 ? same : ext ? (byExt.get(ext) ?? []) : []);
  return similar ? { rel: similar, sure: false } : undefined;
}

export const mediaNotFound: PageRule = {
  id: 'media-not-found',
  description: 'Images, videos, audio and other files a page embeds exist in the site.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      "A missing image or video shows readers a broken box. Every file a page or snippet embeds is checked: Markdown images, `src` and `poster` of `<img>`, `<video>`, `<source>`, `<audio>`, `<iframe>` and other HTML elements, and component attributes that name a file (`<Card img>`, `<Icon src>`, an `icon` written as a path), wherever they stand (inside `<Frame>`, cards, tabs…). A path is resolved like the site does: `/images/x.png` from the site folder, `images/x.png` from the page's folder (the format's docs ask for site-root paths); files left out by `.mintignore` are not published, so they count as missing. URLs (`https://…`) are never fetched. The quick fix points at the file of the same name elsewhere in the site, or at the most similar path. Files named in docs.json are checked by asset-not-found, and files a page links to (`[guide](/files/guide.pdf)`) by link-broken.",
    bad: pageSite('## Dashboard\n\n<Frame caption="Two projects">\n  <img src="/images/dashbord.png" alt="The dashboard with two projects" />\n</Frame>\n', {
      extra: { 'images/dashboard.png': '' },
    }),
    good: pageSite('## Dashboard\n\n<Frame caption="Two projects">\n  <img src="/images/dashboard.png" alt="The dashboard with two projects" />\n</Frame>\n', {
      extra: { 'images/dashboard.png': '' },
    }),
  },
  check({ page, id, index, report }) {
    const root = index.site.root;
    // A snippet's relative paths are written for the pages that include it: the site root is tried too.
    const isSnippet = !index.site.pages.has(id);
    for (const asset of pageAssets(page)) {
      const path = decodeUriSafe(asset.url.split(/[?#]/)[0]);
      if (path === '') continue;
      const abs = resolveFromPage(root, id, path);
      const rel = abs === undefined ? undefined : relativeInside(root, abs);
      if (rel === undefined) {
        report({ message: `${asset.where} "${asset.url}" points outside the site folder.`, node: asset.node, range: range(page, asset) });
        continue;
      }
      if (index.site.files.has(rel)) continue;
      if (isSnippet && !path.startsWith('/') && index.site.files.has(path.replace(/^\.\//, ''))) continue;
      // A file that is there when case is ignored is link-case's.
      if (fileIgnoringCase(index.site, rel) || (isSnippet && !path.startsWith('/') && fileIgnoringCase(index.site, path.replace(/^\.\//, '')))) continue;
      const fix = closest(index, rel);
      const r = range(page, asset);
      const replacement = fix ? '/' + fix.rel : undefined;
      report({
        message:
          `${asset.where === 'image' ? 'Image' : asset.where} "${asset.url}": no file "${rel}" in the site folder.` +
          (replacement ? ` Did you mean "${replacement}"?` : ''),
        node: asset.node,
        range: r,
        fixes: r && replacement ? [pageFix(page, `Change to "${replacement}"`, [{ range: r, newText: replacement }], fix!.sure)] : [],
      });
    }
  },
};

function range(page: Parameters<typeof pageAssets>[0], asset: ReturnType<typeof pageAssets>[number]) {
  return asset.urlOffset ? page.index.range(asset.urlOffset.start, asset.urlOffset.end - asset.urlOffset.start) : undefined;
}

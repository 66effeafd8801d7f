// link-case: a path that names a file of the site only when case is ignored. The rule reads pages
// (links, images and files, imports, `<Snippet file>`) and docs.json (navigation entries): it is in
// both rule lists and its check tells the two apart by its context.
import type { Node } from 'unist';
import { isString } from '../../config/ast';
import { pageAssets } from '../../pages/assets';
import { pageEsm } from '../../pages/esm';
import { jsxAttributes } from '../../pages/jsx';
import { nodesOf } from '../../pages/nodes';
import type { PageDocument } from '../../pages/parse';
import { type CaseMatch, fileIgnoringCase, importIgnoringCase, linkIgnoringCase, navEntryIgnoringCase, recased } from '../../site/file-case';
import { isSnippetFile, snippetFileRel } from '../../site/imports';
import { pageId } from '../../site/navigation';
import type { Range } from '../../types';
import { decodeUriSafe, isExternalUrl, relativeInside, resolveFromPage, resolveInSite } from '../../util/paths';
import { configFix, nodeRange, replaceNode } from '../edits';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule, PageRuleContext, SiteRule, SiteRuleContext } from '../types';
import { internalLinks, resolveLink } from './link-broken';

const WHY = 'the published site is case-sensitive, so it breaks there (macOS and Windows find the file)';

/** `url` (path, then `?query`/`#anchor`) with its path part replaced by `path`. */
function withPath(url: string, path: string): string {
  const i = url.search(/[?#]/);
  return i < 0 ? path : path + url.slice(i);
}

/** The path part of a URL as written, decoded (the raw text when it is not valid percent-encoding). */
function decodedPath(url: string): string {
  return decodeUriSafe(url.split(/[?#]/)[0]);
}

function reportPath(ctx: PageRuleContext, what: string, url: string, match: CaseMatch, range: Range | undefined, node?: Node): void {
  const written = url.split(/[?#]/)[0];
  // A percent-encoded path is left for the writer: its case is rewritten only where it is written plainly.
  const path = decodedPath(url) === written ? recased(written, match.target) : undefined;
  const replacement = path === undefined ? undefined : withPath(url, path);
  ctx.report({
    message: `${what} "${written}" matches "${match.file}" only when case is ignored: ${WHY}.` + (replacement ? ` Write "${path}".` : ''),
    range,
    node,
    fixes: range && replacement ? [pageFix(ctx.page, `Change to "${replacement}"`, [{ range, newText: replacement }], true)] : [],
  });
}

function offsetRange(page: PageDocument, o: { start: number; end: number } | undefined): Range | undefined {
  return o ? page.index.range(o.start, o.end - o.start) : undefined;
}

function checkPage(ctx: PageRuleContext): void {
  const { page, id, index } = ctx;
  const site = index.site;
  const rel = relativeInside(site.root, page.path);
  const snippet = rel !== undefined && isSnippetFile(rel);
  const pageRel = site.pages.get(id) ?? rel ?? `${id}.mdx`;
  for (const link of internalLinks(page)) {
    if (link.url.startsWith('#')) continue;
    const path = decodedPath(link.url);
    // A snippet's relative links are read from the pages that render it: link-broken follows them there.
    if (path === '' || (snippet && !path.startsWith('/'))) continue;
    const target = resolveLink(index, id, link.url.split('#')[0]);
    if (target.ok || target.reason !== 'no-page') continue;
    const match = linkIgnoringCase(site, id, target.path);
    if (match) reportPath(ctx, 'The link', link.url, match, link.urlRange ?? link.range);
  }
  for (const asset of pageAssets(page)) {
    const path = decodedPath(asset.url);
    if (path === '') continue;
    const abs = resolveFromPage(site.root, id, path);
    const assetRel = abs === undefined ? undefined : relativeInside(site.root, abs);
    if (assetRel === undefined || site.files.has(assetRel)) continue;
    // A snippet's relative paths are written for the pages that include it: the site root is tried too (as media-not-found does).
    const fromRoot = !site.pages.has(id) && !path.startsWith('/') ? path.replace(/^\.\//, '') : undefined;
    if (fromRoot !== undefined && site.files.has(fromRoot)) continue;
    const file = fileIgnoringCase(site, assetRel) ?? (fromRoot !== undefined ? fileIgnoringCase(site, fromRoot) : undefined);
    if (file === undefined) continue;
    const what = asset.where === 'image' ? 'The image' : asset.where;
    reportPath(ctx, what, asset.url, { file, target: file }, offsetRange(page, asset.urlOffset), asset.node);
  }
  for (const imp of pageEsm(page).imports) {
    if (!imp.source.startsWith('/') && !imp.source.startsWith('.')) continue; // a package
    const match = importIgnoringCase(site, pageRel, imp.source);
    if (match) reportPath(ctx, 'The import', imp.source, match, offsetRange(page, imp.sourceOffset), imp.node);
  }
  for (const el of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if ((el as { name?: string }).name !== 'Snippet') continue;
    const attr = jsxAttributes(el, page.text).find((a) => a.name === 'file');
    if (!attr || typeof attr.value !== 'string' || attr.value === '' || isExternalUrl(attr.value)) continue;
    const file = fileIgnoringCase(site, snippetFileRel(attr.value));
    if (file !== undefined) reportPath(ctx, '<Snippet file>', attr.value, { file, target: file }, offsetRange(page, attr.valueOffset), el);
  }
}

function checkNavigation({ site, report }: SiteRuleContext): void {
  for (const entry of site.nav.entries) {
    if (!isString(entry.node) || isExternalUrl(entry.page)) continue;
    const id = pageId(entry.page);
    if (!resolveInSite(site.root, id)) continue; // nav-path-outside-site
    const match = navEntryIgnoringCase(site, id);
    if (!match) continue;
    const fixed = recased(entry.page, match.target);
    report({
      message: `The navigation entry "${entry.page}" matches "${match.file}" only when case is ignored: ${WHY}.` + (fixed ? ` Write "${fixed}".` : ''),
      path: entry.config.path,
      range: nodeRange(entry.config, entry.node),
      fixes: fixed ? [configFix(entry.config, `Change to "${fixed}"`, [replaceNode(entry.config, entry.node, JSON.stringify(fixed))], true)] : [],
    });
  }
}

const GUIDE = '---\ntitle: "Authentication"\ndescription: "Authenticate requests with an API key."\n---\n\n## API keys\n\nCreate a key.\n';

export const linkCase: SiteRule & PageRule = {
  id: 'link-case',
  description: 'Links, images, imports, snippets and navigation entries name their file in the case it is written on disk.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'The published site looks files up case-sensitively; macOS and Windows do not, so a path whose case differs from its file (`/Guides/Intro` for `guides/intro.mdx`) works in a local preview and is a 404 once deployed. Reported wherever a path names a file only when case is ignored: Markdown links and `href`s to pages or files, images and files that pages embed (`src`, `<Card img>`, …), imports, `<Snippet file>`, and navigation entries in docs.json. The quick fix writes the path in the case of the file it matches. A path that matches no file even then is left to link-broken, media-not-found, import-not-found and nav-missing-page, which say nothing of a path reported here (one finding per spot). Relative links in snippet files are followed from the pages that render them, by link-broken.',
    bad: pageSite('## Next steps\n\nRead the [authentication guide](/Guides/Authentication#api-keys).\n', {
      extra: { 'guides/authentication.mdx': GUIDE },
      pages: ['guides/authentication'],
    }),
    good: pageSite('## Next steps\n\nRead the [authentication guide](/guides/authentication#api-keys).\n', {
      extra: { 'guides/authentication.mdx': GUIDE },
      pages: ['guides/authentication'],
    }),
  },
  check(ctx: SiteRuleContext | PageRuleContext) {
    if ('page' in ctx) checkPage(ctx);
    else checkNavigation(ctx);
  },
};

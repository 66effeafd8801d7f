import { isInternalLink, pageLinks } from '../../pages/links';
import { scanLinks } from '../../pages/link-scan';
import { pageId } from '../../site/navigation';
import { expandedAnchors, type Fact, type SiteIndex } from '../../site/site-index';
import type { SiteModel } from '../../site/model';
import { siteApi, siteModelOf, unlistedApiFolders, type SiteApi } from '../../site/api-pages';
import { redirectTarget, redirectsOf } from '../../site/redirects';
import { ownSitePath, PAGE_URLS, siteBases, type SiteBase } from '../../site/own-urls';
import { clampedLinkPath, decodeUriSafe, namesSiteRoot, relativeInside, resolveFromPage, trimTrailingSlashes } from '../../util/paths';
import { isSnippetFile } from '../../site/imports';
import { linkIgnoringCase } from '../../site/file-case';
import { RENDERED_SNIPPETS } from '../../site/snippet-anchors';
import { fragmentMatches, looseSlug } from '../../util/slug';
import { Candidates, nearest } from '../../util/suggest';
import { isApiPage, pageFix, pageSite } from '../page-utils';
import type { CrossPageRule } from '../types';
import type { PageDocument } from '../../pages/parse';
import { unistRange } from '../../pages/range';
import type { Range } from '../../types';

/** The names a broken link's "did you mean" picks from (every page, API pages too), read once for a site's pages. */
const candidatesOf = new WeakMap<readonly string[], WeakMap<SiteApi, Candidates>>();
function pageCandidates(index: SiteIndex): Candidates {
  const api = siteApi(index.site);
  let byApi = candidatesOf.get(index.ids);
  if (!byApi) candidatesOf.set(index.ids, (byApi = new WeakMap()));
  let candidates = byApi.get(api);
  if (!candidates) byApi.set(api, (candidates = new Candidates([...index.ids, ...api.pages.keys()])));
  return candidates;
}
export type LinkTarget =
  | { ok: true; id?: string; file?: string }
  | { ok: false; reason: 'outside' }
  | { ok: false; reason: 'no-page'; path: string }
  | { ok: false; reason: 'no-anchor'; id: string; anchor: string; redirected?: string };

/**
 * Whether a page's anchors are not all known (links to any anchor of it pass): an API page (its
 * fields come from API data), a snippet or field whose ids the files do not fix, a page that was
 * not read in full.
 */
export const ANCHORS_OPEN: Fact<boolean> = {
  key: 'anchorsOpen',
  of: (page, sources) => page.tooLarge !== undefined || isApiPage(page) || expandedAnchors(page, sources).open,
};

/** The internal and #anchor links of a page (orphan-page follows them from every page). */
export const LINK_URLS: Fact<string[]> = {
  key: 'links',
  of: (page) =>
    linksOf(page)
      .map((l) => l.url)
      .filter((url) => isInternalLink(url) || url.startsWith('#')),
};

const scannedCache = new WeakMap<PageDocument, LinkAt[]>();

/**
 * Every link of a page, located: from its parse, or for a page not read in full from one linear
 * scan of its text (pages/link-scan.ts), so its broken links are still reported.
 */
function linksOf(page: PageDocument): LinkAt[] {
  if (page.tooLarge === undefined)
    return pageLinks(page).map((link) => ({
      url: link.url,
      range: unistRange(page, link.node),
      ...(link.urlOffset ? { urlRange: page.index.range(link.urlOffset.start, link.urlOffset.end - link.urlOffset.start) } : {}),
    }));
  let out = scannedCache.get(page);
  if (!out) {
    out = scanLinks(page.text).map((l) => {
      const range = page.index.range(l.start, l.end - l.start);
      return { url: l.url, range, urlRange: range };
    });
    scannedCache.set(page, out);
  }
  return out;
}

/** The site model (its redirects: links to them are not checked). */
function modelOf(index: SiteIndex): SiteModel {
  return siteModelOf(index.site);
}

const looseForms = new WeakMap<ReadonlySet<string>, Map<string, string>>();
/** A page's anchors by their loose form (the first of each), made once per anchor set (not once per link). */
function looseAnchors(anchors: ReadonlySet<string>): Map<string, string> {
  let out = looseForms.get(anchors);
  if (!out) {
    out = new Map();
    for (const a of anchors) if (!out.has(looseSlug(a))) out.set(looseSlug(a), a);
    looseForms.set(anchors, out);
  }
  return out;
}

/** The page the site's root shows: its `index`, else the first page of its navigation (as the export serves it). */
function homePage(index: SiteIndex): string | undefined {
  return index.memo('link-broken:home', () => {
    if (index.has('index')) return 'index';
    return index.site.nav.entries.map((e) => pageId(e.page)).find((id) => index.has(id));
  });
}

/** `#top`, which a browser scrolls to the top of any page that has no element of that id (HTML's indicated part of a document). */
const isTop = (anchor: string) => anchor.toLowerCase() === 'top';

/** The page a site path shows (a folder its index page, the root the home page), or undefined. */
function pageAt(index: SiteIndex, path: string): string | undefined {
  const id = trimTrailingSlashes(pageId(path));
  if (id === '' || id === 'index') return homePage(index);
  return index.has(id) ? id : index.has(id + '/index') ? id + '/index' : undefined;
}

/**
 * A link to a path the redirects lead away from: a browser follows them to the page and keeps the
 * link's #anchor (unless the destination names its own), so the anchor is checked on that page.
 * What the redirects lead to besides a page of the site (another site, an API page, a loop) is not checked here.
 */
function redirectedAnchor(index: SiteIndex, rel: string, anchor: string): LinkTarget {
  if (anchor === '') return { ok: true };
  const to = redirectTarget(redirectsOf(modelOf(index)), rel, (p) => pageAt(index, p));
  if (!to || 'url' in to || to.hash !== undefined || index.fact(to.page, ANCHORS_OPEN)) return { ok: true };
  let decoded = anchor;
  try {
    decoded = decodeURIComponent(anchor);
  } catch {
    // Keep the raw text.
  }
  if (fragmentMatches(anchor, index.anchors(to.page)) !== undefined || isTop(decoded)) return { ok: true };
  return { ok: false, reason: 'no-anchor', id: to.page, anchor: decoded, redirected: '/' + trimTrailingSlashes(rel) };
}

/** Resolves a link from page `fromId` (an internal path, optionally with #anchor, or a bare #anchor). */
export function resolveLink(index: SiteIndex, fromId: string, url: string): LinkTarget {
  const [beforeHash, ...hashParts] = url.split('#');
  const anchor = hashParts.join('#');
  const pathPart = beforeHash.split('?')[0];
  let id = fromId;
  // A link to the site's root (what other rules follow of it stays as it was: no page).
  let root = false;
  if (pathPart !== '') {
    const decoded = decodeUriSafe(pathPart);
    const abs = resolveFromPage(index.site.root, fromId, decoded);
    if (!abs && !namesSiteRoot(fromId, decoded)) {
      // `..` past the root stays at the root, in a browser and in the format: the link names that path.
      const clamped = clampedLinkPath(fromId, decoded);
      return clamped !== decoded && !clamped.includes('/../') ? resolveLink(index, fromId, url.replace(beforeHash, clamped)) : { ok: false, reason: 'outside' };
    }
    const rel = abs ? (relativeInside(index.site.root, abs) ?? '') : '';
    if (rel === '') {
      // The site's root shows its home page: the anchor is checked there.
      const home = homePage(index);
      if (home === undefined || anchor === '') return { ok: true };
      id = home;
      root = true;
    } else if (index.site.files.has(rel) && !index.has(pageId(rel)))
      return { ok: true, file: rel }; // an image, a PDF, an OpenAPI file
    else id = pageId(trimTrailingSlashes(rel));
    if (!index.has(id)) {
      if (index.has(id + '/index')) id = id + '/index';
      // A page generated from an OpenAPI file: its anchors come from API data.
      else if (siteApi(index.site).pages.has(id) || siteApi(index.site).pages.has(id + '/index')) return { ok: true, id };
      // API pages the site generates where Docwright cannot list them (an unfetched spec URL, a classic anchor's spec).
      else if (index.memo('link-broken:unlisted', () => unlistedApiFolders(index.site)).some((f) => id === f || id.startsWith(f + '/'))) return { ok: true };
      else if (redirectsOf(modelOf(index)).matches(rel)) return redirectedAnchor(index, rel, anchor);
      else return { ok: false, reason: 'no-page', path: decoded };
    }
  }
  if (anchor === '') return { ok: true, id };
  // Anchors that API data, a snippet's props or a page not read in full give are not known.
  if (index.fact(id, ANCHORS_OPEN)) return root ? { ok: true } : { ok: true, id };
  let decodedAnchor = anchor;
  try {
    decodedAnchor = decodeURIComponent(anchor);
  } catch {
    // Keep the raw text.
  }
  // Exactly as a browser finds it (the fragment, then the fragment percent-decoded; `#top` is the page's top).
  if (fragmentMatches(anchor, index.anchors(id)) !== undefined || isTop(decodedAnchor)) return root ? { ok: true } : { ok: true, id };
  return { ok: false, reason: 'no-anchor', id, anchor: decodedAnchor };
}

/** Where each internal link of any page leads (from its LINK_URLS fact), resolved once per site index. */
export function linkTargets(index: SiteIndex, id: string): { url: string; target: LinkTarget }[] {
  return index.memo(`link-targets:${id}`, () => (index.fact(id, LINK_URLS) ?? []).map((url) => ({ url, target: resolveLink(index, id, url) })));
}

/** An internal or #anchor link of a page, located: what the link rules collect of a page's tree. */
export interface LinkAt {
  url: string;
  /** Where the URL itself is written, when the source shows it. */
  urlRange?: Range;
  /** The whole link. */
  range: Range;
}

const linksCache = new WeakMap<PageDocument, LinkAt[]>();

/** The internal and #anchor links of a page, located (computed once per parse). */
export function internalLinks(page: PageDocument): LinkAt[] {
  let out = linksCache.get(page);
  if (!out) {
    out = linksOf(page).filter((link) => isInternalLink(link.url) || link.url.startsWith('#'));
    linksCache.set(page, out);
  }
  return out;
}

/** Every link of a page (its internalLinks) with where it leads, resolved once per site index. */
export function resolvedLinks(index: SiteIndex, id: string, links: readonly LinkAt[]): { link: LinkAt; target: LinkTarget }[] {
  return index.memo(`links:${id}`, () => links.map((link) => ({ link, target: resolveLink(index, id, link.url) })));
}

const absoluteCache = new WeakMap<PageDocument, LinkAt[]>();

/** The http(s) links of a page, located (those to the site's own domain are checked too). */
function absoluteLinks(page: PageDocument): LinkAt[] {
  let out = absoluteCache.get(page);
  if (!out) {
    out = linksOf(page).filter((link) => /^https?:\/\//i.test(link.url));
    absoluteCache.set(page, out);
  }
  return out;
}

/** The pages that render each snippet file themselves (by site-relative path), once per index. */
function snippetReaders(index: SiteIndex, rel: string): string[] {
  const readers = index.memo('link-broken:snippet-readers', () => {
    const out = new Map<string, string[]>();
    for (const [pageIdOf, rels] of index.everyFact(RENDERED_SNIPPETS)) {
      if (!index.site.pages.has(pageIdOf)) continue;
      for (const r of rels ?? []) out.set(r, [...(out.get(r) ?? []), pageIdOf]);
    }
    return out;
  });
  return readers.get(rel) ?? [];
}

/**
 * The links of a snippet file, resolved as the format resolves them once it has put the snippet in
 * a page: a `/path` from the site's root; a relative path or `#anchor` from each page that renders
 * the snippet (the first one it fails from is named), not at all when no page renders it.
 */
function snippetLinks(index: SiteIndex, id: string, rel: string, links: readonly LinkAt[]): { link: LinkAt; target: LinkTarget; via?: string }[] {
  const out: { link: LinkAt; target: LinkTarget; via?: string }[] = [];
  for (const link of links) {
    if (link.url.startsWith('/')) {
      out.push({ link, target: resolveLink(index, id, link.url) });
      continue;
    }
    for (const reader of snippetReaders(index, rel)) {
      const target = resolveLink(index, reader, link.url);
      if (target.ok) continue;
      out.push({ link, target, via: reader });
      break;
    }
  }
  return out;
}

/** Where the site is published (its canonical URL, or what its llms.txt, redirects and pages' canonical tags name), once per index. */
function ownBases(index: SiteIndex): SiteBase[] {
  return index.memo('link-broken:own-bases', () =>
    siteBases(
      index.site,
      modelOf(index).redirects.map((r) => r.destination),
      index.everyFact(PAGE_URLS),
    ),
  );
}

export const linkBroken: CrossPageRule<{ internal: LinkAt[]; absolute: LinkAt[] }> = {
  id: 'link-broken',
  description: 'Internal links and #anchors lead to a page, file or heading of the site.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      "A link to a page that does not exist, or to a heading that is not on the page, is a dead end for the reader. Pages include the API pages the site generates from its OpenAPI files (their anchors come from API data and are not checked). Links are resolved like the site does: `/path` from the site folder, `path` from the linking page's folder, `/` to the home page (`index`, else the first page of the navigation), a path the redirects lead away from to the page they lead to (the link's anchor kept, unless the destination names its own), `#anchor` against the element ids the format's renderer gives headings of levels 1-4, Markdown `#` to `####` and `<h1>` to `<h4>` alone on their line (levels 5-6 and an `<h2>` inside a sentence get one only from a custom `{#id}` or `id`), as its code makes them where its documentation differs (the title lower-cased, spaces to dashes, letters of any script and `/`, `+`, `@`, `—` kept, `?,;:!'\"()[]{}` and emoji dropped; or a custom `{#id}`), matched exactly as a browser does (as written, then percent-decoded; an `<a name>` and `#top` count too), so an anchor differing in case or punctuation is reported. A page's anchors include the headings of the snippets it renders, numbered with its own, the ids of its API fields as the format's build makes them (`<ParamField query=\"userId\">` is `#param-user-id`, a repeat `#param-user-id-1`) and the ids a component imported from an MDX snippet or a code file (`.jsx`, `.js`: `export const`, `export function`, `export default`) writes on its elements. Anchors are not checked where the files do not fix them: a snippet that is missing or whose headings come from props, a field named by an expression or inside a sentence, a field name in another script (the format transliterates it), a component whose code makes ids at run time or uses components of unknown output, a code file that cannot be read as JavaScript with JSX (TypeScript, a syntax error, over 256 KB), an API page generated from OpenAPI, a page not read in full. Absolute links to the site's own address are checked like relative ones: under the canonical URL docs.json gives (`seo.metatags.canonical` or `og:url`, classic `metadata`), the address a page's `canonical` or `og:url` front matter gives that page, and the host and path the site's llms.txt, redirects and pages' canonical tags name for two or more of its pages; where none of these names the site's address, no absolute link is taken for the site's. Links in snippet files (`snippets/`) are checked on the snippet: a `/path` from the site's root, a relative path or `#anchor` from each page that renders the snippet, itself or through other snippets (as the format resolves them once the snippet is in the page), not at all when no page renders it. The quick fix points the link at the most similar page or heading.",
    bad: pageSite('## Next steps\n\nRead the [authentication guide](/guides/authentification#api-keys).\n', {
      extra: {
        'guides/authentication.mdx':
          '---\ntitle: "Authentication"\ndescription: "Authenticate requests with an API key."\n---\n\n## API keys\n\nCreate a key.\n',
      },
      pages: ['guides/authentication'],
    }),
    good: pageSite('## Next steps\n\nRead the [authentication guide](/guides/authentication#api-keys).\n', {
      extra: {
        'guides/authentication.mdx':
          '---\ntitle: "Authentication"\ndescription: "Authenticate requests with an API key."\n---\n\n## API keys\n\nCreate a key.\n',
      },
      pages: ['guides/authentication'],
    }),
  },
  collect: ({ page }) => ({ internal: internalLinks(page), absolute: absoluteLinks(page) }),
  check({ page, id, index, data, report }) {
    const rel = relativeInside(index.site.root, page.path);
    const links: { link: LinkAt; target: LinkTarget; prefix?: string; via?: string }[] =
      rel !== undefined && isSnippetFile(rel) ? snippetLinks(index, id, rel, data.internal) : [...resolvedLinks(index, id, data.internal)];
    const bases = data.absolute.length ? ownBases(index) : [];
    if (bases.length) {
      for (const link of data.absolute) {
        // A link to the site's own domain, under its base path, is checked as the site path it names.
        const own = ownSitePath(bases, link.url);
        if (own) links.push({ link, target: resolveLink(index, id, own.path), prefix: own.prefix });
      }
    }
    for (const { link, target: result, prefix, via } of links) {
      if (result.ok) continue;
      const range = link.urlRange;
      // A snippet's relative links and #anchors are the page's that renders it.
      const rendered = via === undefined ? '' : ` (read from "${via}", which renders this snippet)`;
      if (result.reason === 'outside') {
        if (prefix === undefined) report({ message: `The link "${link.url}" points outside the site folder${rendered}.`, range: range ?? link.range });
      } else if (result.reason === 'no-page') {
        // A path that names a page or file when case is ignored is link-case's (a snippet's relative links are not).
        if (prefix === undefined && via === undefined && linkIgnoringCase(index.site, id, result.path)) continue;
        const wanted = pageId(result.path);
        // A relative link that works from the site root was meant as an absolute one.
        const asAbsolute = pageId(result.path.replace(/^\.?\//, ''));
        const similar = index.has(asAbsolute) && !result.path.startsWith('/') ? asAbsolute : nearest(wanted, pageCandidates(index));
        const local = prefix === undefined ? link.url : '/' + link.url.slice(prefix.length).replace(/^\//, '');
        const replacement =
          similar !== undefined ? (prefix === undefined ? '' : prefix.replace(/\/$/, '')) + local.replace(/^[^#?]*/, '/' + similar) : undefined;
        const ownSite = prefix === undefined ? '' : ` (the link "${link.url}" is to this site's own address)`;
        report({
          message: `No page or file "${result.path}" in this site${ownSite}${rendered}.` + (similar ? ` Did you mean "/${similar}"?` : ''),
          range: range ?? link.range,
          fixes:
            range && replacement && replacement !== link.url
              ? [pageFix(page, `Change the link to "${replacement}"`, [{ range, newText: replacement }], true)]
              : [],
        });
      } else {
        // An anchor differing only in case or punctuation is the likely one, else the nearest.
        const anchors = index.anchors(result.id);
        const similar = looseAnchors(anchors).get(looseSlug(result.anchor)) ?? nearest(result.anchor, anchors);
        const replacement = similar !== undefined ? link.url.slice(0, link.url.lastIndexOf('#') + 1) + similar : undefined;
        const where =
          result.id === id
            ? 'this page'
            : `"${result.id}"` +
              (result.redirected ? ` (where "${result.redirected}" redirects)` : '') +
              (result.id === via ? ', which renders this snippet' : rendered);
        report({
          message: `No heading "#${result.anchor}" on ${where}.` + (similar ? ` Did you mean "#${similar}"?` : ''),
          range: range ?? link.range,
          fixes: range && replacement ? [pageFix(page, `Change the link to "${replacement}"`, [{ range, newText: replacement }], true)] : [],
        });
      }
    }
  },
};

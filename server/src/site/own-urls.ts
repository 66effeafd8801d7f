// Where the site is published: the hosts and base paths absolute links to the site's own pages
// start with. From docs.json's canonical URL (`seo.metatags.canonical`, classic `metadata.canonical`,
// or `og:url`), from a page's own `canonical` or `og:url` front matter naming that page, and from
// the URLs of the site's own llms.txt, redirect destinations and pages' canonical tags when they name
// its pages. Links under such a base are checked like relative ones; any other path of the same
// host (a marketing site beside the docs) is not the site's. Where nothing names it, nothing is guessed.
import { decodeUriSafe, trimSlashes } from '../util/paths';
import { pageId } from './navigation';
import type { Site } from './site';
import type { Fact } from './site-index';
import { withoutMarkdownExt } from '../util/page-files';

/** The URLs a page's front matter gives itself (`canonical`, `og:url`): they name where the site is published. */
export const PAGE_URLS: Fact<string[]> = {
  key: 'pageUrls',
  of: (page) =>
    ['canonical', 'og:url']
      .map((k) => page.frontmatter.data[k])
      .filter((v): v is string => typeof v === 'string' && parseUrl(v.trim()) !== undefined)
      .map((v) => v.trim()),
};

export interface SiteBase {
  /** Lower-case host (with port, if any). */
  host: string;
  /** The path the site lives under, without a trailing slash ('' at the root). */
  path: string;
}

/** Paths the format's hosting serves for every site beside its pages. */
const GENERATED = /^(?:llms(?:-full)?\.txt|skill\.md|sitemap\.xml|robots\.txt|mcp|\.well-known(?:\/.*)?|_mintlify(?:\/.*)?|(?:.+\/)?rss\.xml)$/i;

/** A host without its `www.`: a site is served at both (one redirects to the other). */
const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

function parseUrl(text: string): URL | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The canonical URL docs.json gives (either generation's key). */
function canonicalUrl(site: Site): string | undefined {
  const value = (site.config.value ?? {}) as Record<string, unknown>;
  const tags = [(value.seo as { metatags?: unknown } | undefined)?.metatags, value.metadata];
  for (const t of tags) {
    if (typeof t !== 'object' || t === null) continue;
    for (const key of ['canonical', 'og:url']) {
      const v = (t as Record<string, unknown>)[key];
      if (typeof v === 'string' && parseUrl(v.trim())) return v.trim();
    }
  }
  return undefined;
}

/**
 * The bases URLs of the site's own llms.txt and redirects show: a host and path prefix under which
 * at least two different pages of the site are named, and most of that host's URLs are pages.
 */
function inferredBases(site: Site, destinations: readonly string[]): SiteBase[] {
  const urls = [...(site.llmsTxt ?? '').matchAll(/https?:\/\/[^\s)<>\]"'`]+/gi)].map((m) => m[0]).concat(destinations);
  const perHost = new Map<string, { total: number; bases: Map<string, Set<string>> }>();
  for (const text of urls) {
    const url = parseUrl(text);
    if (!url) continue;
    const host = url.host.toLowerCase();
    const entry = perHost.get(host) ?? { total: 0, bases: new Map() };
    perHost.set(host, entry);
    entry.total++;
    const parts = withoutMarkdownExt(trimSlashes(decodeUriSafe(url.pathname))).split('/');
    for (let k = 0; k < parts.length; k++) {
      const id = parts.slice(k).join('/');
      if (id === '' || !site.pages.has(pageId(id))) continue;
      const base = parts.slice(0, k).join('/');
      const pages = entry.bases.get(base) ?? new Set<string>();
      pages.add(id);
      entry.bases.set(base, pages);
      break;
    }
  }
  const out: SiteBase[] = [];
  for (const [host, { total, bases }] of perHost) {
    for (const [base, pages] of bases) if (pages.size >= 2 && pages.size * 2 >= total) out.push({ host, path: base ? '/' + base : '' });
  }
  return out;
}

/** The base a URL of page `id` shows (the URL's path is the page's path under it), or undefined. */
function baseOfPage(url: URL, id: string): SiteBase | undefined {
  const path = withoutMarkdownExt(trimSlashes(decodeUriSafe(url.pathname)));
  const host = url.host.toLowerCase();
  if (id === 'index' && path === '') return { host, path: '' };
  if (path !== id && !path.endsWith('/' + id)) return undefined;
  const base = trimSlashes(path.slice(0, path.length - id.length));
  return { host, path: base ? '/' + base : '' };
}

/**
 * Where the site is published (see the file comment); empty when nothing says. `pageUrls` holds
 * the URLs pages' front matter gives them, by page id.
 */
export function siteBases(site: Site, redirectDestinations: readonly string[] = [], pageUrls: Iterable<[string, readonly string[]]> = []): SiteBase[] {
  const out: SiteBase[] = [];
  const add = (base: SiteBase) => {
    if (!out.some((b) => b.host === base.host && b.path === base.path)) out.push(base);
  };
  const canonical = parseUrl(canonicalUrl(site) ?? '');
  if (canonical) add({ host: canonical.host.toLowerCase(), path: trimSlashes(canonical.pathname) ? '/' + trimSlashes(canonical.pathname) : '' });
  const named: string[] = [];
  for (const [id, urls] of pageUrls)
    for (const text of urls) {
      const url = parseUrl(text);
      const base = url && baseOfPage(url, id);
      // A page naming itself names the site's address; a canonical pointing elsewhere (a newer version) is one more URL to weigh.
      if (base) add(base);
      else named.push(text);
    }
  for (const base of inferredBases(site, [...redirectDestinations, ...named])) add(base);
  return out;
}

/**
 * The site path (`/guides/setup#install`) an absolute URL of the site's own pages stands for, with
 * the part of the URL before that path; undefined for any other URL (another host, a path outside
 * the base, a file the hosting generates).
 */
export function ownSitePath(bases: readonly SiteBase[], text: string): { path: string; prefix: string } | undefined {
  const url = parseUrl(text);
  if (!url) return undefined;
  const host = url.host.toLowerCase();
  for (const base of bases) {
    if (bareHost(base.host) !== bareHost(host)) continue;
    const pathname = url.pathname;
    if (base.path && pathname !== base.path && !pathname.startsWith(base.path + '/')) continue;
    const rest = pathname.slice(base.path.length);
    if (GENERATED.test(trimSlashes(decodeUriSafe(rest)))) return undefined;
    // The URL as written, from its path on (the query and #fragment kept).
    const start = text.toLowerCase().indexOf(host) + host.length + base.path.length;
    const local = text.slice(start);
    return { path: local.startsWith('/') ? local : '/' + local, prefix: text.slice(0, start) };
  }
  return undefined;
}

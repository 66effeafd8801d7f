// Paths of the exported site. Every output path is relative to the output folder, uses `/`, and is
// checked before anything is written: nothing may resolve outside the output folder.
import * as posix from 'node:path/posix';
import { encodePath } from '../render/preview';
import type { RenderTarget } from '../render/page';

/** The folder of the exported site that holds Docwright's own files (styles, scripts, search index). */
export const ASSET_DIR = '_docwright';
/** Where the libraries of pages with diagrams and math go, under ASSET_DIR. */
export const MERMAID_JS = 'mermaid.min.js';
export const KATEX_CSS = 'katex/katex.min.css';
/** The site's own `.css` files, sanitised into one stylesheet (render/site-css.ts). */
export const SITE_CSS = 'site.css';

/** A request the export refuses (a path leaving the output folder, an unusable output). */
export class ExportError extends Error {
  override name = 'ExportError';
}

/** The site's config cannot be read (broken JSON, empty): an error of the site, so nothing is exported. */
export class UnreadableConfigError extends ExportError {
  override name = 'UnreadableConfigError';
}

/** The export was cancelled; nothing of it is kept. */
export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled.');
  }
}

/** `guides/setup` -> `guides/setup.html`. */
export const htmlPathOf = (id: string): string => `${id}.html`;
/** `guides/setup` -> `guides/setup.md` (the Markdown copy beside the HTML). */
export const mdPathOf = (id: string): string => `${id}.md`;

/**
 * Whether an output path (relative to the output folder) stays inside it: no absolute path, no
 * `..` segment, no backslash or NUL, already normalised (`a/./b` and `a//b` are refused too).
 */
export function isSafeOutputPath(p: string): boolean {
  if (!p || p.startsWith('/') || /[\\\0]/.test(p) || /^[a-zA-Z]:/.test(p)) return false;
  if (posix.normalize(p) !== p) return false;
  return !p.split('/').some((s) => s === '..' || s === '.' || s === '');
}

/** Throws unless `p` is a safe output path. */
export function checkOutputPath(p: string, what: string): string {
  if (!isSafeOutputPath(p)) throw new ExportError(`${what} "${p}" would be written outside the output folder: export refused.`);
  return p;
}

const encoded = new Map<string, string>();
/** `encodePath`, remembered: an export writes the same paths into every page's navigation. */
function encoded_(p: string): string {
  let e = encoded.get(p);
  if (e === undefined) {
    e = encodePath(p);
    if (encoded.size < 200_000) encoded.set(p, e);
  }
  return e;
}

/** The URL of output file `to` from output file `from`, relative (works from file:// and any host). */
export function relativeUrl(from: string, to: string): string {
  const slash = from.lastIndexOf('/');
  if (slash < 0) return encoded_(to);
  const fromDirs = from.slice(0, slash).split('/');
  const toParts = to.split('/');
  let i = 0;
  // Shared leading folders (never the file name of `to`).
  while (i < fromDirs.length && i < toParts.length - 1 && fromDirs[i] === toParts[i]) i++;
  return '../'.repeat(fromDirs.length - i) + encoded_(i === 0 ? to : toParts.slice(i).join('/'));
}

/** `https://docs.acme.com/v2` -> `https://docs.acme.com/v2/`; undefined for anything but http(s). */
export function normalizeBaseUrl(url: string | undefined): string | undefined {
  if (url === undefined || url.trim() === '') return undefined;
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    throw new ExportError(`Base URL "${url}" is not a URL (expected e.g. https://docs.example.com/).`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ExportError(`Base URL "${url}" must start with http:// or https://.`);
  u.search = '';
  u.hash = '';
  return u.toString().replace(/\/?$/, '/');
}

export interface TargetOptions {
  /** The output file being written (`guides/setup.html`). */
  from: string;
  /** The output file of a page id, or undefined when the site has no such page. */
  pageFile(id: string): string | undefined;
  /** The external URL a link to a page id that is no page leads to (a redirect to another site). */
  externalUrl?(id: string): string | undefined;
  /** Where links to pages that do not exist lead (`404.html`). */
  notFound: string;
  /** Called for each site file the page references (it is copied into the output). */
  onAsset(rel: string): void;
  /** Called for each link to a page that does not exist. */
  onBrokenLink(id: string): void;
  /** Turns an output path into a URL; default: relative to `from`. */
  url?(path: string): string;
}

/** The render target of one exported file: relative links to `.html` pages and copied files. */
export function exportTarget(o: TargetOptions): RenderTarget {
  const url = o.url ?? ((p: string) => relativeUrl(o.from, p));
  const hashPart = (hash?: string) => (hash ? `#${encodeURIComponent(hash)}` : '');
  // Navigation shared by the pages of one folder depth: links from the root up, the same for all of them.
  const depth = o.from.split('/').length - 1;
  const up = '../'.repeat(depth);
  const shared = o.url ? undefined : { key: `depth ${depth}`, target: exportTarget({ ...o, url: (p) => up + encoded_(p) }) };
  return {
    shared,
    pageHref(id, hash) {
      const file = o.pageFile(id);
      if (file === undefined) {
        const external = o.externalUrl?.(id);
        if (external !== undefined) return external;
        o.onBrokenLink(id);
        return url(o.notFound);
      }
      // A link to the page itself with only an anchor stays an in-page link.
      if (file === o.from && hash && !o.url) return hashPart(hash);
      return url(file) + hashPart(hash);
    },
    assetUrl(rel) {
      o.onAsset(rel);
      return url(rel);
    },
  };
}

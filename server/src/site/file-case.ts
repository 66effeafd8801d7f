// Paths that name a file of the site only when case is ignored. macOS and Windows find `Guides/Intro.mdx`
// for `guides/intro.mdx`; the published site does not. link-case reports such paths, and the rules that
// report a missing file (link-broken, media-not-found, import-not-found, nav-missing-page) ask here
// first and stay silent on them, so one spot gets one finding. One lower-case map per file set.
import { relativeInside, resolveFromPage, trimTrailingSlashes } from '../util/paths';
import { IMPORT_EXTENSIONS } from './imports';
import { pageId } from './navigation';
import type { Site } from './site';

const foldedSets = new WeakMap<ReadonlySet<string> | ReadonlyMap<string, string>, Map<string, string>>();

/** The keys of a file set or page map by their lower-case form (the first in name order where two fold alike). */
function folded(keys: ReadonlySet<string> | ReadonlyMap<string, string>): Map<string, string> {
  let out = foldedSets.get(keys);
  if (!out) {
    out = new Map();
    for (const key of [...keys.keys()].sort()) {
      const lower = key.toLowerCase();
      if (!out.has(lower)) out.set(lower, key);
    }
    foldedSets.set(keys, out);
  }
  return out;
}

/** The file of the site `rel` names when case is ignored; undefined when `rel` is a file as written or none matches. */
export function fileIgnoringCase(site: Pick<Site, 'files'>, rel: string): string | undefined {
  if (site.files.has(rel)) return undefined;
  return folded(site.files).get(rel.toLowerCase());
}

/** The page of the site `id` names when case is ignored (the page itself, else its folder's index page). */
function pageIgnoringCase(site: Pick<Site, 'pages'>, id: string): string | undefined {
  if (site.pages.has(id) || site.pages.has(id + '/index')) return undefined;
  const pages = folded(site.pages);
  return pages.get(id.toLowerCase()) ?? pages.get(id.toLowerCase() + '/index');
}

/** What a path matches only when case is ignored: the site file, and the path to write (the page id for a page). */
export interface CaseMatch {
  /** The site-relative file it matches. */
  file: string;
  /** The site path the reference names once its case is the file's (a page id for pages, else the file). */
  target: string;
}

/**
 * A path written in a page (`/Guides/Intro`, `../Images/x.PNG`, decoded, without `#anchor` or `?query`)
 * that leads to no page or file as written and to one when case is ignored. `fromRel`: the page's site-relative path (or id).
 */
export function linkIgnoringCase(site: Pick<Site, 'root' | 'files' | 'pages'>, fromRel: string, path: string): CaseMatch | undefined {
  const abs = resolveFromPage(site.root, fromRel, path);
  const rel = abs === undefined ? undefined : relativeInside(site.root, abs);
  if (rel === undefined) return undefined;
  const file = fileIgnoringCase(site, rel);
  if (file !== undefined) return { file, target: file };
  const id = pageIgnoringCase(site, trimTrailingSlashes(pageId(rel)));
  if (id === undefined) return undefined;
  // A folder's link (`/Guides`) names the folder, not its index page.
  const named = id.endsWith('/index') && !/(^|\/)index$/i.test(trimTrailingSlashes(pageId(rel))) ? id.slice(0, -'/index'.length) : id;
  return { file: site.pages.get(id)!, target: named };
}

/** The file an import path names when case is ignored (from the site root for `/x`, from the page for `./x`; extensions tried as the build does). */
export function importIgnoringCase(site: Pick<Site, 'root' | 'files'>, pageRel: string, source: string): CaseMatch | undefined {
  const abs = resolveFromPage(site.root, pageRel, source);
  const rel = abs === undefined ? undefined : relativeInside(site.root, abs);
  if (rel === undefined) return undefined;
  for (const ext of IMPORT_EXTENSIONS) if (site.files.has(rel + ext)) return undefined;
  const files = folded(site.files);
  for (const ext of IMPORT_EXTENSIONS) {
    const file = files.get((rel + ext).toLowerCase());
    if (file !== undefined) return { file, target: ext === '' ? file : file.slice(0, -ext.length) };
  }
  return undefined;
}

/** The page file a navigation entry (`guides/intro`) names when case is ignored (`.mdx` first, then `.md`). */
export function navEntryIgnoringCase(site: Pick<Site, 'files'>, id: string): CaseMatch | undefined {
  if (site.files.has(id + '.mdx') || site.files.has(id + '.md')) return undefined;
  const files = folded(site.files);
  for (const ext of ['.mdx', '.md']) {
    const file = files.get((id + ext).toLowerCase());
    if (file !== undefined) return { file, target: file.slice(0, -ext.length) };
  }
  return undefined;
}

/**
 * `written` with the case of `target` (site-relative, matched from the end segment by segment; `.`,
 * `..` and a leading `/` kept; an extension written or left out as it was). Undefined when the segments
 * do not line up, or nothing changes.
 */
export function recased(written: string, target: string): string | undefined {
  const w = written.split('/');
  const t = target.split('/');
  let j = t.length - 1;
  for (let i = w.length - 1; i >= 0 && j >= 0; i--) {
    const seg = w[i];
    if (seg === '' || seg === '.') continue;
    if (seg === '..') break;
    const want = t[j--];
    const s = seg.toLowerCase();
    const lw = want.toLowerCase();
    if (s === lw) w[i] = want;
    // Written without the extension the file has (`/snippets/Intro` for `snippets/intro.mdx`).
    else if (lw.startsWith(s + '.')) w[i] = want.slice(0, seg.length);
    // Written with an extension the page id leaves out (`Intro.mdx` for the page `intro`).
    else if (s.startsWith(lw + '.')) w[i] = want + seg.slice(want.length);
    else return undefined;
  }
  const out = w.join('/');
  return out === written ? undefined : out;
}

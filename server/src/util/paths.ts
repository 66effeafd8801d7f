// Path helpers for the core. Paths are absolute and use forward slashes; the LSP layer and the
// CLI convert from the platform's form with `toPosix` before anything reaches the core.
import * as posix from 'node:path/posix';

export function toPosix(p: string): string {
  return p.replace(/\\/g, '/');
}

export function join(...parts: string[]): string {
  return posix.join(...parts);
}

export function dirname(p: string): string {
  return posix.dirname(p);
}

export function basename(p: string): string {
  return posix.basename(p);
}

/** `child` relative to `root`, or undefined when `child` is not inside `root`. */
/** Percent-decoded text of a URL's path (decodeURI), or the text as written when it is not valid percent-encoding. */
export function decodeUriSafe(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

export function relativeInside(root: string, child: string): string | undefined {
  const rel = posix.relative(root, child);
  if (rel === '' || rel.startsWith('../') || rel === '..' || posix.isAbsolute(rel)) return undefined;
  return rel;
}

/**
 * Resolves a site-relative reference (`/logo.svg`, `guides/setup`, `./a/b`) against the site
 * root. Returns undefined when the result would leave the site folder (`../../etc`).
 */
export function resolveInSite(root: string, ref: string): string | undefined {
  const cleaned = ref.replace(/^\/+/, '');
  const abs = posix.normalize(posix.join(root, cleaned));
  return relativeInside(root, abs) === undefined ? undefined : abs;
}

/**
 * A path written in a page: `/x` from the site root, `x`, `./x` and `../x` from the folder of the
 * page (`pageRel`, site-relative; its extension does not matter). Undefined when it leaves the site.
 */
export function resolveFromPage(root: string, pageRel: string, ref: string): string | undefined {
  const base = ref.startsWith('/') ? '' : posix.dirname('/' + pageRel).slice(1);
  return resolveInSite(root, posix.join(base, ref));
}

/** A link's path as a browser reads it from the page: absolute, with `..` past the site root staying at the root. */
export function clampedLinkPath(pageRel: string, ref: string): string {
  const base = ref.startsWith('/') ? '/' : posix.dirname('/' + pageRel);
  return posix.normalize(posix.join('/', base, ref));
}

/** Whether a path written in a page names the site folder itself (`/`, or `./` from a top-level page): the home page. */
export function namesSiteRoot(pageRel: string, ref: string): boolean {
  const base = ref.startsWith('/') ? '' : posix.dirname('/' + pageRel).slice(1);
  return ['.', './'].includes(posix.normalize(posix.join(base, ref.replace(/^\/+/, '') || '.')));
}

export function isExternalUrl(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//');
}

/** A path written in a file, as a site-relative path; undefined when it leaves the site. */
export function resolveRel(fromRel: string, ref: string): string | undefined {
  const clean = ref.split(/[?#]/)[0];
  const joined = clean.startsWith('/') ? posix.normalize(clean).slice(1) : posix.normalize(posix.join(posix.dirname(fromRel), clean));
  if (joined.startsWith('..') || posix.isAbsolute(joined)) return undefined;
  return joined === '.' ? '' : joined;
}

/** `s` without the slashes at its end: a loop, as a regex for them is quadratic on a long run of slashes not at the end. */
export function trimTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** `s` without the slashes at its start and end. */
export function trimSlashes(s: string): string {
  let start = 0;
  while (start < s.length && s.charCodeAt(start) === 47) start++;
  return trimTrailingSlashes(start === 0 ? s : s.slice(start));
}

/** The segments of a URL path, percent-decoded; undefined when one would leave the folder it is in. */
export function safeSegments(pathname: string): string[] | undefined {
  const out: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // A decoded `..`, `.`, slash, backslash or NUL could name a file outside the site.
    if (s === '..' || s === '.' || /[/\\\0]/.test(s)) return undefined;
    out.push(s);
  }
  return out;
}

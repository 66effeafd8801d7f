// The site's own `.css` files (customize/custom-scripts.mdx: every `.css` file of the content
// folder applies to every page, no import needed), as one sanitised stylesheet for the preview and
// the export. CSS runs no script in current browsers; what is taken out is what could reach
// outside the site or did run script in old browsers: every `@import` (a site file is included
// anyway, a remote one would load from elsewhere), every `@charset` (the stylesheet is UTF-8, as
// it was read: one naming ISO-2022-JP would have the browser read escape sequences that hide
// `url(` or `@import` from this check), url()s other than site files, https and `data:image/`,
// `expression()`, `javascript:`, and the `behavior` / `-moz-binding` properties.
// Site-relative url()s are pointed at the render target (and reported as files the export copies).
// Pure; postcss (already loaded with Tailwind) is imported on first use.
import { resolveRel } from '../util/paths';
import { BoundedMap } from '../util/memo';

/** At most this many files and bytes of site CSS are read (the rest is reported, not applied). */
export const MAX_CSS_FILES = 100;
export const MAX_CSS_BYTES = 2 * 1024 * 1024;

/** The site's stylesheets in the order they apply: by path. */
export function siteCssFiles(files: Iterable<string>): string[] {
  return [...files].filter((f) => /\.css$/i.test(f) && !f.startsWith('_docwright/')).sort();
}

export interface SiteStylesheet {
  css: string;
  /** Site files the stylesheet refers to (fonts, images). */
  assets: string[];
  /** What was left out, one sentence each, with the file. */
  problems: { file: string; message: string }[];
}

const BLOCKED_PROPERTY = /^(behavior|-ms-behavior|-moz-binding)$/i;
const BLOCKED_VALUE = /expression\s*\(|javascript:|vbscript:|-moz-binding/i;
const URL_RE = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi;

/** The text of CSS escapes decoded (`\75 rl(` is `url(` to a browser). */
function unescapeCss(value: string): string {
  return value.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd) : ch!,
  );
}

const memo = new BoundedMap<string, Promise<SiteStylesheet>>(16);

/**
 * One stylesheet of the given files (site-relative path and text), sanitised. `url` gives the
 * URL of a site file for the target, or undefined when the site has no such file.
 */
export function siteStylesheet(
  files: readonly { rel: string; text: string }[],
  url: (rel: string) => string | undefined,
  key?: string,
): Promise<SiteStylesheet> {
  if (key === undefined) return build(files, url);
  const k = `${key}\0${files.map((f) => `${f.rel}\0${f.text}`).join('\0')}`;
  let out = memo.get(k);
  if (!out) {
    out = build(files, url);
    memo.set(k, out);
  }
  return out;
}

async function build(files: readonly { rel: string; text: string }[], url: (rel: string) => string | undefined): Promise<SiteStylesheet> {
  const problems: SiteStylesheet['problems'] = [];
  const assets = new Set<string>();
  const parts: string[] = [];
  if (files.length === 0) return { css: '', assets: [], problems };
  const { default: postcss } = await import('postcss');
  let bytes = 0;
  for (const [i, f] of files.entries()) {
    if (i >= MAX_CSS_FILES || bytes + f.text.length > MAX_CSS_BYTES) {
      problems.push({
        file: f.rel,
        message: `Not applied: the site's stylesheets are used up to ${MAX_CSS_FILES} files and ${MAX_CSS_BYTES / 1024 / 1024} MB.`,
      });
      continue;
    }
    bytes += f.text.length;
    let root;
    try {
      root = postcss.parse(f.text, { from: undefined });
    } catch (e) {
      const err = e as { reason?: string; line?: number };
      problems.push({ file: f.rel, message: `Not applied: CSS syntax error${err.line ? ` on line ${err.line}` : ''}: ${err.reason ?? String(e)}.` });
      continue;
    }
    root.walkAtRules((rule) => {
      if (rule.name.toLowerCase() === 'charset') {
        const named = rule.params.replace(/^["']|["']$/g, '');
        if (!/^utf-?8$/i.test(named))
          problems.push({ file: f.rel, message: `@charset ${rule.params} is left out: the site's stylesheets are read and applied as UTF-8.` });
        rule.remove();
      } else if (rule.name.toLowerCase() === 'import') {
        problems.push({
          file: f.rel,
          message: `@import ${rule.params} is left out (every .css file of the site applies anyway; other stylesheets are not loaded).`,
        });
        rule.remove();
      }
    });
    root.walkDecls((decl) => {
      const value = unescapeCss(decl.value);
      if (BLOCKED_PROPERTY.test(unescapeCss(decl.prop)) || BLOCKED_VALUE.test(value)) return void decl.remove();
      const urls = [...decl.value.matchAll(URL_RE)];
      // A url( spelled with escapes, or one the pattern cannot read: not applied.
      if ((value.match(/url\(/gi)?.length ?? 0) !== urls.length) return void decl.remove();
      let ok = true;
      decl.value = decl.value.replace(URL_RE, (whole, dq: string | undefined, sq: string | undefined, bare: string | undefined) => {
        const ref = (dq ?? sq ?? bare ?? '').trim();
        const to = cssUrl(f.rel, ref, url, assets);
        if (to === undefined) ok = false;
        return to === undefined ? whole : `url("${to.replace(/["\\\n]/g, (c) => `\\${c === '\n' ? 'a ' : c}`)}")`;
      });
      if (!ok) decl.remove();
    });
    parts.push(root.toString());
  }
  // Inlined in a <style> element: no `</` may end it.
  return { css: parts.join('\n').replace(/<\//g, '<\\/'), assets: [...assets], problems };
}

/** The URL a stylesheet's url() leads to for the target; undefined when it is not allowed. */
function cssUrl(from: string, ref: string, url: (rel: string) => string | undefined, assets: Set<string>): string | undefined {
  if (ref === '' || ref.startsWith('#')) return ref;
  if (/^https:\/\//i.test(ref) || /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(ref)) return ref;
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return undefined;
  const [path, hash] = ref.split('#', 2);
  let rel: string | undefined;
  try {
    rel = resolveRel(from, decodeURI(path.split('?')[0]));
  } catch {
    return undefined;
  }
  if (rel === undefined) return undefined;
  const to = url(rel);
  if (to === undefined) return undefined;
  assets.add(rel);
  return to + (hash !== undefined ? `#${hash}` : '');
}

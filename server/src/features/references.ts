// What points at a file or a heading of a site: links and reference definitions, `href` and file
// attributes of components and HTML, images, imports and `<Snippet file>`, navigation entries of
// docs.json (and of the files it loads with `"$ref"`), redirect destinations and the links of a
// hand-written llms.txt. Links are resolved by link-broken's own resolver, anchors by the
// renderer's slugs (site-index.ts), so a reference here is exactly what the checks follow.
import type { Node } from 'unist';
import { type ArrayASTNode, child, isArray, isObject, isString, type StringASTNode } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { field } from '../config/refs';
import { pageAssets } from '../pages/assets';
import { pageEsm } from '../pages/esm';
import { jsxAttributes } from '../pages/jsx';
import { isInternalLink, pageLinks } from '../pages/links';
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { resolveLink } from '../rules/page/link-broken';
import { resolveImport, snippetFileRel } from '../site/imports';
import { markdownLinks } from '../site/llms-txt';
import { linkedPage, pageId } from '../site/navigation';
import { pageAnchors, type SiteIndex, type SiteSources } from '../site/site-index';
import { LLMS_TXT_NAME, type Site } from '../site/site';
import type { Range } from '../types';
import { decodeUriSafe, isExternalUrl, join, relativeInside, resolveFromPage, resolveRel } from '../util/paths';
import { fragmentMatches } from '../util/slug';

/**
 * - `link`: a Markdown link or definition, or an `href` (path + optional `?query` and `#anchor`)
 * - `asset`: an image or a file attribute (`src`, Card `img`)
 * - `import`: an ESM import source; `snippet`: `<Snippet file>` (relative to snippets/)
 * - `nav`: a page entry of the navigation; `config-link`: a redirect destination or a division's `href`
 * - `llms`: a link of the site's hand-written llms.txt
 */
export type ReferenceKind = 'link' | 'asset' | 'import' | 'snippet' | 'nav' | 'config-link' | 'llms';

export interface Reference {
  kind: ReferenceKind;
  /** Absolute path of the file that holds the reference. */
  path: string;
  /** Site-relative path of that file. */
  fromRel: string;
  /** The text of the reference as written (a URL, an import path, a page entry). */
  text: string;
  /** Where `text` is written, exactly (inside the quotes for strings). */
  range: Range;
  /** The site file it leads to (site-relative), e.g. `guides/setup.mdx`. */
  target: string;
  /** The page id it leads to, when it leads to a page. */
  page?: string;
  /** The `#anchor` (decoded), when it has one and leads to a page. */
  anchor?: string;
}

export type { SiteSources };

/** Every parsed file that can hold links, by site-relative path. */
export function sourceFiles(src: SiteSources): Map<string, { doc: PageDocument; id?: string }> {
  const out = new Map<string, { doc: PageDocument; id?: string }>();
  for (const [id, doc] of src.index.pages) {
    const rel = src.index.site.pages.get(id);
    if (rel) out.set(rel, { doc, id });
  }
  for (const [rel, doc] of src.snippets) if (!out.has(rel)) out.set(rel, { doc });
  return out;
}

function splitUrl(url: string): { path: string; rest: string } {
  const i = url.search(/[?#]/);
  return i < 0 ? { path: url, rest: '' } : { path: url.slice(0, i), rest: url.slice(i) };
}

function decodedAnchor(url: string): string | undefined {
  const i = url.indexOf('#');
  if (i < 0) return undefined;
  try {
    return decodeURIComponent(url.slice(i + 1));
  } catch {
    return url.slice(i + 1);
  }
}

/** The site file a page link leads to, and the page, from link-broken's resolution (a missing anchor still names its page). */
function linkTarget(index: SiteIndex, target: ReturnType<typeof resolveLink>): { target: string; page?: string } | undefined {
  if (!target.ok && target.reason !== 'no-anchor') return undefined;
  if (target.ok && target.file) return { target: target.file };
  if (target.id === undefined) return undefined;
  const rel = index.site.pages.get(target.id);
  return rel ? { target: rel, page: target.id } : undefined;
}

/**
 * What a page or snippet points at depends on its text and on the site (files, pages, config), not
 * on other pages' texts: kept per Site and parsed page, so an edit recomputes one page's references.
 */
const pageRefCache = new WeakMap<Site, WeakMap<PageDocument, Reference[]>>();

export function pageReferences(index: SiteIndex, fromRel: string, doc: PageDocument): Reference[] {
  let bySite = pageRefCache.get(index.site);
  if (!bySite) pageRefCache.set(index.site, (bySite = new WeakMap()));
  let refs = bySite.get(doc);
  if (!refs) bySite.set(doc, (refs = computePageReferences(index, fromRel, doc)));
  return refs;
}

/** A place of a page that can name a file or a page, read from the page alone (what it leads to needs the site). */
interface PagePlace {
  kind: 'link' | 'asset' | 'import' | 'snippet';
  /** As written: a URL, an import source, a `<Snippet file>` value. */
  text: string;
  offsets: { start: number; end: number };
}

/** Every place of a page that can be a reference, in kind order (links, assets, imports, snippets). */
function pagePlaces(doc: PageDocument): PagePlace[] {
  const out: PagePlace[] = [];
  for (const link of pageLinks(doc)) if (link.urlOffset) out.push({ kind: 'link', text: link.url, offsets: link.urlOffset });
  for (const asset of pageAssets(doc)) if (asset.urlOffset) out.push({ kind: 'asset', text: asset.url, offsets: asset.urlOffset });
  for (const imp of pageEsm(doc).imports) if (imp.sourceOffset) out.push({ kind: 'import', text: imp.source, offsets: imp.sourceOffset });
  for (const el of nodesOf(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if ((el as { name?: string }).name !== 'Snippet') continue;
    const file = jsxAttributes(el, doc.text).find((a) => a.name === 'file');
    if (file && typeof file.value === 'string' && file.valueOffset) out.push({ kind: 'snippet', text: file.value, offsets: file.valueOffset });
  }
  return out;
}

/**
 * Whether `offset` is on a place of the page that can be a reference (a link or asset URL, an import
 * source, a `<Snippet file>`), from the page alone: elsewhere no reference, document link or link
 * hover can be found, and the editor need not parse the rest of the site to say so.
 */
export function onReferencePlace(doc: PageDocument, offset: number): boolean {
  return pagePlaces(doc).some((p) => offset >= p.offsets.start && offset <= p.offsets.end);
}

function computePageReferences(index: SiteIndex, fromRel: string, doc: PageDocument): Reference[] {
  const out: Reference[] = [];
  const site = index.site;
  const range = (o: { start: number; end: number }) => doc.index.range(o.start, o.end - o.start);
  const fromId = pageId(fromRel);
  const places = pagePlaces(doc);
  for (const place of places) {
    if (place.kind !== 'link' || !isInternalLink(place.text)) continue;
    const t = linkTarget(index, resolveLink(index, fromId, place.text));
    if (!t) continue;
    out.push({
      kind: 'link',
      path: doc.path,
      fromRel,
      text: place.text,
      range: range(place.offsets),
      ...t,
      anchor: t.page ? decodedAnchor(place.text) : undefined,
    });
  }
  for (const place of places) {
    if (place.kind !== 'asset' || isExternalUrl(place.text) || place.text.startsWith('#')) continue;
    const path = decodeUriSafe(splitUrl(place.text).path);
    const abs = resolveFromPage(site.root, fromRel, path);
    const rel = abs ? relativeInside(site.root, abs) : undefined;
    if (rel === undefined || !site.files.has(rel)) continue;
    out.push({ kind: 'asset', path: doc.path, fromRel, text: place.text, range: range(place.offsets), target: rel });
  }
  for (const place of places) {
    if (place.kind !== 'import' || (!place.text.startsWith('/') && !place.text.startsWith('.'))) continue;
    const rel = resolveImport(site, fromRel, place.text).rel;
    if (rel) out.push({ kind: 'import', path: doc.path, fromRel, text: place.text, range: range(place.offsets), target: rel, page: pageOf(index, rel) });
  }
  for (const place of places) {
    if (place.kind !== 'snippet') continue;
    const rel = snippetFileRel(place.text);
    if (site.files.has(rel)) out.push({ kind: 'snippet', path: doc.path, fromRel, text: place.text, range: range(place.offsets), target: rel });
  }
  return out;
}

/** The page id of a site file, when it is a page. */
function pageOf(index: SiteIndex, rel: string): string | undefined {
  const id = pageId(rel);
  return index.site.pages.get(id) === rel ? id : undefined;
}

function stringRange(doc: ConfigDocument, node: StringASTNode): Range {
  return doc.index.range(node.offset + 1, Math.max(0, node.length - 2));
}

/** A site path written in docs.json (`/guides/setup`, `guides`, `/`): the page it shows. */
function configPathTarget(index: SiteIndex, href: string): { target: string; page: string; anchor?: string } | undefined {
  if (isExternalUrl(href) || href.startsWith('#')) return undefined;
  const { path } = splitUrl(href);
  const id = linkedPage(index.site.pages, pageId(path));
  const rel = id !== undefined ? index.site.pages.get(id) : undefined;
  return rel && id !== undefined ? { target: rel, page: id, anchor: decodedAnchor(href) } : undefined;
}

export function configReferences(index: SiteIndex): Reference[] {
  const site = index.site;
  const out: Reference[] = [];
  const relOf = (doc: ConfigDocument) => relativeInside(site.root, doc.path) ?? doc.path;
  for (const entry of site.nav.entries) {
    const id = pageId(entry.page);
    const rel = site.pages.get(id);
    if (!rel) continue;
    out.push({
      kind: 'nav',
      path: entry.config.path,
      fromRel: relOf(entry.config),
      text: entry.node.value,
      range: stringRange(entry.config, entry.node),
      target: rel,
      page: id,
    });
  }
  for (const link of site.nav.links) {
    const t = configPathTarget(index, link.href);
    if (t)
      out.push({ kind: 'config-link', path: link.config.path, fromRel: relOf(link.config), text: link.href, range: stringRange(link.config, link.node), ...t });
  }
  const config = site.config;
  if (config.root) {
    const list = field(config, { doc: config, node: config.root }, 'redirects');
    if (list && isArray(list.node)) {
      for (const item of (list.node as ArrayASTNode).items) {
        const dest = isObject(item) ? child(item, 'destination') : undefined;
        if (!isString(dest)) continue;
        const t = configPathTarget(index, dest.value);
        if (t) out.push({ kind: 'config-link', path: list.doc.path, fromRel: relOf(list.doc), text: dest.value, range: stringRange(list.doc, dest), ...t });
      }
    }
  }
  return out;
}

/** The links of a hand-written llms.txt that lead to a page or file of the site (`page.md`, `/page`, `page.html`). */
function llmsReferences(index: SiteIndex): Reference[] {
  const site = index.site;
  const text = site.llmsTxt;
  if (text === undefined) return [];
  const path = join(site.root, LLMS_TXT_NAME);
  const out: Reference[] = [];
  // The links the llms-txt rule checks: outside code, a target in <…> or with a title too.
  for (const { url, line, character } of markdownLinks(text)) {
    if (url === '' || isExternalUrl(url) || url.startsWith('#')) continue;
    let clean = splitUrl(url).path;
    try {
      clean = decodeURIComponent(clean);
    } catch {
      continue;
    }
    const rel = resolveRel(LLMS_TXT_NAME, clean);
    if (rel === undefined || rel === '') continue;
    const range: Range = { start: { line, character }, end: { line, character: character + url.length } };
    if (site.files.has(rel) && pageOf(index, rel) === undefined) {
      out.push({ kind: 'llms', path, fromRel: LLMS_TXT_NAME, text: url, range, target: rel });
      continue;
    }
    const id = linkedPage(site.pages, pageId(rel.replace(/\.html?$/i, '')));
    const file = id !== undefined ? site.pages.get(id) : undefined;
    if (file && id !== undefined)
      out.push({ kind: 'llms', path, fromRel: LLMS_TXT_NAME, text: url, range, target: file, page: id, anchor: decodedAnchor(url) });
  }
  return out;
}

/** The references of docs.json (and its `"$ref"` files) and llms.txt: read when the Site loads, so kept per Site. */
const siteRefCache = new WeakMap<Site, Reference[]>();

/** Every reference of the site to one of its files, in pages, snippets, docs.json and llms.txt. */
export function siteReferences(src: SiteSources): Reference[] {
  const { index } = src;
  const pages = index.memo('references:pages', () => {
    const out: Reference[] = [];
    for (const [id, doc] of index.pages) {
      const rel = index.site.pages.get(id);
      if (rel) for (const r of pageReferences(index, rel, doc)) out.push(r);
    }
    return out;
  });
  const out = pages.slice();
  for (const [rel, doc] of src.snippets) for (const r of pageReferences(index, rel, doc)) out.push(r);
  let fixed = siteRefCache.get(index.site);
  if (!fixed) siteRefCache.set(index.site, (fixed = [...configReferences(index), ...llmsReferences(index)]));
  for (const r of fixed) out.push(r);
  return out;
}

/** The references to a file (or to every file in a folder, for `rel` naming a folder). */
export function referencesToFile(src: SiteSources, rel: string): Reference[] {
  return siteReferences(src).filter((r) => r.target === rel || r.target.startsWith(rel + '/'));
}

/** A heading of a page: its anchor, its text and where its text is written. */
export interface HeadingAt {
  anchor: string;
  text: string;
  /** The heading's text in the page (without `#` marks and without a `{#id}`). */
  range: Range;
  /** Whether the anchor is a custom `{#id}` (it does not change when the text does). */
  custom: boolean;
}

/** The headings of a page with their anchors, in order (anchors as the renderer makes them). */
export function pageHeadings(doc: PageDocument): HeadingAt[] {
  const out: HeadingAt[] = [];
  for (const { anchor, node, custom } of pageAnchors(doc)) {
    if (node.type !== 'heading') continue;
    const children = (node as { children?: Node[] }).children ?? [];
    const start = children[0]?.position?.start.offset;
    const end = children[children.length - 1]?.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    out.push({ anchor, text: doc.text.slice(start, end), range: doc.index.range(start, end - start), custom: custom === true });
  }
  return out;
}

/** Whether a written anchor names `anchor` (as a browser finds it, the way link-broken checks it). */
export function anchorMatches(written: string, anchor: string): boolean {
  return fragmentMatches(written, new Set([anchor])) !== undefined;
}

/** The references to a heading of page `id` (by its anchor): `#anchor` links from every page and snippet, and bare `#anchor`s on the page itself. */
export function referencesToHeading(src: SiteSources, id: string, anchor: string): Reference[] {
  const rel = src.index.site.pages.get(id);
  const out: Reference[] = [];
  for (const r of siteReferences(src)) if (r.page === id && r.anchor !== undefined && anchorMatches(r.anchor, anchor)) out.push(r);
  const doc = src.index.pages.get(id);
  if (doc && rel) {
    for (const link of pageLinks(doc)) {
      if (!link.url.startsWith('#') || !link.urlOffset) continue;
      const written = decodedAnchor(link.url)!;
      if (anchorMatches(written, anchor))
        out.push({
          kind: 'link',
          path: doc.path,
          fromRel: rel,
          text: link.url,
          range: doc.index.range(link.urlOffset.start, link.urlOffset.end - link.urlOffset.start),
          target: rel,
          page: id,
          anchor: written,
        });
    }
  }
  return out;
}

/** Where the `#anchor` part of a reference is written (for rename). */
export function anchorRange(r: Reference): Range | undefined {
  const i = r.text.indexOf('#');
  if (i < 0 || r.range.start.line !== r.range.end.line) return undefined;
  return { start: { line: r.range.start.line, character: r.range.start.character + i + 1 }, end: r.range.end };
}

/** What a cursor asks references of: a file (a page, snippet or asset) or a heading of a page. */
export type ReferenceTarget = { file: string } | { page: string; anchor: string };

const inside = (offset: number, o: { start: number; end: number } | undefined) => o !== undefined && offset >= o.start && offset <= o.end;

/**
 * The target under the cursor of a page or snippet (`fromRel`): a link (its `#anchor` part names
 * the heading, the rest the page or file), an image or file attribute, an import or
 * `<Snippet file>`, a heading of the page, or the page itself from its front matter or first line.
 */
export function referenceTargetAt(src: SiteSources, fromRel: string, doc: PageDocument, offset: number): ReferenceTarget | undefined {
  const here = pageOf(src.index, fromRel);
  for (const link of pageLinks(doc)) {
    if (!inside(offset, link.urlOffset)) continue;
    const hash = link.url.indexOf('#');
    const onAnchor = hash >= 0 && offset > link.urlOffset!.start + hash;
    if (link.url.startsWith('#')) return here !== undefined ? { page: here, anchor: decodedAnchor(link.url)! } : undefined;
    if (!isInternalLink(link.url)) return undefined;
    const t = linkTarget(src.index, resolveLink(src.index, pageId(fromRel), link.url));
    if (!t) return undefined;
    return onAnchor && t.page !== undefined ? { page: t.page, anchor: decodedAnchor(link.url)! } : { file: t.target };
  }
  const own = pageReferences(src.index, fromRel, doc).find(
    (r) => r.kind !== 'link' && offset >= doc.index.offsetAt(r.range.start) && offset <= doc.index.offsetAt(r.range.end),
  );
  if (own) return { file: own.target };
  if (here !== undefined) {
    for (const h of pageHeadings(doc)) {
      const line = h.range.start.line;
      if (doc.index.positionAt(offset).line === line) return { page: here, anchor: h.anchor };
    }
  }
  const fm = doc.frontmatter.range;
  const pos = doc.index.positionAt(offset);
  if ((fm && pos.line >= fm.start.line && pos.line <= fm.end.line) || pos.line === 0) return { file: fromRel };
  return undefined;
}

/** The page a navigation entry or redirect destination under the cursor in docs.json (or a `"$ref"` file) names. */
export function referenceTargetInConfig(src: SiteSources, configPath: string, offset: number): ReferenceTarget | undefined {
  for (const r of configReferences(src.index)) {
    if (r.path !== configPath) continue;
    const doc = r.path === src.index.site.config.path ? src.index.site.config : src.index.site.config.refs?.get(r.path);
    if (!doc) continue;
    if (offset >= doc.index.offsetAt(r.range.start) && offset <= doc.index.offsetAt(r.range.end)) return { file: r.target };
  }
  return undefined;
}

/** The references to what a target names. */
export function referencesTo(src: SiteSources, target: ReferenceTarget): Reference[] {
  return 'file' in target ? referencesToFile(src, target.file) : referencesToHeading(src, target.page, target.anchor);
}

/** The heading of page `id` a link's anchor names (as a browser finds it). */
export function headingOf(src: SiteSources, id: string, anchor: string): HeadingAt | undefined {
  const doc = src.index.pages.get(id);
  if (!doc) return undefined;
  return pageHeadings(doc).find((h) => anchorMatches(anchor, h.anchor));
}

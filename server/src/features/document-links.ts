// Document links and go-to-definition: every place a page, snippet, docs.json (or a file it loads
// with `"$ref"`) names a file of the site, with the file it opens and, for an `#anchor`, the line of
// the heading. Built on the reference finder (references.ts, itself on link-broken's resolver), so
// a link here leads exactly where the checks and moves say it does.
import { type ASTNode, isString } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { refTarget } from '../config/refs';
import { isInternalLink, pageLinks } from '../pages/links';
import { resolveRel } from '../util/paths';
import { siteModelOf } from '../site/api-pages';
import { linkedPage, pageId } from '../site/navigation';
import { redirectsOf, redirectTarget } from '../site/redirects';
import type { PageDocument } from '../pages/parse';
import { pageAnchors, type SiteSources } from '../site/site-index';
import type { Range } from '../types';
import { isExternalUrl, join, relativeInside, resolveInSite } from '../util/paths';
import { fragmentMatches, looseSlug } from '../util/slug';
import { configReferences, pageReferences, type ReferenceKind } from './references';

export interface DocumentLink {
  /** Where the link's text is written. */
  range: Range;
  /** Absolute path of the file it opens. */
  path: string;
  /** 0-based line of the heading (or titled component) an `#anchor` names, when found. */
  line?: number;
  /** Site-relative path of that file. */
  target: string;
  /** The page id and anchor, when it leads to a page. */
  page?: string;
  anchor?: string;
  /** What names the file: a reference kind, `anchor` for a bare `#anchor`, `redirect` for a link to a redirect's source, `file` for any other path in docs.json, `ref` for a `"$ref"`. */
  kind: ReferenceKind | 'anchor' | 'file' | 'ref' | 'redirect';
}

/** The line of the anchor `anchor` on a parsed page: exact match first, else one differing in punctuation only (as link-broken accepts). */
export function anchorLine(doc: PageDocument, anchor: string): number | undefined {
  const anchors = pageAnchors(doc);
  const found =
    anchors.find((a) => fragmentMatches(anchor, new Set([a.anchor])) !== undefined) ?? anchors.find((a) => looseSlug(a.anchor) === looseSlug(anchor));
  const line = found?.node.position?.start.line;
  return line === undefined ? undefined : line - 1;
}

function decoded(anchor: string): string {
  try {
    return decodeURIComponent(anchor);
  } catch {
    return anchor;
  }
}

/** The document links of a page or snippet (`rel`: its site-relative path), in text order. */
export function pageDocumentLinks(src: SiteSources, rel: string, doc: PageDocument): DocumentLink[] {
  const { index } = src;
  const root = index.site.root;
  const out: DocumentLink[] = [];
  for (const r of pageReferences(index, rel, doc)) {
    const targetDoc = r.page !== undefined ? index.pages.get(r.page) : undefined;
    const line = r.anchor !== undefined && targetDoc ? anchorLine(targetDoc, r.anchor) : undefined;
    out.push({
      range: r.range,
      path: join(root, r.target),
      target: r.target,
      kind: r.kind,
      ...(r.page !== undefined ? { page: r.page } : {}),
      ...(r.anchor !== undefined ? { anchor: r.anchor } : {}),
      ...(line !== undefined ? { line } : {}),
    });
  }
  // A link to a redirect's source leads where the redirect does (references leave it out: it names no file).
  const written = new Set(out.map((l) => `${l.range.start.line}:${l.range.start.character}`));
  const redirects = redirectsOf(siteModelOf(index.site));
  for (const link of pageLinks(doc)) {
    if (!link.urlOffset || !isInternalLink(link.url)) continue;
    const range = doc.index.range(link.urlOffset.start, link.urlOffset.end - link.urlOffset.start);
    if (written.has(`${range.start.line}:${range.start.character}`)) continue;
    const site = resolveRel(rel, link.url);
    const to = site === undefined ? undefined : redirectTarget(redirects, site, (p) => linkedPage(index.site.pages, pageId(p)));
    const file = to && 'page' in to ? index.site.pages.get(to.page) : undefined;
    if (!to || !('page' in to) || !file) continue;
    const targetDoc = index.pages.get(to.page);
    const anchor = to.hash !== undefined ? decoded(to.hash) : undefined;
    const line = anchor !== undefined && targetDoc ? anchorLine(targetDoc, anchor) : undefined;
    out.push({
      range,
      path: join(root, file),
      target: file,
      page: to.page,
      kind: 'redirect',
      ...(anchor !== undefined ? { anchor } : {}),
      ...(line !== undefined ? { line } : {}),
    });
  }
  // A bare `#anchor` leads to a heading of the same file.
  for (const link of pageLinks(doc)) {
    if (!link.url.startsWith('#') || link.url.length < 2 || !link.urlOffset) continue;
    const anchor = decoded(link.url.slice(1));
    const line = anchorLine(doc, anchor);
    if (line === undefined) continue;
    out.push({
      range: doc.index.range(link.urlOffset.start, link.urlOffset.end - link.urlOffset.start),
      path: doc.path,
      target: rel,
      anchor,
      line,
      kind: 'anchor',
    });
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/** The config documents of a site: docs.json and the files it loads with `"$ref"`. */
function configDocs(src: SiteSources): ConfigDocument[] {
  const config = src.index.site.config;
  return [config, ...(config.refs?.values() ?? [])];
}

/** The document links of docs.json or of one of its `"$ref"` files: navigation entries, division and redirect links, `"$ref"`s and any other value naming a site file (logo, favicon, OpenAPI file). */
export function configDocumentLinks(src: SiteSources, configPath: string): DocumentLink[] {
  const { index } = src;
  const site = index.site;
  const doc = configDocs(src).find((d) => d.path === configPath);
  if (!doc?.root) return [];
  const out: DocumentLink[] = [];
  const taken = new Set<number>();
  for (const r of configReferences(index)) {
    if (r.path !== configPath) continue;
    const targetDoc = r.page !== undefined ? index.pages.get(r.page) : undefined;
    const line = r.anchor !== undefined && targetDoc ? anchorLine(targetDoc, r.anchor) : undefined;
    out.push({
      range: r.range,
      path: join(site.root, r.target),
      target: r.target,
      kind: r.kind,
      ...(r.page !== undefined ? { page: r.page } : {}),
      ...(r.anchor !== undefined ? { anchor: r.anchor } : {}),
      ...(line !== undefined ? { line } : {}),
    });
    taken.add(doc.index.offsetAt(r.range.start));
  }
  // Every other string naming a file of the site; walked without recursion (configs can nest deep).
  const stack: ASTNode[] = [doc.root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'object') {
      for (const p of node.properties) if (p.valueNode) stack.push(p.valueNode);
    } else if (node.type === 'array') for (const item of node.items) stack.push(item);
    if (!isString(node) || taken.has(node.offset + 1) || node.value === '' || isExternalUrl(node.value)) continue;
    const isRef = node.parent?.type === 'property' && node.parent.keyNode.value === '$ref';
    const abs = isRef ? refTarget(site.root, doc, node.value) : resolveInSite(site.root, node.value.split(/[?#]/)[0]);
    const rel = abs ? relativeInside(site.root, abs) : undefined;
    if (abs === undefined || rel === undefined || !site.files.has(rel)) continue;
    out.push({ range: doc.index.range(node.offset + 1, Math.max(0, node.length - 2)), path: abs, target: rel, kind: isRef ? 'ref' : 'file' });
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/** The link under `offset` of a document's links. */
export function linkAt(links: readonly DocumentLink[], doc: { index: { offsetAt(p: Range['start']): number } }, offset: number): DocumentLink | undefined {
  return links.find((l) => offset >= doc.index.offsetAt(l.range.start) && offset <= doc.index.offsetAt(l.range.end));
}

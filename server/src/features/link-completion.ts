// Completion of where a page points: page paths in links (`[x](…`, `[id]: …`, `href="…"`), the
// `#anchors` of the target page (or of this page after a bare `#`), and file paths in images and
// file attributes (`src`, Card `img`). Anchors come from the renderer's slugs (site-index.ts);
// the page a typed path names is found by link-broken's resolver.
import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Node } from 'unist';
import { findComponent } from '../components/catalog';
import { isJsxElement, stringAttribute } from '../pages/jsx';
import type { PageDocument } from '../pages/parse';
import type { Site } from '../site/site';
import { resolveLink } from '../rules/page/link-broken';
import { siteApi } from '../site/api-pages';
import { pageId } from '../site/navigation';
import { pageAnchors, type SiteIndex, type SiteSources } from '../site/site-index';
import { isSnippetFile } from '../site/imports';
import { dirname } from '../util/paths';
import type { CompletionEntry } from './page-completion';
import { typedAsPath } from './icon-completion';
import { linkPathContext } from './page-context';
import { posix } from 'node:path';

/** Above this many candidates only those matching what is typed are sent, and the list is marked incomplete. */
export const MAX_LINK_ITEMS = 1000;

/** Files a page shows (images, video, audio, documents): what `src` and images complete to. */
const ASSET_FILE = /\.(png|jpe?g|gif|webp|svg|ico|avif|bmp|mp4|webm|mov|m4v|ogg|ogv|mp3|wav|m4a|flac|pdf|vtt|zip|csv|txt)$/i;

export interface LinkCompletion {
  items: CompletionEntry[];
  /** More candidates match than were sent: the editor asks again as the user types. */
  incomplete: boolean;
}

/** The title and description of a page from its front matter (a generated API page from its operation). */
export function pageInfo(index: SiteIndex, id: string): { title?: string; description?: string } {
  const data = index.pages.get(id)?.frontmatter.data;
  if (data) {
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    return { title: text(data.title), description: text(data.description) };
  }
  const generated = siteApi(index.site).pages.get(id);
  return generated ? { title: generated.title } : {};
}

/** Whether every character of `query` appears in `text` in order (case-insensitive). */
export function subsequence(query: string, text: string): boolean {
  const q = query.toLowerCase();
  const t = text.toLowerCase();
  let j = 0;
  for (let i = 0; i < t.length && j < q.length; i++) if (t[i] === q[j]) j++;
  return j === q.length;
}

/** How a path is written from the page at `fromRel`: from the site root, or relative when the writer started with `.`. */
function written(target: string, fromRel: string, relative: boolean): string {
  if (!relative) return '/' + target;
  const r = posix.relative(dirname('/' + fromRel), '/' + target);
  return r.startsWith('.') ? r : './' + r;
}

function isFileAttribute(tag: string, attribute: string, typed: string): boolean {
  const file = findComponent(tag)?.attributes.find((a) => a.name === attribute)?.file;
  return file === 'always' || (file === 'if-path' && typedAsPath(typed));
}

/** The text an anchor comes from: a heading's text, a component's title. */
export function anchorSource(node: Node): string {
  if (node.type === 'heading') return `${'#'.repeat((node as Heading).depth)} ${toString(node as Heading)}`;
  if (isJsxElement(node)) {
    const title = stringAttribute(node, 'title') ?? stringAttribute(node, 'label');
    return `<${node.name ?? ''}>${title ? ` ${title}` : ''}`;
  }
  return '';
}

/** What a link can lead to: the pages of a site (with the generated API pages), or the files it shows; sorted, kept per Site. */
const targetCache = new WeakMap<Site, { pages: Target[]; assets: Target[] }>();
interface Target {
  /** Site-relative, without extension for a page. */
  path: string;
  id?: string;
}

function targetsOf(site: Site): { pages: Target[]; assets: Target[] } {
  let t = targetCache.get(site);
  if (t) return t;
  const pages: Target[] = [...site.pages.keys()].map((id) => ({ path: id, id }));
  for (const id of siteApi(site).pages.keys()) if (!site.pages.has(id)) pages.push({ path: id, id });
  const assets: Target[] = [...site.files].filter((f) => ASSET_FILE.test(f) && !isSnippetFile(f)).map((f) => ({ path: f }));
  const byPath = (a: Target, b: Target) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  t = { pages: pages.sort(byPath), assets: assets.sort(byPath) };
  targetCache.set(site, t);
  return t;
}
const pageTargets = (site: Site) => targetsOf(site).pages;
const assetTargets = (site: Site) => targetsOf(site).assets;

/** The documentation of a page item, sent when the editor resolves it: the description and the file. */
export function pageItemDocumentation(index: SiteIndex, id: string): string {
  const info = pageInfo(index, id);
  return [info.description, `\`${index.site.pages.get(id) ?? `${id} (generated from an API or SDK reference file)`}\``].filter(Boolean).join('\n\n');
}

/** Whether `offset` of a page is in a link or file path (where completeLinkPath answers), from the page's text alone. */
export function inLinkPath(doc: PageDocument, offset: number): boolean {
  return linkPathContext(doc.text, offset, isFileAttribute) !== undefined;
}

/** Path and anchor completion at `offset` of a page or snippet (`rel`), or undefined when the cursor is in no link or file path. */
export function completeLinkPath(src: SiteSources, rel: string, doc: PageDocument, offset: number): LinkCompletion | undefined {
  const ctx = linkPathContext(doc.text, offset, isFileAttribute);
  if (!ctx) return undefined;
  const { index } = src;
  const site = index.site;
  const to = doc.index.positionAt(offset);
  const hash = ctx.typed.indexOf('#');
  if (hash >= 0) {
    if (ctx.kind !== 'page') return { items: [], incomplete: false };
    const path = ctx.typed.slice(0, hash);
    let target: PageDocument | undefined = doc;
    if (path !== '') {
      const resolved = resolveLink(index, pageId(rel), path);
      target = resolved.ok && resolved.id !== undefined ? index.pages.get(resolved.id) : undefined;
    }
    if (!target) return { items: [], incomplete: false };
    const range = { start: doc.index.positionAt(ctx.start + hash + 1), end: to };
    const seen = new Set<string>();
    const items: CompletionEntry[] = [];
    for (const a of pageAnchors(target)) {
      if (seen.has(a.anchor)) continue;
      seen.add(a.anchor);
      const source = anchorSource(a.node);
      items.push({
        label: a.anchor,
        kind: 'anchor',
        detail: source,
        insertText: a.anchor,
        snippet: false,
        range,
        sortText: String(items.length).padStart(5, '0'),
      });
    }
    return { items, incomplete: false };
  }
  const range = { start: doc.index.positionAt(ctx.start), end: to };
  const relative = ctx.typed.startsWith('.');
  const query = ctx.typed.replace(/^[./]+/, '');
  const here = pageId(rel);
  let candidates = ctx.kind === 'page' ? pageTargets(site).filter((t) => t.id !== here) : assetTargets(site);
  const incomplete = candidates.length > MAX_LINK_ITEMS;
  if (incomplete) candidates = candidates.filter((t) => subsequence(query, t.path)).slice(0, MAX_LINK_ITEMS);
  const items: CompletionEntry[] = candidates.map((t) => {
    const value = written(t.path, rel, relative);
    if (t.id === undefined) return { label: value, kind: 'file', detail: 'file', insertText: value, snippet: false, range };
    return { label: value, kind: 'file', detail: pageInfo(index, t.id).title ?? t.id, insertText: value, snippet: false, range, resolvePage: t.id };
  });
  return { items, incomplete };
}

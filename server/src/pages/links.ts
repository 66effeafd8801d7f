// Links out of a page: Markdown links and definitions, and `href` attributes of components and
// HTML. Computed once per parsed page.
import type { Node } from 'unist';
import { nodesOf } from './nodes';
import type { PageDocument } from './parse';
import { isExternalUrl } from '../util/paths';
import { jsxAttributes } from './jsx';

export interface PageLink {
  url: string;
  node: Node;
  /** Offset range of the URL text itself when known (for precise ranges and fixes). */
  urlOffset?: { start: number; end: number };
}

const cache = new WeakMap<PageDocument, PageLink[]>();

export function pageLinks(page: PageDocument): PageLink[] {
  let links = cache.get(page);
  if (links) return links;
  links = [];
  const found = links;
  for (const node of nodesOf(page, 'link', 'definition', 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if ((node.type === 'link' || node.type === 'definition') && 'url' in node) {
      found.push({ url: String(node.url), node, urlOffset: findUrl(page, node, String(node.url)) });
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attr of jsxAttributes(node, page.text)) {
        if (attr.name === 'href' && typeof attr.value === 'string') found.push({ url: attr.value, node: attr.node, urlOffset: attr.valueOffset });
      }
    }
  }
  cache.set(page, links);
  return links;
}

/** Where `url` is written in the source of `node` (its last occurrence there). */
export function findUrl(page: PageDocument, node: Node, url: string): { start: number; end: number } | undefined {
  const s = node.position?.start.offset;
  const e = node.position?.end.offset;
  if (s === undefined || e === undefined || url === '') return undefined;
  const i = page.text.lastIndexOf(url, e);
  return i >= s ? { start: i, end: i + url.length } : undefined;
}

/** A link to a page or file of this site (not a URL with a scheme, not a bare anchor). */
export function isInternalLink(url: string): boolean {
  return url !== '' && !isExternalUrl(url) && !url.startsWith('#');
}

// A site with its pages parsed: what page rules and link checks look things up in.
import type { Heading } from 'mdast';
import type { Node } from 'unist';
import { toString } from 'mdast-util-to-string';
import { nodesOf } from '../pages/nodes';
import { isJsxElement, stringAttribute } from '../pages/jsx';
import type { PageDocument } from '../pages/parse';
import type { Site } from './site';
import { createSlugger } from '../util/slug';

export interface SiteIndex {
  site: Site;
  /** Parsed pages by page id. */
  pages: ReadonlyMap<string, PageDocument>;
  /** The anchor slugs of a page's headings (as the renderer produces them). */
  anchors(id: string): ReadonlySet<string>;
  /** Computes a site-wide value once per index (rules share work across pages with it). */
  memo<T>(key: string, compute: () => T): T;
  /** The same site with one page's parse replaced; caches of the other pages are kept. */
  withPage(id: string, page: PageDocument): SiteIndex;
}

/** A site's parsed pages (its index) and its snippet files, parsed, by site-relative path. */
export interface SiteSources {
  index: SiteIndex;
  snippets: ReadonlyMap<string, PageDocument>;
}

/** Components whose title becomes an anchor on the rendered page. */
const TITLED = new Set(['Accordion', 'Step', 'Tab', 'Expandable', 'Update']);

/**
 * The anchors of a page as the renderer produces them, with the node each comes from: heading
 * slugs de-duplicated (`setup`, `setup-2`, ...) or their custom `{#id}`, titled components
 * (Accordion, Step, Tab, Expandable, Update) and `id` attributes.
 */
export function pageAnchors(page: PageDocument): { anchor: string; node: Node; custom?: boolean }[] {
  const slug = createSlugger();
  const out: { anchor: string; node: Node; custom?: boolean }[] = [];
  for (const node of nodesOf(page, 'heading', 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if (node.type === 'heading') {
      const custom = node.position ? page.customIds.get(node.position.start.line - 1) : undefined;
      out.push(custom !== undefined ? { anchor: custom, node, custom: true } : { anchor: slug(toString(node as Heading)), node });
    }
    else if (isJsxElement(node)) {
      const id = stringAttribute(node, 'id');
      if (id) out.push({ anchor: id, node, custom: true });
      const title = node.name && TITLED.has(node.name) ? (stringAttribute(node, 'title') ?? stringAttribute(node, 'label')) : undefined;
      if (title) out.push({ anchor: slug(title), node });
    }
  }
  return out;
}

/** The anchor slugs of a page (see pageAnchors). */
export function headingSlugs(page: PageDocument): string[] {
  return pageAnchors(page).map((a) => a.anchor);
}

export function createSiteIndex(site: Site, pages: ReadonlyMap<string, PageDocument>, anchorCache?: Map<string, ReadonlySet<string>>): SiteIndex {
  const cache = anchorCache ?? new Map<string, ReadonlySet<string>>();
  const memos = new Map<string, unknown>();
  return {
    withPage(id, page) {
      const nextPages = new Map(pages);
      nextPages.set(id, page);
      const nextAnchors = new Map(cache);
      nextAnchors.delete(id);
      return createSiteIndex(site, nextPages, nextAnchors);
    },
    memo<T>(key: string, compute: () => T): T {
      if (!memos.has(key)) memos.set(key, compute());
      return memos.get(key) as T;
    },
    site,
    pages,
    anchors(id) {
      let slugs = cache.get(id);
      if (!slugs) {
        const page = pages.get(id);
        slugs = new Set(page ? headingSlugs(page) : []);
        cache.set(id, slugs);
      }
      return slugs;
    },
  };
}

/** The parsed pages of an index by site-relative file (`guides/setup.mdx`), not by page id. */
export function pagesByFile(index: SiteIndex): Map<string, PageDocument> {
  const out = new Map<string, PageDocument>();
  for (const [id, doc] of index.pages) {
    const rel = index.site.pages.get(id);
    if (rel) out.set(rel, doc);
  }
  return out;
}

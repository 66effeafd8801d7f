// A site with its pages parsed: what page rules and link checks look things up in.
import { pageEsm } from '../pages/esm';
import { headingIds, pageHeadingIds, type PageAnchor } from '../pages/heading-ids';
import type { JsxElement } from '../pages/jsx';
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { relativeInside } from '../util/paths';
import { pageId } from './navigation';
import type { Site } from './site';
import { anchorsWithSnippets, type ExpandedAnchors } from './snippet-anchors';
import { isMarkdownFile } from '../util/page-files';
import { isCodeFile } from './imports';

/**
 * A value derived from one page's parse that rules of OTHER pages read (its anchors, its links):
 * small, plain data, so an index can hold it for pages it has not parsed (a thread's share of the
 * site, a page whose facts came from the check cache). `key` names it in caches and messages.
 */
export interface Fact<T> {
  key: string;
  /** Computed from the page's parse, and from `sources` when given (a page's anchors include its snippets'). */
  of(page: PageDocument, sources?: FactSources): T;
}

/** What a fact may read besides its page: the site, and other files' parses (the snippets a page renders). */
export interface FactSources {
  readonly site: Site;
  /** The parse of a site file (a snippet, or a page imported as one); undefined when there is none. */
  read(rel: string): PageDocument | undefined;
  /** The text of a code file of the site (`.jsx`, …: components pages import); undefined when there is none. */
  code?(rel: string): string | undefined;
}

export interface SiteIndex {
  site: Site;
  /**
   * Parsed pages by page id. Every page of the site, except in an index built with `facts` (a
   * thread's or a cached check's), where rules read other pages through `fact` and `has` only.
   */
  pages: ReadonlyMap<string, PageDocument>;
  /** Every page id of the index, in the site's order (parsed or not). */
  ids: readonly string[];
  has(id: string): boolean;
  /** A fact of any page of the index (undefined when there is no such page). */
  fact<T>(id: string, fact: Fact<T>): T | undefined;
  /** A fact of every page, in `ids` order (one dependency on them all, for the check cache). */
  everyFact<T>(fact: Fact<T>): Iterable<[string, T]>;
  /** The anchor slugs of a page's headings (as the renderer produces them). */
  anchors(id: string): ReadonlySet<string>;
  /** Computes a site-wide value once per index (rules share work across pages with it). */
  memo<T>(key: string, compute: () => T): T;
  /** The same site with one page's parse replaced; caches of the other pages are kept. */
  withPage(id: string, page: PageDocument): SiteIndex;
  /** The same site with one snippet file's parse replaced (the anchors of the pages rendering it follow). */
  withSnippet(rel: string, doc: PageDocument): SiteIndex;
  /** The same site with one code file's text replaced (the anchors of the pages using its components follow). */
  withCode(rel: string, text: string | undefined): SiteIndex;
  /**
   * Runs `fn` and returns what it read of other pages: `id\0key` per fact, `*\0key` for
   * `everyFact` (memos pass on what their computation read). Only for an index built with `track`.
   */
  tracked<T>(fn: () => T): { value: T; deps: string[] };
}

/** Precomputed facts of pages the index has not parsed: page id -> fact key -> value. */
export type PageFacts = Record<string, unknown>;

export interface IndexOptions {
  /** Page id -> facts, for the pages of the site that `pages` does not hold. */
  facts?: ReadonlyMap<string, PageFacts>;
  /** Every page id of the site, in order (default: the keys of `pages`, then of `facts`). */
  ids?: readonly string[];
  /** Parsed snippet files by site-relative path (the facts of pages that render them read them). */
  snippets?: ReadonlyMap<string, PageDocument>;
  /** The parse of any other site file a fact reads (a snippet or page the index does not hold). */
  files?: (rel: string) => PageDocument | undefined;
  /** The text of a code file (`.jsx`, …) a fact reads (the components a page imports); without it their ids are unknown. */
  code?: (rel: string) => string | undefined;
  /** Code texts that replace what `code` gives (withCode). */
  codeTexts?: ReadonlyMap<string, string | undefined>;
  /** Record what page checks read of other pages (`tracked`). */
  track?: boolean;
  /**
   * For page-only rules (their check before other pages' facts are known): reading a fact of a
   * page the index does not hold throws, since such a rule must be a cross-page one.
   */
  pageOnly?: boolean;
}

/** A site's parsed pages (its index) and its snippet files, parsed, by site-relative path. */
export interface SiteSources {
  index: SiteIndex;
  snippets: ReadonlyMap<string, PageDocument>;
}

/**
 * The element ids of a page as the format's renderer gives them, with the node each comes from:
 * heading slugs de-duplicated as its table of contents does, custom `{#id}`s and `id` attributes,
 * Update labels, Steps with heading-sized titles, Accordion, Tab and View titles (pages/heading-ids.ts).
 */
export function pageAnchors(page: PageDocument): PageAnchor[] {
  return pageHeadingIds(page);
}

/** The anchor slugs of a page (see pageAnchors). */
export function headingSlugs(page: PageDocument): string[] {
  return pageAnchors(page).map((a) => a.anchor);
}

/**
 * A page's element ids with those of the snippets it renders (site/snippet-anchors.ts). Without
 * `sources` the snippets are not read: a page that renders one has open anchors.
 */
export function expandedAnchors(page: PageDocument, sources?: FactSources): ExpandedAnchors {
  // Only a page that imports files or uses <Snippet> reads other files (and the site's file list, to resolve imports).
  const mayRender = pageEsm(page).imports.length > 0 || nodesOf<JsxElement>(page, 'mdxJsxFlowElement', 'mdxJsxTextElement').some((n) => n.name === 'Snippet');
  if (!mayRender || !sources) {
    let open = false;
    const anchors = headingIds(page.tree, { customIds: page.customIds, mode: page.frontmatter.data.mode, fields: true, onUnknown: () => (open = true) });
    if (!mayRender) return { anchors, open };
    const renders =
      pageEsm(page).imports.some((i) => isMarkdownFile(i.source) || isCodeFile(i.source)) ||
      nodesOf<JsxElement>(page, 'mdxJsxFlowElement', 'mdxJsxTextElement').some((n) => n.name === 'Snippet');
    return { anchors, open: open || renders };
  }
  const site = sources.site;
  return anchorsWithSnippets(page, relativeInside(site.root, page.path) ?? '', {
    files: site.files,
    read: (rel) => sources.read(rel),
    code: (rel) => sources.code?.(rel),
  });
}

/** The anchors of a page, its snippets' included (a fact: link checks of other pages read it). */
export const ANCHORS: Fact<string[]> = { key: 'anchors', of: (page, sources) => expandedAnchors(page, sources).anchors.map((a) => a.anchor) };

/** A fact's value with what it read besides its page: valid while those reads give the same. */
interface FactEntry {
  value: unknown;
  withSources: boolean;
  /** The site, when the fact read it or another file. */
  site?: Site;
  reads: Map<string, PageDocument | undefined>;
  /** The code files it read, with their texts. */
  codes: Map<string, string | undefined>;
}

/** Facts computed from a parse, per parse (a page's text never changes under its PageDocument). */
const factCache = new WeakMap<PageDocument, Map<string, FactEntry>>();

function fresh(entry: FactEntry, sources: FactSources | undefined): boolean {
  if (entry.withSources !== (sources !== undefined)) return false;
  if (!entry.site) return true;
  if (entry.site !== sources!.site) return false;
  for (const [rel, doc] of entry.reads) if (sources!.read(rel) !== doc) return false;
  for (const [rel, text] of entry.codes) if (sources!.code?.(rel) !== text) return false;
  return true;
}

/** A fact of a parse, computed once per parse and per version of the files it read. */
export function factOf<T>(page: PageDocument, f: Fact<T>, sources?: FactSources): T {
  let values = factCache.get(page);
  if (!values) factCache.set(page, (values = new Map()));
  const cached = values.get(f.key);
  if (cached && fresh(cached, sources)) return cached.value as T;
  const entry: FactEntry = { value: undefined, withSources: sources !== undefined, reads: new Map(), codes: new Map() };
  const recording: FactSources | undefined = sources && {
    get site() {
      entry.site = sources.site;
      return sources.site;
    },
    read(rel) {
      entry.site = sources.site;
      const doc = sources.read(rel);
      entry.reads.set(rel, doc);
      return doc;
    },
    code(rel) {
      entry.site = sources.site;
      const text = sources.code?.(rel);
      entry.codes.set(rel, text);
      return text;
    },
  };
  entry.value = f.of(page, recording);
  values.set(f.key, entry);
  return entry.value as T;
}

/** The other files the facts of a parse computed so far read (site-relative; parses and code texts), and whether they read the site's file list. */
export function factReads(page: PageDocument): { files: string[]; site: boolean } {
  const files = new Set<string>();
  let site = false;
  for (const entry of factCache.get(page)?.values() ?? []) {
    if (entry.site) site = true;
    for (const rel of entry.reads.keys()) files.add(rel);
    for (const rel of entry.codes.keys()) files.add(rel);
  }
  return { files: [...files].sort(), site };
}

/** Dependency separator: page ids never hold a NUL. */
const SEP = '\0';

const NO_ANCHORS: readonly string[] = [];

/** A page's anchors as a set, kept while its ANCHORS fact is the same array. */
interface AnchorSet {
  list: readonly string[];
  set: ReadonlySet<string>;
}

export function createSiteIndex(
  site: Site,
  pages: ReadonlyMap<string, PageDocument>,
  options: IndexOptions = {},
  anchorCache?: Map<string, AnchorSet>,
): SiteIndex {
  const cache = anchorCache ?? new Map<string, AnchorSet>();
  const sources: FactSources = {
    site,
    read(rel) {
      const id = pageId(rel);
      if (site.pages.get(id) === rel && pages.has(id)) return pages.get(id);
      return options.snippets?.get(rel) ?? options.files?.(rel);
    },
    code: (rel) => (options.codeTexts?.has(rel) ? options.codeTexts.get(rel) : options.code?.(rel)),
  };
  const memos = new Map<string, { value: unknown; deps?: Set<string> }>();
  const known = options.facts;
  const ids = options.ids ?? (known ? [...new Set([...pages.keys(), ...known.keys()])] : [...pages.keys()]);
  const idSet = known || options.ids ? new Set(ids) : undefined;
  const track = options.track === true;
  // What the running check (and the memos being computed inside it) has read, innermost last.
  const recording: Set<string>[] = [];
  const record = (dep: string) => {
    if (recording.length) recording[recording.length - 1].add(dep);
  };
  const read = <T>(id: string, f: Fact<T>): T | undefined => {
    const page = pages.get(id);
    if (page) return factOf(page, f, sources);
    if (options.pageOnly) throw new Error(`A page-only rule read the fact "${f.key}" of page "${id}": it must be a cross-page rule (rules/types.ts).`);
    const facts = known?.get(id);
    if (!facts) return undefined;
    if (!(f.key in facts)) throw new Error(`The fact "${f.key}" of page "${id}" was not computed (missing from the list of facts).`);
    return facts[f.key] as T;
  };
  const fact = <T>(id: string, f: Fact<T>): T | undefined => {
    if (track) record(id + SEP + f.key);
    return read(id, f);
  };
  const index: SiteIndex = {
    withPage(id, page) {
      const nextPages = new Map(pages);
      nextPages.set(id, page);
      const nextAnchors = new Map(cache);
      nextAnchors.delete(id);
      const nextIds = ids.includes(id) ? ids : [...ids, id];
      return createSiteIndex(site, nextPages, { ...options, ids: nextIds }, nextAnchors);
    },
    withSnippet(rel, doc) {
      const snippets = new Map(options.snippets);
      snippets.set(rel, doc);
      return createSiteIndex(site, pages, { ...options, snippets }, new Map(cache));
    },
    withCode(rel, text) {
      const codeTexts = new Map(options.codeTexts);
      codeTexts.set(rel, text);
      return createSiteIndex(site, pages, { ...options, codeTexts }, new Map(cache));
    },
    memo<T>(key: string, compute: () => T): T {
      let entry = memos.get(key);
      if (!entry) {
        if (track) {
          const deps = new Set<string>();
          recording.push(deps);
          try {
            entry = { value: compute(), deps };
          } finally {
            recording.pop();
          }
        } else entry = { value: compute() };
        memos.set(key, entry);
      }
      if (entry.deps && recording.length) for (const d of entry.deps) record(d);
      return entry.value as T;
    },
    site,
    pages,
    ids,
    has: (id) => (idSet ? idSet.has(id) : pages.has(id)),
    fact,
    *everyFact<T>(f: Fact<T>): Iterable<[string, T]> {
      // The one '*' dependency stands for every page's fact: no per-page entries.
      if (track) record('*' + SEP + f.key);
      for (const id of ids) yield [id, read(id, f) as T];
    },
    anchors(id) {
      const list = fact(id, ANCHORS) ?? NO_ANCHORS;
      let entry = cache.get(id);
      if (entry?.list !== list) {
        entry = { list, set: new Set(list) };
        cache.set(id, entry);
      }
      return entry.set;
    },
    tracked<T>(fn: () => T) {
      const deps = new Set<string>();
      recording.push(deps);
      try {
        return { value: fn(), deps: [...deps] };
      } finally {
        recording.pop();
      }
    },
  };
  return index;
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

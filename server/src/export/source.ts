// What an export reads: the site model, its pages and files, a full parse of the page being
// written (and the snippets it pulls in), and the front matter of every page for the navigation's
// titles. Two ways to get one: over a Project whose pages are parsed already (the editor), or
// streaming from a reader, where only front matter is kept and each page is parsed when it is
// written and then dropped (the CLI: memory stays flat however large the site is).
import { unreadableConfig } from '../config/parse';
import { frontMatterData, parsePage, type PageDocument } from '../pages/parse';
import type { Project } from '../project';
import type { ComponentRunner } from '../render/jsx-module';
import { siteApi } from '../site/api-pages';
import type { SiteModel } from '../site/model';
import type { Site } from '../site/site';
import { join } from '../util/paths';
import { pagesByFile } from '../site/site-index';
import type { Highlighter } from '../render/highlight';
import type { SourceOptions } from '../render/source';

export interface ExportSource {
  model: SiteModel;
  /** Why the config cannot be read (broken JSON, an empty file): then nothing is exported. */
  configError?: string;
  /** Site name for messages. */
  root: string;
  /** Page id -> site-relative file. */
  pages: ReadonlyMap<string, string>;
  /** Every site-relative file of the site. */
  files: ReadonlySet<string>;
  /** The full parse of a page or snippet file; undefined when there is no such file. */
  parse(rel: string): Promise<PageDocument | undefined>;
  /** At least the front matter of a page (titles, sidebar titles, icons), without waiting. */
  head(rel: string): PageDocument | undefined;
  /** The channel reference of a page with `asyncapi:` front matter (SiteApi.channelDoc). */
  channel?(rel: string, doc: PageDocument): PageDocument | undefined;
  /** The text of a site file (its `.css` files); undefined when it cannot be read. */
  text(rel: string): Promise<string | undefined>;
  /**
   * Present only where components may run (the CLI, or a trusted workspace): the text of an
   * imported `.jsx` component file, and the sandbox that runs components to render their static
   * output, as the site's build would.
   */
  components?: { text(rel: string): Promise<string | undefined>; run: ComponentRunner };
  /** The host's highlighter (default: plainHighlighter). */
  highlighter?: Highlighter;
}

/** The source of a project's site: every page is already parsed (and cached) by the project. */
export async function projectExportSource(project: Project, root: string, options: SourceOptions = {}): Promise<ExportSource | undefined> {
  const index = await project.index(root);
  if (!index) return undefined;
  const site = index.site;
  const api = siteApi(site);
  const byRel = pagesByFile(index);
  return {
    model: api.model,
    configError: unreadableConfig(site.config),
    root,
    pages: api.allPages,
    channel: api.channelDoc,
    files: site.files,
    head: (rel) => byRel.get(rel) ?? api.doc(rel),
    text: (rel) => project.text(join(root, rel)),
    parse: async (rel) => byRel.get(rel) ?? api.doc(rel) ?? (site.files.has(rel) ? project.page(join(root, rel)) : undefined),
    components: options.components ? { text: (rel) => project.text(join(root, rel)), run: options.components } : undefined,
    highlighter: options.highlighter,
  };
}

/**
 * The text of every page of a site, read `batch` files at a time. A page that cannot be read (gone,
 * or a link that leads outside the site) is left out: its export then reports it.
 */
export async function readPageTexts(site: Site, read: (rel: string) => Promise<string | undefined>, batch = 64): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const rels = [...new Set(site.pages.values())];
  for (let i = 0; i < rels.length; i += batch) {
    const part = rels.slice(i, i + batch);
    const got = await Promise.all(part.map(read));
    part.forEach((rel, k) => {
      const text = got[k];
      if (text !== undefined) texts.set(rel, text);
    });
  }
  return texts;
}

/**
 * The source of a site for `docwright dev`: the front matter of every page from `heads` (site-relative
 * path -> data, which the caller keeps current as files change, so the navigation needs no full
 * parse of the site), full parses from the project (cached until a file changes, parsed again
 * incrementally).
 */
export function liveExportSource(project: Project, site: Site, heads: ReadonlyMap<string, Record<string, unknown>>, options: SourceOptions = {}): ExportSource {
  const api = siteApi(site);
  const root = site.root;
  const headDocs = new Map<string, PageDocument>();
  return {
    model: api.model,
    configError: unreadableConfig(site.config),
    root,
    pages: api.allPages,
    channel: api.channelDoc,
    files: site.files,
    head(rel) {
      const generated = api.doc(rel);
      if (generated) return generated;
      let doc = headDocs.get(rel);
      const data = heads.get(rel);
      if (!doc && data) headDocs.set(rel, (doc = headFrom(join(root, rel), data)));
      return doc;
    },
    text: (rel) => project.text(join(root, rel)),
    parse: async (rel) => api.doc(rel) ?? (site.files.has(rel) ? project.page(join(root, rel)) : undefined),
    components: options.components ? { text: (rel) => project.text(join(root, rel)), run: options.components } : undefined,
    highlighter: options.highlighter,
  };
}

let emptyPage: PageDocument | undefined;
/** A page whose front matter is already known (read from the text, or handed over by another thread). */
function headFrom(path: string, data: Record<string, unknown>): PageDocument {
  emptyPage ??= parsePage('', '');
  return { ...emptyPage, path, frontmatter: { present: true, data, keys: new Map() } };
}

/**
 * The source of a site from the texts of its pages: front matter of every page now (or handed
 * over in `frontMatter`), full parses on demand, not kept (except snippets, read through `read`
 * and shared by pages).
 */
export function streamingExportSource(
  site: Site,
  texts: ReadonlyMap<string, string>,
  read: (rel: string) => Promise<string | undefined>,
  frontMatter?: ReadonlyMap<string, Record<string, unknown>>,
  options: SourceOptions = {},
): ExportSource {
  const api = siteApi(site);
  const heads = new Map<string, PageDocument>();
  for (const rel of texts.keys()) {
    const known = frontMatter?.get(rel);
    // Only the front matter: cheap, and all the navigation needs of a page (a text is read only when it is not given).
    heads.set(rel, headFrom(join(site.root, rel), known ?? frontMatterData(texts.get(rel)!)));
  }
  // Generated API pages: their front matter for the navigation now, their text parsed when written.
  for (const g of api.pages.values()) heads.set(g.rel, headFrom(join(site.root, g.rel), frontMatterData(g.text)));
  const snippets = new Map<string, PageDocument>();
  return {
    model: api.model,
    configError: unreadableConfig(site.config),
    root: site.root,
    pages: api.allPages,
    channel: api.channelDoc,
    files: site.files,
    head: (rel) => heads.get(rel),
    text: read,
    components: options.components ? { text: read, run: options.components } : undefined,
    highlighter: options.highlighter,
    async parse(rel) {
      const page = texts.get(rel) ?? api.byRel.get(rel)?.text;
      if (page !== undefined) return parsePage(join(site.root, rel), page);
      const cached = snippets.get(rel);
      if (cached) return cached;
      if (!site.files.has(rel)) return undefined;
      const text = await read(rel);
      if (text === undefined) return undefined;
      const doc = parsePage(join(site.root, rel), text);
      snippets.set(rel, doc);
      return doc;
    },
  };
}

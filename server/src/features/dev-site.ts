// `docwright dev`'s site: which address shows what, and each page rendered as the export renders it
// (the same renderer, chrome, search, API pages and playground), on demand and kept until a file
// changes. Pure: the host (cli/dev.ts) reads the disk, serves HTTP and watches files, and may
// render pages elsewhere (a worker thread: `renderPage`).
//
// What a change costs: the project parses only the changed file again (incrementally); the
// front matter of the other pages, which the navigation shows, is kept; pages are rendered when
// asked for, so a change renders only the pages open in a browser. The search index keeps each
// page's text and renders again only the pages that changed.
import { createExportContext, exportPage, notFoundPage, type ExportContext, type PageOutput, type PlannedPage, type StaticAssets } from '../export/export';
import { liveExportSource } from '../export/source';
import { SearchIndex, type SearchDoc } from '../export/search';
import { ASSET_DIR, htmlPathOf, KATEX_CSS, MERMAID_JS, SITE_CSS } from '../export/paths';
import { siteCssFiles, siteStylesheet } from '../render/site-css';
import { frontMatterData } from '../pages/parse';
import type { Project } from '../project';
import { encodePath } from '../render/preview';
import { linkedPage } from '../site/navigation';
import type { Site } from '../site/site';
import { join, relativeInside, safeSegments } from '../util/paths';
import { isMarkdownFile } from '../util/page-files';
import type { SourceOptions } from '../render/source';

/** What an address of the dev server shows. */
export type DevRoute =
  /** A page (`file` is the output path it has in the export: `guides/setup.html`, or `index.html`). */
  | { kind: 'page'; id: string; file: string }
  /** A page's Markdown copy (`guides/setup.md`). */
  | { kind: 'markdown'; id: string }
  /** One of Docwright's own files under `_docwright/`. */
  | { kind: 'asset'; name: string }
  /** A file of the site (an image, a PDF...), by site-relative path. */
  | { kind: 'file'; rel: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'notFound' }
  /** An address that leaves the site or cannot be read (`..`, a NUL, bad percent-encoding). */
  | { kind: 'refused'; why: string };

export interface DevSiteOptions extends SourceOptions {
  assets: StaticAssets;
  /**
   * Renders a page of the site as it is now somewhere else (the host's worker thread, so that the
   * thread serving requests never runs page code); by default the page is rendered here.
   */
  renderPage?(id: string): Promise<DevRendered | undefined>;
}

/** A page rendered as the export writes it. */
export interface DevRendered {
  /** Output path -> text (the page's HTML, its Markdown copy, index.html for the home page). */
  files: Map<string, string>;
  output: PageOutput;
}
type Rendered = DevRendered;

/** One site, served as its export would be. */
export class DevSite {
  /** Site-relative page path -> its front matter (what the navigation reads of every page). */
  private readonly heads = new Map<string, Record<string, unknown>>();
  private context: { site: Site; ctx: ExportContext } | undefined;
  private readonly rendered = new Map<string, Rendered>();
  /** Each page's search text, kept across changes to other pages. */
  private readonly searchDocs = new Map<string, Omit<SearchDoc, 'id'> | null>();
  private searchJson: string | undefined;
  private siteCss: string | undefined;
  /** Bumped by every change: work begun before one is not kept. */
  private generation = 0;

  constructor(
    private readonly project: Project,
    readonly root: string,
    private readonly options: DevSiteOptions,
  ) {}

  /**
   * Files changed, were created or deleted (absolute paths); the project has been told already.
   * A page whose front matter is unchanged is rendered again alone (the navigation, which shows
   * titles and icons, stands); anything else (front matter, snippets, the config, the file set)
   * renders every page again when asked for.
   */
  async changed(paths: readonly string[]): Promise<void> {
    const plan = this.context?.ctx.plan;
    let keepContext = plan !== undefined;
    let allSearch = false;
    const pages = new Set<string>();
    const heads = new Map<string, Record<string, unknown> | undefined>();
    for (const p of paths) {
      const rel = relativeInside(this.root, p);
      if (rel === undefined) continue;
      const ids = plan && isMarkdownFile(rel) ? plan.pages.filter((planned) => planned.rel === rel).map((planned) => planned.id) : [];
      if (ids.length === 0) {
        // A snippet, the config, an OpenAPI file, a new or deleted file...: any page may show it.
        keepContext = false;
        allSearch = true;
        heads.set(rel, undefined);
        continue;
      }
      for (const id of ids) pages.add(id);
      const text = await this.project.text(p);
      const data = text === undefined ? undefined : frontMatterData(text);
      heads.set(rel, data);
      if (data === undefined || JSON.stringify(data) !== JSON.stringify(this.heads.get(rel))) keepContext = false;
    }
    // Applied at once, after the reads: a render begun before is not kept (generation).
    this.generation++;
    for (const [rel, data] of heads) {
      if (data === undefined) this.heads.delete(rel);
      else this.heads.set(rel, data);
    }
    if (keepContext) for (const id of pages) this.rendered.delete(id);
    else {
      this.context = undefined;
      this.rendered.clear();
    }
    if (allSearch) this.searchDocs.clear();
    else for (const id of pages) this.searchDocs.delete(id);
    this.searchJson = undefined;
    this.siteCss = undefined;
  }

  /** The export's context for the site as it is now: model, plan, navigation (front matter of every page read once, then kept). */
  async ctx(): Promise<ExportContext | undefined> {
    for (;;) {
      const generation = this.generation;
      const site = await this.project.site(this.root);
      if (!site) return undefined;
      if (this.context?.site === site) return this.context.ctx;
      const missing = [...new Set(site.pages.values())].filter((rel) => !this.heads.has(rel));
      for (let i = 0; i < missing.length; i += 64) {
        const batch = missing.slice(i, i + 64);
        const texts = await Promise.all(batch.map((rel) => this.project.text(join(this.root, rel))));
        batch.forEach((rel, k) => this.heads.set(rel, frontMatterData(texts[k] ?? '')));
      }
      if (generation !== this.generation) continue;
      const source = liveExportSource(this.project, site, this.heads, { components: this.options.components, highlighter: this.options.highlighter });
      const ctx = createExportContext(source, { assets: this.options.assets });
      this.context = { site, ctx };
      return ctx;
    }
  }

  /** What `pathname` (a URL's path, dot segments already resolved) shows. */
  async route(pathname: string): Promise<DevRoute> {
    const segments = safeSegments(pathname);
    if (!segments) return { kind: 'refused', why: 'The address leaves the site folder.' };
    const ctx = await this.ctx();
    if (!ctx) return { kind: 'notFound' };
    const rel = segments.join('/');
    const { plan } = ctx;
    // The home page at its own address (the export also writes it as index.html; one render here).
    if (rel === '' || rel === 'index.html')
      return plan.byId.has('index') ? { kind: 'page', id: 'index', file: 'index.html' } : { kind: 'redirect', location: '/' + encodePath(plan.home.html) };
    if (segments[0] === ASSET_DIR && segments.length > 1) return { kind: 'asset', name: segments.slice(1).join('/') };
    const html = /\.html$/i.exec(rel) ? rel.slice(0, -5) : undefined;
    if (html !== undefined && plan.byId.has(html)) return { kind: 'page', id: html, file: htmlPathOf(html) };
    const md = /\.md$/i.exec(rel) ? rel.slice(0, -3) : undefined;
    if (md !== undefined && plan.byId.has(md)) return { kind: 'markdown', id: md };
    if (ctx.source.files.has(rel)) return { kind: 'file', rel };
    // `/guides/setup` and `/guides/` lead to the page's own address, where its relative links work.
    const page = linkedPage(plan.byId, rel);
    if (page !== undefined) return { kind: 'redirect', location: '/' + encodePath(htmlPathOf(page)) };
    return { kind: 'notFound' };
  }

  /** The page's planned export, if the site has it. */
  async planned(id: string): Promise<PlannedPage | undefined> {
    return (await this.ctx())?.plan.byId.get(id);
  }

  /** A page rendered as the export writes it: its HTML at `file` (or its Markdown copy), kept until a file changes. */
  async page(id: string, file: string): Promise<{ text: string; output: PageOutput } | undefined> {
    const r = await this.render(id);
    const text = r?.files.get(file);
    return r && text !== undefined ? { text, output: r.output } : undefined;
  }

  private async render(id: string): Promise<Rendered | undefined> {
    for (;;) {
      const generation = this.generation;
      const cached = this.rendered.get(id);
      if (cached) return cached;
      const r = this.options.renderPage ? await this.options.renderPage(id) : await this.renderNow(id);
      if (generation !== this.generation) continue;
      if (!r) return undefined;
      this.rendered.set(id, r);
      if (!this.searchDocs.has(id)) this.searchDocs.set(id, r.output.search ?? null);
      return r;
    }
  }

  /** The page rendered here, from the site as it is now, and not kept (what a worker answers `renderPage` with). */
  async renderNow(id: string): Promise<DevRendered | undefined> {
    for (;;) {
      const generation = this.generation;
      const ctx = await this.ctx();
      const planned = ctx?.plan.byId.get(id);
      if (!ctx || !planned) return undefined;
      const files = new Map<string, string>();
      // A copy of the planned page: the export's home page would be rendered a second time, as index.html.
      const output = await exportPage(
        ctx,
        { ...planned },
        {
          write: async (path, content) => void files.set(path, typeof content === 'string' ? content : Buffer.from(content).toString('utf8')),
          copy: async () => undefined,
        },
      );
      if (generation === this.generation) return { files, output };
    }
  }

  /** The 404 page, its links from the site's root (it answers at any depth). */
  async notFound(): Promise<string | undefined> {
    const ctx = await this.ctx();
    return ctx && notFoundPage({ ...ctx, options: { ...ctx.options, baseUrl: 'http://localhost/' } });
  }

  /** The pages whose search text is not known yet (the host indexes them off the serving path, one at a time). */
  async unindexed(): Promise<string[]> {
    const ctx = await this.ctx();
    return ctx ? ctx.plan.pages.filter((p) => !this.searchDocs.has(p.id)).map((p) => p.id) : [];
  }

  /** Renders one page for the search index (a page rendered for a browser is indexed on the way). */
  async index(id: string): Promise<void> {
    if (!this.searchDocs.has(id)) await this.render(id);
  }

  /**
   * The search index over every page, as JSON (what the export's `_docwright/search-index.js`
   * assigns): fetched by the page's search, never a script that another site could include.
   */
  async searchIndex(): Promise<string | undefined> {
    for (;;) {
      const generation = this.generation;
      if (this.searchJson !== undefined) return this.searchJson;
      const ctx = await this.ctx();
      if (!ctx) return undefined;
      for (const p of ctx.plan.pages) await this.index(p.id);
      if (generation !== this.generation) continue;
      const search = new SearchIndex();
      for (const p of ctx.plan.pages) {
        const doc = this.searchDocs.get(p.id);
        if (doc) search.add(doc);
      }
      this.searchJson = search.json();
      return this.searchJson;
    }
  }

  /** `_docwright/site.css`: the site's `.css` files, sanitised into one stylesheet. */
  async siteStylesheet(): Promise<string | undefined> {
    if (this.siteCss !== undefined) return this.siteCss;
    const ctx = await this.ctx();
    if (!ctx) return undefined;
    const files = ctx.source.files;
    const sheets = await Promise.all(siteCssFiles(files).map(async (rel) => ({ rel, text: (await ctx.source.text(rel)) ?? '' })));
    const sheet = await siteStylesheet(sheets, (rel) => (files.has(rel) ? '/' + encodePath(rel) : undefined));
    this.siteCss = sheet.css;
    return sheet.css;
  }

  private vendor: ReturnType<NonNullable<StaticAssets['vendor']>> | undefined;

  /** Docwright's own files under `_docwright/`. */
  async asset(name: string): Promise<string | Uint8Array | undefined> {
    const a = this.options.assets;
    const vendor = () => (this.vendor ??= a.vendor?.() ?? Promise.reject(new Error('no vendor files')));
    const font = /^katex\/fonts\/([\w-]+\.woff2)$/.exec(name)?.[1];
    if (font !== undefined) return Object.hasOwn((await vendor()).katexFonts, font) ? (await vendor()).katexFonts[font] : undefined;
    switch (name) {
      case 'docwright.css':
        return a.css;
      case 'docwright.js':
        return a.js;
      case 'search.js':
        return a.searchJs;
      case 'minisearch.js':
        return a.miniSearchJs;
      case 'playground.js':
        return a.playgroundJs;
      case SITE_CSS:
        return this.siteStylesheet();
      case MERMAID_JS:
        return (await vendor()).mermaidJs;
      case KATEX_CSS:
        return (await vendor()).katexCss;
      default:
        return undefined;
    }
  }
}

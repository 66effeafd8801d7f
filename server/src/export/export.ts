// The static export of a site: one HTML page per page (the preview's renderer, relative links that
// work from disk), a Markdown copy beside each, index.html, 404.html, the offline search index,
// llms.txt and llms-full.txt, robots.txt (and sitemap.xml with a base URL), the site files the
// pages use, and Docwright's styles and scripts. Pure: files go out through an ExportWriter; the
// CLI and the language server write them to a temporary folder and swap it in at the end.
//
// The work is split so it can run in parallel: `planExport` (cheap, the same everywhere),
// `exportPage` (one page; independent of the others), `finishExport` (site-wide files from the
// pages' results). `exportPages` is the one page loop (each thread runs it) and `exportSite` the
// one whole export; the hosts reach them through the facade (Docwright.export).
import { parsePage, skippedReason, type PageDocument } from '../pages/parse';
import { createNavCache, renderLayout, safeHref, siteCss, themeMode, type NavCache } from '../render/layout';
import type { RenderTarget } from '../render/page';
import { pageInfo, renderSitePage, type SiteSource } from '../render/site-page';
import { componentRefs, snippetRefs } from '../render/source';
import { pageEndpoint } from '../render/api-page';
import { HIGHLIGHT_PAGE_MS } from '../render/highlight';
import { encodePath } from '../render/preview';
import { pagesOf, type SiteModel } from '../site/model';
import { linkedPage } from '../site/navigation';
import { redirectsOf, redirectTarget, type Redirects, type RedirectTarget } from '../site/redirects';
import { htmlDocument, redirectDocument } from './document';
import { escapeHtml } from '../util/text';
import { siteFileCopy, type SiteFileTransform } from './site-files';
import { exportLlmsTxt, LLMS_DESCRIPTION_CHARS, LLMS_FULL_TXT, LLMS_TXT, LLMS_TXT_MAX_CHARS, llmsPages, llmsSpecs } from './llms';
import { isExternalUrl } from '../util/paths';
import { validateLlmsTxt } from '../site/llms-txt';
import { agentInstructionsBlock, markdownDocument, oneLine, pageMarkdown } from './markdown';
import {
  ASSET_DIR,
  checkOutputPath,
  KATEX_CSS,
  MERMAID_JS,
  SITE_CSS,
  ExportCancelled,
  ExportError,
  UnreadableConfigError,
  exportTarget,
  htmlPathOf,
  isSafeOutputPath,
  mdPathOf,
  relativeUrl,
} from './paths';
import { SearchIndex, searchText, type SearchDoc } from './search';
import { robotsTxt, sitemapXml } from './sitemap';
import type { ExportSource } from './source';
import { SITE_BUDGET_SPENT, SiteComponentBudget } from './site-components';
import { append } from '../util/array';
import { siteCssFiles, siteStylesheet } from '../render/site-css';
import { tailwindCss } from '../render/tailwind';
import { DEFAULT_TITLE } from '../config/defaults';
import { CONFIG_FILE_NAME } from '../config/files';

/** Docwright's own files, read by the caller (they ship with the extension and the CLI). */
export interface StaticAssets {
  css: string;
  js: string;
  /** media/search.js */
  searchJs: string;
  /** The MiniSearch library (UMD build: defines `MiniSearch`). */
  miniSearchJs: string;
  /** media/playground.js (API pages). */
  playgroundJs: string;
  /** Mermaid's browser build and KaTeX's styles and fonts, read only when some page has a diagram or math. */
  vendor?(): Promise<VendorAssets>;
}

/** Libraries that pages with diagrams or math load (written under `_docwright/` only when used). */
export interface VendorAssets {
  mermaidJs: string;
  katexCss: string;
  /** File name -> woff2 bytes (katex.css refers to them as `fonts/<name>`). */
  katexFonts: Record<string, Uint8Array>;
}

export type CopyTransform = SiteFileTransform;

export interface ExportWriter {
  /** Writes a file of the output (path relative to the output folder, already checked). */
  write(path: string, content: string | Uint8Array): Promise<void>;
  /**
   * Copies a site file (site-relative) to `path` of the output, through `transform` when given; a
   * transform that answers `notCopied` leaves the file out, with that warning in the report.
   */
  copy(path: string, siteRel: string, transform?: CopyTransform): Promise<void>;
  /** Waits for writes still under way (a writer may write in the background); throws their first failure. */
  flush?(): Promise<void>;
}

export interface ExportOptions {
  /** Absolute URL the site will be served from (normalised, ends with `/`): sitemap, canonical links. */
  baseUrl?: string;
  assets: StaticAssets;
  /** Called after each page. */
  progress?(done: number, total: number, page: string): void;
  /** Checked between pages: true stops the export (ExportCancelled). */
  cancelled?(): boolean;
  /** The site's component budget as another thread of the same export shares it (`SiteComponentBudget.share()`): export workers. */
  sharedComponents?: SharedArrayBuffer;
}

export interface ExportProblem {
  severity: 'error' | 'warning';
  /** Site-relative file the problem is in, when it is in one. */
  file?: string;
  /** 1-based line, when known. */
  line?: number;
  message: string;
}

export interface PlannedPage {
  id: string;
  rel: string;
  html: string;
  md: string;
  /** In the navigation (listed in llms.txt, search and the sitemap); other pages are exported hidden. */
  listed: boolean;
  /** Name of the first top-level navigation group that lists it. */
  group?: string;
}

export interface ExportPlan {
  /** Navigation pages in navigation order, then the other pages of the site. */
  pages: PlannedPage[];
  byId: ReadonlyMap<string, PlannedPage>;
  /** The first navigation page: index.html shows it. */
  home: PlannedPage;
  /** Where links to missing pages lead: the site's own 404 page, or the generated 404.html. */
  notFound: string;
  /** Navigation entries without a page file. */
  missing: string[];
  /** llms.txt sections: navigation groups of the default language and version in order, each page once. */
  sections: { name: string; ids: string[] }[];
  /** The config's redirects: links to a redirect source lead to its destination. */
  redirects: Redirects;
}

/** What one page's export gives the site-wide files. */
export interface PageOutput {
  id: string;
  title: string;
  description?: string;
  /** Output paths written for this page. */
  written: string[];
  /** Site files the page references (copied into the output). */
  assets: string[];
  problems: ExportProblem[];
  /** The page as Markdown with links relative to the output root (llms-full.txt). */
  markdown: string;
  /** A listed page that is neither hidden nor noindex: in the sitemap and the search index. */
  indexed?: boolean;
  /** What the search index takes of an indexed page (ExportResults drops it once indexed). */
  search?: Omit<SearchDoc, 'id'>;
  /** An API page (endpoint and reference): the export copies the site's OpenAPI files. */
  api?: boolean;
  /** The page has Mermaid diagrams / math: the export writes their libraries. */
  mermaid?: boolean;
  math?: boolean;
}

export interface ExportReport {
  pages: number;
  files: number;
  problems: ExportProblem[];
  /** Things worth knowing that are not problems (no sitemap without a base URL, ...). */
  notes: string[];
}

const NOT_FOUND = '404.html';
/** The agent skill file at the site root (agentskills.io): exported verbatim at /skill.md. */
const SKILL_MD = 'skill.md';
/** Stands for a link in a page's Markdown until it is known where the text goes. */
const LINK_TOKEN = 'docwright-link-7c1e-';
const LINK_TOKENS = /docwright-link-7c1e-(\d+)-/g;

/** The pages the export writes, where, and in which order; refuses paths that leave the output. */
export function planExport(model: SiteModel, pages: ReadonlyMap<string, string>): ExportPlan {
  const planned: PlannedPage[] = [];
  const byId = new Map<string, PlannedPage>();
  const missing: string[] = [];
  const sections: { name: string; ids: string[] }[] = [];
  const groupOf = new Map<string, string>();
  const add = (id: string, listed: boolean) => {
    if (byId.has(id)) return;
    const rel = pages.get(id);
    if (rel === undefined) {
      if (!missing.includes(id)) missing.push(id);
      return;
    }
    const p: PlannedPage = { id, rel, html: htmlPathOf(id), md: mdPathOf(id), listed, group: groupOf.get(id) };
    planned.push(p);
    byId.set(id, p);
  };
  // llms.txt holds the default language and version only, as the format's own does.
  const defaultLanguage = (model.languages?.find((l) => l.default) ?? model.languages?.[0])?.code;
  const defaultVersion = model.versions[0];
  for (const g of model.groups) {
    const name =
      g.name ||
      (g.tab !== undefined ? model.tabs[g.tab]?.name : undefined) ||
      (g.anchor !== undefined ? model.anchors[g.anchor]?.name : undefined) ||
      DEFAULT_TITLE;
    const forLlms = (g.language === undefined || g.language === defaultLanguage) && (g.version === undefined || g.version === defaultVersion);
    const ids: string[] = [];
    for (const id of pagesOf(g.items)) {
      checkOutputPath(htmlPathOf(id), `Navigation entry "${id}"`);
      if (!groupOf.has(id)) {
        groupOf.set(id, name);
        ids.push(id);
      }
      add(id, true);
    }
    if (!forLlms) continue;
    const same = sections.find((s) => s.name === name);
    if (same) append(same.ids, ids);
    else sections.push({ name, ids });
  }
  for (const id of [...pages.keys()].sort()) {
    if (byId.has(id)) continue;
    checkOutputPath(htmlPathOf(id), `Page "${id}"`);
    add(id, false);
  }
  const home = planned.find((p) => p.listed) ?? planned[0];
  if (!home) throw new ExportError('The site has no pages to export.');
  return { pages: planned, byId, home, notFound: byId.has('404') ? htmlPathOf('404') : NOT_FOUND, missing, sections, redirects: redirectsOf(model) };
}

export interface ExportContext {
  source: ExportSource;
  plan: ExportPlan;
  options: ExportOptions;
  css: string;
  theme: 'light' | 'dark' | 'auto';
  /** Navigation HTML shared by the pages of one folder depth. */
  navCache: NavCache;
  /** The site's `.css` files (applied through `_docwright/site.css`). */
  stylesheets: string[];
  /** The site's budget for page code: past it, pages' components are not run (site-components.ts). */
  components: SiteComponentBudget;
  /** Page id -> its place in the plan. */
  order: ReadonlyMap<string, number>;
}

export function createExportContext(source: ExportSource, options: ExportOptions): ExportContext {
  if (source.configError) throw new UnreadableConfigError(`${source.configError} Nothing was exported.`);
  const plan = planExport(source.model, source.pages);
  return {
    source,
    plan,
    options,
    css: siteCss(source.model),
    theme: themeMode(source.model),
    navCache: createNavCache(),
    stylesheets: siteCssFiles(source.files),
    components: new SiteComponentBudget(plan.pages.length, options.sharedComponents),
    order: new Map(plan.pages.map((p, i) => [p.id, i])),
  };
}

/** The output file of a page id: `index` is index.html even when the site has no `index` page. */
function pageFile(plan: ExportPlan, id: string): string | undefined {
  const p = plannedPage(plan, id);
  if (p) return p.html;
  return id === 'index' ? 'index.html' : undefined;
}

/** The planned page a link to `id` shows (a folder shows its index page; a redirect source, its destination). */
function plannedPage(plan: ExportPlan, id: string): PlannedPage | undefined {
  const page = linkedPage(plan.byId, id);
  if (page !== undefined) return plan.byId.get(page);
  const to = redirected(plan, id);
  return to && 'page' in to ? plan.byId.get(to.page) : undefined;
}

/** Where the redirects lead a link to `id` that is no page (`/` leads to the home page). */
function redirected(plan: ExportPlan, id: string): RedirectTarget | undefined {
  if (linkedPage(plan.byId, id) !== undefined) return undefined;
  return redirectTarget(plan.redirects, id, (p) => linkedPage(plan.byId, p) ?? (p === 'index' ? plan.home.id : undefined));
}

/** The external URL the redirects lead a link to `id` to, if they do. */
function redirectedUrl(plan: ExportPlan, id: string): string | undefined {
  const to = redirected(plan, id);
  return to && 'url' in to ? to.url : undefined;
}

/** The problem a link to a page the export does not have gives. */
function brokenLinkProblem(ctx: ExportContext, file: string, id: string): ExportProblem {
  if (ctx.source.model.unlistedApiFolders?.some((f) => id === f || id.startsWith(f + '/'))) {
    return {
      severity: 'warning',
      file,
      message: `Link to "${id}", an API page the site generates from an OpenAPI, AsyncAPI, GraphQL or SDK file Docwright cannot read (a URL, or a classic anchor's spec): the export does not have it, so the link leads to ${ctx.plan.notFound}.`,
    };
  }
  return { severity: 'error', file, message: `Link to "${id}", which is no page of the site (it leads to ${ctx.plan.notFound} in the export).` };
}

/** The page, its snippets and their snippets, parsed. */
async function loadDocs(source: ExportSource, rel: string): Promise<Map<string, PageDocument>> {
  const docs = new Map<string, PageDocument>();
  const queue = [rel];
  while (queue.length > 0 && docs.size < 200) {
    const r = queue.shift()!;
    if (docs.has(r)) continue;
    const doc = await source.parse(r);
    if (!doc) continue;
    docs.set(r, doc);
    for (const ref of snippetRefs(r, doc.text)) if (!docs.has(ref) && source.files.has(ref)) queue.push(ref);
  }
  return docs;
}

/** Why an API page (front matter `openapi`) is exported without its reference: no spec has its operation. */
function apiProblem(model: SiteModel, doc: PageDocument): string | undefined {
  const value = doc.frontmatter.data.openapi;
  if (typeof value !== 'string' || !value.trim() || pageEndpoint(doc, model)) return undefined;
  return `openapi: "${value.trim()}" is no operation of the site's OpenAPI files${model.apiSpecs?.length ? '' : ' (the site has none that Docwright can read)'}: exported without its API reference.`;
}

/** Whether the page's front matter keeps it out of search engines and the site's search (`hidden`, `noindex`). */
function unindexed(doc: PageDocument | undefined): boolean {
  const data = doc?.frontmatter.data;
  return data?.hidden === true || data?.noindex === true;
}

/** Absolute URL of an output path (needs a base URL). */
function absoluteUrl(baseUrl: string, path: string): string {
  return new URL(encodePath(path), baseUrl).toString();
}

/** A page or snippet that may define a component of its own (render/page.ts reads them from its ESM). */
const DEFINES_COMPONENT = /\bexport\s+(?:const|let|var|function)\s+[A-Z]/;

/** Renders one page: its HTML (and index.html for the home page) and its Markdown copy. */
export async function exportPage(ctx: ExportContext, page: PlannedPage, writer: ExportWriter): Promise<PageOutput> {
  // The page's components run within the site's budget, and the page tells it whether one ran out of time (also when it fails).
  const order = ctx.order.get(page.id);
  const ran = { timedOut: false };
  try {
    return await exportPageWithin(ctx, page, writer, order, ran);
  } finally {
    if (order !== undefined) ctx.components.done(order, ran.timedOut);
  }
}

async function exportPageWithin(
  ctx: ExportContext,
  page: PlannedPage,
  writer: ExportWriter,
  order: number | undefined,
  ran: { timedOut: boolean },
): Promise<PageOutput> {
  const { source, plan, options } = ctx;
  const docs = await loadDocs(source, page.rel);
  const problems: ExportProblem[] = [];
  const written: string[] = [];
  const assets = new Set<string>();
  let doc = docs.get(page.rel);
  if (!doc) {
    // Gone since the scan, or a link that leads outside the site (never read): the page is still
    // written, empty, so the links to it lead somewhere.
    problems.push({
      severity: 'error',
      file: page.rel,
      message: `${page.rel} could not be read (removed, or a symbolic link that leads outside the site): exported as an empty page.`,
    });
    doc = parsePage(page.rel, '');
    docs.set(page.rel, doc);
  }
  if (doc.syntaxError) {
    const at = doc.syntaxError.range.start;
    problems.push({
      severity: 'error',
      file: page.rel,
      line: at.line + 1,
      message: `MDX syntax error: ${doc.syntaxError.message} (exported as far as it could be read)`,
    });
  }
  const api = apiProblem(source.model, doc);
  if (api) problems.push({ severity: 'warning', file: page.rel, message: api });
  if (doc.tooLarge) {
    const why =
      doc.tooLarge.reason === 'size'
        ? `Page is ${Math.round(doc.tooLarge.bytes / 1024)} KB, over the ${Math.round(doc.tooLarge.limit / 1024)} KB Docwright renders`
        : skippedReason(doc.tooLarge).replace(/\.$/, '');
    problems.push({ severity: 'warning', file: page.rel, message: `${why}: exported with a notice instead of its content.` });
  }
  // Pages out of the navigation, and hidden and noindex ones, stay out of the sitemap and search, as in the format's own.
  const indexed = page.listed && !unindexed(doc);
  const broken = new Set<string>();
  // Imported .jsx components, when they may run (see ExportSource.components).
  const jsx = new Map<string, string>();
  const components = source.components;
  if (components) {
    for (const [r, d] of docs) for (const c of componentRefs(r, d.text, source.files)) if (!jsx.has(c)) jsx.set(c, (await components.text(c)) ?? '');
  }
  // A page that may run page code learns first whether the site's budget lets it (waiting for earlier pages without blocking the thread).
  if (components && order !== undefined && (jsx.size > 0 || [...docs.values()].some((d) => DEFINES_COMPONENT.test(d.text)))) await ctx.components.settle(order);
  const siteSource: SiteSource = {
    model: source.model,
    pages: source.pages,
    files: source.files,
    parsed: (r) => docs.get(r) ?? source.head(r),
    channel: source.channel,
    components: components
      ? {
          source: (r) => jsx.get(r),
          run: (job) => {
            if (order !== undefined && !ctx.components.allows(order)) return { error: SITE_BUDGET_SPENT };
            const result = components.run(job);
            if ('error' in result && result.timedOut) ran.timedOut = true;
            return result;
          },
        }
      : undefined,
    highlighter: source.highlighter,
  };

  const render = async (from: string) => {
    const target = exportTarget({
      from,
      pageFile: (id) => pageFile(plan, id),
      externalUrl: (id) => redirectedUrl(plan, id),
      notFound: plan.notFound,
      onAsset: (r) => assets.add(r),
      onBrokenLink: (id) => broken.add(id),
    });
    const out = renderSitePage(siteSource, page.rel, target, { search: true, navCache: ctx.navCache });
    if (!out) throw new ExportError(`${page.rel} could not be rendered.`);
    const pageCss = await tailwindCss(out.page.classes ?? []);
    const html = htmlDocument({
      path: from,
      title: out.page.title,
      siteName: source.model.name,
      description: out.page.description,
      body: out.body,
      css: ctx.css,
      pageCss,
      siteStylesheet: ctx.stylesheets.length > 0,
      theme: ctx.theme,
      defaultMode: source.model.modeToggle.default,
      favicon: source.model.favicon ? safeHref(source.model.favicon, target) : undefined,
      canonical: options.baseUrl ? absoluteUrl(options.baseUrl, page.html) : undefined,
      noindex: !indexed,
      search: true,
      playground: out.page.html.includes('data-dw-playground') || out.page.html.includes('data-dw-ws-playground'),
      mermaid: hasMermaid(out.page.html),
      math: hasMath(out.page.html),
    });
    return { out, html };
  };

  const { out, html } = await render(page.html);
  // A component that failed (threw, ran out of time or memory) shows a marked placeholder: an error of the page.
  for (const message of out.page.componentErrors ?? [])
    problems.push({ severity: 'error', file: page.rel, message: `Component ${message}: exported with an error notice in its place.` });
  // The watchdog behind the bounds the check reports (code-too-large): what it stopped depends on the machine, so it is said here.
  if (out.page.highlightStopped)
    problems.push({
      severity: 'warning',
      file: page.rel,
      message: `Highlighting this page's code took over ${HIGHLIGHT_PAGE_MS / 1000} s of processor time: a code block and the ones after it are exported without highlighting.`,
    });
  await writer.write(checkOutputPath(page.html, 'Page'), html);
  written.push(page.html);
  if (page === plan.home && page.html !== 'index.html' && !plan.byId.has('index')) {
    await writer.write('index.html', (await render('index.html')).html);
    written.push('index.html');
  }
  // Links to navigation entries without a file (the sidebar has them too) are reported once, as the entry.
  for (const id of broken) if (!plan.missing.includes(id)) problems.push(brokenLinkProblem(ctx, page.rel, id));

  // The Markdown copy (links relative to it) and the llms-full.txt text (links relative to the root):
  // written once with placeholder links, which are then filled in for each of the two places.
  const title = out.page.title;
  const description = out.page.description;
  const links: { path: string; hash?: string }[] = [];
  const placeholder = (path: string, hash?: string) => `${LINK_TOKEN}${links.push({ path, hash }) - 1}-`;
  const markdownOf = (d: PageDocument) =>
    pageMarkdown({
      page: d,
      rel: page.rel,
      pageUrl: (id, hash) => {
        const to = redirected(plan, id);
        if (to && 'url' in to) return to.url;
        const target = plannedPage(plan, id) ?? (id === 'index' ? plan.home : undefined);
        return target ? placeholder(target.md, hash ?? to?.hash) : undefined;
      },
      fileUrl: (rel) => {
        if (!source.files.has(rel)) return undefined;
        assets.add(rel);
        return placeholder(rel);
      },
      snippet: (r) => docs.get(r),
    });
  // A page naming an AsyncAPI channel (or an SDK symbol) has the reference after its own content, as its HTML does.
  const reference = source.channel?.(page.rel, doc);
  const tokenized = [markdownOf(doc), reference ? markdownOf(reference) : ''].filter(Boolean).join('\n\n');
  const linked = (from: string) =>
    links.length === 0
      ? tokenized
      : tokenized.replace(LINK_TOKENS, (_, i: string) => {
          const l = links[Number(i)];
          return (options.baseUrl ? absoluteUrl(options.baseUrl, l.path) : relativeUrl(from, l.path)) + (l.hash ? `#${encodeURIComponent(l.hash)}` : '');
        });
  const body = linked(page.md);
  const markdownFile = markdownDocument(title, description, body, ctx.source.model.agentInstructions);
  await writer.write(checkOutputPath(page.md, 'Page'), markdownFile);
  written.push(page.md);
  const rootBody = options.baseUrl || !page.md.includes('/') ? body : linked(LLMS_FULL_TXT);

  return {
    id: page.id,
    title,
    description,
    written,
    assets: [...assets],
    problems,
    markdown: rootBody,
    indexed: indexed || undefined,
    search: indexed
      ? {
          url: encodePath(page.html),
          title,
          group: page.group,
          description,
          headings: out.page.toc.map((t) => t.text).join(' '),
          text: searchText(out.page.html),
        }
      : undefined,
    mermaid: hasMermaid(out.page.html) || undefined,
    math: hasMath(out.page.html) || undefined,
    api: out.page.html.includes('class="dw-api-layout"') || undefined,
  };
}

/** Whether a rendered page body holds a Mermaid diagram (render/code.ts mermaidBlock; css-hooks adds classes after ours). */
const hasMermaid = (html: string) => /<div class="dw-mermaid[ "]/.test(html);
/** Whether it holds a formula (render/math.ts). */
const hasMath = (html: string) => html.includes('class="dw-math');

/** The summary line of llms.txt: the site's description, else the home page's, else a plain one. */
function summaryOf(ctx: ExportContext, outputs: ReadonlyMap<string, PageOutput>): string {
  const home = outputs.get(ctx.plan.home.id);
  return ctx.source.model.description ?? home?.description ?? `Documentation for ${ctx.source.model.name}.`;
}

/** 404.html: the chrome around a note and a link to the home page (also what `docwright dev` answers for an unknown address). */
export function notFoundPage(ctx: ExportContext): string {
  const { source, plan, options } = ctx;
  // Hosts serve 404.html at any depth: with a base URL its links are absolute paths, else relative to the root.
  const basePath = options.baseUrl ? new URL(options.baseUrl).pathname : undefined;
  const url = basePath ? (p: string) => basePath + encodePath(p) : (p: string) => relativeUrl(NOT_FOUND, p);
  const target: RenderTarget = exportTarget({
    from: NOT_FOUND,
    pageFile: (id) => pageFile(plan, id),
    notFound: NOT_FOUND,
    onAsset: () => undefined,
    onBrokenLink: () => undefined,
    url,
  });
  const homeHref = target.pageHref(plan.home.id);
  const page = {
    title: 'Page not found',
    description: undefined,
    html: `<p>There is no page at this address. It may have moved, or the link that led here may be out of date.</p>\n<p><a href="${escapeHtml(homeHref)}">Go to the home page</a></p>`,
    toc: [],
  };
  const info = (id: string) => {
    const rel = source.pages.get(id);
    return rel ? pageInfo(source.head(rel), id) : undefined;
  };
  const body = renderLayout({ model: source.model, pageId: undefined, page, info, target, search: true });
  return htmlDocument({
    path: NOT_FOUND,
    title: page.title,
    siteName: source.model.name,
    body,
    css: ctx.css,
    siteStylesheet: ctx.stylesheets.length > 0,
    theme: ctx.theme,
    defaultMode: source.model.modeToggle.default,
    favicon: source.model.favicon ? safeHref(source.model.favicon, target) : undefined,
    noindex: true,
    search: true,
    url,
  });
}

/**
 * A page at each redirect source that is one path (`/old`, not `/old/:slug`) and no page of the
 * site, which sends readers of the old address to the destination: a static host has no redirects
 * of its own. Links in pages lead to the destination directly.
 */
async function writeRedirectPages(
  ctx: ExportContext,
  claim: (path: string) => string | undefined,
  writer: ExportWriter,
): Promise<{ problems: ExportProblem[] }> {
  const { plan, source } = ctx;
  const problems: ExportProblem[] = [];
  for (const r of plan.redirects.plain()) {
    const id = r.source.replace(/\.(mdx?|html)$/i, '');
    if (id === 'index' || linkedPage(plan.byId, id) !== undefined) continue; // a page is there
    const from = htmlPathOf(id);
    const where = `Redirect from "/${r.source}"`;
    if (!isSafeOutputPath(from)) {
      problems.push({
        severity: 'warning',
        file: CONFIG_FILE_NAME,
        message: `${where} would be written outside the output folder: no page is written for it.`,
      });
      continue;
    }
    const to = redirected(plan, id);
    const href = to === undefined ? undefined : 'url' in to ? to.url : relativeUrl(from, plan.byId.get(to.page)!.html) + (to.hash ? `#${to.hash}` : '');
    if (href === undefined) {
      const loops = plan.redirects.resolve(id) === undefined;
      problems.push({
        severity: 'warning',
        file: CONFIG_FILE_NAME,
        message: `${where} leads to "${r.destination}", which is no page of the site${loops ? ' (the redirects loop)' : ''}: no page is written for it.`,
      });
      continue;
    }
    if (claim(from) !== undefined) continue; // another redirect (or a file) has the path
    await writer.write(from, redirectDocument(href, source.model.name));
  }
  return { problems };
}

/**
 * The pages' outputs, taken as they come (in any order, from any thread) and kept in plan order.
 * The search index takes each page as soon as every page before it has come, so it is built while
 * other pages are still being exported (not at the end, when no other work could run beside it),
 * and comes out the same whatever order pages came in.
 */
export class ExportResults {
  private readonly got = new Map<string, PageOutput>();
  private indexed = 0;
  readonly search = new SearchIndex();

  constructor(private readonly plan: ExportPlan) {}

  get size(): number {
    return this.got.size;
  }

  add(output: PageOutput): void {
    this.got.set(output.id, output);
    const { pages } = this.plan;
    for (let o = this.got.get(pages[this.indexed]?.id); o !== undefined; o = this.got.get(pages[this.indexed]?.id)) {
      if (o.search) this.search.add(o.search);
      // The index holds what it needs of the text; the output need not keep it alive.
      o.search = undefined;
      this.indexed++;
    }
  }

  /** The outputs in plan order (pages that never came are left out). */
  ordered(): PageOutput[] {
    return this.plan.pages.flatMap((p) => this.got.get(p.id) ?? []);
  }
}

/** The site-wide files, from the pages' outputs, and the site files they use. */
export async function finishExport(ctx: ExportContext, results: ExportResults, writer: ExportWriter): Promise<ExportReport> {
  const { source, plan, options } = ctx;
  const outputs = results.ordered();
  const problems: ExportProblem[] = [];
  const notes: string[] = [];
  const written = new Map<string, string>(); // lower-case path -> path (case-insensitive file systems)
  const claim = (path: string) => {
    const key = path.toLowerCase();
    const other = written.get(key);
    if (other !== undefined) return other;
    written.set(key, path);
    return undefined;
  };
  const write = async (path: string, content: string | Uint8Array) => {
    checkOutputPath(path, 'File');
    const other = claim(path);
    if (other !== undefined) throw new ExportError(`Two files of the export would be written to "${path}"${other !== path ? ` and "${other}"` : ''}.`);
    await writer.write(path, content);
  };
  for (const id of plan.missing) {
    problems.push({ severity: 'error', message: `Navigation entry "${id}" has no page file: it is left out of the export.` });
  }
  const byId = new Map(outputs.map((o) => [o.id, o]));
  for (const o of outputs) {
    append(problems, o.problems);
    for (const p of o.written) {
      const other = claim(p);
      if (other !== undefined)
        throw new ExportError(
          `Two pages would be written to "${p}"${other !== p ? ` and "${other}"` : ''} (file names that differ only in case clash on many systems).`,
        );
    }
  }

  if (plan.notFound === NOT_FOUND) await write(NOT_FOUND, notFoundPage(ctx));
  const moved = await writeRedirectPages(ctx, claim, writer);
  append(problems, moved.problems);

  await write(`${ASSET_DIR}/search-index.js`, results.search.script());

  // llms.txt and llms-full.txt; a site's own file of either name at its root replaces the generated one, copied byte for byte with the site files.
  const linkOf = (p: string) => (options.baseUrl ? absoluteUrl(options.baseUrl, p) : encodePath(p));
  const custom = [LLMS_TXT, LLMS_FULL_TXT].filter((f) => source.files.has(f));
  const llmsList = llmsPages(ctx);
  const summary = summaryOf(ctx, byId);
  const instructions = source.model.agentInstructions;
  const full = [`# ${oneLine(source.model.name)}`, '', `> ${oneLine(summary)}`, ''];
  if (instructions) full.push(agentInstructionsBlock(instructions), '');
  for (const p of plan.pages) {
    const o = byId.get(p.id);
    if (!llmsList.ids.has(p.id) || !o) continue;
    full.push(markdownDocument(o.title, o.description, `Source: ${linkOf(p.html)}\n\n${o.markdown}`.trim()));
  }
  if (!custom.includes(LLMS_FULL_TXT)) await write(LLMS_FULL_TXT, full.join('\n'));

  // Site files the pages use.
  const assets = new Set<string>(custom);
  for (const o of outputs) for (const a of o.assets) assets.add(a);
  // The site's own stylesheets, sanitised into one file; the files they use are copied too.
  if (ctx.stylesheets.length > 0) {
    const sheets = await Promise.all(ctx.stylesheets.map(async (rel) => ({ rel, text: await source.text(rel) })));
    for (const s of sheets)
      if (s.text === undefined) problems.push({ severity: 'error', file: s.rel, message: `${s.rel} could not be read: its styles are not applied.` });
    const sheet = await siteStylesheet(
      sheets.filter((s): s is { rel: string; text: string } => s.text !== undefined),
      (rel) => (source.files.has(rel) ? relativeUrl(`${ASSET_DIR}/${SITE_CSS}`, rel) : undefined),
    );
    for (const p of sheet.problems) problems.push({ severity: 'warning', file: p.file, message: p.message });
    for (const a of sheet.assets) assets.add(a);
    await write(`${ASSET_DIR}/${SITE_CSS}`, sheet.css);
  }
  // The OpenAPI files of the API pages and the site's AsyncAPI files, at their paths: llms.txt links to them, agents fetch the specification itself.
  const specs = llmsSpecs(ctx, outputs);
  for (const rel of [...specs.openapi, ...specs.asyncapi]) if (!isExternalUrl(rel)) assets.add(rel);
  // The site's own skill.md (the format's agent skill file, no page) is served as written.
  if (source.files.has(SKILL_MD)) assets.add(SKILL_MD);
  for (const rel of [...assets].sort()) {
    if (!source.files.has(rel)) continue;
    checkOutputPath(rel, 'Site file');
    // Kinds a host could serve as HTML, SVG or XML run as the site when opened: see site-files.ts.
    const how = siteFileCopy(rel);
    if ('notCopied' in how) {
      problems.push({ severity: 'warning', file: rel, message: how.notCopied });
      continue;
    }
    const other = claim(rel);
    if (other !== undefined) {
      problems.push({
        severity: 'error',
        file: rel,
        message: `Site file ${rel} has the same path as a file the export writes${other !== rel ? ` (${other})` : ''}: it is not copied.`,
      });
      continue;
    }
    await writer.copy(rel, rel, how.transform);
  }

  // Docwright's styles and scripts.
  await write(`${ASSET_DIR}/docwright.css`, options.assets.css);
  await write(`${ASSET_DIR}/docwright.js`, options.assets.js);
  await write(`${ASSET_DIR}/search.js`, options.assets.searchJs);
  await write(`${ASSET_DIR}/minisearch.js`, options.assets.miniSearchJs);
  await write(`${ASSET_DIR}/playground.js`, options.assets.playgroundJs);
  // Mermaid and KaTeX only when some page uses them (Mermaid's build alone is 3.5 MB).
  const mermaid = outputs.some((o) => o.mermaid);
  const math = outputs.some((o) => o.math);
  if ((mermaid || math) && options.assets.vendor) {
    const vendor = await options.assets.vendor();
    if (mermaid) await write(`${ASSET_DIR}/${MERMAID_JS}`, vendor.mermaidJs);
    if (math) {
      await write(`${ASSET_DIR}/${KATEX_CSS}`, vendor.katexCss);
      for (const [name, bytes] of Object.entries(vendor.katexFonts)) if (/^[\w-]+\.woff2$/.test(name)) await write(`${ASSET_DIR}/katex/fonts/${name}`, bytes);
    }
  }
  // GitHub Pages skips folders starting with `_` unless this file is present.
  await write('.nojekyll', '');

  await write('robots.txt', robotsTxt(options.baseUrl));
  if (options.baseUrl)
    await write(
      'sitemap.xml',
      sitemapXml(
        options.baseUrl,
        plan.pages.filter((p) => byId.get(p.id)?.indexed).map((p) => p.html),
      ),
    );
  else notes.push('No sitemap.xml: a sitemap needs absolute URLs. Pass --base-url (setting docwright.export.baseUrl in the editor) to write one.');

  // The llms.txt written must pass the same check a hand-written one gets (which the llms-txt rule checks instead).
  const present = new Set([...written.values()]);
  if (!custom.includes(LLMS_TXT)) {
    const index = exportLlmsTxt(ctx, llmsList, byId, specs, summary, linkOf, (p) => present.has(p), !custom.includes(LLMS_FULL_TXT));
    const llmsProblems = validateLlmsTxt(index.text, {
      resolve: (u) => {
        const path = options.baseUrl && u.startsWith(options.baseUrl) ? u.slice(options.baseUrl.length) : u;
        if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return undefined;
        try {
          return present.has(decodeURIComponent(path.split('#')[0]));
        } catch {
          return false;
        }
      },
    });
    for (const p of llmsProblems) problems.push({ severity: 'error', file: LLMS_TXT, line: p.line + 1, message: `Generated llms.txt: ${p.message}` });
    if (index.overCap)
      problems.push({
        severity: 'warning',
        file: LLMS_TXT,
        message: `Generated llms.txt is over ${LLMS_TXT_MAX_CHARS.toLocaleString('en-US')} characters with no page listed: the site name, description or markdown.instructions are too long.`,
      });
    else if (index.omitted > 0)
      notes.push(
        `llms.txt leaves out the descriptions and the last ${index.omitted} pages to stay under ${LLMS_TXT_MAX_CHARS.toLocaleString('en-US')} characters (as the format's does); add your own llms.txt at the site root to list every page.`,
      );
    else if (index.descriptionChars < LLMS_DESCRIPTION_CHARS)
      notes.push(
        `llms.txt ${index.descriptionChars ? `cuts the descriptions at ${index.descriptionChars} characters` : 'leaves out the descriptions'} to stay under ${LLMS_TXT_MAX_CHARS.toLocaleString('en-US')} characters (as the format's are).`,
      );
    await write(LLMS_TXT, index.text);
  }

  return { pages: outputs.length, files: written.size, problems, notes };
}

/** Worker threads exporting pages of the same export (the CLI's: node/export-workers.ts); they and the calling thread take pages from one queue. */
export interface ExportWorkers {
  /** How many workers run. */
  readonly count: number;
  /** The next page id for the calling thread; undefined when every page is taken. */
  next(): string | undefined;
  /** Resolves when every worker has finished; rejects on the first failure (all workers stopped). */
  done: Promise<void>;
  /** Whether a worker failed (the calling thread stops its own share early). */
  failed(): boolean;
  /** Stops every worker and waits until none runs (nothing is written after it resolves). */
  stop(): Promise<void>;
}

/** How the calling thread runs an export (Docwright.export sets it from the host's options). */
export interface ExportRun {
  /** Starts worker threads that hand each page they export to `onPage`; undefined: this thread exports every page. */
  workers?(ctx: ExportContext, onPage: (output: PageOutput) => void): ExportWorkers | undefined;
  /** Called after each page this thread exported (the CLI bounds its heap). */
  afterPage?(): void;
  /** Called as each step ends (DOCWRIGHT_EXPORT_TIMINGS). */
  mark?(step: string): void;
}

/**
 * The page loop of every export: exports the pages `next` hands this thread, in turn, until none is
 * left or `stop` says so, and gives each output to `got`. The main thread and each export worker run
 * it over one queue; the MCP server over the pages it is asked for. Returns how many it exported.
 */
export async function exportPages(
  ctx: ExportContext,
  writer: ExportWriter,
  next: () => string | undefined,
  got: (output: PageOutput, page: PlannedPage) => void,
  stop?: () => boolean,
  afterPage?: () => void,
): Promise<number> {
  let exported = 0;
  for (let id = next(); id !== undefined; id = next()) {
    if (stop?.()) break;
    if (ctx.options.cancelled?.()) throw new ExportCancelled();
    const page = ctx.plan.byId.get(id);
    if (!page) continue;
    got(await exportPage(ctx, page, writer), page);
    exported++;
    afterPage?.();
  }
  return exported;
}

/** The pages of a list, one after the other (one thread's queue). */
export function pageQueue(ids: readonly string[]): () => string | undefined {
  let i = 0;
  return () => ids[i++];
}

/**
 * The whole export: the pages (on this thread, or spread over worker threads that take them from
 * the same queue), then the site-wide files. Cancelled between pages (ExportCancelled).
 */
export async function exportSite(source: ExportSource, writer: ExportWriter, options: ExportOptions, run: ExportRun = {}): Promise<ExportReport> {
  const mark = run.mark ?? (() => undefined);
  const ctx = createExportContext(source, options);
  mark('export planned');
  const results = new ExportResults(ctx.plan);
  const total = ctx.plan.pages.length;
  const got = (output: PageOutput) => {
    if (options.cancelled?.()) throw new ExportCancelled();
    results.add(output);
    options.progress?.(results.size, total, output.id);
  };
  const workers = run.workers?.(ctx, got);
  try {
    mark(workers ? `${workers.count} worker(s) started` : 'one thread');
    const next = workers ? () => workers.next() : pageQueue(ctx.plan.pages.map((p) => p.id));
    const mine = await exportPages(ctx, writer, next, got, workers && (() => workers.failed()), run.afterPage);
    mark(`main thread: ${mine} pages exported`);
    await workers?.done;
    if (workers) mark('workers done');
  } catch (e) {
    await workers?.stop();
    throw e;
  }
  if (options.cancelled?.()) throw new ExportCancelled();
  const report = await finishExport(ctx, results, writer);
  mark('site-wide files written');
  return report;
}

// One call that renders a page of a site with its chrome: what the preview shows and what the
// export writes. Inputs are the site model and parsed pages; nothing here reads files.
import { redirectsOf } from '../site/redirects';
import { withSymbolTitle } from '../site/sdk-pages';
import type { PageDocument } from '../pages/parse';
import type { SiteModel } from '../site/model';
import { pageId } from '../site/navigation';
import { renderLayout, siteCss, themeMode, type NavCache, type PageInfo, type PageMode } from './layout';
import { renderPage, type PageComponents, type RenderedPage, type RenderTarget } from './page';
import { withApiReference } from './api-page';
import { withChannelPlayground } from './asyncapi-playground';
import { parseEndpointRef } from '../openapi/operations';
import type { Highlighter } from './highlight';

export interface SiteSource {
  model: SiteModel;
  /** Page id -> site-relative file. */
  pages: ReadonlyMap<string, string>;
  files: ReadonlySet<string>;
  /** The parsed page/snippet at a site-relative path (undefined when there is no such file). */
  parsed(rel: string): PageDocument | undefined;
  /** Page code that may run (see PageRenderInput): only in a trusted workspace and the CLI. */
  components?: PageComponents;
  /** The host's highlighter (default: plainHighlighter). */
  highlighter?: Highlighter;
  /** The channel reference of a page with `asyncapi:` front matter (SiteApi.channelDoc). */
  channel?(rel: string, doc: PageDocument): PageDocument | undefined;
}

export interface RenderedSitePage {
  page: RenderedPage;
  /** The chrome and page, for inside `<body>`. */
  body: string;
  /** Site colours as CSS custom properties (goes into a `<style>` element). */
  css: string;
  theme: 'light' | 'dark' | 'auto';
  pageId: string;
}

/** Title, sidebar title and icon of a page, from its front matter. */
export function pageInfo(doc: PageDocument | undefined, id: string): PageInfo | undefined {
  if (!doc) return undefined;
  const fm = doc.frontmatter.data;
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  const method = parseEndpointRef(s(fm.openapi) ?? s(fm.api) ?? '')?.method;
  return {
    title: s(fm.title) ?? id.split('/').pop()!,
    sidebarTitle: s(fm.sidebarTitle),
    icon: s(fm.icon),
    url: s(fm.url),
    method,
    deprecated: fm.deprecated === true || undefined,
    tag: s(fm.tag),
    hidden: fm.hidden === true || undefined,
  };
}

const MODES = new Set<PageMode>(['default', 'wide', 'custom', 'frame', 'center']);

/** Front matter `mode` (organize/pages.mdx); anything else is the default. */
export function pageMode(doc: PageDocument): PageMode {
  const m = doc.frontmatter.data.mode;
  return typeof m === 'string' && MODES.has(m as PageMode) ? (m as PageMode) : 'default';
}

export function renderSitePage(
  source: SiteSource,
  rel: string,
  target: RenderTarget,
  options: { search?: boolean; navCache?: NavCache } = {},
): RenderedSitePage | undefined {
  const parsed = source.parsed(rel);
  if (!parsed) return undefined;
  const id = pageId(rel);
  // A page naming an AsyncAPI channel or an SDK symbol shows its reference after its own content.
  const channel = source.channel?.(rel, parsed);
  const doc = withSymbolTitle(parsed, channel);
  const page = renderPage({
    page: doc,
    rel,
    pages: source.pages,
    files: source.files,
    target,
    snippet: (r) => source.parsed(r),
    components: source.components,
    redirects: redirectsOf(source.model),
    iconLibrary: source.model.iconLibrary,
    highlighter: source.highlighter,
  });
  if (channel) {
    const reference = renderPage({
      page: channel,
      rel,
      pages: source.pages,
      files: source.files,
      target,
      redirects: redirectsOf(source.model),
      iconLibrary: source.model.iconLibrary,
      highlighter: source.highlighter,
    });
    page.html += reference.html;
    page.toc = [...page.toc, ...reference.toc];
  }
  // Channel pages (front matter `asyncapi`): the WebSocket playground above the content.
  Object.assign(page, withChannelPlayground(page, { doc, model: source.model }));
  // API pages (front matter `openapi`/`api`): endpoint, playground and reference around the content.
  Object.assign(page, withApiReference(page, { doc, model: source.model, highlighter: source.highlighter }));
  const infoCache = new Map<string, PageInfo | undefined>();
  const info = (pid: string) => {
    if (!infoCache.has(pid)) {
      const file = source.pages.get(pid);
      const d = file ? source.parsed(file) : undefined;
      infoCache.set(pid, d ? pageInfo(withSymbolTitle(d, source.channel?.(file!, d)), pid) : undefined);
    }
    return infoCache.get(pid);
  };
  const body = renderLayout(
    { model: source.model, pageId: id, rel, page, info, target, search: options.search, navCache: options.navCache },
    page.html,
    pageMode(doc),
  );
  return { page, body, css: siteCss(source.model), theme: themeMode(source.model), pageId: id };
}

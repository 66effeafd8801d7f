// The preview of one file: the page with its site around it, or the page alone when the file
// belongs to no site. Links point nowhere (`#anchor`): the webview script sends `data-dw-page` clicks
// to the extension, which opens the file.
import type { PageDocument } from '../pages/parse';
import type { SiteModel } from '../site/model';
import { basename, relativeInside } from '../util/paths';
import type { RenderTarget } from './page';
import { renderSitePage, type RenderedSitePage } from './site-page';
import { loadSiteSource, type RenderProject, type SourceOptions } from './source';
import { siteApi } from '../site/api-pages';
import { join } from '../util/paths';
import { siteCssFiles, siteStylesheet } from './site-css';
import { tailwindCss } from './tailwind';
import { DEFAULT_ANCHOR_ICON, DEFAULT_PRIMARY, DEFAULT_TITLE } from '../config/defaults';

export interface PreviewResult extends RenderedSitePage {
  root: string | undefined;
}

function standaloneModel(name: string): SiteModel {
  return {
    name,
    colors: { primary: DEFAULT_PRIMARY },
    topbarLinks: [],
    tabs: [],
    anchors: [],
    topAnchor: { name: DEFAULT_TITLE, icon: DEFAULT_ANCHOR_ICON },
    versions: [],
    groups: [],
    footerSocials: [],
    feedback: { suggestEdit: false, raiseIssue: false },
    modeToggle: { isHidden: false },
    redirects: [],
    generation: 'classic',
    languages: [],
  };
}

/** Encodes each segment of a site-relative path for a URL. */
export function encodePath(rel: string): string {
  return rel.split('/').map(encodeURIComponent).join('/');
}

export function previewTarget(assetBase: string): RenderTarget {
  return {
    pageHref: (_id, hash) => (hash ? `#${encodeURIComponent(hash)}` : '#'),
    assetUrl: (rel) => assetBase + encodePath(rel),
    pageIds: true,
    showDropped: true,
  };
}

export interface PreviewOptions extends SourceOptions {
  /** Show this page of the file's site instead of the file (a generated API page has no file). */
  pageId?: string;
}

export async function renderPreview(project: RenderProject, path: string, assetBase: string, options: PreviewOptions = {}): Promise<PreviewResult | undefined> {
  const target = previewTarget(assetBase);
  const root = project.rootFor(path);
  let rel = root ? relativeInside(root, path) : undefined;
  if (root && options.pageId !== undefined) {
    const site = await project.site(root);
    const pageRel = site && siteApi(site).allPages.get(options.pageId);
    if (pageRel === undefined) return undefined;
    rel = pageRel;
  }
  if (root && rel !== undefined) {
    const source = await loadSiteSource(project, root, [rel], options);
    const out = source && renderSitePage(source, rel, target);
    if (out) return { ...out, css: await pageCss(out, project, root, source.files, target, assetBase), root };
  }
  // Not part of a site: the page alone, with its own folder as the asset base.
  const doc: PageDocument = await project.page(path);
  const name = basename(path);
  const out = renderSitePage({ model: standaloneModel(name), pages: new Map(), files: new Set(), parsed: (r) => (r === name ? doc : undefined) }, name, target);
  return out && { ...out, css: await pageCss(out, project, undefined, new Set(), target, assetBase), root: undefined };
}

/**
 * The preview's styles, as the export has them: site colours, the page's Tailwind utilities,
 * then the site's own `.css` files (read as they are on disk now), sanitised and inlined.
 */
async function pageCss(
  out: RenderedSitePage,
  project: RenderProject,
  root: string | undefined,
  files: ReadonlySet<string>,
  target: RenderTarget,
  assetBase: string,
): Promise<string> {
  const sheets =
    root === undefined ? [] : await Promise.all(siteCssFiles(files).map(async (rel) => ({ rel, text: (await project.text(join(root, rel))) ?? '' })));
  const [tailwind, site] = await Promise.all([
    tailwindCss(out.page.classes ?? []),
    siteStylesheet(sheets, (rel) => (files.has(rel) ? target.assetUrl(rel) : undefined), assetBase),
  ]);
  return [out.css, tailwind, site.css].filter(Boolean).join('\n');
}

// Custom requests between the client and the server, typed once. Imports nothing, so the client
// bundles it without pulling in server code.

/** `docwright/checkSites`: scan the workspace again and check every site in full. */
export const CHECK_SITES_REQUEST = 'docwright/checkSites';

export interface CheckSitesResult {
  sites: number;
  pages: number;
  errors: number;
  warnings: number;
  information: number;
  hints: number;
}

/** `docwright/renderPage`: the preview of a page (chrome + content), rendered by the core. */
export const RENDER_PAGE_REQUEST = 'docwright/renderPage';

export interface RenderPageParams {
  uri: string;
  /** URL prefix under which the webview can load the site's files (ends with `/`). */
  assetBase: string;
}

export interface RenderPageResult {
  /** False when the file belongs to no docs.json site; the page is then rendered on its own. */
  inSite: boolean;
  siteRootUri?: string;
  pageId: string;
  title: string;
  /** HTML for inside the preview's app element. */
  body: string;
  /** Site colours (CSS custom properties). */
  css: string;
  theme: 'light' | 'dark' | 'auto';
}

/** `docwright/pageFile`: the file of a page id, from a page of the same site. */
export const PAGE_FILE_REQUEST = 'docwright/pageFile';

export interface PageFileParams {
  /** A file of the site (the page shown in the preview). */
  fromUri: string;
  pageId: string;
}

export interface PageFileResult {
  uri: string;
}

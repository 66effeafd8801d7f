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
  /** Whether the workspace is trusted: imported `.jsx` components then run to render their output. */
  trusted?: boolean;
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

/** `docwright/migrateConfig`: a site's classic config converted to the current format. Writes nothing. */
export const MIGRATE_CONFIG_REQUEST = 'docwright/migrateConfig';

export interface MigrateConfigParams {
  /** A file of the site (its docs.json, mint.json or a page); when absent, the workspace's only site. */
  uri?: string;
}

export interface MigrateConfigNote {
  kind: 'kept' | 'dropped' | 'changed';
  /** The classic key the note is about. */
  path: string;
  message: string;
}

export interface MigrateConfigResult {
  /**
   * `migrated`: `text` is the new config for `targetUri`; `already-current`: nothing to do;
   * `no-site`: no site holds `uri` (`sites` lists the workspace's sites to choose from);
   * `error`: `error` says why (such as broken JSON).
   */
  status: 'migrated' | 'already-current' | 'no-site' | 'error';
  /** The config that was read (docs.json, or mint.json). */
  sourceUri?: string;
  /** The file the current-format config belongs in: the site's docs.json. */
  targetUri?: string;
  text?: string;
  notes: MigrateConfigNote[];
  error?: string;
  /** URIs of the sites' folders, when `uri` named none. */
  sites?: string[];
}

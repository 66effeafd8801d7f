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
  /**
   * Render this page of `uri`'s site instead of `uri` itself: a page without a file (an API page
   * generated from an OpenAPI file), opened from a sidebar click or a link.
   */
  pageId?: string;
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

/** The page's file; or, for a page generated from an OpenAPI file, `generated` (render it with `pageId`). */
export type PageFileResult = { uri: string; generated?: undefined } | { uri?: undefined; generated: true };

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

/**
 * `docwright/exportSite`: export a site as a static site (with llms.txt and Markdown copies) to a
 * folder. Progress goes to `$/progress` on `workDoneToken` (WorkDoneProgress begin/report/end);
 * cancelling the request stops the export and keeps the previous output.
 */
export const EXPORT_SITE_REQUEST = 'docwright/exportSite';

export interface ExportSiteParams {
  /** A file or folder of the site (its docs.json, a page, the site folder). */
  uri: string;
  /** Absolute path of the output folder. */
  out: string;
  /** Absolute URL the site will be served from (sitemap.xml, canonical links). */
  baseUrl?: string;
  /** Keep the previous output when a page has errors. */
  strict?: boolean;
  /** Whether the workspace is trusted: imported `.jsx` components then run to render their output. */
  trusted?: boolean;
  workDoneToken?: string | number;
}

export interface ExportSiteProblem {
  severity: 'error' | 'warning';
  uri?: string;
  /** 1-based. */
  line?: number;
  message: string;
}

export interface ExportSiteResult {
  /**
   * `exported`: the output was replaced; `kept`: strict mode and errors, the previous output kept;
   * `refused`: not started (`message` says why: a path outside the output, the site folder as output);
   * `cancelled`; `no-site`: `uri` is in no site.
   */
  status: 'exported' | 'kept' | 'refused' | 'cancelled' | 'no-site';
  out?: string;
  pages: number;
  files: number;
  errors: number;
  warnings: number;
  problems: ExportSiteProblem[];
  notes: string[];
  message?: string;
}

/** The editor rules files "Docwright: Create Editor Rules File" offers (ids as in `docwright rules --target`). */
export const RULES_FILE_TARGETS = [
  { id: 'cursor', label: '.cursor/rules.md', detail: 'Cursor: the rules file of the docs format (default)' },
  { id: 'cursor-mdc', label: '.cursor/rules/docwright.mdc', detail: 'Cursor project rule with front matter, applied to the docs files' },
  { id: 'agents', label: 'AGENTS.md', detail: 'Read by most coding agents' },
  { id: 'copilot', label: '.github/copilot-instructions.md', detail: 'GitHub Copilot repository instructions (at the repository root)' },
  { id: 'windsurf', label: '.windsurf/rules/docwright.md', detail: 'Windsurf workspace rule, applied to the docs files' },
] as const;

/** `docwright/rulesFile`: the editor rules file for a site (the client writes it, asking before it replaces one). */
export const RULES_FILE_REQUEST = 'docwright/rulesFile';

export interface RulesFileParams {
  /** A file or folder of the site. */
  uri: string;
  target: (typeof RULES_FILE_TARGETS)[number]['id'];
}

export interface RulesFileResult {
  /** `refused`: the file's path goes through (or is) a symbolic link below its folder; `message` says which. */
  status: 'ok' | 'no-site' | 'refused';
  message?: string;
  /** Where the file goes. */
  uri?: string;
  content?: string;
  siteName?: string;
  /** Something to tell the user (AGENTS.md in the site folder is published as a page unless .mintignore lists it). */
  note?: string;
}

/** `docwright.moves.redirect`: whether a page move adds a redirect from its old URL to the new one. */
export type RedirectSetting = 'ask' | 'always' | 'never';

/**
 * `docwright/moveRedirects`: after files moved (the client asked the user, "ask"), the edit that adds
 * `redirects` entries from the moved pages' old URLs to their new ones. Null when none is needed.
 */
export const MOVE_REDIRECTS_REQUEST = 'docwright/moveRedirects';

export interface MoveRedirectsParams {
  files: { oldUri: string; newUri: string }[];
}

/** `initializationOptions` the server reads. */
export interface InitializationOptions {
  /**
   * Debounce delays of the checks in milliseconds (tests shorten them): `checkMs` before a site is
   * checked after its config or file set changed (default 60), `pageCheckMs` before an edited page
   * is checked (15), `siteRecheckMs` before the whole site is checked after an edit changed a page's
   * headings, links or title (600).
   */
  delays?: { checkMs?: number; pageCheckMs?: number; siteRecheckMs?: number };
  /** An absolute folder for the check cache of the first check (the extension's storage). */
  storage?: string;
  /** The client reports every file event itself (VS Code's synchronize.fileEvents): the server registers no watcher. */
  clientWatchesFiles?: boolean;
}

/**
 * `docwright/idle`: resolves (with null) once no check is pending or running and no file event is
 * being handled, so every diagnostic of the events sent before it has been published. For tests.
 */
export const IDLE_REQUEST = 'docwright/idle';

/**
 * `docwright/siteChanged` (server -> client): a site was checked again after its files changed, or a
 * snippet's text changed (`uri`); the preview renders its page again, since it may include or list it.
 */
export const SITE_CHANGED_NOTIFICATION = 'docwright/siteChanged';

export interface SiteChangedParams {
  rootUri: string;
  /** The file whose text changed, when one file did. */
  uri?: string;
}

/**
 * `docwright.insertSnippet` (a client command, named in code actions): insert a VS Code snippet
 * (third argument) over a range (second, LSP-shaped) of a document (first, URI), in its editor, so
 * that the cursor lands in the snippet's placeholder. A code action's edit cannot hold a snippet.
 */
export const INSERT_SNIPPET_COMMAND = 'docwright.insertSnippet';

/**
 * `docwright/checkStatus` (server -> client): how far the sites' first checks are. Sent when they
 * begin, as they go on, and once every site's first findings are published (`checking: 0`; also
 * when the workspace holds no site), so the client never reports "no problems" before it knows.
 */
export const CHECK_STATUS_NOTIFICATION = 'docwright/checkStatus';

export interface CheckStatusParams {
  /** Sites whose first check has not ended. */
  checking: number;
  /** Their pages checked so far, and their pages in all (0 while not yet known). */
  done: number;
  total: number;
}

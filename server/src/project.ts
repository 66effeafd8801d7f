// The sites of a workspace, kept current as files change, with every page parsed once per text.
// Pure: all I/O goes through the Workspace. The LSP layer and the CLI drive it.
import { checkPage, checkSnippet, type CheckOptions } from './check';
import { isCodeFile, isSnippetFile } from './site/imports';
import { reparsePage } from './pages/incremental';
import { parsePage, type PageDocument } from './pages/parse';
import { createSiteIndex, type SiteIndex, type SiteSources } from './site/site-index';
import { pageId } from './site/navigation';
import { isConfigName } from './config/files';
import { findSiteRoots, IGNORE_FILE_NAME, LLMS_TXT_NAME, loadSite, PROJECT_CONFIG_NAME, type Site } from './site/site';
import { basename, join, relativeInside } from './util/paths';
import { isSkippedFolder, type Workspace } from './workspace';
import type { Finding } from './types';
import { append } from './util/array';
import type { AsyncapiReader } from './asyncapi/schema';

/** How many page files are read at once while a site is indexed. */
const READ_BATCH = 64;

export class Project {
  /** Absolute paths of all files under each workspace folder. */
  private readonly files = new Map<string, Set<string>>();
  private readonly sites = new Map<string, Site>();
  private readonly indexes = new Map<string, SiteIndex>();
  /** Parsed pages by absolute path; dropped when the file changes. */
  private readonly pageCache = new Map<string, PageDocument>();
  /** How often each file has changed, so a read that straddles a change is not cached. */
  private readonly generations = new Map<string, number>();
  /** Root -> how many times its site was invalidated (loads begun before the last one are not kept). */
  private readonly siteGenerations = new Map<string, number>();
  /** The last parse of a page whose text has changed since, to re-parse incrementally. */
  private readonly previousParse = new Map<string, PageDocument>();
  /** Pages whose text changed since their site's index was built, per site root. */
  private readonly stalePages = new Map<string, Set<string>>();
  /** The index build under way per site root. */
  private readonly building = new Map<string, Promise<SiteIndex | undefined>>();
  private siteRoots: string[] = [];

  /**
   * @param beforeIndex awaited before a site's pages are parsed for an index: the language server
   *   holds such parses until the site's first check (on worker threads) has ended, so that they do
   *   not run beside it on the server's thread.
   */
  constructor(
    private readonly ws: Workspace,
    private readonly folders: string[],
    private readonly beforeIndex: (root: string) => Promise<void> = async () => undefined,
    /** Reads AsyncAPI files (the host's parser); without one, none is read. */
    private readonly asyncapi?: AsyncapiReader,
  ) {}

  /** Lists every workspace folder and finds the sites in it. */
  async scan(): Promise<void> {
    this.files.clear();
    this.sites.clear();
    this.indexes.clear();
    for (const folder of this.folders) this.files.set(folder, new Set(await this.ws.listFiles(folder)));
    this.updateRoots();
  }

  get roots(): readonly string[] {
    return this.siteRoots;
  }

  /** The site whose folder holds `path` (the deepest one), if any. */
  rootFor(path: string): string | undefined {
    let best: string | undefined;
    for (const root of this.siteRoots) {
      if ((path === root || relativeInside(root, path) !== undefined) && (!best || root.length > best.length)) best = root;
    }
    return best;
  }

  /** Records created or deleted files; returns the site roots they affect. */
  filesChanged(created: string[], deleted: string[]): string[] {
    const affected = new Set<string>();
    // A rule file created or deleted in a Vale style folder (a dot folder the file set leaves out): the site reloads.
    for (const [root, site] of this.sites) {
      if ([...created, ...deleted].some((p) => site.vale?.folders.some((f) => relativeInside(f, p) !== undefined) || site.vale?.sources.includes(p)))
        affected.add(root);
    }
    // As `scan` lists them: nothing in dependency or dot folders (`.git` changes all the time).
    const listed = (p: string) =>
      [...this.files.keys()].some(
        (folder) =>
          relativeInside(folder, p)
            ?.split('/')
            .slice(0, -1)
            .every((part) => !isSkippedFolder(part)) === true,
      );
    created = created.filter(listed);
    deleted = deleted.filter(listed);
    for (const [folder, set] of this.files) {
      for (const p of created) if (relativeInside(folder, p) !== undefined) set.add(p);
      for (const p of deleted) if (relativeInside(folder, p) !== undefined) set.delete(p);
    }
    if ([...created, ...deleted].some((p) => isConfigName(basename(p)))) this.updateRoots();
    for (const p of [...created, ...deleted]) {
      this.generations.set(p, (this.generations.get(p) ?? 0) + 1);
      this.pageCache.delete(p);
      this.previousParse.delete(p);
      const root = this.rootFor(p);
      if (root) affected.add(root);
    }
    for (const root of affected) this.invalidate(root);
    return [...affected];
  }

  /**
   * Paths the file watcher or the editor named (created, deleted, renamed; files or folders) are
   * looked at again: the file set then holds what the disk holds there now, whatever order the
   * events came in. Returns the site roots affected.
   */
  async reconcile(paths: Iterable<string>): Promise<string[]> {
    const created: string[] = [];
    const deleted: string[] = [];
    for (const p of new Set(paths)) {
      const kind = await this.ws.kindOf(p);
      const now = new Set(kind === 'folder' ? await this.ws.listFiles(p) : kind === 'file' ? [p] : []);
      for (const set of this.files.values()) for (const f of set) if ((f === p || f.startsWith(p + '/')) && !now.has(f)) deleted.push(f);
      append(created, now);
    }
    return this.filesChanged(created, deleted);
  }

  /** Whether the file set holds `path`. */
  hasFile(path: string): boolean {
    for (const set of this.files.values()) if (set.has(path)) return true;
    return false;
  }

  /**
   * A file or folder was renamed (the editor says so before its file watcher does): every known
   * file at or under `from` is now under `to`. Returns the site roots affected.
   */
  renamed(from: string, to: string): string[] {
    const created: string[] = [];
    const deleted: string[] = [];
    for (const set of this.files.values()) {
      for (const p of set) {
        if (p !== from && !p.startsWith(from + '/')) continue;
        deleted.push(p);
        created.push(to + p.slice(from.length));
      }
    }
    return deleted.length ? this.filesChanged(created, deleted) : [];
  }

  /** A file's content changed (an edit in the editor, or on disk). Returns its site root. */
  contentChanged(path: string): string | undefined {
    this.generations.set(path, (this.generations.get(path) ?? 0) + 1);
    // The old parse stays as the base of an incremental re-parse of the new text.
    const old = this.pageCache.get(path);
    if (old) this.previousParse.set(path, old);
    this.pageCache.delete(path);
    // A file the site's accepted words came from (cspell, Vale vocabularies), wherever it is: the site reloads.
    const readers = [...this.sites].filter(([, site]) => site.words?.sources.includes(path) || site.vale?.sources.includes(path)).map(([r]) => r);
    for (const r of readers) this.invalidate(r);
    if (readers.length) return readers[0];
    const root = this.rootFor(path);
    if (!root) return undefined;
    const name = basename(path);
    // The site reads its root llms.txt when it loads (the llms-txt rule checks it).
    if (path === join(root, LLMS_TXT_NAME)) {
      this.invalidate(root);
      return root;
    }
    if (isConfigName(name) || name === PROJECT_CONFIG_NAME || name === IGNORE_FILE_NAME || this.isConfigPart(path)) this.invalidate(root);
    else {
      // The index is kept; only this page's parse is replaced when the index is next asked for.
      const stale = this.stalePages.get(root) ?? new Set<string>();
      stale.add(path);
      this.stalePages.set(root, stale);
    }
    return root;
  }

  /** Whether `path` is a file the site's config loads (`"$ref"` parts, OpenAPI, GraphQL and AsyncAPI files): a change to it changes the site. */
  isConfigPart(path: string): boolean {
    const root = this.rootFor(path);
    const site = root !== undefined ? this.sites.get(root) : undefined;
    return (
      site?.config.refs?.has(path) === true ||
      site?.openapi?.files.some((f) => f.path === path) === true ||
      site?.graphql?.files.some((f) => f.path === path) === true ||
      site?.sdk?.files.some((f) => f.path === path || (f.folder && path.startsWith(`${f.path}/`))) === true ||
      site?.asyncapi?.files.some((f) => f.path === path) === true
    );
  }

  /** Whether `text` is the text the project last read for `path` (a page or a config). */
  isCurrent(path: string, text: string): boolean {
    if (this.pageCache.get(path)?.text === text) return true;
    const root = this.rootFor(path);
    const site = root ? this.sites.get(root) : undefined;
    return site?.config.path === path && site.config.text === text;
  }

  /** Forgets the loaded state of a site (its config or its file set changed). */
  invalidate(root: string): void {
    this.sites.delete(root);
    this.indexes.delete(root);
    this.stalePages.delete(root);
    this.siteGenerations.set(root, (this.siteGenerations.get(root) ?? 0) + 1);
  }

  /**
   * The site as loaded now. A load that the site was invalidated during is not kept (it may have
   * read the config before the change): it is done again, as `page` does for a file.
   */
  async site(root: string): Promise<Site | undefined> {
    for (;;) {
      // A folder whose config is gone is no site, even for a load begun before.
      if (!this.siteRoots.includes(root)) return undefined;
      const cached = this.sites.get(root);
      if (cached) return cached;
      const generation = this.siteGenerations.get(root) ?? 0;
      const files: string[] = [];
      // A file of a site nested in this one belongs to that site alone (its innermost).
      for (const set of this.files.values()) for (const p of set) if (relativeInside(root, p) !== undefined && this.rootFor(p) === root) files.push(p);
      // In path order, as a scan lists them: what depends on the order (did-you-mean ties) must not depend on the events' order.
      files.sort();
      const site = await loadSite(this.ws, root, { files, asyncapi: this.asyncapi });
      if ((this.siteGenerations.get(root) ?? 0) !== generation) continue;
      if (site) this.sites.set(root, site);
      return site;
    }
  }

  /** A page parsed from its current text (cached until the file changes). */
  async page(path: string): Promise<PageDocument> {
    for (;;) {
      const cached = this.pageCache.get(path);
      if (cached) return cached;
      const generation = this.generations.get(path) ?? 0;
      const text = (await this.ws.readFile(path)) ?? '';
      // The file changed while it was read: this text is already old, read it again.
      if ((this.generations.get(path) ?? 0) !== generation) continue;
      const previous = this.previousParse.get(path);
      this.previousParse.delete(path);
      const page = previous ? reparsePage(previous, text) : parsePage(path, text);
      this.pageCache.set(path, page);
      return page;
    }
  }

  /** The current text of any file (open buffer or disk), unparsed. */
  async text(path: string): Promise<string | undefined> {
    return this.ws.readFile(path);
  }

  /** The site with all its pages parsed. */
  async index(root: string): Promise<SiteIndex | undefined> {
    if (!this.indexes.has(root)) await this.beforeIndex(root);
    for (;;) {
      // One build per site at a time: a build takes the changed pages off the stale list, so a
      // caller that did not wait for it would get the index without them.
      const running = this.building.get(root);
      if (running) {
        await running.catch(() => undefined);
        continue;
      }
      const generation = this.siteGenerations.get(root) ?? 0;
      const build = this.buildIndex(root)
        .then((index) => {
          // As in `site`: an index built while the site was invalidated is not kept (the caller builds again).
          if (index && (this.siteGenerations.get(root) ?? 0) === generation) this.indexes.set(root, index);
          return index;
        })
        .finally(() => this.building.delete(root));
      this.building.set(root, build);
      const index = await build;
      if ((this.siteGenerations.get(root) ?? 0) !== generation) continue;
      return index;
    }
  }

  private async buildIndex(root: string): Promise<SiteIndex | undefined> {
    let cached = this.indexes.get(root);
    if (cached) {
      const stale = this.stalePages.get(root);
      this.stalePages.delete(root);
      for (const path of stale ?? []) {
        const id = this.pageIdOf(cached.site, path);
        const rel = relativeInside(root, path);
        if (id !== undefined) cached = cached.withPage(id, await this.page(path));
        // The anchors of the pages that render a snippet include its headings.
        else if (rel !== undefined && isSnippetFile(rel) && cached.site.files.has(rel)) cached = cached.withSnippet(rel, await this.page(path));
        // So do the ids of the components they import from code files.
        else if (rel !== undefined && isCodeFile(rel) && cached.site.files.has(rel)) cached = cached.withCode(rel, await this.text(path));
      }
      return cached;
    }
    const site = await this.site(root);
    if (!site) return undefined;
    this.stalePages.delete(root);
    // Read the files concurrently (in batches), parse them one by one.
    const entries = [...site.pages];
    const pages = new Map<string, PageDocument>();
    for (let i = 0; i < entries.length; i += READ_BATCH) {
      const batch = entries.slice(i, i + READ_BATCH);
      const parsed = await Promise.all(batch.map(([, rel]) => this.page(join(root, rel))));
      batch.forEach(([id], k) => pages.set(id, parsed[k]));
    }
    const snippets = new Map<string, PageDocument>();
    for (const rel of site.files) if (isSnippetFile(rel)) snippets.set(rel, await this.page(join(root, rel)));
    // Code files are read as text: pages' anchors include the ids their components write.
    const codeRels = [...site.files].filter(isCodeFile);
    const codes = new Map<string, string | undefined>();
    for (let i = 0; i < codeRels.length; i += READ_BATCH) {
      const batch = codeRels.slice(i, i + READ_BATCH);
      const texts = await Promise.all(batch.map((rel) => this.text(join(root, rel))));
      batch.forEach((rel, k) => codes.set(rel, texts[k]));
    }
    return createSiteIndex(site, pages, { snippets, code: (rel) => codes.get(rel) });
  }

  /** The page id of a file of a site, if it is a page. */
  pageIdOf(site: Site, path: string): string | undefined {
    const rel = relativeInside(site.root, path);
    if (rel === undefined) return undefined;
    const id = pageId(rel);
    return site.pages.get(id) === rel ? id : undefined;
  }

  /** The site's parsed pages (its index) and snippet files: what references are looked up in. */
  async sources(root: string): Promise<SiteSources | undefined> {
    const index = await this.index(root);
    if (!index) return undefined;
    const snippets = new Map<string, PageDocument>();
    for (const rel of index.site.files) if (isSnippetFile(rel)) snippets.set(rel, await this.page(join(root, rel)));
    return { index, snippets };
  }

  /** The findings of one page's content (or of a snippet file's). */
  async checkPage(root: string, path: string, options: CheckOptions = {}): Promise<Finding[]> {
    const index = await this.index(root);
    if (!index) return [];
    const id = this.pageIdOf(index.site, path);
    if (id !== undefined) return checkPage(index, id, options);
    const rel = relativeInside(root, path);
    return rel !== undefined && isSnippetFile(rel) && index.site.files.has(rel) ? checkSnippet(index, rel, await this.page(path), options) : [];
  }

  private updateRoots(): void {
    const all: string[] = [];
    for (const set of this.files.values()) append(all, set);
    const before = this.siteRoots;
    this.siteRoots = findSiteRoots(all);
    // Loads under way count too: a root that is no site any more must not keep what they bring.
    for (const root of new Set([...before, ...this.sites.keys()])) if (!this.siteRoots.includes(root)) this.invalidate(root);
  }
}

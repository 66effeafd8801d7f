// The core as one service, which every host (the language server, the CLI and its dev and MCP
// servers) goes through. A host hands in what only it can give: the workspace (the disk with the
// editor's buffers on top, or memory), the folders that hold sites, and as values the sandbox that
// runs page code, a highlighter with the build's table, the Mermaid check and the spelling dictionary. Nothing is configured
// by module state, so two hosts in one process never configure each other; nothing here reads the
// disk (node/host.ts makes the Node host's services). The one export loop and the one rules-file
// writer, and the one fix-all engine, are reached only from here (scripts/layers.mjs: above the
// facade, only their types).
import { checkIndex, sortedFindings, type CheckOptions, type IndexCheck } from './check';
import { CheckSession, type SessionHost } from './check-session';
import {
  createExportContext,
  exportPages,
  exportSite,
  pageQueue,
  type ExportContext,
  type ExportOptions,
  type ExportPlan,
  type ExportReport,
  type ExportWorkers,
  type ExportWriter,
  type PageOutput,
  type PlannedPage,
  type StaticAssets,
} from './export/export';
import { DevSite, type DevSiteOptions } from './features/dev-site';
import { Editor } from './features/editor';
import { navigationTree, type NavNode } from './features/navigation-tree';
import { SearchIndex } from './export/search';
import { fixFiles, pageFixSource, type FixPolicy, type FixResult, type FixSource } from './features/fix-all';
import { rulesFile, rulesFileNote, type RulesTarget } from './export/rules-file';
import { projectExportSource, readPageTexts, streamingExportSource } from './export/source';
import { scoreExport, scoreTable, type Criterion, type ExportFiles } from './export/score';
import type { MermaidCheck } from './pages/mermaid';
import type { Speller } from './util/speller';
import type { AsyncapiReader } from './asyncapi/schema';
import { Project } from './project';
import type { ComponentRunner } from './render/jsx-module';
import type { Highlighter } from './render/highlight';
import { siteModel, type SourceOptions } from './render/source';
import type { SiteIndex } from './site/site-index';
import { IGNORE_FILE_NAME, loadSite, type Site } from './site/site';
import { untrackedFileUses, untrackedFiles } from './rules/site/file-untracked';
import { gitFindings, type GitReader } from './features/git-checks';
import { scopedFindings, type ScopeInput } from './features/report-scope';
import { newSiteFiles, scaffoldConflicts, siteNameFromFolder, type ScaffoldFile } from './scaffold';
import type { Finding } from './types';
import { basename, join, relativeInside, toPosix } from './util/paths';
import type { Workspace } from './workspace';

export type {
  CopyTransform,
  ExportProblem,
  ExportReport,
  ExportWorkers,
  ExportWriter,
  PageOutput,
  PlannedPage,
  StaticAssets,
  VendorAssets,
} from './export/export';
export { RULES_TARGETS, rulesTarget, type RulesTarget } from './export/rules-file';
export type { CheckDelays, CheckSession, FileChange, FindingCounts, FirstCheck, FirstChecker, SessionHost } from './check-session';
export { CHECK_FIX_POLICY, EDITOR_FIX_POLICY, type FixChoice, type FixPolicy, type FixResult } from './features/fix-all';
export { ExportCancelled, ExportError, normalizeBaseUrl, UnreadableConfigError } from './export/paths';
export { Cancelled, type CancelToken, type Editor, type FileMove, type FileTarget, type OpenConfig, type TextPositions } from './features/editor';
// The core's vocabulary the hosts speak in (types only: the hosts go through the facade for the work).
export type { CheckOptions } from './check';
export type { OutlineSymbol } from './features/page-outline';
export type { NavNode } from './features/navigation-tree';
export type { SearchIndex } from './export/search';
export type { GitReader } from './features/git-checks';
export type { FileModel, ScopeInput } from './features/report-scope';
export type { ScaffoldFile } from './scaffold';
export type { Criterion, ExportFiles } from './export/score';
export type { DevRoute, DevSite } from './features/dev-site';
export type { SeverityOptions } from './rules/severity';
export type { Project } from './project';
export type { Site } from './site/site';
export type { RuleMeta } from './rules/types';
export type { MigrationNote } from './config/migrate';
// Facts the hosts print or name (no behaviour): the order findings are listed in, the rules' metadata
// (SARIF, MCP, help), the rules only the CLI runs, the site's file names, the component catalogue.
export { compareFindings } from './check';
export { ALL_RULES } from './rules/index';
export { GIT_RULES } from './features/git-checks';
export { FILE_UNTRACKED } from './rules/site/file-untracked';
export { CONFIG_FILE_NAME, CONFIG_NAMES, isConfigName } from './config/files';
export { IGNORE_FILE_NAME, LLMS_TXT_NAME, isPageFile } from './site/site';
export { COMPONENTS } from './components/catalog';
// The policy of a site's own .html files wherever they are served (the export's server headers, `docwright dev`).
export { SITE_HTML_CSP } from './export/document';
// Where any host may write in a site (a table of file kinds and names), the one policy of every write.
export { moveRefusal, writeRefusal } from './site/write-policy';
// Where a path goes when a file or folder moves (path arithmetic, the editor's moves use it too).
export { movedPath } from './features/move';
// Which files `docwright format` and Format Document read.
export { isFormattable } from './features/format';
// The baseline file's format (pure: findings and texts in, the file's text or its matches out), the
// one the check session marks baselined findings with.
export {
  BASELINE_FILE_NAME,
  createBaseline,
  matchBaseline,
  parseBaseline,
  writeBaseline,
  type Baseline,
  type BaselineEntry,
  type BaselineMatch,
} from './features/baseline';

export interface DocwrightServices {
  workspace: Workspace;
  /** The workspace folders, in which sites are found. */
  folders: readonly string[];
  /** Runs page code (`.jsx` components): only where it may run (the CLI, a trusted workspace). */
  components?: ComponentRunner;
  /** Highlights code blocks (without one: plainHighlighter, the same output, slower to start). */
  highlighter?: Highlighter;
  /** Checks Mermaid diagrams (without one: diagrams are not checked). */
  mermaid?: MermaidCheck;
  /** The spelling dictionary (without one: spelling is not checked). */
  speller?: Speller;
  /** Reads AsyncAPI files (without one: they are not read, and their pages not generated). */
  asyncapi?: AsyncapiReader;
  /** Awaited before a site's pages are parsed for an index (see Project). */
  beforeIndex?: (root: string) => Promise<void>;
}

/** A site checked on the calling thread (checkIndex), with the index it read. */
export interface SiteCheck extends IndexCheck {
  index: SiteIndex;
}

/** How a host exports a site (`Docwright.export`); the policies that differ between hosts are named here. */
export interface SiteExportOptions {
  /** Absolute URL the site will be served from (normalised, ends with `/`): sitemap, canonical links. */
  baseUrl?: string;
  /** Docwright's styles and scripts, as the host reads them. */
  assets: StaticAssets;
  /** Whether page code runs (the host's sandbox): the CLI, or the editor in a trusted workspace. */
  trusted: boolean;
  /**
   * Where the pages come from. 'project': the project's parsed pages (the editor: the pages as it
   * has them, unsaved edits included). 'stream': their texts read once, each page parsed when it is
   * written and then dropped (the CLI: memory stays flat however large the site, and worker
   * threads take the texts instead of reading the disk again).
   */
  pages: 'project' | 'stream';
  /** Threads in all for a site of this many pages (default 1); more than one needs `workers` and 'stream'. */
  threads?(pages: number): number;
  /** Starts the worker threads (node/export-workers.ts, writing where `writer` writes). */
  workers?(job: ExportWorkerJob): ExportWorkers;
  /** Checked between pages: true stops the export (ExportCancelled). */
  cancelled?(): boolean;
  /** Called after each page, from any thread. */
  progress?(done: number, total: number, page: string): void;
  /** Called after each page the calling thread exported, with the number of threads (the CLI bounds its heap). */
  afterPage?(threads: number): void;
  /** Called as each step ends (DOCWRIGHT_EXPORT_TIMINGS). */
  mark?(step: string): void;
}

/** What an export worker thread is handed to take its share of the pages (`Docwright.exportShare`). */
export interface ExportShare {
  root: string;
  /** Absolute paths of the site's files, as the main thread listed them. */
  files: string[];
  /** Site-relative page file -> text, and -> front matter data (no second read of the disk). */
  texts: ReadonlyMap<string, string>;
  frontMatter: Map<string, Record<string, unknown>>;
  baseUrl?: string;
  trusted: boolean;
  /** The main thread's component budget, shared: which pages run their components does not depend on the threads. */
  components?: SharedArrayBuffer;
}

/** What starts the workers of an export: the share, the page ids of the queue, how many, and where their pages go. */
export interface ExportWorkerJob extends ExportShare {
  /** The plan's page ids: the threads take them from one queue. */
  ids: string[];
  workers: number;
  /** Called for each page a worker exported; throwing (on cancellation) stops every worker. */
  onPage(output: PageOutput): void;
}

/** The editor rules file of a site, for the host to write. */
export interface SiteRulesFile {
  /** The folder the file's path starts from: the site folder, or the repository for Copilot. */
  folder: string;
  /** The file's path under `folder` (RULES_TARGETS). */
  path: string;
  content: string;
  siteName: string;
  /** Why the user may want to change something (a rules file the format would publish as a page). */
  note?: string;
}

/** How a host runs fix all (`Docwright.fixAll`): the policy, and what only some hosts name. */
export interface SiteFixOptions {
  policy: FixPolicy;
  /** One page (absolute path), checked alone on the site's index each round (the editor, the MCP server). Without it: the whole site. */
  page?: string;
  /** The options of each round's check (the editor's severities and error hook). */
  check?: CheckOptions;
  /**
   * How a round checks the whole site: over `round`, a Docwright whose workspace has the fixed texts
   * on top of this one's. Default: `round.checkSite` on this thread; the CLI runs its threaded check.
   */
  checkSite?(round: Docwright, root: string): Promise<Finding[] | undefined>;
}

/** `base` with the texts of `overlay` standing for the files' (the fixed texts of a fix-all round). */
function overlayWorkspace(base: Workspace, overlay: ReadonlyMap<string, string>): Workspace {
  return {
    readFile: async (path) => overlay.get(path) ?? (await base.readFile(path)),
    listFiles: (root) => base.listFiles(root),
    kindOf: (path) => base.kindOf(path),
  };
}

/** The site-wide files need Docwright's own files; the pages alone do not. */
const NO_ASSETS: StaticAssets = { css: '', js: '', searchJs: '', miniSearchJs: '', playgroundJs: '' };

export class Docwright {
  readonly project: Project;
  /** The editor features (completion, hover, definition, references, moves, format, preview...), over this project. */
  readonly editor: Editor;

  constructor(private readonly services: DocwrightServices) {
    this.project = new Project(services.workspace, [...services.folders], services.beforeIndex, services.asyncapi);
    this.editor = new Editor(this.project);
  }

  /** The files, as the host reads them. */
  get workspace(): Workspace {
    return this.services.workspace;
  }

  /** The options of every check: the host's Mermaid check and speller, with the caller's severities and error hook. */
  checkOptions(options: CheckOptions = {}): CheckOptions {
    return { mermaid: this.services.mermaid, speller: this.services.speller, ...options };
  }

  /** The options of every render: the host's highlighter, and its sandbox when page code may run. */
  renderOptions(trusted: boolean): SourceOptions {
    return { components: trusted ? this.services.components : undefined, highlighter: this.services.highlighter };
  }

  /**
   * Checks the site at `root` on this thread: its site rules, then each page and snippet that `keep`
   * lets through (the server leaves out a page edited since the check began). Undefined when no site
   * is there. The whole-site check on worker threads (node/host.ts) gives the same findings.
   */
  async checkSite(root: string, options: CheckOptions = {}, keep: (path: string) => boolean = () => true): Promise<SiteCheck | undefined> {
    const sources = await this.project.sources(root);
    if (!sources) return undefined;
    return { index: sources.index, ...checkIndex(sources.index, this.checkOptions(options), sources.snippets, keep) };
  }

  /** Every finding of the site at `root` (Docwright.checkSite), sorted; none when no site is there. */
  async siteFindings(root: string, options: CheckOptions = {}): Promise<Finding[]> {
    const checked = await this.checkSite(root, options);
    return checked ? sortedFindings(checked) : [];
  }

  /**
   * The check session of a host that shows findings live as files change (the language server,
   * `docwright dev`): one policy of what is checked when. `ready` is the host's scan of its folders.
   */
  session(host: SessionHost, ready?: Promise<void>): CheckSession {
    return new CheckSession(this, host, ready);
  }

  /**
   * The site at `root` served as its export would be (`docwright dev`): each address's page rendered
   * as the export renders it, by `renderPage` where the host gives one (its worker thread).
   */
  devSite(root: string, o: Omit<DevSiteOptions, keyof SourceOptions>): DevSite {
    return new DevSite(this.project, root, { ...o, ...this.renderOptions(true) });
  }

  /** The findings of one page's content (or of a snippet file's), on the site's current index. */
  checkPage(root: string, path: string, options: CheckOptions = {}): Promise<Finding[]> {
    return this.project.checkPage(root, path, this.checkOptions(options));
  }

  /**
   * Fix all on the site at `root` (or one page of it), with the one engine (features/fix-all.ts
   * fixFiles) under the host's policy. Returns the new texts for the host to write; undefined when
   * `o.page` is no page of a site there.
   */
  async fixAll(root: string, o: SiteFixOptions): Promise<FixResult | undefined> {
    if (o.page !== undefined) {
      const index = await this.project.index(root);
      const id = index ? this.project.pageIdOf(index.site, o.page) : undefined;
      const source = index && id !== undefined ? pageFixSource(index, id, this.checkOptions(o.check)) : undefined;
      return source && fixFiles(source, o.policy);
    }
    const source: FixSource = {
      read: (path) => this.workspace.readFile(path),
      check: async (overlay) => {
        // Each round reads the site afresh, through a Docwright with the fixed texts on top of this one's files.
        const round = new Docwright({ ...this.services, workspace: overlayWorkspace(this.workspace, overlay), beforeIndex: undefined });
        await round.project.scan();
        if (o.checkSite) return o.checkSite(round, root);
        const checked = await round.checkSite(root, o.check);
        return checked && [...checked.site, ...[...checked.files.values()].flat()];
      },
    };
    return fixFiles(source, o.policy);
  }

  /**
   * Exports the site at `root` through `writer` (the host's: the folder writer of node/export-disk.ts
   * for the CLI and the editor), every host with the same loop (export/export.ts exportSite).
   * Undefined when no site is there.
   */
  async export(root: string, writer: ExportWriter, o: SiteExportOptions): Promise<ExportReport | undefined> {
    const options: ExportOptions = { baseUrl: o.baseUrl, assets: o.assets, cancelled: o.cancelled, progress: o.progress };
    if (o.pages === 'project') {
      const source = await projectExportSource(this.project, root, this.renderOptions(o.trusted));
      return source && exportSite(source, writer, options, { afterPage: () => o.afterPage?.(1), mark: o.mark });
    }
    const site = await this.project.site(root);
    if (!site) return undefined;
    const read = (rel: string) => this.workspace.readFile(join(root, rel));
    const texts = await readPageTexts(site, read);
    o.mark?.('pages read');
    const source = streamingExportSource(site, texts, read, undefined, this.renderOptions(o.trusted));
    let threads = 1;
    const workers = (ctx: ExportContext, onPage: (output: PageOutput) => void) => {
      const ids = ctx.plan.pages.map((p) => p.id);
      threads = o.workers ? Math.min(o.threads?.(ids.length) ?? 1, Math.max(1, ids.length)) : 1;
      if (threads <= 1 || !o.workers) return undefined;
      return o.workers({
        root,
        files: [...site.files].map((rel) => join(root, rel)),
        texts,
        frontMatter: new Map([...texts.keys()].map((rel) => [rel, source.head(rel)?.frontmatter.data ?? {}])),
        baseUrl: o.baseUrl,
        trusted: o.trusted,
        components: ctx.components.share(),
        ids,
        workers: threads - 1,
        onPage,
      });
    };
    return exportSite(source, writer, options, { workers, afterPage: () => o.afterPage?.(threads), mark: o.mark });
  }

  /** An export worker thread's share of the pages: the site the main thread read, the same page loop over the shared queue. */
  async exportShare(
    share: ExportShare,
    writer: ExportWriter,
    queue: (ids: readonly string[]) => () => string | undefined,
    onPage: (output: PageOutput) => void,
  ): Promise<void> {
    const site = await loadSite(this.workspace, share.root, { files: share.files, asyncapi: this.services.asyncapi });
    if (!site) throw new Error(`No site in ${share.root}.`);
    const read = (rel: string) => this.workspace.readFile(join(share.root, rel));
    const source = streamingExportSource(site, share.texts, read, share.frontMatter, this.renderOptions(share.trusted));
    const ctx = createExportContext(source, { baseUrl: share.baseUrl, assets: NO_ASSETS, sharedComponents: share.components });
    await exportPages(ctx, writer, queue(ctx.plan.pages.map((p) => p.id)), onPage);
  }

  /**
   * Pages of the site at `root` as the export writes them, without the site-wide files: those of
   * `ids` (default: every page, in the plan's order), each output handed to `got` (the MCP server's
   * Markdown copies and search). The export's plan; undefined when no site is there.
   */
  async exportPagesOnly(
    root: string,
    writer: ExportWriter,
    o: { trusted: boolean; ids?: readonly string[]; got(output: PageOutput, page: PlannedPage): void },
  ): Promise<ExportPlan | undefined> {
    const source = await projectExportSource(this.project, root, this.renderOptions(o.trusted));
    if (!source) return undefined;
    const ctx = createExportContext(source, { assets: NO_ASSETS });
    await exportPages(ctx, writer, pageQueue(o.ids ?? ctx.plan.pages.map((p) => p.id)), o.got);
    return ctx.plan;
  }

  /** The navigation of the site at `root` as a plain tree; undefined when no site is there. */
  async navigation(root: string): Promise<{ name: string; groups: NavNode[] } | undefined> {
    const site = await this.project.site(root);
    return site && navigationTree(site);
  }

  /** The export's search index over every page of the site at `root` (the same MiniSearch index); undefined when no site is there. */
  async searchIndex(root: string, trusted: boolean): Promise<SearchIndex | undefined> {
    const index = new SearchIndex();
    const drop: ExportWriter = { write: async () => undefined, copy: async () => undefined };
    const plan = await this.exportPagesOnly(root, drop, {
      trusted,
      got: (output, page) => output.search && index.add({ ...output.search, url: page.rel }),
    });
    return plan && index;
  }

  /**
   * The file-untracked findings of `site` from what git said (the host asks git: `tracked`, site-relative,
   * and which of the untracked files the site uses it ignores). `texts`: the pages, snippets and code
   * files the check read.
   */
  static async untrackedFindings(
    site: Site,
    texts: ReadonlyMap<string, string>,
    git: { tracked: ReadonlySet<string>; ignored(paths: readonly string[]): Promise<Set<string>> },
  ): Promise<Finding[]> {
    const uses = untrackedFileUses(site, texts, untrackedFiles(site, git.tracked));
    if (uses.files.length === 0) return [];
    return uses.findings(await git.ignored(uses.files));
  }

  /** The git-aware findings of `site` (`check --base`) from what the host read of git. */
  static gitFindings(site: Site, git: GitReader): Promise<Finding[]> {
    return gitFindings(site, git);
  }

  /**
   * The findings a scoped check reports (`check <paths>`, `--changed-since`): those of the changed
   * files and of the files whose findings they change.
   */
  static scopedFindings(input: ScopeInput): Finding[] {
    return scopedFindings(input).findings;
  }

  /**
   * The files of a new site (`docwright init`), named `name` or after its folder, and those of them
   * that `existing` (the folder's entries) already has: init writes nothing then.
   */
  static newSite(name: string | undefined, folderName: string, existing: Iterable<string>): { files: ScaffoldFile[]; conflicts: string[] } {
    const files = newSiteFiles(name ?? siteNameFromFolder(folderName));
    return { files, conflicts: scaffoldConflicts(existing, files) };
  }

  /** The agent-readiness report of an exported site (`docwright score`), read through `files`. */
  static score(files: ExportFiles): Promise<Criterion[]> {
    return scoreExport(files);
  }

  /** The report as the table the CLI prints. */
  static scoreTable(report: Criterion[]): string {
    return scoreTable(report);
  }

  /**
   * The editor rules file of the site at `root` for `target`, and where it goes; undefined when no
   * site is there. `repository` is the repository folder holding the site, if any (the host finds it):
   * Copilot reads its instructions at the repository root only; the other files sit in the site folder.
   */
  async rulesFile(root: string, target: RulesTarget, repository: string | undefined): Promise<SiteRulesFile | undefined> {
    const index = await this.project.index(root);
    if (!index) return undefined;
    const folder = target === 'copilot' ? toPosix(repository ?? root) : root;
    const model = siteModel(index.site);
    const siteFolder = relativeInside(folder, root) ?? '';
    const file = rulesFile(
      { model, pages: index.pages, configName: basename(index.site.config.path), siteFolder, projectRules: index.site.projectRules },
      target,
    );
    const note = rulesFileNote(file, folder === root, await this.workspace.readFile(join(root, IGNORE_FILE_NAME)));
    return { folder, path: file.path, content: file.content, siteName: model.name, note };
  }
}

export function createDocwright(services: DocwrightServices): Docwright {
  return new Docwright(services);
}

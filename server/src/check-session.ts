// One check session: what keeps a workspace's findings current as its files change, for every host
// that shows them live (the language server, `docwright dev`). It holds the texts the host has open,
// runs each site's first check (on worker threads when the host gives a FirstChecker), checks an
// open page at once while that check runs (features/early-findings.ts), then a changed page alone
// and its site when what other pages read of the page changed, and hands each file's findings to the
// host. Which check runs when is the schedule's (features/check-schedule.ts); the host gives the
// clock, so tests drive it by hand. No protocol and no disk here.
import { checkPage, checkSnippet, type CheckOptions, type IndexCheck } from './check';
import { CheckSchedule, type CheckDelays, type Timers } from './features/check-schedule';
import { earlyPageFindings, signature } from './features/early-findings';
import { baselinedFindings, BASELINE_FILE_NAME, parseBaseline, type Baseline } from './features/baseline';
import { CheckStatus, Diagnostics, type CheckStatusParams } from './features/session-findings';
import { isConfigName } from './config/files';
import type { Project } from './project';
import type { Site } from './site/site';
import type { SiteIndex } from './site/site-index';
import { isSnippetFile } from './site/imports';
import type { Finding, Severity } from './types';
import { isMarkdownFile } from './util/page-files';
import { describeError } from './util/errors';
import { basename, join, relativeInside } from './util/paths';
import type { Workspace } from './workspace';

export type { CheckDelays, Timers } from './features/check-schedule';
export type { CheckStatusParams } from './features/session-findings';

/** What a session uses of the facade (Docwright hands itself in). */
export interface SessionCore {
  readonly project: Project;
  readonly workspace: Workspace;
  checkOptions(options?: CheckOptions): CheckOptions;
  checkSite(root: string, options?: CheckOptions, keep?: (path: string) => boolean): Promise<(IndexCheck & { index: SiteIndex }) | undefined>;
}

/** A site's first check, as the host's FirstChecker gives it. */
export interface FirstCheck {
  site: Site;
  /** The site rules' findings (any file) and each page's or snippet's, by absolute path. */
  siteFindings: Finding[];
  fileFindings: Map<string, Finding[]>;
  /** The hash (FirstChecker.hash) of the text each page and snippet had, by absolute path: opening it unchanged needs no check. */
  checkedTexts: Map<string, string>;
}

/** The whole site's first check off this thread (node/first-check.ts: worker threads and the check cache). */
export interface FirstChecker {
  check(root: string, onProgress: (done: number, total: number) => void): Promise<FirstCheck | undefined>;
  /** The hash of a text as `checkedTexts` holds it. */
  hash(text: string): string;
}

/** What a host gives its session. */
export interface SessionHost {
  timers: Timers;
  delays: CheckDelays;
  /** Without one, the first check runs on this thread like any other. */
  firstCheck?: FirstChecker;
  /**
   * Whether the host's watcher reports files written before the host started (an editor's client):
   * then, during a site's first check, a known file's change waits for its end and counts only if its
   * text is not the one that check read. False: every change counts at once (`docwright dev`).
   */
  lateDiskEvents: boolean;
  /** A file's findings, its whole list (an empty one clears it), and which of them the site's baseline holds. */
  publish(path: string, findings: Finding[], baselined: ReadonlySet<Finding>): void;
  /** How far the first checks are. */
  status?(params: CheckStatusParams): void;
  /** A site's findings changed (a file's, when given). */
  siteChanged?(root: string, path?: string): void;
  /** The severities and error hook of every check (the facade adds the host's services). */
  checkOptions(): CheckOptions;
  log(message: string): void;
  trace?(what: string): void;
}

/** A file the host shows: its text when the host holds one (an editor's buffer), else the disk's. */
interface Shown {
  text?: string;
  version?: number;
}

/** A file changed on disk (a watcher's event). */
export interface FileChange {
  path: string;
  deleted: boolean;
}

export type FindingCounts = Record<Severity, number>;

const isConfigPath = (p: string) => isConfigName(basename(p));

export class CheckSession {
  private readonly schedule: CheckSchedule;
  private readonly findings: Diagnostics;
  private readonly progress: CheckStatus;
  private readonly shown = new Map<string, Shown>();
  /** The `signature` of each page at its last check, to know when other pages need a re-check. */
  private readonly structure = new Map<string, string>();
  /** Config path -> the text the last completed check of its site read. */
  private readonly checkedConfig = new Map<string, string>();
  /** Path -> hash of the text the first check read, until the file changes. */
  private readonly firstTexts = new Map<string, string>();
  /** The last early check per shown page (running or done), and the entry (a reopened page is another) and version it checks. */
  private readonly early = new Map<string, { entry: Shown; version: number | undefined; done: Promise<void> }>();
  /** File-set changes, applied one after another, each from the disk as it is then. */
  private fileQueue: Promise<void> = Promise.resolve();
  /** Each site's baseline (`.docwright-baseline.json`), read at its site checks; and the findings it holds. */
  private readonly baselines = new Map<string, Baseline | undefined>();
  private readonly baselined = new WeakSet<Finding>();

  /** `ready`: the host's scan of its folders (every change waits for it). */
  constructor(
    private readonly docwright: SessionCore,
    private readonly host: SessionHost,
    readonly ready: Promise<void> = Promise.resolve(),
  ) {
    this.findings = new Diagnostics((p, list) => host.publish(p, list, new Set(list.filter((f) => this.baselined.has(f)))));
    this.progress = new CheckStatus((params) => host.status?.(params), this.trace);
    this.schedule = new CheckSchedule({
      timers: host.timers,
      delays: host.delays,
      checks: { site: (root) => this.site(root), page: (root, p) => this.page(root, p) },
      versionOf: (p) => this.shown.get(p)?.version,
      failed: (key, e) => host.log(`Docwright: ${key} failed: ${describeError(e)}`),
    });
  }

  private get project() {
    return this.docwright.project;
  }

  private readonly trace = (what: string) => this.host.trace?.(what);

  private options(): CheckOptions {
    return this.docwright.checkOptions(this.host.checkOptions());
  }

  /** The text of a file the host holds open, if it holds one (the workspace reads it before the disk). */
  textOf(p: string): string | undefined {
    return this.shown.get(p)?.text;
  }

  /** Runs `work` counted as busy: `idle()` waits for it. */
  track<T>(work: () => Promise<T>): Promise<T> {
    return this.schedule.track(work);
  }

  /** Resolves once no check runs and none is pending. */
  idle(): Promise<void> {
    return this.schedule.idle();
  }

  /**
   * What the project awaits before it parses a whole site (its `beforeIndex`): the end of the site's
   * first check when worker threads run it (parsing beside them only slows both); at once when the
   * first check is the on-thread one, which needs that index itself.
   */
  beforeIndex(root: string): Promise<void> {
    return this.host.firstCheck ? this.schedule.afterFirstCheck(root) : Promise.resolve();
  }

  /** A file's findings: its site's findings about it, then its own. */
  findingsOf(p: string): Finding[] {
    return this.findings.of(p, this.project.rootFor(p));
  }

  /** The findings of a site's files, by severity. */
  counts(root: string): FindingCounts {
    const counts: FindingCounts = { error: 0, warning: 0, information: 0, hint: 0 };
    for (const p of this.findings.shownIn(root)) for (const f of this.findingsOf(p)) counts[f.severity]++;
    return counts;
  }

  /**
   * The sites' first checks: due from now (a page opened meanwhile waits for them, and the status
   * says "checking"), begun once `settings` (what they run with) are known, however late.
   */
  start(settings: Promise<unknown> = Promise.resolve()): Promise<void> {
    return this.track(async () => {
      await this.ready;
      const roots = [...this.project.roots];
      for (const root of roots) {
        this.schedule.expectFirstCheck(root);
        this.progress.expect(root, this.schedule.firstCheckEnded(root));
      }
      this.progress.send();
      // Read before the first checks publish, so that publishing them waits for nothing.
      await Promise.all(roots.map((root) => this.readBaseline(root)));
      await settings;
      // A site gone meanwhile is checked too: its due check ends (with nothing to publish).
      for (const root of new Set([...roots, ...this.project.roots])) this.schedule.checkSite(root, 0);
    });
  }

  /** What every check runs with changed (the settings): every site is checked again. */
  recheckAll(): void {
    for (const root of this.project.roots) this.schedule.checkSite(root, 0);
  }

  /** Every site of the folders (listed again) checked now; resolves with their findings shown. */
  async checkAllNow(): Promise<void> {
    await this.ready;
    const before = [...this.project.roots];
    await this.project.scan();
    for (const root of new Set([...before, ...this.project.roots])) await this.schedule.checkSiteNow(root);
  }

  /** The host holds `text` for the file (opened or edited in the editor). */
  changed(p: string, text: string, version?: number): Promise<void> {
    const entry = this.shown.get(p) ?? {};
    entry.text = text;
    entry.version = version;
    this.shown.set(p, entry);
    return this.track(async () => {
      await this.ready;
      // Opening a file whose text was already checked changes nothing. For a config, "checked" is
      // what the last site check read: a load still under way may already hold this text without any
      // check having used it, and skipping then would leave its findings unpublished.
      const current = isConfigPath(p) ? this.checkedConfig.get(p) === text : this.project.isCurrent(p, text) || this.firstRead(p, text);
      if (!current) this.contentChanged(p);
    });
  }

  /** The host no longer holds a text for the file: it is the disk's again. */
  closed(p: string): Promise<void> {
    this.shown.delete(p);
    return this.track(async () => {
      await this.ready;
      this.contentChanged(p);
    });
  }

  /**
   * The host shows the page's findings (a dev server's tab) with the disk's text: while its site's
   * first check runs, it is checked at once on its own. Resolves once that check has published.
   */
  async show(p: string): Promise<void> {
    if (!this.shown.has(p)) this.shown.set(p, {});
    await this.ready;
    const root = this.project.rootFor(p);
    if (root !== undefined && isMarkdownFile(p) && !this.schedule.firstCheckEnded(root)) await this.track(() => this.pageAlone(root, p));
  }

  /** The host no longer shows the page (a text it holds stays). */
  hide(p: string): void {
    if (this.shown.get(p)?.text === undefined) this.shown.delete(p);
  }

  /** Files changed on disk: created and deleted paths (files or folders, any order) are listed again; the others' texts read again. */
  filesChanged(changes: readonly FileChange[]): Promise<void> {
    return this.track(async () => {
      await this.ready;
      const named: string[] = [];
      const later: string[] = [];
      for (const change of changes) {
        const p = change.path;
        // A known file reported created was re-written (or written before it was listed): its content may have changed.
        if (change.deleted || !this.project.hasFile(p)) named.push(p);
        else if (this.textOf(p) !== undefined) continue;
        else if (this.host.lateDiskEvents && this.firstCheckRunning(p)) later.push(p);
        else this.contentChanged(p);
      }
      if (named.length) await this.filesAt(named);
      void this.track(() => Promise.all(later.map((p) => this.diskChanged(p))));
    });
  }

  /** Files moved (known at once from the editor, before or after the watcher reports it). */
  renamed(moves: readonly { from: string; to: string }[]): Promise<void> {
    return this.track(async () => {
      await this.ready;
      const affected = new Set<string>();
      for (const m of moves) for (const root of this.project.renamed(m.from, m.to)) affected.add(root);
      for (const root of affected) this.schedule.checkSite(root);
      await this.filesAt(moves.flatMap((m) => [m.from, m.to]));
    });
  }

  private contentChanged(p: string): void {
    this.baselineChanged(p);
    this.schedule.edited(p);
    this.firstTexts.delete(p);
    const part = this.project.isConfigPart(p);
    const root = this.project.contentChanged(p);
    if (!root) return;
    // A page's text is checked alone; any other file (config, `$ref` part, OpenAPI, .mintignore, llms.txt, ...) may change the whole site.
    if (isMarkdownFile(p) && !part) this.schedule.checkPage(root, p);
    else this.schedule.checkSite(root);
  }

  private firstRead(p: string, text: string): boolean {
    const hash = this.firstTexts.get(p);
    return hash !== undefined && this.host.firstCheck !== undefined && hash === this.host.firstCheck.hash(text);
  }

  private firstCheckRunning(p: string): boolean {
    const root = this.project.rootFor(p);
    return root !== undefined && this.schedule.firstCheckBegun(root) && !this.schedule.firstCheckEnded(root);
  }

  /**
   * A known file changed on disk while its site's first check runs. Such events come late and in bulk
   * (files written just before the host started): a page or config whose text is the one that check
   * read changes nothing; any other waits for the check's end, then counts as changed.
   */
  private async diskChanged(p: string): Promise<void> {
    const root = this.project.rootFor(p);
    if (root) await this.schedule.afterFirstCheck(root);
    if (this.textOf(p) !== undefined) return;
    if (isConfigPath(p) || isMarkdownFile(p)) {
      const text = await this.docwright.workspace.readFile(p).catch(() => undefined);
      // A cached parse is not a check: only what a check read counts.
      if (text !== undefined && (isConfigPath(p) ? this.checkedConfig.get(p) === text : this.firstRead(p, text))) return;
    }
    this.contentChanged(p);
  }

  private filesAt(paths: string[]): Promise<void> {
    for (const p of paths) this.baselineChanged(p);
    this.fileQueue = this.fileQueue.then(async () => {
      const before = new Set(this.project.roots);
      try {
        for (const root of await this.project.reconcile(paths)) this.schedule.checkSite(root);
      } catch (e) {
        this.host.log(`Docwright: reading changed files failed: ${describeError(e)}`);
      }
      // New sites, and sites whose config was deleted (their findings are cleared).
      for (const root of this.project.roots) {
        if (before.has(root)) continue;
        await this.readBaseline(root);
        this.schedule.checkSite(root);
      }
      for (const root of before) if (!this.project.roots.includes(root)) this.schedule.checkSite(root, 0);
    });
    return this.fileQueue;
  }

  /** Everything of one site: config, files and every page. */
  private async site(root: string): Promise<void> {
    // Asked for while the site's first check runs: wait for its result rather than parse the site beside it.
    await this.schedule.whileFirstCheckRuns(root);
    const run = this.schedule.beginSite(root);
    this.trace(`site check of ${root} starts`);
    const first = await this.firstCheck(root, run.current);
    if (first === 'superseded') return;
    if (first) {
      const before = new Set(this.findings.shownIn(root));
      this.checkedConfig.set(first.site.config.path, first.site.config.text);
      this.findings.setSite(root, first.siteFindings);
      const paths = new Set(first.siteFindings.map((f) => f.path));
      // A file changed since the check began keeps its findings only if its text is the one checked (opened, not edited).
      const hash = (text: string) => this.host.firstCheck!.hash(text);
      const unchanged = (p: string) => run.unchanged(p) || first.checkedTexts.get(p) === hash(this.textOf(p) ?? '\0');
      for (const [p, list] of first.fileFindings) {
        if (!unchanged(p)) continue;
        this.findings.setFile(p, list);
        paths.add(p);
      }
      const marking = this.mark(root, paths);
      if (marking) await marking;
      for (const p of new Set([...before, ...paths])) this.findings.publish(p, root);
      for (const [p, h] of first.checkedTexts) if (unchanged(p)) this.firstTexts.set(p, h);
      this.published(root);
      return;
    }
    // Pages and snippet files (their MDX must compile too); a page edited since this check began has
    // (or will have) its own, newer page check.
    const work = () => this.docwright.checkSite(root, this.host.checkOptions(), (p) => run.unchanged(p));
    // Without a FirstChecker the first check is this one, on this thread: what waits for the first check waits for it.
    const checked = await ((this.host.firstCheck ? undefined : this.schedule.firstCheck(root, work)) ?? work());
    if (!run.current()) return; // A newer check of this site is under way.
    const before = new Set(this.findings.shownIn(root));
    if (!checked) {
      this.findings.deleteSite(root);
      for (const p of before) {
        this.findings.deleteFile(p);
        this.findings.publish(p, root);
      }
      this.progress.sitePublished(root);
      return;
    }
    const site = checked.index.site;
    this.checkedConfig.set(site.config.path, site.config.text);
    this.findings.setSite(root, checked.site);
    const paths = new Set<string>(checked.site.map((f) => f.path));
    for (const [p, list] of checked.files) {
      this.findings.setFile(p, list);
      this.structure.set(p, signature(checked.parsed.get(p)!));
      paths.add(p);
    }
    // Files that are no page or snippet of the site any more (deleted, renamed, ignored) keep nothing.
    const files = new Set([...checked.index.pages.values()].map((page) => page.path));
    for (const rel of site.files) if (isSnippetFile(rel)) files.add(join(root, rel));
    for (const p of before) {
      if (files.has(p)) continue;
      this.findings.deleteFile(p);
      this.structure.delete(p);
    }
    const marking = this.mark(root, paths);
    if (marking) await marking;
    for (const p of new Set([...before, ...paths])) this.findings.publish(p, root);
    this.published(root);
  }

  private async readBaseline(root: string): Promise<void> {
    const text = await this.docwright.workspace.readFile(join(root, BASELINE_FILE_NAME)).catch(() => undefined);
    const parsed = text === undefined ? undefined : parseBaseline(text);
    if (parsed && 'error' in parsed) this.host.log(`Docwright: the baseline ${join(root, BASELINE_FILE_NAME)} cannot be used: ${parsed.error}`);
    this.baselines.set(root, parsed && 'baseline' in parsed ? parsed.baseline : undefined);
  }

  /** A site's baseline file (or a folder holding it) changed: it is read again (the site's check it causes marks with it). */
  private baselineChanged(p: string): void {
    for (const root of this.project.roots) {
      const file = join(root, BASELINE_FILE_NAME);
      if (p === file || relativeInside(p, file) !== undefined) void this.track(() => this.readBaseline(root));
    }
  }

  /**
   * Marks the findings of `paths` the site's baseline holds (the texts of their files read now).
   * Undefined, at once, without a baseline: publishing then waits for nothing, as it always did.
   */
  private mark(root: string, paths: Iterable<string>): Promise<void> | undefined {
    const baseline = this.baselines.get(root);
    return baseline && this.markWith(root, baseline, paths);
  }

  private async markWith(root: string, baseline: Baseline, paths: Iterable<string>): Promise<void> {
    const files = [...new Set(paths)];
    const texts = new Map<string, string | undefined>();
    await Promise.all(
      files.map(async (p) => texts.set(relativeInside(root, p) ?? p, this.textOf(p) ?? (await this.docwright.workspace.readFile(p).catch(() => undefined)))),
    );
    const findings = files.flatMap((p) => this.findings.of(p, root));
    for (const f of baselinedFindings(findings, baseline, root, (file) => texts.get(file))) this.baselined.add(f);
  }

  private published(root: string): void {
    this.progress.sitePublished(root);
    this.host.siteChanged?.(root);
  }

  /**
   * The site's first check through the host's FirstChecker, if it has one and this is the first:
   * its result; 'superseded' when a newer check began meanwhile; undefined to check on this thread.
   */
  private async firstCheck(root: string, current: () => boolean): Promise<FirstCheck | 'superseded' | undefined> {
    const checker = this.host.firstCheck;
    if (!checker) return undefined;
    const progress = (done: number, total: number) => this.progress.counted(root, done, total, this.schedule.firstCheckEnded(root));
    const running = this.schedule.firstCheck(root, () => {
      progress(0, 0);
      // Pages shown before the site was known (or before its check began) are checked alone at once too.
      for (const [p] of this.shown) if (isMarkdownFile(p) && this.project.rootFor(p) === root) void this.track(() => this.pageAlone(root, p));
      return checker.check(root, progress).catch((e: unknown) => void this.host.log(`Docwright: the first check of ${root} failed: ${describeError(e)}`));
    });
    if (!running) return undefined;
    const first = await running;
    if (!current()) {
      this.trace(`first check of ${root} superseded: not published`);
      return 'superseded';
    }
    return first ?? undefined;
  }

  /**
   * A shown page while its site's first check runs: at once, on this thread, its findings that need
   * no more than a few other files parsed (earlyPageFindings); the rest wait for the first check.
   * Published even when there are none, so that every client hears that the page was checked.
   */
  private pageAlone(root: string, p: string): Promise<void> {
    const entry = this.shown.get(p);
    const last = this.early.get(p);
    // Shown before the first check began, the page is checked when it begins and by its own check: once a version is enough.
    if (entry && last?.entry === entry && last.version === entry.version) return last.done;
    const done = this.earlyCheck(root, p);
    if (entry) this.early.set(p, { entry, version: entry.version, done });
    return done;
  }

  private async earlyCheck(root: string, p: string): Promise<void> {
    const project = this.project;
    const entry = this.shown.get(p);
    const site = await project.site(root);
    const id = site ? project.pageIdOf(site, p) : undefined;
    if (!entry || !site || id === undefined) return;
    const version = entry.version;
    let sent: string | undefined;
    const rounds = earlyPageFindings(
      site,
      id,
      await project.page(p),
      (rel) => project.page(join(root, rel)),
      this.options(),
      (rel) => project.text(join(root, rel)),
    );
    for await (const list of rounds) {
      // The whole site's findings, once published, are the fuller ones; an edit since has its own check.
      if (this.schedule.firstCheckEnded(root) || this.shown.get(p)?.version !== version) return;
      const key = JSON.stringify(list);
      if (key === sent) continue;
      sent = key;
      this.findings.setFile(p, list);
      const marking = this.mark(root, [p]);
      if (marking) {
        await marking;
        if (this.schedule.firstCheckEnded(root) || this.shown.get(p)?.version !== version) return;
      }
      this.findings.publish(p, root, true);
      this.trace(`early findings of ${p} published (${list.length})`);
    }
  }

  /** One page's content, after an edit. */
  private async page(root: string, p: string): Promise<void> {
    if (!this.schedule.firstCheckEnded(root)) await this.pageAlone(root, p);
    // A page opened while the first check runs waits for it rather than parse the site beside it.
    await this.schedule.afterFirstCheck(root);
    const text = this.textOf(p);
    if (text !== undefined && this.firstRead(p, text)) return; // opened as the first check read it: its findings stand
    const run = this.schedule.beginPage(p);
    const index = await this.project.index(root);
    const id = index ? this.project.pageIdOf(index.site, p) : undefined;
    let list: Finding[];
    let sig: string;
    if (index && id === undefined) {
      // A snippet file: only the rules for fragments.
      const rel = relativeInside(root, p);
      if (rel === undefined || !isSnippetFile(rel) || !index.site.files.has(rel)) return;
      const page = await this.project.page(p);
      if (!run.current()) return;
      list = checkSnippet(index, rel, page, this.options());
      sig = signature(page);
    } else {
      if (!index || id === undefined || !run.current()) return; // superseded by a newer edit
      list = checkPage(index, id, this.options());
      sig = signature(index.pages.get(id)!);
    }
    this.findings.setFile(p, list);
    const marking = this.mark(root, [p]);
    if (marking) await marking;
    this.findings.publish(p, root);
    if (id === undefined) this.host.siteChanged?.(root, p);
    // What other pages read of it changed (anchors, links, a snippet's headings they render): they are checked again.
    if (this.structure.get(p) !== sig) {
      this.structure.set(p, sig);
      this.schedule.recheckSite(root);
    }
  }
}

// When the language server checks what, and which result still stands: the debounce of edits,
// one pending check per page and per site, a newer check of a site superseding an older one, a
// result of an older document version dropped, page checks waiting for a site's first full check
// (from when it is due, before it begins), and the idle signal. No protocol and no disk: the clock, the document versions and the checks
// themselves are given, so tests drive it with a fake clock.

/** Timers, injected: the server passes setTimeout/clearTimeout, tests a clock they move by hand. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface CheckDelays {
  /** After a change that may touch the whole site (config, OpenAPI, file set). */
  check: number;
  /** After an edit of a page's text. */
  page: number;
  /** After a page check finds that what other pages read of the page changed. */
  siteRecheck: number;
}

export interface ScheduleOptions {
  timers: Timers;
  delays: CheckDelays;
  /** The checks scheduled: all of one site, or one page (or snippet) of it. */
  checks: { site(root: string): Promise<void>; page(root: string, path: string): Promise<void> };
  /** The version of the open document at `path`; undefined when it is not open. */
  versionOf(path: string): number | undefined;
  /** A scheduled check threw (`key`: `site:<root>` or `page:<path>`). */
  failed(key: string, error: unknown): void;
}

/** A check of a whole site, begun by `beginSite`. */
export interface SiteRun {
  /** No newer check of the same site has begun since: its results may be published. */
  current(): boolean;
  /** The file has had no content change since this check began: the check's findings for it stand. */
  unchanged(path: string): boolean;
}

/** A check of one page, begun by `beginPage`. */
export interface PageRun {
  /** The document is at the version it had when the check began (or was not open then). */
  current(): boolean;
}

export class CheckSchedule {
  private delays: CheckDelays;
  private readonly timers = new Map<string, unknown>();
  /** Checks and handlers under way, and the idle requests waiting for none. */
  private busy = 0;
  private readonly idleWaiters: (() => void)[] = [];
  /** Content changes per path, so a slower whole-site check never overwrites newer results. */
  private readonly edits = new Map<string, number>();
  private readonly runs = new Map<string, number>();
  /** Sites whose first check has begun: later page checks wait for it. */
  private readonly firstChecks = new Map<string, Promise<unknown>>();
  /** Sites whose first check has ended. */
  private readonly firstEnded = new Set<string>();
  /** Sites whose first check is due but has not begun (it waits for the settings it runs with), and its end. */
  private readonly firstDue = new Map<string, { ended: Promise<void>; end(): void }>();

  constructor(private readonly o: ScheduleOptions) {
    this.delays = o.delays;
  }

  setDelays(delays: CheckDelays): void {
    this.delays = delays;
  }

  /** Runs `run` after `delay` ms; scheduling the same key again before then replaces it (debounce). */
  schedule(key: string, run: () => Promise<void>, delay: number): void {
    this.o.timers.clear(this.timers.get(key));
    this.timers.set(
      key,
      this.o.timers.set(() => {
        this.timers.delete(key);
        void this.track(() => run().catch((e: unknown) => this.o.failed(key, e)));
      }, delay),
    );
  }

  /** Drops the pending check of `key`, if any. */
  cancel(key: string): void {
    this.o.timers.clear(this.timers.get(key));
    this.timers.delete(key);
  }

  /** Runs `work` counted as busy: `idle()` waits until no work runs and no check is pending. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await work();
    } finally {
      this.busy--;
      if (this.quiet()) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Resolves once nothing runs and nothing is pending (after the handlers already called have begun). */
  idle(): Promise<void> {
    return this.track(async () => {}).then(() => (this.quiet() ? undefined : new Promise<void>((resolve) => this.idleWaiters.push(resolve))));
  }

  private quiet(): boolean {
    return this.busy === 0 && this.timers.size === 0;
  }

  /** The text of `path` changed (edited, closed back to the disk's text, changed on disk). */
  edited(path: string): void {
    this.edits.set(path, (this.edits.get(path) ?? 0) + 1);
  }

  /** A page's text changed: its check runs after the page delay, coalescing rapid edits. */
  checkPage(root: string, path: string): void {
    this.schedule(`page:${path}`, () => this.o.checks.page(root, path), this.delays.page);
  }

  /** Something that may touch the whole site changed: the site is checked after `delay` (the check delay unless given). */
  checkSite(root: string, delay = this.delays.check): void {
    this.schedule(`site:${root}`, () => this.o.checks.site(root), delay);
  }

  /** What other pages read of a page changed: the site is checked again after a longer pause. */
  recheckSite(root: string): void {
    this.checkSite(root, this.delays.siteRecheck);
  }

  /** Checks the site now, in place of any pending check of it. */
  async checkSiteNow(root: string): Promise<void> {
    this.cancel(`site:${root}`);
    await this.o.checks.site(root);
  }

  beginSite(root: string): SiteRun {
    const run = (this.runs.get(root) ?? 0) + 1;
    this.runs.set(root, run);
    const editsAtStart = new Map(this.edits);
    return {
      current: () => this.runs.get(root) === run,
      unchanged: (path) => (this.edits.get(path) ?? 0) === (editsAtStart.get(path) ?? 0),
    };
  }

  beginPage(path: string): PageRun {
    const version = this.o.versionOf(path);
    return { current: () => version === undefined || this.o.versionOf(path) === version };
  }

  /**
   * The site's first check is due: it begins once what it runs with is known (the client's settings).
   * From now on what waits for that check (`afterFirstCheck`) waits for it as for a running one, so
   * the schedule is the same however late, or whether, the client answers.
   */
  expectFirstCheck(root: string): void {
    if (this.firstChecks.has(root) || this.firstDue.has(root)) return;
    let end = () => undefined as void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.firstDue.set(root, { ended, end });
  }

  /** Starts the site's first check with `start`, unless it has begun already (then undefined). */
  firstCheck<T>(root: string, start: () => Promise<T>): Promise<T> | undefined {
    if (this.firstChecks.has(root)) return undefined;
    const running = start();
    this.firstChecks.set(root, running);
    const ended = () => {
      this.firstEnded.add(root);
      this.firstDue.get(root)?.end();
      this.firstDue.delete(root);
    };
    void running.then(ended, ended);
    return running;
  }

  /** Whether the site's first check has begun (it may have ended since). */
  firstCheckBegun(root: string): boolean {
    return this.firstChecks.has(root);
  }

  /** Whether the site's first check has ended (false before it has begun). */
  firstCheckEnded(root: string): boolean {
    return this.firstEnded.has(root);
  }

  /** Resolves when the site's first check (if one has begun or is due) has ended: a page opened meanwhile waits rather than parse the site beside it. */
  async afterFirstCheck(root: string): Promise<void> {
    await (this.firstChecks.get(root) ?? this.firstDue.get(root)?.ended);
  }

  /** Resolves when the site's first check, if one has begun, has ended (not one due: a site check is what begins it). */
  async whileFirstCheckRuns(root: string): Promise<void> {
    await this.firstChecks.get(root);
  }
}

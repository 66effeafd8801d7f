// The site's budget for page code (`.jsx` and `export const` components), on top of each page's own
// (render/jsx-module.ts: three seconds, and no more of a page's components once one ran out of time).
// It is counted in pages whose components ran out of time, not in milliseconds, and in plan order:
// a page's components run only while fewer than SITE_TIMED_OUT_PAGES pages before it in the plan
// ran out of time; past that, every component of the page is refused at once and shows the marked
// placeholder a failed component gets. So 1,000 pages that each loop cost SITE_TIMED_OUT_PAGES time
// limits, not 1,000, and which pages run their components depends on the site alone: not on the
// number of threads, the order they finish pages in, or the machine's load (a page that loops runs
// out of time on any machine).
//
// The export's threads share one budget (its statuses in shared memory, handed to the workers with
// `share()`); a page whose verdict still depends on earlier pages other threads are rendering waits
// for them (earlier pages never wait for later ones, so the wait always ends). A budget that is not
// shared (the editor's export, one page after the other; `docwright dev` and the MCP server, pages
// as they are asked for) never waits: pages not rendered yet count as not having run out of time.

/** Pages before a page (in plan order) whose components may run out of time before that page's components are not run. */
export const SITE_TIMED_OUT_PAGES = 8;

/** What a refused component shows (the same on every page past the budget). */
export const SITE_BUDGET_SPENT = `was not run: the site's time for components is spent (the components of ${SITE_TIMED_OUT_PAGES} pages before this one ran out of time)`;

const PENDING = 0;
const DONE = 1;
const TIMED_OUT = 2;
/** How long a page waits for earlier pages at most (a thread that died); then they count as not having run out of time. */
const MAX_WAIT_MS = 120_000;

/** Atomics.waitAsync (ES2024; the runtimes Docwright runs on have it). */
type WaitAsync = (typed: Int32Array, index: number, value: number, timeout: number) => { async: boolean; value: Promise<string> | string };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

export class SiteComponentBudget {
  /** [0]: changes (what a waiting thread waits on); [1 + i]: page i of the plan, PENDING, DONE or TIMED_OUT. */
  private readonly state: Int32Array;
  private waits: boolean;
  /** This thread's verdicts (a page rendered twice, the home page as index.html, gets the same). */
  private readonly verdicts = new Map<number, boolean>();
  /** Pages before `prefix` are all finished (their statuses never change again), `before` of them ran out of time. */
  private prefix = 0;
  private before = 0;

  /** A budget over `pages` pages; over `shared`, the statuses another thread's budget shares (`share()`), and waiting for earlier pages. */
  constructor(pages: number, shared?: SharedArrayBuffer) {
    this.state = new Int32Array(shared ?? new SharedArrayBuffer(4 * (pages + 1)));
    this.waits = shared !== undefined;
  }

  /** The statuses, for the other threads of the same run; from now on this budget waits for earlier pages other threads render. */
  share(): SharedArrayBuffer {
    this.waits = true;
    return this.state.buffer as SharedArrayBuffer;
  }

  /**
   * Waits (without blocking the thread) until it is known whether the components of page `index`
   * may run: the export asks this before it renders a page that holds page code, so that `allows`
   * then answers at once.
   */
  async settle(index: number): Promise<boolean> {
    const deadline = Date.now() + MAX_WAIT_MS;
    for (;;) {
      const seen = Atomics.load(this.state, 0);
      const verdict = this.verdict(index, deadline);
      if (verdict !== undefined) return verdict;
      const left = Math.max(1, deadline - Date.now());
      const w = waitAsync(this.state, 0, seen, left);
      if (!w.async) continue;
      // A pending waitAsync does not keep a thread alive: a timer does, until the wait ends.
      const alive = setTimeout(() => undefined, left);
      try {
        await w.value;
      } finally {
        clearTimeout(alive);
      }
    }
  }

  /** Whether the components of page `index` (plan order) may run; blocks while that depends on earlier pages other threads render. */
  allows(index: number): boolean {
    const deadline = Date.now() + MAX_WAIT_MS;
    for (;;) {
      const seen = Atomics.load(this.state, 0);
      const verdict = this.verdict(index, deadline);
      if (verdict !== undefined) return verdict;
      Atomics.wait(this.state, 0, seen, Math.max(1, deadline - Date.now()));
    }
  }

  /** Ends every wait on shared statuses: the pages not finished count as finished in time (an export stopped because a thread failed). */
  static release(shared: SharedArrayBuffer): void {
    const state = new Int32Array(shared);
    for (let i = 1; i < state.length; i++) Atomics.compareExchange(state, i, PENDING, DONE);
    Atomics.add(state, 0, 1);
    Atomics.notify(state, 0);
  }

  /** Page `index` is finished; `timedOut`: one of its components ran out of time. */
  done(index: number, timedOut: boolean): void {
    if (index + 1 >= this.state.length) return;
    Atomics.store(this.state, index + 1, timedOut ? TIMED_OUT : DONE);
    Atomics.add(this.state, 0, 1);
    Atomics.notify(this.state, 0);
  }

  /** The verdict on page `index`, kept once given; undefined while earlier pages still running decide it. */
  private verdict(index: number, deadline: number): boolean | undefined {
    const kept = this.verdicts.get(index);
    if (kept !== undefined) return kept;
    for (; this.prefix < index; this.prefix++) {
      const s = Atomics.load(this.state, this.prefix + 1);
      if (s === PENDING) break;
      if (s === TIMED_OUT) this.before++;
    }
    let known = this.before;
    let pending = 0;
    for (let i = this.prefix; i < index; i++) {
      const s = Atomics.load(this.state, i + 1);
      if (s === TIMED_OUT) known++;
      else if (s === PENDING) pending++;
    }
    // Pages not finished cannot spend the budget before this one unless enough of them run out of time.
    const verdict = known >= SITE_TIMED_OUT_PAGES ? false : !this.waits || known + pending < SITE_TIMED_OUT_PAGES || Date.now() >= deadline ? true : undefined;
    if (verdict !== undefined) this.verdicts.set(index, verdict);
    return verdict;
  }
}

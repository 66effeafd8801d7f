// The language server's check scheduling (features/check-schedule.ts) driven by a clock moved by
// hand and checks that wait on gates the test opens: debounce, supersession of running checks,
// stale versions, closing a document, the first full check, idle.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CheckSchedule, type Timers } from '../../server/src/features/check-schedule';

class FakeClock implements Timers {
  now = 0;
  private next = 0;
  private readonly pending = new Map<number, { at: number; run: () => void }>();
  set(run: () => void, ms: number): unknown {
    const id = ++this.next;
    this.pending.set(id, { at: this.now + ms, run });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Moves time on by `ms`, firing what falls due in order of time (then of setting). */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending].filter(([, t]) => t.at <= end).sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].run();
    }
    this.now = end;
  }
  get size(): number {
    return this.pending.size;
  }
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** One turn of the event loop: lets settled promises run their continuations. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const ROOT = '/site';
const A = '/site/a.mdx';
const B = '/site/b.mdx';
const DELAYS = { check: 60, page: 15, siteRecheck: 600 };

/**
 * A host that uses the schedule as the server does: a site check publishes every page unchanged
 * since it began (the first one through `firstCheck`), a page check publishes its page if the
 * document is still at the version it began with. Each check waits on a gate the test opens.
 */
function host() {
  const clock = new FakeClock();
  const versions = new Map<string, number>();
  const published = new Map<string, string>();
  const gates: { name: string; open: () => void }[] = [];
  const failures: string[] = [];
  let firstGate: Promise<void> | undefined;
  const wait = (name: string) => {
    const g = gate();
    gates.push({ name, open: g.open });
    return g.promise;
  };
  const text = (p: string) => (versions.has(p) ? `v${versions.get(p)}` : 'disk');
  const s: CheckSchedule = new CheckSchedule({
    timers: clock,
    delays: DELAYS,
    versionOf: (p) => versions.get(p),
    failed: (key, e) => failures.push(`${key}: ${String(e)}`),
    checks: {
      async site(root) {
        const run = s.beginSite(root);
        const seen = new Map([A, B].map((p) => [p, text(p)]));
        const first = s.firstCheck(root, () => wait('first'));
        if (first) firstGate = first;
        await (first ?? wait('site'));
        if (!run.current()) return;
        for (const [p, t] of seen) if (run.unchanged(p)) published.set(p, `${first ? 'first' : 'site'} ${t}`);
      },
      async page(root, p) {
        await s.afterFirstCheck(root);
        const run = s.beginPage(p);
        const t = text(p);
        await wait(`page ${t}`);
        if (run.current()) published.set(p, `page ${t}`);
      },
    },
  });
  /** What the server does on a content change of a page. */
  const edit = (p: string, version: number | undefined) => {
    if (version === undefined) versions.delete(p);
    else versions.set(p, version);
    s.edited(p);
    s.checkPage(ROOT, p);
  };
  const openGate = async (name: string) => {
    const i = gates.findIndex((g) => g.name === name);
    assert.ok(i >= 0, `no check waits on ${name}: ${gates.map((g) => g.name).join(', ')}`);
    gates.splice(i, 1)[0].open();
    await settle();
  };
  return { s, clock, published, gates, failures, edit, openGate, firstDone: () => firstGate };
}

describe('check schedule', () => {
  it('coalesces rapid edits of a page into one check, after the page delay from the last', async () => {
    const h = host();
    // A first check that has ended, so page checks do not wait.
    h.s.firstCheck(ROOT, async () => undefined);
    h.edit(A, 1);
    h.clock.advance(5);
    h.edit(A, 2);
    h.clock.advance(10);
    h.edit(A, 3);
    h.clock.advance(14);
    assert.equal(h.gates.length, 0);
    h.clock.advance(1);
    await settle();
    assert.deepEqual(
      h.gates.map((g) => g.name),
      ['page v3'],
    );
    await h.openGate('page v3');
    assert.deepEqual([...h.published], [[A, 'page v3']]);
  });

  it('drops the result of an older version, whichever check ends first', async () => {
    const h = host();
    h.s.firstCheck(ROOT, async () => undefined);
    h.edit(A, 1);
    h.clock.advance(15);
    await settle();
    h.edit(A, 2);
    h.clock.advance(15);
    await settle();
    assert.deepEqual(
      h.gates.map((g) => g.name),
      ['page v1', 'page v2'],
    );
    await h.openGate('page v2');
    await h.openGate('page v1');
    assert.deepEqual([...h.published], [[A, 'page v2']]);

    h.edit(A, 3);
    h.clock.advance(15);
    await settle();
    h.edit(A, 4);
    await h.openGate('page v3'); // ends before the check of version 4 has even begun
    assert.deepEqual([...h.published], [[A, 'page v2']]);
    h.clock.advance(15);
    await settle();
    await h.openGate('page v4');
    assert.deepEqual([...h.published], [[A, 'page v4']]);
  });

  it('an edit during a running site check supersedes its result for that page; a newer site check supersedes it all', async () => {
    const h = host();
    h.s.firstCheck(ROOT, async () => undefined);
    h.s.checkSite(ROOT);
    h.clock.advance(60);
    await settle();
    h.edit(A, 1);
    h.clock.advance(15);
    await settle();
    await h.openGate('page v1');
    await h.openGate('site');
    assert.deepEqual(Object.fromEntries(h.published), { [A]: 'page v1', [B]: 'site disk' });

    // Two site checks under way: only the newer one's results are published.
    h.s.checkSite(ROOT, 0);
    h.clock.advance(0);
    await settle();
    h.edit(B, 1);
    h.s.checkSite(ROOT, 0);
    h.clock.advance(0);
    await settle();
    assert.deepEqual(
      h.gates.map((g) => g.name),
      ['site', 'site'],
    );
    h.published.clear();
    h.gates.shift()!.open(); // the older one, which read B as on disk
    await settle();
    assert.deepEqual([...h.published], []);
    await h.openGate('site');
    assert.deepEqual(Object.fromEntries(h.published), { [A]: 'site v1', [B]: 'site v1' });
  });

  it('closing a document drops its pending check and a running check of its buffer; the text on disk is checked', async () => {
    const h = host();
    h.s.firstCheck(ROOT, async () => undefined);
    h.edit(A, 1);
    h.clock.advance(10);
    h.edit(A, undefined); // closed before its check began
    h.clock.advance(15);
    await settle();
    assert.deepEqual(
      h.gates.map((g) => g.name),
      ['page disk'],
    );
    await h.openGate('page disk');
    assert.deepEqual([...h.published], [[A, 'page disk']]);

    h.edit(A, 2);
    h.clock.advance(15);
    await settle();
    h.edit(A, undefined); // closed while the check of its buffer runs
    await h.openGate('page v2');
    assert.deepEqual([...h.published], [[A, 'page disk']]);
    h.published.clear();
    h.clock.advance(15);
    await settle();
    await h.openGate('page disk');
    assert.deepEqual([...h.published], [[A, 'page disk']]);
  });

  it('the first full check yields to edits: a page edited meanwhile keeps its own check, which waits for the first one', async () => {
    const h = host();
    h.s.checkSite(ROOT, 0);
    h.clock.advance(0);
    await settle();
    assert.deepEqual(
      h.gates.map((g) => g.name),
      ['first'],
    );
    h.edit(A, 1);
    h.clock.advance(15);
    await settle();
    // The page check has begun but waits for the first check.
    assert.deepEqual(
      h.gates.map((g) => g.name),
      ['first'],
    );
    assert.equal(
      h.s.firstCheck(ROOT, () => Promise.reject(new Error('a second first check'))),
      undefined,
    );
    await h.openGate('first');
    assert.deepEqual(Object.fromEntries(h.published), { [B]: 'first disk' });
    assert.deepEqual(
      h.gates.map((g) => g.name),
      ['page v1'],
    );
    await h.openGate('page v1');
    assert.deepEqual(Object.fromEntries(h.published), { [A]: 'page v1', [B]: 'first disk' });
    await h.firstDone();
  });

  it('is idle only when no check is pending or running; a cancelled check is not pending; a failure is reported and ends', async () => {
    const h = host();
    h.s.firstCheck(ROOT, async () => undefined);
    let idle = false;
    const waiting = h.s.idle().then(() => (idle = true));
    h.s.checkSite(ROOT);
    h.edit(A, 1);
    await settle();
    assert.equal(idle, false);
    h.clock.advance(15);
    await settle();
    assert.equal(idle, false); // the page check runs, the site check is pending
    h.s.cancel(`site:${ROOT}`);
    assert.equal(h.clock.size, 0);
    await settle();
    assert.equal(idle, false);
    await h.openGate('page v1');
    await waiting;
    assert.equal(idle, true);

    const failing = new CheckSchedule({
      timers: h.clock,
      delays: DELAYS,
      versionOf: () => undefined,
      failed: (key, e) => h.failures.push(`${key}: ${e instanceof Error ? e.message : String(e)}`),
      checks: { site: () => Promise.reject(new Error('broken config')), page: () => Promise.resolve() },
    });
    failing.checkSite(ROOT, 0);
    const done = failing.idle();
    h.clock.advance(0);
    await done;
    assert.deepEqual(h.failures, [`site:${ROOT}: broken config`]);
  });

  it('checks a site now in place of a pending check of it', async () => {
    const clock = new FakeClock();
    const ran: string[] = [];
    const s = new CheckSchedule({
      timers: clock,
      delays: DELAYS,
      versionOf: () => undefined,
      failed: () => undefined,
      checks: { site: async (root) => void ran.push(root), page: async () => undefined },
    });
    s.checkSite(ROOT);
    s.recheckSite('/other');
    await s.checkSiteNow(ROOT);
    assert.deepEqual(ran, [ROOT]);
    assert.equal(clock.size, 1);
    clock.advance(599);
    assert.deepEqual(ran, [ROOT]);
    clock.advance(1);
    assert.deepEqual(ran, [ROOT, '/other']);
  });
});

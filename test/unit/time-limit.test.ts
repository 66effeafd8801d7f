// The time limit on synchronous work (server/src/util/time-limit.ts), alone and shared by a lot.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runEachWithin, runWithin, runWithinCpu, TimeLimitExceeded } from '../../server/src/util/time-limit';

/** Keeps the thread busy for `ms` (the watchdog can stop it at any point). */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

describe('time limit', () => {
  it('stops work that runs past its limit, and returns what finishes in time', () => {
    assert.equal(
      runWithin(1000, () => 42),
      42,
    );
    assert.throws(() => runWithin(50, () => busy(10_000)), TimeLimitExceeded);
  });

  it('runs a lot under one watchdog, and an item cut by the shared time again alone under its own limit', () => {
    const runs = new Map<string, number>();
    const done: string[] = [];
    // Each item takes 60% of the shared limit: the lot's watchdog fires in the second, which then
    // runs alone and finishes; so does every later one.
    const work = (item: string) => {
      runs.set(item, (runs.get(item) ?? 0) + 1);
      runWithin(2000, () => busy(300));
      if (!done.includes(item)) done.push(item);
    };
    runEachWithin(500, ['a', 'b', 'c'], work);
    assert.deepEqual(done, ['a', 'b', 'c']);
    assert.equal(runs.get('a'), 1, 'the first item finished under the shared watchdog');
    assert.equal(runs.get('b'), 2, 'the item the shared time cut ran again, alone');
    assert.equal(runs.get('c'), 1);
  });

  it('stops an item only when it alone takes its own limit, and goes on with the rest', () => {
    const outcome = new Map<string, string>();
    const work = (item: string) => {
      try {
        runWithin(100, () => busy(item === 'slow' ? 10_000 : 1));
        outcome.set(item, 'done');
      } catch (e) {
        if (!(e instanceof TimeLimitExceeded)) throw e;
        outcome.set(item, 'stopped');
      }
    };
    runEachWithin(100, ['a', 'slow', 'b'], work);
    assert.deepEqual(Object.fromEntries(outcome), { a: 'done', slow: 'stopped', b: 'done' });
  });

  it('on processor time: work that waits (as on a busy machine) finishes, work that spins is stopped', () => {
    // Blocks the thread without using the processor, as waiting for a core does.
    const wait = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    let runs = 0;
    assert.equal(
      runWithinCpu(100, () => {
        runs++;
        wait(300);
        return 'done';
      }),
      'done',
    );
    assert.ok(runs > 1, 'the wall-clock watchdog fired first and the work ran again with more time');
    assert.throws(() => runWithin(100, () => wait(300)), TimeLimitExceeded, 'the wall clock alone stops it');
    assert.throws(() => runWithinCpu(200, () => busy(60_000)), TimeLimitExceeded);
  });
});

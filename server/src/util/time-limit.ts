// A time limit on synchronous work (the Markdown parser has inputs that take it minutes): the work
// runs under node:vm's watchdog, which stops the isolate's JavaScript when the time is up.
import { createContext, Script } from 'node:vm';

export class TimeLimitExceeded extends Error {
  constructor(readonly ms: number) {
    super(`took longer than ${ms} ms`);
  }
}

const context = createContext({}) as { run?: () => unknown };
const script = new Script('run()');
/** Nested calls run inside the outer limit (one watchdog at a time). */
let active = false;

/**
 * Runs `work` and returns its result, or throws TimeLimitExceeded once it has run `ms`
 * milliseconds. `work` must leave no shared state half-changed when stopped at any point.
 */
export function runWithin<T>(ms: number, work: () => T): T {
  if (active) return work();
  active = true;
  context.run = work;
  try {
    return script.runInContext(context as object, { timeout: ms }) as T;
  } catch (e) {
    if ((e as { code?: string })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new TimeLimitExceeded(ms);
    throw e;
  } finally {
    context.run = undefined;
    active = false;
  }
}

/** CPU milliseconds this process has used (every thread: at most the number of busy threads times what one used). */
export function cpuTimeMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs `work` and returns its result, or throws TimeLimitExceeded once the process has spent `ms`
 * milliseconds of CPU on it: on a busy machine the wall clock runs on while the work waits for a
 * core, so a watchdog that fires first only leads to a run again with twice the time, until the CPU
 * spent says stop. What is stopped then does not depend on the machine's load. `work` must give the
 * same result when run again.
 */
export function runWithinCpu<T>(ms: number, work: () => T): T {
  if (active) return work();
  const start = cpuTimeMs();
  for (let wall = ms; ; wall *= 2) {
    try {
      return runWithin(wall, work);
    } catch (e) {
      if (!(e instanceof TimeLimitExceeded) || cpuTimeMs() - start >= ms) throw e instanceof TimeLimitExceeded ? new TimeLimitExceeded(ms) : e;
    }
  }
}

/**
 * Runs `work` on each item under one watchdog for the lot, where each item's `work` applies its own
 * limit of at least `ms` (a runWithin inside, which the shared one stands in for): a watchdog
 * starts a thread and enters the context, paid once per lot instead of once per item. The item
 * running when the shared time is up is run again alone, under its own limit, so an item is
 * stopped only when it alone takes its limit. `work` must give the same result when run again.
 */
export function runEachWithin<T>(ms: number, items: readonly T[], work: (item: T) => void): void {
  let i = 0;
  while (i < items.length) {
    try {
      runWithin(ms, () => {
        for (; i < items.length; i++) work(items[i]);
      });
    } catch (e) {
      if (!(e instanceof TimeLimitExceeded)) throw e;
      if (i < items.length) work(items[i++]);
    }
  }
}

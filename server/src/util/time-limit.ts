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

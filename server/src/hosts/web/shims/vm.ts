// node:vm in the web build, for util/time-limit.ts: its one script (`run()`) runs the context's
// `run`, with no time limit. A browser cannot stop synchronous work on the thread that runs it;
// the web client restarts a language server worker that stops answering.
type Context = { run?: () => unknown };

export function createContext<T extends object>(sandbox: T): T {
  return sandbox;
}

export class Script {
  constructor(code: string) {
    if (code !== 'run()') throw new Error(`node:vm is not available in the browser (script: ${code.slice(0, 40)})`);
  }

  runInContext(context: object): unknown {
    return (context as Context).run?.();
  }
}

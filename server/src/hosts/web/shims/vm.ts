// node:vm in the core bundle (dist/core.js), which has no Node built-in: a port the Node host plugs
// Node's vm into at startup (server/src/main.ts), so util/time-limit.ts's watchdog and the Mermaid
// check run on Node's vm as they do from source. Unplugged (the web worker), the one script
// util/time-limit.ts runs (`run()`) runs the context's `run` with no time limit: a browser cannot
// stop synchronous work on the thread that runs it (a hostile page can stall the worker, never the
// editor: "Restart Server" starts another). Contexts and scripts made before the plug (time-limit.ts makes its
// own when the bundle loads) take Node's on first use.
import type * as NodeVm from 'node:vm';

type Context = { run?: () => unknown };

let node: typeof NodeVm | undefined;

/** Hands the core bundle Node's vm (the Node host, before the core runs anything). */
export function plugVm(vm: typeof NodeVm): void {
  node = vm;
}

/** Whether Node's vm is plugged in (the time limits apply). */
export function vmPlugged(): boolean {
  return node !== undefined;
}

function contextified(vm: typeof NodeVm, context: object): NodeVm.Context {
  return vm.isContext(context) ? context : vm.createContext(context);
}

export function createContext<T extends object>(sandbox: T, options?: NodeVm.CreateContextOptions): T {
  return node ? (node.createContext(sandbox, options) as T) : sandbox;
}

export function runInContext(code: string, context: object, options?: NodeVm.RunningScriptOptions): unknown {
  if (!node) throw new Error('node:vm is not available in the browser');
  return node.runInContext(code, contextified(node, context), options);
}

export class Script {
  private compiled: NodeVm.Script | undefined;

  constructor(private readonly code: string) {
    if (!node && code !== 'run()') throw new Error(`node:vm is not available in the browser (script: ${code.slice(0, 40)})`);
  }

  runInContext(context: object, options?: NodeVm.RunningScriptOptions): unknown {
    if (node) {
      this.compiled ??= new node.Script(this.code);
      return this.compiled.runInContext(contextified(node, context), options);
    }
    return (context as Context).run?.();
  }
}

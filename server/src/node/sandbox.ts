// The sandbox that page code (`.jsx` components, `export const` components) runs in: the
// ComponentRunner the hosts (lsp/, cli/) hand the renderer where page code may run. The renderer is
// synchronous, so a call blocks (Atomics.wait) until a broker thread answers; the broker hands the
// job to a child process that runs the code in a `node:vm` context. What that buys:
// - time: the vm's timeout, with the context's own microtask queue drained inside it
//   (`microtaskMode: 'afterEvaluate'`), stops loops in code, promise callbacks, getters, Proxy traps
//   and toString/valueOf/toJSON; the broker kills the child outright when it has not answered soon
//   after, and a fresh one takes the next job.
// - memory: the child's heap is capped (--max-old-space-size) and the context has no ArrayBuffer
//   (memory outside that heap); a child that runs out dies alone (a worker thread's resourceLimits
//   do not hold against one large allocation: the whole process aborts), and the call gets an error.
// - no host objects: only strings cross (job in, one string out); the code inside the context
//   catches and describes its own errors, so no one outside ever reads a guest object.
// - no host globals: the child runs with the permission model where the runtime has it (no file
//   system, no processes, no workers), no code generation from strings, none of the host's flags
//   (`gc`), and the context loses console, WebAssembly, ArrayBuffer, Atomics, WeakRef and
//   FinalizationRegistry. Stack traces show the component's own frames only.
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { SandboxJob, SandboxResult } from '../render/jsx-module';

export interface SandboxLimits {
  /** Time one load or call may take inside the vm. */
  timeMs: number;
  /** The child's old-generation heap. */
  memoryMb: number;
  /** How long after timeMs an unanswered child is killed. */
  graceMs: number;
  /** How long a child may take to start. */
  startMs: number;
  /** The longest string a call may return. */
  maxOutput: number;
}

// A second: real components take milliseconds, but a busy machine (an export's workers on two cores)
// can make a first load take a few hundred. A component that runs out of time twice is not run again.
const DEFAULT_LIMITS: SandboxLimits = { timeMs: 1000, memoryMb: 128, graceMs: 900, startMs: 15_000, maxOutput: 4 * 2 ** 20 };
/** How many time-outs of one component before its calls fail at once with the last one's error. */
const TIMEOUTS_BEFORE_REFUSING = 2;

// Runs in the child process (`node -e`): one job at a time, contexts kept by key.
const CHILD = String.raw`'use strict';
const vm = require('node:vm');
const { isNativeError } = require('node:util').types;
const L = JSON.parse(process.argv[process.argv.length - 1]);
const mods = new Map();
const KEEP = 32;
const own = (o, k) => { const d = Object.getOwnPropertyDescriptor(o, k); return d && 'value' in d ? d.value : undefined; };
const timeout = (e) => isNativeError(e) && own(e, 'code') === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
const failure = (e, what, ms) => {
  // Only errors of this realm (time-outs, compile errors) are read, and only their own data properties.
  if (!isNativeError(e)) return what;
  if (timeout(e)) return what + ': did not finish within ' + ms + ' ms';
  const m = own(e, 'message');
  return typeof m === 'string' ? what + ': ' + m.slice(0, 300) : what;
};
const harden = (file) => '(() => { "use strict"; const G = globalThis;' +
  ' for (const k of ["gc", "console", "WebAssembly", "SharedArrayBuffer", "Atomics", "ArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array", "WeakRef", "FinalizationRegistry"]) { if (k in G && !delete G[k]) G[k] = undefined; }' +
  ' const noop = () => {}; G.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop };' +
  ' const FILE = ' + JSON.stringify(file) + '; const head = Error.prototype.toString;' +
  ' Error.prepareStackTrace = (e, frames) => { let s; try { s = Reflect.apply(head, e, []); } catch { s = "Error"; }' +
  '   for (const f of frames) if (f.getFileName() === FILE) s += "\\n    at " + (f.getFunctionName() || "<anonymous>") + " (" + FILE + ":" + f.getLineNumber() + ":" + f.getColumnNumber() + ")";' +
  '   return s; }; })();';
// The load and the call share the job's time (its page's remainder, at most the limit).
function load(m, ms, left) {
  const context = vm.createContext(Object.create(null), { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
  try {
    vm.runInContext(harden(m.filename), context);
    vm.runInContext(m.prelude, context, { timeout: left() });
    const r = vm.runInContext(m.code, context, { timeout: left(), filename: m.filename });
    if (r === '') return { context };
    return { error: typeof r === 'string' && r[0] === '!' ? 'failed when loaded: ' + r.slice(1) : 'failed when loaded' };
  } catch (e) {
    return { error: failure(e, 'failed when loaded', ms), timedOut: timeout(e) };
  }
}
function run(m) {
  const ms = Math.max(1, Math.min(L.timeMs, m.timeMs ?? L.timeMs));
  const start = performance.now();
  const spent = () => Math.round(performance.now() - start);
  const left = () => Math.max(1, ms - spent());
  let mod = mods.get(m.key);
  if (mod) mods.delete(m.key);
  else if (m.code === undefined) return { seq: m.seq, missing: true };
  else mod = load(m, ms, left);
  // A load stopped short of the full limit may succeed with it: not kept as failed.
  if (!(mod.timedOut && ms < L.timeMs)) mods.set(m.key, mod);
  if (mods.size > KEEP) mods.delete(mods.keys().next().value);
  if (mod.error) return { seq: m.seq, error: mod.error, timedOut: mod.timedOut === true, ms: spent() };
  try {
    const r = vm.runInContext(m.call, mod.context, { timeout: left() });
    if (typeof r !== 'string') return { seq: m.seq, error: 'failed to render', ms: spent() };
    if (r.length > L.maxOutput) return { seq: m.seq, error: 'failed to render: renders too much', ms: spent() };
    return { seq: m.seq, value: r, ms: spent() };
  } catch (e) {
    // A stopped context may hold half-run callbacks: the next call loads the module afresh.
    mods.delete(m.key);
    return { seq: m.seq, error: failure(e, 'failed to render', ms), timedOut: timeout(e), ms: spent() };
  }
}
process.on('unhandledRejection', () => {});
process.on('disconnect', () => process.exit(0));
const heap = require('node:v8');
process.on('message', (m) => {
  process.send(run(m));
  // Past half the heap, contexts other than the last one go: what modules keep must not add up.
  if (heap.getHeapStatistics().used_heap_size > L.memoryMb * 2 ** 19) for (const k of [...mods.keys()]) if (k !== m.key) mods.delete(k);
});
process.send({ ready: true });
`;

// Runs in the broker thread: starts the child, passes one job at a time, enforces the hard limits.
// The calling thread waits on `state[0]` until it holds the job's number.
const BROKER = String.raw`'use strict';
const { workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { port, state, env, plainArgs, limits: L } = workerData;
let args = workerData.args;
let child;
let job;
const reply = (msg) => {
  const seq = job.seq;
  const ms = typeof msg.ms === 'number' ? msg.ms : job.sent !== undefined ? Date.now() - job.sent : 0;
  job = undefined;
  port.postMessage({ seq, ...msg, ms });
  Atomics.store(state, 0, seq);
  Atomics.notify(state, 0);
};
const drop = (c) => {
  clearTimeout(c.timer);
  if (child === c) child = undefined;
  c.proc.kill('SIGKILL');
};
const send = (c) => {
  const m = { seq: job.seq, key: job.key, call: job.call };
  if (!c.loaded.has(job.key)) Object.assign(m, { prelude: job.prelude, code: job.code, filename: job.filename });
  c.loaded.add(job.key);
  clearTimeout(c.timer);
  const ms = Math.max(1, Math.min(L.timeMs, job.timeMs ?? L.timeMs));
  m.timeMs = ms;
  job.sent = Date.now();
  c.timer = setTimeout(() => {
    drop(c);
    if (job) reply({ error: 'failed to render: did not finish within ' + ms + ' ms (stopped)', timedOut: true, ms });
  }, 2 * ms + L.graceMs);
  try {
    c.proc.send(m);
  } catch {
    // Its channel closed (it died and the exit is still to come): a fresh child takes the job.
    drop(c);
    child = start();
  }
};
const start = () => {
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env, windowsHide: true });
  const c = { proc, ready: false, loaded: new Set(), timer: undefined };
  c.timer = setTimeout(() => {
    drop(c);
    if (job) reply({ error: 'could not run: the component sandbox did not start' });
  }, L.startMs);
  proc.on('message', (m) => {
    if (child !== c) return;
    if (m.ready) {
      c.ready = true;
      clearTimeout(c.timer);
      if (job) send(c);
      return;
    }
    if (!job || m.seq !== job.seq) return;
    if (m.missing) {
      c.loaded.delete(job.key);
      send(c);
      return;
    }
    clearTimeout(c.timer);
    const ms = typeof m.ms === 'number' ? m.ms : undefined;
    reply(m.error !== undefined ? { error: String(m.error), timedOut: m.timedOut === true, ms } : { value: String(m.value), ms });
  });
  const gone = (why) => {
    if (child !== c) return;
    drop(c);
    if (job) reply({ error: why });
  };
  proc.on('exit', () => {
    if (child === c && !c.ready && args !== plainArgs) {
      // A runtime that lists the permission model but does not start with it: once more without.
      clearTimeout(c.timer);
      args = plainArgs;
      child = start();
      return;
    }
    gone('failed to render: stopped (it ran out of memory, over ' + L.memoryMb + ' MB, or crashed)');
  });
  proc.on('error', (e) => gone('could not run: the component sandbox could not be started (' + e.message + ')'));
  proc.channel?.unref?.();
  return c;
};
port.on('message', (m) => {
  job = m;
  if (!child) child = start();
  if (child.ready) send(child);
});
`;

/** The flags of the child: capped heap, no code from strings, the permission model if asked for. */
function childArgs(l: SandboxLimits, permission: boolean): string[] {
  const flags = process.allowedNodeEnvironmentFlags;
  const model = !permission ? [] : flags.has('--permission') ? ['--permission'] : flags.has('--experimental-permission') ? ['--experimental-permission'] : [];
  return [
    ...model,
    `--max-old-space-size=${l.memoryMb}`,
    '--max-semi-space-size=4',
    '--disallow-code-generation-from-strings',
    '--no-warnings',
    '-e',
    CHILD,
    JSON.stringify(l),
  ];
}

/** The child's environment: nothing of the host's (no NODE_OPTIONS), but what the runtime needs to start. */
function childEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  // An editor's runtime (Electron) runs as plain Node only with this set.
  if (process.versions.electron || process.env.ELECTRON_RUN_AS_NODE) env.ELECTRON_RUN_AS_NODE = '1';
  for (const k of ['SystemRoot', 'SYSTEMROOT']) if (process.env[k]) env[k] = process.env[k]!;
  return env;
}

interface Broker {
  worker: Worker;
  port: MessagePort;
  state: Int32Array;
}

/**
 * One sandbox: its limits, its broker thread and child process (started on the first call), and the
 * time-outs counted per component. Hosts hand `run` to the renderer as its ComponentRunner.
 */
export class Sandbox {
  readonly limits: Readonly<SandboxLimits>;
  /** Time-outs per component (module key and name), and the error the last one gave. */
  private readonly timedOut = new Map<string, { count: number; error: string }>();
  private broker: Broker | undefined;
  private seq = 0;

  constructor(limits?: Partial<SandboxLimits>) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /**
   * Runs a job and waits for its string. Never throws for anything the code does: a throw, a
   * time-out, running out of memory or a crash come back as `{ error }`, and the next call works.
   */
  readonly run = (job: SandboxJob): SandboxResult => {
    const id = `${job.key}:${job.component}`;
    const slow = this.timedOut.get(id);
    // A refusal counts as running out of time, so a page's findings are the same on every render.
    if (slow && slow.count >= TIMEOUTS_BEFORE_REFUSING) return { error: slow.error, timedOut: true, ms: 0 };
    const result = this.runInBroker(job);
    // Only a time-out under the full limit counts against the component (a page's remainder may be less).
    if ('error' in result && result.timedOut && (job.timeMs === undefined || job.timeMs >= this.limits.timeMs))
      this.timedOut.set(id, { count: (slow?.count ?? 0) + 1, error: result.error });
    return result;
  };

  /** Stops the broker and its child (the next call starts new ones). */
  stop(): void {
    if (!this.broker) return;
    void this.broker.worker.terminate();
    this.broker.port.close();
    this.broker = undefined;
  }

  private startBroker(): Broker {
    const { port1, port2 } = new MessageChannel();
    const state = new Int32Array(new SharedArrayBuffer(4));
    const limits = this.limits;
    const worker = new Worker(BROKER, {
      eval: true,
      workerData: { port: port2, state, args: childArgs(limits, true), plainArgs: childArgs(limits, false), env: childEnv(), limits },
      transferList: [port2],
      // The broker runs none of the page's code; it needs little.
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
    });
    // Neither keeps the process alive; the child exits when its channel closes.
    worker.unref();
    worker.on('error', () => undefined);
    return { worker, port: port1, state };
  }

  private runInBroker(job: SandboxJob): SandboxResult {
    const limits = this.limits;
    this.broker ??= this.startBroker();
    const b = this.broker;
    const n = (this.seq = (this.seq % 0x7ffffffe) + 1);
    b.port.postMessage({ seq: n, ...job });
    // The broker answers within the start-up and hard limits; past them, it is replaced.
    const deadline = Date.now() + limits.startMs + 2 * limits.timeMs + limits.graceMs + 5_000;
    for (;;) {
      const now = Atomics.load(b.state, 0);
      if (now === n) break;
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(b.state, 0, now, left) === 'timed-out') {
        this.stop();
        return { error: 'could not run: the component sandbox did not answer', timedOut: true, ms: limits.timeMs };
      }
    }
    for (let m = receiveMessageOnPort(b.port); m; m = receiveMessageOnPort(b.port)) {
      const msg = m.message as { seq: number; value?: string; error?: string; timedOut?: boolean; ms?: number };
      if (msg.seq !== n) continue;
      const ms = typeof msg.ms === 'number' ? msg.ms : undefined;
      return typeof msg.value === 'string' ? { value: msg.value, ms } : { error: String(msg.error), timedOut: msg.timedOut === true, ms };
    }
    this.stop();
    return { error: 'could not run: the component sandbox did not answer' };
  }
}

/** The hosts' sandbox, with the product's limits: the ComponentRunner where page code may run. */
export const runSandboxed = new Sandbox().run;

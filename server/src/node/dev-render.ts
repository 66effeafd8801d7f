// `docwright dev`'s pages rendered on a worker thread. The renderer is synchronous and a page's
// components block the thread they run on until the sandbox answers (node/sandbox.ts), so the
// server's thread, which answers requests, events and file changes, never renders: a worker keeps
// its own project of the site (read from the disk) and renders a page when asked. The server tells
// it every batch of changed files before it asks for anything rendered after them (a port keeps the
// order of its messages, and the worker handles them one at a time).
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import type { PageOutput, StaticAssets } from '../export/export';
import { DevSite, type DevRendered } from '../features/dev-site';
import { hostDocwright } from './host';
import { startWorker } from './threads';

interface Job {
  kind: 'docwright-dev-render';
  root: string;
}

/** A file event: an absolute path, changed in place or created/deleted ('set'). */
export type DevChange = [path: string, kind: 'change' | 'set'];

type Request = { type: 'render'; seq: number; id: string } | { type: 'changed'; changes: DevChange[] };
type Reply =
  | { type: 'rendered'; seq: number; files?: [string, string][]; output?: PageOutput }
  | { type: 'failed'; seq: number; message: string }
  | { type: 'broken'; message: string };

/** The page HTML names Docwright's files; their content is the server's. */
const NO_ASSETS: StaticAssets = { css: '', js: '', searchJs: '', miniSearchJs: '', playgroundJs: '' };

function work(job: Job): void {
  const port = parentPort!;
  const docwright = hostDocwright([job.root]);
  const project = docwright.project;
  const site = new DevSite(project, job.root, { assets: NO_ASSETS, ...docwright.renderOptions(true) });
  let queue: Promise<void> = project.scan().then(() => undefined);
  const handle = async (m: Request): Promise<void> => {
    if (m.type === 'changed') {
      const named: string[] = [];
      for (const [p, kind] of m.changes) {
        if (kind === 'change' && project.hasFile(p)) project.contentChanged(p);
        else named.push(p);
      }
      if (named.length) await project.reconcile(named);
      await site.changed(m.changes.map(([p]) => p));
      return;
    }
    try {
      const r = await site.renderNow(m.id);
      port.postMessage((r ? { type: 'rendered', seq: m.seq, files: [...r.files], output: r.output } : { type: 'rendered', seq: m.seq }) satisfies Reply);
    } catch (e) {
      port.postMessage({ type: 'failed', seq: m.seq, message: e instanceof Error ? e.message : String(e) } satisfies Reply);
    }
  };
  port.on('message', (m: Request) => {
    queue = queue.then(() => handle(m));
    // A change that could not be read leaves the worker's project behind the disk: the server starts another.
    queue.catch((e: unknown) => port.postMessage({ type: 'broken', message: e instanceof Error ? e.message : String(e) } satisfies Reply));
  });
}

if (!isMainThread && (workerData as Job | undefined)?.kind === 'docwright-dev-render') work(workerData as Job);

/** The script a worker runs: this module (the CLI bundle once built, the TypeScript file under tsx). */
const WORKER_SCRIPT = __filename;

/**
 * The server's side: renders pages on the worker, tells it of changes, and starts a fresh one
 * (which reads the site anew) when it failed or stopped.
 */
export class DevRenderWorker {
  private worker: Worker | undefined;
  private seq = 0;
  private readonly pending = new Map<number, { resolve(r: DevRendered | undefined): void; reject(e: Error): void }>();
  private stopped = false;

  constructor(private readonly root: string) {}

  private current(): Worker {
    if (this.worker) return this.worker;
    const w = startWorker(WORKER_SCRIPT, { kind: 'docwright-dev-render', root: this.root } satisfies Job);
    this.worker = w;
    const lost = (why: string) => {
      if (this.worker !== w) return;
      this.worker = undefined;
      void w.terminate();
      for (const p of this.pending.values()) p.reject(new Error(why));
      this.pending.clear();
    };
    w.on('message', (m: Reply) => {
      if (m.type === 'broken') return lost(`the page renderer fell behind the files: ${m.message}`);
      const p = this.pending.get(m.seq);
      if (!p) return;
      this.pending.delete(m.seq);
      if (m.type === 'failed') p.reject(new Error(m.message));
      else p.resolve(m.files && m.output ? { files: new Map(m.files), output: m.output } : undefined);
    });
    w.on('error', (e) => lost(`the page renderer failed: ${e.message}`));
    w.on('exit', (code) => lost(`the page renderer stopped (exit code ${code})`));
    // Nothing to wait for between requests: the worker does not keep the process alive.
    if (this.pending.size === 0) w.unref();
    return w;
  }

  /** The page `id` of the site as it is now (after every change told so far), rendered on the worker. */
  render(id: string): Promise<DevRendered | undefined> {
    if (this.stopped) return Promise.reject(new Error('the server is stopping'));
    const w = this.current();
    const seq = ++this.seq;
    const answered = new Promise<DevRendered | undefined>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    w.ref();
    w.postMessage({ type: 'render', seq, id } satisfies Request);
    return answered.finally(() => {
      if (this.pending.size === 0 && this.worker === w) w.unref();
    });
  }

  /** Files changed on disk: the worker reads them again before it renders anything asked for later. */
  changed(changes: DevChange[]): void {
    // A worker started later reads the disk as it is then.
    this.worker?.postMessage({ type: 'changed', changes } satisfies Request);
  }

  /** Stops the worker; a render still under way is refused. */
  async stop(): Promise<void> {
    this.stopped = true;
    const w = this.worker;
    this.worker = undefined;
    for (const p of this.pending.values()) p.reject(new Error('the server is stopping'));
    this.pending.clear();
    await w?.terminate();
  }
}

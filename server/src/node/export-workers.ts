// The CLI's export spread over threads: the main thread and each worker take the next few pages from
// one queue (a counter in shared memory), so every thread stays busy until the pages run out
// whatever each page costs. A worker loads the site, takes the page texts and front matter the main
// thread read (no second read of the disk), then parses, renders and writes its pages one at a time
// and sends back what the site-wide files need; the main thread writes those (search index,
// llms.txt, 404, assets).
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import { createExportContext, exportPage, type PageOutput, type StaticAssets } from '../export/export';
import { ExportError } from '../export/paths';
import { SiteComponentBudget } from '../export/site-components';
import { streamingExportSource } from '../export/source';
import { DiskExportWriter } from './export-disk';
import { DiskWorkspace } from './disk-workspace';
import { hostHighlighter } from './regex-table-file';
import { loadSite } from '../site/site';
import { join } from '../util/paths';
import { runSandboxed } from './sandbox';
import { PageQueue, startWorker } from './threads';

export { PageQueue };

interface Job {
  kind: 'docwright-export';
  root: string;
  /** Absolute paths of the site's files, as the main thread listed them. */
  files: string[];
  /** Site-relative page file -> text, and -> front matter data. */
  texts: Map<string, string>;
  frontMatter: Map<string, Record<string, unknown>>;
  /** The queue of page ids (in the plan's order, which the worker makes the same) the threads share. */
  queue: SharedArrayBuffer;
  baseUrl?: string;
  /** The temporary output folder. */
  dir: string;
  /** The site's component budget the threads share (export/site-components.ts). */
  components?: SharedArrayBuffer;
}

type Message = { type: 'page'; output: PageOutput } | { type: 'error'; message: string; name: string } | { type: 'done' };

const NO_ASSETS: StaticAssets = { css: '', js: '', searchJs: '', miniSearchJs: '', playgroundJs: '' };

async function work(job: Job): Promise<void> {
  const ws = new DiskWorkspace();
  const site = await loadSite(ws, job.root, { files: job.files });
  if (!site) throw new Error(`No site in ${job.root}.`);
  const source = streamingExportSource(site, job.texts, (rel) => ws.readFile(join(job.root, rel)), job.frontMatter, {
    components: runSandboxed,
    highlighter: hostHighlighter(),
  });
  const ctx = createExportContext(source, { baseUrl: job.baseUrl, assets: NO_ASSETS, sharedComponents: job.components });
  const writer = new DiskExportWriter(job.dir, job.root);
  const queue = new PageQueue(
    ctx.plan.pages.map((p) => p.id),
    job.queue,
  );
  for (let id = queue.next(); id !== undefined; id = queue.next()) {
    const page = ctx.plan.byId.get(id);
    if (!page) continue;
    const output = await exportPage(ctx, page, writer);
    parentPort!.postMessage({ type: 'page', output } satisfies Message);
  }
  await writer.flush();
}

if (!isMainThread && (workerData as Job | undefined)?.kind === 'docwright-export') {
  work(workerData as Job).then(
    () => parentPort!.postMessage({ type: 'done' } satisfies Message),
    (e: unknown) =>
      parentPort!.postMessage({
        type: 'error',
        message: e instanceof Error ? e.message : String(e),
        name: e instanceof Error ? e.name : 'Error',
      } satisfies Message),
  );
}

/**
 * A worker's heap: pages are rendered one at a time and dropped, so a bounded old generation makes
 * V8 collect instead of growing (memory stays flat per worker), and a large young generation lets
 * a page's short-lived trees die in scavenges instead of being promoted.
 */
const WORKER_LIMITS = {
  maxOldGenerationSizeMb: Number(process.env.DOCWRIGHT_EXPORT_WORKER_HEAP_MB ?? 256),
  maxYoungGenerationSizeMb: Number(process.env.DOCWRIGHT_EXPORT_WORKER_YOUNG_MB ?? 64),
};

/** The script a worker runs: this module (the CLI bundle once built, the TypeScript file under tsx). */
const WORKER_SCRIPT = __filename;

export interface WorkerOptions {
  root: string;
  files: string[];
  texts: Map<string, string>;
  frontMatter: Map<string, Record<string, unknown>>;
  /** How many workers to start. */
  workers: number;
  /** The queue the threads take pages from (over the plan's page ids). */
  queue: PageQueue;
  baseUrl?: string;
  dir: string;
  /** The main thread's component budget, shared (`ctx.components.share()`): which pages run their components does not depend on the threads. */
  components?: SharedArrayBuffer;
  /** Called for each page done; throwing (e.g. on cancellation) stops every worker. */
  onPage(output: PageOutput): void;
}

export interface ExportWorkers {
  /** Resolves when every worker has finished; rejects on the first failure (all workers stopped). */
  done: Promise<void>;
  /** Whether a worker failed (the main thread stops its own share early). */
  failed(): boolean;
  /** Stops every worker and waits until none runs (nothing is written after it resolves). */
  stop(): Promise<void>;
}

export function startExportWorkers(o: WorkerOptions): ExportWorkers {
  const workers: Worker[] = [];
  let failed = false;
  const stop = async () => {
    await Promise.allSettled(workers.map((w) => w.terminate()));
  };
  const done = new Promise<void>((resolve, reject) => {
    let running = 0;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      // The main thread may be waiting for pages of a stopped worker: it goes on, and stops at its next page.
      if (o.components) SiteComponentBudget.release(o.components);
      // Reject only once every worker has stopped, so none writes after the caller cleans up.
      void stop().then(() => reject(e));
    };
    for (let k = 0; k < o.workers; k++) {
      const job: Job = {
        kind: 'docwright-export',
        root: o.root,
        files: o.files,
        texts: o.texts,
        frontMatter: o.frontMatter,
        queue: o.queue.buffer,
        baseUrl: o.baseUrl,
        dir: o.dir,
        components: o.components,
      };
      const w = startWorker(WORKER_SCRIPT, job, WORKER_LIMITS);
      workers.push(w);
      running++;
      let finished = false;
      w.on('message', (m: Message) => {
        if (m.type === 'page') {
          try {
            o.onPage(m.output);
          } catch (e) {
            fail(e instanceof Error ? e : new Error(String(e)));
          }
        } else if (m.type === 'error') fail(m.name === 'ExportError' ? new ExportError(m.message) : new Error(m.message));
        else if (m.type === 'done') {
          finished = true;
          if (--running === 0 && !failed) resolve();
        }
      });
      w.on('error', fail);
      w.on('exit', (code) => {
        if (!finished) fail(new Error(`An export worker stopped before it finished (exit code ${code}).`));
      });
    }
    if (running === 0) resolve();
  });
  done.catch(() => undefined); // observed by the caller; never an unhandled rejection meanwhile
  return { done, failed: () => failed, stop };
}

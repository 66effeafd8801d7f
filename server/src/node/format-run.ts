// The CLI's format spread over threads: the calling thread and each worker take the next few files
// from one queue (a counter in shared memory) and format them with their site's options; the
// results are put back in the files' order, so they are the same whatever the thread count. A
// worker loads each site from the texts the main thread's load read (no second read of the disk).
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import { formatPage, formatSiteFile, siteFilePath, type FormatResult } from '../features/format';
import { eachWithinParseLimit, parsePage, type PageDocument } from '../pages/parse';
import { loadSite, type Site } from '../site/site';
import { hostAsyncapiReader } from './asyncapi';
import { join } from '../util/paths';
import { inputsWorkspace } from './check-run';
import { PageQueue, startWorker } from './threads';

/** One file to format: its absolute path (posix), its text, and its site (root and site-relative path) when it has one. */
export interface FormatItem {
  file: string;
  text: string;
  root?: string;
  rel?: string;
}

export interface FormatRunOptions {
  /** Threads in all (the calling one included). */
  threads: number;
  /** Files from which worker threads start (default FORMAT_THREADS_FROM_FILES). */
  threadsFrom?: number;
}

export interface FormatRun {
  /** The result of each item, in the items' order. */
  results: FormatResult[];
  /** Worker threads started. */
  workers: number;
}

/** Runs with at least this many files use worker threads (below, starting one costs more than it saves). */
export const FORMAT_THREADS_FROM_FILES = Number(process.env.DOCWRIGHT_FORMAT_THREADS_FROM ?? 128);

/** What a worker needs to load a site as the main thread did. */
interface SiteInputs {
  root: string;
  files: string[];
  inputs: Map<string, string | undefined>;
}

interface Job {
  kind: 'docwright-format';
  sites: SiteInputs[];
  items: FormatItem[];
  queue: SharedArrayBuffer;
}

type Message = { type: 'done'; results: [index: number, result: FormatResult][] } | { type: 'error'; message: string };

/** The one formatting of an item, on any thread (`parsed`: its text parsed under the path formatting uses). */
function formatItem(item: FormatItem, site: Site | undefined, parsed: PageDocument): FormatResult {
  return site && item.rel !== undefined ? formatSiteFile(site, item.rel, item.text, parsed) : formatPage(item.file, item.text, { parsed });
}

/**
 * Formats the items the queue hands this thread, a batch at a time: the batch's first parses run
 * under one time-limit watchdog (eachWithinParseLimit: the same pages as one watchdog each, for less work).
 */
function drain(items: readonly FormatItem[], sites: ReadonlyMap<string, Site>, queue: PageQueue): [number, FormatResult][] {
  const out: [number, FormatResult][] = [];
  const siteOf = (item: FormatItem) => (item.root !== undefined ? sites.get(item.root) : undefined);
  for (let batch = queue.nextBatch(); batch.length > 0; batch = queue.nextBatch()) {
    const parsed = new Map<string, PageDocument>();
    eachWithinParseLimit(batch, (id) => {
      if (parsed.has(id)) return;
      const item = items[Number(id)];
      const site = siteOf(item);
      parsed.set(id, parsePage(site && item.rel !== undefined ? siteFilePath(site, item.rel) : item.file, item.text));
    });
    for (const id of batch) {
      const item = items[Number(id)];
      out.push([Number(id), formatItem(item, siteOf(item), parsed.get(id)!)]);
    }
  }
  return out;
}

async function work(job: Job): Promise<void> {
  const sites = new Map<string, Site>();
  for (const s of job.sites) {
    const site = await loadSite(inputsWorkspace(s.inputs, s.files), s.root, { files: s.files, asyncapi: hostAsyncapiReader });
    if (!site) throw new Error(`No site in ${s.root}.`);
    sites.set(s.root, site);
  }
  const results = drain(
    job.items,
    sites,
    new PageQueue(
      job.items.map((_, i) => String(i)),
      job.queue,
    ),
  );
  parentPort!.postMessage({ type: 'done', results } satisfies Message);
}

if (!isMainThread && (workerData as Job | undefined)?.kind === 'docwright-format') {
  work(workerData as Job).catch((e: unknown) =>
    parentPort!.postMessage({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies Message),
  );
}

const WORKER_SCRIPT = __filename;

/** A worker's heap: a large young generation lets a page's short-lived parse trees die in scavenges instead of being promoted. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: Number(process.env.DOCWRIGHT_FORMAT_WORKER_YOUNG_MB ?? 64) };

/** A worker's results, or its failure. */
function workerResults(w: Worker): Promise<[number, FormatResult][]> {
  return new Promise((resolve, reject) => {
    w.on('message', (m: Message) => (m.type === 'done' ? resolve(m.results) : reject(new Error(`A format worker failed: ${m.message}`))));
    w.on('error', reject);
    w.on('exit', (code) => reject(new Error(`A format worker stopped before it finished (exit code ${code}).`)));
  });
}

/**
 * Formats `items` (each with the site of its `root` in `sites`): the results equal formatting each
 * item in turn on one thread, in the items' order.
 */
export async function formatFiles(items: readonly FormatItem[], sites: ReadonlyMap<string, Site>, o: FormatRunOptions): Promise<FormatRun> {
  const queue = new PageQueue(items.map((_, i) => String(i)));
  const count = o.threads > 1 && items.length >= (o.threadsFrom ?? FORMAT_THREADS_FROM_FILES) ? Math.min(o.threads - 1, items.length - 1) : 0;
  const workers: Worker[] = [];
  const done: Promise<[number, FormatResult][]>[] = [];
  try {
    if (count > 0) {
      const inputs: SiteInputs[] = [...sites.values()].map((s) => ({
        root: s.root,
        files: [...s.files].map((rel) => join(s.root, rel)),
        inputs: new Map(s.inputs),
      }));
      for (let k = 0; k < count; k++) {
        const w = startWorker(WORKER_SCRIPT, { kind: 'docwright-format', sites: inputs, items: [...items], queue: queue.buffer } satisfies Job, WORKER_LIMITS);
        workers.push(w);
        const d = workerResults(w);
        d.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
        done.push(d);
      }
    }
    const results: FormatResult[] = new Array(items.length);
    for (const [i, r] of drain(items, sites, queue)) results[i] = r;
    for (const d of done) for (const [i, r] of await d) results[i] = r;
    return { results, workers: workers.length };
  } finally {
    await Promise.all(
      workers.map((w) => {
        w.removeAllListeners('exit');
        return w.terminate();
      }),
    );
  }
}

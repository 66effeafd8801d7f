// The CLI's export spread over threads: the main thread and each worker take the next few pages from
// one queue (a counter in shared memory), so every thread stays busy until the pages run out
// whatever each page costs. A worker is the Node host's Docwright taking its share
// (Docwright.exportShare, the same page loop as the main thread's): it loads the site, takes the
// page texts and front matter the main thread read (no second read of the disk), then parses,
// renders and writes its pages one at a time and sends back what the site-wide files need; the
// main thread writes those (search index, llms.txt, 404, assets). The texts are in shared memory,
// so a worker's heap holds only the pages it renders, however large the site.
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import type { ExportShare, ExportWorkerJob, ExportWorkers } from '../docwright';
import type { PageOutput } from '../export/export';
import { ExportError } from '../export/paths';
import { SiteComponentBudget } from '../export/site-components';
import { DiskExportWriter } from './export-disk';
import { hostDocwright } from './host';
import { shareTexts, SharedTexts, type SharedTextsData } from './shared-texts';
import { PageQueue, startWorker } from './threads';

interface Job extends Omit<ExportShare, 'texts'> {
  kind: 'docwright-export';
  /** The page texts in shared memory: a worker decodes those of its pages only. */
  texts: SharedTextsData;
  /** The queue of page ids (in the plan's order, which the worker makes the same) the threads share. */
  queue: SharedArrayBuffer;
  /** The temporary output folder. */
  dir: string;
}

type Message = { type: 'page'; output: PageOutput } | { type: 'error'; message: string; name: string } | { type: 'done' };

/** A worker: the Node host's Docwright takes its share of the pages, through a writer into the same folder. */
async function work(job: Job): Promise<void> {
  const writer = new DiskExportWriter(job.dir, job.root);
  await hostDocwright([job.root]).exportShare(
    { ...job, texts: new SharedTexts(job.texts) },
    writer,
    (ids) => {
      const queue = new PageQueue(ids, job.queue);
      return () => queue.next();
    },
    (output) => parentPort!.postMessage({ type: 'page', output } satisfies Message),
  );
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
function workerLimits(pages: number) {
  // Each worker also holds the site: its navigation and every page's front matter, about 6 KB a page
  // (a 25,080-page site ran a 256 MB worker out of memory).
  const site = Math.ceil((Math.max(0, pages - 10_000) * 6) / 1024);
  return {
    maxOldGenerationSizeMb: Number(process.env.DOCWRIGHT_EXPORT_WORKER_HEAP_MB ?? 256 + site),
    maxYoungGenerationSizeMb: Number(process.env.DOCWRIGHT_EXPORT_WORKER_YOUNG_MB ?? 64),
  };
}

/** The script a worker runs: this module (the CLI bundle once built, the TypeScript file under tsx). */
const WORKER_SCRIPT = __filename;

/** Starts the workers of an export writing into `dir` (Docwright.export's `workers`); the calling thread takes pages from the same queue. */
export function startExportWorkers(o: ExportWorkerJob & { dir: string }): ExportWorkers {
  const queue = new PageQueue(o.ids);
  const workers: Worker[] = [];
  let failed = false;
  const stop = async () => {
    await Promise.allSettled(workers.map((w) => w.terminate()));
  };
  const texts = shareTexts(o.texts);
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
        texts,
        frontMatter: o.frontMatter,
        baseUrl: o.baseUrl,
        trusted: o.trusted,
        components: o.components,
        queue: queue.buffer,
        dir: o.dir,
      };
      const w = startWorker(WORKER_SCRIPT, job, workerLimits(o.ids.length));
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
  return { count: o.workers, next: () => queue.next(), done, failed: () => failed, stop };
}

// How far this machine lets a parse scale over threads: N worker threads each parse every page with
// the floor's parser (gray-matter + remark-parse + remark-mdx, trees dropped), started together
// once all have loaded and warmed up. The ratio of N threads' throughput to one thread's bounds what
// any threaded check can gain over the single-thread floor here.
//   node bench/floor-threads.mjs <pages.json> <threads>
// Prints {"threads": N, "pages": pages per thread, "ms": [each thread's ms], "wallMs": …, "pagesPerSecond": …}.
import { readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { floorParse } from './floor-parse.mjs';

function parseAll(texts) {
  for (const text of texts) floorParse(text);
}

if (!isMainThread) {
  const texts = JSON.parse(readFileSync(workerData.pagesJson, 'utf8')).map((p) => readFileSync(p, 'utf8'));
  parseAll(texts.slice(0, 100)); // warm-up: the timed pass compares steady states
  parentPort.postMessage('ready');
  parentPort.once('message', () => {
    const t0 = process.hrtime.bigint();
    parseAll(texts);
    parentPort.postMessage({ ms: Number(process.hrtime.bigint() - t0) / 1e6, pages: texts.length });
  });
} else {
  const [pagesJson, n] = [process.argv[2], Number(process.argv[3] ?? 1)];
  const workers = Array.from({ length: n }, () => new Worker(new URL(import.meta.url), { workerData: { pagesJson } }));
  const next = (w) => new Promise((resolve, reject) => (w.once('message', resolve), w.once('error', reject)));
  await Promise.all(workers.map(next));
  const t0 = process.hrtime.bigint();
  const done = await Promise.all(workers.map((w) => (w.postMessage('go'), next(w))));
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const pages = done.reduce((a, d) => a + d.pages, 0);
  process.stdout.write(JSON.stringify({ threads: n, pages: done[0].pages, ms: done.map((d) => d.ms), wallMs, pagesPerSecond: (pages / wallMs) * 1000 }) + '\n');
  await Promise.all(workers.map((w) => w.terminate()));
}

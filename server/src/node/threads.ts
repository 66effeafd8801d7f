// Worker threads of the CLI's export and check: the queue the threads share and how a worker starts.
import { setFlagsFromString } from 'node:v8';
import type { Readable } from 'node:stream';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { runnerSafe, terminalSafe } from '../util/controls';

/**
 * Items still to do, shared by the threads: a counter in shared memory that each thread moves on
 * atomically by a batch. Each item is taken by exactly one thread.
 */
export class PageQueue {
  private readonly counter: Int32Array;
  private batch: string[] = [];

  constructor(
    private readonly ids: readonly string[],
    shared: SharedArrayBuffer = new SharedArrayBuffer(4),
    private readonly size = 4,
  ) {
    this.counter = new Int32Array(shared);
  }

  /** How many items the threads have taken so far (any thread may read it). */
  taken(): number {
    return Math.min(Atomics.load(this.counter, 0), this.ids.length);
  }

  get buffer(): SharedArrayBuffer {
    return this.counter.buffer as SharedArrayBuffer;
  }

  /** The next item for this thread; undefined when every item is taken. */
  next(): string | undefined {
    if (this.batch.length === 0) {
      const start = Atomics.add(this.counter, 0, this.size);
      if (start >= this.ids.length) return undefined;
      this.batch = this.ids.slice(start, start + this.size);
    }
    return this.batch.shift();
  }

  /** The rest of this thread's batch, or the next batch; empty when every item is taken. */
  nextBatch(): string[] {
    const first = this.next();
    if (first === undefined) return [];
    const batch = [first, ...this.batch];
    this.batch = [];
    return batch;
  }
}

/**
 * Starts `script` (a module of this bundle, or a TypeScript file under tsx in tests, where the
 * worker registers tsx's loader before it loads the module) on a worker thread.
 */
export function startWorker(script: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  // A worker's own stdout would be this process's: what it prints (a library, page math) goes to stderr instead.
  const options = { workerData, resourceLimits, stdout: true, stderr: true };
  const worker = script.endsWith('.ts')
    ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(script)});`, { eval: true, ...options })
    : new Worker(script, options);
  toStderr(worker.stdout);
  toStderr(worker.stderr);
  return worker;
}

/** A line held back for its end at most this long: a print without line breaks is passed on in parts. */
const MAX_HELD = 64 * 1024;

/** A worker's prints, line by line, to this process's stderr: control characters escaped, no line a CI runner reads as a command. */
function toStderr(stream: Readable): void {
  let held = '';
  const write = (line: string) => process.stderr.write(runnerSafe(terminalSafe(line)) + '\n');
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (held + chunk).split('\n');
    held = lines.pop()!;
    for (const line of lines) write(line);
    for (; held.length > MAX_HELD; held = held.slice(MAX_HELD)) write(held.slice(0, MAX_HELD));
  });
  stream.on('end', () => {
    if (held) write(held);
  });
}

/** One thread per core, at most four. */
export function defaultThreads(cores: number): number {
  return Math.max(1, Math.min(cores, 4));
}

/** How far a heap may grow past what a collection left alive, in percent (boundHeapGrowth). */
const HEAP_GROWING_PERCENT = 50;

/** Sites from this many pages get boundHeapGrowth (below, the heap stays small and the collector's extra work is not worth it). */
export const BOUNDED_HEAP_FROM_PAGES = 2000;

/**
 * Bounds how far every heap of the process (this thread's and the workers' started after) grows
 * past what is alive: under the parser's allocation rate V8 otherwise lets a heap grow to several
 * times that. An engine flag, set for memory, not speed.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

// `docwright export [dir] [--out dir] [--strict] [--base-url url] [--jobs n]`: the static site, its
// Markdown copies, llms.txt and llms-full.txt, written to a temporary folder and swapped in.
import { availableParallelism } from 'node:os';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as path from 'node:path';
import { createExportContext, exportPage, ExportResults, finishExport, type ExportProblem, type ExportReport, type PageOutput } from '../export/export';
import { ExportCancelled, ExportError, normalizeBaseUrl, UnreadableConfigError } from '../export/paths';
import { readPageTexts, streamingExportSource } from '../export/source';
import { DiskWorkspace } from '../lsp/disk-workspace';
import { exportToFolder, readStaticAssets } from '../lsp/export-disk';
import { readRegexTable } from '../lsp/regex-table-file';
import { useRegexTable } from '../render/highlight';
import { isPageFile } from '../site/site';
import { join, relativeInside, toPosix } from '../util/paths';
import { PageQueue, startExportWorkers } from './export-workers';
import { projectIn } from './sites';
import { runSandboxed } from '../node/sandbox';
import { defaultThreads as threadsFor } from '../node/threads';

export interface ExportArgs {
  dir: string;
  out?: string;
  strict: boolean;
  baseUrl?: string;
  /** Threads (the main one and workers); default: one per core (1 to 4) for sites of 64 pages or more, else 1. */
  jobs?: number;
}

export class ExportUsageError extends Error {}

/**
 * The main thread collects garbage itself when its heap passes a bound, then sets the next bound at
 * 1.6x what is alive: V8 alone lets a heap of short-lived page trees grow to several times what is
 * alive (about 80 MB at the end of the 1,000-page site), which on a large site ends in gigabytes.
 * Alone, the floor is 384 MB (a lower one costs time: each forced collection is a full one). With
 * workers beside it (each with a heap of its own) it is 160 MB: 500 MB in all for two threads,
 * against 560-580 MB with 256, at no measurable cost. DOCWRIGHT_EXPORT_HEAP_MB sets the floor; 0
 * turns it off.
 */
const HEAP_BOUND_MB = process.env.DOCWRIGHT_EXPORT_HEAP_MB !== undefined ? Number(process.env.DOCWRIGHT_EXPORT_HEAP_MB) : undefined;
const HEAP_GROWTH = Number(process.env.DOCWRIGHT_EXPORT_HEAP_GROWTH ?? 1.6);
function heapKeeper(withWorkers: boolean): () => void {
  let gc: (() => void) | undefined;
  try {
    v8.setFlagsFromString('--expose-gc');
    const f = vm.runInNewContext('gc') as unknown;
    if (typeof f === 'function') gc = f as () => void;
  } catch {
    // No explicit collection: V8 decides.
  }
  const boundMb = HEAP_BOUND_MB ?? (withWorkers ? 160 : 384);
  const floor = boundMb * 2 ** 20;
  let bound = floor;
  return () => {
    if (!gc || boundMb <= 0 || v8.getHeapStatistics().used_heap_size < bound) return;
    gc();
    // The next collection when the heap has grown by HEAP_GROWTH over what is alive now.
    bound = Math.max(floor, v8.getHeapStatistics().used_heap_size * HEAP_GROWTH);
  };
}

/**
 * Engine settings for the export (process-wide, so set before anything runs; workers started
 * afterwards inherit them). DOCWRIGHT_EXPORT_JIT=default keeps the engine's own.
 *
 * V8 11 (Node 20) has no mid-tier compiler (Maglev): a function runs in the interpreter until
 * TurboFan optimises it, and TurboFan then optimises ~850 functions per thread of an export, about a
 * quarter of all the CPU time of a two-thread export (each thread compiles its own code). Baseline
 * code for every function from its first call (Sparkplug, a quick non-optimising compile) and 12x
 * the default budget before TurboFan leave it the functions that really are hot: 12% less time and
 * CPU on the 1,000-page site in alternating runs. Newer engines (Node 22+: Maglev) gained nothing
 * from it. They instead let the young generation grow to two 64 MB semi-spaces; capped at Node 20's
 * 16 MB, the export's peak RSS is 35-40 MB lower on Node 24 (527 -> 487 MB), for 2-4% more time.
 */
function tuneEngine(): void {
  if (process.env.DOCWRIGHT_EXPORT_JIT === 'default') return;
  try {
    if (Number(process.versions.v8.split('.')[0]) >= 12) {
      v8.setFlagsFromString('--max-semi-space-size=16');
    } else {
      v8.setFlagsFromString('--always-sparkplug');
      v8.setFlagsFromString('--interrupt-budget=811008');
    }
  } catch {
    // Not this engine's flags: its defaults.
  }
}

/**
 * No allocation-site pretenuring for the export (process-wide, so workers started afterwards too).
 * V8 sees that the parser's tokens outlive a young-generation collection (a page's tokens live as
 * long as its parse) and then allocates every later token straight in the old generation, where
 * they die as garbage that only a full collection frees. Without it, on the 1,000-page site, the
 * bytes promoted fell from 790 to 260 MB and young-generation pauses from 1.35 to 0.48 s (Node 24;
 * 896 to 325 MB and 2.6 to 1.2 s on Node 20): the export took 10-15% less time and 50-60 MB less
 * memory. DOCWRIGHT_EXPORT_PRETENURE=1 keeps V8's default.
 */
function tuneGarbageCollector(): void {
  if (process.env.DOCWRIGHT_EXPORT_PRETENURE === '1') return;
  try {
    v8.setFlagsFromString('--no-allocation-site-pretenuring');
  } catch {
    // An engine without the flag: its default.
  }
}

/**
 * One thread per core, at most four: the main thread and cores - 1 workers take pages from one
 * queue. Each thread holds its own renderer and heap (about 80 MB alive). On two cores the second
 * thread gains 5-15% (threads of one process also share the garbage collector's helper threads),
 * for 40% more CPU time; `--jobs 1` leaves a core free.
 */
function defaultThreads(): number {
  return threadsFor(availableParallelism());
}

/** Sites at least this large are exported by worker threads (below, starting them costs more than it saves). */
const PARALLEL_FROM_PAGES = 64;

function optionValue(args: string[], i: number, name: string): [string, number] {
  const a = args[i];
  const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[i + 1];
  if (v === undefined || v === '' || (!a.includes('=') && v.startsWith('-'))) throw new ExportUsageError(`${name} needs a value.`);
  return [v, a.includes('=') ? i : i + 1];
}

export function parseExportArgs(args: string[]): ExportArgs {
  const out: ExportArgs = { dir: '.', strict: false };
  let dirSeen = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--strict') out.strict = true;
    else if (a === '--out' || a.startsWith('--out=') || a === '-o') [out.out, i] = optionValue(args, i, '--out');
    else if (a === '--base-url' || a.startsWith('--base-url=')) [out.baseUrl, i] = optionValue(args, i, '--base-url');
    else if (a === '--jobs' || a.startsWith('--jobs=')) {
      let v: string;
      [v, i] = optionValue(args, i, '--jobs');
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 64) throw new ExportUsageError(`--jobs must be a whole number from 1 to 64, not "${v}".`);
      out.jobs = n;
    } else if (a.startsWith('-')) throw new ExportUsageError(`Unknown option "${a}".`);
    else if (!dirSeen) {
      out.dir = a;
      dirSeen = true;
    } else throw new ExportUsageError(`Unexpected argument "${a}": export takes one folder.`);
  }
  return out;
}

export interface ExportIo {
  out(s: string): void;
  err(s: string): void;
  /** Progress of the pages (the terminal shows it on one line). */
  progress?(done: number, total: number): void;
  cwd?: string;
}

function formatProblem(p: ExportProblem, root: string, cwd: string): string {
  const file = p.file ? toPosix(path.relative(cwd, path.join(root, p.file))) || p.file : '';
  const where = file ? `${file}${p.line ? `:${p.line}` : ''}  ` : '';
  return `${where}${p.severity.padEnd(8)}${p.message}`;
}

/** Exit code: 0 exported, 1 `--strict` and errors in pages (nothing replaced), 2 refused or bad usage. */
export async function runExport(args: ExportArgs, io: ExportIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const started = Date.now();
  // DOCWRIGHT_EXPORT_TIMINGS=1: when each phase ends, on stderr (for the bench and for profiling).
  const mark = process.env.DOCWRIGHT_EXPORT_TIMINGS ? (what: string) => io.err(`[${((Date.now() - started) / 1000).toFixed(2)} s] ${what}`) : () => undefined;
  useRegexTable(() => readRegexTable());
  tuneEngine();
  const { project } = await projectIn(args.dir, cwd, ExportUsageError);
  if (project.roots.length > 1) {
    const list = project.roots.map((r) => toPosix(path.relative(cwd, r)) || '.').join(', ');
    throw new ExportUsageError(`"${args.dir}" holds ${project.roots.length} sites (${list}): export one at a time, e.g. docwright export ${list.split(', ')[0]}.`);
  }
  const root = project.roots[0];
  const site = await project.site(root);
  if (!site) throw new ExportUsageError(`No site in "${args.dir}".`);
  mark('site scanned');
  const shown = (p: string) => toPosix(path.relative(cwd, p)) || '.';
  let cancelled = false;
  const onSigint = () => {
    cancelled = true;
  };
  process.once('SIGINT', onSigint);
  try {
    const baseUrl = normalizeBaseUrl(args.baseUrl);
    const outDir = args.out !== undefined ? path.resolve(cwd, args.out) : path.join(root, 'dist');
    const assets = await readStaticAssets();
    const ws = new DiskWorkspace();
    const result = await exportToFolder(
      root,
      outDir,
      async (writer) => {
        const texts = await readPageTexts(site, (rel) => ws.readFile(join(root, rel)));
        mark('pages read');
        const source = streamingExportSource(site, texts, (rel) => ws.readFile(join(root, rel)), undefined, { components: runSandboxed });
        const ctx = createExportContext(source, { baseUrl, assets, cancelled: () => cancelled });
        mark('front matter read, export planned');
        const ids = ctx.plan.pages.map((p) => p.id);
        const jobs = Math.min(args.jobs ?? (ids.length >= PARALLEL_FROM_PAGES ? defaultThreads() : 1), Math.max(1, ids.length));
        const results = new ExportResults(ctx.plan);
        tuneGarbageCollector();
        const keepHeap = heapKeeper(jobs > 1);
        const got = (o: PageOutput) => {
          if (cancelled) throw new ExportCancelled();
          results.add(o);
          io.progress?.(results.size, ids.length);
        };
        // The main thread and the workers take pages from one queue.
        const queue = new PageQueue(ids);
        const frontMatter = new Map([...texts.keys()].map((rel) => [rel, source.head(rel)?.frontmatter.data ?? {}]));
        const workers = jobs > 1
          ? startExportWorkers({ root, files: [...site.files].map((rel) => join(root, rel)), texts, frontMatter, workers: jobs - 1, queue, baseUrl, dir: writer.dir, onPage: got })
          : undefined;
        try {
          mark(workers ? `${jobs - 1} worker(s) started` : 'one thread');
          let mine = 0;
          for (let id = queue.next(); id !== undefined; id = queue.next()) {
            if (workers?.failed()) break;
            got(await exportPage(ctx, ctx.plan.byId.get(id)!, writer));
            mine++;
            keepHeap();
          }
          mark(`main thread: ${mine} pages exported`);
          await workers?.done;
          if (workers) mark('workers done');
        } catch (e) {
          await workers?.stop();
          throw e;
        }
        if (cancelled) throw new ExportCancelled();
        const report = await finishExport(ctx, results, writer);
        mark('site-wide files written');
        return report;
      },
      (report) => !(args.strict && errorsIn(report) > 0),
    );
    const { report } = result;
    mark('output swapped in');
    for (const p of report.problems) io.out(formatProblem(p, root, cwd));
    const errors = errorsIn(report);
    const warnings = report.problems.length - errors;
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const counts = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
    if (!result.replaced) {
      io.out(`Not exported: --strict and ${counts} (${shown(outDir)} is unchanged).`);
      return 1;
    }
    io.out(`Exported ${report.pages} page${report.pages === 1 ? '' : 's'} (${report.files} files) to ${shown(result.out)} in ${secs} s: ${counts}.`);
    for (const n of report.notes) io.out(`Note: ${n}`);
    // An output inside the site is read back by the checks, unless the format ignores its folder.
    const inside = relativeInside(root, toPosix(result.out));
    if (inside !== undefined && isPageFile(`${inside}/page.md`)) {
      io.out(`Note: ${shown(result.out)} is inside the site folder, so docwright check reads its .md copies as pages: export to dist/ (ignored by the format) or list the folder in .mintignore.`);
    }
    return 0;
  } catch (e) {
    if (e instanceof ExportError) {
      io.err(`docwright: ${e.message}`);
      // An unreadable config is an error of the site (exit 1); other refusals are of the request (2).
      return e instanceof UnreadableConfigError ? 1 : 2;
    }
    if (e instanceof ExportCancelled) {
      io.err('docwright: export cancelled; the previous output is unchanged.');
      return 130;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

function errorsIn(report: ExportReport): number {
  return report.problems.filter((p) => p.severity === 'error').length;
}

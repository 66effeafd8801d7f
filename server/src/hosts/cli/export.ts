// `docwright export [dir] [--out dir] [--strict] [--base-url url] [--jobs n]`: the static site, its
// Markdown copies, llms.txt and llms-full.txt, written to a temporary folder and swapped in.
import { availableParallelism } from 'node:os';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as path from 'node:path';
import { type ExportProblem, type ExportReport, ExportCancelled, ExportError, isPageFile, normalizeBaseUrl, UnreadableConfigError } from '../../docwright';
import { exportToFolder, readStaticAssets } from '../../node/export-disk';
import { relativeInside, toPosix } from '../../util/paths';
import { startExportWorkers } from '../../node/export-workers';
import { jobsOption, parseCommandArgs, UsageError } from './args';
import { projectIn } from './sites';
import { defaultThreads as threadsFor } from '../../node/threads';
import { shownPath } from './output';
import { inlineSafe } from '../../util/controls';

export interface ExportArgs {
  dir: string;
  out?: string;
  strict: boolean;
  baseUrl?: string;
  /** Threads (the main one and workers); default: one per core (1 to 4) for sites of 64 pages or more, else 1. */
  jobs?: number;
}

/**
 * The main thread collects garbage itself once its heap passes a bound, then sets the next bound at
 * 1.6x what is alive: left to itself, V8 lets a heap of short-lived page trees grow to several times
 * what is alive, which on a large site means gigabytes. The floor is lower beside workers, which
 * have heaps of their own. DOCWRIGHT_EXPORT_HEAP_MB sets the floor; 0 turns the bound off.
 * `--expose-gc` is the one engine flag the CLI sets: without it there is no way to collect on demand.
 */
const HEAP_BOUND_MB = process.env.DOCWRIGHT_EXPORT_HEAP_MB !== undefined ? Number(process.env.DOCWRIGHT_EXPORT_HEAP_MB) : undefined;
const HEAP_GROWTH = 1.6;
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
    bound = Math.max(floor, v8.getHeapStatistics().used_heap_size * HEAP_GROWTH);
  };
}

/**
 * One thread per core, at most four (each holds its own renderer and heap): the main thread and
 * cores - 1 workers take pages from one queue; `--jobs 1` leaves a core free.
 */
function defaultThreads(): number {
  return threadsFor(availableParallelism());
}

/** Sites at least this large are exported by worker threads (below, starting them costs more than it saves). */
const PARALLEL_FROM_PAGES = 64;

export function parseExportArgs(args: string[]): ExportArgs {
  const a = parseCommandArgs('export', args);
  const out: ExportArgs = { dir: a.positionals[0] ?? '.', strict: a.flag('strict'), out: a.value('out'), baseUrl: a.value('base-url') };
  if (out.out === '') throw new UsageError('--out needs a value.', 'export');
  if (out.baseUrl === '') throw new UsageError('--base-url needs a value.', 'export');
  const jobs = jobsOption(a, 'export');
  if (jobs !== undefined) out.jobs = jobs;
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
  const file = p.file ? shownPath(path.join(root, p.file), cwd, inlineSafe(p.file)) : '';
  const where = file ? `${file}${p.line ? `:${p.line}` : ''}  ` : '';
  return `${where}${p.severity.padEnd(8)}${inlineSafe(p.message)}`;
}

/** Exit code: 0 exported, 1 `--strict` and errors in pages (nothing replaced), 2 refused or bad usage. */
export async function runExport(args: ExportArgs, io: ExportIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const started = Date.now();
  // DOCWRIGHT_EXPORT_TIMINGS=1: when each phase ends, on stderr (for the bench and for profiling).
  const mark = process.env.DOCWRIGHT_EXPORT_TIMINGS ? (what: string) => io.err(`[${((Date.now() - started) / 1000).toFixed(2)} s] ${what}`) : () => undefined;
  const { docwright, project } = await projectIn(args.dir, cwd, 'export');
  if (project.roots.length > 1) {
    const list = project.roots.map((r) => toPosix(path.relative(cwd, r)) || '.').join(', ');
    throw new UsageError(
      `"${args.dir}" holds ${project.roots.length} sites (${list}): export one at a time, e.g. docwright export ${list.split(', ')[0]}.`,
      'export',
    );
  }
  const root = project.roots[0];
  const site = await project.site(root);
  if (!site) throw new UsageError(`No site in "${args.dir}".`, 'export');
  mark('site scanned');
  const shown = (p: string) => shownPath(p, cwd, '.');
  let cancelled = false;
  const onSigint = () => {
    cancelled = true;
  };
  process.once('SIGINT', onSigint);
  try {
    const baseUrl = normalizeBaseUrl(args.baseUrl);
    const outDir = args.out !== undefined ? path.resolve(cwd, args.out) : path.join(root, 'dist');
    const assets = await readStaticAssets();
    let keepHeap: (() => void) | undefined;
    const result = await exportToFolder(
      root,
      outDir,
      async (writer) => {
        const report = await docwright.export(root, writer, {
          baseUrl,
          assets,
          trusted: true,
          pages: 'stream',
          threads: (pages) => args.jobs ?? (pages >= PARALLEL_FROM_PAGES ? defaultThreads() : 1),
          workers: (job) => startExportWorkers({ ...job, dir: writer.dir }),
          cancelled: () => cancelled,
          progress: (done, total) => io.progress?.(done, total),
          afterPage: (threads) => (keepHeap ??= heapKeeper(threads > 1))(),
          mark,
        });
        if (!report) throw new UsageError(`No site in "${args.dir}".`, 'export');
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
    for (const n of report.notes) io.out(`Note: ${inlineSafe(n)}`);
    // An output inside the site is read back by the checks, unless the format ignores its folder.
    const inside = relativeInside(root, toPosix(result.out));
    if (inside !== undefined && isPageFile(`${inside}/page.md`)) {
      io.out(
        `Note: ${shown(result.out)} is inside the site folder, so docwright check reads its .md copies as pages: export to dist/ (ignored by the format) or list the folder in .mintignore.`,
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof ExportError) {
      io.err(`docwright: ${inlineSafe(e.message)}`);
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

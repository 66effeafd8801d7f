// `docwright format [paths…] [--check] [--diff]`: the pages and snippets of each path in the canonical
// style (features/format.ts, the same formatter as the editor's Format Document), with the options of
// their site's `.docwright.json`. Writes a file only when its formatting was proved safe.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { availableParallelism } from 'node:os';
import { formatFiles, type FormatItem } from '../../node/format-run';
import { defaultThreads } from '../../node/threads';
import { writeFileSafe } from '../../node/safe-write';
import { hostDocwright } from '../../node/host';
import { CONFIG_NAMES, isFormattable, type Site, writeRefusal } from '../../docwright';
import { unifiedDiff } from '../../util/diff';
import { relativeInside, toPosix } from '../../util/paths';
import { jobsOption, parseCommandArgs, UsageError } from './args';
import { shownPath } from './output';
import { inlineSafe } from '../../util/controls';

export interface FormatArgs {
  paths: string[];
  check: boolean;
  diff: boolean;
  /** Threads (default: one per core, 1 to 4, for runs of FORMAT_THREADS_FROM_FILES files or more). */
  jobs?: number;
}

export function parseFormatArgs(args: string[]): FormatArgs {
  const a = parseCommandArgs('format', args);
  const out: FormatArgs = { paths: a.positionals.length ? a.positionals : ['.'], check: a.flag('check'), diff: a.flag('diff') };
  const jobs = jobsOption(a, 'format');
  if (jobs !== undefined) out.jobs = jobs;
  return out;
}

export interface FormatRunInfo {
  /** Files from which worker threads start (tests lower it). */
  threadsFrom?: number;
  /** Told the threads used (the calling one included) and the counts, once the files are formatted. */
  onDone?(info: { threads: number; files: number; changed: number; refused: number }): void;
}

/** The nearest folder at or above `dir` that holds a docs.json or mint.json. */
async function siteRootOf(dir: string): Promise<string | undefined> {
  for (let d = dir; ; d = path.dirname(d)) {
    for (const name of CONFIG_NAMES) if (await fs.lstat(path.join(d, name)).catch(() => undefined)) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/** The Markdown/MDX files below a folder (no symbolic links, no node_modules or dot folders). */
async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') out.push(...(await filesBelow(p)));
    else if (entry.isFile() && isFormattable(entry.name)) out.push(p);
  }
  return out;
}

/** Exit code: 0 formatted (or nothing to do), 1 --check/--diff and files not formatted, 2 bad usage. */
export async function runFormat(
  args: FormatArgs,
  out: (s: string) => void,
  err: (s: string) => void,
  cwd = process.cwd(),
  run: FormatRunInfo = {},
): Promise<number> {
  const files = new Set<string>();
  for (const p of args.paths) {
    const abs = path.resolve(cwd, p);
    const stat = await fs.stat(abs).catch(() => undefined);
    if (!stat) throw new UsageError(`"${p}" does not exist.`, 'format');
    if (stat.isDirectory()) for (const f of await filesBelow(abs)) files.add(f);
    else if (isFormattable(abs)) files.add(abs);
    else throw new UsageError(`"${p}" is not a Markdown or MDX file (.md, .mdx).`, 'format');
  }
  // One project per site root: the site's options and checks prove each of its files.
  const sites = new Map<string, Promise<Site | undefined>>();
  const siteOf = async (root: string) => {
    if (!sites.has(root)) {
      const project = hostDocwright([toPosix(root)]).project;
      sites.set(
        root,
        project.scan().then(() => project.site(toPosix(root))),
      );
    }
    return sites.get(root)!;
  };
  const show = (p: string) => shownPath(p, cwd);
  const write = !args.check && !args.diff;
  const sorted = [...files].sort();
  const items: FormatItem[] = [];
  const siteOfItem: (Site | undefined)[] = [];
  const rootOfItem: (string | undefined)[] = [];
  const loaded = new Map<string, Site>();
  for (const file of sorted) {
    const root = await siteRootOf(path.dirname(file));
    const site = root ? await siteOf(root) : undefined;
    const rel = root ? relativeInside(toPosix(root), toPosix(file)) : undefined;
    if (site) loaded.set(site.root, site);
    siteOfItem.push(site);
    rootOfItem.push(root);
    items.push({ file: toPosix(file), text: await fs.readFile(file, 'utf8'), ...(site && rel !== undefined ? { root: site.root, rel } : {}) });
  }
  const threads = args.jobs ?? defaultThreads(availableParallelism());
  const { results, workers } = await formatFiles(items, loaded, { threads, threadsFrom: run.threadsFrom });
  let changed = 0;
  let refused = 0;
  const noted = new Set<string>();
  for (let i = 0; i < sorted.length; i++) {
    const file = sorted[i];
    const site = siteOfItem[i];
    if (site?.format?.notes.length && !noted.has(site.root)) {
      noted.add(site.root);
      for (const n of site.format.notes) err(`docwright: note: ${inlineSafe(n)}`);
    }
    const text = items[i].text;
    const result = results[i];
    if (result.refused) {
      refused++;
      err(`${show(file)}: not formatted: ${inlineSafe(result.refused)}.`);
    }
    if (!result.changed) continue;
    const root = rootOfItem[i];
    const notWritten = write && root !== undefined ? writeRefusal(relativeInside(toPosix(root), toPosix(file)) ?? '') : undefined;
    if (notWritten !== undefined) {
      refused++;
      err(`${show(file)}: not formatted: ${inlineSafe(notWritten)}.`);
      continue;
    }
    changed++;
    if (args.diff) out(unifiedDiff(`a/${show(file)}`, `b/${show(file)}`, text, result.text).trimEnd());
    else if (args.check) out(show(file));
    else await writeFileSafe(rootOfItem[i] ?? path.dirname(file), file, result.text);
  }
  run.onDone?.({ threads: workers + 1, files: files.size, changed, refused });
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const verb = write ? 'formatted' : 'not formatted';
  err(`${plural(files.size, 'file')}: ${changed} ${verb}${refused ? `, ${refused} left as written (reasons above)` : ''}.`);
  return !write && changed > 0 ? 1 : 0;
}

// `docwright`: the command-line entry. The same core as the language server, for CI and terminals.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import type { Finding } from '../types';
import { newSiteFiles, scaffoldConflicts, siteNameFromFolder } from '../scaffold';
import { type CommandName, commandHelp, generalUsage, isCommand, parseCommandArgs, UsageError, usageHint } from './args';
import { parseMigrateArgs, runMigrate } from './migrate';
import { parseExportArgs, runExport } from './export';
import { parseRulesArgs, runRules } from './rules';
import { parseMvArgs, runMv } from './mv';
import { projectIn } from './sites';
import { enableMermaidCheck } from '../node/mermaid-file';
import { append } from '../util/array';
import { availableParallelism } from 'node:os';
import { checkSiteFiles, readSiteTexts } from '../node/check-run';
import { cacheFileFor, defaultCacheDir, readCheckCache, writeCheckCache } from '../node/check-cache';
import { boundHeapGrowth, BOUNDED_HEAP_FROM_PAGES, defaultThreads } from '../node/threads';
import { UnsafeWriteError, writeFileSafe } from '../node/safe-write';
import { terminalSafe } from '../util/controls';
import { startLanguageServer } from '../lsp/main';
import { parseDevArgs, runDev } from './dev';

interface CheckArgs {
  dir: string;
  format: 'stylish' | 'json';
  hints: boolean;
  /** Threads (default: one per core, 1 to 4). */
  jobs?: number;
  cache?: boolean;
  /** The cache folder (implies --cache). */
  cacheLocation?: string;
}

export function parseCheckArgs(args: string[]): CheckArgs {
  const a = parseCommandArgs('check', args);
  const format = a.value('format') ?? 'stylish';
  if (format !== 'stylish' && format !== 'json') throw new UsageError(`--format must be "stylish" or "json", not "${format}".`, 'check');
  const out: CheckArgs = { dir: a.positionals[0] ?? '.', format, hints: a.flag('hints'), cache: a.flag('cache') };
  const jobs = a.value('jobs');
  if (jobs !== undefined) {
    const n = Number(jobs);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--jobs must be a whole number from 1 to 64, not "${jobs}".`, 'check');
    out.jobs = n;
  }
  const location = a.value('cache-location');
  if (location !== undefined) {
    out.cacheLocation = location;
    out.cache = true;
  }
  return out;
}

function formatStylish(findings: Finding[], cwd: string): string {
  const lines: string[] = [];
  for (const f of findings) {
    const file = path.relative(cwd, f.path) || f.path;
    lines.push(`${file}:${f.range.start.line + 1}:${f.range.start.character + 1}  ${f.severity.padEnd(11)} ${f.message}  ${f.ruleId}`);
  }
  return lines.join('\n');
}

function summary(findings: Finding[], sites: number, hintsShown: boolean): string {
  const count = (s: Finding['severity']) => findings.filter((f) => f.severity === s).length;
  const [e, w, i, h] = [count('error'), count('warning'), count('information'), count('hint')];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const problems = findings.length - h;
  const hintNote = h === 0 ? '' : hintsShown ? ` ${plural(h, 'hint')}.` : ` ${plural(h, 'hint')} not listed (--hints lists them).`;
  if (problems === 0) return `No problems found (${plural(sites, 'site')}).${hintNote}`;
  return `${plural(problems, 'problem')} (${plural(e, 'error')}, ${plural(w, 'warning')}, ${i} info) in ${plural(sites, 'site')}.${hintNote}`;
}

function incomplete(findings: Finding[], failures: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Check incomplete: ${plural(failures, 'rule failure')} (listed above); ${plural(findings.length, 'finding')} from the rules that ran.`;
}

export async function runCheck(args: CheckArgs, out: (s: string) => void, cwd = process.cwd(), err: (s: string) => void = (s) => process.stderr.write(s + '\n')): Promise<number> {
  enableMermaidCheck();
  const { project, dir } = await projectIn(args.dir, cwd, 'check');
  const findings: Finding[] = [];
  // A rule that throws leaves the check incomplete: said on stderr (rule and file), exit 2.
  const failures: string[] = [];
  const onRuleError = (id: string, e: unknown, file: string) => {
    const line = `docwright: rule ${id} failed on ${path.relative(cwd, file) || file}: ${e instanceof Error ? e.message : String(e)}`;
    failures.push(line);
    err(line);
  };
  const threads = args.jobs ?? defaultThreads(availableParallelism());
  const cacheDir = args.cacheLocation !== undefined ? path.resolve(cwd, args.cacheLocation) : defaultCacheDir(dir);
  for (const root of project.roots) {
    const site = await project.site(root);
    if (!site) continue;
    if (site.pages.size >= BOUNDED_HEAP_FROM_PAGES) boundHeapGrowth();
    const texts = await readSiteTexts(site, (p) => project.text(p));
    const file = args.cache ? cacheFileFor(cacheDir, root) : undefined;
    const read = file ? await readCheckCache(file, root) : {};
    if (read.note) err(`docwright: note: ${read.note}`);
    const result = await checkSiteFiles(site, texts, { threads, cache: read.data, onRuleError: (id, message, where) => onRuleError(id, new Error(message), where) });
    append(findings, result.findings);
    if (file && result.changed) await writeCheckCache(file, result.cache, args.cacheLocation !== undefined ? cacheDir : dir).catch((e: unknown) => err(`docwright: note: the check cache could not be written to ${file}: ${e instanceof Error ? e.message : String(e)}`));
  }
  if (args.format === 'json') {
    out(
      JSON.stringify(
        findings.map((f) => ({
          file: path.relative(cwd, f.path) || f.path,
          line: f.range.start.line + 1,
          column: f.range.start.character + 1,
          endLine: f.range.end.line + 1,
          endColumn: f.range.end.character + 1,
          severity: f.severity,
          ruleId: f.ruleId,
          message: f.message,
        })),
        null,
        2,
      ),
    );
  } else {
    const body = formatStylish(args.hints ? findings : findings.filter((f) => f.severity !== 'hint'), cwd);
    if (body) out(body + '\n');
    out(failures.length ? incomplete(findings, failures.length) : summary(findings, project.roots.length, args.hints));
  }
  if (failures.length) return 2;
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}

interface InitArgs {
  dir: string;
  name?: string;
}

export function parseInitArgs(args: string[]): InitArgs {
  const a = parseCommandArgs('init', args);
  const name = a.value('name');
  if (name !== undefined && !name.trim()) throw new UsageError('--name needs a site name.', 'init');
  return { dir: a.positionals[0] ?? '.', name: name?.trim() };
}

export async function runInit(args: InitArgs, out: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const dir = path.resolve(cwd, args.dir);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new UsageError(`"${args.dir}" is not a folder.`, 'init');
  // The folder named is the root: links in its own path are the user's; nothing below it is followed.
  await fs.mkdir(dir, { recursive: true });
  const files = newSiteFiles(args.name ?? siteNameFromFolder(path.basename(dir)));
  const conflicts = scaffoldConflicts(await fs.readdir(dir), files);
  if (conflicts.length) {
    throw new UsageError(`"${args.dir}" already has ${conflicts.join(', ')}: init never overwrites files. Choose an empty folder.`, 'init');
  }
  // Exclusive: fails instead of overwriting a file (or following a link) created since the folder was read.
  for (const f of files) await writeFileSafe(dir, path.join(dir, f.path), f.text, { exclusive: true });
  const rel = path.relative(cwd, dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
  const arg = /^[\w./@%+=:,-]+$/.test(shown) ? shown : JSON.stringify(shown);
  out(`Created ${files.map((f) => f.path).join(' and ')} in ${shown}. Check it with: docwright check ${arg}`);
  return 0;
}

const RUN: Record<CommandName, (args: string[], out: (s: string) => void, err: (s: string) => void) => Promise<number>> = {
  check: (args, out, err) => runCheck(parseCheckArgs(args), out, undefined, err),
  init: (args, out) => runInit(parseInitArgs(args), out),
  migrate: (args, out, err) => runMigrate(parseMigrateArgs(args), out, err),
  export: (args, out, err) => runExport(parseExportArgs(args), { out, err, progress: terminalProgress() }),
  mv: (args, out) => runMv(parseMvArgs(args), out),
  rules: (args, out, err) => runRules(parseRulesArgs(args), out, err),
  dev: (args, out, err) => runDev(parseDevArgs(args), { out, err, signal: stopSignal() }),
  lsp: (args) => {
    parseCommandArgs('lsp', args);
    startLanguageServer({ stdio: true });
    // The server ends the process itself (exit notification, or its input closed).
    return new Promise<number>(() => undefined);
  },
};

/** Output streams that a reader closed (`docwright check | head -1`): written no more. */
const closed = new Set<NodeJS.WriteStream>();
const watched = new Set<NodeJS.WriteStream>();

/** A line to a stream, its control characters escaped (they come from file names, docs.json and pages); nothing once the reader has gone. */
function writeLine(stream: NodeJS.WriteStream, s: string): void {
  if (closed.has(stream)) return;
  if (!watched.has(stream)) {
    watched.add(stream);
    // A closed pipe (EPIPE) ends the output quietly; the command finishes with its own exit code.
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
      closed.add(stream);
    });
  }
  stream.write(terminalSafe(s) + '\n');
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (s: string) => writeLine(process.stdout, s);
  const err = (s: string) => writeLine(process.stderr, s);
  try {
    if (command === undefined || command === '-h' || command === '--help' || (command === 'help' && rest.length === 0)) {
      out(generalUsage());
      return command === undefined ? 2 : 0;
    }
    if (command === '-v' || command === '--version') {
      out(VERSION);
      return 0;
    }
    // `docwright help <command>` is `docwright <command> --help`.
    if (command === 'help' && isCommand(rest[0])) {
      out(commandHelp(rest[0]));
      return 0;
    }
    if (!isCommand(command)) throw new UsageError(`Unknown command "${command === 'help' ? rest[0] : command}".`);
    if (parseCommandArgs(command, rest).help) {
      out(commandHelp(command));
      return 0;
    }
    return await RUN[command](rest, out, err);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`docwright: ${e.message}\n\n${e.command ? usageHint(e.command) : generalUsage()}`);
      return 2;
    }
    if (e instanceof UnsafeWriteError) {
      err(`docwright: ${e.message}`);
      return 2;
    }
    err(`docwright: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 2;
  }
}

/** Aborted by Ctrl+C or SIGTERM: a long-running command (dev) stops cleanly. */
function stopSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}

/** Page progress on one terminal line (stderr), only when stderr is a terminal. */
function terminalProgress(): ((done: number, total: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  let last = -1;
  return (done, total) => {
    const pct = Math.floor((done / total) * 100);
    if (pct === last && done !== total) return;
    last = pct;
    process.stderr.write(`\rExporting pages: ${done}/${total} (${pct}%)${done === total ? '\n' : ''}`);
  };
}

declare const DOCWRIGHT_VERSION: string | undefined;
const VERSION = typeof DOCWRIGHT_VERSION === 'string' ? DOCWRIGHT_VERSION : 'dev';

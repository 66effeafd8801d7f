// `docwright`: the command-line entry. The same core as the language server, for CI and terminals.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import type { Finding } from '../types';
import { newSiteFiles, scaffoldConflicts, siteNameFromFolder } from '../scaffold';
import { MigrateUsageError, parseMigrateArgs, runMigrate } from './migrate';
import { ExportUsageError, parseExportArgs, runExport } from './export';
import { parseRulesArgs, RulesUsageError, runRules } from './rules';
import { MV_USAGE, MvUsageError, parseMvArgs, runMv } from './mv';
import { projectIn } from './sites';
import { enableMermaidCheck } from '../lsp/mermaid-file';
import { append } from '../util/array';
import { availableParallelism } from 'node:os';
import { checkSiteFiles, readSiteTexts } from '../node/check-run';
import { cacheFileFor, defaultCacheDir, readCheckCache, writeCheckCache } from '../node/check-cache';
import { defaultThreads } from '../node/threads';

const USAGE = `Usage: docwright <command> [options]

Commands:
  check [dir] [--format stylish|json] [--hints] [--jobs <n>] [--cache]
        [--cache-location <dir>]
                  Check docs.json and the pages of every site in dir (default: .).
                  Hints (prose suggestions) are counted but listed only with --hints;
                  --format json always lists everything. --jobs sets the threads
                  (default: one per core, 1 to 4, for sites of 128 pages or more).
                  --cache keeps each page's findings and re-checks only what changed
                  (in node_modules/.cache/docwright of dir, or --cache-location).
  init [dir] [--name <name>]
                  Start a site in dir (default: .; created if missing): a docs.json
                  and an introduction page that pass every check. Never overwrites
                  a file, and refuses a folder that already holds a site.
  migrate [dir] [--write]
                  Convert the classic docs.json (or mint.json) of every site in dir to
                  the current format: prints a unified diff, and notes on what could
                  not carry over on stderr. Writes docs.json only with --write.
  export [dir] [--out <dir>] [--strict] [--base-url <url>] [--jobs <n>]
                  Write the site as static HTML (one page per page, relative links that
                  work from disk, offline search, 404.html, robots.txt), a Markdown copy
                  of each page, llms.txt and llms-full.txt. Default output: dist/ in the
                  site folder. The output is built beside it and swapped in at the end:
                  a failed export leaves the previous one. --base-url adds sitemap.xml
                  and canonical links; --strict fails (exit 1, nothing replaced) when a
                  page has errors. --jobs sets the threads (default: one per core, 1 to 4).
  mv <from> <to> [--redirect] [--dry-run]
                  Move or rename a page, snippet, file or folder of a site and rewrite
                  what names it: links, images, imports, navigation entries, redirect
                  destinations, llms.txt. --redirect adds redirects from the old URLs;
                  --dry-run prints the edits only. Never replaces an existing file.
  rules [dir] [--target cursor|cursor-mdc|agents|copilot|windsurf] [--force]
                  Write the editor rules file for the site: the writing rules, with its
                  name, navigation groups, components and the rules Docwright enforces.
                  Default: .cursor/rules.md. Never overwrites a file without --force.

Options:
  -h, --help      Show this help
  -v, --version   Show the version

Exit codes: 0 no errors, 1 errors found, 2 bad usage, no site found or an internal error
(a rule that failed, named with its file on stderr).`;

export class UsageError extends Error {}

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

/**
 * Parses `[dir]` plus the given `--flag`s and `--option value` / `--option=value`s; returns the
 * folder (default `.`). Anything else is a UsageError naming `command`.
 */
function parseFolderArgs(
  args: string[],
  command: string,
  spec: { flags?: Record<string, () => void>; options?: Record<string, (value: string | undefined) => void> },
): string {
  const flags = new Map(Object.entries(spec.flags ?? {}));
  const options = new Map(Object.entries(spec.options ?? {}));
  let dir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const option = options.get(eq > 0 ? a.slice(0, eq) : a);
    if (flags.has(a)) flags.get(a)!();
    else if (option) option(eq > 0 ? a.slice(eq + 1) : args[++i]);
    else if (a.startsWith('-')) throw new UsageError(`Unknown option "${a}".`);
    else if (dir === undefined) dir = a;
    else throw new UsageError(`Unexpected argument "${a}": ${command} takes one folder.`);
  }
  return dir ?? '.';
}

export function parseCheckArgs(args: string[]): CheckArgs {
  let format: CheckArgs['format'] = 'stylish';
  let hints = false;
  let jobs: number | undefined;
  let cache = false;
  let cacheLocation: string | undefined;
  const dir = parseFolderArgs(args, 'check', {
    flags: { '--hints': () => (hints = true), '--cache': () => (cache = true) },
    options: {
      '--jobs': (v) => {
        const n = Number(v);
        if (v === undefined || !Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--jobs must be a whole number from 1 to 64, not ${v === undefined ? 'nothing' : `"${v}"`}.`);
        jobs = n;
      },
      '--cache-location': (v) => {
        if (!v) throw new UsageError('--cache-location needs a folder.');
        cacheLocation = v;
        cache = true;
      },
      '--format': (v) => {
        if (v !== 'stylish' && v !== 'json') throw new UsageError(`--format must be "stylish" or "json", not ${v === undefined ? 'nothing' : `"${v}"`}.`);
        format = v;
      },
    },
  });
  return { dir, format, hints, jobs, cache, cacheLocation };
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
  const { project, dir } = await projectIn(args.dir, cwd, UsageError);
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
    const texts = await readSiteTexts(site, (p) => project.text(p));
    const file = args.cache ? cacheFileFor(cacheDir, root) : undefined;
    const read = file ? await readCheckCache(file, root) : {};
    if (read.note) err(`docwright: note: ${read.note}`);
    const result = await checkSiteFiles(site, texts, { threads, cache: read.data, onRuleError: (id, message, where) => onRuleError(id, new Error(message), where) });
    append(findings, result.findings);
    if (file && result.changed) await writeCheckCache(file, result.cache).catch((e: unknown) => err(`docwright: note: the check cache could not be written to ${file}: ${e instanceof Error ? e.message : String(e)}`));
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
  let name: string | undefined;
  const dir = parseFolderArgs(args, 'init', {
    options: {
      '--name': (v) => {
        if (!v?.trim()) throw new UsageError('--name needs a site name.');
        name = v.trim();
      },
    },
  });
  return { dir, name };
}

export async function runInit(args: InitArgs, out: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const dir = path.resolve(cwd, args.dir);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new UsageError(`"${args.dir}" is not a folder.`);
  await fs.mkdir(dir, { recursive: true });
  const files = newSiteFiles(args.name ?? siteNameFromFolder(path.basename(dir)));
  const conflicts = scaffoldConflicts(await fs.readdir(dir), files);
  if (conflicts.length) {
    throw new UsageError(`"${args.dir}" already has ${conflicts.join(', ')}: init never overwrites files. Choose an empty folder.`);
  }
  // 'wx' fails instead of overwriting a file created since the folder was read.
  for (const f of files) await fs.writeFile(path.join(dir, f.path), f.text, { flag: 'wx' });
  const rel = path.relative(cwd, dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
  const arg = /^[\w./@%+=:,-]+$/.test(shown) ? shown : JSON.stringify(shown);
  out(`Created ${files.map((f) => f.path).join(' and ')} in ${shown}. Check it with: docwright check ${arg}`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (s: string) => process.stdout.write(s + '\n');
  try {
    if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
      out(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === '-v' || command === '--version') {
      out(VERSION);
      return 0;
    }
    if (command === 'check') return await runCheck(parseCheckArgs(rest), out);
    if (command === 'init') return await runInit(parseInitArgs(rest), out);
    if (command === 'migrate') return await runMigrate(parseMigrateArgs(rest), out, (s) => process.stderr.write(s + '\n'));
    if (command === 'export') return await runExport(parseExportArgs(rest), { out, err: (s) => process.stderr.write(s + '\n'), progress: terminalProgress() });
    if (command === 'mv') return await runMv(parseMvArgs(rest), out);
    if (command === 'rules') return await runRules(parseRulesArgs(rest), out, (s) => process.stderr.write(s + '\n'));
    throw new UsageError(`Unknown command "${command}".`);
  } catch (e) {
    if (e instanceof MvUsageError) {
      process.stderr.write(`docwright: ${e.message}\n\n${MV_USAGE}\n`);
      return 2;
    }
    if (e instanceof UsageError || e instanceof MigrateUsageError || e instanceof ExportUsageError || e instanceof RulesUsageError) {
      process.stderr.write(`docwright: ${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`docwright: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 2;
  }
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

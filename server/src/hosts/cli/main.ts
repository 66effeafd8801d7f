// `docwright`: the command-line entry. The same core as the language server, for CI and terminals.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import type { Finding } from '../../types';
import { type CommandName, COMMANDS, commandHelp, generalUsage, isCommand, jobsOption, parseCommandArgs, UsageError, usageHint } from './args';
import { parseMigrateArgs, runMigrate } from './migrate';
import { parseExportArgs, runExport } from './export';
import { parseRulesArgs, runRules } from './rules';
import { parseMvArgs, runMv } from './mv';
import { parseScoreArgs, runScore } from './score';
import { parseMcpArgs, runMcp } from '../mcp/mcp';
import { parseFormatArgs, runFormat } from './format';
import { projectIn } from './sites';
import { append } from '../../util/array';
import { availableParallelism } from 'node:os';
import { checkSiteFully } from '../../node/host';
import { defaultCacheDir } from '../../node/check-cache';
import { boundHeapGrowth, BOUNDED_HEAP_FROM_PAGES, defaultThreads } from '../../node/threads';
import { UnsafeWriteError, writeFileSafe } from '../../node/safe-write';
import { inlineSafe } from '../../util/controls';
import { consoleToStderr, shownPath, writeLine } from './output';
import { startLanguageServer } from '../lsp/main';
import { parseDevArgs, runDev } from '../dev/dev';
import ignore from 'ignore';
import { formatGithub, formatSarif, type SiteFindings } from './ci-format';
import { type BaselineArgs, BaselineError, baselineLines, type BaselineReport, isNew, planBaselines, sarifBaseline } from './baseline';
import { fixSites } from './fix';
import { startExternalLinks } from './external-links';
import { untrackedFindings } from './untracked';
import type { LinkCheckOptions } from '../../node/external-links';
import { GitError, gitChanges, isAncestor, lastChange, type GitChanges } from '../../node/git';
import { compareFindings, Docwright, FILE_UNTRACKED, GIT_RULES, type GitReader } from '../../docwright';
import { join, relativeInside, toPosix, trimTrailingSlashes } from '../../util/paths';

type CheckFormat = 'stylish' | 'json' | 'github' | 'sarif';
const FORMATS: readonly CheckFormat[] = ['stylish', 'json', 'github', 'sarif'];

interface CheckArgs extends BaselineArgs {
  /** The folder, or the files and globs to report on (relative to the working directory). */
  paths: string[];
  format: CheckFormat;
  hints: boolean;
  /** Threads (default: one per core, 1 to 4). */
  jobs?: number;
  cache?: boolean;
  /** The cache folder (implies --cache). */
  cacheLocation?: string;
  /** Write the formatted findings to this file; the summary still goes to stdout. */
  output?: string;
  /** Report only the files changed since this git ref, and those whose findings they change (implies base). */
  changedSince?: string;
  /** Run the git-aware checks against this ref. */
  base?: string;
  fix?: boolean;
  fixDryRun?: boolean;
  /** Check the external links too (`--external`); `externalOptions` only from tests (the command line sets none). */
  external?: boolean;
  externalOptions?: Partial<LinkCheckOptions>;
}

export function parseCheckArgs(args: string[]): CheckArgs {
  const a = parseCommandArgs('check', args);
  const format = a.value('format') ?? 'stylish';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${format}".`, 'check');
  const out: CheckArgs = { paths: a.positionals, format: format as CheckFormat, hints: a.flag('hints'), cache: a.flag('cache') };
  const jobs = jobsOption(a, 'check');
  if (jobs !== undefined) out.jobs = jobs;
  const location = a.value('cache-location');
  if (location !== undefined) {
    out.cacheLocation = location;
    out.cache = true;
  }
  for (const [key, name] of [
    ['output', 'output'],
    ['changedSince', 'changed-since'],
    ['base', 'base'],
    ['baseline', 'baseline'],
  ] as const) {
    const v = a.value(name);
    if (v === undefined) continue;
    if (v.trim() === '') throw new UsageError(`--${name} needs ${COMMANDS.check.options[name].needs}.`, 'check');
    out[key] = v;
  }
  if (out.changedSince !== undefined && out.base !== undefined && out.changedSince !== out.base)
    throw new UsageError('--changed-since and --base name different refs: give one (--changed-since implies --base).', 'check');
  out.fix = a.flag('fix');
  out.fixDryRun = a.flag('fix-dry-run');
  out.external = a.flag('external');
  if (out.fix && out.fixDryRun) throw new UsageError('--fix and --fix-dry-run exclude each other.', 'check');
  out.baselineWrite = a.flag('baseline-write');
  out.noBaseline = a.flag('no-baseline');
  if (out.noBaseline && (out.baselineWrite || out.baseline !== undefined))
    throw new UsageError('--no-baseline excludes --baseline and --baseline-write.', 'check');
  if (out.baselineWrite && out.fixDryRun) throw new UsageError('--baseline-write and --fix-dry-run exclude each other.', 'check');
  return out;
}

function formatStylish(findings: Finding[], cwd: string): string {
  const lines: string[] = [];
  for (const f of findings) {
    const file = shownPath(f.path, cwd);
    lines.push(`${file}:${f.range.start.line + 1}:${f.range.start.character + 1}  ${f.severity.padEnd(11)} ${inlineSafe(f.message)}  ${f.ruleId}`);
  }
  return lines.join('\n');
}

function summary(findings: Finding[], sites: number, hintsShown: boolean, baselined = false): string {
  const count = (s: Finding['severity']) => findings.filter((f) => f.severity === s).length;
  const [e, w, i, h] = [count('error'), count('warning'), count('information'), count('hint')];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const problems = findings.length - h;
  const hintNote = h === 0 ? '' : hintsShown ? ` ${plural(h, 'hint')}.` : ` ${plural(h, 'hint')} not listed (--hints lists them).`;
  if (problems === 0) return `No ${baselined ? 'new problems' : 'problems found'} (${plural(sites, 'site')}).${hintNote}`;
  return `${plural(problems, 'problem')} (${plural(e, 'error')}, ${plural(w, 'warning')}, ${i} info) in ${plural(sites, 'site')}.${hintNote}`;
}

function incomplete(findings: Finding[], failures: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Check incomplete: ${plural(failures, 'rule failure')} (listed above); ${plural(findings.length, 'finding')} from the rules that ran.`;
}

/** Which of `paths` (relative to cwd) is the folder to check, and which name the files to report on. */
async function checkTargets(paths: string[], cwd: string): Promise<{ dirArg: string; targets: string[] }> {
  if (paths.length === 0) return { dirArg: '.', targets: [] };
  if (paths.length === 1) {
    const stat = await fs.stat(path.resolve(cwd, paths[0])).catch(() => undefined);
    if (stat?.isDirectory()) return { dirArg: paths[0], targets: [] };
  }
  for (const p of paths) {
    if (/[*?[\]{}]/.test(p)) continue;
    if (!(await fs.stat(path.resolve(cwd, p)).catch(() => undefined))) throw new UsageError(`"${p}" is not a folder, a file or a glob.`, 'check');
  }
  return { dirArg: '.', targets: paths };
}

/** A matcher of cwd-relative posix paths for files and globs given on the command line (gitignore syntax: a folder covers what it holds). */
function targetMatcher(targets: string[], cwd: string): ((file: string) => boolean) | undefined {
  if (targets.length === 0) return undefined;
  const patterns = targets.map((t) => {
    const rel = path.isAbsolute(t) ? path.relative(cwd, t) : t;
    return trimTrailingSlashes(toPosix(rel).replace(/^(\.\/)+/, '')) || '**';
  });
  const outside = patterns.filter((p) => p === '..' || p.startsWith('../'));
  if (outside.length) throw new UsageError(`"${outside[0]}" is outside the working folder: run docwright from a folder that holds the files named.`, 'check');
  // Anchored at the working folder, as a shell expands them: `*.mdx` is the folder's own pages, `**/*.mdx` all.
  const m = ignore().add(patterns.map((p) => (p.startsWith('/') || p.startsWith('**') ? p : `/${p}`)));
  return (file) => {
    const rel = toPosix(path.relative(cwd, file));
    return rel !== '' && !rel.startsWith('../') && !path.isAbsolute(rel) && m.ignores(rel);
  };
}

export async function runCheck(
  args: CheckArgs,
  out: (s: string) => void,
  cwd = process.cwd(),
  err: (s: string) => void = (s) => process.stderr.write(s + '\n'),
): Promise<number> {
  const { dirArg, targets } = await checkTargets(args.paths, cwd);
  const matches = targetMatcher(targets, cwd);
  const { docwright, project, dir } = await projectIn(dirArg, cwd, 'check');
  const baselines = await planBaselines(project.roots, args, cwd, matches !== undefined || args.changedSince !== undefined, (p) => project.text(p));
  const base = args.changedSince ?? args.base;
  let git: GitChanges | undefined;
  if (base !== undefined) {
    try {
      git = await gitChanges(dir, base);
    } catch (e) {
      if (e instanceof GitError) throw new UsageError(`--${args.changedSince !== undefined ? 'changed-since' : 'base'}: ${e.message}`, 'check');
      throw e;
    }
  }
  const threads = args.jobs ?? defaultThreads(availableParallelism());
  if (args.fix || args.fixDryRun) {
    const fixed = await fixSites(docwright, project.roots, threads, args.fixDryRun === true, cwd, out, err);
    if (args.fixDryRun) return fixed;
    await project.scan();
  }
  const findings: Finding[] = [];
  const perSite: SiteFindings[] = [];
  // A rule that throws leaves the check incomplete: said on stderr (rule and file), exit 2.
  const failures: string[] = [];
  const onRuleError = (id: string, e: unknown, file: string) => {
    const line = `docwright: rule ${id} failed on ${path.relative(cwd, file) || file}: ${e instanceof Error ? e.message : String(e)}`;
    failures.push(line);
    err(line);
  };
  const cacheDir = args.cacheLocation !== undefined ? path.resolve(cwd, args.cacheLocation) : defaultCacheDir(dir);
  const links = args.external ? await startExternalLinks(args, cacheDir, dir, err) : undefined;
  let matched = 0;
  for (const root of project.roots) {
    const failed = failures.length;
    const checked = await checkSiteFully(docwright, root, {
      threads,
      cacheDir: args.cache ? cacheDir : undefined,
      cacheBase: args.cacheLocation !== undefined ? cacheDir : dir,
      onRuleError: (id, message, where) => onRuleError(id, new Error(message), where),
      note: (message) => err(`docwright: note: ${inlineSafe(message)}`),
      beforeRead: (site) => {
        if (site.pages.size >= BOUNDED_HEAP_FROM_PAGES) boundHeapGrowth();
      },
    });
    if (!checked) continue;
    const { site, result, texts } = checked;
    let reported = result.findings;
    if (matches || args.changedSince !== undefined) {
      const changed = new Set<string>();
      const deleted = new Set<string>();
      if (matches) for (const rel of site.files) if (matches(join(site.root, rel))) changed.add(rel);
      if (args.changedSince !== undefined && git) {
        for (const c of git.changes) {
          const rel = relativeInside(site.root, c.path);
          if (rel !== undefined && c.status !== 'deleted') changed.add(rel);
          if (rel !== undefined && c.status === 'deleted') deleted.add(rel);
          const from = c.from !== undefined ? relativeInside(site.root, c.from) : undefined;
          if (from !== undefined) deleted.add(from);
        }
      }
      matched += changed.size;
      reported = Docwright.scopedFindings({
        site,
        siteFindings: result.siteFindings,
        fileFindings: result.fileFindings,
        files: result.cache.files,
        changed,
        deleted,
      }).sort(compareFindings);
    }
    if (git) reported = [...reported, ...(await Docwright.gitFindings(site, gitReader(git)))].sort(compareFindings);
    if (links) reported = await links.add(reported, site, checked.texts, matches, args.changedSince !== undefined ? git?.changes : undefined);
    reported = [...reported, ...(await untrackedFindings(site, checked.texts))].sort(compareFindings);
    await baselines.site(root, [result.findings, reported], texts, failures.length > failed);
    if (baselines.used && args.format !== 'json' && args.format !== 'sarif') reported = reported.filter((f) => isNew(baselines, f));
    append(findings, reported);
    perSite.push({
      root,
      findings: args.hints || args.format === 'json' || args.format === 'sarif' ? reported : reported.filter((f) => f.severity !== 'hint'),
    });
  }
  await links?.finish();
  if (matches && matched === 0) err(`docwright: note: ${targets.map((t) => `"${t}"`).join(', ')} name${targets.length === 1 ? 's' : ''} no file of a site.`);
  const counted = findings.filter((f) => isNew(baselines, f));
  await printCheck(args, { findings, counted, perSite, baselines, failures: failures.length, sites: project.roots.length }, cwd, out, err);
  if (failures.length) return 2;
  return counted.some((f) => f.severity === 'error') ? 1 : 0;
}

/** What the git-aware checks read of the repository: the changes found, and git asked for more. */
function gitReader(git: GitChanges): GitReader {
  return { ref: git.ref, changes: git.changes, lastChange: (file) => lastChange(git.top, file), isAncestor: (a, b) => isAncestor(git.top, a, b) };
}

/** The check's output: the findings in their format (to stdout or --output's file), the baseline lines and the summary. */
async function printCheck(
  args: CheckArgs,
  r: { findings: Finding[]; counted: Finding[]; perSite: SiteFindings[]; baselines: BaselineReport; failures: number; sites: number },
  cwd: string,
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<void> {
  const formatted = formatFindings(args.format, r.findings, r.perSite, cwd, args.hints, r.baselines);
  const tail = [
    ...baselineLines(r.baselines, r.findings, cwd),
    r.failures ? incomplete(r.findings, r.failures) : summary(r.counted, r.sites, args.hints, r.baselines.used),
  ].join('\n');
  if (args.output !== undefined) {
    const target = path.resolve(cwd, args.output);
    const inside = relativeInside(toPosix(cwd), toPosix(target)) !== undefined;
    await writeFileSafe(inside ? cwd : path.dirname(target), target, formatted === '' ? '' : formatted + '\n');
    out(`${tail} Written to ${path.relative(cwd, target) || target}.`);
  } else if (args.format === 'json' || args.format === 'sarif') {
    out(formatted);
    if (r.baselines.used || r.baselines.notes.length) err(tail);
  } else {
    if (formatted) out(formatted + (args.format === 'stylish' ? '\n' : ''));
    out(tail);
  }
}

function formatFindings(format: CheckFormat, findings: Finding[], perSite: SiteFindings[], cwd: string, hints: boolean, baselines: BaselineReport): string {
  switch (format) {
    case 'json':
      return JSON.stringify(
        findings.map((f) => ({
          file: path.relative(cwd, f.path) || f.path,
          line: f.range.start.line + 1,
          column: f.range.start.character + 1,
          endLine: f.range.end.line + 1,
          endColumn: f.range.end.character + 1,
          severity: f.severity,
          ruleId: f.ruleId,
          message: f.message,
          ...(baselines.used ? { baselineState: isNew(baselines, f) ? 'new' : 'unchanged' } : {}),
        })),
        null,
        2,
      );
    case 'sarif':
      return formatSarif(findings, cwd, VERSION, [...GIT_RULES, FILE_UNTRACKED], baselines.used ? sarifBaseline(baselines, cwd) : undefined);
    case 'github':
      return formatGithub(perSite, cwd);
    default:
      return formatStylish(hints ? findings : findings.filter((f) => f.severity !== 'hint'), cwd);
  }
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

/** "a", "a and b", "a, b and c". */
function listJoin(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export async function runInit(args: InitArgs, out: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const dir = path.resolve(cwd, args.dir);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new UsageError(`"${args.dir}" is not a folder.`, 'init');
  // The folder named is the root: links in its own path are the user's; nothing below it is followed.
  await fs.mkdir(dir, { recursive: true });
  const { files, conflicts } = Docwright.newSite(args.name, path.basename(dir), await fs.readdir(dir));
  if (conflicts.length) {
    throw new UsageError(`"${args.dir}" already has ${conflicts.join(', ')}: init never overwrites files. Choose an empty folder.`, 'init');
  }
  // Exclusive: fails instead of overwriting a file (or following a link) created since the folder was read.
  for (const f of files) await writeFileSafe(dir, path.join(dir, f.path), f.text, { exclusive: true });
  const rel = path.relative(cwd, dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
  const arg = /^[\w./@%+=:,-]+$/.test(shown) ? shown : JSON.stringify(shown);
  out(`Created ${listJoin(files.map((f) => f.path))} in ${shown}. Check it with: docwright check ${arg}`);
  return 0;
}

const RUN: Record<CommandName, (args: string[], out: (s: string) => void, err: (s: string) => void) => Promise<number>> = {
  check: (args, out, err) => {
    const parsed = parseCheckArgs(args);
    // Only the github format's own lines may be runner commands (its values are escaped by formatGithub).
    const commands = parsed.format === 'github' && parsed.output === undefined;
    return runCheck(parsed, commands ? (s) => writeLine(process.stdout, s, true) : out, undefined, err);
  },
  init: (args, out) => runInit(parseInitArgs(args), out),
  migrate: (args, out, err) => runMigrate(parseMigrateArgs(args), out, err),
  export: (args, out, err) => runExport(parseExportArgs(args), { out, err, progress: terminalProgress() }),
  format: (args, out, err) => runFormat(parseFormatArgs(args), out, err),
  mv: (args, out) => runMv(parseMvArgs(args), out),
  rules: (args, out, err) => runRules(parseRulesArgs(args), out, err),
  score: (args, out, err) => runScore(parseScoreArgs(args), out, err),
  mcp: (args, _out, err) => runMcp(parseMcpArgs(args), err),
  dev: (args, out, err) => runDev(parseDevArgs(args), { out, err, signal: stopSignal() }),
  lsp: (args) => {
    parseCommandArgs('lsp', args);
    startLanguageServer({ stdio: true });
    // The server ends the process itself (exit notification, or its input closed).
    return new Promise<number>(() => undefined);
  },
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (s: string) => writeLine(process.stdout, s);
  const err = (s: string) => writeLine(process.stderr, s);
  consoleToStderr();
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
    if (e instanceof UnsafeWriteError || e instanceof BaselineError) {
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

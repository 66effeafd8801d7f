// What git knows of a folder, through the `git` binary (execFile, no shell): the files changed since
// a ref (working tree included), and the last commit of a file, for `docwright check --changed-since/--base`;
// the files of a folder git tracks and which of the others it ignores, for file-untracked.
// The checked repository is untrusted: git runs with a fixed environment, no system or global config, and
// every config key that names a program (its own or the repository's) set off, so nothing the repository
// configures runs.
import { execFile } from 'node:child_process';
import { devNull } from 'node:os';
import * as path from 'node:path';
import { toPosix } from '../util/paths';

/** Git failed or is missing: the message says why (the CLI shows it as a usage error). */
export class GitError extends Error {}

const MAX_OUTPUT = 256 * 1024 * 1024;

/** Keys git reads as a program to run (or a switch that makes it run one), set off for every call. */
const PROGRAMS_OFF: readonly (readonly [string, string])[] = [
  ['core.fsmonitor', 'false'],
  ['core.hooksPath', devNull],
  ['core.pager', 'cat'],
  ['core.editor', ':'],
  ['core.askPass', ''],
  ['core.sshCommand', ''],
  ['core.alternateRefsCommand', ''],
  ['credential.helper', ''],
  ['diff.external', ''],
  ['gpg.program', ''],
  ['log.showSignature', 'false'],
  ['sequence.editor', ':'],
  ['status.submoduleSummary', 'false'],
  ['submodule.recurse', 'false'],
];

/** Keys with a subsection the repository names itself that run a program: filters, diff drivers, merge drivers, pagers. */
const PROGRAM_KEY = /^(?:filter\..+\.(?:clean|smudge|process|required)|diff\..+\.(?:textconv|command)|merge\..+\.driver|pager\..+)$/i;

/** The environment git runs with: the inherited GIT_* variables (GIT_DIR, GIT_EXTERNAL_DIFF, GIT_PAGER...) dropped. */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: devNull,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    LC_ALL: 'C',
  };
  for (const name of ['PATH', 'Path', 'PATHEXT', 'SYSTEMROOT', 'HOME', 'TMPDIR', 'TEMP', 'TMP']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return env;
}

/** How long one git call may take before it is stopped (a hung filesystem or a huge repository must not hang a check). */
const TIMEOUT_MS = 120_000;

/**
 * Runs git; `quietCodes` are exit codes that answer rather than fail (`check-ignore` exits 1 when
 * nothing is ignored); `input` is written to its standard input.
 */
function run(cwd: string, args: string[], quietCodes: readonly number[] = [], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd, maxBuffer: MAX_OUTPUT, encoding: 'utf8', env: gitEnv(), windowsHide: true, timeout: TIMEOUT_MS, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const e = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
        if (e.code === 'ENOENT') return reject(new GitError('git was not found on PATH.'));
        if (e.killed) return reject(new GitError(`git ${args.find((a) => !a.startsWith('-')) ?? ''} took over ${TIMEOUT_MS / 1000} s and was stopped.`));
        if (typeof e.code === 'number' && quietCodes.includes(e.code)) return resolve(stdout);
        reject(new GitError(stderr.trim().split('\n')[0] || e.message));
      },
    );
    // A git that ends before reading all of it closes the pipe: its exit says what went wrong.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

const configFlags = (pairs: Iterable<readonly [string, string]>) => [...pairs].flatMap(([key, value]) => ['-c', `${key}=${value}`]);

/** The `-c` flags that switch off, for one repository, every key of its config that names a program. */
async function programsOff(cwd: string): Promise<string[]> {
  const listed = await run(cwd, ['--no-pager', ...configFlags(PROGRAMS_OFF), 'config', '--list', '-z']).catch(() => '');
  const keys = new Set<string>();
  for (const entry of listed.split('\0')) {
    const key = entry.split('\n', 1)[0];
    if (!PROGRAM_KEY.test(key)) continue;
    // `-c` splits at the first '=': a subsection holding one could not be switched off.
    if (key.includes('=')) throw new GitError(`The repository's git config names a program under "${key}"; not running git there.`);
    keys.add(key);
  }
  return configFlags([...PROGRAMS_OFF, ...[...keys].map((key) => [key, /\.required$/i.test(key) ? 'false' : ''] as const)]);
}

/** The flags per folder, read once: one check asks git many times of the same repository. */
const offByFolder = new Map<string, Promise<string[]>>();

/** Runs git in `cwd` with no program of the repository's config and no pager. */
async function git(cwd: string, args: string[], quietCodes: readonly number[] = [], input?: string): Promise<string> {
  let off = offByFolder.get(cwd);
  if (!off) offByFolder.set(cwd, (off = programsOff(cwd)));
  return run(cwd, ['--no-pager', ...(await off), ...args], quietCodes, input);
}

/** One changed file: absolute paths (posix); `from` is the old path of a rename. */
export interface GitChange {
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  path: string;
  from?: string;
}

export interface GitChanges {
  /** The repository's top folder (posix). */
  top: string;
  /** The ref as given, and the commit it names. */
  ref: string;
  commit: string;
  changes: GitChange[];
}

/** The files changed between `ref` and the working tree (uncommitted and untracked files too), renames paired. */
export async function gitChanges(dir: string, ref: string): Promise<GitChanges> {
  if (ref.startsWith('-')) throw new GitError(`"${ref}" is not a git ref.`);
  const top = toPosix((await git(dir, ['rev-parse', '--show-toplevel'])).trim());
  const commit = (
    await git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).catch(() => {
      throw new GitError(`"${ref}" names no commit of the repository in ${top}.`);
    })
  ).trim();
  const abs = (p: string) => toPosix(path.join(top, p));
  const changes: GitChange[] = [];
  const diff = (
    await git(top, [
      '-c',
      'core.quotePath=false',
      'diff',
      '--name-status',
      '-z',
      '--find-renames',
      '--no-ext-diff',
      '--no-textconv',
      '--ignore-submodules=all',
      commit,
      '--',
    ])
  ).split('\0');
  for (let i = 0; i < diff.length - 1;) {
    const code = diff[i++];
    if (code.startsWith('R') || code.startsWith('C')) {
      const from = diff[i++];
      const to = diff[i++];
      if (code.startsWith('R')) changes.push({ status: 'renamed', path: abs(to), from: abs(from) });
      else changes.push({ status: 'added', path: abs(to) });
    } else {
      const p = diff[i++];
      changes.push({ status: code === 'D' ? 'deleted' : code === 'A' ? 'added' : 'modified', path: abs(p) });
    }
  }
  const untracked = (await git(top, ['-c', 'core.quotePath=false', 'ls-files', '--others', '--exclude-standard', '-z'])).split('\0').filter(Boolean);
  for (const p of untracked) changes.push({ status: 'added', path: abs(p) });
  return { top, ref, commit, changes };
}

/** The last commit that changed a file (undefined when none has), and whether the working tree changes it still. */
export async function lastChange(top: string, file: string): Promise<{ commit?: string; dirty: boolean }> {
  const rel = path.relative(top, file);
  const commit =
    (await git(top, ['log', '-1', '--no-show-signature', '--format=%H', '--end-of-options', 'HEAD', '--', rel]).catch(() => '')).trim() || undefined;
  const status = (await git(top, ['status', '--porcelain', '-z', '--ignore-submodules=all', '--', rel])).trim();
  return { commit, dirty: status !== '' };
}

/** Whether commit `a` is an ancestor of commit `b` (or the same). */
export async function isAncestor(top: string, a: string, b: string): Promise<boolean> {
  if (!isObjectName(a) || !isObjectName(b)) return false;
  return git(top, ['merge-base', '--is-ancestor', a, b]).then(
    () => true,
    () => false,
  );
}

const isObjectName = (s: string) => /^[0-9a-f]{4,64}$/i.test(s);

/** The files of a folder as git has them: those it tracks, and of the others those its ignore rules leave out. */
export interface GitFiles {
  /** Paths relative to the folder asked about (posix): files in the index (a submodule or a symbolic link to a folder is one entry). */
  tracked: ReadonlySet<string>;
  /** Whether git ignores each path asked about that it does not track (`.gitignore`, `.git/info/exclude`, core.excludesFile). */
  ignored(paths: readonly string[]): Promise<Set<string>>;
}

/**
 * What git tracks under `dir` (one `git ls-files -z`), or undefined when `dir` is in no git work tree
 * (or git is missing, or the repository cannot be read safely): then there is nothing to say.
 */
export async function gitFiles(dir: string): Promise<GitFiles | undefined> {
  let listed: string;
  try {
    listed = await git(dir, ['-c', 'core.quotePath=false', 'ls-files', '-z', '--cached', '--', '.']);
  } catch (e) {
    if (e instanceof GitError) return undefined;
    throw e;
  }
  const tracked = new Set(listed.split('\0').filter(Boolean).map(toPosix));
  return {
    tracked,
    async ignored(paths) {
      if (paths.length === 0) return new Set();
      // One call, the paths on its input (NUL-separated, as it answers); exit 1: none of them is ignored.
      const answer = await git(dir, ['-c', 'core.quotePath=false', 'check-ignore', '-z', '--stdin'], [1], paths.join('\0') + '\0');
      return new Set(answer.split('\0').filter(Boolean).map(toPosix));
    },
  };
}

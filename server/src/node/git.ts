// What git knows of a folder, through the `git` binary (execFile, no shell): the files changed since
// a ref (working tree included), and the last commit of a file. For `docwright check --changed-since/--base`.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { toPosix } from '../util/paths';

/** Git failed or is missing: the message says why (the CLI shows it as a usage error). */
export class GitError extends Error {}

const MAX_OUTPUT = 256 * 1024 * 1024;

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, maxBuffer: MAX_OUTPUT, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const e = error as NodeJS.ErrnoException;
      if (e.code === 'ENOENT') return reject(new GitError('git was not found on PATH.'));
      reject(new GitError(stderr.trim().split('\n')[0] || e.message));
    });
  });
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
  const diff = (await git(top, ['-c', 'core.quotePath=false', 'diff', '--name-status', '-z', '--find-renames', '--no-ext-diff', commit, '--'])).split('\0');
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
  const commit = (await git(top, ['log', '-1', '--format=%H', '--end-of-options', 'HEAD', '--', rel]).catch(() => '')).trim() || undefined;
  const status = (await git(top, ['status', '--porcelain', '-z', '--', rel])).trim();
  return { commit, dirty: status !== '' };
}

/** Whether commit `a` is an ancestor of commit `b` (or the same). */
export async function isAncestor(top: string, a: string, b: string): Promise<boolean> {
  return git(top, ['merge-base', '--is-ancestor', a, b]).then(
    () => true,
    () => false,
  );
}

// Every write of the CLI (and of the server's disk writers) goes through here: a path below a root
// (the site, the repository, the folder checked, the export's temporary folder) is written only if
// none of its existing components below that root is a symbolic link, and a link is never written
// through: a file is written to a new temporary file beside it (O_EXCL, which never follows a link)
// and renamed over the old one (rename replaces a link, never its target). The root itself may be
// reached through links (a checkout path often is). A committed `.cursor -> ~/x` or
// `AGENTS.md -> ~/.bashrc` is refused. Not guarded: a local process that swaps a folder for a link
// between the check and the write (the check is of what the repository holds, not of a live attacker).
import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';

/** A write refused because its path goes through (or ends at) a symbolic link, or leaves its root. */
export class UnsafeWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeWriteError';
  }
}

/** The components of `target` below `root`, or undefined when it is not inside it (or is the root). */
function componentsBelow(root: string, target: string): string[] | undefined {
  const rel = path.relative(path.resolve(root), path.resolve(target));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep);
}

async function lstatOrNothing(p: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
}

function linkError(link: string, target: string): UnsafeWriteError {
  const what = link === target ? `${target} is a symbolic link` : `${link} (on the way to ${target}) is a symbolic link`;
  return new UnsafeWriteError(
    `${what}: Docwright does not write through symbolic links, so nothing was written. Replace the link with a real file or folder, or remove it.`,
  );
}

/**
 * Refuses `target` when it is not below `root` or when one of its existing components below `root`
 * (itself included) is a symbolic link. Components that do not exist yet are fine.
 */
export async function assertNoLinks(root: string, target: string): Promise<void> {
  const parts = componentsBelow(root, target);
  if (!parts) throw new UnsafeWriteError(`${target} is not inside ${root}: nothing was written.`);
  let p = path.resolve(root);
  for (const part of parts) {
    p = path.join(p, part);
    const stat = await lstatOrNothing(p);
    if (!stat) return;
    if (stat.isSymbolicLink()) throw linkError(p, path.resolve(target));
  }
}

/** `mkdir -p dir` below `root`, one folder at a time, refusing a link or a file on the way. */
export async function makeFolders(root: string, dir: string): Promise<void> {
  const base = path.resolve(root);
  const parts = path.resolve(dir) === base ? [] : componentsBelow(base, dir);
  if (!parts) throw new UnsafeWriteError(`${dir} is not inside ${root}: nothing was written.`);
  // The root is trusted as named (it may be reached through links); only what is below it is checked.
  await fs.mkdir(base, { recursive: true });
  let p = base;
  for (const part of parts) {
    p = path.join(p, part);
    // mkdir never follows a link at its last component: an existing one gives EEXIST, and is looked at.
    const made = await fs.mkdir(p).then(
      () => true,
      (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
        return false;
      },
    );
    if (made) continue;
    const stat = await fs.lstat(p);
    if (stat.isSymbolicLink()) throw linkError(p, path.resolve(dir));
    if (!stat.isDirectory()) throw new UnsafeWriteError(`${p} is a file, not a folder: nothing was written.`);
  }
}

export interface SafeWriteOptions {
  /** Fail (EEXIST) when the file exists instead of replacing it. */
  exclusive?: boolean;
}

/**
 * Writes `file` (below `root`) whole, making its folders: never through a symbolic link, never
 * replacing one. Replacing an existing file goes through a temporary file beside it and a rename, so
 * readers never see half a file; the old file's permissions are kept.
 */
export async function writeFileSafe(root: string, file: string, content: string | Uint8Array, options: SafeWriteOptions = {}): Promise<void> {
  const abs = path.resolve(file);
  const dir = path.dirname(abs);
  await makeFolders(root, dir);
  const existing = await lstatOrNothing(abs);
  if (existing?.isSymbolicLink()) throw linkError(abs, abs);
  if (options.exclusive) {
    // O_CREAT|O_EXCL: fails on an existing file or link, never follows one.
    await fs.writeFile(abs, content, { flag: 'wx' });
    return;
  }
  const temp = path.join(dir, `.${path.basename(abs)}.docwright-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, content, { flag: 'wx', mode: existing?.isFile() ? existing.mode & 0o7777 : 0o666 });
    await fs.rename(temp, abs);
  } catch (e) {
    await fs.rm(temp, { force: true });
    throw e;
  }
}

/**
 * Writes a file in a folder this process made and checked (an export's temporary folder): opened
 * with O_NOFOLLOW where the system has it, so a link put there since is not followed.
 */
export async function writeFileNoFollow(file: string, content: string | Uint8Array): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);
  await fs.writeFile(file, content, { flag: flags });
}

/**
 * Renames `from` to `to`, both below `root`: neither may be or go through a symbolic link, and `to`
 * must not exist (rename would replace it). Makes the folders of `to`.
 */
export async function renameSafe(root: string, from: string, to: string): Promise<void> {
  await assertNoLinks(root, from);
  await makeFolders(root, path.dirname(path.resolve(to)));
  if (await lstatOrNothing(to)) throw new UnsafeWriteError(`${to} already exists: nothing was moved.`);
  await fs.rename(from, to);
}

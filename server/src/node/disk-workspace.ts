// The Workspace over the disk, with open editor buffers taking precedence over file contents.
//
// Symbolic links. A site is the files whose content really is inside its folder (the folder holding
// docs.json or mint.json; outside any site, the folder being listed). So:
// - a linked folder is walked only when its real path is inside that folder, and never when it
//   holds a folder being walked (`a/loop -> ..` would loop): a link to a folder elsewhere in the
//   repository, to `../../..` or to `/` is skipped with all it holds;
// - a linked file is listed wherever it leads (so the checks see that it exists and the export can
//   say why it is not copied), but `readFile` does not read it when it leads out of its site, and
//   the export's copy (DiskExportWriter.copy) refuses it with a problem in the report;
// - dangling links and links to anything but a regular file or a folder are skipped.
import type { Dirent } from 'node:fs';
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { isConfigName } from '../config/files';
import { isSkippedFolder, type Workspace } from '../workspace';
import { toPosix } from '../util/paths';

/**
 * At most this many folders are walked through links in one listing. A cycle is caught without it,
 * but links that fan out (`d1/a -> d2`, `d1/b -> d2`, `d2/a -> d3`, ...) would list a number of
 * paths that doubles with every level; past the bound, further linked folders are skipped.
 */
export const MAX_LINKED_FOLDERS = 10_000;

/** Whether `child` is `parent` or inside it (real paths, the platform's form). */
function within(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** What a symbolic link leads to (its real path), when that is a regular file or a folder. */
async function linkTarget(p: string): Promise<{ real: string; folder: boolean } | undefined> {
  try {
    const real = await fs.realpath(p);
    const stat = await fs.stat(real);
    if (stat.isFile()) return { real, folder: false };
    if (stat.isDirectory()) return { real, folder: true };
  } catch {
    // Dangling, a loop of links, or unreadable.
  }
  return undefined;
}

/** Opening with this flag fails (ELOOP) when the file itself is a symbolic link (not on Windows). */
const NO_FOLLOW = constants.O_NOFOLLOW as number | undefined;

export class DiskWorkspace implements Workspace {
  constructor(private readonly overlay: (path: string) => string | undefined = () => undefined) {}

  async readFile(p: string): Promise<string | undefined> {
    const open = this.overlay(p);
    if (open !== undefined) return (await this.leadsOutOfSite(p)) ? undefined : open;
    try {
      if (NO_FOLLOW === undefined) return (await this.leadsOutOfSite(p)) ? undefined : await fs.readFile(p, 'utf8');
      // One open, as fs.readFile does, that refuses a link: the common case costs nothing more.
      const file = await fs.open(p, constants.O_RDONLY | NO_FOLLOW);
      try {
        return await file.readFile('utf8');
      } finally {
        await file.close();
      }
    } catch (e) {
      // ELOOP: the file is a link (EMLINK on FreeBSD).
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== 'ELOOP' && code !== 'EMLINK') || (await this.leadsOutOfSite(p))) return undefined;
      try {
        return await fs.readFile(p, 'utf8');
      } catch {
        return undefined;
      }
    }
  }

  /**
   * Whether `p` is a symbolic link whose real path is outside its site folder (the nearest folder
   * above it holding docs.json or mint.json). A link outside any site is not refused.
   */
  private async leadsOutOfSite(p: string): Promise<boolean> {
    const stat = await fs.lstat(p).catch(() => undefined);
    if (!stat?.isSymbolicLink()) return false;
    const real = await fs.realpath(p).catch(() => undefined);
    if (real === undefined) return true;
    for (let dir = path.dirname(path.resolve(p)); ; dir = path.dirname(dir)) {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      if (names.some(isConfigName)) {
        const site = await fs.realpath(dir).catch(() => dir);
        return !within(site, real);
      }
      if (path.dirname(dir) === dir) return false;
    }
  }

  async kindOf(p: string): Promise<'file' | 'folder' | undefined> {
    const stat = await fs.stat(p).catch(() => undefined);
    return stat?.isFile() ? 'file' : stat?.isDirectory() ? 'folder' : undefined;
  }

  async listFiles(root: string): Promise<string[]> {
    const out: string[] = [];
    let realRoot: string;
    try {
      realRoot = await fs.realpath(root);
    } catch {
      return out;
    }
    let linkedFolders = 0;
    /**
     * `dir` as it is listed (below `root`), `real` its real path, `bound` the real path of the
     * folder links must stay in (the innermost site folder, else the root), `chain` the real paths
     * of the folders being walked, `linked` whether `dir` was reached through a link.
     */
    const walk = async (dir: string, real: string, bound: string, chain: string[], linked: boolean): Promise<void> => {
      if (linked && ++linkedFolders > MAX_LINKED_FOLDERS) return;
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      if (entries.some((e) => isConfigName(e.name))) bound = real;
      const here = [...chain, real];
      // In name order, so that which links MAX_LINKED_FOLDERS leaves out does not depend on the disk.
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (!isSkippedFolder(e.name)) await walk(full, path.join(real, e.name), bound, here, linked);
        } else if (e.isFile()) {
          out.push(toPosix(full));
        } else if (e.isSymbolicLink()) {
          const target = await linkTarget(full);
          if (!target) continue;
          if (!target.folder) out.push(toPosix(full));
          // Only folders inside the bound, and none that holds (or is) a folder being walked.
          else if (!isSkippedFolder(e.name) && within(bound, target.real) && !here.some((c) => within(target.real, c))) {
            await walk(full, target.real, bound, here, true);
          }
        }
      }
    };
    await walk(root, realRoot, realRoot, [], false);
    return out.sort();
  }
}

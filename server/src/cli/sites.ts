// The sites in a folder named on the command line, shared by every subcommand.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { DiskWorkspace } from '../lsp/disk-workspace';
import { Project } from '../project';
import { toPosix } from '../util/paths';

/**
 * Scans `dirArg` (relative to `cwd`) for sites. Throws `usage` (the subcommand's usage error)
 * when it is not a folder or holds no docs.json/mint.json.
 */
export async function projectIn(dirArg: string, cwd: string, usage: new (message: string) => Error): Promise<{ dir: string; project: Project }> {
  const dir = path.resolve(cwd, dirArg);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) throw new usage(`"${dirArg}" is not a folder.`);
  const project = new Project(new DiskWorkspace(), [toPosix(dir)]);
  await project.scan();
  if (project.roots.length === 0) throw new usage(`No docs.json or mint.json found in "${dirArg}".`);
  return { dir, project };
}

// The sites in a folder named on the command line, shared by every subcommand.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Docwright, Project } from '../../docwright';
import { hostDocwright } from '../../node/host';
import { toPosix } from '../../util/paths';
import { type CommandName, UsageError } from './args';

/**
 * Scans `dirArg` (relative to `cwd`) for sites. Throws a UsageError of `command` when it is not a
 * folder or holds no docs.json/mint.json.
 */
export async function projectIn(dirArg: string, cwd: string, command: CommandName): Promise<{ dir: string; docwright: Docwright; project: Project }> {
  const dir = path.resolve(cwd, dirArg);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`"${dirArg}" is not a folder.`, command);
  const docwright = hostDocwright([toPosix(dir)]);
  const project = docwright.project;
  await project.scan();
  if (project.roots.length === 0) throw new UsageError(`No docs.json or mint.json found in "${dirArg}".`, command);
  return { dir, docwright, project };
}

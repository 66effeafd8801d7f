// `docwright migrate [dir] [--write]`: converts the classic docs.json (or mint.json) of every site in
// dir to the current format. Prints a unified diff (stdout) and notes on what did not carry over
// (stderr); writes docs.json only with --write.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { CONFIG_FILE_NAME, CONFIG_NAMES, type MigrationNote } from '../../docwright';
import { unifiedDiff } from '../../util/diff';
import { join, relativeInside } from '../../util/paths';
import { UnsafeWriteError, writeFileSafe } from '../../node/safe-write';
import { parseCommandArgs } from './args';
import { projectIn } from './sites';
import { shownPath } from './output';
import { inlineSafe } from '../../util/controls';

export interface MigrateArgs {
  dir: string;
  write: boolean;
}

export function parseMigrateArgs(args: string[]): MigrateArgs {
  const a = parseCommandArgs('migrate', args);
  return { dir: a.positionals[0] ?? '.', write: a.flag('write') };
}

export function formatNote(file: string, n: MigrationNote): string {
  return `${file}: ${n.kind} ${inlineSafe(n.path)}: ${inlineSafe(n.message)}`;
}

/** Exit code: 0 done (or nothing to do), 1 a config could not be converted, 2 no site or a docs.json that is a symbolic link. */
export async function runMigrate(args: MigrateArgs, out: (s: string) => void, err: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const { docwright, project } = await projectIn(args.dir, cwd, 'migrate');
  let failed = false;
  let refused = false;
  let changed = 0;
  for (const root of project.roots) {
    const site = await project.site(root);
    // A site that could not be read: its first config name, read from the disk below.
    const from = site?.config.path ?? join(root, CONFIG_NAMES[0]);
    const to = path.posix.join(root, CONFIG_FILE_NAME);
    const show = (p: string) => shownPath(p, cwd);
    const text = await fs.readFile(from, 'utf8');
    const migrated = docwright.editor.migrateConfigText(text);
    if ('error' in migrated) {
      err(`${show(from)}: ${inlineSafe(migrated.error)}`);
      failed = true;
      continue;
    }
    const { result } = migrated;
    if (result.alreadyCurrent) {
      err(`${show(from)}: already in the current format; nothing to do.`);
      continue;
    }
    changed++;
    const fromName = relativeInside(root, from) ?? CONFIG_FILE_NAME;
    out(unifiedDiff(`a/${show(from)}`, `b/${show(to)}`, text, result.text).trimEnd());
    for (const n of result.notes) err(formatNote(show(from), n));
    if (args.write) {
      try {
        await writeFileSafe(root, to, result.text);
      } catch (e) {
        if (!(e instanceof UnsafeWriteError)) throw e;
        err(`docwright: ${e.message}`);
        refused = true;
        continue;
      }
      err(
        `${show(to)}: written in the current format.` +
          (fromName !== CONFIG_FILE_NAME ? ` ${show(from)} was left in place; delete it once docs.json is checked (docs.json wins when both exist).` : ''),
      );
    }
  }
  if (changed > 0 && !args.write)
    err(`Nothing was written. Run again with --write to write ${changed === 1 ? CONFIG_FILE_NAME : `the ${CONFIG_FILE_NAME} files`}.`);
  return refused ? 2 : failed ? 1 : 0;
}

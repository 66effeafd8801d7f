// `docwright rules [dir] [--target cursor|cursor-mdc|agents|copilot|windsurf] [--force]`: writes the
// editor rules file for the site (the equivalent of `mkdir -p .cursor` + `.cursor/rules.md` by
// default). Never overwrites a file without --force.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { RULES_TARGETS, rulesTarget, type RulesTarget } from '../../docwright';
import { repositoryRoot } from '../../node/export-disk';
import { assertNoLinks, writeFileSafe } from '../../node/safe-write';
import { parseCommandArgs, UsageError } from './args';
import { projectIn } from './sites';
import { shownPath } from './output';
import { inlineSafe } from '../../util/controls';

export interface RulesArgs {
  dir: string;
  target: RulesTarget;
  force: boolean;
}

export function parseRulesArgs(args: string[]): RulesArgs {
  const a = parseCommandArgs('rules', args);
  const v = a.value('target');
  const target = v === undefined ? rulesTarget('cursor') : rulesTarget(v);
  if (!target) throw new UsageError(`--target must be one of ${RULES_TARGETS.map((x) => x.id).join(', ')}, not "${v}".`, 'rules');
  return { dir: a.positionals[0] ?? '.', target: target.id, force: a.flag('force') };
}

/** Exit code: 0 written, 1 the file exists (use --force), 2 bad usage, no site or a symbolic link on the way. */
export async function runRules(args: RulesArgs, out: (s: string) => void, err: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const { docwright, project } = await projectIn(args.dir, cwd, 'rules');
  if (project.roots.length > 1) throw new UsageError(`"${args.dir}" holds ${project.roots.length} sites: give the folder of one.`, 'rules');
  const root = project.roots[0];
  const file = await docwright.rulesFile(root, args.target, repositoryRoot(root));
  if (!file) throw new UsageError(`No site in "${args.dir}".`, 'rules');
  const target = path.join(file.folder, ...file.path.split('/'));
  const shown = shownPath(target, cwd);
  // A link on the way (a committed `.cursor -> ~/x`, `AGENTS.md -> ~/.bashrc`) is refused, with or without --force.
  await assertNoLinks(file.folder, target);
  if ((await fs.lstat(target).catch(() => undefined)) && !args.force) {
    err(`docwright: ${shown} exists; it was not changed. Use --force to replace it.`);
    return 1;
  }
  await writeFileSafe(file.folder, target, file.content, { exclusive: !args.force });
  out(`Wrote ${shown}: the writing rules for ${inlineSafe(file.siteName)}.`);
  if (file.note) out(`Note: ${inlineSafe(file.note)}`);
  return 0;
}

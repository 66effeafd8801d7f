// `docwright rules [dir] [--target cursor|cursor-mdc|agents|copilot|windsurf] [--force]`: writes the
// editor rules file for the site (the equivalent of `mkdir -p .cursor` + `.cursor/rules.md` by
// default). Never overwrites a file without --force.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { RULES_TARGETS, rulesFile, rulesFileNote, rulesTarget, type RulesTarget } from '../export/rules-file';
import { repositoryRoot } from '../node/export-disk';
import { assertNoLinks, writeFileSafe } from '../node/safe-write';
import { siteModel } from '../render/source';
import { basename, toPosix } from '../util/paths';
import { parseCommandArgs, UsageError } from './args';
import { projectIn } from './sites';
import { shownPath } from './output';
import { inlineSafe } from '../util/controls';

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
  const { project } = await projectIn(args.dir, cwd, 'rules');
  if (project.roots.length > 1) throw new UsageError(`"${args.dir}" holds ${project.roots.length} sites: give the folder of one.`, 'rules');
  const root = project.roots[0];
  const index = await project.index(root);
  if (!index) throw new UsageError(`No site in "${args.dir}".`, 'rules');
  const info = rulesTarget(args.target)!;
  // Copilot reads its instructions at the repository root only; the other files sit in the site folder.
  const base = args.target === 'copilot' ? (repositoryRoot(root) ?? root) : root;
  const siteFolder = toPosix(path.relative(base, root));
  const file = rulesFile(
    { model: siteModel(index.site), pages: index.pages, configName: basename(index.site.config.path), siteFolder, projectRules: index.site.projectRules },
    info.id,
  );
  const target = path.join(base, ...file.path.split('/'));
  const shown = shownPath(target, cwd);
  // A link on the way (a committed `.cursor -> ~/x`, `AGENTS.md -> ~/.bashrc`) is refused, with or without --force.
  await assertNoLinks(base, target);
  if ((await fs.lstat(target).catch(() => undefined)) && !args.force) {
    err(`docwright: ${shown} exists; it was not changed. Use --force to replace it.`);
    return 1;
  }
  await writeFileSafe(base, target, file.content, { exclusive: !args.force });
  out(`Wrote ${shown}: the writing rules for ${inlineSafe(siteModel(index.site).name)}.`);
  const note = rulesFileNote(file, base === root, await fs.readFile(path.join(root, '.mintignore'), 'utf8').catch(() => undefined));
  if (note) out(`Note: ${inlineSafe(note)}`);
  return 0;
}

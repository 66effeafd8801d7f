// `docwright check --fix` / `--fix-dry-run`: the host side of the one fix-all engine (Docwright.fixAll
// under CHECK_FIX_POLICY: safe fixes only, rounds until nothing changes, files with a syntax error left
// alone, a round that adds a finding undone). Each round's check is the CLI's threaded check over the
// round's Docwright; this file prints the notes and the diff, and writes the files.
import type { Docwright } from '../../docwright';
import { CHECK_FIX_POLICY, writeRefusal } from '../../docwright';
import { checkSiteFully } from '../../node/host';
import { writeFileSafe } from '../../node/safe-write';
import { inlineSafe } from '../../util/controls';
import { unifiedDiff } from '../../util/diff';
import { relativeInside, toPosix } from '../../util/paths';
import { shownPath } from './output';

/** --fix and --fix-dry-run over every site; the dry run prints the diff and returns its exit code. */
export async function fixSites(
  docwright: Docwright,
  roots: readonly string[],
  threads: number,
  dryRun: boolean,
  cwd: string,
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<number> {
  let applied = 0;
  let files = 0;
  for (const root of roots) {
    const fixes = await docwright.fixAll(root, {
      policy: CHECK_FIX_POLICY,
      checkSite: async (round, r) => (await checkSiteFully(round, r, { threads }))?.result.findings,
    });
    if (!fixes) continue;
    for (const p of fixes.skipped) err(`docwright: note: ${shownPath(p, cwd)} has a syntax error: its fixes were not applied.`);
    for (const { finding: f, title } of fixes.refused)
      err(`docwright: note: ${shownPath(f.path, cwd)}:${f.range.start.line + 1}: "${inlineSafe(title)}" (${f.ruleId}) was not applied: it adds a finding.`);
    applied += fixes.applied;
    files += fixes.files.size;
    for (const [p, { before, after }] of fixes.files) {
      const shown = shownPath(p, cwd);
      const notWritten = writeRefusal(relativeInside(toPosix(root), toPosix(p)) ?? '');
      if (notWritten !== undefined) {
        err(`docwright: note: ${shown}: its fixes were not applied: ${inlineSafe(notWritten)}.`);
        continue;
      }
      if (dryRun) out(unifiedDiff(`a/${shown}`, `b/${shown}`, before, after).trimEnd());
      else await writeFileSafe(root, p, after);
    }
  }
  const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
  if (dryRun) out(files === 0 ? 'Nothing to fix.' : `Would remove ${plural(applied, 'finding')} by fixing ${plural(files, 'file')} (--fix applies the fixes).`);
  else if (files > 0) err(`docwright: fixed ${plural(applied, 'finding')} in ${plural(files, 'file')}.`);
  return 0;
}

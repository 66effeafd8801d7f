// `docwright mv <from> <to> [--redirect] [--dry-run]`: moves a page, snippet, file or folder of a
// site and rewrites what names it (the same edits as a move in the editor: features/move.ts).
// Never loses a file: the target must not exist, both paths stay in one site, edited files are
// written whole through a temporary file and renamed into place. Never goes through a symbolic link
// below the site folder (a linked folder could lead out of the site): such a move is refused.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { hostDocwright } from '../../node/host';
import { CONFIG_NAMES, isConfigName, movedPath, moveRefusal, writeRefusal } from '../../docwright';
import type { TextEdit } from '../../types';
import { relativeInside, toPosix } from '../../util/paths';
import { applyTextEdits, LineIndex } from '../../util/text';
import { assertNoLinks, renameSafe, writeFileSafe } from '../../node/safe-write';
import { parseCommandArgs, UsageError } from './args';
import { shownPath } from './output';

export interface MvArgs {
  from: string;
  to: string;
  redirect: boolean;
  dryRun: boolean;
}

export function parseMvArgs(args: string[]): MvArgs {
  const a = parseCommandArgs('mv', args);
  return { from: a.positionals[0], to: a.positionals[1], redirect: a.flag('redirect'), dryRun: a.flag('dry-run') };
}

async function exists(p: string): Promise<boolean> {
  return (await fs.lstat(p).catch(() => undefined)) !== undefined;
}

/** The nearest folder at or above `dir` that holds a docs.json or mint.json. */
async function siteRootOf(dir: string): Promise<string | undefined> {
  for (let d = dir; ; d = path.dirname(d)) {
    for (const name of CONFIG_NAMES) if (await exists(path.join(d, name))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/** Exit code: 0 moved (or would move), 2 refused (bad usage, missing source, existing target, outside the site). */
export async function runMv(args: MvArgs, out: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const fromAbs = path.resolve(cwd, args.from);
  const toAbs = path.resolve(cwd, args.to);
  const stat = await fs.lstat(fromAbs).catch(() => undefined);
  if (!stat) throw new UsageError(`"${args.from}" does not exist.`, 'mv');
  const root = await siteRootOf(stat.isDirectory() ? fromAbs : path.dirname(fromAbs));
  if (!root) throw new UsageError(`"${args.from}" is not in a site (no docs.json or mint.json above it).`, 'mv');
  const fromRel = relativeInside(toPosix(root), toPosix(fromAbs));
  const toRel = relativeInside(toPosix(root), toPosix(toAbs));
  if (fromRel === undefined) throw new UsageError(`"${args.from}" is the site folder itself: move a page, file or folder inside it.`, 'mv');
  if (toRel === undefined) throw new UsageError(`"${args.to}" is outside the site folder ${root}: both paths must be in the same site.`, 'mv');
  if (isConfigName(fromRel)) throw new UsageError(`"${args.from}" is the site's config: it stays where it is.`, 'mv');
  const refused = moveRefusal(fromRel, toRel, stat.isDirectory());
  if (refused !== undefined) throw new UsageError(`${refused}.`, 'mv');
  if (movedPath(toRel, fromRel, toRel) !== undefined && toRel !== fromRel) throw new UsageError(`"${args.to}" is inside "${args.from}".`, 'mv');
  if (await exists(toAbs)) throw new UsageError(`"${args.to}" already exists: mv never replaces a file or folder.`, 'mv');
  if ((await siteRootOf(path.dirname(toAbs))) !== root) throw new UsageError(`"${args.to}" would be in another site than "${args.from}".`, 'mv');
  // Neither path may be or go through a link below the site folder (it could lead out of the site).
  await assertNoLinks(root, fromAbs);
  await assertNoLinks(root, toAbs);

  // The editor's move: the same edits of what names the files, and the same redirects.
  const docwright = hostDocwright([toPosix(root)]);
  await docwright.project.scan();
  const [site] = await docwright.editor.siteMoveEdits([{ from: toPosix(fromAbs), to: toPosix(toAbs) }], args.redirect);
  if (!site) throw new UsageError(`The site in ${root} could not be read.`, 'mv');
  const { edits, redirects } = site;
  const byFile = new Map<string, TextEdit[]>();
  for (const fe of [...edits, ...redirects]) byFile.set(fe.path, [...(byFile.get(fe.path) ?? []), ...fe.edits]);

  const show = (p: string) => shownPath(p, cwd);
  const posixRoot = toPosix(root);
  const newPathOf = (p: string) => {
    const rel = relativeInside(posixRoot, p);
    const moved = rel !== undefined ? movedPath(rel, fromRel, toRel) : undefined;
    return moved !== undefined ? path.join(root, moved) : p;
  };
  // Read every file to edit before anything changes; a file reached through a link, or one Docwright does not write, is refused before anything changes.
  const texts = new Map<string, { before: string; after: string }>();
  for (const [file, list] of byFile) {
    await assertNoLinks(root, file);
    const notWritten = writeRefusal(relativeInside(posixRoot, toPosix(newPathOf(file))) ?? file);
    if (notWritten !== undefined) throw new UsageError(`${notWritten}.`, 'mv');
    const before = await fs.readFile(file, 'utf8');
    texts.set(file, { before, after: applyTextEdits(before, list) });
  }
  const verb = args.dryRun ? 'Would move' : 'Moved';
  const lines: string[] = [];
  let count = 0;
  for (const [file, list] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const index = new LineIndex(texts.get(file)!.before);
    lines.push(`${show(file)}${newPathOf(file) !== file ? ` (-> ${show(newPathOf(file))})` : ''}:`);
    for (const e of [...list].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character)) {
      const old = texts.get(file)!.before.slice(index.offsetAt(e.range.start), index.offsetAt(e.range.end));
      lines.push(
        old === ''
          ? `  ${e.range.start.line + 1}: added ${e.newText
              .replace(/^,/, '')
              .trim()
              .replace(/\s*\n\s*/g, ' ')}`
          : `  ${e.range.start.line + 1}: ${old} -> ${e.newText}`,
      );
      count++;
    }
  }
  if (!args.dryRun) {
    // Checked again just before: rename() would replace a file created since.
    if (await exists(toAbs)) throw new UsageError(`"${args.to}" already exists: mv never replaces a file or folder.`, 'mv');
    await renameSafe(root, fromAbs, toAbs);
    for (const [file, t] of texts) if (t.after !== t.before) await writeFileSafe(root, newPathOf(file), t.after);
  }
  out(lines.join('\n') + (lines.length ? '\n' : ''));
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  out(
    `${verb} ${show(fromAbs)} to ${show(toAbs)}; ${plural(count, 'edit')} in ${plural(byFile.size, 'file')}${redirects.length ? ', redirects included' : ''}.`,
  );
  return 0;
}

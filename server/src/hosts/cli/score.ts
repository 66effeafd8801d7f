// `docwright score [dir] [--format table|json] [--base-url url]`: the agent-readiness report
// (export/score.ts) of an export folder, or of a site folder exported first to a temporary folder.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CONFIG_NAMES, Docwright, LLMS_TXT_NAME, type ExportFiles } from '../../docwright';
import { EXPORT_MARKER } from '../../node/export-disk';
import { toPosix } from '../../util/paths';
import { parseCommandArgs, UsageError } from './args';
import { runExport } from './export';

export interface ScoreArgs {
  dir: string;
  format: 'table' | 'json';
  baseUrl?: string;
}

export function parseScoreArgs(args: string[]): ScoreArgs {
  const a = parseCommandArgs('score', args);
  const format = a.value('format') ?? 'table';
  if (format !== 'table' && format !== 'json') throw new UsageError(`--format must be "table" or "json", not "${format}".`, 'score');
  const baseUrl = a.value('base-url');
  if (baseUrl === '') throw new UsageError('--base-url needs a value.', 'score');
  return { dir: a.positionals[0] ?? '.', format, baseUrl };
}

/** Every file below `dir` (export-relative, `/`), not following links. */
async function listFiles(dir: string): Promise<Set<string>> {
  const files = new Set<string>();
  const walk = async (d: string, rel: string) => {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(d, e.name), r);
      else if (e.isFile()) files.add(r);
    }
  };
  await walk(dir, '');
  return files;
}

async function exists(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => undefined)) !== undefined;
}

/** Exit code: 0 every criterion passes (or warns), 1 a criterion fails, 2 bad usage or an export that failed. */
export async function runScore(args: ScoreArgs, out: (s: string) => void, err: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const dir = path.resolve(cwd, args.dir);
  if (!(await fs.stat(dir).catch(() => undefined))?.isDirectory()) throw new UsageError(`"${args.dir}" is not a folder.`, 'score');
  const isSite = (await Promise.all(CONFIG_NAMES.map((n) => exists(path.join(dir, n))))).some(Boolean);
  const isExport =
    (await exists(path.join(dir, EXPORT_MARKER))) || (await exists(path.join(dir, LLMS_TXT_NAME))) || (await exists(path.join(dir, 'index.html')));
  if (!isSite && !isExport) throw new UsageError(`"${args.dir}" is neither a site folder (docs.json) nor an export (llms.txt, index.html).`, 'score');
  if (!isSite && args.baseUrl)
    throw new UsageError('--base-url applies to a site folder, which score exports first; this folder is an export already.', 'score');
  let folder = dir;
  let temp: string | undefined;
  try {
    if (isSite) {
      temp = await fs.mkdtemp(path.join(tmpdir(), 'docwright-score-'));
      folder = path.join(temp, 'out');
      const lines: string[] = [];
      const code = await runExport({ dir, out: folder, strict: false, baseUrl: args.baseUrl }, { out: (s) => lines.push(s), err: (s) => lines.push(s), cwd });
      if (code !== 0) {
        for (const l of lines) err(l);
        err(`docwright: the site could not be exported, so it was not scored.`);
        return 2;
      }
    }
    const files = await listFiles(folder);
    const source: ExportFiles = { files, read: (rel) => fs.readFile(path.join(folder, ...rel.split('/')), 'utf8').catch(() => undefined) };
    const report = await Docwright.score(source);
    if (args.format === 'json') out(JSON.stringify({ folder: toPosix(path.relative(cwd, dir)) || '.', exported: isSite, criteria: report }, null, 2));
    else out(Docwright.scoreTable(report));
    return report.some((c) => c.status === 'fail') ? 1 : 0;
  } finally {
    if (temp) await fs.rm(temp, { recursive: true, force: true });
  }
}

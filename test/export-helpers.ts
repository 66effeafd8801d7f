// Running `docwright export` from tests: in process, one thread unless asked, output collected.
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { runExport, type ExportArgs } from '../server/src/hosts/cli/export';

export interface ExportRun {
  code: number;
  out: string[];
  err: string[];
}

export async function exportSite(args: Partial<ExportArgs> & { dir: string }): Promise<ExportRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runExport({ strict: false, jobs: 1, ...args }, { out: (s) => out.push(s), err: (s) => err.push(s), cwd: '/' });
  return { code, out, err };
}

/** Every file below `dir` (an export), relative, with `/`, sorted. */
export function filesIn(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

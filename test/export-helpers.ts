// Running `docwright export` from tests: in process, one thread unless asked, output collected.
import { runExport, type ExportArgs } from '../server/src/cli/export';

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

// Profiles one section of the bench with the V8 inspector and writes a .cpuprofile, so the profile
// holds only that section (no generation, no warm-up):
//   npx tsx bench/profile.ts check   [--pages 1000] [--out FILE]   (default: $TMPDIR/docwright-check.cpuprofile)
//   npx tsx bench/profile.ts latency [--pages 1000] [--out FILE]   (100 edits of big.mdx)
//   add --prose to either for the prose bench's setup: its Vale style of 30 rules and spelling on
//   npx tsx bench/profile-summary.ts /tmp/docwright-check.cpuprofile [--top 25] [--focus server/src]
// Open the .cpuprofile in Chrome DevTools (Performance tab) or VS Code for a flame chart.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkAll } from '../server/src/check';
import { DiskWorkspace } from '../server/src/node/disk-workspace';
import { hostSpeller } from '../server/src/node/speller';
import { Project } from '../server/src/project';
import { generateSite, makeTempDir, writeSite } from './generate';
import { VALE_INI, writeValeStyle } from './vale-style';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};

function post<T>(session: Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))));
}

async function main(): Promise<void> {
  const what = process.argv[2] === 'latency' ? 'latency' : 'check';
  const pages = Number(arg('--pages', '1000'));
  const out = arg('--out', path.join(os.tmpdir(), `docwright-${what}.cpuprofile`));
  const base = makeTempDir();
  const session = new Session();
  session.connect();
  try {
    const warm = path.join(base, 'warm');
    writeSite(generateSite(50), warm);
    const dir = path.join(base, 'site');
    writeSite(generateSite(pages), dir);
    const prose = process.argv.includes('--prose');
    if (prose) {
      writeValeStyle(dir);
      writeFileSync(path.join(dir, '.vale.ini'), VALE_INI);
    }
    const options = prose ? { speller: hostSpeller() } : {};
    const overlay = new Map<string, string>();
    const run = async (d: string) => {
      const project = new Project(new DiskWorkspace((p) => overlay.get(p)), [d]);
      await project.scan();
      let n = 0;
      for (const root of project.roots) {
        const sources = await project.sources(root);
        if (sources) n += checkAll(sources.index, options, sources.snippets).length;
      }
      return { project, n };
    };
    await run(warm);
    await post(session, 'Profiler.enable');
    await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
    if (what === 'check') await post(session, 'Profiler.start');
    let t = process.hrtime.bigint();
    const { project, n } = await run(dir);
    process.stderr.write(`check: ${pages} pages, ${n} findings, ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(0)} ms\n`);
    if (what === 'latency') {
      const root = project.roots[0];
      const big = root + '/big.mdx';
      const text = readFileSync(big, 'utf8');
      const at = text.indexOf('markerx') + 'marker'.length;
      const edit = async (k: number) => {
        overlay.set(big, text.slice(0, at) + (k % 2 ? 'y' : 'x') + text.slice(at + 1));
        project.contentChanged(big);
        await project.checkPage(root, big, options);
      };
      for (let k = 1; k <= 10; k++) await edit(k);
      await post(session, 'Profiler.start');
      t = process.hrtime.bigint();
      for (let k = 1; k <= 100; k++) await edit(k);
      process.stderr.write(`100 re-validations of big.mdx: ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(0)} ms\n`);
    }
    const { profile } = await post<{ profile: object }>(session, 'Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
    process.stderr.write(`profile: ${out}\n`);
  } finally {
    session.disconnect();
    rmSync(base, { recursive: true, force: true });
  }
}

void main();

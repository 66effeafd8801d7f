// The check-speed figures (issue 26), each beside its floor or peer measured in the same run:
// the cold CLI check and the cached ones against the single-thread parse floor (a whole process),
// the editor's first check against the cold CLI check (with completion and hover answered while it
// runs), `mint broken-links` and an Astro Starlight build as peers (installed on demand into a cache
// folder outside the project), and growth to 10,000 pages. Called by bench/run.ts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import { defaultThreads } from '../server/src/node/threads';
import { startServer } from './editor';

export interface Child {
  wallMs: number;
  maxRssKb: number;
  cpuMs: number;
  status: number | null;
  stdout: string;
  stderr?: string;
}

export interface CheckSpeedHost {
  repo: string;
  runs: number;
  /** `node <args>` timed as a whole process (wall, peak RSS). */
  runNode(args: string[], cwd?: string): Child;
  medianChild(runs: number, run: () => Child): Child & { allMs: number[] };
  log(s: string): void;
}

export interface Row {
  label: string;
  value: string;
  floor: string;
  ratio: number;
  target: string;
  pass?: boolean;
  /** A peer that could not be measured: why (the row says so, with no figure). */
  unavailable?: string;
}

const x = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a');
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const mb = (kb: number) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : 'n/a');

/** Where peers are installed: never the project's dependencies. */
export const PEERS_DIR = process.env.DOCWRIGHT_BENCH_PEERS ?? path.join(os.homedir(), '.cache', 'docwright', 'bench-peers');

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * The language server's first full check (spawn to the big page's diagnostics, published with the
 * whole site's: a page opened meanwhile waits for the first check), with the check cache in `storage`; completion and hover on the open big page are
 * requested one after another meanwhile.
 */
export async function measureFirstCheck(
  repo: string,
  siteDir: string,
  bigRel: string,
  storage: string,
): Promise<{ ms: number; completion: number[]; hover: number[] }> {
  const { conn, stop } = startServer(repo, !!process.env.DOCWRIGHT_CHECK_TIMINGS);
  const bigPath = path.join(siteDir, bigRel);
  const bigUri = URI.file(bigPath).toString();
  let done = false;
  let firstDone: () => void = () => undefined;
  const first = new Promise<void>((r) => (firstDone = r));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    if (p.uri === bigUri) {
      done = true;
      firstDone();
    }
  });
  conn.listen();
  const t0 = performance.now();
  try {
    const folder = URI.file(siteDir).toString();
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folder,
      capabilities: {},
      workspaceFolders: [{ uri: folder, name: 'site' }],
      initializationOptions: { storage },
    });
    await conn.sendNotification('initialized', {});
    const text = readFileSync(bigPath, 'utf8');
    const tagAt = text.indexOf('<Note');
    const pos = (offset: number) => {
      const before = text.slice(0, offset);
      return { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
    };
    const completion: number[] = [];
    const hover: number[] = [];
    let opened = false;
    while (!done) {
      if (!opened) {
        // Opened as the check starts, as an editor restores its tabs.
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: bigUri, languageId: 'mdx', version: 1, text } });
        opened = true;
      }
      let t = performance.now();
      await conn.sendRequest('textDocument/completion', { textDocument: { uri: bigUri }, position: pos(tagAt + 3) });
      if (!done) completion.push(performance.now() - t);
      t = performance.now();
      await conn.sendRequest('textDocument/hover', { textDocument: { uri: bigUri }, position: pos(tagAt + 2) });
      if (!done) hover.push(performance.now() - t);
      // A request pair every 20 ms, as a person typing asks; back-to-back requests would be a load test.
      await Promise.race([first, new Promise((r) => setTimeout(r, 20))]);
    }
    await first;
    return { ms: performance.now() - t0, completion, hover };
  } finally {
    await stop();
  }
}

/** Installs npm packages into a folder of PEERS_DIR once; returns why not, if it failed. */
function installPeer(name: string, packages: string[], log: (s: string) => void): { dir: string; error?: string } {
  const dir = path.join(PEERS_DIR, name);
  const stamp = path.join(dir, `.installed-${packages.join('+').replace(/[^\w.@+-]/g, '_')}`);
  if (existsSync(stamp)) return { dir };
  mkdirSync(dir, { recursive: true });
  log(`  installing ${packages.join(' ')} into ${dir} ...`);
  const r = spawnSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', ...packages], { encoding: 'utf8', timeout: 900_000 });
  if (r.status !== 0)
    return { dir, error: `npm install ${packages.join(' ')} failed: ${(r.stderr || r.stdout || String(r.error ?? '')).trim().split('\n').slice(-1)[0]}` };
  writeFileSync(stamp, new Date().toISOString() + '\n');
  return { dir };
}

/** Runs `mint broken-links` offline (no proxy, no registry) on the site. */
function measureMint(host: CheckSpeedHost, siteDir: string, coldMs: number): Row {
  const label = 'peer: mint broken-links (offline), wall';
  const target = '>= 8x slower than the cold check';
  const peer = installPeer('mint', ['mint@4'], host.log);
  const bin = path.join(peer.dir, 'node_modules', 'mint', 'index.js');
  const unavailable = (why: string): Row => ({ label, value: '-', floor: 'cold check', ratio: NaN, target, unavailable: why });
  if (peer.error) return unavailable(peer.error);
  const entry = existsSync(bin) ? bin : path.join(peer.dir, 'node_modules', '.bin', 'mint');
  if (!existsSync(entry)) return unavailable(`no mint executable in ${peer.dir}`);
  const offline = { ...process.env, npm_config_offline: 'true', HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', NO_UPDATE_NOTIFIER: '1' };
  const run = () => {
    const t = performance.now();
    const r = spawnSync(entry, ['broken-links'], { cwd: siteDir, encoding: 'utf8', env: offline, timeout: 600_000, maxBuffer: 1 << 28 });
    return { wallMs: performance.now() - t, status: r.status, out: `${r.stdout}\n${r.stderr}` };
  };
  const first = run();
  if (first.status === null || !/broken|link|found/i.test(first.out))
    return unavailable(`mint broken-links did not run offline (exit ${first.status}): ${first.out.trim().split('\n').slice(-1)[0]?.slice(0, 160)}`);
  // One run: a peer of a minute or more (its first run included, as a CI job would pay it).
  const ms = first.wallMs;
  return { label, value: `${f0(ms)} ms`, floor: 'cold check', ratio: ms / coldMs, target, pass: ms / coldMs >= 8 };
}

/** An Astro Starlight build (Pagefind on, its default) of the same pages, ported by ../shared/bench-peers/to-starlight.mjs. */
export function measureStarlight(host: CheckSpeedHost, site: CheckSpeedSite, exported: Child, notes: string[]): Row[] {
  const label = 'peer: Astro Starlight build (Pagefind), wall / peak RSS';
  const target = 'export >= 20x faster, <= 1/5 memory';
  // ../shared/bench-peers beside the main checkout (a worktree sits one level deeper).
  const candidates = [path.resolve(host.repo, '..', 'shared'), path.resolve(host.repo, '..', '..', 'shared')].map((d) =>
    path.join(d, 'bench-peers', 'to-starlight.mjs'),
  );
  const script = process.env.DOCWRIGHT_BENCH_STARLIGHT_SCRIPT ?? candidates.find((c) => existsSync(c)) ?? candidates[0];
  const unavailable = (why: string): Row[] => [{ label, value: '-', floor: 'export', ratio: NaN, target, unavailable: why }];
  if (!existsSync(script)) return unavailable(`no port script at ${script}`);
  const peer = installPeer('starlight', ['astro@5', '@astrojs/starlight@0.37'], host.log);
  if (peer.error) return unavailable(peer.error);
  // Starlight stops at the first page it cannot compile: the pages planted with broken front matter or MDX are left out of its copy.
  const copy = path.join(os.tmpdir(), `docwright-bench-starlight-src-${process.pid}`);
  rmSync(copy, { recursive: true, force: true });
  const skip = new Set((site.unbuildable ?? []).map((rel) => path.join(site.dir, rel)));
  cpSync(site.dir, copy, { recursive: true, filter: (src) => !skip.has(src) });
  const port = spawnSync(process.execPath, [script, copy, peer.dir], { encoding: 'utf8' });
  rmSync(copy, { recursive: true, force: true });
  if (port.status !== 0) return unavailable(`porting the site failed: ${port.stderr.trim().split('\n').slice(-1)[0]}`);
  const astro = path.join(peer.dir, 'node_modules', 'astro', 'astro.js');
  if (!existsSync(astro)) return unavailable(`no astro in ${peer.dir}`);
  const build = host.runNode([astro, 'build'], peer.dir);
  if (build.status !== 0)
    return unavailable(
      `astro build exited ${build.status}: ${`${build.stdout}\n${build.stderr ?? ''}`
        .trim()
        .split('\n')
        .filter((l) => /error/i.test(l))
        .slice(-3)
        .join(' ')
        .slice(0, 300)}`,
    );
  const speed = build.wallMs / exported.wallMs;
  const memory = build.maxRssKb / exported.maxRssKb;
  notes.push(`Starlight built ${f0(site.pages - skip.size)} pages (${skip.size} pages it cannot compile left out).`);
  return [
    {
      label,
      value: `${f0(build.wallMs)} ms / ${mb(build.maxRssKb)}`,
      floor: 'export',
      ratio: speed,
      target: `${target} (memory ${x(memory)})`,
      pass: speed >= 20 && memory >= 5,
    },
  ];
}

export interface CheckSpeedSite {
  dir: string;
  bigRel: string;
  pagesJson: string;
  pageFiles: string[];
  pages: number;
  /** Pages planted with errors an MDX compiler stops at (left out of the Starlight port). */
  unbuildable?: string[];
}

export interface CheckSpeedOptions {
  /** A site of 10,000 pages (generated by the caller) for the linearity row; skipped when absent. */
  big?: CheckSpeedSite;
  starlight?: boolean;
  mint?: boolean;
  /** The default-thread export of the site, when the caller measured it (for the Starlight row). */
  exported?: Child;
}

export async function measureCheckSpeed(
  host: CheckSpeedHost,
  site: CheckSpeedSite,
  o: CheckSpeedOptions,
): Promise<{ rows: Row[]; notes: string[]; raw: Record<string, unknown> }> {
  const cli = path.join(host.repo, 'bin', 'docwright.js');
  const floorChild = path.join(host.repo, 'bench', 'floor-child.mjs');
  const rows: Row[] = [];
  const notes: string[] = [];
  const raw: Record<string, unknown> = {};
  const { runs, runNode, medianChild, log } = host;

  log(`Check speed: the parse floor and the cold check (${runs} runs, alternating) ...`);
  const floors: Child[] = [];
  const colds: Child[] = [];
  for (let i = 0; i < runs; i++) {
    floors.push(runNode([floorChild, site.pagesJson]));
    colds.push(runNode([cli, 'check', site.dir]));
  }
  const mid = (xs: Child[]) => [...xs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(xs.length / 2)];
  const floor = mid(floors);
  const cold = mid(colds);
  rows.push({
    label: 'floor: single-thread parse (gray-matter + remark-parse + remark-mdx), whole process',
    value: `${f0(floor.wallMs)} ms`,
    floor: 'floor',
    ratio: 1,
    target: '',
  });
  rows.push({
    label: 'docwright check, cold (default threads)',
    value: `${f0(cold.wallMs)} ms / ${mb(cold.maxRssKb)}`,
    floor: 'floor',
    ratio: cold.wallMs / floor.wallMs,
    target: '<= 1.0x',
    pass: cold.wallMs <= floor.wallMs,
  });
  const one = medianChild(1, () => runNode([cli, 'check', site.dir, '--jobs', '1']));
  rows.push({ label: '  docwright check --jobs 1 (one thread)', value: `${f0(one.wallMs)} ms`, floor: 'floor', ratio: one.wallMs / floor.wallMs, target: '' });
  const scaling = measureParseScaling(host, site.pagesJson);
  if (scaling) {
    rows.push({
      label: `  the floor's parser on ${scaling.threads} threads in one process: throughput`,
      value: `${f0(scaling.one)} -> ${f0(scaling.many)} pages/s`,
      floor: '1 thread',
      ratio: scaling.many / scaling.one,
      target: '',
    });
    const parseOnlyMs = (scaling.pages / scaling.many) * 1000;
    notes.push(
      `Threads on this machine: the floor's parser alone, on ${scaling.threads} threads, parses ${x(scaling.many / scaling.one)} the pages per second of one thread, so the floor's parse spread over them (warm, trees dropped, no start-up) takes about ${f0(parseOnlyMs)} ms, ${x(parseOnlyMs / floor.wallMs)} the floor: what a threaded check has left for everything else is the rest up to its target.`,
    );
    raw.parseScaling = scaling;
  }

  log('Check speed: --cache unchanged and with one page edited ...');
  const cacheDir = path.join(os.tmpdir(), `docwright-bench-cache-${process.pid}`);
  rmSync(cacheDir, { recursive: true, force: true });
  const cached = ['check', site.dir, '--cache-location', cacheDir];
  const prime = runNode([cli, ...cached]);
  const unchanged = medianChild(runs, () => runNode([cli, ...cached]));
  rows.push({
    label: 'docwright check --cache, nothing changed',
    value: `${f0(unchanged.wallMs)} ms`,
    floor: 'floor',
    ratio: unchanged.wallMs / floor.wallMs,
    target: '<= 0.15x',
    pass: unchanged.wallMs <= 0.15 * floor.wallMs && unchanged.stdout === prime.stdout,
  });
  const edited = path.join(site.dir, site.pageFiles.find((rel) => rel !== site.bigRel && /^guides\//.test(rel)) ?? site.pageFiles[1]);
  const original = readFileSync(edited, 'utf8');
  let n = 0;
  const editedRun = medianChild(runs, () => {
    writeFileSync(edited, original + `\nAn added paragraph, edit ${++n}.\n`);
    return runNode([cli, ...cached]);
  });
  writeFileSync(edited, original);
  rows.push({
    label: 'docwright check --cache, one page edited',
    value: `${f0(editedRun.wallMs)} ms`,
    floor: 'floor',
    ratio: editedRun.wallMs / floor.wallMs,
    target: '<= 0.25x',
    pass: editedRun.wallMs <= 0.25 * floor.wallMs,
  });
  rmSync(cacheDir, { recursive: true, force: true });

  log("Check speed: the editor's first check through the server, without and with the cache ...");
  const storage = path.join(os.tmpdir(), `docwright-bench-storage-${process.pid}`);
  rmSync(storage, { recursive: true, force: true });
  const editorCold = await measureFirstCheck(host.repo, site.dir, site.bigRel, storage);
  const editorWarm = await measureFirstCheck(host.repo, site.dir, site.bigRel, storage);
  rmSync(storage, { recursive: true, force: true });
  rows.push({
    label: 'editor first check (spawn -> whole site published)',
    value: `${f0(editorCold.ms)} ms`,
    floor: 'cold check',
    ratio: editorCold.ms / cold.wallMs,
    target: '<= 1.5x',
    pass: editorCold.ms <= 1.5 * cold.wallMs,
  });
  rows.push({
    label: 'editor first check, cache in the extension storage',
    value: `${f0(editorWarm.ms)} ms`,
    floor: 'cold check',
    ratio: editorWarm.ms / cold.wallMs,
    target: '<= 0.4x',
    pass: editorWarm.ms <= 0.4 * cold.wallMs,
  });
  const during = [...editorCold.completion, ...editorWarm.completion];
  const hovers = [...editorCold.hover, ...editorWarm.hover];
  const c95 = percentile(during, 95);
  const h95 = percentile(hovers, 95);
  rows.push({
    label: `  completion during the first check (${during.length} requests), p95`,
    value: `${c95.toFixed(1)} ms`,
    floor: '',
    ratio: NaN,
    target: '<= 10 ms',
    pass: c95 <= 10,
  });
  rows.push({
    label: `  hover during the first check (${hovers.length} requests), p95`,
    value: `${h95.toFixed(1)} ms`,
    floor: '',
    ratio: NaN,
    target: '<= 10 ms',
    pass: h95 <= 10,
  });

  if (o.mint !== false) {
    log('Check speed: mint broken-links (peer) ...');
    rows.push(measureMint(host, site.dir, cold.wallMs));
  }
  if (o.starlight) {
    log('Check speed: Astro Starlight build (peer; a minute or more) ...');
    const exported = o.exported ?? runNode([cli, 'export', site.dir, '--out', path.join(os.tmpdir(), `docwright-bench-export-${process.pid}`)]);
    rows.push(...measureStarlight(host, site, exported, notes));
  }
  if (o.big) {
    log(`Check speed: ${f0(o.big.pages)} pages (1 run) ...`);
    const big = runNode([cli, 'check', o.big.dir]);
    const perPage = big.wallMs / o.big.pages / (cold.wallMs / site.pages);
    rows.push({
      label: `docwright check of ${f0(o.big.pages)} pages, time per page / peak RSS`,
      value: `${(big.wallMs / o.big.pages).toFixed(2)} ms / ${mb(big.maxRssKb)}`,
      floor: 'per page at 1,000',
      ratio: perPage,
      target: '<= 1.1x, <= 1 GB',
      pass: perPage <= 1.1 && big.maxRssKb <= 1024 * 1024,
    });
  }
  const cpu = (c: Child) => f0(c.cpuMs);
  notes.push(
    `CPU time (user + system, ms): floor ${cpu(floor)}, cold check ${cpu(cold)} (${x(cold.cpuMs / floor.cpuMs)}), --jobs 1 ${cpu(one)} (${x(one.cpuMs / floor.cpuMs)}), cached unchanged ${cpu(unchanged)} (${x(unchanged.cpuMs / floor.cpuMs)}), one page edited ${cpu(editedRun)} (${x(editedRun.cpuMs / floor.cpuMs)}).`,
  );
  notes.push(
    `Runs (ms): floor ${floors.map((c) => f0(c.wallMs)).join(' / ')}, cold check ${colds.map((c) => f0(c.wallMs)).join(' / ')}, cached unchanged ${unchanged.allMs.map(f0).join(' / ')}, one page edited ${editedRun.allMs.map(f0).join(' / ')}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
  );
  Object.assign(raw, {
    cpuMs: { floor: floor.cpuMs, cold: cold.cpuMs, oneThread: one.cpuMs, cachedUnchanged: unchanged.cpuMs, cachedEdited: editedRun.cpuMs },
    floorMs: floor.wallMs,
    coldMs: cold.wallMs,
    coldRssKb: cold.maxRssKb,
    oneThreadMs: one.wallMs,
    cachedUnchangedMs: unchanged.wallMs,
    cachedEditedMs: editedRun.wallMs,
    editorFirstMs: editorCold.ms,
    editorFirstCachedMs: editorWarm.ms,
    completionP95: c95,
    hoverP95: h95,
    rows,
  });
  return { rows, notes, raw };
}

/**
 * The floor's parser on one thread and on as many as the check uses by default (in one process, all
 * started together after warming up; bench/floor-threads.mjs), alternately, medians of pages per
 * second. Undefined on one core.
 */
function measureParseScaling(host: CheckSpeedHost, pagesJson: string): { threads: number; pages: number; one: number; many: number } | undefined {
  const threads = defaultThreads(os.availableParallelism());
  if (threads < 2) return undefined;
  const script = path.join(host.repo, 'bench', 'floor-threads.mjs');
  let pages = NaN;
  const rate = (n: number) => {
    const c = host.runNode([script, pagesJson, String(n)]);
    if (c.status !== 0) return NaN;
    const r = JSON.parse(c.stdout) as { pages: number; pagesPerSecond: number };
    pages = r.pages;
    return r.pagesPerSecond;
  };
  const ones: number[] = [];
  const manys: number[] = [];
  for (let i = 0; i < Math.min(host.runs, 3); i++) {
    ones.push(rate(1));
    manys.push(rate(threads));
  }
  return { threads, pages, one: percentile(ones, 50), many: percentile(manys, 50) };
}

export function checkSpeedTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.label,
    r.unavailable ? 'peer unavailable' : r.value,
    r.floor,
    r.unavailable ? '-' : x(r.ratio),
    r.unavailable ? `${r.target}: ${r.unavailable}` : `${r.target}${r.pass === undefined ? '' : ` ${r.pass ? 'PASS' : 'FAIL'}`}`,
  ]);
  const head = ['', 'measured', 'beside', 'ratio', 'target'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    '  ' +
    c
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

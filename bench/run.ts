// Docwright benchmark: every figure is a ratio to a floor measured in the same run.
//
//   npm run bench                          sizes 100 and 1,000 pages (default)
//   npm run bench -- --sizes 100,1000,10000 --runs 3 --iterations 200 --keep
//   npm run bench -- --completion-only     only completion through the server (in a tag, a page path, an #anchor)
//   npm run bench -- --format-only         only `docwright format` of the 1,000-page site against the parse-only floor
//   npm run bench -- --dev-only            only `docwright dev`: first page served, file save -> page updated
//   npm run bench -- --changed-only        only `check --changed-since` with one changed page against the cold full check (cache on)
//   npm run bench -- --prose-only          only prose rules on the 1,000-page site (a Vale style of 30 rules + spelling) against
//                                          none: `check --jobs 1`, and keystroke -> diagnostics through the server (alias --spelling-only)
//   npm run bench -- --scale-only          only the 25,000-page site (33 versions x 4 languages): check, export, the editor's first check
//                                          (--scale-pairs N: floor and check in N pairs, default 3; --versions N: default 33)
//
// Floors: (1) reading every page file; (2) parse-only: gray-matter + unified/remark-parse/remark-mdx
// over the same files. Measured: `docwright check` on the 1,000-page site in-process and as the CLI
// (wall time, peak RSS), growth over site sizes, re-validation latency of one 1,000-line page after
// a one-character edit, `docwright export` of the 1,000-page site (wall time, peak RSS, against an
// Astro Starlight build of the same pages), and markdownlint-cli2 when installed. Results go to
// bench/results/<date>-<short sha>-node<major>.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { checkAll, checkPage } from '../server/src/check';
import type { runFormat as RunFormat } from '../server/src/hosts/cli/format';
import { DiskWorkspace } from '../server/src/node/disk-workspace';
import { defaultThreads } from '../server/src/node/threads';
import { mdxParser, parsePage } from '../server/src/pages/parse';
import { Project } from '../server/src/project';
import { renderPreview } from '../server/src/render/preview';
import { floorParse as parseOnly } from './floor-parse.mjs';
import { type EditorLatencies, measureClientLoad, measureDiagnostics, measureEditor, measureVsix } from './editor';
import { type LinkLatencies, measureLinks, plantLinks } from './links';
import { createSiteIndex } from '../server/src/site/site-index';
import { generateApiSpec, generateSite, makeTempDir, writeSite, type GeneratedSite } from './generate';
import { migrateConfig } from '../server/src/config/migrate';
import { checkSpeedTable, measureCheckSpeed, measureStarlight, type CheckSpeedHost, type CheckSpeedSite } from './check-speed';
import { generateRealShapedSite, measureStartupRows, writeRealShapedSite } from './real-shaped';
import { measureDev } from './dev';
import { generateScaleSite, measureServer, timeNode, writePagesJson, writeScaleSite, type Measured } from './scale';
import { BENCH_RULES, VALE_INI, writeValeStyle } from './vale-style';

// ---------------------------------------------------------------------------------------------
// Arguments

function argValue(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === name || a.startsWith(name + '='));
  if (i < 0) return undefined;
  const a = process.argv[i];
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : process.argv[i + 1];
}
const SIZES = (argValue('--sizes') ?? '100,1000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n >= 10);
const RUNS = Number(argValue('--runs') ?? 3);
const ITERATIONS = Number(argValue('--iterations') ?? 200);
const KEEP = process.argv.includes('--keep');
const HEADLINE = 1000;
const RATIO_TARGET = 1.3;
const LATENCY_TARGET_MS = 30;
/** Preview refresh after a keystroke on a 1,000-line page (the preview issue's target). */
const PREVIEW_TARGET_MS = 100;
/** Find All References on a page 100 pages link to, and the edit of moving it (the links issue's targets). */
const REFERENCES_TARGET_MS = 50;
/** Completion of a page path in a link on the 1,000-page site (the links issue's target). */
const PATH_COMPLETION_TARGET_MS = 10;
const MOVE_TARGET_MS = 300;
/** `docwright format` of the 1,000-page site against the parse-only floor (the format issue's target). */
const FORMAT_TARGET = 1.5;
/** `docwright dev` on the 1,000-page site: file save -> browser updated (p95), and the first page served after start. */
const DEV_SAVE_TARGET_MS = 200;
const DEV_FIRST_PAGE_TARGET_MS = 1500;
/** Saves measured by --dev-only. */
const DEV_SAVES = Math.min(ITERATIONS, 40);
/** Edits (each followed by both requests) for the references and move figures. */
const LINK_ITERATIONS = Math.min(ITERATIONS, 50);
/** Sizes above this get one run (a 10,000-page site takes minutes per pass). */
const runsFor = (pages: number) => (pages > HEADLINE ? 1 : RUNS);

const REPO = path.resolve(__dirname, '..');
const CLI = path.join(REPO, 'bin', 'docwright.js');
const FLOOR_CHILD = path.join(REPO, 'bench', 'floor-child.mjs');

// ---------------------------------------------------------------------------------------------
// Timing helpers

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const now = () => process.hrtime.bigint();
const msSince = (t: bigint) => Number(now() - t) / 1e6;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
/** Nearest-rank percentile. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

async function timed(fn: () => unknown): Promise<number> {
  gc();
  const t = now();
  await fn();
  return msSince(t);
}

async function medianOf(runs: number, fn: () => unknown): Promise<{ ms: number; all: number[] }> {
  const all: number[] = [];
  for (let i = 0; i < runs; i++) all.push(await timed(fn));
  return { ms: median(all), all };
}

const log = (s: string) => process.stderr.write(s + '\n');

// ---------------------------------------------------------------------------------------------
// Floors

// Docwright's own parser configuration (front matter, GFM tables/strikethrough/task lists, MDX).
const gfmParser = mdxParser;

/** Informative: the floor parser with the plugins Docwright's parser uses (GFM, front matter node). */
function parseOnlyGfm(text: string): unknown {
  try {
    return gfmParser.parse(text);
  } catch {
    return null;
  }
}

function floorRead(paths: string[]): number {
  let chars = 0;
  for (const p of paths) chars += readFileSync(p, 'utf8').length;
  return chars;
}

function floorParse(paths: string[]): unknown[] {
  const kept: unknown[] = []; // trees kept, as a checker keeps them for cross-page checks
  for (const p of paths) kept.push(parseOnly(readFileSync(p, 'utf8')));
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Docwright in-process

async function checkInProcess(dir: string, overlay: Map<string, string> = new Map()): Promise<{ project: Project; findings: number }> {
  const project = new Project(new DiskWorkspace((p) => overlay.get(p)), [dir]);
  await project.scan();
  let findings = 0;
  for (const root of project.roots) {
    const sources = await project.sources(root);
    if (sources) findings += checkAll(sources.index, {}, sources.snippets).length;
  }
  return { project, findings };
}

// ---------------------------------------------------------------------------------------------
// Child processes: wall time and peak RSS

const HAS_TIME = (() => {
  if (!existsSync('/usr/bin/time')) return false;
  const r = spawnSync('/usr/bin/time', ['-v', 'true'], { encoding: 'utf8' });
  return r.status === 0 && /Maximum resident set size/.test(r.stderr);
})();

interface ChildResult {
  wallMs: number;
  maxRssKb: number;
  /** User + system CPU time (NaN without /usr/bin/time): steadier than wall time on a shared machine. */
  cpuMs: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <args>`; peak RSS from /usr/bin/time -v, else from the child's own resourceUsage. */
function runNode(args: string[], cwd = REPO): ChildResult {
  const tmp = path.join(os.tmpdir(), `docwright-bench-time-${process.pid}.txt`);
  let cmd: string;
  let cmdArgs: string[];
  if (HAS_TIME) {
    cmd = '/usr/bin/time';
    cmdArgs = ['-v', '-o', tmp, process.execPath, ...args];
  } else {
    // Preload a hook that reports maxRSS when the child exits.
    const hook = path.join(os.tmpdir(), `docwright-bench-rss-${process.pid}.cjs`);
    writeFileSync(
      hook,
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(tmp)}, 'Maximum resident set size (kbytes): ' + process.resourceUsage().maxRSS));\n`,
    );
    cmd = process.execPath;
    cmdArgs = ['--require', hook, ...args];
  }
  gc();
  const t = now();
  const r = spawnSync(cmd, cmdArgs, { cwd, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  const wallMs = msSince(t);
  const report = existsSync(tmp) ? readFileSync(tmp, 'utf8') : '';
  rmSync(tmp, { force: true });
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(report);
  const user = /User time \(seconds\): ([\d.]+)/.exec(report);
  const system = /System time \(seconds\): ([\d.]+)/.exec(report);
  const cpuMs = user && system ? (Number(user[1]) + Number(system[1])) * 1000 : NaN;
  if (r.status !== 0 && r.status !== 1) log(`  child exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return { wallMs, maxRssKb: rss ? Number(rss[1]) : NaN, cpuMs, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function medianChild(runs: number, run: () => ChildResult): ChildResult & { allMs: number[] } {
  const results: ChildResult[] = [];
  for (let i = 0; i < runs; i++) results.push(run());
  const allMs = results.map((r) => r.wallMs);
  const mid = [...results].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(results.length / 2)];
  return { ...mid, maxRssKb: Math.max(...results.map((r) => r.maxRssKb)), allMs };
}

const runCli = (dir: string) => runNode([CLI, 'check', dir]);
const runFloorChild = (pagesJson: string) => runNode([FLOOR_CHILD, pagesJson]);

// ---------------------------------------------------------------------------------------------
// Build, git, sites

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuilt(): void {
  const bundle = path.join(REPO, 'dist', 'server.js');
  const stale =
    !existsSync(bundle) ||
    statSync(bundle).mtimeMs < Math.max(newestMtime(path.join(REPO, 'server', 'src')), statSync(path.join(REPO, 'schemas', 'docs.schema.json')).mtimeMs);
  if (!stale) return;
  log('dist/server.js is missing or older than server/src: running node scripts/build.mjs');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, stdio: 'inherit' });
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

interface BenchSite {
  pages: number;
  dir: string;
  gen: GeneratedSite;
  pagePaths: string[];
  pagesJson: string;
  bytes: number;
  lines: number;
}

function prepareSite(base: string, pages: number): BenchSite {
  const dir = path.join(base, `site-${pages}`);
  const gen = generateSite(pages);
  writeSite(gen, dir);
  const pagePaths = gen.pageFiles.map((rel) => path.join(dir, rel));
  const pagesJson = path.join(base, `pages-${pages}.json`);
  writeFileSync(pagesJson, JSON.stringify(pagePaths));
  let bytes = 0;
  let lines = 0;
  for (const rel of gen.pageFiles) {
    const t = gen.files.get(rel)!;
    bytes += Buffer.byteLength(t);
    lines += t.split('\n').length - 1;
  }
  return { pages, dir, gen, pagePaths, pagesJson, bytes, lines };
}

// ---------------------------------------------------------------------------------------------
// Formatting

const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const x = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a');
const mb = (kb: number) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : 'n/a');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = head.map((_, i) => i > 0 && rows.every((r) => /^[-\d.,x /MBn/a]*$/.test(r[i] ?? '')));
  const line = (cells: string[]) =>
    '  ' +
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------

/** Operations of the spec attached to a tab in the API export measure. */
const API_OPERATIONS = 500;

/**
 * Export time per generated API page against per MDX page: the 1,000-page site in the current
 * format, exported as it is and with a tab whose `openapi` generates 500 operation pages.
 */
function measureApiExport(base: string, site: BenchSite, runs: number) {
  const plain = path.join(base, 'site-current');
  const withApi = path.join(base, 'site-current-api');
  const migrated = JSON.parse(migrateConfig(site.gen.files.get('docs.json')!).text) as { navigation: Record<string, unknown> };
  // The site's own navigation becomes one tab; the other site has an API tab beside it.
  const docsTab = { tab: 'Docs', ...migrated.navigation };
  writeSite(site.gen, plain);
  writeFileSync(path.join(plain, 'docs.json'), JSON.stringify({ ...migrated, navigation: { tabs: [docsTab] } }, null, 2));
  writeSite(site.gen, withApi);
  writeFileSync(
    path.join(withApi, 'docs.json'),
    JSON.stringify({ ...migrated, navigation: { tabs: [docsTab, { tab: 'API reference', openapi: 'openapi.json' }] } }, null, 2),
  );
  writeFileSync(path.join(withApi, 'openapi.json'), generateApiSpec(API_OPERATIONS));
  const out = path.join(base, 'export-api-out');
  const plainRun = medianChild(runs, () => runNode([CLI, 'export', plain, '--out', out]));
  const apiRun = medianChild(runs, () => runNode([CLI, 'export', withApi, '--out', out]));
  const pages = Number(/Exported (\d+) pages/.exec(plainRun.stdout)?.[1] ?? NaN);
  const apiPages = Number(/Exported (\d+) pages/.exec(apiRun.stdout)?.[1] ?? NaN) - pages;
  const perMdxMs = plainRun.wallMs / pages;
  const perApiMs = (apiRun.wallMs - plainRun.wallMs) / apiPages;
  return {
    plainMs: plainRun.wallMs,
    apiMs: apiRun.wallMs,
    pages,
    apiPages,
    perMdxMs,
    perApiMs,
    ratio: perApiMs / perMdxMs,
    ok: plainRun.status === 0 && apiRun.status === 0,
    pass: plainRun.status === 0 && apiRun.status === 0 && apiPages === API_OPERATIONS && perApiMs <= perMdxMs,
  };
}

function apiExportLine(api: ReturnType<typeof measureApiExport>): string {
  return `  Generated API pages: a tab with a ${API_OPERATIONS}-operation OpenAPI file added to the site (current format): ${f0(api.plainMs)} -> ${f0(api.apiMs)} ms for ${f0(api.apiPages)} more pages; ${f2(api.perApiMs)} ms per generated page against ${f2(api.perMdxMs)} ms per page of the site (${f0(api.pages)} pages, fixed costs included): ratio ${f2(api.ratio)} (target <= 1) ${verdict(api.pass)}`;
}

/** References and the move edit on a copy of the site where 100 pages link to one page. */
async function measureLinkFigures(base: string, site: BenchSite): Promise<LinkLatencies> {
  const dir = path.join(base, 'site-links');
  const { targetRel, linkers } = plantLinks(site.dir, dir, site.gen.pageFiles, site.gen.bigRel);
  return measureLinks(REPO, dir, targetRel, linkers, site.gen.bigRel, LINK_ITERATIONS);
}

function linkCompletionRows(editor: EditorLatencies, floorBig: number): string[][] {
  return [
    [
      `completion of a page path in a link (${editor.pathCompletion.items} pages offered)`,
      f1(editor.pathCompletion.p50),
      f1(editor.pathCompletion.p95),
      x(editor.pathCompletion.p50 / floorBig),
      `p95 <= ${PATH_COMPLETION_TARGET_MS} ms ${verdict(editor.pathCompletion.p95 <= PATH_COMPLETION_TARGET_MS)}`,
    ],
    [
      `completion of an #anchor of the linked page (${editor.anchorCompletion.items} anchors)`,
      f1(editor.anchorCompletion.p50),
      f1(editor.anchorCompletion.p95),
      x(editor.anchorCompletion.p50 / floorBig),
      '',
    ],
  ];
}

function linkRows(links: LinkLatencies, floorBig: number): string[][] {
  return [
    [
      `references of a page linked from ${links.linkers} pages (${links.references} places), after an edit`,
      f1(links.references50),
      f1(links.references95),
      x(links.references50 / floorBig),
      `p95 <= ${REFERENCES_TARGET_MS} ms ${verdict(links.references95 <= REFERENCES_TARGET_MS)}`,
    ],
    [
      `the edit of moving that page (willRenameFiles: ${links.editedFiles} files), after an edit`,
      f1(links.move50),
      f1(links.move95),
      x(links.move50 / floorBig),
      `p95 <= ${MOVE_TARGET_MS} ms ${verdict(links.move95 <= MOVE_TARGET_MS)}`,
    ],
  ];
}

const checkSpeedHost = (): CheckSpeedHost => ({ repo: REPO, runs: RUNS, runNode, medianChild, log });
const checkSpeedSite = (s: BenchSite): CheckSpeedSite => {
  const broken = new Set([...(s.gen.planted['broken-front-matter'] ?? []), ...(s.gen.planted['mdx-syntax-error'] ?? [])]);
  const unbuildable = s.gen.pageFiles.filter((rel) => broken.has(rel.replace(/\.mdx?$/, '')));
  return { dir: s.dir, bigRel: s.gen.bigRel, pagesJson: s.pagesJson, pageFiles: s.gen.pageFiles, pages: s.pages, unbuildable };
};

/** Pages of the real-shaped site: as many as the largest corpus site's navigation. */
const REAL_SHAPED_PAGES = 1700;

/** The startup rows (bench/real-shaped.ts): the editor's first check against the CLI on a real-shaped site, and open pages diagnosed meanwhile. */
async function startupSection(base: string): Promise<string[]> {
  const dir = path.join(base, 'real-shaped');
  const site = generateRealShapedSite(REAL_SHAPED_PAGES);
  writeRealShapedSite(site, dir);
  const r = await measureStartupRows(checkSpeedHost(), dir, site.pageFiles);
  return [
    `Startup on a real-shaped site (${f0(site.pageFiles.length)} pages: corpus page sizes, images, snippets, OpenAPI pages, .md), median of ${RUNS} runs`,
    checkSpeedTable(r.rows),
    ...r.notes.map((n) => `  ${n}`),
  ];
}

/**
 * `docwright format --check` of the whole site through the CLI's runner (find the files, load the site,
 * read, format on threads with its options, proved by tree and checks; nothing written) vs the
 * parse-only floor of the same files on one thread; one thread (--jobs 1) beside it.
 */
async function formatSection(base: string): Promise<string[]> {
  // The bundle's runner, as the CLI runs it: its workers load the bundle (under tsx they would compile the sources first).
  ensureBuilt();
  const { runFormat } = createRequire(__filename)(path.join(REPO, 'dist', 'server.js')) as { runFormat: typeof RunFormat };
  const site1k = prepareSite(base, HEADLINE);
  let info = { threads: 0, files: 0, changed: 0, refused: 0 };
  const formatAll = (jobs?: number) => () =>
    runFormat(
      { paths: [site1k.dir], check: true, diff: false, ...(jobs ? { jobs } : {}) },
      () => undefined,
      () => undefined,
      base,
      { onDone: (i) => (info = i) },
    );
  log(`Warm-up, then the parse-only floor and format on the ${HEADLINE}-page site (${RUNS} runs each) ...`);
  floorParse(site1k.pagePaths);
  await formatAll()();
  const floor = await medianOf(RUNS, () => floorParse(site1k.pagePaths));
  // Cores the process got while formatting (CPU time over wall time): on a busy machine, fewer than the threads.
  const cpu0 = process.cpuUsage();
  const format = await medianOf(RUNS, formatAll());
  const cpu = process.cpuUsage(cpu0);
  const cores = (cpu.user + cpu.system) / 1000 / format.all.reduce((a, b) => a + b, 0);
  const threaded = info;
  const one = await medianOf(RUNS, formatAll(1));
  const ratio = format.ms / floor.ms;
  return [
    table(
      ['', 'ms', 'x parse-only', 'target'],
      [
        [`parse-only floor (${HEADLINE} pages, one thread)`, f0(floor.ms), '1.00x', ''],
        [
          `docwright format --check, ${threaded.threads} thread(s) (${threaded.files} files: ${threaded.changed} not formatted, ${threaded.refused} left as written)`,
          f0(format.ms),
          x(ratio),
          `<= ${FORMAT_TARGET}x ${verdict(ratio <= FORMAT_TARGET)}`,
        ],
        [`docwright format --check --jobs 1 (informative)`, f0(one.ms), x(one.ms / floor.ms), ''],
      ],
    ),
    `  median of ${RUNS} runs; each run finds the files, loads the site and reads every file; each changed page is parsed again and checked twice (the proof); format runs ${format.all.map(f0).join(', ')} ms, on ${f2(cores)} cores' worth of CPU (CPU time / wall time).`,
  ];
}

/** A Vale style of 30 rules with spelling on against neither, `docwright check` of the 1,000-page site (issue 49). */
const PROSE_TARGET = 1.3;

/**
 * What a team's own prose rules cost (issue 49): the 1,000-page site with 'prose on' (the spelling
 * rule on, and a `.vale.ini` running Vale's built-in style and bench/vale-style.ts's 30 rules)
 * against 'prose off' (spelling off, no `.vale.ini`). `docwright check --jobs 1` in alternating runs,
 * since the machine's speed drifts (medians of wall and CPU time); then the language server, in
 * alternating sessions, timing one-character edits of big.mdx from didChange to its next
 * publishDiagnostics.
 */
async function proseSection(base: string, runs: number): Promise<{ lines: string[]; raw: Record<string, unknown> }> {
  const site = prepareSite(base, HEADLINE);
  writeValeStyle(site.dir);
  // A finding on the edited page whichever rules run (an image without alt text): a page with none is not published after an edit.
  appendFileSync(path.join(site.dir, site.gen.bigRel), '\n![](/images/diagram-0.svg)\n');
  const ini = path.join(site.dir, '.vale.ini');
  const prose = (on: boolean) => {
    writeFileSync(path.join(site.dir, '.docwright.json'), JSON.stringify({ rules: { spelling: on ? 'information' : 'off' } }));
    if (on) writeFileSync(ini, VALE_INI);
    else rmSync(ini, { force: true });
  };
  const load = () => os.loadavg()[0];
  interface Run {
    wallMs: number;
    cpuMs: number;
    load: number;
    byRule: Map<string, number>;
  }
  const check = (on: boolean): Run => {
    prose(on);
    const r = runNode([CLI, 'check', site.dir, '--jobs', '1', '--format', 'json']);
    if (r.status !== 0 && r.status !== 1) throw new Error(`docwright check exited ${r.status}`);
    const byRule = new Map<string, number>();
    for (const f of JSON.parse(r.stdout) as { ruleId: string }[]) byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
    return { wallMs: r.wallMs, cpuMs: r.cpuMs, load: load(), byRule };
  };
  log(`Prose off and on: docwright check --jobs 1 of the ${HEADLINE}-page site, ${runs} alternating runs each (load ${load().toFixed(1)}) ...`);
  const off: Run[] = [];
  const on: Run[] = [];
  for (let i = 0; i < runs; i++) {
    off.push(check(false));
    on.push(check(true));
  }
  const refused = [...on[0].byRule].filter(([rule]) => rule.startsWith('vale'));
  if (refused.length) throw new Error(`the bench's Vale style is not read whole: ${refused.map(([r, n]) => `${r} x${n}`).join(', ')}`);
  const fired = Object.keys(BENCH_RULES).filter((name) => on[0].byRule.has(`Bench.${name}`));
  const count = (r: Run, which: (rule: string) => boolean) => [...r.byRule].reduce((n, [rule, k]) => n + (which(rule) ? k : 0), 0);
  const wall = (rs: Run[]) => median(rs.map((r) => r.wallMs));
  const cpu = (rs: Run[]) => median(rs.map((r) => r.cpuMs));
  const loads = (rs: Run[]) => `load ${f1(Math.min(...rs.map((r) => r.load)))}-${f1(Math.max(...rs.map((r) => r.load)))}`;
  const ratio = wall(on) / wall(off);
  // Judged on CPU time: the check runs on one thread, and its wall time stretches with the shared machine's load.
  const cpuRatio = cpu(on) / cpu(off);

  const edits = Math.ceil(ITERATIONS / runs);
  log(`Prose off and on: keystroke -> diagnostics on ${site.gen.bigRel} through the language server, ${runs} alternating sessions of ${edits} edits each ...`);
  const sessions: Record<'off' | 'on', { latencies: number[]; firstMs: number[]; loads: number[]; diagnostics: number }> = {
    off: { latencies: [], firstMs: [], loads: [], diagnostics: 0 },
    on: { latencies: [], firstMs: [], loads: [], diagnostics: 0 },
  };
  for (let i = 0; i < runs; i++) {
    for (const side of ['off', 'on'] as const) {
      prose(side === 'on');
      const s = await measureDiagnostics(REPO, site.dir, site.gen.bigRel, edits);
      const into = sessions[side];
      into.latencies.push(...s.latencies);
      into.firstMs.push(s.firstDiagnosticsMs);
      into.loads.push(load());
      into.diagnostics = s.diagnostics;
    }
  }
  const p = (side: 'off' | 'on', q: number) => percentile(sessions[side].latencies, q);
  const sessionLoads = (side: 'off' | 'on') => `load ${f1(Math.min(...sessions[side].loads))}-${f1(Math.max(...sessions[side].loads))}`;
  const onVsOff = (q: number) => p('on', q) / p('off', q);

  const lines = [
    `Prose: a Vale style of ${Object.keys(BENCH_RULES).length} rules (bench/vale-style.ts, with Vale's built-in style) and spelling, ${f0(site.pages)}-page site, ${os.cpus().length} CPUs`,
    table(
      ['', 'wall ms', 'CPU ms', 'x off (wall / CPU)', 'target', 'findings', 'load'],
      [
        [
          'docwright check --jobs 1, prose off (spelling off, no .vale.ini)',
          f0(wall(off)),
          f0(cpu(off)),
          '1.00x',
          '',
          f0(count(off[0], () => true)),
          loads(off),
        ],
        [
          'docwright check --jobs 1, prose on (spelling on, .vale.ini)',
          f0(wall(on)),
          f0(cpu(on)),
          `${x(ratio)} / ${x(cpuRatio)}`,
          `CPU <= ${PROSE_TARGET}x ${verdict(cpuRatio <= PROSE_TARGET)}`,
          f0(count(on[0], () => true)),
          loads(on),
        ],
      ],
    ),
    `  ${runs} run(s) each, alternating, medians; wall on ${on.map((r) => f0(r.wallMs)).join(', ')} ms, off ${off.map((r) => f0(r.wallMs)).join(', ')} ms. Prose on: ${f0(count(on[0], (r) => r.startsWith('Bench.')))} findings of ${fired.length} of the style's rules, ${f0(count(on[0], (r) => r.startsWith('Vale.')))} of Vale's built-in rules, ${f0(on[0].byRule.get('spelling') ?? 0)} of the spelling rule (left to Vale.Spelling where it runs); no vale-config or vale-unsupported finding.`,
    table(
      ['', 'p50 ms', 'p95 ms', 'x off (p50 / p95)', 'target', 'first check ms', 'load'],
      [
        [
          `keystroke -> diagnostics on ${site.gen.bigRel}, prose off`,
          f1(p('off', 50)),
          f1(p('off', 95)),
          '1.00x',
          '',
          f0(median(sessions.off.firstMs)),
          sessionLoads('off'),
        ],
        [
          `keystroke -> diagnostics on ${site.gen.bigRel}, prose on`,
          f1(p('on', 50)),
          f1(p('on', 95)),
          `${x(onVsOff(50))} / ${x(onVsOff(95))}`,
          `p95 <= ${LATENCY_TARGET_MS} ms ${verdict(p('on', 95) <= LATENCY_TARGET_MS)}`,
          f0(median(sessions.on.firstMs)),
          sessionLoads('on'),
        ],
      ],
    ),
    `  The language server (dist/server.js over stdio), ${runs} alternating session(s) each of ${edits} measured edits (after 5 more), pooled: didChange of one character -> the page's next publishDiagnostics (the server's 15 ms debounce included); ${sessions.off.diagnostics} diagnostics on the page with prose off, ${sessions.on.diagnostics} on. First check: spawn -> the page's diagnostics published (median). Load: the 1-minute load average after each run (lowest-highest).`,
  ];
  const raw = {
    pages: site.pages,
    rules: Object.keys(BENCH_RULES).length,
    check: {
      runs,
      off: { wallMs: wall(off), cpuMs: cpu(off), all: off.map((r) => ({ wallMs: r.wallMs, cpuMs: r.cpuMs, load: r.load })) },
      on: { wallMs: wall(on), cpuMs: cpu(on), all: on.map((r) => ({ wallMs: r.wallMs, cpuMs: r.cpuMs, load: r.load })) },
      ratio,
      cpuRatio,
      target: PROSE_TARGET,
      pass: cpuRatio <= PROSE_TARGET,
      findings: { off: Object.fromEntries(off[0].byRule), on: Object.fromEntries(on[0].byRule) },
      rulesFired: fired.length,
    },
    editor: {
      page: site.gen.bigRel,
      sessions: runs,
      editsPerSession: edits,
      off: { p50Ms: p('off', 50), p95Ms: p('off', 95), firstCheckMs: sessions.off.firstMs, loads: sessions.off.loads, diagnostics: sessions.off.diagnostics },
      on: { p50Ms: p('on', 50), p95Ms: p('on', 95), firstCheckMs: sessions.on.firstMs, loads: sessions.on.loads, diagnostics: sessions.on.diagnostics },
      p50Ratio: onVsOff(50),
      p95Ratio: onVsOff(95),
      target95Ms: LATENCY_TARGET_MS,
      pass: p('on', 95) <= LATENCY_TARGET_MS,
    },
  };
  return { lines, raw };
}

/** A section's results: bench/results/<date>-<sha>-<section>-node<major>.json, with the commit and the machine. */
function writeResults(section: string, results: Record<string, unknown>): void {
  const sha = git(['rev-parse', '--short', 'HEAD']) || 'nogit';
  const dirty = git(['status', '--porcelain', '--', 'server', 'schemas', 'package.json']) !== '';
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(REPO, 'bench', 'results', `${date}-${sha}-${section}-node${process.versions.node.split('.')[0]}.json`);
  const env = { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadavg: os.loadavg(), memGB: os.totalmem() / 2 ** 30 };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ date, git: { sha, dirty }, env, ...results }, null, 2) + '\n');
  process.stdout.write(`Results: ${path.relative(REPO, file)}\n`);
}

/** The 25,000-page site's targets (issue 50). */
const SCALE_CHECK_RSS_MB = 1536;
const SCALE_CHECK_RATIO = 1.2;
const SCALE_SERVER_RSS_MB = 1024;
const SCALE_EXPORT_RSS_MB = 2048;

/**
 * The site of 33 versions x 4 languages of 190 pages (bench/scale.ts): the parse floor of its pages
 * (trees kept) and `docwright check` in turn, --scale-pairs N times (default 3), the check's ratio
 * being the median of each pair's (this machine's speed drifts by a third within minutes, and a
 * floor measured minutes away from its check would say as much about that as about the check);
 * then one run each of the floor with trees dropped, `docwright export`, and the language server's
 * first check with its resident memory after it. Versions and languages with --versions N (default 33).
 */
async function scaleSection(base: string): Promise<{ lines: string[]; raw: Record<string, unknown> }> {
  const versions = Number(argValue('--versions') ?? 33);
  const dir = path.join(base, 'scale');
  log(`Generating the scale site (${versions} versions x 4 languages) ...`);
  const site = generateScaleSite(versions);
  writeScaleSite(site, dir);
  const pagesJson = path.join(base, 'scale-pages.json');
  writePagesJson(site, dir, pagesJson);
  let bytes = 0;
  for (const rel of site.pageFiles) bytes += Buffer.byteLength(site.files.get(rel)!);
  const load = () => os.loadavg()[0].toFixed(1);
  const pairs: { floor: Measured; check: Measured; ratio: number }[] = [];
  for (let k = 1; k <= Math.max(1, Number(argValue('--scale-pairs') ?? 3)); k++) {
    log(`Pair ${k}: parse floor, trees kept (${f0(site.pageFiles.length)} pages; load ${load()}) ...`);
    const floorRun = timeNode([FLOOR_CHILD, pagesJson]);
    log(`Pair ${k}: docwright check (load ${load()}) ...`);
    const checkRun = timeNode([CLI, 'check', dir, '--format', 'json']);
    pairs.push({ floor: floorRun, check: checkRun, ratio: checkRun.wallMs / floorRun.wallMs });
  }
  // The pair of the median ratio stands for all (its own floor, check and memory figures).
  const { floor, check } = [...pairs].sort((a, b) => a.ratio - b.ratio)[(pairs.length - 1) >> 1];
  log(`Parse floor, trees dropped (load ${load()}) ...`);
  const floorDrop = timeNode([FLOOR_CHILD, pagesJson, '--drop']);
  const findings = check.status === 0 || check.status === 1 ? (JSON.parse(check.stdout) as unknown[]).length : NaN;
  const checkPeakKb = Math.max(...pairs.map((p) => p.check.maxRssKb));
  log(`docwright export (load ${load()}) ...`);
  const exported = timeNode([CLI, 'export', dir, '--out', path.join(base, 'scale-out')]);
  rmSync(path.join(base, 'scale-out'), { recursive: true, force: true });
  log(`The language server's first check (load ${load()}) ...`);
  const server = await measureServer(REPO, dir);
  const ratio = check.wallMs / floor.wallMs;
  const cpuRatio = check.cpuMs / floor.cpuMs;
  const at = (l: number) => `load ${l.toFixed(1)}`;
  const lines = [
    `Scale: ${f0(site.pageFiles.length)} pages (${site.versions.length} versions x ${site.languages.length} languages x ${site.pagesPerCopy} pages, ${f1(bytes / 1e6)} MB), one run each, ${os.cpus().length} CPUs`,
    table(
      ['', 'wall ms', 'CPU ms', 'peak RSS', 'x floor (wall / CPU)', 'target', 'load'],
      [
        [
          'parse floor (gray-matter + remark-parse + remark-mdx), trees kept',
          f0(floor.wallMs),
          f0(floor.cpuMs),
          mb(floor.maxRssKb),
          '1.00x',
          '',
          at(floor.load),
        ],
        [
          '  parse floor, trees dropped',
          f0(floorDrop.wallMs),
          f0(floorDrop.cpuMs),
          mb(floorDrop.maxRssKb),
          `${x(floorDrop.wallMs / floor.wallMs)} / ${x(floorDrop.cpuMs / floor.cpuMs)}`,
          '',
          at(floorDrop.load),
        ],
        [
          `docwright check (default threads; ${f0(findings)} findings)`,
          f0(check.wallMs),
          f0(check.cpuMs),
          mb(checkPeakKb),
          `${x(ratio)} / ${x(cpuRatio)}`,
          `<= ${SCALE_CHECK_RATIO}x ${verdict(ratio <= SCALE_CHECK_RATIO)}, <= ${SCALE_CHECK_RSS_MB} MB ${verdict(checkPeakKb <= SCALE_CHECK_RSS_MB * 1024)}`,
          at(check.load),
        ],
        [
          'docwright export (default threads)',
          f0(exported.wallMs),
          f0(exported.cpuMs),
          mb(exported.maxRssKb),
          `${x(exported.wallMs / floor.wallMs)} / ${x(exported.cpuMs / floor.cpuMs)}`,
          `exported, <= ${SCALE_EXPORT_RSS_MB} MB ${verdict(exported.status === 0 && exported.maxRssKb <= SCALE_EXPORT_RSS_MB * 1024)}`,
          at(exported.load),
        ],
        [
          'language server: spawn -> first check ended; resident after it (peak)',
          f0(server.ms),
          '',
          `${mb(server.rssKb)} (${mb(server.peakKb)})`,
          x(server.ms / floor.wallMs),
          `<= ${SCALE_SERVER_RSS_MB} MB ${verdict(server.rssKb <= SCALE_SERVER_RSS_MB * 1024)}`,
          at(server.load),
        ],
      ],
    ),
    `  Floor and check in ${pairs.length} pairs, run in turn; the rows give the pair of the median ratio (the check's peak: the largest of all). Each pair's ratio: ${pairs.map((p) => x(p.ratio)).join(', ')}.`,
    `  Load: the 1-minute load average when each run ended (${os.cpus().length} CPUs, shared). Exit codes: check ${check.status} (1: findings), export ${exported.status} (0: exported).`,
  ];
  const raw = {
    pages: site.pageFiles.length,
    versions: site.versions.length,
    languages: site.languages.length,
    bytes,
    floor: { wallMs: floor.wallMs, cpuMs: floor.cpuMs, maxRssKb: floor.maxRssKb, load: floor.load },
    floorDropped: { wallMs: floorDrop.wallMs, cpuMs: floorDrop.cpuMs, maxRssKb: floorDrop.maxRssKb, load: floorDrop.load },
    check: { wallMs: check.wallMs, cpuMs: check.cpuMs, maxRssKb: checkPeakKb, load: check.load, findings, ratio, cpuRatio },
    pairs: pairs.map((p) => ({
      floorWallMs: p.floor.wallMs,
      checkWallMs: p.check.wallMs,
      checkCpuMs: p.check.cpuMs,
      checkMaxRssKb: p.check.maxRssKb,
      ratio: p.ratio,
    })),
    export: { wallMs: exported.wallMs, cpuMs: exported.cpuMs, maxRssKb: exported.maxRssKb, load: exported.load, status: exported.status },
    server,
    pass: {
      checkTime: ratio <= SCALE_CHECK_RATIO,
      checkRss: checkPeakKb <= SCALE_CHECK_RSS_MB * 1024,
      exportRss: exported.status === 0 && exported.maxRssKb <= SCALE_EXPORT_RSS_MB * 1024,
      serverRss: server.rssKb <= SCALE_SERVER_RSS_MB * 1024,
    },
  };
  return { lines, raw };
}

/**
 * `docwright check --changed-since HEAD` with one page edited, on the 1,000-page site in a git
 * repository, against the cold full check; both as the CLI with the cache on (the changed run
 * starts from the cache the cold run wrote, restored before each run). Target: <= 0.2x.
 */
function changedSection(base: string, runs: number): string[] {
  const site = prepareSite(base, HEADLINE);
  const gitIn = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: site.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'bench',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'bench',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
      },
    });
  gitIn('init', '-q');
  gitIn('add', '-A');
  gitIn('commit', '-q', '-m', 'site');
  const cache = path.join(base, 'cache');
  const saved = path.join(base, 'cache-cold');
  const check = (...extra: string[]) => runNode([CLI, 'check', site.dir, '--cache-location', cache, ...extra]);
  const cold = medianChild(runs, () => {
    rmSync(cache, { recursive: true, force: true });
    return check();
  });
  rmSync(saved, { recursive: true, force: true });
  execFileSync('cp', ['-r', cache, saved]);
  // One page that other pages link to, edited (a paragraph added).
  const edited = site.gen.pageFiles[1];
  const file = path.join(site.dir, edited);
  writeFileSync(file, readFileSync(file, 'utf8') + '\nA paragraph added for the changed-pages bench.\n');
  const changed = medianChild(runs, () => {
    rmSync(cache, { recursive: true, force: true });
    execFileSync('cp', ['-r', saved, cache]);
    return check('--changed-since', 'HEAD', '--format', 'json');
  });
  const reported = new Set((JSON.parse(changed.stdout) as { file: string }[]).map((f) => f.file));
  const ratio = changed.wallMs / cold.wallMs;
  return [
    table(
      ['', 'wall ms', 'peak RSS', 'x cold full check', 'target'],
      [
        [`cold full check, ${f0(site.pages)} pages (--cache, empty cache)`, f0(cold.wallMs), mb(cold.maxRssKb), '1.00x', ''],
        [`--changed-since HEAD, one page edited (${edited})`, f0(changed.wallMs), mb(changed.maxRssKb), x(ratio), `<= 0.2x ${verdict(ratio <= 0.2)}`],
      ],
    ),
    `  ${runs} run(s) each, medians; the changed run reported findings in ${reported.size} file(s); cold runs ${cold.allMs.map(f0).join(', ')} ms, changed runs ${changed.allMs.map(f0).join(', ')} ms.`,
  ];
}

async function main(): Promise<void> {
  const started = now();
  if (process.argv.includes('--starlight-only')) {
    // Only the Starlight peer beside docwright export (one run each).
    ensureBuilt();
    const base = makeTempDir();
    try {
      const site = prepareSite(base, HEADLINE);
      const exported = runNode([CLI, 'export', site.dir, '--out', path.join(base, 'export-out')]);
      const notes: string[] = [];
      const rows = measureStarlight(checkSpeedHost(), checkSpeedSite(site), exported, notes);
      process.stdout.write(
        `${checkSpeedTable([{ label: 'docwright export (default threads), wall / peak RSS', value: `${f0(exported.wallMs)} ms / ${mb(exported.maxRssKb)}`, floor: 'export', ratio: 1, target: '' }, ...rows])}\n  ${notes.join('\n  ')}\n`,
      );
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--check-only')) {
    // Only the check-speed figures (threads, cache, editor first check, peers); --starlight adds the
    // Starlight build, --check-10k the 10,000-page row.
    ensureBuilt();
    const base = makeTempDir();
    try {
      const site = prepareSite(base, HEADLINE);
      const big = process.argv.includes('--check-10k') ? prepareSite(base, 10_000) : undefined;
      const speed = await measureCheckSpeed(checkSpeedHost(), checkSpeedSite(site), {
        starlight: process.argv.includes('--starlight'),
        big: big && checkSpeedSite(big),
      });
      process.stdout.write(`Check speed, ${f0(HEADLINE)}-page site, median of ${RUNS} runs\n${checkSpeedTable(speed.rows)}\n  ${speed.notes.join('\n  ')}\n`);
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--prose-only') || process.argv.includes('--spelling-only')) {
    ensureBuilt();
    const base = makeTempDir();
    try {
      const { lines, raw } = await proseSection(base, RUNS);
      process.stdout.write(`${lines.join('\n')}\n`);
      writeResults('prose', { prose: raw });
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--changed-only')) {
    ensureBuilt();
    const base = makeTempDir();
    try {
      process.stdout.write(`${changedSection(base, RUNS).join('\n')}\n`);
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--scale-only')) {
    ensureBuilt();
    const base = makeTempDir();
    try {
      const { lines, raw } = await scaleSection(base);
      process.stdout.write(`${lines.join('\n')}\n`);
      writeResults('scale', { scale: raw });
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--startup-only')) {
    // Only the startup rows on the real-shaped site (--runs sets the runs; 1,700 pages as the largest corpus site).
    ensureBuilt();
    const base = makeTempDir();
    try {
      const startup = await startupSection(base);
      process.stdout.write(`${startup.join('\n')}\n`);
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--format-only')) {
    // Only `docwright format` of the 1,000-page site against the parse-only floor over the same files.
    const base = makeTempDir();
    try {
      process.stdout.write(`${(await formatSection(base)).join('\n')}\n`);
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--api-only')) {
    // Only the generated-API-pages export measure, one run each (for working on that part alone).
    ensureBuilt();
    const base = makeTempDir();
    const api = measureApiExport(base, prepareSite(base, HEADLINE), 1);
    process.stdout.write(apiExportLine(api) + '\n');
    rmSync(base, { recursive: true, force: true });
    return;
  }
  if (process.argv.includes('--completion-only')) {
    // Only the editor figures through the server (completion of paths and anchors among them), with their floor.
    ensureBuilt();
    const base = makeTempDir();
    const site = prepareSite(base, HEADLINE);
    const bigText = readFileSync(path.join(site.dir, site.gen.bigRel), 'utf8');
    const floor: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = now();
      parseOnly(bigText);
      if (i >= 10) floor.push(msSince(t));
    }
    const editor = await measureEditor(REPO, site.dir, site.gen.bigRel, ITERATIONS);
    const rows = [
      ['completion in a component tag', f1(editor.completion.p50), f1(editor.completion.p95), x(editor.completion.p50 / median(floor)), ''],
      ...linkCompletionRows(editor, median(floor)),
    ];
    process.stdout.write(table(['', 'p50 ms', 'p95 ms', 'p50 x parse-only of the page', 'target'], rows) + '\n');
    process.stdout.write(`  floor: parse-only of big.mdx ${f1(median(floor))} ms; ${editor.iterations} edits, each followed by the requests.\n`);
    if (!KEEP) rmSync(base, { recursive: true, force: true });
    return;
  }
  if (process.argv.includes('--dev-only')) {
    // Only `docwright dev`: the first page served after start, then file saves until the page is fetched with the new text.
    ensureBuilt();
    const base = makeTempDir();
    try {
      const site = prepareSite(base, HEADLINE);
      // A page of ordinary size from the middle of the navigation (not the 1,000-line one).
      const pageRel = site.gen.pageFiles[Math.floor(site.gen.pageFiles.length / 2)];
      const d = await measureDev(CLI, path.join(REPO, 'bench', 'dev-floor.mjs'), site.dir, pageRel, DEV_SAVES);
      const p95 = percentile(d.saves, 95);
      const floorP95 = percentile(d.floorSaves, 95);
      process.stdout.write(`docwright dev on the ${f0(HEADLINE)}-page site (${pageRel}, ${d.saves.length} saves)\n`);
      process.stdout.write(
        table(
          ['', 'p50 ms', 'p95 ms', 'x floor', 'target'],
          [
            [
              'first page served after start (process start -> page received)',
              f0(d.firstPageMs),
              '',
              x(d.firstPageMs / d.floorFirstMs),
              `<= ${f0(DEV_FIRST_PAGE_TARGET_MS)} ms ${verdict(d.firstPageMs <= DEV_FIRST_PAGE_TARGET_MS)}`,
            ],
            ["  the server's CPU time (user + system) until then", f0(d.firstPageCpuMs), '', '', ''],
            [
              'file save -> page updated (SSE change + page re-fetched with the new text)',
              f1(median(d.saves)),
              f1(p95),
              x(p95 / floorP95),
              `p95 <= ${DEV_SAVE_TARGET_MS} ms ${verdict(p95 <= DEV_SAVE_TARGET_MS)}`,
            ],
            ['  floor: node:http child serving the file as it is + fs.watch -> SSE', f1(median(d.floorSaves)), f1(floorP95), '1.00x', ''],
            ['  floor: that child started -> file received', f0(d.floorFirstMs), '', '1.00x', ''],
          ],
        ) + '\n',
      );
    } finally {
      if (!KEEP) rmSync(base, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--links-only')) {
    // Only the references and move figures (for working on that part alone), with their floor.
    ensureBuilt();
    const base = makeTempDir();
    const site = prepareSite(base, HEADLINE);
    const bigPath = path.join(site.dir, site.gen.bigRel);
    const bigText = readFileSync(bigPath, 'utf8');
    const floor: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = now();
      parseOnly(bigText);
      if (i >= 10) floor.push(msSince(t));
    }
    const links = await measureLinkFigures(base, site);
    process.stdout.write(table(['', 'p50 ms', 'p95 ms', 'p50 x parse-only of the page', 'target'], linkRows(links, median(floor))) + '\n');
    process.stdout.write(`  floor: parse-only of big.mdx ${f1(median(floor))} ms; ${links.iterations} edits.\n`);
    if (!KEEP) rmSync(base, { recursive: true, force: true });
    return;
  }
  if (SIZES.length === 0) throw new Error('--sizes needs page counts of at least 10, e.g. --sizes 100,1000');
  ensureBuilt();
  const base = makeTempDir();
  log(`Generating sites in ${base} ...`);
  const sizes = [...new Set([...SIZES, HEADLINE])].sort((a, b) => a - b);
  const sites = new Map<number, BenchSite>();
  for (const n of sizes) sites.set(n, prepareSite(base, n));
  const warm = sites.get(Math.min(...sizes))!;
  const main1k = sites.get(HEADLINE)!;

  // A minimal site: the CLI's fixed cost (node start, bundle load, schema) to subtract per page.
  const tiny = path.join(base, 'site-tiny');
  mkdirSync(tiny, { recursive: true });
  writeFileSync(path.join(tiny, 'docs.json'), JSON.stringify({ name: 'Tiny', navigation: [{ group: 'Home', pages: ['index'] }] }));
  writeFileSync(path.join(tiny, 'index.mdx'), '---\ntitle: "Home page of the tiny site"\ndescription: "The only page."\n---\n\n## Start\n\nText.\n');

  try {
    // Warm-up: one full pass of every measured path over the smallest site.
    log(`Warm-up on the ${warm.pages}-page site ...`);
    floorRead(warm.pagePaths);
    floorParse(warm.pagePaths);
    await checkInProcess(warm.dir);
    runCli(tiny);

    // --- Headline: the 1,000-page site -------------------------------------------------------
    log(`Floors on the ${HEADLINE}-page site (${RUNS} runs) ...`);
    const read = await medianOf(RUNS, () => floorRead(main1k.pagePaths));
    const parse = await medianOf(RUNS, () => floorParse(main1k.pagePaths));
    log(`Docwright in-process check (${RUNS} runs) ...`);
    const overlay = new Map<string, string>();
    let lastProject: Project | undefined;
    let findings = 0;
    const check = await medianOf(RUNS, async () => {
      lastProject = undefined; // let the previous run's project be collected before timing
      const r = await checkInProcess(main1k.dir, overlay);
      lastProject = r.project;
      findings = r.findings;
    });
    log(`Docwright CLI (${RUNS} runs) and the parse-only floor as a child ...`);
    const startup = medianChild(RUNS, () => runCli(tiny));
    const cli = medianChild(RUNS, () => runCli(main1k.dir));
    const floorChild = medianChild(1, () => runFloorChild(main1k.pagesJson));
    const checkRatio = check.ms / parse.ms;
    log('Breakdown: parsePage over every page, and floor 2 with the GFM and front matter plugins (1 run each) ...');
    const parseAll = await timed(() => {
      const kept: unknown[] = [];
      for (const p of main1k.pagePaths) kept.push(parsePage(p, readFileSync(p, 'utf8')));
      return kept;
    });
    const parseGfm = await timed(() => {
      const kept: unknown[] = [];
      for (const p of main1k.pagePaths) kept.push(parseOnlyGfm(readFileSync(p, 'utf8')));
      return kept;
    });

    // --- Growth over sizes --------------------------------------------------------------------
    interface SizeRow {
      pages: number;
      mb: number;
      runs: number;
      checkMs?: number;
      parseMs?: number;
      cliMs: number;
      cliRssKb: number;
      floorChildMs: number;
      floorChildRssKb: number;
      msPerPage: number;
      cliMsPerPage: number;
    }
    const series: SizeRow[] = [];
    for (const n of SIZES) {
      const s = sites.get(n)!;
      const runs = runsFor(n);
      log(`Size ${n}: ${runs} run(s) ...`);
      let checkMs: number | undefined;
      let parseMs: number | undefined;
      let c: ChildResult;
      let fc: ChildResult;
      if (n === HEADLINE) {
        [checkMs, parseMs, c, fc] = [check.ms, parse.ms, cli, floorChild];
      } else {
        if (n <= HEADLINE) {
          parseMs = (await medianOf(runs, () => floorParse(s.pagePaths))).ms;
          checkMs = (await medianOf(runs, () => checkInProcess(s.dir))).ms;
        }
        c = medianChild(runs, () => runCli(s.dir));
        fc = medianChild(1, () => runFloorChild(s.pagesJson));
      }
      // Above 1,000 pages only the CLI runs (an in-process pass would double the minutes).
      const cliMsPerPage = (c.wallMs - startup.wallMs) / n;
      series.push({
        pages: n,
        mb: s.bytes / 1e6,
        runs,
        checkMs,
        parseMs,
        cliMs: c.wallMs,
        cliRssKb: c.maxRssKb,
        floorChildMs: fc.wallMs,
        floorChildRssKb: fc.maxRssKb,
        msPerPage: checkMs !== undefined ? checkMs / n : cliMsPerPage,
        cliMsPerPage,
      });
    }

    // --- Re-validation latency of big.mdx ------------------------------------------------------
    log(`Re-validation latency of big.mdx (${ITERATIONS} edits) ...`);
    const project = lastProject!;
    const root = project.roots[0];
    const bigPath = root + '/' + main1k.gen.bigRel;
    const bigText = readFileSync(bigPath, 'utf8');
    const at = bigText.indexOf('markerx') + 'marker'.length;
    const edited = (i: number) => bigText.slice(0, at) + (i % 2 ? 'y' : 'x') + bigText.slice(at + 1);
    const revalidate = async (i: number) => {
      overlay.set(bigPath, edited(i));
      const t = now();
      project.contentChanged(bigPath);
      const found = await project.checkPage(root, bigPath);
      return { ms: msSince(t), found: found.length };
    };
    for (let i = 1; i <= 10; i++) await revalidate(i); // warm-up
    gc();
    const latencies: number[] = [];
    let bigFindings = 0;
    for (let i = 1; i <= ITERATIONS; i++) {
      const r = await revalidate(i);
      latencies.push(r.ms);
      bigFindings = r.found;
    }
    // Breakdown and floor for the same page and the same edits.
    const sample = (fn: (i: number) => unknown) => {
      const out: number[] = [];
      for (let i = 1; i <= 10; i++) fn(i);
      for (let i = 1; i <= ITERATIONS; i++) {
        const t = now();
        fn(i);
        out.push(msSince(t));
      }
      return out;
    };
    const bigParseOnly = sample((i) => parseOnly(edited(i)));
    const bigParsePage = sample((i) => parsePage(bigPath, edited(i)));
    const index = (await project.index(root))!;
    const bigRules = sample(() => checkPage(createSiteIndex(index.site, index.pages), 'big'));
    // Preview refresh: the same edits, then the page rendered with its site chrome (what the
    // webview receives after a keystroke).
    log(`Preview refresh of big.mdx (${ITERATIONS} edits) ...`);
    const refresh = async (i: number) => {
      overlay.set(bigPath, edited(i));
      const t = now();
      project.contentChanged(bigPath);
      const out = await renderPreview(project, bigPath, 'https://assets/');
      if (!out) throw new Error('preview of big.mdx rendered nothing');
      return msSince(t);
    };
    for (let i = 1; i <= 10; i++) await refresh(i); // warm-up (Shiki grammars load on first use)
    const previewMs: number[] = [];
    for (let i = 1; i <= ITERATIONS; i++) previewMs.push(await refresh(i));
    overlay.clear();
    const preview = { p50: percentile(previewMs, 50), p95: percentile(previewMs, 95) };

    // --- The editor through the real server over stdio, the client bundle, the VSIX -----------
    log(`Language server over stdio on the ${f0(HEADLINE)}-page site (${ITERATIONS} edits) ...`);
    const editor = await measureEditor(REPO, main1k.dir, main1k.gen.bigRel, ITERATIONS);
    log(`References and a page move through the server (100 pages linking to one, ${LINK_ITERATIONS} edits) ...`);
    const links = await measureLinkFigures(base, main1k);
    const clientLoad = measureClientLoad(REPO);
    log('Packaging the VSIX ...');
    const vsix = measureVsix(REPO);
    const lat = { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies) };
    const floorBig = median(bigParseOnly);

    // --- Peer ----------------------------------------------------------------------------------
    let peer: { name: string; ms?: number; maxRssKb?: number; ratio?: number; note?: string } = { name: 'markdownlint-cli2' };
    const local = path.join(REPO, 'node_modules', '.bin', 'markdownlint-cli2');
    const onPath = spawnSync('sh', ['-c', 'command -v markdownlint-cli2'], { encoding: 'utf8' }).stdout.trim();
    if (existsSync(local) || onPath) {
      log('markdownlint-cli2 ...');
      const npxCli = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npx-cli.js');
      const args = existsSync(npxCli) ? [npxCli, '--no-install', 'markdownlint-cli2', '**/*.mdx'] : [existsSync(local) ? local : onPath, '**/*.mdx'];
      const r = medianChild(RUNS, () => runNode(args, main1k.dir));
      peer = { ...peer, ms: r.wallMs, maxRssKb: r.maxRssKb, ratio: r.wallMs / floorChild.wallMs };
    } else {
      peer.note = 'not installed (npx --no-install would fail); skipped';
    }

    // --- Static export of the 1,000-page site -------------------------------------------------
    const threads = defaultThreads(os.availableParallelism());
    log(`docwright export of the ${HEADLINE}-page site (${RUNS} runs with the default ${threads} thread(s), 1 run with --jobs 1) ...`);
    const exportOut = path.join(base, 'export-out');
    const exported = medianChild(RUNS, () => runNode([CLI, 'export', main1k.dir, '--out', exportOut]));
    const exportedOne = medianChild(1, () => runNode([CLI, 'export', main1k.dir, '--out', exportOut, '--jobs', '1']));
    const exportFiles = /Exported (\d+) pages \((\d+) files\)/.exec(exported.stdout);
    const speed = await measureCheckSpeed(checkSpeedHost(), checkSpeedSite(main1k), {
      starlight: true,
      exported,
      big: sites.has(10_000) ? checkSpeedSite(sites.get(10_000)!) : undefined,
    });
    log(`Export of generated API pages (${API_OPERATIONS} operations on a tab, ${RUNS} runs each) ...`);
    const apiExport = measureApiExport(base, main1k, RUNS);
    log(`Startup on the real-shaped site (${REAL_SHAPED_PAGES} pages, ${RUNS} runs each) ...`);
    const startupLines = await startupSection(base);

    // --- Report --------------------------------------------------------------------------------
    const sha = git(['rev-parse', '--short', 'HEAD']) || 'nogit';
    const dirty = git(['status', '--porcelain', '--', 'server', 'schemas', 'package.json']) !== '';
    const date = new Date().toISOString().slice(0, 10);
    const totalS = msSince(started) / 1000;

    const out: string[] = [];
    out.push(
      '',
      `Docwright bench  ${date}  ${sha}${dirty ? ' (server/ has uncommitted changes)' : ''}  node ${process.version}  ${os.cpus().length} CPUs  load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    out.push(
      `Sites: ${sizes.map((n) => `${f0(n)} pages (${f1(sites.get(n)!.bytes / 1e6)} MB, ${f0(sites.get(n)!.lines)} lines)`).join(', ')}. Warm-up: one pass over the ${warm.pages}-page site. Median of ${RUNS} runs.`,
    );
    out.push('', `Whole-site check, ${f0(HEADLINE)}-page site`);
    out.push(
      table(
        ['', 'ms', 'ratio', 'floor', 'target'],
        [
          ['floor 1: read every page (readFileSync)', f1(read.ms), '1.00x', 'floor 1', ''],
          ['floor 2: parse-only (gray-matter + remark-parse + remark-mdx)', f0(parse.ms), x(parse.ms / read.ms), 'floor 1', ''],
          [
            'docwright check in-process (Project/DiskWorkspace: scan + check)',
            f0(check.ms),
            x(checkRatio),
            'floor 2',
            `<= ${RATIO_TARGET}x ${verdict(checkRatio <= RATIO_TARGET)}`,
          ],
          ['docwright CLI child (node bin/docwright.js check), wall', f0(cli.wallMs), x(cli.wallMs / floorChild.wallMs), 'floor 2 child', ''],
          ['  CLI fixed cost (tiny site), wall', f0(startup.wallMs), x(startup.wallMs / floorChild.wallMs), 'floor 2 child', ''],
          ['  CLI peak RSS', mb(cli.maxRssKb), x(cli.maxRssKb / floorChild.maxRssKb), 'floor 2 child RSS', ''],
          ['floor 2 as a child process (trees kept), wall / RSS', `${f0(floorChild.wallMs)} / ${mb(floorChild.maxRssKb)}`, '1.00x', 'floor 2 child', ''],
          ...(peer.ms !== undefined ? [[`peer: ${peer.name} **/*.mdx, wall`, f0(peer.ms), x(peer.ratio!), 'floor 2 child', '']] : []),
        ],
      ),
    );
    out.push(
      `  Breakdown (1 run each): parsePage over every page ${f0(parseAll)} ms = ${x(parseAll / parse.ms)} floor 2; floor 2 with Docwright's parser plugins (front matter, GFM tables, strikethrough, task lists) ${f0(parseGfm)} ms = ${x(parseGfm / parse.ms)} floor 2.`,
    );
    if (peer.note) out.push(`  Peer ${peer.name}: ${peer.note}.`);
    out.push(
      `  ${f0(findings)} findings. Runs (ms): check ${check.all.map(f0).join(' / ')}, floor 2 ${parse.all.map(f0).join(' / ')}, CLI ${cli.allMs.map(f0).join(' / ')}.`,
    );
    out.push('', 'Growth with site size (in-process where measured; CLI above 1,000 pages)');
    out.push(
      table(
        ['pages', 'MB', 'runs', 'check ms', 'x floor 2', 'ms/page', 'per-page vs prev', 'CLI ms', 'CLI x floor child', 'CLI RSS', 'RSS x floor child'],
        series.map((r, i) => {
          const prev = series[i - 1];
          const comparable = prev && (r.checkMs !== undefined) === (prev.checkMs !== undefined);
          const growth = prev ? (comparable ? r.msPerPage / prev.msPerPage : r.cliMsPerPage / prev.cliMsPerPage) : NaN;
          return [
            f0(r.pages),
            f1(r.mb),
            String(r.runs),
            r.checkMs !== undefined ? f0(r.checkMs) : '-',
            r.checkMs !== undefined && r.parseMs !== undefined ? x(r.checkMs / r.parseMs) : '-',
            f2(r.msPerPage),
            prev ? x(growth) : '-',
            f0(r.cliMs),
            x(r.cliMs / r.floorChildMs),
            mb(r.cliRssKb),
            x(r.cliRssKb / r.floorChildRssKb),
          ];
        }),
      ),
    );
    out.push("  per-page vs prev: ms/page divided by the previous size's ms/page; 1.00x = linear growth.");
    out.push(
      '',
      `Re-validation of big.mdx (${bigText.split('\n').length - 1} lines) after a one-character edit, ${f0(HEADLINE)}-page site, ${ITERATIONS} edits`,
    );
    out.push(
      table(
        ['', 'p50 ms', 'p95 ms', 'p50 x parse-only of the page', 'target'],
        [
          [
            'contentChanged + checkPage (project.checkPage)',
            f1(lat.p50),
            f1(lat.p95),
            x(lat.p50 / floorBig),
            `p95 <= ${LATENCY_TARGET_MS} ms ${verdict(lat.p95 <= LATENCY_TARGET_MS)}`,
          ],
          ['  floor: parse-only of big.mdx', f1(floorBig), f1(percentile(bigParseOnly, 95)), '1.00x', ''],
          ['  parsePage(big.mdx) alone', f1(median(bigParsePage)), f1(percentile(bigParsePage, 95)), x(median(bigParsePage) / floorBig), ''],
          ['  createSiteIndex + checkPage on parsed pages', f1(median(bigRules)), f1(percentile(bigRules, 95)), x(median(bigRules) / floorBig), ''],
          [
            'preview refresh (contentChanged + renderPreview)',
            f1(preview.p50),
            f1(preview.p95),
            x(preview.p50 / floorBig),
            `p95 <= ${PREVIEW_TARGET_MS} ms ${verdict(preview.p95 <= PREVIEW_TARGET_MS)}`,
          ],
        ],
      ),
    );
    out.push(`  ${bigFindings} findings on big.mdx.`);
    out.push('', `The editor through the real language server (dist/server.js over stdio), ${f0(HEADLINE)}-page site, ${ITERATIONS} edits of big.mdx`);
    out.push(
      table(
        ['', 'p50 ms', 'p95 ms', 'p50 x parse-only of the page', 'target'],
        [
          [
            'diagnostics after a one-character edit (includes the server 15 ms debounce)',
            f1(editor.diagnostics.p50),
            f1(editor.diagnostics.p95),
            x(editor.diagnostics.p50 / floorBig),
            `p95 <= ${LATENCY_TARGET_MS} ms ${verdict(editor.diagnostics.p95 <= LATENCY_TARGET_MS)}`,
          ],
          ['completion in a component tag', f1(editor.completion.p50), f1(editor.completion.p95), x(editor.completion.p50 / floorBig), ''],
          ['hover on a component', f1(editor.hover.p50), f1(editor.hover.p95), x(editor.hover.p50 / floorBig), ''],
          ...linkCompletionRows(editor, floorBig),
          ...linkRows(links, floorBig),
        ],
      ),
    );
    out.push(
      `  server start: initialize answered after ${f0(editor.startMs)} ms; the whole site checked and published after ${f0(editor.firstDiagnosticsMs)} ms (${x(editor.firstDiagnosticsMs / parse.ms)} the in-process parse-only floor of the site).`,
    );
    out.push(
      `  client bundle load: ${f1(clientLoad.loadMs)} ms (${x(clientLoad.loadMs / clientLoad.floorMs)} loading vscode-languageclient alone, ${f1(clientLoad.floorMs)} ms).`,
    );
    out.push(
      vsix.bytes !== undefined
        ? `  VSIX: ${(vsix.bytes / 1e6).toFixed(2)} MB (${x(vsix.bytes / 5e6)} the 5 MB limit) ${verdict(vsix.bytes <= 5e6)}`
        : `  VSIX: ${vsix.note}`,
    );
    out.push(
      '',
      `Static export (docwright export: HTML pages, Markdown copies, search index, llms.txt, llms-full.txt), ${f0(HEADLINE)}-page site${exportFiles ? `: ${exportFiles[1]} pages, ${exportFiles[2]} files` : ''}`,
    );
    out.push(
      table(
        ['', 'wall ms', 'x floor 2 child', 'peak RSS', 'RSS x floor child', 'target'],
        [
          [
            `docwright export (default: ${threads} thread${threads === 1 ? '' : 's'})`,
            f0(exported.wallMs),
            x(exported.wallMs / floorChild.wallMs),
            mb(exported.maxRssKb),
            x(exported.maxRssKb / floorChild.maxRssKb),
            'against Starlight: see Check speed',
          ],
          [
            `docwright export --jobs 1 (one thread)`,
            f0(exportedOne.wallMs),
            x(exportedOne.wallMs / floorChild.wallMs),
            mb(exportedOne.maxRssKb),
            x(exportedOne.maxRssKb / floorChild.maxRssKb),
            '',
          ],
        ],
      ),
    );
    out.push(`  Runs (ms): ${exported.allMs.map(f0).join(' / ')}.`);
    out.push(apiExportLine(apiExport));
    out.push(
      '',
      `Check speed (threads, cache, the editor's first check, peers), ${f0(HEADLINE)}-page site`,
      checkSpeedTable(speed.rows),
      ...speed.notes.map((n) => `  ${n}`),
    );
    out.push('', ...startupLines);
    out.push(`  Bench took ${f0(totalS)} s.`);
    process.stdout.write(out.join('\n') + '\n');

    const results = {
      date,
      git: { sha, dirty },
      env: {
        node: process.version,
        platform: `${os.platform()} ${os.arch()}`,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        loadavg: os.loadavg(),
        memGB: os.totalmem() / 2 ** 30,
        peakRss: HAS_TIME ? '/usr/bin/time -v' : 'process.resourceUsage().maxRSS',
      },
      args: { sizes: SIZES, runs: RUNS, iterations: ITERATIONS },
      sites: Object.fromEntries(
        sizes.map((n) => [
          n,
          {
            pages: n,
            bytes: sites.get(n)!.bytes,
            lines: sites.get(n)!.lines,
            planted: Object.fromEntries(Object.entries(sites.get(n)!.gen.planted).map(([k, v]) => [k, v.length])),
          },
        ]),
      ),
      headline: {
        pages: HEADLINE,
        floorReadMs: read.ms,
        floorParseMs: parse.ms,
        checkInProcessMs: check.ms,
        checkToParseRatio: checkRatio,
        target: RATIO_TARGET,
        pass: checkRatio <= RATIO_TARGET,
        findings,
        runs: { floorRead: read.all, floorParse: parse.all, check: check.all, cli: cli.allMs },
        cli: {
          wallMs: cli.wallMs,
          maxRssKb: cli.maxRssKb,
          fixedCostMs: startup.wallMs,
          ratioToFloorChild: cli.wallMs / floorChild.wallMs,
          rssRatioToFloorChild: cli.maxRssKb / floorChild.maxRssKb,
        },
        floorChild: { wallMs: floorChild.wallMs, maxRssKb: floorChild.maxRssKb },
        breakdown: { parsePageAllMs: parseAll, floorParseWithGfmMs: parseGfm },
      },
      series,
      latency: {
        page: main1k.gen.bigRel,
        lines: bigText.split('\n').length - 1,
        iterations: ITERATIONS,
        p50Ms: lat.p50,
        p95Ms: lat.p95,
        maxMs: lat.max,
        target95Ms: LATENCY_TARGET_MS,
        pass: lat.p95 <= LATENCY_TARGET_MS,
        parseOnlyP50Ms: floorBig,
        p50ToParseOnly: lat.p50 / floorBig,
        parsePageP50Ms: median(bigParsePage),
        indexAndRulesP50Ms: median(bigRules),
        findings: bigFindings,
      },
      editor: { ...editor, clientLoad, vsixBytes: vsix.bytes, vsixNote: vsix.note },
      links,
      preview: {
        p50Ms: preview.p50,
        p95Ms: preview.p95,
        target95Ms: PREVIEW_TARGET_MS,
        pass: preview.p95 <= PREVIEW_TARGET_MS,
        p50ToParseOnly: preview.p50 / floorBig,
      },
      peer,
      export: {
        wallMs: exported.wallMs,
        maxRssKb: exported.maxRssKb,
        runs: exported.allMs,
        threads,
        oneThread: { jobs: 1, wallMs: exportedOne.wallMs, maxRssKb: exportedOne.maxRssKb },
        ratioToFloorChild: exported.wallMs / floorChild.wallMs,
        rssRatioToFloorChild: exported.maxRssKb / floorChild.maxRssKb,
        api: { operations: API_OPERATIONS, ...apiExport },
      },
      checkSpeed: speed.raw,
      totalSeconds: totalS,
    };
    const dir = path.join(REPO, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${date}-${sha}-node${process.versions.node.split('.')[0]}.json`);
    writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
    process.stdout.write(`Results: ${path.relative(REPO, file)}\n`);
  } finally {
    if (KEEP) log(`Sites kept in ${base}`);
    else rmSync(base, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});

// A site shaped like the real ones (issue 36): the generated site of generate.ts reshaped to
// distributions measured on the corpus sites (cloudanix, mintlify-docs, agentops, langtrace,
// abstract, bytez; 6,100 pages) — page sizes, images, snippets, OpenAPI pages, `.md` share — not a
// copy of their content. The startup rows: the editor's first check on it against the CLI on the
// same site, and how soon a page opened during that check gets its own diagnostics.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import type { CheckSpeedHost, Child, Row } from './check-speed';
import { startServer } from './editor';
import { generateApiSpec, generateSite, Rng, writeSite, type GeneratedSite } from './generate';

/**
 * Page size in bytes by quantile over the corpus pages (q0 .. q100 by tens, then q99 and the
 * largest): 10% under 1.1 KB, half under 4.5 KB, 10% over 10 KB, 1% over 30 KB, the largest 220 KB.
 */
const SIZE_QUANTILES: [number, number][] = [
  [0, 300],
  [0.1, 1100],
  [0.3, 2800],
  [0.5, 4500],
  [0.7, 6200],
  [0.9, 10_000],
  [0.99, 30_000],
  [0.998, 120_000],
  [1, 220_000],
];
/** Images per page: 1.3 on average where sites use them (1.44, 1.21, 1.07 per page), a third of pages with none. */
const IMAGE_MEAN = 1.3;
/** Pages that import a snippet (0.14 and 0.34 imports per page where snippets exist). */
const SNIPPET_SHARE = 0.15;
const SNIPPETS = 30;
/** Pages generated from an OpenAPI operation (`openapi:` front matter: 12% and 47% of pages where specs exist). */
const OPENAPI_SHARE = 0.12;
/** `.md` pages among the pages (1-3% on four sites). */
const MD_SHARE = 0.02;
const IMAGE_FILES = 150;

function sizeAt(q: number): number {
  for (let i = 1; i < SIZE_QUANTILES.length; i++) {
    const [q1, s1] = SIZE_QUANTILES[i];
    const [q0, s0] = SIZE_QUANTILES[i - 1];
    if (q <= q1) return Math.round(s0 + ((q - q0) / (q1 - q0)) * (s1 - s0));
  }
  return SIZE_QUANTILES[SIZE_QUANTILES.length - 1][1];
}

/** A 1x1 PNG: the check reads image files by name, never their pixels. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface RealShapedSite extends GeneratedSite {
  /** Binary files (images) by site-relative path. */
  binaries: Map<string, Buffer>;
}

export function generateRealShapedSite(pages: number, seed = 36): RealShapedSite {
  const gen = generateSite(pages, seed);
  const generator = new Rng(seed);
  const random = () => generator.next();
  const files = new Map(gen.files);
  // Blocks to grow pages with: the sections of the 1,000-line page (every kind of block, whole components).
  // Their links lead to the big page's own headings and planted typos: kept as text, so the growth adds no findings.
  const blocks = files
    .get(gen.bigRel)!
    .split(/\n(?=## )/)
    .slice(1)
    .map((b) => b.replace(/(?<!!)\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/href="[^"]*"/g, 'href="https://example.com/docs"'));
  const spec = generateApiSpec(Math.max(20, Math.round(pages * OPENAPI_SHARE)));
  let used = 0;
  files.set('api/openapi.json', spec);
  const operations = Object.entries((JSON.parse(spec) as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );
  for (let i = 0; i < SNIPPETS; i++)
    files.set(
      `snippets/shared-${i}.mdx`,
      `<Note>\n  Shared note ${i}: set the region before you create a project.\n</Note>\n\nThe region applies to every request of the project.\n`,
    );
  const binaries = new Map<string, Buffer>();
  for (let i = 0; i < IMAGE_FILES; i++) binaries.set(`images/screenshot-${i}.png`, PNG);
  const pageFiles: string[] = [];
  for (const rel of gen.pageFiles) {
    if (rel === gen.bigRel) {
      pageFiles.push(rel);
      continue;
    }
    let text = files.get(rel)!;
    const end = text.indexOf('\n---\n', 4);
    let front = text.slice(0, end + 5);
    let body = text.slice(end + 5);
    const extra: string[] = [];
    if (random() < SNIPPET_SHARE) {
      const k = Math.floor(random() * SNIPPETS);
      body = `import SharedNote${k} from '/snippets/shared-${k}.mdx';\n${body}`;
      extra.push(`<SharedNote${k} />`);
    }
    // One page per operation, as sites have.
    if (random() < OPENAPI_SHARE && used < operations.length) front = front.replace(/\n---\n$/, `\nopenapi: "/api/openapi.json ${operations[used++]}"\n---\n`);
    // Images: a third of pages none, the rest 1-3 (mean IMAGE_MEAN over all).
    const images = random() < 1 / 3 ? 0 : Math.max(1, Math.round(random() * IMAGE_MEAN * 3 - 0.5));
    for (let i = 0; i < images; i++)
      extra.push(`<Frame>\n  ![Screenshot of the dashboard step ${i + 1}](/images/screenshot-${Math.floor(random() * IMAGE_FILES)}.png)\n</Frame>`);
    const target = sizeAt(random());
    text = `${front}${body.replace(/\n+$/, '')}\n\n${extra.join('\n\n')}\n`;
    for (let b = 0; Buffer.byteLength(text) < target; b++)
      text += `\n${blocks[(b + pageFiles.length) % blocks.length].replace(/^## /, `## Part ${b + 1}: `)}\n`;
    files.delete(rel);
    const out = random() < MD_SHARE ? rel.replace(/\.mdx$/, '.md') : rel;
    files.set(out, text);
    pageFiles.push(out);
  }
  return { ...gen, files, pageFiles, binaries };
}

export function writeRealShapedSite(site: RealShapedSite, dir: string): void {
  writeSite(site, dir);
  for (const [rel, data] of site.binaries) writeFileSync(path.join(dir, rel), data);
}

/** Pages opened one after another during the first check, each timed from didOpen to its diagnostics. */
const OPENED = 12;

/**
 * The language server's first check (spawn -> the end of the first check, `docwright/checkStatus`
 * with none checking), with pages opened one after another meanwhile, each with an unsaved code
 * block without a language (a finding of its own): didOpen -> its diagnostics. The client is a plain
 * one, as minimal editors have: it answers null to every request of the server, workspace/configuration
 * included.
 */
export async function measureStartup(repo: string, siteDir: string, pageFiles: string[]): Promise<{ ms: number; opened: number[] }> {
  const { conn, stop } = startServer(repo, !!process.env.DOCWRIGHT_CHECK_TIMINGS);
  const waiting = new Map<string, () => void>();
  let ended = false;
  let endNow: () => void = () => undefined;
  const end = new Promise<void>((r) => (endNow = r));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    if (p.diagnostics.some((d) => d.code === 'code-language')) waiting.get(p.uri)?.();
  });
  conn.onNotification('docwright/checkStatus', (s: { checking: number }) => {
    if (s.checking === 0) {
      ended = true;
      endNow();
    }
  });
  conn.onRequest(() => null);
  conn.listen();
  const t0 = performance.now();
  try {
    const folder = URI.file(siteDir).toString();
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folder,
      capabilities: { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } },
      workspaceFolders: [{ uri: folder, name: 'site' }],
      initializationOptions: {},
    });
    await conn.sendNotification('initialized', {});
    const opened: number[] = [];
    const step = Math.max(1, Math.floor(pageFiles.length / OPENED));
    for (let i = 1; i < pageFiles.length && opened.length < OPENED && !ended; i += step) {
      const file = path.join(siteDir, pageFiles[i]);
      const uri = URI.file(file).toString();
      const text = `${readFileSync(file, 'utf8')}\n\`\`\`\nnpm install example-sdk\n\`\`\`\n`;
      const t = performance.now();
      const diagnosed = new Promise<void>((r) => waiting.set(uri, r));
      await conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: pageFiles[i].endsWith('.md') ? 'markdown' : 'mdx', version: 1, text },
      });
      await diagnosed;
      // Only openings answered before the first check ended count: after it, the page check is not a startup figure.
      if (!ended) opened.push(performance.now() - t);
      waiting.delete(uri);
    }
    await end;
    return { ms: performance.now() - t0, opened };
  } finally {
    await stop();
  }
}

/** A GET of `docwright dev` on `port` (its own host name), resolved with the body. */
function devGet(port: number, p: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: p, headers: { Host: `localhost:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * `docwright dev` on the site: a page served (which starts the first check), then pages' problems
 * asked for one after another while that check runs, each timed from the request to its answer
 * (the check session's early check of a shown page).
 */
export async function measureDevStartup(repo: string, siteDir: string, pageFiles: string[]): Promise<number[]> {
  const proc = spawn(process.execPath, [path.join(repo, 'bin', 'docwright.js'), 'dev', siteDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  let serving: () => void = () => undefined;
  const served = new Promise<void>((resolve) => (serving = resolve));
  proc.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    if (/at http:\/\/localhost:\d+\//.test(out)) serving();
  });
  try {
    await served;
    const port = Number(/at http:\/\/localhost:(\d+)\//.exec(out)![1]);
    const ids = pageFiles.map((rel) => rel.replace(/\.mdx?$/, ''));
    await devGet(port, `/${ids[0]}`);
    const answered: number[] = [];
    const step = Math.max(1, Math.floor(ids.length / OPENED));
    for (let i = 1; i < ids.length && answered.length < OPENED && !/Checked \d+ page/.test(out); i += step) {
      const t = performance.now();
      await devGet(port, `/__docwright/problems?page=${encodeURIComponent(ids[i])}`);
      if (!/Checked \d+ page/.test(out)) answered.push(performance.now() - t);
    }
    return answered;
  } finally {
    proc.kill('SIGTERM');
    if (proc.exitCode === null && proc.signalCode === null) await once(proc, 'exit');
  }
}

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** The startup rows on the real-shaped site in `dir`: CLI and editor alternately, `runs` times each. */
export async function measureStartupRows(host: CheckSpeedHost, dir: string, pageFiles: string[]): Promise<{ rows: Row[]; notes: string[] }> {
  const cli = path.join(host.repo, 'bin', 'docwright.js');
  const clis: Child[] = [];
  const editors: number[] = [];
  const opened: number[] = [];
  const shown: number[] = [];
  for (let i = 0; i < host.runs; i++) {
    clis.push(host.runNode([cli, 'check', dir]));
    const e = await measureStartup(host.repo, dir, pageFiles);
    editors.push(e.ms);
    opened.push(...e.opened);
    shown.push(...(await measureDevStartup(host.repo, dir, pageFiles)));
  }
  const devP95 = percentile(shown, 95);
  const cliMs = percentile(
    clis.map((c) => c.wallMs),
    50,
  );
  const editorMs = percentile(editors, 50);
  const p95 = percentile(opened, 95);
  const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
  return {
    rows: [
      { label: 'real-shaped site: docwright check, cold (default threads)', value: `${f0(cliMs)} ms`, floor: 'CLI', ratio: 1, target: '' },
      {
        label: 'real-shaped site: editor first check (spawn -> first check ended)',
        value: `${f0(editorMs)} ms`,
        floor: 'CLI',
        ratio: editorMs / cliMs,
        target: '<= 1.2x',
        pass: editorMs <= 1.2 * cliMs,
      },
      {
        label: `  open page diagnosed during the first check (${opened.length} pages, plain client), p95`,
        value: `${f0(p95)} ms`,
        floor: '',
        ratio: NaN,
        target: '<= 1,000 ms',
        pass: p95 <= 1000,
      },
      {
        label: `  page's problems during the first check (${shown.length} pages, docwright dev), p95`,
        value: `${f0(devP95)} ms`,
        floor: '',
        ratio: NaN,
        target: '<= 1,000 ms',
        pass: devP95 <= 1000,
      },
    ],
    notes: [
      `Real-shaped site runs (ms): CLI ${clis.map((c) => f0(c.wallMs)).join(' / ')}, editor ${editors.map(f0).join(' / ')}; opened pages diagnosed in ${opened.map(f0).join(', ')}; dev problems answered in ${shown.map(f0).join(', ')}.`,
    ],
  };
}

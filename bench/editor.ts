// Editor latencies through the real language server (dist/server.js over stdio, as VS Code runs
// it): server start until the whole site's diagnostics are published, diagnostics after a
// one-character edit of the 1,000-line page, completion (in a tag, of a link's page path, of its
// #anchor) and hover on it; plus the client bundle's
// load time and the VSIX size; and one session's diagnostics latencies alone (measureDiagnostics,
// for the prose section). Called by bench/run.ts, which prints the tables.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import { IDLE_REQUEST } from '../server/src/hosts/lsp/protocol';

export interface EditorLatencies {
  /** Spawn -> initialize answered. */
  startMs: number;
  /** Spawn -> diagnostics of the whole site published (the big page's included). */
  firstDiagnosticsMs: number;
  diagnostics: { p50: number; p95: number };
  completion: { p50: number; p95: number };
  hover: { p50: number; p95: number };
  /** Completion of a page path right after `](/` (every page of the site is offered), and of an anchor after `#`. */
  pathCompletion: { p50: number; p95: number; items: number };
  anchorCompletion: { p50: number; p95: number; items: number };
  iterations: number;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** The bundled language server over stdio; `stop` shuts it down (or kills it). */
export function startServer(repo: string, showStderr = false): { conn: MessageConnection; pid: number; stop(): Promise<void> } {
  const proc = spawn(process.execPath, [path.join(repo, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', showStderr ? 'inherit' : 'ignore'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  return {
    conn,
    pid: proc.pid!,
    async stop() {
      try {
        await conn.sendRequest('shutdown');
        await conn.sendNotification('exit');
      } catch {
        // already gone
      }
      conn.dispose();
      proc.kill();
    },
  };
}

export async function measureEditor(repo: string, siteDir: string, bigRel: string, iterations: number): Promise<EditorLatencies> {
  const t0 = performance.now();
  const { conn, stop } = startServer(repo);
  const bigPath = path.join(siteDir, bigRel);
  const bigUri = URI.file(bigPath).toString();
  let waiter: { version: number; resolve: () => void } | undefined;
  let published = 0;
  let firstDone: () => void = () => undefined;
  const first = new Promise<void>((r) => (firstDone = r));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    if (p.uri !== bigUri) return;
    published++;
    firstDone();
    if (waiter && (p.version === undefined || p.version >= waiter.version)) {
      const w = waiter;
      waiter = undefined;
      w.resolve();
    }
  });
  conn.listen();
  try {
    // The completion capabilities VS Code's language client declares (a list may share one edit range).
    const capabilities = {
      textDocument: {
        completion: {
          completionItem: { snippetSupport: true, resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] } },
          completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
        },
      },
    };
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: URI.file(siteDir).toString(),
      capabilities,
      workspaceFolders: [{ uri: URI.file(siteDir).toString(), name: 'site' }],
    });
    const startMs = performance.now() - t0;
    await conn.sendNotification('initialized', {});
    await first;
    const firstDiagnosticsMs = performance.now() - t0;

    const text = readFileSync(bigPath, 'utf8');
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: bigUri, languageId: 'mdx', version: 1, text } });
    const at = text.indexOf('markerx') + 'marker'.length;
    const position = offsetToPosition(text, at);
    const diagnostics: number[] = [];
    const completion: number[] = [];
    const hover: number[] = [];
    // A place in a component tag (for completion) and on a component name (for hover).
    const tagAt = text.indexOf('<Note');
    const hoverPos = offsetToPosition(text, tagAt + 2);
    const completePos = offsetToPosition(text, tagAt + 3);
    // A link with an anchor: its path just begun (`](/`) and its anchor just begun (`#`).
    const link = /\]\(\/[^)#\s]+#[^)\s]+\)/.exec(text);
    if (!link) throw new Error('the big page has no link with an #anchor');
    const pathPos = offsetToPosition(text, link.index + 3);
    const anchorPos = offsetToPosition(text, link.index + link[0].indexOf('#') + 1);
    const pathCompletion: number[] = [];
    const anchorCompletion: number[] = [];
    let pathItems = 0;
    let anchorItems = 0;
    for (let i = 1; i <= iterations + 5; i++) {
      const edited = text.slice(0, at) + (i % 2 ? 'y' : 'x') + text.slice(at + 1);
      const t = performance.now();
      const done = new Promise<void>((resolve) => (waiter = { version: i + 1, resolve }));
      await conn.sendNotification('textDocument/didChange', {
        textDocument: { uri: bigUri, version: i + 1 },
        contentChanges: [{ range: { start: position, end: { line: position.line, character: position.character + 1 } }, text: edited[at] }],
      });
      await done;
      const d = performance.now() - t;
      const tc = performance.now();
      await conn.sendRequest('textDocument/completion', { textDocument: { uri: bigUri }, position: completePos });
      const c = performance.now() - tc;
      const th = performance.now();
      await conn.sendRequest('textDocument/hover', { textDocument: { uri: bigUri }, position: hoverPos });
      const h = performance.now() - th;
      const tp = performance.now();
      const paths = await conn.sendRequest<{ items: unknown[] } | null>('textDocument/completion', { textDocument: { uri: bigUri }, position: pathPos });
      const p = performance.now() - tp;
      const ta = performance.now();
      const anchors = await conn.sendRequest<{ items: unknown[] } | null>('textDocument/completion', { textDocument: { uri: bigUri }, position: anchorPos });
      const a = performance.now() - ta;
      pathItems = paths?.items.length ?? 0;
      anchorItems = anchors?.items.length ?? 0;
      if (pathItems === 0 || anchorItems === 0) throw new Error(`link completion offered ${pathItems} paths and ${anchorItems} anchors`);
      if (i > 5) {
        diagnostics.push(d);
        completion.push(c);
        hover.push(h);
        pathCompletion.push(p);
        anchorCompletion.push(a);
      }
    }
    if (published === 0) throw new Error('the server published no diagnostics for the big page');
    const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });
    return {
      startMs,
      firstDiagnosticsMs,
      diagnostics: stats(diagnostics),
      completion: stats(completion),
      hover: stats(hover),
      pathCompletion: { ...stats(pathCompletion), items: pathItems },
      anchorCompletion: { ...stats(anchorCompletion), items: anchorItems },
      iterations,
    };
  } finally {
    await stop();
  }
}

/** One server session's diagnostics latencies: didChange of a one-character edit -> that page's next publishDiagnostics. */
export interface DiagnosticsSession {
  /** Spawn -> the whole site checked and the page's diagnostics published. */
  firstDiagnosticsMs: number;
  /** One per measured edit (after 5 unmeasured ones), in ms. */
  latencies: number[];
  /** Diagnostics on the page after the last edit. */
  diagnostics: number;
}

/** A publish that never comes (a page with no findings is not published) fails the bench instead of hanging it. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no diagnostics published for ${what} within ${ms / 1000} s`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Starts the server on the site, waits for its first check to publish the page's diagnostics (the
 * page must have a finding: one without any is not published), opens the page and times `edits`
 * one-character edits (the word markerx, as measureEditor edits it), each from didChange to the page's next publishDiagnostics; the next edit is sent once it came and the
 * server says it is idle (docwright/idle: no check pending or running).
 */
export async function measureDiagnostics(repo: string, siteDir: string, pageRel: string, edits: number): Promise<DiagnosticsSession> {
  const t0 = performance.now();
  const { conn, stop } = startServer(repo, !!process.env.DOCWRIGHT_CHECK_TIMINGS);
  const pagePath = path.join(siteDir, pageRel);
  const uri = URI.file(pagePath).toString();
  let next: ((count: number) => void) | undefined;
  let firstDone: () => void = () => undefined;
  const first = within(300_000, 'the first check', new Promise<void>((r) => (firstDone = r)));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    if (p.uri !== uri) return;
    firstDone();
    const resolve = next;
    next = undefined;
    resolve?.(p.diagnostics.length);
  });
  conn.listen();
  try {
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: URI.file(siteDir).toString(),
      capabilities: {},
      workspaceFolders: [{ uri: URI.file(siteDir).toString(), name: 'site' }],
    });
    await conn.sendNotification('initialized', {});
    await first;
    const firstDiagnosticsMs = performance.now() - t0;
    await conn.sendRequest(IDLE_REQUEST);
    const text = readFileSync(pagePath, 'utf8');
    // Opened with the text the first check read: nothing is checked or published for it.
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mdx', version: 1, text } });
    const at = text.indexOf('markerx') + 'marker'.length;
    if (at < 'marker'.length) throw new Error(`${pageRel} has no word markerx to edit`);
    const position = offsetToPosition(text, at);
    const latencies: number[] = [];
    let diagnostics = 0;
    for (let i = 1; i <= edits + 5; i++) {
      const published = within(60_000, `edit ${i}`, new Promise<number>((resolve) => (next = resolve)));
      const t = performance.now();
      await conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: i + 1 },
        contentChanges: [{ range: { start: position, end: { line: position.line, character: position.character + 1 } }, text: i % 2 ? 'y' : 'x' }],
      });
      diagnostics = await published;
      if (i > 5) latencies.push(performance.now() - t);
      // Each edit from a quiet server: the first edit's page check asks for the whole site's again
      // (what other pages read of the page was not known from the workers' first check).
      await conn.sendRequest(IDLE_REQUEST);
    }
    return { firstDiagnosticsMs, latencies, diagnostics };
  } finally {
    await stop();
  }
}

function offsetToPosition(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/**
 * Loading the client bundle (with a stub of the `vscode` module): the extension's own share of
 * activation before the server starts. Floor: loading vscode-languageclient alone, which the
 * client cannot do without.
 */
export function measureClientLoad(repo: string): { loadMs: number; floorMs: number } {
  // Each load in a fresh process, with `vscode` stubbed (the bundle keeps it external).
  const timeRequire = (file: string): number => {
    const script = `
      const Module = require('module');
      const orig = Module._load;
      const stub = new Proxy(function () {}, { get: (t, k) => stub, apply: () => stub, construct: () => stub });
      Module._load = function (req, ...rest) { return req === 'vscode' ? stub : orig.call(this, req, ...rest); };
      const t = performance.now();
      require(${JSON.stringify(file)});
      process.stdout.write(String(performance.now() - t));`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`loading ${file} failed: ${r.stderr}`);
    return Number(r.stdout);
  };
  const lib = createRequire(path.join(repo, 'package.json')).resolve('vscode-languageclient/node');
  const runs = [0, 1, 2];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { loadMs: median(runs.map(() => timeRequire(path.join(repo, 'dist', 'client.js')))), floorMs: median(runs.map(() => timeRequire(lib))) };
}

/** Builds the VSIX (scripts/package.mjs) and returns its size in bytes, or a note. */
export function measureVsix(repo: string): { bytes?: number; note?: string } {
  const out = path.join(repo, 'out', 'vsix', 'bench.vsix');
  if (!existsSync(path.join(repo, 'scripts', 'package.mjs'))) return { note: 'scripts/package.mjs missing' };
  const r = spawnSync(process.execPath, ['scripts/package.mjs', '--out', out], { cwd: repo, encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(out)) return { note: `packaging failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}` };
  return { bytes: statSync(out).size };
}

// Headless Chromium for the browser tests (XSS, exported site): Debian's chromium driven by
// playwright-core, both installed by scripts/vscode-test/setup.sh into the tools folder
// (DOCWRIGHT_TOOLS_DIR, default .vscode-test). A test file calls `launch()` once and closes it.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { SiteFiles } from '../../server/src/rules/types';
import { exportSite } from '../export-helpers';
import { writeSiteToDisk } from '../helpers';

const REPO = path.resolve(__dirname, '../..');
const TOOLS = path.resolve(process.env.DOCWRIGHT_TOOLS_DIR || path.join(REPO, '.vscode-test'));
export const CHROMIUM = '/usr/bin/chromium';

type Playwright = typeof import('playwright-core');

function playwright(): Playwright {
  for (const base of [REPO, TOOLS]) {
    try {
      return createRequire(path.join(base, 'package.json'))('playwright-core') as Playwright;
    } catch {
      // try the next place
    }
  }
  throw new Error(`playwright-core is not installed (looked in ${REPO} and ${TOOLS}): run scripts/vscode-test/setup.sh`);
}

export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/vscode-test/setup.sh (apt-get install chromium)`);
  return playwright().chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Content types by extension, as static hosts give them (GitHub Pages and Netlify by mime-db, nginx by its mime.types). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.shtml': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.svgz': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.xsl': 'application/xml',
  '.xsd': 'application/xml',
  '.rng': 'application/xml',
  '.xhtml': 'application/xhtml+xml',
  '.xht': 'application/xhtml+xml',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.json': 'application/json',
};

/**
 * Answers with the file `urlPath` names under `root` (an exported site), if there is one inside
 * it; returns false (nothing sent) otherwise.
 */
export function sendFile(res: ServerResponse, root: string, urlPath: string): boolean {
  const rel = decodeURIComponent(urlPath.split(/[?#]/)[0]).replace(/^\/+/, '') || 'index.html';
  const file = path.resolve(root, rel);
  if (!file.startsWith(root + path.sep)) return false;
  try {
    if (!statSync(file).isFile()) return false;
  } catch {
    return false;
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
  return true;
}

/** A local HTTP server on a free port of 127.0.0.1: its origin, and a close that waits until it is closed. */
export async function serve(handler: RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Serves the files of a folder (an exported site); anything else is a 404. */
export function serveFolder(root: string): ReturnType<typeof serve> {
  return serve((req, res) => {
    if (!sendFile(res, root, new URL(req.url ?? '/', 'http://localhost').pathname)) res.writeHead(404).end();
  });
}

/**
 * The preview shell as client/src/preview.ts writes it (scripts only with `nonce`), for an HTTP
 * origin standing in for the webview's; `scriptData` adds attributes to docwright.js's tag.
 */
export function previewShell(nonce: string, scriptData = ''): string {
  const csp = [
    "default-src 'none'",
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    'frame-src https:',
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    `script-src 'nonce-${nonce}'`,
    'connect-src https: wss: http://localhost:* http://127.0.0.1:* ws://localhost:* ws://127.0.0.1:*',
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en" data-theme="auto"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/media/docwright.css"><style id="dw-site-css"></style></head>
<body><div id="dw-app"></div>
<script nonce="${nonce}">window.__messages = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__messages.push(m), getState: () => ({}), setState: () => {} });</script>
<script nonce="${nonce}" src="/media/docwright.js"${scriptData}></script>
</body></html>`;
}

/** The key of the preview's messages, which its script sends the host in its `ready` message. */
export async function previewKey(page: { waitForFunction(f: () => unknown): Promise<unknown>; evaluate<T>(f: () => T): Promise<T> }): Promise<string> {
  type Win = { __messages: { type: string; key?: string }[] };
  await page.waitForFunction(() => (window as unknown as Win).__messages?.some((m) => m.type === 'ready'));
  return page.evaluate(() => (window as unknown as Win).__messages.find((m) => m.type === 'ready')?.key ?? '');
}

/** Serves `shell` at `/` and, beside it, the files of each mount (`/media/` -> a folder; first match wins). */
export function servePreview(shell: string, mounts: [prefix: string, dir: string][]): ReturnType<typeof serve> {
  return serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(shell);
      return;
    }
    for (const [prefix, dir] of mounts) if (url.startsWith(prefix) && sendFile(res, dir, url.slice(prefix.length - 1))) return;
    res.writeHead(404);
    res.end();
  });
}

/**
 * A site written to a temp folder, exported, served and opened in Chromium: `open(name)` loads
 * `name.html` at 1400 px and fails on a page error; `close()` removes it all.
 */
export async function exportedSite(files: SiteFiles, label: string): Promise<{ open(name: string): Promise<Page>; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), `docwright-${label}-`));
  writeSiteToDisk(path.join(dir, 'site'), files);
  const run = await exportSite({ dir: path.join(dir, 'site'), out: path.join(dir, 'out') });
  assert.equal(run.code, 0, run.err.join('\n'));
  const server = await serveFolder(path.join(dir, 'out'));
  const browser = await launch();
  return {
    async open(name) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.origin}/${name}.html`);
      assert.deepEqual(errors, []);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// `docwright dev` on a copy of the example site, in headless Chromium: a page edited on disk
// re-renders in the open tab without a manual reload, at the same scroll position; its problems
// show over it and in the terminal; search covers the whole site; addresses that leave the site
// (`..`, encoded `%2e%2e`, a symbolic link out of it) are refused; a port in use is said clearly.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { EXAMPLE_SITE } from '../helpers';
import { launch, serve } from './browser';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

/** A running `docwright dev`: its origin once it listens, its output so far, a wait for a line. */
class DevServer {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  private readonly waiters: { test: RegExp; resolve(m: RegExpExecArray): void }[] = [];

  constructor(args: string[]) {
    this.proc = spawn(process.execPath, [BIN, 'dev', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc.stdout!.on('data', (d: Buffer) => {
      this.stdout += d.toString();
      for (const w of [...this.waiters]) {
        const m = w.test.exec(this.stdout);
        if (m) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
  }

  /** Resolves when stdout holds a match of `re` (its first one). */
  line(re: RegExp): Promise<RegExpExecArray> {
    const m = re.exec(this.stdout);
    if (m) return Promise.resolve(m);
    return new Promise((resolve, reject) => {
      this.waiters.push({ test: re, resolve });
      this.proc.once('exit', (code) => reject(new Error(`docwright dev exited (${code}) before printing ${re}: ${this.stdout}${this.stderr}`)));
    });
  }

  exited(): Promise<number | null> {
    return this.proc.exitCode !== null ? Promise.resolve(this.proc.exitCode) : new Promise((resolve) => this.proc.once('exit', (code) => resolve(code)));
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    this.proc.kill('SIGINT');
    await this.exited();
  }
}

/** A GET with the path exactly as given (no client-side resolution of `..`). */
function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: rawPath, method: 'GET', headers: { Host: u.host } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SECRET = 'top-secret-outside-the-site-4f1c';
let dir: string;
let outside: string;
let server: DevServer;
let origin: string;
let browser: Awaited<ReturnType<typeof launch>>;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dw-dev-'));
  cpSync(EXAMPLE_SITE, dir, { recursive: true });
  // A page long enough to scroll far down, then edit its top.
  const quickstart = path.join(dir, 'quickstart.mdx');
  const filler = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the filler that makes the page long enough to scroll.`).join('\n\n');
  writeFileSync(quickstart, `${readFileSync(quickstart, 'utf8')}\n\n## More reading\n\n${filler}\n`);
  // A file outside the site, and a link to it inside the site.
  outside = mkdtempSync(path.join(tmpdir(), 'dw-dev-outside-'));
  writeFileSync(path.join(outside, 'secret.png'), SECRET);
  symlinkSync(path.join(outside, 'secret.png'), path.join(dir, 'images', 'leak.png'));
  server = new DevServer([dir, '--port', '0']);
  origin = (await server.line(/at (http:\/\/localhost:\d+)\//))[1];
  await server.line(/Watching files/);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  return { page, problems };
}

test('a page edited on disk re-renders in the open tab without a reload by the reader, at the same scroll position', async () => {
  const { page, problems } = await open(`${origin}/quickstart.html`);
  // The dev script has its events stream before the edit.
  await page.locator('html[data-dw-dev="connected"]').waitFor({ state: 'attached' });
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => window.scrollY === 1500);
  let navigations = 0;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations++;
  });
  const file = path.join(dir, 'quickstart.mdx');
  writeFileSync(file, readFileSync(file, 'utf8').replace('In this quickstart you create an API key', 'Edited while served: you create an API key'));
  await page.locator('text=Edited while served').waitFor();
  // The page's own script reloaded it (once), and put the reader back where they were.
  await page.waitForFunction(() => Math.abs(window.scrollY - 1500) <= 2);
  assert.equal(navigations, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the problems of the page show over it and in the terminal, and go when fixed', async () => {
  const { page, problems } = await open(`${origin}/introduction.html`);
  await page.locator('html[data-dw-dev="connected"]').waitFor({ state: 'attached' });
  const file = path.join(dir, 'introduction.mdx');
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, before.replace('## Key concepts', 'Read [the missing page](/no-such-page).\n\n## Key concepts'));
  const overlay = page.locator('[data-dw-dev-problems]');
  await overlay.locator('text=link-broken').waitFor();
  assert.match(await overlay.innerText(), /introduction\.mdx:\d+ error .*no-such-page/);
  await server.line(/introduction\.mdx:\d+:\d+\s+error\s+.*no-such-page.*link-broken/);
  writeFileSync(file, before);
  await overlay.waitFor({ state: 'detached' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('search finds a page of the whole site, and its index loads under the page policy', async () => {
  const { page, problems } = await open(`${origin}/introduction.html`);
  await page.fill('input[data-dw-search]', 'webhook');
  const results = page.locator('.dw-search-results a');
  await results.first().waitFor({ state: 'visible' });
  const hrefs = await results.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  assert.ok(
    hrefs.some((h) => h.startsWith(`${origin}/`) && h !== `${origin}/introduction.html`),
    hrefs.join(', '),
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('addresses that leave the site are refused: .., encoded %2e%2e and %2f, a symbolic link out of it', async () => {
  for (const p of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/images/..%2f..%2f..%2fetc%2fpasswd', '/%2E%2E%5C%2E%2E%5Cetc%5Cpasswd']) {
    const r = await rawGet(origin, p);
    assert.ok(r.status === 403 || r.status === 404, `${p}: ${r.status}`);
    assert.doesNotMatch(r.body, /root:/, p);
  }
  const leak = await rawGet(origin, '/images/leak.png');
  assert.equal(leak.status, 403);
  assert.ok(!leak.body.includes(SECRET));
  // A file really in the site is served.
  assert.equal((await rawGet(origin, '/favicon.svg')).status, 200);
  // Another host name (a page elsewhere rebinding its DNS to this machine) gets nothing.
  const u = new URL(origin);
  const rebound = await new Promise<number>((resolve, reject) => {
    request({ host: u.hostname, port: u.port, path: '/', headers: { Host: `evil.example:${u.port}` } }, (res) => resolve(res.statusCode ?? 0))
      .on('error', reject)
      .end();
  });
  assert.equal(rebound, 403);
});

test("another site's page can neither include nor fetch the search index (or anything else)", async () => {
  // A page of another origin (another port of this machine) that tries every way to read the index.
  const port = new URL(origin).port;
  const other = await serve((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><script src="http://localhost:${port}/_docwright/search-index.js"></script>
<script src="http://localhost:${port}/__docwright/search-index.json"></script>
<img src="http://localhost:${port}/favicon.svg" id="img">`);
  });
  try {
    const page = await browser.newPage();
    await page.goto(other.origin);
    await page.waitForLoadState('load');
    const read = await page.evaluate(async (dev) => {
      const got: string[] = [];
      const w = window as unknown as { DOCWRIGHT_SEARCH?: unknown };
      if (w.DOCWRIGHT_SEARCH !== undefined) got.push('the script set DOCWRIGHT_SEARCH');
      for (const mode of ['cors', 'no-cors'] as const) {
        try {
          const r = await fetch(`${dev}/__docwright/search-index.json`, { mode });
          const text = await r.text();
          if (text) got.push(`fetch (${mode}): ${text.slice(0, 60)}`);
        } catch {
          // refused: what is wanted
        }
      }
      if ((document.getElementById('img') as HTMLImageElement).naturalWidth > 0) got.push('the image loaded');
      return got;
    }, `http://localhost:${port}`);
    assert.deepEqual(read, []);
    await page.close();
  } finally {
    await other.close();
  }
});

test('a port in use is said clearly (exit 2)', async () => {
  const port = new URL(origin).port;
  const second = new DevServer([dir, '--port', port]);
  assert.equal(await second.exited(), 2);
  assert.match(second.stderr, new RegExp(`port ${port} is in use on 127\\.0\\.0\\.1`));
});

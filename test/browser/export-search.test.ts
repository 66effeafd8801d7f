// The exported example site in headless Chromium: served by a tiny static HTTP server this test
// starts on 127.0.0.1, and opened from disk (file://). Typing a word that appears only in one
// page's body into the search box lists that page, and following the result opens it; the pages
// run under their strict CSP without a single violation; the mode toggle and relative links work.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { EXAMPLE_SITE } from '../helpers';
import { launch, sendFile, serve } from './browser';

/** A word of one page's body that no other page has (and not in its title or description), and that page. */
let WORD = '';
let PAGE = '';

let dir: string;
let server: Awaited<ReturnType<typeof serve>> | undefined;
let origin = '';
let browser: Browser;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-export-browser-'));
  const code = await runExport({ dir: EXAMPLE_SITE, out: path.join(dir, 'site'), strict: true, jobs: 1 }, { out: () => undefined, err: (s) => assert.fail(s) });
  assert.equal(code, 0);
  const root = path.join(dir, 'site');
  ({ word: WORD, page: PAGE } = uniqueBodyWord(readFileSync(path.join(root, 'llms-full.txt'), 'utf8')));
  server = await serve((req, res) => {
    if (sendFile(res, root, new URL(req.url ?? '/', 'http://localhost').pathname)) return;
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(readFileSync(path.join(root, '404.html')));
  });
  origin = server.origin;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** From llms-full.txt (`# Title`, `Source: <page>.html`, `> description`, body per page). */
function uniqueBodyWord(full: string): { word: string; page: string } {
  const pages = full
    .split(/^# /m)
    .slice(2)
    .map((section) => {
      const [title, ...rest] = section.split('\n');
      const page = /^Source: (\S+)\.html$/m.exec(section)![1];
      const body = rest
        .filter((l) => !l.startsWith('Source:') && !l.startsWith('> '))
        .join('\n')
        .replace(/```[\s\S]*?```/g, '');
      const words = new Set(
        (body.match(/\b[a-z]{8,}\b/g) ?? []).filter(
          (w) => !title.toLowerCase().includes(w) && !section.split('\n').some((l) => l.startsWith('> ') && l.toLowerCase().includes(w)),
        ),
      );
      return { page, words };
    });
  for (const p of pages.filter((x) => x.page !== 'introduction')) {
    for (const w of [...p.words].sort())
      if (
        pages.every(
          (o) =>
            o === p ||
            (!o.words.has(w) &&
              !full
                .split(/^# /m)
                .find((s) => s.includes(`Source: ${o.page}.html`))!
                .toLowerCase()
                .includes(w)),
        )
      )
        return { word: w, page: p.page };
  }
  throw new Error('no word is unique to one page of the example site');
}

/** A page that records CSP violations and script errors. */
async function openPage(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  // Script errors and CSP violations; an image the example site links on the web (which this
  // sandbox cannot resolve) is not a problem of the export.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  return { page, problems };
}

async function searchFor(page: Page, word: string): Promise<string[]> {
  await page.fill('input[data-dw-search]', word);
  const results = page.locator('.dw-search-results a');
  await results.first().waitFor({ state: 'visible' });
  return results.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
}

test('the search word is in one page only, and only in its body (the test is meaningful)', () => {
  const pages = readFileSync(path.join(dir, 'site', 'llms-full.txt'), 'utf8')
    .split(/^# /m)
    .slice(2);
  const having = pages.filter((p) => p.toLowerCase().includes(WORD));
  assert.equal(having.length, 1, `pages mentioning ${WORD}`);
  assert.match(having[0], new RegExp(`^Source: ${PAGE}\\.html$`, 'm'));
});

test('search over HTTP finds a page by a word of its body, and the result opens it', async () => {
  const { page, problems } = await openPage(`${origin}/guides/advanced/webhooks.html`);
  const hrefs = await searchFor(page, WORD);
  assert.deepEqual(hrefs, [`${origin}/${PAGE}.html`]);
  await page.locator('.dw-search-results a').first().click();
  await page.waitForURL(`${origin}/${PAGE}.html`);
  assert.ok((await page.content()).toLowerCase().includes(WORD));
  assert.deepEqual(problems, []);
  await page.close();
});

test('search works when the export is opened from disk (file://)', async () => {
  const home = pathToFileURL(path.join(dir, 'site', 'index.html')).href;
  const { page, problems } = await openPage(home);
  const hrefs = await searchFor(page, WORD);
  assert.deepEqual(hrefs, [pathToFileURL(path.join(dir, 'site', `${PAGE}.html`)).href]);
  // A relative link of the navigation (the Guides tab) leads to a page that exists.
  await page.locator('.dw-tabs-bar a[href="guides/authentication.html"]').click();
  await page.waitForURL(/guides\/authentication\.html$/);
  assert.match(await page.locator('h1.dw-title').innerText(), /Authenticate/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the mode toggle switches to dark and the choice survives a page change', async () => {
  const { page, problems } = await openPage(`${origin}/quickstart.html`);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dw-dark')), false, 'light by default (modeToggle.default)');
  await page.click('[data-dw-mode-toggle]');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dw-dark')), true);
  await page.goto(`${origin}/introduction.html`);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dw-dark')), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an unknown address gets the 404 page, whose links lead home', async () => {
  const { page } = await openPage(`${origin}/no/such/page.html`);
  assert.equal(await page.locator('h1.dw-title').innerText(), 'Page not found');
  await page.close();
});

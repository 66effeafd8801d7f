// The exported site and the preview shell under attack, in headless Chromium. A hostile site
// (every payload of the XSS corpus as a page, a page file named `javascript:…`, the site's own
// HTML and SVG files with script, framed by a page, site files a host serves as HTML, SVG or XML,
// a `.jsx` component whose output closes an iframe) is exported for real and served over HTTP twice: as exported, and with every page's
// Content-Security-Policy taken out, so that the sanitiser must hold alone. The site's scripts
// report that they ran by requesting /ran on the server; payloads set window.__xss.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { minimalConfig } from '../../server/src/rules/examples';
import { exportSite } from '../export-helpers';
import { writeSiteToDisk } from '../helpers';
import { XSS_PAGES } from '../xss-corpus';
import { launch, sendFile, serve } from './browser';

const FM = (title: string) => `---\ntitle: "${title}"\ndescription: "An attack page of the security suite."\n---\n\n`;
const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
const ATTACKS = Object.keys(XSS_PAGES).map((name) => `attacks/${slug(name)}`);
/** A script of the site's own that tells the server it ran. */
const RAN = (what: string) => `fetch('/ran?${what}').catch(() => {}); try { top.__xss = '${what}'; } catch {}`;

/**
 * Site files that a static host serves as HTML, SVG or XML, each with a script that runs when the
 * file, as the site has it, is opened (the test checks that too).
 */
const HOSTILE_FILES: Record<string, string> = {
  // A script element whose prefix is no ASCII word.
  'files/prefixed.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><ж:script xmlns:ж="http://www.w3.org/2000/svg">${RAN('prefixed.svg')}</ж:script></svg>`,
  'files/prefixed.xml': `<?xml version="1.0"?><doc><ж:script xmlns:ж="http://www.w3.org/2000/svg">${RAN('prefixed.xml')}</ж:script></doc>`,
  // ISO-2022-JP drops the escape sequence ESC ( B, which leaves `<script>`.
  'files/escaped.svg': `<?xml version="1.0" encoding="ISO-2022-JP"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><scr\x1b(Bipt>${RAN('escaped.svg')}</scr\x1b(Bipt></svg>`,
  'files/drawing.svgz': `<svg xmlns="http://www.w3.org/2000/svg"><script>${RAN('drawing.svgz')}</script></svg>`,
  'files/include.shtml': `<!doctype html><title>SSI</title><script>${RAN('include.shtml')}</script>`,
  'files/schema.xsd': `<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><s:script xmlns:s="http://www.w3.org/2000/svg">${RAN('schema.xsd')}</s:script></xs:schema>`,
  'files/grammar.rng': `<?xml version="1.0"?><grammar xmlns="http://relaxng.org/ns/structure/1.0"><h:script xmlns:h="http://www.w3.org/1999/xhtml">${RAN('grammar.rng')}</h:script></grammar>`,
  'files/page.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML</title></head><body><script>${RAN('page.xhtml')}</script></body></html>`,
  'files/page.xht': `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHT</title></head><body><p onclick="x()">x</p><script>${RAN('page.xht')}</script></body></html>`,
};

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify(minimalConfig(['index', 'embeds', 'component', 'javascript:alert(1)', ...ATTACKS])),
  'index.mdx': FM('Home') + 'The home page of a hostile site. Search for alert.\n',
  'javascript:alert(1).mdx': FM('Alert page') + 'A page whose file name is a URL scheme: alert.\n',
  'embeds.mdx':
    FM('Embeds') +
    '<iframe src="https://example.com/"><span data-x="</iframe><script src=files/helper.js></script>"></span></iframe>\n\n<iframe src="/files/demo.html" width="300" height="100"></iframe>\n\n<iframe src="files/logo.svg" width="100" height="100"></iframe>\n\n[the demo](/files/demo.html) uses [its helper](/files/helper.js).\n\n![logo](/files/logo.svg) ![plain](/files/plain.svg) [feed](/files/feed.xml) [styled feed](/files/styled.xml)\n',
  'files/demo.html': `<!doctype html><html><head><title>Demo</title></head><body><p>Demo</p><script>${RAN('html')}</script><script src="helper.js"></script></body></html>`,
  'files/helper.js': RAN('helper'),
  'files/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${RAN('svg')}</script><circle r="5"/></svg>`,
  // Draws a 10 x 10 square in its top half only (what the wrapped copy must still show).
  'files/plain.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10"><rect width="20" height="5" fill="#00f"/></svg>',
  'files/feed.xml': '<?xml version="1.0"?><rss version="2.0"><channel><title>News</title></channel></rss>',
  'files/styled.xml': `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><script>${RAN('xml')}</script></body></html>`,
  'hostile-files.mdx':
    FM('Hostile files') +
    Object.keys(HOSTILE_FILES)
      .map((f) => `[${f}](/${f}) ![${f}](/${f})\n`)
      .join('\n'),
  ...HOSTILE_FILES,
  'snippets/frame.jsx':
    'export const Frame2 = () => <iframe src="https://example.com/"><a title="</iframe><img src=x onerror=window.__xss=40>">x</a></iframe>;\n',
  'component.mdx': FM('Component') + "import { Frame2 } from '/snippets/frame.jsx';\n\n<Frame2 />\n",
  ...Object.fromEntries(Object.entries(XSS_PAGES).map(([name, body]) => [`attacks/${slug(name)}.mdx`, FM(name) + body + '\n'])),
};

let dir: string;
let out: string;
/** What the export printed (its problems). */
let report: string[];
let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;
/** Requests of /ran (a site script ran), by mode. */
const ran: string[] = [];
/** Serve the pages without their CSP (the sanitiser alone must hold)? */
let withoutCsp = false;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-security-'));
  writeSiteToDisk(path.join(dir, 'site'), FILES);
  out = path.join(dir, 'out');
  const r = await exportSite({ dir: path.join(dir, 'site'), out });
  assert.equal(r.code, 0, r.err.join('\n'));
  report = r.out;
  server = await serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/ran') {
      ran.push(url.search.slice(1));
      res.writeHead(204).end();
      return;
    }
    if (withoutCsp && url.pathname.endsWith('.html') && !url.pathname.startsWith('/files/')) {
      const file = path.join(out, decodeURIComponent(url.pathname));
      if (file.startsWith(out + path.sep)) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(readFileSync(file, 'utf8').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''));
        return;
      }
    }
    if (!sendFile(res, out, url.pathname)) res.writeHead(404).end();
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  dialogs: string[];
  errors: string[];
}

async function visit(url: string): Promise<Visit> {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, dialogs, errors };
}

/** Clicks every link of the content (kept from navigating), every button and summary; waits two frames. */
async function interact(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener('click', (e) => e.preventDefault(), true);
    for (const el of document.querySelectorAll<HTMLElement>('#content a, #content button, #content summary')) el.click();
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Every frame of the page has loaded (or failed to), so a script in one would have run by now. */
async function framesSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  for (const f of page.frames()) await f.waitForLoadState('load').catch(() => undefined);
  // A request a frame's script started must reach the server: ask it something after them.
  await page.evaluate(() => fetch('/ran-fence').catch(() => undefined));
}

for (const mode of ["with the export's CSP", 'without any CSP'] as const) {
  test(`no attack page runs script, ${mode}`, async () => {
    withoutCsp = mode !== "with the export's CSP";
    ran.length = 0;
    for (const id of [...ATTACKS, 'component', 'embeds']) {
      const v = await visit(`${server.origin}/${id}.html`);
      await framesSettled(v.page);
      await interact(v.page);
      const xss = await v.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      assert.equal(xss, undefined, `${id}: window.__xss = ${String(xss)}`);
      assert.deepEqual(v.dialogs, [], `${id}: a dialog opened`);
      assert.equal(v.page.url(), `${server.origin}/${id}.html`, `${id}: navigated away`);
      // The site script still works on a clobbering page: no `document` method was replaced.
      assert.deepEqual(v.errors, [], `${id}: script errors`);
      await v.page.close();
    }
    assert.deepEqual(ran, [], 'a script of the site ran');
  });
}

test("the site's own HTML file has the export's policy: opened directly, its scripts do not run", async () => {
  withoutCsp = false;
  ran.length = 0;
  const v = await visit(`${server.origin}/files/demo.html`);
  await framesSettled(v.page);
  assert.equal(await v.page.textContent('p'), 'Demo', 'the file still shows');
  assert.deepEqual(ran, []);
  await v.page.close();
  // The control: the same file without the policy does run (so the assertion above means something).
  const page = await browser.newPage();
  await page.route(`${server.origin}/files/demo.html`, async (route) => {
    const r = await route.fetch();
    await route.fulfill({ response: r, body: (await r.text()).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '') });
  });
  await page.goto(`${server.origin}/files/demo.html`);
  await framesSettled(page);
  // Its inline script runs; the site's helper.js is not in the export (the export copies no scripts).
  assert.deepEqual(ran, ['html']);
  assert.ok(!existsSync(path.join(out, 'files/helper.js')));
  await page.close();
});

test("the site's SVG opened directly runs nothing and still draws; XML that could run script is not copied", async () => {
  withoutCsp = false;
  ran.length = 0;
  const v = await visit(`${server.origin}/files/logo.svg`);
  await framesSettled(v.page);
  assert.deepEqual(ran, []);
  await v.page.close();
  // The control: the file as the site has it does run when opened.
  const page = await browser.newPage();
  await page.route(`${server.origin}/files/logo.svg`, (route) => route.fulfill({ contentType: 'image/svg+xml', body: FILES['files/logo.svg'] }));
  await page.goto(`${server.origin}/files/logo.svg`);
  await page.waitForFunction(() => (window as unknown as { __xss?: unknown }).__xss === 'svg');
  await page.close();
  // An SVG with nothing active is copied byte for byte; the active one still has its size and draws.
  assert.equal(readFileSync(path.join(out, 'files/plain.svg'), 'utf8'), FILES['files/plain.svg']);
  const shown = await browser.newPage();
  await shown.goto(`${server.origin}/index.html`);
  const drawn = await shown.evaluate(async () => {
    const img = new Image();
    img.src = '/files/logo.svg';
    await img.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: 10, height: 10 });
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return { w: img.naturalWidth, h: img.naturalHeight, corner: ctx.getImageData(0, 0, 1, 1).data[3], edge: ctx.getImageData(9, 9, 1, 1).data[3] };
  });
  // The circle of radius 5 at the origin: its quarter covers the top-left corner, not (9, 9).
  assert.deepEqual(drawn, { w: 10, h: 10, corner: 255, edge: 0 });
  await shown.close();
  assert.ok(readFileSync(path.join(out, 'files/feed.xml'), 'utf8').includes('<rss'), 'a plain feed is copied');
  assert.ok(!readdirSync(path.join(out, 'files')).includes('styled.xml'), 'XHTML with a script is not copied');
});

test('no site file a host serves as HTML, SVG or XML runs script when opened directly', async () => {
  withoutCsp = false;
  // The control: each file as the site has it, served the same way, runs its script.
  const original = await serve((req, res) => {
    if (!sendFile(res, path.join(dir, 'site'), new URL(req.url ?? '/', 'http://localhost').pathname)) res.writeHead(404).end();
  });
  try {
    for (const file of Object.keys(HOSTILE_FILES)) {
      const page = await browser.newPage();
      await page.goto(`${original.origin}/${file}`);
      await page.waitForFunction((what) => (window as unknown as { __xss?: unknown }).__xss === what, file.slice('files/'.length));
      await page.close();
    }
  } finally {
    await original.close();
  }
  ran.length = 0;
  const xss: unknown[] = [];
  for (const file of Object.keys(HOSTILE_FILES)) {
    if (!existsSync(path.join(out, file))) continue; // left out: the host answers 404
    const v = await visit(`${server.origin}/${file}`);
    await framesSettled(v.page);
    const set = await v.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
    if (set !== undefined) xss.push(set);
    await v.page.close();
  }
  assert.deepEqual({ xss, ran: ran.sort() }, { xss: [], ran: [] }, 'site files ran script');
  // The SVGs are there, as images of themselves; the other files are left out with a warning.
  const copied = readdirSync(path.join(out, 'files'));
  for (const svg of ['prefixed.svg', 'escaped.svg'])
    assert.match(readFileSync(path.join(out, 'files', svg), 'utf8'), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="10" height="10"><image /, svg);
  for (const file of ['prefixed.xml', 'drawing.svgz', 'include.shtml', 'schema.xsd', 'grammar.rng', 'page.xhtml', 'page.xht']) {
    assert.ok(!copied.includes(file), `${file} is copied`);
    assert.ok(
      report.some((line) => line.includes(`files/${file}`) && /warning/.test(line) && /not copied/.test(line)),
      `no warning about ${file}:\n${report.join('\n')}`,
    );
  }
});

test('a page file named javascript:… is a page link in search, never a script URL', async () => {
  withoutCsp = true;
  const v = await visit(`${server.origin}/index.html`);
  await v.page.fill('input[data-dw-search]', 'alert');
  const results = v.page.locator('.dw-search-results a');
  await results.first().waitFor({ state: 'visible' });
  const hrefs = await results.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  assert.ok(hrefs.includes(`${server.origin}/javascript%3Aalert(1).html`), hrefs.join(', '));
  for (const href of hrefs) assert.ok(href.startsWith(`${server.origin}/`), href);
  await results.first().click();
  await v.page.waitForURL(/\.html$/);
  assert.deepEqual(v.dialogs, []);
  await v.page.close();
  const index = readFileSync(path.join(out, '_docwright', 'search-index.js'), 'utf8');
  assert.doesNotMatch(index, /"javascript:/);
});

test('the export copies nothing a test did not ask for, and leaves no temporary folder', () => {
  assert.deepEqual(readdirSync(dir).sort(), ['out', 'site']);
});

// Styling as a reader sees it, measured in headless Chromium by computed style and geometry: the
// Tailwind utilities a page uses (dark and responsive variants too), the site's own `.css` files,
// `style` props (a hostile one neutralised) and Lucide icons, on the fixture site
// test/fixtures/styling, in its export (under the export's CSP) and in the preview shell (under
// the webview's CSP, which Chromium enforces: a blocked style would fail the measures).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT } from '../helpers';
import { launch, previewKey, previewShell, serve, serveFolder, servePreview } from './browser';

const REPO = path.resolve(__dirname, '../..');
const SITE = path.join(REPO, 'test/fixtures/styling');
const LUCIDE = JSON.parse(readFileSync(path.join(REPO, 'node_modules/lucide-static/icon-nodes.json'), 'utf8')) as Record<
  string,
  [string, Record<string, string>][]
>;

let dir: string;
let out: string;
let browser: Browser;
let exported: Awaited<ReturnType<typeof serve>> | undefined;
let preview: Awaited<ReturnType<typeof serve>> | undefined;

const NONCE = 'c3R5bGluZy10ZXN0cy1ub25jZQ';
const PREVIEW_SHELL = previewShell(NONCE);

function siteFiles(root: string, rel = ''): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(path.join(root, rel))) {
    const r = rel ? `${rel}/${name}` : name;
    if (statSync(path.join(root, r)).isDirectory()) Object.assign(files, siteFiles(root, r));
    else files[r] = readFileSync(path.join(root, r), 'utf8');
  }
  return files;
}

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-styling-'));
  out = path.join(dir, 'site');
  const messages: string[] = [];
  const code = await runExport({ dir: SITE, out, strict: true, jobs: 1 }, { out: () => undefined, err: (s) => void messages.push(s) });
  assert.equal(code, 0, messages.join('\n'));
  exported = await serveFolder(out);
  preview = await servePreview(PREVIEW_SHELL, [
    ['/media/', path.join(REPO, 'media')],
    ['/assets/', SITE],
  ]);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await exported?.close();
  await preview?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page that records CSP violations and script errors. */
async function open(url: string, options: { width?: number; dark?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1400, height: 900 }, colorScheme: options.dark ? 'dark' : 'light' });
  const problems: string[] = [];
  page.on('console', (m) => {
    // Failed loads are taken from the responses (the browser's own favicon request is not one).
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  return { page, problems };
}

function style(page: Page, selector: string, ...props: string[]): Promise<Record<string, string>> {
  return page
    .locator(selector)
    .first()
    .evaluate((e, names) => {
      const s = getComputedStyle(e);
      return Object.fromEntries(names.map((n) => [n, s.getPropertyValue(n)]));
    }, props);
}

/** The checks both the export and the preview must pass on the fixture's index page. */
async function checkIndex(page: Page, where: string): Promise<void> {
  // Tailwind: p-8 rounded-xl, md:flex at this width, bg-zinc-100 in light mode.
  const box = await style(page, '#tw-box', 'padding-top', 'padding-left', 'border-top-left-radius', 'display', 'background-color');
  assert.deepEqual(
    box,
    { 'padding-top': '32px', 'padding-left': '32px', 'border-top-left-radius': '12px', display: 'flex', 'background-color': 'rgb(244, 244, 245)' },
    where,
  );
  // Arbitrary values are not styled (the format documents them as unsupported).
  assert.notEqual((await style(page, '#tw-arbitrary', 'width')).width, '350px', where);
  // The site's styles.css: a class colour; its url() to a site image is followed; its javascript: url is gone.
  assert.equal((await style(page, '#site-css', 'color')).color, 'rgb(1, 2, 3)', where);
  assert.equal((await style(page, '#site-css', 'background-image'))['background-image'], 'none', where);
  const dot = (await style(page, '#site-css-url', 'background-image'))['background-image'];
  assert.match(dot, /^url\(".*images\/dot\.svg"\)$/, where);
  const dotUrl = /^url\("(.*)"\)$/.exec(dot)![1];
  assert.equal(await page.evaluate(async (u) => (await fetch(u)).status, dotUrl), 200, `${where}: ${dotUrl}`);
  // style props: a JSX object and a string apply; expression() and behavior do not survive.
  assert.deepEqual(
    await style(page, '#style-object', 'padding-top', 'color', 'margin-top'),
    { 'padding-top': '8px', color: 'rgb(255, 0, 0)', 'margin-top': '12px' },
    where,
  );
  const str = await style(page, '#style-string', 'border-left-width', 'border-left-color', 'color');
  assert.equal(str['border-left-width'], '4px', where);
  assert.equal(str['border-left-color'], 'rgb(0, 128, 0)', where);
  assert.equal(await page.locator('#style-string').getAttribute('style'), 'border-left:4px solid rgb(0, 128, 0)', where);
  // The hostile overlay (position: fixed over the whole window) stays inside the page body: at
  // points of the chrome (top bar, sidebar, table of contents, beside the body) the chrome is hit.
  // Its javascript: background is gone.
  const geo = await page.evaluate(() => {
    const body = document.getElementById('content')!.getBoundingClientRect();
    const points: [string, number, number][] = [];
    for (const [name, sel] of [
      ['top bar', '.dw-topbar'],
      ['sidebar', '.dw-sidebar'],
      ['table of contents', '.dw-toc'],
    ]) {
      const r = document.querySelector(sel)?.getBoundingClientRect();
      if (r && r.width > 0) points.push([name, r.left + r.width / 2, r.top + Math.min(r.height / 2, 40)]);
    }
    points.push(['right of the body', body.right + 60, body.top + 40]);
    const covered = points.filter(([, x, y]) => !!document.elementFromPoint(x, y)?.closest('#hostile')).map(([n]) => n);
    return { covered, checked: points.length, bg: getComputedStyle(document.getElementById('hostile')!).backgroundImage };
  });
  assert.deepEqual(geo.covered, [], `${where}: the overlay covers the chrome`);
  assert.ok(geo.checked >= 3, where);
  assert.equal(geo.bg, 'none', where);
  // Lucide: the card's icon is Lucide's rocket, drawn; an unknown name draws the neutral fallback.
  const icon = await page
    .locator('.dw-card', { hasText: 'Rocket' })
    .locator('svg')
    .first()
    .evaluate((svg) => ({
      d: [...svg.querySelectorAll('path')].map((p) => p.getAttribute('d')),
      box: svg.getBoundingClientRect().width * svg.getBoundingClientRect().height,
      stroke: getComputedStyle(svg).stroke,
    }));
  assert.deepEqual(
    icon.d,
    LUCIDE.rocket.filter(([t]) => t === 'path').map(([, a]) => a.d),
    where,
  );
  assert.ok(icon.box > 0, `${where}: the icon has no size`);
  assert.notEqual(icon.stroke, 'none', where);
  assert.equal(await page.locator('.dw-card', { hasText: 'Unknown' }).locator('svg.dw-icon-fallback').count(), 1, where);
}

test('the export applies Tailwind classes, the site CSS, style props and Lucide icons under its CSP', async () => {
  const { page, problems } = await open(`${exported!.origin}/index.html`);
  await checkIndex(page, 'export');
  // The sidebar's group icon comes from Lucide too.
  const group = await page
    .locator('.dw-nav-group-title svg')
    .first()
    .evaluate((svg) => [...svg.querySelectorAll('path')].map((p) => p.getAttribute('d')));
  assert.deepEqual(
    group,
    LUCIDE['book-open'].filter(([t]) => t === 'path').map(([, a]) => a.d),
  );
  assert.deepEqual(problems, []);
  await page.close();
  // What the export wrote of the site's CSS: no @import, no javascript: url.
  const css = readFileSync(path.join(out, '_docwright/site.css'), 'utf8');
  assert.doesNotMatch(css, /@import|javascript:/);
});

test('dark and responsive variants follow the theme and the width', async () => {
  const dark = await open(`${exported!.origin}/index.html`, { dark: true });
  assert.equal((await style(dark.page, '#tw-box', 'background-color'))['background-color'], 'rgb(24, 24, 27)');
  await dark.page.close();
  const narrow = await open(`${exported!.origin}/index.html`, { width: 390 });
  assert.equal((await style(narrow.page, '#tw-box', 'display')).display, 'block');
  // Nothing of the content is wider than the window.
  assert.ok(await narrow.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));
  await narrow.page.close();
});

test('a custom mode page built with Tailwind looks as its classes say, light and dark', async () => {
  for (const dark of [false, true]) {
    const { page, problems } = await open(`${exported!.origin}/landing.html`, { dark });
    const title = await style(page, '#hero-title', 'font-size', 'font-weight');
    assert.deepEqual(title, { 'font-size': '36px', 'font-weight': '700' });
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('#content img')].filter((i) => i.getBoundingClientRect().height > 0).map((i) => i.getAttribute('alt')),
    );
    assert.deepEqual(shown, [dark ? 'Dark' : 'Light']);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('the preview shows the same styles under the webview CSP', async () => {
  const project = new Project(new MemoryWorkspace(siteFiles(SITE), ROOT), [ROOT]);
  await project.scan();
  const rendered = await renderPreview(project, `${ROOT}/index.mdx`, '/assets/');
  assert.ok(rendered);
  const { page, problems } = await open(preview!.origin);
  await page.evaluate(
    ({ b, c, k }) => window.postMessage({ type: 'update', key: k, body: b, css: c, theme: 'auto', title: 'Styling', page: 'index', version: 1 }, '*'),
    { b: rendered.body, c: rendered.css, k: await previewKey(page) },
  );
  await page.waitForFunction(() => (window as unknown as { __messages: { type: string }[] }).__messages.some((m) => m.type === 'rendered'));
  await checkIndex(page, 'preview');
  assert.deepEqual(problems, []);
  await page.close();
});

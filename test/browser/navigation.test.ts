// Navigation, page modes and layout as a reader sees them, measured in headless Chromium on an
// exported fixture site (current format: languages holding dropdowns): the dropdown switcher
// changes the sidebar, the language switcher leads to the translation, wide pages have no table
// of contents, custom pages no chrome, 390 px folds the sidebar behind a menu button, nothing in
// the content column is wider than the column, and an unknown icon draws the fallback.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { launch, serve, serveFolder } from './browser';
import { writeSiteToDisk } from '../helpers';

let dir: string;
let browser: Browser;
let site: Awaited<ReturnType<typeof serve>> | undefined;

const LONG_CODE = 'docwright_export_option_that_is_very_long_and_has_no_spaces_at_all_' + 'x'.repeat(160);
const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Fixture',
    colors: { primary: '#0B6E4F' },
    navbar: { primary: { type: 'button', label: 'Start free', href: 'https://example.com/start' } },
    navigation: {
      languages: [
        {
          language: 'en',
          dropdowns: [
            { dropdown: 'Guides', icon: 'book', groups: [{ group: 'Start', pages: ['en/intro', 'en/wide', 'en/custom', 'en/overflow'] }] },
            { dropdown: 'Reference', icon: 'code', groups: [{ group: 'API', pages: ['en/ref/users', 'en/ref/notes'] }] },
          ],
        },
        { language: 'es', dropdowns: [{ dropdown: 'Guías', icon: 'book', groups: [{ group: 'Inicio', pages: ['es/intro'] }] }] },
      ],
    },
  }),
  'en/intro.mdx': '---\ntitle: Introduction\n---\n\n## First\n\nHello.\n\n## Second\n\nMore.\n',
  'en/wide.mdx': '---\ntitle: Wide page\nmode: wide\n---\n\n## A heading\n\nWide content.\n',
  'en/custom.mdx': '---\ntitle: Custom page\nmode: custom\n---\n\n<div id="landing">Landing</div>\n\n## A heading\n',
  'en/overflow.mdx': [
    '---',
    'title: Overflow',
    '---',
    '',
    '<Note>Run `' + LONG_CODE + '` once.</Note>',
    '',
    '| ' + Array.from({ length: 14 }, (_, i) => `column_heading_${i}`).join(' | ') + ' |',
    '|' + ' --- |'.repeat(14),
    '| ' + Array.from({ length: 14 }, (_, i) => `value_${i}_value`).join(' | ') + ' |',
    '',
    'See https://example.com/' + 'a-very-long-path-segment'.repeat(12) + ' for details.',
    '',
    '![Wide](/wide.svg)',
    '',
    '<Card title="Unknown icon" icon="not-a-font-awesome-icon-name">Body</Card>',
    '',
  ].join('\n'),
  'en/ref/users.mdx': '---\ntitle: Users\n---\n\nUsers.\n',
  'en/ref/notes.mdx': '---\ntitle: Notes\n---\n\nNotes.\n',
  'es/intro.mdx': '---\ntitle: Introducción\n---\n\nHola.\n',
  'wide.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="200"><rect width="3000" height="200" fill="#0B6E4F"/></svg>',
};

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-nav-'));
  const src = path.join(dir, 'src');
  writeSiteToDisk(src, FILES);
  const out = path.join(dir, 'site');
  const code = await runExport({ dir: src, out, strict: false, jobs: 1 }, { out: () => undefined, err: () => undefined });
  assert.equal(code, 0);
  site = await serveFolder(out);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(url: string, width = 1400): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(site!.origin + url, { waitUntil: 'load' });
  return page;
}

const sidebarLinks = (page: Page) =>
  page.locator('.dw-sidebar .dw-nav-link').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.textContent));

test("the dropdown switcher changes the sidebar to the other dropdown's groups", async () => {
  const page = await open('/en/intro.html');
  assert.deepEqual(await sidebarLinks(page), ['Introduction', 'Wide page', 'Custom page', 'Overflow']);
  const menu = page.locator('.dw-sidebar details[data-switcher="dropdown"]');
  assert.equal(await menu.locator('summary').textContent(), 'Guides');
  assert.equal(await menu.locator('.dw-switcher-menu').isVisible(), false);
  await menu.locator('summary').click();
  // Only this language's dropdowns are offered.
  assert.deepEqual(await menu.locator('.dw-switcher-menu a').allTextContents(), ['Guides', 'Reference']);
  await Promise.all([page.waitForURL(/\/en\/ref\/users\.html$/), menu.locator('.dw-switcher-menu a', { hasText: 'Reference' }).click()]);
  assert.deepEqual(await sidebarLinks(page), ['Users', 'Notes']);
  assert.equal(await page.locator('.dw-sidebar details[data-switcher="dropdown"] summary').textContent(), 'Reference');
  await page.close();
});

test('the language switcher leads to the same page in the other language', async () => {
  const page = await open('/en/intro.html');
  const menu = page.locator('.dw-topbar details[data-switcher="language"]');
  await menu.locator('summary').click();
  await Promise.all([page.waitForURL(/\/es\/intro\.html$/), menu.locator('a[hreflang="es"]').click()]);
  assert.equal(await page.locator('h1.dw-title').textContent(), 'Introducción');
  assert.deepEqual(await sidebarLinks(page), ['Introducción']);
  assert.equal(await page.locator('.dw-topbar details[data-switcher="language"] summary').textContent(), 'Español');
  await page.close();
});

test('a wide page has no table of contents and its content takes the room', async () => {
  const normal = await open('/en/intro.html');
  assert.equal(await normal.locator('.dw-toc').isVisible(), true);
  const normalWidth = (await normal.locator('.dw-content').boundingBox())!.width;
  const wide = await open('/en/wide.html');
  assert.equal(await wide.locator('.dw-toc').count(), 0);
  assert.ok((await wide.locator('.dw-content').boundingBox())!.width > normalWidth + 150);
  await normal.close();
  await wide.close();
});

test('a custom page shows its content under the top bar with no sidebar, title, table of contents or footer', async () => {
  const page = await open('/en/custom.html');
  assert.equal(await page.locator('#landing').isVisible(), true);
  for (const sel of ['.dw-sidebar', '.dw-toc', 'h1.dw-title', '.dw-footer']) assert.equal(await page.locator(sel).count(), 0, sel);
  const box = (await page.locator('#content').boundingBox())!;
  assert.ok(box.width >= 1400 - 1, `custom content spans the window (${box.width})`);
  await page.close();
});

test('at 390 px the sidebar is folded and the menu button opens it', async () => {
  const page = await open('/en/intro.html', 390);
  assert.equal(await page.locator('.dw-sidebar').isVisible(), false);
  const button = page.locator('[data-dw-nav-toggle]');
  assert.equal(await button.isVisible(), true);
  await button.click();
  assert.equal(await page.locator('.dw-sidebar').isVisible(), true);
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  const box = (await page.locator('.dw-sidebar').boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the open sidebar fits the window');
  // The navbar button shows only its arrow here, and keeps its name for screen readers.
  const cta = page.getByRole('link', { name: 'Start free' });
  assert.equal(await cta.isVisible(), true);
  assert.equal(await page.locator('.dw-cta-text').isVisible(), false);
  await page.close();
});

for (const width of [1400, 390]) {
  test(`nothing in the content column is wider than the column at ${width} px`, async () => {
    const page = await open('/en/overflow.html', width);
    const result = await page.evaluate(() => {
      const column = document.querySelector('.dw-content')!.getBoundingClientRect();
      const wide = [...document.querySelectorAll('.dw-page-body *')]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && (r.right > column.right + 0.5 || r.left < column.left - 0.5) && !e.closest('table, pre');
        })
        .map((e) => `${e.tagName}.${e.className}`);
      const tables = [...document.querySelectorAll('.dw-page-body table')].map((t) => t.getBoundingClientRect().right <= column.right + 0.5);
      return {
        wide,
        tables,
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        toc: document.querySelector('.dw-toc')?.getBoundingClientRect().left,
      };
    });
    assert.deepEqual(result.wide, []);
    assert.deepEqual(result.tables, [true]);
    assert.equal(result.page, result.window, 'the page is no wider than the window');
    const column = (await page.locator('.dw-content').boundingBox())!;
    if (result.toc !== undefined && width === 1400) assert.ok(column.x + column.width <= result.toc, 'the column stays left of the table of contents');
    await page.screenshot({ path: `/tmp/shots/fixture-overflow-${width}.png` }).catch(() => undefined);
    await page.close();
  });
}

test('an icon outside the free set draws the fallback icon', async () => {
  const page = await open('/en/overflow.html');
  const icon = page.locator('.dw-card .dw-icon-fallback');
  assert.equal(await icon.count(), 1);
  const box = (await icon.boundingBox())!;
  assert.ok(box.width > 8 && box.height > 8, 'it is drawn with a size');
  assert.notEqual(await icon.evaluate((e) => getComputedStyle(e).stroke), 'none');
  await page.close();
});

// Faults of the site chrome found on real sites, measured in headless Chromium on exported fixture
// sites at the widths where they showed (the preview shares the renderer, CSS and script): the
// narrow drawer under a banner, a dropdown menu inside the sidebar, the order of tabs of one name
// in two dropdowns, products and versions whose first page has no file, `<View>` switching, and
// API pages in two columns (examples beside the parameters) with one column on phones.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { launch, serve, serveFolder } from './browser';
import { writeSiteToDisk } from '../helpers';

let dir: string;
let browser: Browser;
let site: Awaited<ReturnType<typeof serve>> | undefined;

const LONG = 'A description long enough to make this menu wider than the sidebar it opens in';
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Acme API', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/users': {
      get: {
        summary: 'List users',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' }, description: 'How many users to return.' },
          { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'Where the last page ended.' },
        ],
        responses: {
          '200': {
            description: 'The users.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(
                    Array.from({ length: 40 }, (_, i) => [`field_${i}`, { type: 'string', description: `What field ${i} holds, in a sentence or two.` }]),
                  ),
                },
                example: { users: Array.from({ length: 60 }, (_, i) => ({ id: `user_${i}`, name: `User ${i}`, email: `user${i}@example.com` })) },
              },
            },
          },
        },
      },
    },
  },
};

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Faults',
    colors: { primary: '#0B6E4F' },
    banner: { content: 'Version **2.0** is out: [read what changed](/guides/intro).' },
    navigation: {
      products: [
        {
          product: 'Platform',
          dropdowns: [
            {
              dropdown: 'Guides',
              description: LONG,
              tabs: [
                {
                  tab: 'Start',
                  groups: [
                    { group: 'Getting started with the platform and its many tools', pages: ['guides/intro', 'guides/views', 'guides/users', 'guides/manual'] },
                  ],
                },
                { tab: 'More', groups: [{ group: 'More', pages: ['guides/more'] }] },
              ],
            },
            {
              dropdown: 'Reference',
              description: LONG,
              tabs: [
                { tab: 'More', groups: [{ group: 'Reference more', pages: ['ref/more'] }] },
                { tab: 'Start', groups: [{ group: 'Reference start', pages: ['ref/start'] }] },
              ],
            },
          ],
        },
        { product: 'Ghost', groups: [{ group: 'Ghost', pages: ['ghost/missing', 'ghost/real'] }] },
        { product: 'Empty', groups: [{ group: 'Empty', pages: ['empty/missing'] }] },
      ],
    },
  }),
  'openapi.json': JSON.stringify(SPEC),
  'guides/intro.mdx': '---\ntitle: Introduction\n---\n\n## First\n\nHello.\n',
  'guides/more.mdx': '---\ntitle: More\n---\n\nMore.\n',
  'guides/users.mdx': '---\ntitle: List users\nopenapi: "openapi.json GET /users"\n---\n',
  'guides/manual.mdx': [
    '---',
    'title: Get a thing',
    'api: "GET https://api.example.com/things/{id}"',
    '---',
    '',
    '<ParamField path="id" type="string" required>',
    'The thing.',
    '</ParamField>',
    '',
    ...Array.from({ length: 30 }, (_, i) => `<ResponseField name="field_${i}" type="string">\nWhat field ${i} holds.\n</ResponseField>\n`),
    '<ResponseExample>',
    '',
    '```json 200',
    JSON.stringify({ things: Array.from({ length: 80 }, (_, i) => ({ id: i })) }, null, 2),
    '```',
    '',
    '</ResponseExample>',
    '',
  ].join('\n'),
  'guides/views.mdx': [
    '---',
    'title: Views',
    '---',
    '',
    'Shared before.',
    '',
    '<View title="JavaScript" icon="js">',
    '',
    '## JavaScript setup',
    '',
    'Only for JavaScript.',
    '',
    '</View>',
    '',
    '<View title="Python" icon="python">',
    '',
    '## Python setup',
    '',
    'Only for Python.',
    '',
    '</View>',
    '',
    '## Shared after',
    '',
    'For everyone.',
    '',
  ].join('\n'),
  'ref/more.mdx': '---\ntitle: Reference more\n---\n\nRef.\n',
  'ref/start.mdx': '---\ntitle: Reference start\n---\n\nRef.\n',
  'ghost/real.mdx': '---\ntitle: Ghost real\n---\n\nBoo.\n',
};

const VERSIONED: Record<string, string> = {
  'docs.json': JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Versions',
    colors: { primary: '#0B6E4F' },
    navigation: {
      versions: [
        { version: 'v2', groups: [{ group: 'Guide', pages: ['v2/intro'] }] },
        { version: 'v1', groups: [{ group: 'Old guide', pages: ['v1/missing', 'v1/start'] }] },
        { version: 'v0', groups: [{ group: 'Ancient', pages: ['v0/missing'] }] },
      ],
    },
  }),
  'v2/intro.mdx': '---\ntitle: Intro\n---\n\nNew.\n',
  'v1/start.mdx': '---\ntitle: Start\n---\n\nOld.\n',
};

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-faults-'));
  const out = path.join(dir, 'site');
  for (const [name, files] of [
    ['main', FILES],
    ['versioned', VERSIONED],
  ] as const) {
    writeSiteToDisk(path.join(dir, 'src', name), files);
    const code = await runExport(
      { dir: path.join(dir, 'src', name), out: path.join(out, name), strict: false, jobs: 1 },
      { out: () => undefined, err: () => undefined },
    );
    assert.equal(code, 0);
  }
  site = await serveFolder(out);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(url: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(site!.origin + url, { waitUntil: 'load' });
  return page;
}

/** Whether the element is the topmost thing at its centre (nothing covers it). */
async function onTop(l: Locator): Promise<boolean> {
  return l.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === e || e.contains(hit));
  });
}

test('390 px with a banner: the opened drawer shows its switchers below the top bar, not under it', async () => {
  const page = await open('/main/guides/intro.html', 390);
  assert.equal(await page.locator('.dw-banner-bar').isVisible(), true);
  await page.locator('[data-dw-nav-toggle]').click();
  const product = page.locator('.dw-sidebar details[data-switcher="product"] > summary');
  assert.equal(await product.isVisible(), true);
  const bar = (await page.locator('.dw-topbar').boundingBox())!;
  const box = (await product.boundingBox())!;
  assert.ok(box.y >= bar.y + bar.height, `product switcher at ${box.y}, top bar ends at ${bar.y + bar.height}`);
  assert.equal(await onTop(product), true);
  // It still opens and leads to the other product.
  await product.click();
  const ghost = page.locator('.dw-sidebar .dw-product-menu a', { hasText: 'Ghost' });
  assert.equal(await onTop(ghost), true);
  await page.close();
});

for (const width of [1400, 390]) {
  test(`${width} px: a dropdown menu opened in the sidebar is whole and the sidebar never scrolls sideways`, async () => {
    const page = await open('/main/guides/intro.html', width);
    if (width < 700) await page.locator('[data-dw-nav-toggle]').click();
    const sidebar = page.locator('.dw-sidebar');
    await sidebar.locator('details[data-switcher="dropdown"] > summary').click();
    const items = sidebar.locator('.dw-dropdown-menu a');
    assert.equal(await items.count(), 2);
    const side = (await sidebar.boundingBox())!;
    for (const item of await items.all()) {
      const box = (await item.boundingBox())!;
      assert.ok(
        box.x >= side.x - 0.5 && box.x + box.width <= side.x + side.width + 0.5,
        `menu item ${box.x}..${box.x + box.width} outside the sidebar ${side.x}..${side.x + side.width}`,
      );
      await item.scrollIntoViewIfNeeded();
      assert.equal(await onTop(item), true);
    }
    // The description is shown whole (wrapped), not cut at the sidebar's edge.
    const clipped = await sidebar
      .locator('.dw-dropdown-menu .dw-switcher-description')
      .first()
      .evaluate((e) => e.scrollWidth > e.clientWidth + 1);
    assert.equal(clipped, false);
    assert.equal(await sidebar.evaluate((e) => e.scrollWidth <= e.clientWidth), true);
    const title = sidebar.locator('.dw-nav-group-title').first();
    await title.scrollIntoViewIfNeeded();
    const t = (await title.boundingBox())!;
    const s = (await sidebar.boundingBox())!;
    assert.ok(t.x >= s.x - 0.5 && t.x + t.width <= s.x + s.width + 0.5, 'group title inside the sidebar');
    await page.close();
  });
}

test("tabs of one name in two dropdowns keep each dropdown's own order", async () => {
  const page = await open('/main/guides/intro.html', 1400);
  assert.deepEqual(await page.locator('.dw-tabs-bar .dw-tab-link').allTextContents(), ['Start', 'More']);
  await page.goto(`${site!.origin}/main/ref/more.html`);
  assert.deepEqual(await page.locator('.dw-tabs-bar .dw-tab-link').allTextContents(), ['More', 'Start']);
  assert.equal(await page.locator('.dw-tabs-bar .dw-tab-link.dw-current').textContent(), 'More');
  await page.close();
});

test('a product whose first page has no file leads to its first page that has one; one with none says so', async () => {
  const page = await open('/main/guides/intro.html', 1400);
  const menu = page.locator('.dw-sidebar details[data-switcher="product"]');
  await menu.locator('summary').click();
  const empty = menu.locator('.dw-product-item', { hasText: 'Empty' });
  assert.equal(await empty.isVisible(), true);
  assert.match((await empty.innerText()).replace(/\s+/g, ' '), /no page/i);
  assert.equal(await empty.locator('a[href]').count(), 0);
  await Promise.all([page.waitForURL(/\/main\/ghost\/real\.html$/), menu.locator('.dw-product-menu a', { hasText: 'Ghost' }).click()]);
  assert.equal(await page.locator('h1.dw-title').textContent(), 'Ghost real');
  await page.close();
});

test('a version whose first page has no file leads to its first page that has one; one with none says so', async () => {
  const page = await open('/versioned/v2/intro.html', 1400);
  const menu = page.locator('details[data-switcher="version"]');
  await menu.locator('summary').click();
  const ancient = menu.locator('.dw-version-item', { hasText: 'v0' });
  assert.match((await ancient.innerText()).replace(/\s+/g, ' '), /no page/i);
  assert.equal(await ancient.locator('a[href]').count(), 0);
  await Promise.all([page.waitForURL(/\/versioned\/v1\/start\.html$/), menu.locator('.dw-version-menu a', { hasText: 'v1' }).click()]);
  assert.equal(await page.locator('h1.dw-title').textContent(), 'Start');
  await page.close();
});

test('<View>: one view at a time with a switcher, the table of contents following the view', async () => {
  const page = await open('/main/guides/views.html', 1400);
  const js = page.getByText('Only for JavaScript.');
  const py = page.getByText('Only for Python.');
  const toc = (name: string) => page.locator('.dw-toc a', { hasText: name });
  assert.equal(await js.isVisible(), true);
  assert.equal(await py.isVisible(), false);
  assert.equal(await page.getByText('Shared before.').isVisible(), true);
  assert.equal(await page.getByText('For everyone.').isVisible(), true);
  assert.equal(await toc('JavaScript setup').isVisible(), true);
  assert.equal(await toc('Python setup').isVisible(), false);
  assert.equal(await toc('Shared after').isVisible(), true);
  const switcher = page.locator('details[data-switcher="view"]');
  assert.equal(await switcher.locator('summary').innerText(), 'JavaScript');
  await switcher.locator('summary').click();
  await switcher.locator('.dw-switcher-menu button', { hasText: 'Python' }).click();
  assert.equal(await py.isVisible(), true);
  assert.equal(await js.isVisible(), false);
  assert.equal(await toc('Python setup').isVisible(), true);
  assert.equal(await toc('JavaScript setup').isVisible(), false);
  assert.equal(await switcher.locator('summary').innerText(), 'Python');
  assert.equal(await switcher.evaluate((e) => (e as HTMLDetailsElement).open), false);
  // A link to a heading of a hidden view shows that view.
  const id = await page.locator('h2', { hasText: 'JavaScript setup' }).getAttribute('id');
  const linked = await open(`/main/guides/views.html#${id}`, 1400);
  assert.equal(await linked.getByText('Only for JavaScript.').isVisible(), true);
  const other = await linked.locator('h2', { hasText: 'Python setup' }).getAttribute('id');
  await linked.evaluate((h) => {
    location.hash = h;
  }, other!);
  await linked.getByText('Only for Python.').waitFor({ state: 'visible' });
  assert.equal(await linked.getByText('Only for JavaScript.').isVisible(), false);
  await linked.close();
  await page.close();
});

test('1400 px: an API page puts its examples in a sticky column beside the parameters', async () => {
  const page = await open('/main/guides/users.html', 1400);
  const examples = page.locator('.dw-api-examples');
  const params = page.locator('#api-query-parameters');
  const ex = (await examples.boundingBox())!;
  const pa = (await params.boundingBox())!;
  assert.ok(ex.x >= pa.x + pa.width, `examples at x=${ex.x}, parameters end at ${pa.x + pa.width}`);
  assert.ok(ex.y < pa.y + pa.height && ex.y + ex.height > pa.y, 'examples beside the parameters');
  assert.ok(ex.height <= 900, `examples column ${ex.height} px high: it scrolls inside`);
  assert.equal(await examples.evaluate((e) => getComputedStyle(e).position), 'sticky');
  // Scrolled down the (long) reference, the column stays at the top of the window.
  assert.ok(await page.evaluate(() => document.documentElement.scrollHeight > 3000));
  const stickTop = await examples.evaluate((e) => parseFloat(getComputedStyle(e).top));
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => window.scrollY === 1500);
  const after = (await examples.boundingBox())!;
  assert.ok(Math.abs(after.y - stickTop) < 2 && after.y + after.height <= 900, `examples at ${after.y}..${after.y + after.height} after scrolling`);
  await page.close();
});

test('1400 px: <ResponseExample> written in a page goes to the side column beside its fields', async () => {
  const page = await open('/main/guides/manual.html', 1400);
  const ex = (await page.locator('.dw-responseexample').boundingBox())!;
  const field = (await page.locator('.dw-param-field').first().boundingBox())!;
  assert.ok(ex.x >= field.x + field.width, `example at x=${ex.x}, field ends at ${field.x + field.width}`);
  assert.ok(ex.y < field.y + field.height + 200, `example at y=${ex.y}, beside the first field (y=${field.y})`);
  assert.equal(await page.locator('.dw-toc').count(), 0);
  await page.close();
});

test('390 px: an API page is one column, the parameters before the examples', async () => {
  const page = await open('/main/guides/users.html', 390);
  const ex = (await page.locator('.dw-api-examples').boundingBox())!;
  const pa = (await page.locator('#api-query-parameters').boundingBox())!;
  const content = (await page.locator('.dw-content').boundingBox())!;
  assert.ok(ex.y > pa.y, 'parameters first');
  assert.ok(Math.abs(ex.x - pa.x) < 1 && ex.x >= content.x - 0.5 && ex.x + ex.width <= content.x + content.width + 0.5, 'one column');
  await page.close();
});

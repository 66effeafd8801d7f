// Heading anchors as a reader meets them on an exported page, in headless Chromium: an HTML <h2>
// alone on its line is a heading the address's #fragment scrolls to (as on the format's site), and
// a ##### heading has no anchor to scroll to (the format ids levels 1-4), like link-broken says.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { launch, serveFolder } from './browser';
import { writeSiteToDisk } from '../helpers';

let dir: string;
let browser: Browser;
let site: Awaited<ReturnType<typeof serveFolder>> | undefined;

const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of text that pushes the headings below the first screen.`).join('\n\n');
const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Fixture',
    colors: { primary: '#0B6E4F' },
    navigation: { groups: [{ group: 'Start', pages: ['intro'] }] },
  }),
  'intro.mdx': `---\ntitle: Introduction\n---\n\n${filler}\n\n<h2>Overview</h2>\n\nThe overview.\n\n${filler}\n\n##### Five\n\nDeep.\n\n${filler}\n`,
};

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-anchors-'));
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

test('#overview scrolls an HTML <h2> to the top of the window; #five, a ##### heading, scrolls nowhere', async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.goto(site!.origin + '/intro.html#overview', { waitUntil: 'load' });
  const heading = page.locator('h2', { hasText: 'Overview' });
  await page.waitForFunction(() => window.scrollY > 0);
  const top = (await heading.boundingBox())!.y;
  assert.ok(top >= 0 && top < 200, `the heading is at the top of the window (y = ${top})`);
  await page.close();
  const deep = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await deep.goto(site!.origin + '/intro.html#five', { waitUntil: 'load' });
  await deep.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await deep.evaluate(() => window.scrollY), 0);
  assert.equal(await deep.locator('h5', { hasText: 'Five' }).count(), 1);
  await deep.close();
});

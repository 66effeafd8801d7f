// Block <details>/<summary>, which the format's renderer leaves out of the page with their content
// (html-element-dropped reports them): the export leaves them out as the published site does; the
// preview shows the writer their text, marked as not on the published page. In headless Chromium,
// by what a reader sees. An inline <details> and an <Accordion> beside them stay as they are.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT } from '../helpers';
import { exportedSite, launch, previewKey, previewShell, servePreview } from './browser';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');

const PAGE = `---
title: "Versions"
---

Use Node 20 or later.

<details>
  <summary>Older versions</summary>

  Node 18 works with a flag.
</details>

<Accordion title="Newer versions">
  Node 22 works as it is.
</Accordion>

Inline: <details><summary>Kept</summary>shown in the line</details> stays.
`;

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({ name: 'Dropped', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Guides', pages: ['index'] }] }),
  'index.mdx': PAGE,
};

let site: Awaited<ReturnType<typeof exportedSite>>;
let browser: Browser;
let preview: Awaited<ReturnType<typeof servePreview>>;

before(async () => {
  site = await exportedSite(FILES, 'dropped');
  preview = await servePreview(previewShell('ZHJvcHBlZC1kZXRhaWxz'), [['/media/', path.join(REPO, 'media')]]);
  browser = await launch();
});

after(async () => {
  await site?.close();
  await preview?.close();
  await browser?.close();
});

const contentText = (page: Page) => page.locator('[data-dw-content]').innerText();

test('the export leaves a block <details> out with its content, as the published site does', async () => {
  const page = await site.open('index');
  const text = await contentText(page);
  assert.doesNotMatch(text, /Older versions|Node 18/, text);
  assert.equal(await page.locator('[data-dw-content] .dw-dropped').count(), 0);
  // Its neighbours are untouched: the paragraph, the accordion, the inline element.
  assert.match(text, /Use Node 20 or later\./);
  assert.match(text, /Newer versions/);
  assert.match(text, /Inline:\s+Kept/);
  await page.close();
});

test('the preview shows a block <details> marked as not on the published page; the rest as the export', async () => {
  const project = new Project(new MemoryWorkspace(FILES, ROOT), [ROOT]);
  await project.scan();
  const rendered = await renderPreview(project, `${ROOT}/index.mdx`, '/assets/');
  assert.ok(rendered);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(preview.origin);
  const key = await previewKey(page);
  await page.evaluate(
    ({ b, k }) => window.postMessage({ type: 'update', key: k, body: b, css: '', theme: 'auto', title: 'Versions', page: 'index', version: 1 }, '*'),
    { b: rendered.body, k: key },
  );
  await page.waitForFunction(() =>
    (window as unknown as { __messages: { type: string; version?: number }[] }).__messages.some((m) => m.type === 'rendered' && m.version === 1),
  );
  const dropped = page.locator('[data-dw-content] .dw-dropped');
  assert.equal(await dropped.count(), 1, 'one marked block: the <summary> inside is not marked again');
  // The writer's <details> as written: its summary, and its content once opened.
  assert.equal((await dropped.innerText()).trim(), 'Older versions');
  await dropped.locator('summary').click();
  assert.match(await dropped.innerText(), /Older versions[\s\S]*Node 18 works with a flag\./);
  const look = await dropped.evaluate((e) => {
    const style = getComputedStyle(e);
    return { border: style.borderTopStyle, opacity: Number(style.opacity), caption: getComputedStyle(e, '::before').content };
  });
  assert.equal(look.border, 'dashed');
  assert.ok(look.opacity < 1, JSON.stringify(look));
  assert.equal(look.caption, '"Not on the published page"');
  // The accordion and the inline element are not marked.
  const text = await contentText(page);
  assert.match(text, /Newer versions/);
  assert.match(text, /Inline:\s+Kept/);
  assert.equal(await page.locator('.dw-dropped :text("Newer versions")').count(), 0);
  await page.close();
});

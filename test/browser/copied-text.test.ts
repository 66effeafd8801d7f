// The text a reader copies from a page's content column, in headless Chromium: the page chrome
// Docwright draws (code block headers and copy buttons, heading anchors, field labels) must put
// into it only what the format's published page does. Checked on an export (served over HTTP,
// under its CSP, with the real clipboard) and in the preview shell (the webview's CSP).
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT } from '../helpers';
import { launch, previewKey, previewShell, serve, serveFolder, servePreview } from './browser';

const REPO = path.resolve(__dirname, '../..');

const PAGE = `---
title: "Chrome"
description: "It's the page's description -- curled"
---

It's the "intro" text -- read it... Then \`"as written"\` code.

## Install the CLI

\`\`\`ts
const a = 1;
\`\`\`

\`\`\`python app.py
print(1)
print("it's")
\`\`\`

<ParamField query="verbose" type="boolean" default="False">
  Talk more.
</ParamField>

<ResponseField name="count" type="integer" default={10} required>
  How many.
</ResponseField>
`;

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Acme API', version: '1.0.0' },
  servers: [{ url: 'https://api.acme.example' }],
  paths: {
    '/notes': {
      get: {
        summary: 'List notes',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } }],
        responses: { '200': { description: 'The notes.' } },
      },
    },
  },
};

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Chrome',
    colors: { primary: '#0B6E4F' },
    openapi: 'openapi.json',
    navigation: [{ group: 'Guides', pages: ['index', 'list'] }],
  }),
  'openapi.json': JSON.stringify(SPEC),
  'index.mdx': PAGE,
  'list.mdx': '---\ntitle: "List notes"\nopenapi: "GET /notes"\n---\n\nLists notes.\n',
};

let dir: string;
let browser: Browser;
let context: BrowserContext;
let exported: Awaited<ReturnType<typeof serve>> | undefined;
let preview: Awaited<ReturnType<typeof serve>> | undefined;

const NONCE = 'Y29waWVkLXRleHQtdGVzdHM';

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-copied-'));
  const site = path.join(dir, 'src');
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    writeFileSync(path.join(site, rel), text);
  }
  const out = path.join(dir, 'site');
  const messages: string[] = [];
  const code = await runExport({ dir: site, out, strict: false, jobs: 1 }, { out: () => undefined, err: (s) => void messages.push(s) });
  assert.equal(code, 0, messages.join('\n'));
  exported = await serveFolder(out);
  preview = await servePreview(previewShell(NONCE), [['/media/', path.join(REPO, 'media')]]);
  browser = await launch();
  // The real clipboard: what the copy button and Ctrl+C put there is read back.
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await exported?.close();
  await preview?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
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

/** Selects the whole content column and copies it with Ctrl+C, as a reader does: the clipboard's text. */
async function copyContent(page: Page): Promise<string> {
  await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('[data-dw-content]')!);
    const selection = getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  });
  await page.keyboard.press('Control+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

const contentText = (page: Page) => page.locator('[data-dw-content]').innerText();

/** What both the export and the preview must show of the fixture page. */
async function checkChromePage(page: Page, where: string): Promise<void> {
  for (const [how, text] of [
    ['copied', await copyContent(page)],
    ['innerText', await contentText(page)],
  ]) {
    const lines = text.split('\n').map((l) => l.trim());
    const at = `${where}, ${how}: ${JSON.stringify(text)}`;
    assert.ok(lines.includes('const a = 1;') && lines.includes('print(1)'), at);
    // An untitled block has no label; a titled one shows its title.
    assert.ok(!lines.includes('ts') && !lines.includes('python'), at);
    assert.ok(lines.includes('app.py'), at);
    // Prose curled as the format's typography step does it; code, inline code too, as written.
    assert.ok(lines.includes('It’s the “intro” text — read it… Then "as written" code.'), at);
    assert.ok(lines.includes(`print("it's")`), at);
    assert.doesNotMatch(text, /Copy/, at);
    // The heading reads as written: no `#` of its anchor (innerText: the next test but one).
    assert.ok(lines.includes('Install the CLI'), at);
    if (how === 'copied') assert.doesNotMatch(text, /#/, at);
    // Field labels: no location; the default as the format writes it.
    assert.doesNotMatch(text, /query/, at);
    assert.ok(lines.includes('default:"False"') && lines.includes('default:10'), at);
  }
  // The description under the title is prose too.
  assert.equal(await page.locator('.dw-description').innerText(), 'It’s the page’s description — curled', where);
  // The copy buttons are named icon buttons: one per block, in the titled block's header and over the untitled one.
  const buttons = page.getByRole('button', { name: 'Copy the contents from the code block' });
  assert.equal(await buttons.count(), 2, where);
  const geometry = await page.evaluate(() =>
    [...document.querySelectorAll('[data-dw-codeblock]')].map((block) => {
      const b = block.getBoundingClientRect();
      const button = block.querySelector('button')!.getBoundingClientRect();
      const pre = block.querySelector('pre')!.getBoundingClientRect();
      const title = block.querySelector('.dw-code-title')?.getBoundingClientRect();
      return {
        right: b.right - button.right,
        top: button.top - b.top,
        overPre: button.top >= pre.top,
        width: button.width,
        titleLeft: title && title.left - b.left,
      };
    }),
  );
  const [untitled, titled] = geometry;
  assert.ok(untitled.right > 0 && untitled.right < 20 && untitled.top > 0 && untitled.top < 20 && untitled.overPre, `${where}: ${JSON.stringify(untitled)}`);
  assert.ok(titled.right > 0 && titled.right < 20 && !titled.overPre && titled.titleLeft! < 20, `${where}: ${JSON.stringify(titled)}`);
  assert.ok(untitled.width >= 20 && untitled.width <= 32, `${where}: ${JSON.stringify(untitled)}`);
  // The button copies its block's code and shows the check mark.
  await buttons.first().click();
  assert.equal((await page.evaluate(() => navigator.clipboard.readText())).trim(), 'const a = 1;', where);
  await page.waitForSelector('[data-dw-codeblock] .dw-copy.dw-copied .dw-copied-icon');
  assert.equal(await page.locator('[data-dw-codeblock] .dw-copy.dw-copied .dw-copy-icon').isVisible(), false, where);
}

test('the export: copied text holds no language label, no Copy, no anchor #, no field location; the copy button copies', async () => {
  const { page, problems } = await open(`${exported!.origin}/index.html`);
  await checkChromePage(page, 'export');
  assert.deepEqual(problems, []);
  await page.close();
});

test('an API reference page: its fields show no location and the default as the format writes it', async () => {
  const { page, problems } = await open(`${exported!.origin}/list.html`);
  const text = await contentText(page);
  const lines = text.split('\n').map((l) => l.trim());
  assert.ok(lines.includes('limit') && lines.includes('integer') && lines.includes('default:20'), text);
  assert.ok(!lines.includes('query'), text);
  assert.deepEqual(problems, []);
  await page.close();
});

test('heading anchors: shown on hover left of the heading, beside its text and level with it; a click goes to the heading', async () => {
  const { page } = await open(`${exported!.origin}/index.html`);
  const anchor = page.locator('h2#install-the-cli .dw-heading-anchor');
  assert.equal(await anchor.evaluate((a) => getComputedStyle(a).opacity), '0');
  await page.locator('h2#install-the-cli').hover();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('h2#install-the-cli .dw-heading-anchor')!).opacity === '1');
  const box = await page.evaluate(() => {
    const h = document.querySelector('h2#install-the-cli')!;
    const a = h.querySelector('.dw-heading-anchor')!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(h.lastChild!);
    const t = range.getBoundingClientRect();
    return { gap: t.left - a.right, middle: Math.abs(a.top + a.height / 2 - (t.top + t.height / 2)) };
  });
  assert.ok(box.gap > 0 && box.gap < 16 && box.middle < 4, JSON.stringify(box));
  await anchor.click();
  assert.equal(new URL(page.url()).hash, '#install-the-cli');
  await page.close();
});

test('heading anchors: a link icon named "Navigate to header", with no text in the heading\'s innerText', async () => {
  const { page } = await open(`${exported!.origin}/index.html`);
  const anchor = page.getByRole('link', { name: 'Navigate to header' });
  assert.equal(await anchor.count(), 1);
  assert.equal(await anchor.locator('svg').count(), 1);
  assert.equal(await page.locator('h2#install-the-cli').innerText(), 'Install the CLI');
  assert.doesNotMatch(await contentText(page), /#/);
  await page.close();
});

test('the preview: the same copied text and a working copy button under the webview policy', async () => {
  const project = new Project(new MemoryWorkspace(FILES, ROOT), [ROOT]);
  await project.scan();
  const rendered = await renderPreview(project, `${ROOT}/index.mdx`, '/assets/');
  assert.ok(rendered);
  const { page, problems } = await open(preview!.origin);
  const key = await previewKey(page);
  await page.evaluate(
    ({ b, k }) => window.postMessage({ type: 'update', key: k, body: b, css: '', theme: 'auto', title: 'Chrome', page: 'index', version: 1 }, '*'),
    { b: rendered.body, k: key },
  );
  await page.waitForFunction(() =>
    (window as unknown as { __messages: { type: string; version?: number }[] }).__messages.some((m) => m.type === 'rendered' && m.version === 1),
  );
  await checkChromePage(page, 'preview');
  assert.deepEqual(problems, []);
  await page.close();
});

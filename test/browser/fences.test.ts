// Code fence options, Mermaid diagrams and math as a reader sees them, measured in headless
// Chromium by computed style and geometry: in the exported example site (served over HTTP, under
// its own CSP) and in the preview (its shell served with the webview's policy: scripts only with
// the nonce, so the Mermaid library must be loaded with it).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { runExport } from '../../server/src/hosts/cli/export';
import { vendorFiles } from '../../server/src/node/export-disk';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import { EXAMPLE_SITE, ROOT } from '../helpers';
import { launch, previewKey, previewShell, serve, serveFolder, servePreview } from './browser';

const REPO = path.resolve(__dirname, '../..');
const PAGE = 'guides/advanced/webhooks.html';

let dir: string;
let browser: Browser;
let exported: Awaited<ReturnType<typeof serve>> | undefined;
let preview: Awaited<ReturnType<typeof serve>> | undefined;

const NONCE = 'bm9uY2UtZm9yLXRlc3Rz';
const PREVIEW_SHELL = previewShell(NONCE, ' data-mermaid="/vendor/mermaid.min.js" data-katex-css="/vendor/katex/katex.min.css"');

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docwright-fences-'));
  const out = path.join(dir, 'site');
  const code = await runExport({ dir: EXAMPLE_SITE, out, strict: true, jobs: 1 }, { out: () => undefined, err: (s) => assert.fail(s) });
  assert.equal(code, 0);
  exported = await serveFolder(out);
  const vendor = vendorFiles(REPO);
  preview = await servePreview(PREVIEW_SHELL, [
    ['/media/', path.join(REPO, 'media')],
    ['/vendor/katex/', path.dirname(vendor.katexCss)],
    ['/vendor/', path.dirname(vendor.mermaidJs)],
  ]);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await exported?.close();
  await preview?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page that records CSP violations and script errors (and any dialog a payload would open). */
async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`),
    );
  });
  await page.goto(url);
  return { page, problems };
}

interface LineLook {
  text: string;
  background: string;
  shadow: string;
  opacity: number;
  top: number;
  height: number;
  width: number;
}

/** Every line of the code block whose title is `title`: its text and its look. */
async function linesOf(page: Page, selector: string): Promise<LineLook[]> {
  return page
    .locator(selector)
    .first()
    .evaluate((block) =>
      [...block.querySelectorAll('pre code .line')].map((l) => {
        const s = getComputedStyle(l);
        const r = l.getBoundingClientRect();
        return {
          text: l.textContent ?? '',
          background: s.backgroundColor,
          shadow: s.boxShadow,
          opacity: Number(s.opacity),
          top: r.top,
          height: r.height,
          width: r.width,
        };
      }),
    );
}

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/** The checks both the export and the preview must pass on the webhooks page. */
async function checkWebhooksPage(page: Page, problems: string[], where: string): Promise<void> {
  // Highlighted lines (highlight={7-11}) have another background than their neighbours, across the block.
  const server = await linesOf(page, '.dw-codeblock.dw-code-lines');
  assert.ok(server.length > 12, `${where}: the server.mjs block has its lines`);
  assert.equal(server[5].background, TRANSPARENT, `${where}: line 6 is not highlighted`);
  for (const i of [6, 10]) assert.notEqual(server[i].background, server[5].background, `${where}: line ${i + 1} is highlighted`);
  assert.equal(server[11].background, TRANSPARENT, `${where}: line 12 is not highlighted`);
  const pre = await page
    .locator('.dw-codeblock.dw-code-lines pre')
    .first()
    .evaluate((p) => p.clientWidth);
  assert.ok(server[6].width >= pre - 1, `${where}: a highlighted line spans the block (${server[6].width} of ${pre} px)`);
  // Line numbers are drawn by CSS, so copying the code takes none of them.
  const number = await page
    .locator('.dw-codeblock.dw-code-lines .line')
    .first()
    .evaluate((l) => getComputedStyle(l, '::before').content);
  assert.equal(number, 'counter(dw-line)', `${where}: lines are numbered`);

  // Diff lines: marked by background and a bar, their [!code] comments not shown.
  const diff = await linesOf(page, '.dw-codeblock:has(pre.has-diff)');
  assert.equal(diff.length, 2);
  assert.match(diff[0].text, /X-Acme-Signature/);
  for (const l of diff) {
    assert.notEqual(l.background, TRANSPARENT, `${where}: a diff line has a background`);
    assert.notEqual(l.shadow, 'none', `${where}: a diff line has a bar`);
    assert.doesNotMatch(l.text, /\[!code|\/\/\s*$/, `${where}: the notation comment is gone`);
  }
  assert.notEqual(diff[0].background, diff[1].background, `${where}: removed and added lines differ`);
  const diffText = await page.locator('.dw-codeblock:has(pre.has-diff)').first().innerText();
  assert.doesNotMatch(diffText, /\[!code/);

  // Focus: the other lines are dimmed.
  await page.mouse.move(0, 0);
  const payload = await linesOf(page, '.dw-codeblock:has(pre.has-focused)');
  const focused = payload.filter((l) => l.opacity === 1);
  assert.equal(focused.length, 1, `${where}: one line in focus`);
  assert.match(focused[0].text, /"type"/);
  assert.ok(payload.filter((l) => l.opacity < 0.6).length === payload.length - 1, `${where}: the other lines are dimmed`);

  // Math: KaTeX's HTML with MathML, its styles loaded (the MathML copy is for screen readers only), no $$ left.
  await page.waitForFunction(
    () => !!document.querySelector('.dw-math-display .katex-mathml math') && getComputedStyle(document.querySelector('.katex-mathml')!).position === 'absolute',
  );
  const math = await page.evaluate(async () => {
    await document.fonts.ready;
    const display = document.querySelector('.dw-math-display .katex-html')!.getBoundingClientRect();
    return {
      text: document.querySelector('#dw-app')!.textContent ?? '',
      visible: (document.querySelector('main, #dw-app') as HTMLElement).innerText,
      annotation: document.querySelector('.dw-math-display annotation')!.textContent,
      height: display.height,
      font: document.fonts.check('16px KaTeX_Main'),
      inline: !!document.querySelector('p .dw-math .katex'),
    };
  });
  assert.doesNotMatch(math.visible, /\$\$|\$n\$/, `${where}: no dollar signs left in the visible text`);
  assert.match(math.annotation ?? '', /t_n = 2\^\{n-1\}/);
  assert.ok(math.height > 15, `${where}: the formula is laid out (${math.height} px)`);
  assert.ok(math.inline, `${where}: inline math is typeset`);
  assert.ok(math.font, `${where}: KaTeX's fonts loaded`);

  // Mermaid: drawn into an SVG that holds the node labels.
  await page.waitForSelector('.dw-mermaid[data-dw-drawn="ok"] svg', { timeout: 30_000 });
  const diagram = await page
    .locator('.dw-mermaid svg')
    .first()
    .evaluate((svg) => ({
      text: svg.textContent ?? '',
      box: svg.getBoundingClientRect(),
      source: getComputedStyle(svg.closest('.dw-mermaid')!.querySelector('.dw-mermaid-source')!).display,
    }));
  for (const label of ['Note event', 'POST to your endpoint', 'Delivered', 'Wait with backoff'])
    assert.ok(diagram.text.includes(label), `${where}: the diagram shows "${label}"`);
  assert.ok(diagram.box.width > 200 && diagram.box.height > 50, `${where}: the diagram has a size (${diagram.box.width}x${diagram.box.height})`);
  assert.equal(diagram.source, 'none', `${where}: the diagram's source is hidden once drawn`);
  assert.deepEqual(problems, [], `${where}: no script error or CSP violation`);
}

test('the exported page shows fence options, the diagram and the math, under its CSP', async () => {
  const { page, problems } = await open(`${exported!.origin}/${PAGE}`);
  await checkWebhooksPage(page, problems, 'export');
  await page.close();
});

test('a page without diagrams or math loads neither library', async () => {
  const { page, problems } = await open(`${exported!.origin}/quickstart.html`);
  await page.waitForLoadState('load');
  const loaded = await page.evaluate(() =>
    [...document.querySelectorAll('script[src], link[rel="stylesheet"]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href')),
  );
  assert.ok(
    loaded.every((u) => !/mermaid|katex/.test(u ?? '')),
    loaded.join(', '),
  );
  assert.equal(await page.evaluate(() => typeof (window as unknown as { mermaid?: unknown }).mermaid), 'undefined');
  assert.deepEqual(problems, []);
  await page.close();
});

async function previewBody(text: string): Promise<string> {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Fences', navigation: [{ group: 'Guides', pages: ['guides/advanced/webhooks', 'other'] }] }),
    'guides/advanced/webhooks.mdx': text,
    'other.mdx': '---\ntitle: "Other"\n---\n\nText.\n',
  };
  const project = new Project(new MemoryWorkspace(files, ROOT), [ROOT]);
  await project.scan();
  const out = await renderPreview(project, `${ROOT}/guides/advanced/webhooks.mdx`, '/assets/');
  assert.ok(out);
  return out.body;
}

async function post(page: Page, body: string, version: number): Promise<void> {
  await page.evaluate(
    ({ b, v, k }) =>
      window.postMessage({ type: 'update', key: k, body: b, css: '', theme: 'auto', title: 'Webhooks', page: 'guides/advanced/webhooks', version: v }, '*'),
    { b: body, v: version, k: await previewKey(page) },
  );
  await page.waitForFunction(
    (v) => (window as unknown as { __messages: { type: string; version?: number }[] }).__messages.some((m) => m.type === 'rendered' && m.version === v),
    version,
  );
}

test('the preview shows the same, loading Mermaid and KaTeX with the nonce', async () => {
  const { page, problems } = await open(preview!.origin);
  await post(page, await previewBody(readFileSync(path.join(EXAMPLE_SITE, 'guides/advanced/webhooks.mdx'), 'utf8')), 1);
  await checkWebhooksPage(page, problems, 'preview');
  await page.close();
});

test('a Mermaid syntax error shows in the page; a hostile label stays text', async () => {
  const { page, problems } = await open(preview!.origin);
  const body = await previewBody(
    '---\ntitle: "Diagrams"\n---\n\n```mermaid\nflowchart LR\n  A --> B\n  B -->\n```\n\n```mermaid\nflowchart LR\n  X["<img src=x onerror=window.__xss=1>"] --> Y[Fine]\n  click X call alert(2)\n```\n',
  );
  await post(page, body, 1);
  await page.waitForSelector('.dw-mermaid[data-dw-drawn="error"] .dw-mermaid-error');
  await page.waitForSelector('.dw-mermaid[data-dw-drawn="ok"] svg');
  const error = await page.locator('.dw-mermaid-error').innerText();
  assert.match(error, /^Mermaid syntax error: /);
  const look = await page
    .locator('.dw-mermaid-error')
    .evaluate((e) => ({ color: getComputedStyle(e).color, source: getComputedStyle(e.parentElement!.querySelector('.dw-mermaid-source')!).display }));
  assert.equal(look.color, 'rgb(207, 34, 46)');
  assert.notEqual(look.source, 'none', 'the broken diagram keeps showing its source');
  assert.equal(await page.locator('.dw-mermaid svg img').count(), 0);
  await page
    .locator('.dw-mermaid svg')
    .first()
    .evaluate((svg) => svg.querySelectorAll('*').forEach((e) => e.dispatchEvent(new MouseEvent('click', { bubbles: true }))));
  assert.equal(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), undefined);
  // Mermaid's DOMPurify parses the label in an inert document, which Chromium reports to the
  // policy as an inline handler it refused; nothing else may be reported.
  assert.deepEqual(
    problems.filter((p) => !/inline event handler|script-src-attr inline \S+\/mermaid\.min\.js/.test(p)),
    [],
  );
  await page.close();
});

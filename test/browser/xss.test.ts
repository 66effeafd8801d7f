// XSS in a real browser: every payload of the corpus, rendered by the core, is loaded into headless
// Chromium the two ways Docwright shows pages — as a static document (what the export writes) and
// through the preview's update message (what the webview does) — with NO Content-Security-Policy,
// so the sanitiser alone must hold. Then every link, button and summary is clicked and every input
// focused: no dialog opens, no payload sets its global, the page never navigates.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT } from '../helpers';
import { XSS_DOCS, XSS_PAGES } from '../xss-corpus';
import { launch, previewKey } from './browser';

const MEDIA = path.resolve(__dirname, '../../media');
const SCRIPT = readFileSync(path.join(MEDIA, 'docwright.js'), 'utf8');
const CSS = readFileSync(path.join(MEDIA, 'docwright.css'), 'utf8');
const ORIGIN = 'http://docwright.test/';

const DOCS = { name: 'XSS', navigation: [{ group: 'Tests', pages: ['test', 'other'] }] };
const FM = '---\ntitle: "XSS"\ndescription: "Payloads."\n---\n\n';

async function renderBody(page: string, docs: unknown = DOCS): Promise<string> {
  const ws = new MemoryWorkspace({ 'docs.json': JSON.stringify(docs), 'test.mdx': page, 'other.mdx': FM + 'Other.', 'images/a.png': 'x' }, ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  const out = await renderPreview(project, `${ROOT}/test.mdx`, `${ORIGIN}assets/`);
  assert.ok(out);
  return out.body;
}

let browser: Browser;
let context: BrowserContext;
/** The document the fake origin serves to the next page. */
let served = '';

before(async () => {
  browser = await launch();
  context = await browser.newContext();
  // Every request is answered locally: the document under test, or 404 (no network).
  await context.route('**/*', (route) =>
    route.request().url() === ORIGIN ? route.fulfill({ contentType: 'text/html', body: served }) : route.fulfill({ status: 404, body: '' }),
  );
});

after(async () => {
  await browser?.close();
});

interface Outcome {
  dialogs: string[];
  xss: unknown;
  url: string;
}

/** Opens a fresh page on the fake origin, showing `html`. */
async function openPage(html: string): Promise<{ page: Page; dialogs: string[] }> {
  served = html;
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(ORIGIN);
  return { page, dialogs };
}

/**
 * Clicks every link, button and summary, focuses every input, hovers every element, then reports
 * what happened. Links to http(s)/mailto/`#` are kept from navigating (a reader may follow those);
 * any other URL that survived the sanitiser (javascript:, data:) is followed for real.
 */
async function interact(page: Page, dialogs: string[]): Promise<Outcome> {
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (e) => {
        const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
        if (a && /^(https?:|mailto:|#)/i.test(a.getAttribute('href') ?? '')) e.preventDefault();
      },
      true,
    );
    for (const el of document.querySelectorAll<HTMLElement>('#dw-app a, #dw-app button, #dw-app summary, #dw-app [role="tab"]')) el.click();
    for (const el of document.querySelectorAll<HTMLElement>('#dw-app input, #dw-app [tabindex], #dw-app video, #dw-app iframe')) el.focus();
    for (const el of document.querySelectorAll('#dw-app *')) el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  });
  // Let queued tasks (image errors, load events, navigations) run: wait for two animation frames.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))).catch(() => undefined);
  const xss = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss).catch((e: Error) => `page unusable: ${e.message}`);
  // Same-page anchors (`#id`) may change the hash; anything else is a navigation.
  return { dialogs, xss, url: page.url().replace(/#.*$/, '') };
}

function staticDocument(body: string): string {
  return `<!DOCTYPE html><html data-theme="auto"><head><meta charset="utf-8"><style>${CSS}</style></head><body><div id="dw-app">${body}</div><script>${SCRIPT}</script></body></html>`;
}

/** The nonce of the preview's script (page CSS can read it: never the key of its messages). */
const KEY = 'k3y';

/** The preview's shell with a stand-in for the webview API; content arrives by postMessage. */
const PREVIEW_SHELL = `<!DOCTYPE html><html data-theme="auto"><head><meta charset="utf-8"><style>${CSS}</style><style id="dw-site-css"></style></head><body><div id="dw-app"></div>
<script>window.__messages = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__messages.push(m), getState: () => ({}), setState: () => {} });</script>
<script nonce="${KEY}">${SCRIPT}</script></body></html>`;

function assertSafe(outcome: Outcome, what: string): void {
  assert.deepEqual(outcome.dialogs, [], `${what}: a dialog opened`);
  assert.equal(outcome.xss, undefined, `${what}: a payload ran (window.__xss = ${String(outcome.xss)})`);
  assert.equal(outcome.url, ORIGIN, `${what}: the page navigated away`);
}

const cases: [string, string, unknown][] = [
  ...Object.entries(XSS_PAGES).map(([name, body]): [string, string, unknown] => [name, FM + body + '\n', DOCS]),
  ['docs.json and front matter', '---\ntitle: "<script>window.__xss=1</script>"\ndescription: "<img src=x onerror=window.__xss=1>"\n---\n\nBody.', XSS_DOCS],
];

test('no payload runs in a static document (the export)', async () => {
  for (const [name, page, docs] of cases) {
    const { page: p, dialogs } = await openPage(staticDocument(await renderBody(page, docs)));
    assertSafe(await interact(p, dialogs), `static: ${name}`);
    await p.close();
  }
});

test('no payload runs through the preview update message (the webview)', async () => {
  for (const [name, page, docs] of cases) {
    const body = await renderBody(page, docs);
    const { page: p, dialogs } = await openPage(PREVIEW_SHELL);
    await p.evaluate(
      ({ b, k }) => window.postMessage({ type: 'update', key: k, body: b, css: '', theme: 'auto', title: 'XSS', page: 'test', version: 1 }, '*'),
      { b: body, k: await previewKey(p) },
    );
    // The preview script acknowledges each update it has put in the page.
    await p.waitForFunction(() => (window as unknown as { __messages: { type: string }[] }).__messages.some((m) => m.type === 'rendered'));
    const outcome = await interact(p, dialogs);
    const opened = await p.evaluate(() =>
      (window as unknown as { __messages: { type: string; href?: string }[] }).__messages.filter((m) => m.type === 'openLink').map((m) => m.href),
    );
    assert.ok(
      opened.every((href) => /^(https?:|mailto:)/i.test(href ?? '')),
      `preview: ${name}: asked the editor to open ${opened.join(', ')}`,
    );
    assertSafe(outcome, `preview: ${name}`);
    await p.close();
  }
});

test('the suite detects a payload that does run (control)', async () => {
  const { page, dialogs } = await openPage(staticDocument('<img src="x" onerror="window.__xss = 99">'));
  const outcome = await interact(page, dialogs);
  assert.equal(outcome.xss, 99, 'an unsanitised handler runs in this harness, so a pass above means something');
  await page.close();
});

test('the preview takes updates from its host only, never from a frame inside the page', async () => {
  const { page } = await openPage(PREVIEW_SHELL);
  type Win = { __messages: { type: string; version?: number }[] };
  // A frame of the page (as a page's iframe would be) posts an update to the preview, without the key it cannot know.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.srcdoc = `<script>parent.postMessage({ type: 'update', body: '<b id="pwned">replaced</b>', version: 9 }, '*')</script>`;
        frame.onload = () => resolve();
        document.body.appendChild(frame);
      }),
  );
  // Then the host posts one; messages arrive in order, so once this one is acknowledged the frame's has been handled.
  await page.evaluate(
    (k) =>
      window.postMessage(
        { type: 'update', key: k, body: '<p id="real">from the host</p>', css: '', theme: 'auto', title: 't', page: 'test', version: 10 },
        '*',
      ),
    await previewKey(page),
  );
  await page.waitForFunction(() => (window as unknown as Win).__messages.some((m) => m.type === 'rendered' && m.version === 10));
  assert.equal(await page.locator('#pwned').count(), 0);
  assert.equal(await page.locator('#real').count(), 1);
  assert.deepEqual(await page.evaluate(() => (window as unknown as Win).__messages.filter((m) => m.type === 'rendered').map((m) => m.version)), [10]);
  await page.close();
});

test("the key of the preview's messages is not its nonce and is nowhere in the page, where site CSS could read it", async () => {
  const { page } = await openPage(PREVIEW_SHELL);
  type Win = { __messages: { type: string; version?: number }[] };
  const key = await previewKey(page);
  assert.match(key, /^[0-9a-f]{48}$/);
  assert.ok(!(await page.content()).includes(key), 'the key is in the markup');
  // What CSS attribute selectors can read under a <meta> policy: the nonce. It opens nothing.
  await page.evaluate(
    (k) =>
      window.postMessage({ type: 'update', key: k, body: '<b id="pwned">replaced</b>', css: '', theme: 'auto', title: 't', page: 'test', version: 9 }, '*'),
    KEY,
  );
  await page.evaluate(
    (k) =>
      window.postMessage(
        { type: 'update', key: k, body: '<p id="real">from the host</p>', css: '', theme: 'auto', title: 't', page: 'test', version: 10 },
        '*',
      ),
    key,
  );
  await page.waitForFunction(() => (window as unknown as Win).__messages.some((m) => m.type === 'rendered' && m.version === 10));
  assert.equal(await page.locator('#pwned').count(), 0);
  assert.deepEqual(await page.evaluate(() => (window as unknown as Win).__messages.filter((m) => m.type === 'rendered').map((m) => m.version)), [10]);
  await page.close();
});

test("hooks of the scripts forged by page content (a page link, copy buttons, tabs, toggles, a banner) make the scripts do nothing; the renderer's own still work", async () => {
  // Each forged element carries the old hook (attribute or class) and the reserved one, which the sanitiser drops.
  const forged = [
    '<a id="forged-link" href="#" data-page="secret" data-dw-page="secret">forged link</a>',
    '<div class="dw-codeblock" data-dw-codeblock><button id="forged-copy" type="button" class="dw-copy" data-dw-copy>Copy</button><pre><code data-dw-copy-source>forged code</code></pre></div>',
    '<div class="dw-prompt" data-dw-prompt><div class="dw-prompt-text" data-dw-copy-source>forged prompt</div><button id="forged-copy-prompt" type="button" class="dw-copy" data-dw-copy>Copy</button></div>',
    '<div class="dw-tabs" data-tabs data-dw-tabs><div class="dw-tab-list" data-dw-tab-list><button id="forged-tab" type="button" data-tab="1" data-dw-tab="1">T</button></div><div id="forged-panel-0" data-panel="0" data-dw-panel="0">zero</div><div id="forged-panel-1" data-panel="1" data-dw-panel="1" hidden>one</div></div>',
    '<button id="forged-nav" type="button" data-nav-toggle data-dw-nav-toggle>nav</button> <button id="forged-mode" type="button" data-mode-toggle data-dw-mode-toggle>mode</button>',
    '<div id="forged-banner" class="dw-banner-bar" data-dw-banner><button id="forged-dismiss" type="button" data-banner-dismiss data-dw-banner-dismiss>x</button></div>',
    '<details id="forged-menu" class="dw-switcher" data-dw-menu open><summary>menu</summary>items</details>',
  ].join('\n\n');
  const genuine = '[Other](/other)\n\n```js\ngenuine code\n```\n\n<Tabs>\n  <Tab title="A">a</Tab>\n  <Tab title="B">b</Tab>\n</Tabs>\n';
  const body = await renderBody(FM + forged + '\n\n' + genuine);
  const { page } = await openPage(PREVIEW_SHELL);
  type Win = { __messages: { type: string; page?: string }[]; __copied: string[] };
  // A clipboard that records what the script copies (a string: the test runner's helpers do not exist in the page).
  await page.evaluate(
    "window.__copied = []; Object.defineProperty(navigator, 'clipboard', { value: { writeText(t) { window.__copied.push(t); return Promise.resolve(); } } });",
  );
  await page.evaluate(
    ({ b, k }) => {
      window.postMessage({ type: 'update', key: k, body: b, css: '', theme: 'auto', title: 'Forged', page: 'test', version: 1 }, '*');
    },
    { b: body, k: await previewKey(page) },
  );
  await page.waitForFunction(() => (window as unknown as Win).__messages.some((m) => m.type === 'rendered'));
  const state = () =>
    page.evaluate(() => ({
      opened: (window as unknown as Win).__messages.filter((m) => m.type === 'openPage').map((m) => m.page),
      copied: (window as unknown as Win).__copied,
      panels: [...document.querySelectorAll<HTMLElement>('#forged-panel-0, #forged-panel-1')].map((p) => p.hidden),
      root: document.documentElement.className,
      banner: document.getElementById('forged-banner')!.hidden,
      menu: (document.getElementById('forged-menu') as HTMLDetailsElement).open,
    }));
  const before = await state();
  for (const id of ['forged-link', 'forged-copy', 'forged-copy-prompt', 'forged-tab', 'forged-nav', 'forged-mode', 'forged-dismiss'])
    await page.click(`#${id}`);
  assert.deepEqual(await state(), { ...before, opened: [], copied: [], panels: [false, true], banner: false, menu: true }, 'a forged hook did something');
  // The renderer's own: the page link opens its page, the copy button copies its code, the tab switches.
  await page.click('a[data-dw-page="other"]');
  await page.click('.dw-codeblock [data-dw-copy]');
  await page.click('.dw-tabgroup [data-dw-tab="1"]');
  const after = await state();
  assert.deepEqual(after.opened, ['other']);
  assert.deepEqual(after.copied, ['genuine code']);
  assert.equal(await page.locator('.dw-tabgroup [data-dw-panel="1"]').isVisible(), true);
  await page.close();
});

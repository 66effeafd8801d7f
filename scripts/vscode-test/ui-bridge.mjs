// A tiny HTTP bridge from the in-editor tests (extension host, Node) to the browser that shows the
// workbench (playwright). The extension API cannot see inside a webview; through this bridge a test
// reads and clicks the real DOM of the preview and takes screenshots. Bound to 127.0.0.1; the port
// reaches the tests as DOCWRIGHT_UI_BRIDGE in the environment of the VS Code server.
import { createServer } from 'node:http';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** The frame that holds the Docwright preview's content, if the preview is open. */
async function previewFrame(page) {
  for (const frame of page.frames()) {
    try {
      if (await frame.$('#dw-app')) return frame;
    } catch {
      // a frame being torn down
    }
  }
  return undefined;
}

/** The preview's frame once it has its content: every frame, and each one attached meanwhile, is watched for it. */
function waitForPreviewFrame(page, timeoutMs) {
  return new Promise((resolve, reject) => {
    let done = false;
    const end = () => {
      done = true;
      clearTimeout(timer);
      page.off('frameattached', watch);
    };
    const watch = (frame) =>
      frame.waitForSelector('#dw-app', { state: 'attached', timeout: timeoutMs }).then(
        () => {
          if (done) return;
          end();
          resolve(frame);
        },
        () => {}, // a frame torn down, or not the preview's
      );
    const timer = setTimeout(() => {
      if (done) return;
      end();
      reject(new Error(`the preview did not open within ${timeoutMs} ms`));
    }, timeoutMs);
    page.on('frameattached', watch);
    for (const frame of page.frames()) watch(frame);
  });
}

const handlers = {
  /** { selector, visible? } -> { texts: string[] } of the matching elements in the preview (with visible: only those a reader sees). */
  async query(page, body) {
    const frame = await previewFrame(page);
    if (!frame) return { frame: false, texts: [] };
    const texts = await frame.$$eval(
      body.selector,
      (els, visible) => els.filter((e) => !visible || e.checkVisibility()).map((e) => e.textContent ?? ''),
      body.visible === true,
    );
    return { frame: true, texts };
  },
  /**
   * { selector, timeoutMs? } -> { texts }: waits until the preview is open and shows a match (a
   * Playwright selector: `:has-text()` waits on its text too), then the texts of every match.
   */
  async waitInPreview(page, body) {
    const deadline = Date.now() + (body.timeoutMs ?? 10_000);
    const frame = await waitForPreviewFrame(page, body.timeoutMs ?? 10_000);
    try {
      await frame.waitForSelector(body.selector, { state: 'attached', timeout: Math.max(1, deadline - Date.now()) });
    } catch (err) {
      const app = await frame.$eval('#dw-app', (e) => e.textContent ?? '').catch(() => '(no #dw-app)');
      throw new Error(`${err?.message ?? err}\nThe preview shows: ${app.trim().slice(0, 300)}`, { cause: err });
    }
    return { texts: await frame.$$eval(body.selector, (els) => els.map((e) => e.textContent ?? '')) };
  },
  /** { expression } -> { value }: evaluates an expression in the preview frame (test diagnostics only). */
  async evaluate(page, body) {
    const frame = await previewFrame(page);
    if (!frame) return { frame: false };
    return { frame: true, value: await frame.evaluate(body.expression) };
  },
  /** { selector } -> clicks the first match in the preview. */
  async click(page, body) {
    const frame = await previewFrame(page);
    if (!frame) return { frame: false };
    await frame.click(body.selector, { timeout: 10_000 });
    return { frame: true };
  },
  /** { selector, timeoutMs } -> waits until the selector is visible in the workbench (not a webview). */
  async waitForWorkbench(page, body) {
    await page.waitForSelector(body.selector, { state: 'visible', timeout: body.timeoutMs ?? 10_000 });
    return { visible: true };
  },
  /** { selector } -> { texts: string[] } of the visible matches in the workbench (not a webview). */
  async workbenchTexts(page, body) {
    const texts = await page.$$eval(body.selector, (els) => els.filter((e) => e.checkVisibility()).map((e) => e.textContent ?? ''));
    return { texts };
  },
  /** { selector } -> clicks the first match in the workbench (a dialog's button; not a webview). */
  async clickWorkbench(page, body) {
    await page.click(body.selector, { timeout: 10_000 });
    return { clicked: true };
  },
  /**
   * { steps } -> the real keyboard into the focused workbench element, step by step:
   * `{ type, delayMs? }` types text key by key (delayMs between keys, a writer's pace);
   * `{ press }` presses one key or chord part ("Control+KeyK", "Enter");
   * `{ waitFor, timeoutMs? }` waits until a workbench selector is visible (fails after the deadline).
   */
  async keyboard(page, body) {
    for (const step of body.steps ?? []) {
      if (typeof step.type === 'string') await page.keyboard.type(step.type, { delay: step.delayMs ?? 0 });
      else if (typeof step.press === 'string') await page.keyboard.press(step.press);
      else if (typeof step.waitFor === 'string') await page.waitForSelector(step.waitFor, { state: 'visible', timeout: step.timeoutMs ?? 10_000 });
      else throw new Error(`keyboard: unknown step ${JSON.stringify(step)}`);
    }
    return {};
  },
  /** { file } -> writes a PNG screenshot of the workbench (path relative to the repo). */
  async screenshot(page, body, repo) {
    const file = path.resolve(repo, body.file);
    if (!file.startsWith(repo + path.sep)) throw new Error('screenshot path must stay inside the repository');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file });
    return { file };
  },
};

/** Starts the bridge; `getPage()` returns the playwright page once the workbench is open. */
export async function startUiBridge(getPage, repo) {
  const server = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\//, '');
    const handler = handlers[name];
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      try {
        const page = getPage();
        if (!handler || req.method !== 'POST') throw new Error(`unknown bridge call ${req.method} ${req.url}`);
        if (!page) throw new Error('the workbench page is not open yet');
        const out = await handler(page, raw ? JSON.parse(raw) : {}, repo);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(err?.message ?? err) }));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

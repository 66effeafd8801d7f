// The site's switchers and diagrams in a real editor's preview: the version switcher leads to the
// other version, whose sidebar shows only its own groups; a Mermaid fence is drawn as a diagram
// holding its node labels. Read through run.mjs's UI bridge; every wait is on an event (the preview's
// "rendered" acknowledgement, a DOM mutation).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocwrightApi } from '../../client/src/extension';
import type { RenderedEvent } from '../../client/src/preview';
import { bridge } from './bridge';
import { activateExtension, workspaceRoot } from './util';

const texts = async (selector: string, visible = false) => (await bridge<{ texts: string[] }>('query', { selector, visible })).texts.map((t) => t.trim());
const evaluate = async <T>(expression: string) => (await bridge<{ value: T }>('evaluate', { expression })).value;

function nextRender(api: DocwrightApi, predicate: (e: RenderedEvent) => boolean, what: string, timeoutMs = 30_000): Promise<RenderedEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (sub.dispose(), reject(new Error(`Timed out after ${timeoutMs} ms waiting for the preview to show ${what}.`))), timeoutMs);
    const sub = api.preview.onDidRender((e) => {
      if (!predicate(e)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}

/** Opens the sidebar where the preview folds it behind the menu button. */
async function openSidebar(): Promise<void> {
  if (await evaluate<boolean>("!document.querySelector('.dw-sidebar').checkVisibility()")) await bridge('click', { selector: '.dw-nav-toggle' });
}

suite('preview: switchers and diagrams', () => {
  let api: DocwrightApi;
  suiteSetup(async () => {
    api = (await activateExtension()).exports as DocwrightApi;
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("the version switcher changes the sidebar to the other version's groups", async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.joinPath(workspaceRoot(), 'quickstart.mdx')));
    const shown = nextRender(api, (e) => e.pageId === 'quickstart', 'the quickstart page');
    await vscode.commands.executeCommand('docwright.openPreviewToSide');
    await shown;
    await openSidebar();
    const before = await texts('.dw-nav-group-title');
    assert.ok(!before.includes('Legacy v1'), `v2's sidebar: ${before.join(', ')}`);
    assert.deepEqual(await texts('.dw-switcher-version summary .dw-switcher-name'), ['v2']);

    const switched = nextRender(api, (e) => e.pageId.startsWith('v1/'), 'a page of version v1');
    await bridge('click', { selector: '.dw-switcher-version summary' });
    await bridge('click', { selector: '.dw-switcher-version .dw-switcher-menu a:not(.dw-current)' });
    await switched;
    await openSidebar();
    const after = await texts('.dw-nav-group-title');
    assert.ok(after.includes('Legacy v1'), `v1's sidebar: ${after.join(', ')}`);
    assert.deepEqual(await texts('.dw-switcher-version summary .dw-switcher-name'), ['v1']);
  });

  test('a Mermaid fence is drawn as a diagram with its node labels', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.joinPath(workspaceRoot(), 'guides/advanced/webhooks.mdx')));
    const shown = nextRender(api, (e) => e.pageId === 'guides/advanced/webhooks', 'the webhooks page');
    await vscode.commands.executeCommand('docwright.openPreviewToSide');
    await shown;
    // Resolves once the diagram's SVG is in the page (drawn by the lazily loaded library).
    const labels = await evaluate<string[]>(`new Promise((resolve) => {
      const done = () => { const svg = document.querySelector('.dw-mermaid svg'); if (!svg) return false; resolve([...svg.querySelectorAll('.nodeLabel, text')].map((n) => n.textContent.trim()).filter(Boolean)); return true; };
      if (!done()) new MutationObserver((_, o) => { if (done()) o.disconnect(); }).observe(document.body, { childList: true, subtree: true });
    })`);
    for (const label of ['Note event', 'POST to your endpoint', 'Delivered']) assert.ok(labels.includes(label), `diagram labels: ${labels.join(', ')}`);
    const box = await evaluate<{ width: number; height: number }>(
      "(() => { const r = document.querySelector('.dw-mermaid svg').getBoundingClientRect(); return { width: r.width, height: r.height }; })()",
    );
    assert.ok(box.width > 100 && box.height > 20, `the diagram has a size: ${JSON.stringify(box)}`);
    assert.deepEqual(await texts('.dw-mermaid .dw-mermaid-source', true), [], 'the source is not shown');
  });
});

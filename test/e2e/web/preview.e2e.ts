// The preview of the web extension in a real workbench: the client in the web worker extension host
// hosts the webview, the language server in its web worker renders the page. This module runs in
// the Node extension host, so it reads the webview's DOM through run.mjs's UI bridge and waits there
// for what a reader would see (Docwright's preview events are in the other extension host): the
// page and its sidebar, the preview following the editor, highlighted code, the site's images, and
// the diagrams and formulas drawn with the extension's vendored Mermaid and KaTeX.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bridge, previewLogoWidths } from '../bridge';
import { workspaceRoot } from '../util';

/** Waits until the preview shows `selector` (a Playwright selector), then the texts of its matches. */
async function shown(selector: string, timeoutMs = 60_000): Promise<string[]> {
  return (await bridge<{ texts: string[] }>('waitInPreview', { selector, timeoutMs })).texts.map((t) => t.trim());
}

interface NavNode {
  group?: string;
  pages?: (string | NavNode)[];
  [key: string]: unknown;
}

/** Every group of docs.json's navigation, with the pages listed directly in it. */
function groupsOf(node: unknown, out: { group: string; pages: string[] }[] = []): { group: string; pages: string[] }[] {
  if (Array.isArray(node)) for (const n of node) groupsOf(n, out);
  else if (node && typeof node === 'object') {
    const n = node as NavNode;
    if (typeof n.group === 'string') out.push({ group: n.group, pages: (n.pages ?? []).filter((p): p is string => typeof p === 'string') });
    for (const v of Object.values(n)) groupsOf(v, out);
  }
  return out;
}

suite('Docwright for the web: the preview', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("opens beside the page with the page's title and the site's navigation in the sidebar", async function () {
    this.timeout(90_000);
    const uri = vscode.Uri.joinPath(workspaceRoot(), 'introduction.mdx');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    // Run from this extension host: Docwright's command previews the active editor's page.
    await vscode.commands.executeCommand('docwright.openPreviewToSide');

    const title = doc.getText().match(/^title:\s*"?([^"\n]+)"?/m)?.[1];
    assert.ok(title, 'the introduction has a title');
    assert.deepEqual(await shown(`h1.dw-title:has-text(${JSON.stringify(title)})`), [title]);

    const docsJson = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(workspaceRoot(), 'docs.json'))));
    const groups = groupsOf(docsJson.navigation);
    const home = groups.find((g) => g.pages.includes('introduction'))?.group;
    assert.ok(home, 'docs.json lists the introduction in a group');
    const sidebar = await shown('.dw-sidebar .dw-nav-group-title');
    assert.ok(sidebar.includes(home), `the sidebar's groups: ${sidebar.join(', ')}`);
    for (const g of sidebar)
      assert.ok(
        groups.some((d) => d.group === g),
        `"${g}" is a group of docs.json`,
      );
    // The page is the sidebar's current link, under the tab that holds it.
    assert.equal((await shown('.dw-sidebar .dw-nav-link.dw-current')).length, 1, 'one current page in the sidebar');
    // The panel is the preview's, titled after the page, in the workbench.
    await bridge('waitForWorkbench', { selector: `.tab:has-text(${JSON.stringify(`Preview ${title}`)})`, timeoutMs: 10_000 });
  });

  test("follows the editor to another page: its code highlighted, the site's logos loaded from the site folder", async function () {
    this.timeout(60_000);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(workspaceRoot(), 'quickstart.mdx'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const title = doc.getText().match(/^title:\s*"?([^"\n]+)"?/m)?.[1];
    assert.ok(title, 'the quickstart has a title');
    assert.deepEqual(await shown(`h1.dw-title:has-text(${JSON.stringify(title)})`), [title]);
    const fences = doc.getText().match(/^\s*```\w/gm)?.length ?? 0;
    const blocks = await shown('#content pre.shiki');
    assert.equal(blocks.length, fences, 'one block per fence of the page');
    // Shiki's tokens in the worker: the blocks of languages it has grammars for are coloured (PowerShell has none: plain).
    const coloured = await bridge<{ value: [string, number][] }>('evaluate', {
      expression:
        "[...document.querySelectorAll('#content pre.shiki code')].map((c) => [c.className.replace('language-', ''), c.querySelectorAll('span[style*=\"--shiki-token\"]').length])",
    });
    for (const lang of ['bash', 'js', 'python']) {
      const these = coloured.value.filter(([l]) => l === lang);
      assert.ok(these.length > 0 && these.every(([, n]) => n > 0), `coloured tokens per block: ${JSON.stringify(coloured.value)}`);
    }
    const logoWidths = await previewLogoWidths();
    assert.ok(logoWidths.length === 2 && logoWidths.every((w) => w > 0), `the light and dark logos load from the site folder (${JSON.stringify(logoWidths)})`);
  });

  test("draws a page's diagram and formula with the extension's Mermaid and KaTeX", async function () {
    this.timeout(60_000);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(workspaceRoot(), 'guides', 'advanced', 'webhooks.mdx'));
    assert.match(doc.getText(), /^```mermaid$/m, 'the page has a diagram');
    assert.match(doc.getText(), /^\$\$$/m, 'the page has a display formula');
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    // Mermaid (dist/vendor/mermaid.min.js, loaded by the webview's script) draws the diagram as SVG.
    await shown('.dw-mermaid .dw-mermaid-svg svg');
    // The formula is KaTeX's markup, styled by dist/vendor/katex's stylesheet once it has loaded.
    await shown('[data-dw-math] .katex');
    const font = await bridge<{ value: string }>('evaluate', {
      expression:
        "new Promise((r) => { const link = [...document.querySelectorAll('link[rel=stylesheet]')].find((l) => /katex/.test(l.href)); const font = () => getComputedStyle(document.querySelector('[data-dw-math] .katex')).fontFamily; if (!link || link.sheet) r(font()); else { link.addEventListener('load', () => r(font())); link.addEventListener('error', () => r('(katex.min.css failed) ' + font())); } })",
    });
    assert.match(font.value, /KaTeX_Main/, "the formula has KaTeX's font");
  });

  test("Ctrl+K V on a .md page of the site opens Docwright's preview, not VS Code's", async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const uri = vscode.Uri.joinPath(workspaceRoot(), 'web-plain-notes.md');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('---\ntitle: "Plain notes on the web"\n---\n\nA Markdown page of the site.\n'));
    try {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      // Once the web client has put the page in docwright.sitePages, Docwright's preview button stands beside VS Code's.
      await bridge('waitForWorkbench', { selector: '.editor-actions .codicon-open-preview >> nth=1', timeoutMs: 20_000 });
      await bridge('keyboard', { steps: [{ press: 'Control+KeyK' }, { press: 'KeyV' }] });
      assert.deepEqual(await shown('h1.dw-title:has-text("Plain notes on the web")'), ['Plain notes on the web']);
      const previews = vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => (t.input instanceof vscode.TabInputWebview ? t.input.viewType : ''));
      assert.ok(!previews.some((v) => /markdown\.preview/.test(v)), `VS Code's Markdown preview is not open (${previews.join(', ')})`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(uri);
    }
  });
});

// The preview of the web extension in a real workbench: the client in the web worker extension host
// hosts the webview, the language server in its web worker renders the page. This module runs in
// the Node extension host, so it reads the webview's DOM through run.mjs's UI bridge and waits there
// for what a reader would see (Docwright's preview events are in the other extension host).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bridge } from '../bridge';
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
});

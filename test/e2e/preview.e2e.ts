// The preview in a real editor: it opens beside the page, shows the page title and the sidebar
// groups in the webview's real DOM, follows typing, a sidebar click switches the editor, and a
// click on the API Reference anchor shows a page generated from the OpenAPI file.
// The DOM is read through run.mjs's UI bridge (playwright), since the extension API cannot see
// inside a webview. Every wait is on an event: the preview's "rendered" acknowledgement, the
// active editor changing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocwrightApi } from '../../client/src/extension';
import type { RenderedEvent } from '../../client/src/preview';
import { bridge, previewLogoWidths } from './bridge';
import { activateExtension, workspaceRoot } from './util';

async function texts(selector: string, visible = false): Promise<string[]> {
  return (await bridge<{ texts: string[] }>('query', { selector, visible })).texts.map((t) => t.trim());
}

/** Opens the sidebar where the preview is narrow enough to fold it behind the menu button, as the site does. */
async function openSidebar(): Promise<boolean> {
  const folded = (await bridge<{ value: boolean }>('evaluate', { expression: "!document.querySelector('.dw-sidebar').checkVisibility()" })).value;
  if (folded) await bridge('click', { selector: '.dw-nav-toggle' });
  return folded;
}

/** Resolves on the first render shown by the webview that satisfies `predicate`. */
function nextRender(api: DocwrightApi, predicate: (e: RenderedEvent) => boolean, what: string, timeoutMs = 30_000): Promise<RenderedEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for the preview to show ${what}.`));
    }, timeoutMs);
    const sub = api.preview.onDidRender((e) => {
      if (!predicate(e)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}

function nextActiveEditor(uriEnd: string, timeoutMs = 20_000): Promise<vscode.TextEditor> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`Timed out waiting for ${uriEnd} to become the active editor (now: ${vscode.window.activeTextEditor?.document.uri.path}).`));
    }, timeoutMs);
    const sub = vscode.window.onDidChangeActiveTextEditor((e) => {
      if (!e?.document.uri.path.endsWith(uriEnd)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}

suite('preview', () => {
  let api: DocwrightApi;

  suiteSetup(async () => {
    api = (await activateExtension()).exports as DocwrightApi;
    assert.ok(api?.preview, 'the extension returns its preview manager from activate()');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('shows the page with its site chrome, follows typing, and a sidebar click opens that page', async () => {
    const uri = vscode.Uri.joinPath(workspaceRoot(), 'introduction.mdx');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const shown = nextRender(api, (e) => e.pageId === 'introduction', 'the introduction page');
    await vscode.commands.executeCommand('docwright.openPreviewToSide');
    await shown;

    // The page title (front matter) and the sidebar groups of docs.json, in the real webview DOM.
    const title = editor.document.getText().match(/^title:\s*"?([^"\n]+)"?/m)?.[1];
    assert.ok(title, 'the introduction has a title');
    assert.deepEqual(await texts('h1.dw-title'), [title]);
    const groups = await texts('.dw-nav-group-title');
    assert.ok(groups.includes('Get started'), `sidebar groups: ${groups.join(', ')}`);
    // (The page is listed in both versions; the reader sees the current version's sidebar only.)
    const opened = await openSidebar();
    assert.equal((await texts('.dw-sidebar .dw-nav-link.dw-current', true)).length, 1, 'one current page in the sidebar');
    if (opened) await bridge('click', { selector: '.dw-nav-toggle' });
    // The clicks focused the preview: typing goes to the editor again.
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);

    // Type a sentence at the end of the page: the preview shows it.
    const sentence = 'Docwright renders this sentence while you type.';
    const end = editor.document.positionAt(editor.document.getText().length);
    editor.selection = new vscode.Selection(end, end);
    const typed = nextRender(api, (e) => e.version >= editor.document.version && e.pageId === 'introduction', 'the typed sentence');
    await vscode.commands.executeCommand('type', { text: `\n\n${sentence}\n` });
    await typed;
    const paragraphs = await texts('#content p');
    assert.ok(paragraphs.includes(sentence), `the typed sentence is not in the preview; last paragraphs: ${paragraphs.slice(-3).join(' | ')}`);

    // The README screenshot comes from this run: the page and its preview, side bars closed.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    const logoWidths = await previewLogoWidths();
    assert.ok(logoWidths.length === 2 && logoWidths.every((w) => w > 0), `the light and dark logos load from the site folder (${JSON.stringify(logoWidths)})`);
    await bridge('screenshot', { file: process.env.DOCWRIGHT_UPDATE_SCREENSHOTS ? 'docs/images/preview.png' : 'out/e2e/screenshots/preview.png' });

    // Put the page back as it was on disk (the editor is still the active one).
    await vscode.commands.executeCommand('workbench.action.files.revert');

    // Click the quickstart in the sidebar: the editor switches to it, and the preview follows.
    const switched = nextActiveEditor('/quickstart.mdx');
    const followed = nextRender(api, (e) => e.pageId === 'quickstart', 'the quickstart page');
    await openSidebar();
    await bridge('click', { selector: '.dw-sidebar a[data-dw-page="quickstart"]' });
    await switched;
    await followed;
    const quickTitle = (await vscode.workspace.openTextDocument(vscode.Uri.joinPath(workspaceRoot(), 'quickstart.mdx')))
      .getText()
      .match(/^title:\s*"?([^"\n]+)"?/m)?.[1];
    assert.deepEqual(await texts('h1.dw-title'), [quickTitle]);

    // The API Reference anchor leads to a page generated from the OpenAPI file: no file to open, the
    // preview shows it itself, with the generated section in the sidebar.
    const generated = nextRender(api, (e) => e.pageId === 'api-reference/notes/list-notes', 'the generated List notes page');
    await openSidebar();
    await bridge('click', { selector: '.dw-sidebar .dw-anchor a[data-dw-page="api-reference/notes/list-notes"]' });
    await generated;
    assert.deepEqual(await texts('h1.dw-title'), ['List notes']);
    assert.deepEqual(await texts('.dw-sidebar .dw-nav-link.dw-current'), ['GETList notes']);
    const apiGroups = await texts('.dw-nav-group-title');
    for (const g of ['Notes', 'Notebooks', 'Tags', 'Webhook endpoints']) assert.ok(apiGroups.includes(g), `sidebar groups: ${apiGroups.join(', ')}`);
    // (The click focuses the preview, so there is no active text editor: the visible ones count.)
    assert.deepEqual(
      vscode.window.visibleTextEditors.map((e) => e.document.uri.path.split('/').pop()),
      ['quickstart.mdx'],
      'no editor opens for a generated page',
    );
  });
});

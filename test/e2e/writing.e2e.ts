// Writing prose in a real editor, with the real keyboard (run.mjs's UI bridge types into the
// workbench): Enter after a sentence or a closed tag starts a new line instead of accepting a
// suggestion, Ctrl+K V on a `.md` page of the site opens Docwright's preview (and on a `.md` file
// outside any site, VS Code's own), and the alt-text quick fix leaves the cursor where the
// writer types the alt text.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocwrightApi } from '../../client/src/extension';
import { bridge } from './bridge';
import { activateExtension, applyCodeAction, codeActionsAt, diagnosticCode, titles, waitForDiagnostics, waitForDocument, workspaceRoot } from './util';

const FRONT = '---\ntitle: "Writing test"\ndescription: "A page the writing tests type into."\n---\n\n';
/** Between keys, as a writer types: the editor has time to show its suggestions before Enter. */
const PACE_MS = 60;

type Step = { type: string; delayMs?: number } | { press: string } | { waitFor: string; timeoutMs?: number };
/** VS Code's suggest widget, while it shows (a list, or a message: "Loading...", "No suggestions."). */
const SUGGESTIONS = '.editor-widget.suggest-widget.visible';
/** The suggest widget's settled answer: the list's rows, or its "No suggestions." message. */
const SUGGEST_ANSWER = `${SUGGESTIONS} .monaco-list-row, ${SUGGESTIONS}.message .message:text-is("No suggestions.")`;
const keyboard = (...steps: Step[]) => bridge('keyboard', { steps });

/** Opens a new file of the workspace with `text`, the cursor at its end and the keyboard focus in it. */
async function openAtEnd(rel: string, text: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), rel);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const end = editor.document.positionAt(editor.document.getText().length);
  editor.selection = new vscode.Selection(end, end);
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  return editor;
}

/** Runs `steps`, presses Enter and types a marker; returns the text from where the cursor was to the marker. */
async function thenEnter(editor: vscode.TextEditor, ...steps: Step[]): Promise<string> {
  const marker = 'MARK';
  const before = editor.document.getText().length;
  await keyboard(...steps, { press: 'Enter' }, { type: marker });
  await waitForDocument(editor.document, (d) => d.getText().includes(marker), 10_000, 'the marker typed after Enter');
  const text = editor.document.getText();
  return text.slice(before, text.indexOf(marker) + marker.length);
}

function nextTab(predicate: (tab: vscode.Tab) => boolean, what: string, timeoutMs = 20_000): Promise<vscode.Tab> {
  return new Promise((resolve, reject) => {
    const find = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find(predicate);
    const timer = setTimeout(() => {
      sub.dispose();
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label);
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (tabs: ${tabs.join(', ')}).`));
    }, timeoutMs);
    const sub = vscode.window.tabGroups.onDidChangeTabs(() => {
      const tab = find();
      if (!tab) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(tab);
    });
    const now = find();
    if (now) {
      clearTimeout(timer);
      sub.dispose();
      resolve(now);
    }
  });
}

const isWebview = (viewType: RegExp) => (tab: vscode.Tab) => tab.input instanceof vscode.TabInputWebview && viewType.test(tab.input.viewType);

suite('writing in the editor', () => {
  let api: DocwrightApi;

  suiteSetup(async () => {
    api = (await activateExtension()).exports as DocwrightApi;
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('typing a sentence and Enter in an .mdx file starts a new line', async () => {
    // "transportation" is in the document: VS Code's word suggestions would offer it for "transport".
    const text = FRONT + 'Notes move over a transportation layer.\n\n';
    const editor = await openAtEnd('writing-sentence.mdx', text);
    // Asking for suggestions at the end of the sentence gets a settled answer to wait on (a list, or
    // "No suggestions."), where automatic ones could only be waited out: in prose there are none.
    await keyboard({ type: 'Each note picks its transport', delayMs: PACE_MS }, { press: 'Control+Space' }, { waitFor: SUGGEST_ANSWER });
    const offered = await bridge<{ texts: string[] }>('workbenchTexts', { selector: SUGGEST_ANSWER });
    assert.deepEqual(offered.texts, ['No suggestions.'], 'the editor offers no suggestions in prose');
    // Enter, with the widget still showing its answer, is a new line and changes no word.
    await thenEnter(editor);
    assert.equal(editor.document.getText(), text + 'Each note picks its transport\nMARK');
    // Docwright's defaults for MDX, as the editor applies them: prose is not code to complete.
    const mdx = vscode.workspace.getConfiguration('editor', { languageId: 'mdx' });
    assert.equal(mdx.get('wordBasedSuggestions'), 'off');
    const quick = mdx.get<Record<string, string>>('quickSuggestions');
    assert.deepEqual({ other: quick?.other, comments: quick?.comments }, { other: 'off', comments: 'off' });
    assert.equal(mdx.get('wordWrap'), 'on');
  });

  test('Enter after a closed tag starts a new line', async () => {
    const editor = await openAtEnd('writing-tag.mdx', FRONT + 'Intro.\n\n');
    // `</` offers the closing tag; once the writer has typed it, the list is gone and Enter is a new line.
    const typed = await thenEnter(editor, { type: '<Note>hi</', delayMs: PACE_MS }, { waitFor: SUGGESTIONS }, { type: 'Note>', delayMs: PACE_MS });
    assert.equal(typed, '<Note>hi</Note>\nMARK');
  });

  test("Ctrl+K V on a .md page of the site opens Docwright's preview; outside any site, VS Code's", async () => {
    const page = vscode.Uri.joinPath(workspaceRoot(), 'guides/plain-notes.md');
    const published = new Promise<void>((resolve) => {
      const sub = api.sitePages.onDidPublish((pages) => {
        if (!pages.includes(page.fsPath)) return;
        sub.dispose();
        resolve();
      });
    });
    await openAtEnd('guides/plain-notes.md', '---\ntitle: "Plain notes"\n---\n\nA Markdown page of the site.\n');
    if (!api.sitePages.current().includes(page.fsPath)) await published;
    const rendered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        sub.dispose();
        reject(new Error("Ctrl+K V did not open Docwright's preview of the .md page within 20 s."));
      }, 20_000);
      const sub = api.preview.onDidRender((e) => {
        if (e.uri !== page.toString()) return;
        clearTimeout(timer);
        sub.dispose();
        resolve();
      });
    });
    await keyboard({ press: 'Control+KeyK' }, { press: 'KeyV' });
    await rendered;
    assert.ok(await nextTab(isWebview(/docwright\.preview/), "Docwright's preview"));
    assert.ok(!vscode.window.tabGroups.all.flatMap((g) => g.tabs).some(isWebview(/markdown\.preview/)), "VS Code's Markdown preview is not open");

    // A .md file outside the site (the workspace's parent folder): VS Code's own preview.
    const outside = vscode.Uri.file(path.join(path.dirname(workspaceRoot().fsPath), 'outside-notes.md'));
    await vscode.workspace.fs.writeFile(outside, Buffer.from('# Outside\n\nNot a page of any site.\n'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(outside), vscode.ViewColumn.One);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    assert.ok(!api.sitePages.current().includes(outside.fsPath));
    await keyboard({ press: 'Control+KeyK' }, { press: 'KeyV' });
    assert.ok(await nextTab(isWebview(/markdown\.preview/), "VS Code's Markdown preview"));
  });

  test('the alt-text quick fix puts the cursor where the alt text goes, adding no text', async () => {
    const text = FRONT + 'The dashboard:\n\n![](/images/api-keys-dashboard.svg)\n';
    const editor = await openAtEnd('writing-alt.mdx', text);
    const uri = editor.document.uri;
    const diags = await waitForDiagnostics(uri, (ds) => ds.some((d) => diagnosticCode(d) === 'image-alt'), 20_000, 'image-alt');
    const diag = diags.find((d) => diagnosticCode(d) === 'image-alt')!;
    const actions = await codeActionsAt(uri, diag.range);
    const fix = actions.find((a) => /alt text/i.test(a.title));
    assert.ok(fix, `no alt-text action among ${titles(actions)}`);
    await applyCodeAction(fix);
    assert.equal(editor.document.getText(), text, 'the action itself writes nothing');
    await keyboard({ type: 'The API keys page' });
    await waitForDocument(editor.document, (d) => d.getText().includes('![The API keys page](/images/api-keys-dashboard.svg)'), 10_000, 'the typed alt text');
  });
});

// Formatting in a real editor: Format Document on a page (the real keyboard's Ctrl+Shift+I) and
// format-on-save on another (Ctrl+S with `editor.formatOnSave` on for MDX), both through the
// language server's one formatter (docs/format.md).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bridge } from './bridge';
import { activateExtension, waitForDocument, workspaceRoot } from './util';

const FRONT = '---\ntitle: "Formatting test"\ndescription: "A page the formatting tests format in the editor."\n---\n\n';
/** Setext heading, `*` bullets, trailing spaces and a run of blank lines: each one the style changes. */
const BODY = 'Install the tools\n=================\n\n* the CLI   \n* the extension\n\n\n\nRun the check.\n';
const FORMATTED = '# Install the tools\n\n- the CLI\n- the extension\n\nRun the check.\n';

async function open(rel: string, text: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), rel);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  return editor;
}

suite('formatting in the editor', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('editor', { languageId: 'mdx' }).update('formatOnSave', undefined, vscode.ConfigurationTarget.Workspace, true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Format Document (Ctrl+Shift+I) formats the page through Docwright', async () => {
    const editor = await open('format-document.mdx', FRONT + BODY);
    await bridge('keyboard', { steps: [{ press: 'Control+Shift+KeyI' }] });
    await waitForDocument(editor.document, (d) => d.getText() === FRONT + FORMATTED, 20_000, 'the formatted page');
  });

  test('format-on-save formats the page as it is saved', async () => {
    await vscode.workspace.getConfiguration('editor', { languageId: 'mdx' }).update('formatOnSave', true, vscode.ConfigurationTarget.Workspace, true);
    const editor = await open('format-on-save.mdx', FRONT + '# Saved\n\nText.\n');
    // An edit, typed, that leaves the page unformatted; then the real keyboard's Ctrl+S.
    await editor.edit((e) => e.insert(editor.document.positionAt(editor.document.getText().length), '\n' + BODY));
    assert.ok(editor.document.isDirty);
    const saved = new Promise<vscode.TextDocument>((resolve) => {
      const sub = vscode.workspace.onDidSaveTextDocument((d) => {
        if (d.uri.toString() !== editor.document.uri.toString()) return;
        sub.dispose();
        resolve(d);
      });
    });
    await bridge('keyboard', { steps: [{ press: 'Control+KeyS' }] });
    const doc = await saved;
    assert.equal(doc.getText(), FRONT + '# Saved\n\nText.\n\n' + FORMATTED);
    assert.equal(Buffer.from(await vscode.workspace.fs.readFile(doc.uri)).toString(), doc.getText(), 'the formatted text is what was written');
  });
});

// The marketplace README's screenshots of diagnostics and completion, taken from the real editor
// by this run (the preview's comes from preview.e2e.ts). Each waits on what it shows: the
// diagnostic published, the suggest widget visible.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bridge } from './bridge';
import { activateExtension, diagnosticCode, waitForDiagnostics, workspaceRoot } from './util';

const shot = (name: string) => (process.env.DOCWRIGHT_UPDATE_SCREENSHOTS ? `docs/images/${name}.png` : `out/e2e/screenshots/${name}.png`);

suite('screenshots', () => {
  suiteSetup(async () => {
    await activateExtension();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a diagnostic with its quick fix, in the editor', async () => {
    const uri = vscode.Uri.joinPath(workspaceRoot(), 'quickstart.mdx');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('## '));
    await editor.edit((b) => b.insert(new vscode.Position(line, 0), '<Tipp>\n  Keep your API key out of version control.\n</Tipp>\n\n'));
    await waitForDiagnostics(uri, (ds) => ds.some((d) => diagnosticCode(d) === 'component-unknown'), 20_000, 'component-unknown');
    editor.selection = new vscode.Selection(line, 2, line, 2);
    editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.InCenter);
    await vscode.commands.executeCommand('editor.action.marker.next');
    await bridge('waitForWorkbench', { selector: '.marker-widget' });
    assert.ok((await bridge<{ file: string }>('screenshot', { file: shot('diagnostics') })).file);
  });

  test('component completion, in the editor', async () => {
    const uri = vscode.Uri.joinPath(workspaceRoot(), 'quickstart.mdx');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('## '));
    await editor.edit((b) => b.insert(new vscode.Position(line, 0), '\n\n'));
    editor.selection = new vscode.Selection(line, 0, line, 0);
    await vscode.commands.executeCommand('type', { text: '<Ac' });
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await bridge('waitForWorkbench', { selector: '.suggest-widget.visible .monaco-list-row' });
    assert.ok((await bridge<{ file: string }>('screenshot', { file: shot('completion') })).file);
    await vscode.commands.executeCommand('hideSuggestWidget');
  });
});

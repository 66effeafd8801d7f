// Pages in a real editor: component completion and "fix all", end to end.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, diagnosticCode, SOURCE, waitForDiagnostics, workspaceRoot } from './util';

const FRONT = '---\ntitle: "Scratch page"\ndescription: "A page the editor tests write to."\n---\n\n';

suite('pages in the editor', () => {
  let uri: vscode.Uri;
  let editor: vscode.TextEditor;
  let original: string;

  suiteSetup(async () => {
    await activateExtension();
    // A page of the site: the quickstart, which is in the navigation.
    uri = vscode.Uri.joinPath(workspaceRoot(), 'quickstart.mdx');
    const doc = await vscode.workspace.openTextDocument(uri);
    original = doc.getText();
    editor = await vscode.window.showTextDocument(doc);
  });

  // The quickstart goes back to its text, saved: later suites read it. An edit of the document
  // itself, not the revert command, which acts on whichever editor has focus.
  suiteTeardown(async () => {
    const doc = await vscode.workspace.openTextDocument(uri);
    const restore = new vscode.WorkspaceEdit();
    restore.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original);
    assert.ok(await vscode.workspace.applyEdit(restore), 'the quickstart restored');
    if (doc.isDirty) assert.ok(await doc.save(), 'the restored quickstart saved');
    assert.equal(doc.getText(), original, 'the quickstart as it was');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function setText(text: string): Promise<void> {
    const doc = editor.document;
    await editor.edit((b) => b.replace(new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text));
  }

  test('typing <Ste and accepting the completion inserts <Steps> with its closing tag', async () => {
    await setText(FRONT + '## Install\n\n');
    const end = editor.document.positionAt(editor.document.getText().length);
    editor.selection = new vscode.Selection(end, end);
    await vscode.commands.executeCommand('type', { text: '<Ste' });
    const position = editor.selection.active;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position, '<');
    const steps = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'Steps');
    assert.ok(steps, `no Steps in ${list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label)).join(', ')}`);
    // Accept it as the suggest widget does: the snippet replaces the typed name.
    const insert = steps.insertText instanceof vscode.SnippetString ? steps.insertText : new vscode.SnippetString(String(steps.insertText ?? steps.label));
    const range = steps.range instanceof vscode.Range ? steps.range : steps.range?.replacing;
    assert.ok(await editor.insertSnippet(insert, range));
    const text = editor.document.getText();
    assert.match(text, /<Steps>\n {2}<Step title="[^"]*">\n[\s\S]*<\/Step>\n<\/Steps>/);
    // The page is valid MDX: no syntax error is reported.
    await waitForDiagnostics(uri, (ds) => !ds.some((d) => diagnosticCode(d) === 'mdx-syntax'), 20_000, 'no mdx-syntax');
  });

  test('"fix all" removes every fixable problem', async () => {
    await setText(FRONT + '# Install\n\n#### Requirements\n\n<Tipp>\n  Use Node 20.\n</Tipp>\n');
    const fixable = ['heading-h1', 'heading-increment', 'component-unknown'];
    await waitForDiagnostics(uri, (ds) => fixable.every((c) => ds.some((d) => d.source === SOURCE && diagnosticCode(d) === c)), 20_000, fixable.join(', '));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      new vscode.Range(0, 0, 0, 0),
      vscode.CodeActionKind.SourceFixAll.value,
    );
    const fixAll = actions.find((a) => a.kind?.value === 'source.fixAll.docwright');
    assert.ok(fixAll?.edit, `no fix-all action in ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fixAll.edit));
    assert.equal(editor.document.getText(), FRONT + '## Install\n\n### Requirements\n\n<Tip>\n  Use Node 20.\n</Tip>\n');
    await waitForDiagnostics(uri, (ds) => !ds.some((d) => fixable.includes(diagnosticCode(d) ?? '')), 20_000, 'the fixable problems gone');
  });
});

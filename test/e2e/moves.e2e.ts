// Moves and heading renames in a real editor: a page renamed through a WorkspaceEdit (what the
// explorer does) updates docs.json and the pages that link to it; F2 on a heading updates the
// links to it. Each test puts the workspace back as it found it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bridge } from './bridge';
import { activateExtension, diagnosticCode, findRange, waitForDiagnostics, waitForDocument, workspaceRoot } from './util';

suite('moves and renames in the editor', () => {
  let root: vscode.Uri;
  const at = (rel: string) => vscode.Uri.joinPath(root, rel);
  const open = (rel: string) => vscode.workspace.openTextDocument(at(rel));

  suiteSetup(async () => {
    await activateExtension();
    root = workspaceRoot();
    // No redirect prompt during the test: the redirect setting is the server's (tested over LSP).
    await vscode.workspace.getConfiguration('docwright.moves').update('redirect', 'never', vscode.ConfigurationTarget.Workspace);
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('docwright.moves').update('redirect', undefined, vscode.ConfigurationTarget.Workspace);
  });

  /** Renames a file as the explorer does: a WorkspaceEdit file operation, which runs willRenameFiles. */
  async function rename(from: string, to: string): Promise<void> {
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(at(from), at(to));
    assert.ok(await vscode.workspace.applyEdit(edit), `rename ${from} -> ${to} applied`);
  }

  /** Saves the documents whose text is back to what the disk holds (left dirty by the edits). */
  async function saveIfSame(docs: vscode.TextDocument[], originals: string[]): Promise<void> {
    for (const [i, doc] of docs.entries()) if (doc.isDirty && doc.getText() === originals[i]) await doc.save();
  }

  test('renaming a page updates its docs.json entries and the pages that link to it', async () => {
    const docs = await open('docs.json');
    const intro = await open('introduction.mdx');
    const quick = await open('quickstart.mdx');
    const originals = [docs.getText(), intro.getText(), quick.getText()];
    assert.equal(docs.getText().match(/"guides\/authentication"/g)?.length, 2);
    await vscode.window.showTextDocument(intro);
    await rename('guides/authentication.mdx', 'security/api-keys.mdx');
    await waitForDocument(
      docs,
      (d) => d.getText().match(/"security\/api-keys"/g)?.length === 2 && !d.getText().includes('guides/authentication'),
      20_000,
      'both nav entries moved',
    );
    await waitForDocument(intro, (d) => d.getText().includes('href="/security/api-keys"'), 20_000, 'the Card link moved');
    await waitForDocument(quick, (d) => d.getText().includes('[how authentication works](/security/api-keys)'), 20_000, 'the Markdown link moved');
    // The server sees the moved page and the edited buffers: nothing is broken.
    await waitForDiagnostics(intro.uri, (ds) => !ds.some((d) => diagnosticCode(d) === 'link-broken'), 20_000, 'no link-broken');
    await waitForDiagnostics(docs.uri, (ds) => !ds.some((d) => diagnosticCode(d) === 'nav-missing-page'), 20_000, 'no nav-missing-page');
    // And back: the same edits the other way round restore every text.
    await rename('security/api-keys.mdx', 'guides/authentication.mdx');
    await waitForDocument(docs, (d) => d.getText() === originals[0], 20_000, 'docs.json as it was');
    await waitForDocument(intro, (d) => d.getText() === originals[1], 20_000, 'introduction.mdx as it was');
    await waitForDocument(quick, (d) => d.getText() === originals[2], 20_000, 'quickstart.mdx as it was');
    await saveIfSame([docs, intro, quick], originals);
  });

  test('undo after a move puts the page back and every text it edited', async () => {
    const docs = await open('docs.json');
    const intro = await open('introduction.mdx');
    const quick = await open('quickstart.mdx');
    const originals = [docs.getText(), intro.getText(), quick.getText()];
    await vscode.window.showTextDocument(docs);
    await rename('guides/authentication.mdx', 'security/api-keys.mdx');
    await waitForDocument(docs, (d) => d.getText().match(/"security\/api-keys"/g)?.length === 2, 20_000, 'both nav entries moved');
    await waitForDocument(quick, (d) => d.getText().includes('(/security/api-keys)'), 20_000, 'the Markdown link moved');
    // Undo from an edited file undoes the whole move (VS Code may ask whether to undo it in every
    // file it touched: then the first answer, "in all files", is clicked).
    await vscode.window.showTextDocument(docs);
    void bridge('waitForWorkbench', { selector: '.monaco-dialog-box' }).then(
      () => bridge('clickWorkbench', { selector: '.monaco-dialog-box .dialog-buttons a.monaco-button >> nth=0' }),
      () => undefined,
    );
    await vscode.commands.executeCommand('undo');
    await waitForDocument(docs, (d) => d.getText() === originals[0], 20_000, 'docs.json as it was');
    await waitForDocument(intro, (d) => d.getText() === originals[1], 20_000, 'introduction.mdx as it was');
    await waitForDocument(quick, (d) => d.getText() === originals[2], 20_000, 'quickstart.mdx as it was');
    await vscode.workspace.fs.stat(at('guides/authentication.mdx'));
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(at('security/api-keys.mdx'))), 'the moved file is gone from its new place');
    await saveIfSame([docs, intro, quick], originals);
  });

  test('F2 on a heading renames it and every #anchor link to it', async () => {
    const notes = await open('guides/organizing-notes.mdx');
    // A page the test above did not move (the server may still be hearing of that move from the file watcher).
    const page = await open('quickstart.mdx');
    const originals = [notes.getText(), page.getText()];
    const editor = await vscode.window.showTextDocument(notes);
    const end = notes.positionAt(notes.getText().length);
    await editor.edit((b) => b.insert(end, '\nFirst [create a note](/quickstart#create-and-read-a-note).\n'));
    const heading = findRange(page, 'Create and read a note');
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      page.uri,
      heading.start.translate(0, 3),
      'Write your first note',
    );
    assert.ok(edit, 'a rename edit');
    const entries = edit.entries().map(([u, es]) => [vscode.workspace.asRelativePath(u), es.map((e) => e.newText)]);
    assert.deepEqual(entries.sort(), [
      ['guides/organizing-notes.mdx', ['write-your-first-note']],
      ['quickstart.mdx', ['Write your first note']],
    ]);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.match(page.getText(), /## Write your first note\n/);
    assert.match(notes.getText(), /\(\/quickstart#write-your-first-note\)/);
    await waitForDiagnostics(notes.uri, (ds) => !ds.some((d) => diagnosticCode(d) === 'link-broken'), 20_000, 'no link-broken');
    // Put both back.
    for (const [i, doc] of [notes, page].entries()) {
      const restore = new vscode.WorkspaceEdit();
      restore.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), originals[i]);
      assert.ok(await vscode.workspace.applyEdit(restore));
    }
    await saveIfSame([notes, page], originals);
  });
});

// Links in a real editor: completion of a page path and of an anchor of that page while typing a
// Markdown link, and the document links of a page (Ctrl+click). The page is put back as it was.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, editDocument, workspaceRoot } from './util';

suite('links in the editor', () => {
  const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);

  async function complete(doc: vscode.TextDocument): Promise<vscode.CompletionItem[]> {
    const end = doc.positionAt(doc.getText().length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, end);
    return list.items;
  }

  test('completes a page path and an anchor of that page in a link, and links the page to its targets', async () => {
    await activateExtension();
    const root = workspaceRoot();
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(root, 'quickstart.mdx'));
    await vscode.window.showTextDocument(doc);
    const original = doc.getText();
    try {
      // Ctrl+click targets: the Markdown link to the authentication guide opens that file.
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri);
      const at = original.indexOf('](/guides/authentication)') + 2;
      const link = links.find((l) => doc.offsetAt(l.range.start) === at);
      assert.ok(link, `a link at the authentication guide link; got ${links.map((l) => doc.getText(l.range)).join(', ')}`);
      assert.equal(doc.getText(link.range), '/guides/authentication');
      assert.equal(link.target?.fsPath, vscode.Uri.joinPath(root, 'guides/authentication.mdx').fsPath);

      // A path: the page's title comes as the detail.
      await editDocument(doc, original.length, 0, '\nSee [the keys](/guides/auth');
      const paths = await complete(doc);
      const page = paths.find((i) => labelOf(i) === '/guides/authentication');
      assert.ok(page, `"/guides/authentication" offered; got ${paths.map(labelOf).slice(0, 20).join(', ')}`);
      assert.equal(page.detail, 'Authenticate Acme Notes API requests with API keys');

      // An anchor of that page, in the page's heading order (its Steps have no titleSize, so no anchors, as the format renders them).
      await editDocument(doc, doc.getText().length, 0, 'entication#');
      const anchors = (await complete(doc)).filter((i) => i.kind === vscode.CompletionItemKind.Reference).map(labelOf);
      assert.deepEqual(anchors, [
        'prerequisites',
        'send-the-api-key',
        'bearer-token-recommended',
        'http-basic',
        'rotate-a-key-without-downtime',
        'troubleshooting',
      ]);
    } finally {
      await editDocument(doc, 0, doc.getText().length, original);
      if (doc.isDirty && doc.getText() === original) await doc.save();
    }
  });
});

// The `docwright.insertSnippet` command that the server's code actions name (the alt-text fix):
// the snippet goes into the document's editor, with the cursor in its placeholder.
import * as vscode from 'vscode';
import { INSERT_SNIPPET_COMMAND } from '../../server/src/hosts/lsp/protocol';

type LspRange = { start: { line: number; character: number }; end: { line: number; character: number } };

export function registerInsertSnippet(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(INSERT_SNIPPET_COMMAND, async (uri: string, range: LspRange, snippet: string) => {
      const target = vscode.Uri.parse(uri);
      const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target.toString());
      const editor = await vscode.window.showTextDocument(visible?.document ?? (await vscode.workspace.openTextDocument(target)), {
        viewColumn: visible?.viewColumn,
        preserveFocus: false,
      });
      const r = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
      return editor.insertSnippet(new vscode.SnippetString(snippet), r);
    }),
  );
}

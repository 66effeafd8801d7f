// After pages move (explorer drag, rename), the "ask" value of `docwright.moves.redirect`: offer to
// add redirects from the old URLs. The server computes the edit; "always" puts it in the move itself.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { MOVE_REDIRECTS_REQUEST, type MoveRedirectsParams, type RedirectSetting } from '../../server/src/hosts/lsp/protocol';

export function registerMoves(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): void {
  context.subscriptions.push(
    vscode.workspace.onDidRenameFiles(async (event) => {
      const c = client();
      const setting = vscode.workspace.getConfiguration('docwright.moves').get<RedirectSetting>('redirect', 'ask');
      if (!c || setting !== 'ask') return;
      const params: MoveRedirectsParams = { files: event.files.map((f) => ({ oldUri: f.oldUri.toString(), newUri: f.newUri.toString() })) };
      const edit = await c.sendRequest(MOVE_REDIRECTS_REQUEST, params);
      if (!edit) return;
      const add = 'Add Redirects';
      const always = 'Always';
      const never = 'Never';
      const answer = await vscode.window.showInformationMessage(
        'Pages moved. Add redirects from their old URLs to the new ones in docs.json?',
        add,
        always,
        never,
      );
      if (answer === never || answer === always)
        await vscode.workspace
          .getConfiguration('docwright.moves')
          .update('redirect', answer === always ? 'always' : 'never', vscode.ConfigurationTarget.Workspace);
      if (answer !== add && answer !== always) return;
      const converted = await c.protocol2CodeConverter.asWorkspaceEdit(edit as Parameters<typeof c.protocol2CodeConverter.asWorkspaceEdit>[0]);
      if (converted) await vscode.workspace.applyEdit(converted);
    }),
  );
}

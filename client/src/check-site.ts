// "Docwright: Check Site": every site of the workspace checked now, its counts told, the Problems
// view shown. The desktop's and the web's clients register it alike (the server answers in either).
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { CHECK_SITES_REQUEST, type CheckSitesResult } from '../../server/src/hosts/lsp/protocol';

export function registerCheckSite(context: vscode.ExtensionContext, client: () => BaseLanguageClient | undefined): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('docwright.checkSite', async (): Promise<CheckSitesResult | undefined> => {
      const running = client();
      if (!running) return undefined;
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Docwright: checking sites' }, () =>
        running.sendRequest<CheckSitesResult>(CHECK_SITES_REQUEST),
      );
      const summary =
        result.sites === 0
          ? 'Docwright found no docs.json or mint.json in this workspace.'
          : `Docwright checked ${result.sites} site(s), ${result.pages} pages: ${result.errors} errors, ${result.warnings} warnings, ${result.information} notices.`;
      void vscode.window.showInformationMessage(summary);
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      return result;
    }),
  );
}

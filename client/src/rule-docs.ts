// A problem's rule link opens the rule's page rendered (VS Code's Markdown preview of the page the
// extension ships in docs/rules/), not its source. The server links each diagnostic to that file;
// here the link is pointed at this extension's URI handler instead, which opens the preview. (The
// Problems panel and the hover open a link without running commands, so a `command:` link would not do.)
import * as vscode from 'vscode';

const RULE_PATH = /^\/rule\/([a-z0-9-]+)$/;

/** The link a diagnostic's rule code carries: `<scheme>://<extension id>/rule/<rule id>`. */
export function ruleLink(context: vscode.ExtensionContext, ruleId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: vscode.env.uriScheme, authority: context.extension.id, path: `/rule/${ruleId}` });
}

/** Opens rule links; returns the function that points a diagnostic's rule page at them. */
export function registerRuleDocs(context: vscode.ExtensionContext): (diagnostics: vscode.Diagnostic[]) => void {
  const rules = vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules');
  context.subscriptions.push(
    vscode.window.registerUriHandler({
      async handleUri(uri) {
        const id = RULE_PATH.exec(uri.path)?.[1];
        if (!id) return;
        const page = vscode.Uri.joinPath(rules, `${id}.md`);
        try {
          await vscode.workspace.fs.stat(page);
        } catch {
          void vscode.window.showWarningMessage(`Docwright has no page for the rule "${id}".`);
          return;
        }
        await vscode.commands.executeCommand('markdown.showPreview', page);
      },
    }),
  );
  return (diagnostics) => {
    for (const d of diagnostics) {
      if (d.source !== 'docwright' || typeof d.code !== 'object' || !d.code.target) continue;
      const m = /\/docs\/rules\/([a-z0-9-]+)\.md$/.exec(d.code.target.path);
      if (d.code.target.scheme === 'file' && m) d.code = { value: d.code.value, target: ruleLink(context, m[1]) };
    }
  };
}

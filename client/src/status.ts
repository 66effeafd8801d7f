// The status bar item: Docwright's problem counts over the workspace, and a click opens the
// Problems view. Shown while the workspace holds a site (a docs.json or mint.json), which it also
// publishes as the `docwright.hasSite` context key (the walkthrough's first step waits on it).
import * as vscode from 'vscode';
import { statusPresentation, type CheckProgress, type ProblemCounts } from './status-text';

const SOURCE = 'docwright';
const SITE_CONFIGS = '**/{docs,mint}.json';

export interface StatusBar {
  /** What the item shows now (for the in-editor tests). */
  shown(): { text: string; tooltip: string };
  /** The server's word on the first checks: under way (progress), or ended (undefined). */
  setChecking(progress: CheckProgress | undefined): void;
  /** Fires with what the item shows each time that changes (for the in-editor tests). */
  onDidChange: vscode.Event<{ text: string; tooltip: string }>;
}

export function registerStatusBar(context: vscode.ExtensionContext): StatusBar {
  const item = vscode.window.createStatusBarItem('docwright.problems', vscode.StatusBarAlignment.Left, 0);
  item.name = 'Docwright Problems';
  item.command = 'workbench.actions.view.problems';

  /** Counted problems per file (only files that have some). */
  const perFile = new Map<string, Omit<ProblemCounts, 'files'>>();
  let hasSite = false;
  /** Until the server says the first checks have ended, nothing is known: the item says it is checking. */
  let checking: CheckProgress | undefined = { done: 0, total: 0 };

  const countFile = (uri: vscode.Uri): void => {
    const c = { errors: 0, warnings: 0, notices: 0 };
    for (const d of vscode.languages.getDiagnostics(uri)) {
      if (d.source !== SOURCE) continue;
      if (d.severity === vscode.DiagnosticSeverity.Error) c.errors++;
      else if (d.severity === vscode.DiagnosticSeverity.Warning) c.warnings++;
      else if (d.severity === vscode.DiagnosticSeverity.Information) c.notices++;
    }
    if (c.errors + c.warnings + c.notices > 0) perFile.set(uri.toString(), c);
    else perFile.delete(uri.toString());
  };

  const changed = new vscode.EventEmitter<{ text: string; tooltip: string }>();
  const render = (): void => {
    const total: ProblemCounts = { errors: 0, warnings: 0, notices: 0, files: perFile.size };
    for (const c of perFile.values()) {
      total.errors += c.errors;
      total.warnings += c.warnings;
      total.notices += c.notices;
    }
    const { text, tooltip } = statusPresentation(total, checking);
    const changes = text !== item.text || tooltip !== item.tooltip;
    item.text = text;
    item.tooltip = tooltip;
    // After the item shows it: a listener that reads shown() sees the new text.
    if (changes) changed.fire({ text, tooltip });
    if (hasSite || perFile.size > 0) item.show();
    else item.hide();
  };

  const findSites = async (): Promise<void> => {
    const found = (await vscode.workspace.findFiles(SITE_CONFIGS, '**/node_modules/**', 1)).length > 0;
    if (found !== hasSite) {
      hasSite = found;
      await vscode.commands.executeCommand('setContext', 'docwright.hasSite', found);
    }
    render();
  };

  // Only the files whose diagnostics changed are counted again.
  for (const [uri] of vscode.languages.getDiagnostics()) countFile(uri);
  const watcher = vscode.workspace.createFileSystemWatcher(SITE_CONFIGS, false, true, false);
  context.subscriptions.push(
    item,
    changed,
    watcher,
    vscode.languages.onDidChangeDiagnostics((e) => {
      for (const uri of e.uris) countFile(uri);
      render();
    }),
    watcher.onDidCreate(() => void findSites()),
    watcher.onDidDelete(() => void findSites()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void findSites()),
  );
  void vscode.commands.executeCommand('setContext', 'docwright.hasSite', false);
  void findSites();
  return {
    onDidChange: changed.event,
    shown: () => ({ text: item.text, tooltip: typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '') }),
    setChecking(progress) {
      const ended = checking && !progress;
      checking = progress;
      // The diagnostics published just before the end may not have been counted yet (their events are batched).
      if (ended) for (const [uri] of vscode.languages.getDiagnostics()) countFile(uri);
      render();
    },
  };
}

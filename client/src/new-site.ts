// "Docwright: New Site": writes the core's scaffold (server/src/scaffold.ts: a docs.json and an
// introduction page that every check passes) into an empty folder. The workspace folder when it
// is empty, else a folder the user picks. Never overwrites a file.
import * as vscode from 'vscode';
import { newSiteFiles, scaffoldConflicts, siteNameFromFolder } from '../../server/src/scaffold';
import { exists } from './fs';

export interface NewSiteOptions {
  /** Open the new introduction page (default true). */
  open?: boolean;
}

export interface NewSiteResult {
  folder: vscode.Uri;
  files: vscode.Uri[];
}

/** Folder entries that do not count against "empty" (VS Code and git metadata, dotfiles). */
const isHidden = (name: string): boolean => name.startsWith('.');

async function entriesOf(folder: vscode.Uri): Promise<string[] | undefined> {
  try {
    return (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
  } catch {
    return undefined; // missing
  }
}

async function chooseFolder(): Promise<vscode.Uri | undefined> {
  for (const wf of vscode.workspace.workspaceFolders ?? []) {
    const entries = await entriesOf(wf.uri);
    if (entries && entries.every(isHidden)) return wf.uri;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: 'Create Site Here',
    title: 'Docwright: New Site — choose an empty folder',
  });
  return picked?.[0];
}

export async function newSite(target?: vscode.Uri, options: NewSiteOptions = {}): Promise<NewSiteResult | undefined> {
  const folder = target ?? (await chooseFolder());
  if (!folder) return undefined;
  const name = siteNameFromFolder(folder.path.split('/').filter(Boolean).pop() ?? '');
  const files = newSiteFiles(name);
  const entries = (await entriesOf(folder)) ?? [];
  const conflicts = scaffoldConflicts(entries, files);
  if (conflicts.length) {
    void vscode.window.showErrorMessage(
      `Docwright: ${folder.fsPath} already has ${conflicts.join(', ')}. New Site never overwrites files: choose an empty folder.`,
    );
    return undefined;
  }
  if (!entries.every(isHidden)) {
    // Every Markdown file in the folder would become a page of the site: make sure that is meant.
    const go = await vscode.window.showWarningMessage(
      `${folder.fsPath} is not empty. Create the site here anyway? Its Markdown files become pages of the site.`,
      { modal: true },
      'Create Here',
    );
    if (go !== 'Create Here') return undefined;
  }
  await vscode.workspace.fs.createDirectory(folder);
  const written: vscode.Uri[] = [];
  for (const f of files) {
    const uri = vscode.Uri.joinPath(folder, ...f.path.split('/'));
    if (await exists(uri)) {
      // Created since the folder was read: stop rather than overwrite.
      void vscode.window.showErrorMessage(`Docwright: ${uri.fsPath} appeared while the site was being created; it was left as it is.`);
      return { folder, files: written };
    }
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(f.text));
    written.push(uri);
  }

  const page = written.find((u) => u.path.endsWith('.mdx'));
  const inWorkspace = vscode.workspace.getWorkspaceFolder(folder) !== undefined;
  if (options.open !== false) {
    if (inWorkspace && page) {
      await vscode.window.showTextDocument(page);
    } else {
      void vscode.window.showInformationMessage(`Docwright created a site in ${folder.fsPath}.`, 'Open Folder').then((choice) => {
        if (choice) void vscode.commands.executeCommand('vscode.openFolder', folder);
      });
    }
  }
  return { folder, files: written };
}

export function registerNewSite(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand('docwright.newSite', (target?: vscode.Uri, options?: NewSiteOptions) => newSite(target, options)));
}

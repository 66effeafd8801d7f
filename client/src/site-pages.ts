// The `docwright.sitePages` context key: the paths of the open Markdown (`.md`) documents that lie
// inside a site (a folder with docs.json or mint.json). package.json's `when` clauses test
// `resourcePath in docwright.sitePages`, so Docwright's preview command, keybinding and title
// button take over `.md` pages of a site and leave other Markdown files to VS Code's own preview.
import * as path from 'node:path';
import * as vscode from 'vscode';

const SITE_CONFIGS = '**/{docs,mint}.json';
export const SITE_PAGES_CONTEXT = 'docwright.sitePages';

/** The published key (for the in-editor tests, which wait for it before pressing a key). */
export interface SitePages {
  current(): readonly string[];
  /** Fires once the context key holds a new list. */
  readonly onDidPublish: vscode.Event<readonly string[]>;
}

export function registerSitePages(context: vscode.ExtensionContext): SitePages {
  let roots: string[] = [];
  let published = '';
  let current: readonly string[] = [];
  const emitter = new vscode.EventEmitter<readonly string[]>();

  const publish = (): void => {
    const pages = vscode.workspace.textDocuments
      .filter((d) => d.uri.scheme === 'file' && /\.md$/i.test(d.uri.path) && roots.some((root) => d.uri.fsPath.startsWith(root + path.sep)))
      .map((d) => d.uri.fsPath)
      .sort();
    const key = pages.join('\n');
    if (key === published) return;
    published = key;
    void vscode.commands.executeCommand('setContext', SITE_PAGES_CONTEXT, pages).then(() => {
      if (published !== key) return;
      current = pages;
      emitter.fire(pages);
    });
  };

  const findRoots = async (): Promise<void> => {
    const configs = await vscode.workspace.findFiles(SITE_CONFIGS, '**/node_modules/**');
    roots = configs.map((u) => vscode.Uri.joinPath(u, '..').fsPath);
    publish();
  };

  const watcher = vscode.workspace.createFileSystemWatcher(SITE_CONFIGS, false, true, false);
  context.subscriptions.push(
    emitter,
    watcher,
    watcher.onDidCreate(() => void findRoots()),
    watcher.onDidDelete(() => void findRoots()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void findRoots()),
    vscode.workspace.onDidOpenTextDocument(publish),
    vscode.workspace.onDidCloseTextDocument(publish),
    vscode.workspace.onDidRenameFiles(publish),
  );
  void findRoots();
  return { current: () => current, onDidPublish: emitter.event };
}

// The `docwright.sitePages` context key: the paths of the open Markdown (`.md`) documents that lie
// inside a site (a folder with docs.json or mint.json). package.json's `when` clauses test
// `resourcePath in docwright.sitePages`, so Docwright's preview command, keybinding and title
// button take over `.md` pages of a site and leave other Markdown files to VS Code's own preview.
// By URI, not file path: the same code serves the web extension (vscode-vfs, vscode-remote folders).
import * as vscode from 'vscode';

const SITE_CONFIGS = '**/{docs,mint}.json';
export const SITE_PAGES_CONTEXT = 'docwright.sitePages';

/** The published key (for the in-editor tests, which wait for it before pressing a key). */
export interface SitePages {
  current(): readonly string[];
  /** Fires once the context key holds a new list. */
  readonly onDidPublish: vscode.Event<readonly string[]>;
}

/** What VS Code's `resourcePath` context key holds for `uri`: a file's path on disk, else the URI's path. */
export function resourcePath(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.path;
}

export function registerSitePages(context: vscode.ExtensionContext): SitePages {
  /** Each site's folder, as a URI ending in `/`. */
  let roots: string[] = [];
  let published = '';
  let current: readonly string[] = [];
  const emitter = new vscode.EventEmitter<readonly string[]>();

  const publish = (): void => {
    const pages = vscode.workspace.textDocuments
      .filter((d) => /\.md$/i.test(d.uri.path) && roots.some((root) => d.uri.toString().startsWith(root)))
      .map((d) => resourcePath(d.uri))
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
    roots = configs.map((u) => vscode.Uri.joinPath(u, '..').toString().replace(/\/?$/, '/'));
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

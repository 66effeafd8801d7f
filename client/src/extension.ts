// The extension's entry point: starts the Docwright language server and wires commands.
// The client owns no documentation logic; it asks the server.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { CHECK_STATUS_NOTIFICATION, type CheckStatusParams, SITE_CHANGED_NOTIFICATION, type SiteChangedParams } from '../../server/src/hosts/lsp/protocol';
import { registerCheckSite } from './check-site';
import { registerExport } from './export';
import { registerNewSite } from './new-site';
import { registerMigrate } from './migrate';
import { registerMoves } from './moves';
import { createOutputChannels } from './output';
import { type PreviewManager, registerPreview } from './preview';
import { registerRuleDocs } from './rule-docs';
import { registerSitePages, type SitePages } from './site-pages';
import { registerInsertSnippet } from './snippets';
import { registerStatusBar } from './status';

let client: LanguageClient | undefined;

/** What activate() returns: used by the in-editor tests to wait on the preview and read the status bar. */
export interface DocwrightApi {
  preview: PreviewManager;
  /** The status bar item's text and tooltip as shown now. */
  status(): { text: string; tooltip: string };
  /** The open `.md` documents inside a site, as the `docwright.sitePages` context key holds them. */
  sitePages: SitePages;
  /** Fires with the status bar item's text and tooltip each time they change. */
  onStatus: vscode.Event<{ text: string; tooltip: string }>;
}

export async function activate(context: vscode.ExtensionContext): Promise<DocwrightApi> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const linkRuleDocs = registerRuleDocs(context);
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'json', pattern: '**/{docs,mint}.json' },
      { scheme: 'file', language: 'jsonc', pattern: '**/{docs,mint}.json' },
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', language: 'mdx' },
    ],
    synchronize: {
      configurationSection: 'docwright',
      // Every file and folder: pages may name any file, and a moved or deleted folder is reported once, as a folder.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*'),
    },
    // The server keeps its check cache there (a workspace's storage, else the extension's).
    initializationOptions: { storage: (context.storageUri ?? context.globalStorageUri).fsPath, clientWatchesFiles: true },
    ...createOutputChannels(context),
    middleware: {
      handleDiagnostics: (uri, diagnostics, next) => {
        linkRuleDocs(diagnostics);
        next(uri, diagnostics);
      },
    },
  };
  client = new LanguageClient('docwright', 'Docwright', serverOptions, clientOptions);

  const preview = registerPreview(context, () => client);
  const status = registerStatusBar(context);
  client.onNotification(SITE_CHANGED_NOTIFICATION, (params: SiteChangedParams) => preview.siteChanged(params));
  client.onNotification(CHECK_STATUS_NOTIFICATION, (params: CheckStatusParams) =>
    status.setChecking(params.checking > 0 ? { done: params.done, total: params.total } : undefined),
  );
  registerNewSite(context);
  registerMigrate(context, () => client);
  registerExport(context, () => client);
  registerCheckSite(context, () => client);
  registerMoves(context, () => client);
  const sitePages = registerSitePages(context);
  registerInsertSnippet(context);
  void vscode.commands.executeCommand('setContext', 'docwright.active', true);

  context.subscriptions.push(
    vscode.commands.registerCommand('docwright.showOutput', () => client?.outputChannel.show(true)),
    vscode.commands.registerCommand('docwright.restartServer', async () => {
      status.setChecking({ done: 0, total: 0 }); // a new server checks every site first
      await client?.restart();
    }),
  );
  await client.start();
  return { preview, status: status.shown, sitePages, onStatus: status.onDidChange };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

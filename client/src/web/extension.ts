// The web extension's entry point (package.json `browser`: vscode.dev, github.dev, or any editor
// that runs Docwright in its web worker extension host). It starts the language server as a web
// worker (dist/web/server.js, server/src/hosts/web/main.ts), answers its workspace requests from
// `vscode.workspace.fs`, and registers what of the client runs without Node; every other command
// says why it is not there instead of failing.
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient, type LanguageClientOptions, type MessageTransports } from 'vscode-languageclient/browser';
import { CHECK_STATUS_NOTIFICATION, type CheckStatusParams, SITE_CHANGED_NOTIFICATION, type SiteChangedParams } from '../../../server/src/hosts/lsp/protocol';
import { registerCheckSite } from '../check-site';
import { registerNewSite } from '../new-site';
import { createOutputChannels } from '../output';
import { registerPreview } from '../preview';
import { registerRuleDocs } from '../rule-docs';
import { registerSitePages } from '../site-pages';
import { registerInsertSnippet } from '../snippets';
import { registerStatusBar } from '../status';
import { UNAVAILABLE_ON_WEB } from './unavailable';
import { answeringWorkspaceRequests, workspaceAnswers, type FileReader } from './workspace-requests';

// The web worker extension host's globals (the client's tsconfig has no DOM lib).
interface WebWorker {
  terminate(): void;
}
declare const Worker: new (url: string, options?: { name?: string }) => WebWorker;
declare const Blob: new (parts: string[], options?: { type?: string }) => object;
declare const URL: { createObjectURL(blob: object): string };

let client: LanguageClient | undefined;
/** The server's worker now, ended with the client (a restart starts another). */
let worker: WebWorker | undefined;

/** The editor's file system with URIs as strings. */
const editorFiles: FileReader = {
  readFile: (uri) => Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.parse(uri))),
  readDirectory: (uri) => Promise.resolve(vscode.workspace.fs.readDirectory(vscode.Uri.parse(uri))),
  stat: (uri) => Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.parse(uri))),
};

/** The workspace's folders as URI strings, as the server's requests write them. */
const workspaceFolderUris = (): string[] => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString());

/** The URL a browser loads `uri` from: the extension host's fetch translates `vscode-remote:` URIs. */
async function browserUrl(uri: vscode.Uri): Promise<string | undefined> {
  const response = await fetch(uri.toString(true));
  void response.body?.cancel(); // only its URL is wanted
  return response.ok ? response.url : undefined;
}

/**
 * The server's worker. From an extension installed on a remote (code-server) the extension host
 * creates no worker: its URI is `vscode-remote:`, whose browser URL holds the file's path in its
 * query, against which the server's relative load of the shared core (dist/core.js) would not
 * resolve; a worker of the same origin then loads the core and the server by their own URLs.
 */
async function startWorker(extension: vscode.Uri): Promise<WebWorker> {
  const script = vscode.Uri.joinPath(extension, 'dist', 'web', 'server.js');
  const name = 'Docwright language server';
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true), { name });
  const [core, server] = await Promise.all([browserUrl(vscode.Uri.joinPath(extension, 'dist', 'core.js')), browserUrl(script)]);
  if (!server) throw new Error(`Docwright could not load its language server (${script.toString(true)})`);
  const load = `importScripts(${[core, server]
    .filter((u) => u !== undefined)
    .map((u) => JSON.stringify(u))
    .join(', ')});`;
  return new Worker(URL.createObjectURL(new Blob([load], { type: 'text/javascript' })), { name });
}

/** The client's transports over a new worker, with the workspace requests answered in them. */
async function serverTransports(extension: vscode.Uri): Promise<MessageTransports> {
  worker?.terminate();
  worker = await startWorker(extension);
  const port = worker as ConstructorParameters<typeof BrowserMessageReader>[0];
  return answeringWorkspaceRequests(
    { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) },
    workspaceAnswers(editorFiles, workspaceFolderUris),
  );
}

async function stopServer(): Promise<void> {
  await client?.stop();
  worker?.terminate();
  worker = undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const linkRuleDocs = registerRuleDocs(context);
  // The workspace's own schemes (vscode-vfs on github.dev, vscode-remote on a remote): never git: or untitled: copies.
  const schemes = [...new Set((vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.scheme))];
  const documentSelector = (schemes.length > 0 ? schemes : ['vscode-vfs']).flatMap((scheme) => [
    { scheme, language: 'json', pattern: '**/{docs,mint}.json' },
    { scheme, language: 'jsonc', pattern: '**/{docs,mint}.json' },
    { scheme, language: 'markdown' },
    { scheme, language: 'mdx' },
  ]);
  const clientOptions: LanguageClientOptions = {
    documentSelector,
    synchronize: {
      configurationSection: 'docwright',
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*'),
    },
    ...createOutputChannels(context),
    middleware: {
      handleDiagnostics: (uri, diagnostics, next) => {
        linkRuleDocs(diagnostics);
        next(uri, diagnostics);
      },
    },
  };
  client = new LanguageClient('docwright', 'Docwright', () => serverTransports(context.extensionUri), clientOptions);

  const status = registerStatusBar(context);
  client.onNotification(CHECK_STATUS_NOTIFICATION, (params: CheckStatusParams) =>
    status.setChecking(params.checking > 0 ? { done: params.done, total: params.total } : undefined),
  );
  const preview = registerPreview(context, () => client);
  // `.md` pages of a site get Docwright's preview button and keys (package.json's `when` clauses).
  registerSitePages(context);
  client.onNotification(SITE_CHANGED_NOTIFICATION, (params: SiteChangedParams) => preview.siteChanged(params));
  registerNewSite(context);
  registerCheckSite(context, () => client);
  registerInsertSnippet(context);
  void vscode.commands.executeCommand('setContext', 'docwright.active', true);

  context.subscriptions.push(
    vscode.commands.registerCommand('docwright.showOutput', () => client?.outputChannel.show(true)),
    vscode.commands.registerCommand('docwright.restartServer', async () => {
      status.setChecking({ done: 0, total: 0 });
      // The browser's client has no restart(): a new worker, which checks every site again.
      await stopServer();
      await client?.start();
    }),
    ...Object.entries(UNAVAILABLE_ON_WEB).map(([command, why]) =>
      vscode.commands.registerCommand(command, () => {
        void vscode.window.showInformationMessage(why);
        return why; // what the user was told, for a caller (the web suite runs it from another extension host)
      }),
    ),
  );
  await client.start();
  client.outputChannel.appendLine('Docwright for the web: the language server runs in a web worker; commands that need Node say so when run.');
}

export async function deactivate(): Promise<void> {
  await stopServer();
  client = undefined;
}

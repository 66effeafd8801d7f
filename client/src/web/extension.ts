// The web extension's entry point (package.json `browser`: vscode.dev, github.dev, or any editor
// that runs Docwright in its web worker extension host). It starts the language server as a web
// worker (dist/web/server.js, server/src/hosts/web/main.ts), answers its workspace requests from
// `vscode.workspace.fs`, and registers what of the client runs without Node; every other command
// says why it is not there instead of failing.
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient, type LanguageClientOptions, type MessageTransports } from 'vscode-languageclient/browser';
import { CHECK_STATUS_NOTIFICATION, type CheckStatusParams } from '../../../server/src/hosts/lsp/protocol';
import { registerNewSite } from '../new-site';
import { createOutputChannels } from '../output';
import { registerRuleDocs } from '../rule-docs';
import { registerInsertSnippet } from '../snippets';
import { registerStatusBar } from '../status';
import { UNAVAILABLE_ON_WEB } from './unavailable';
import { KIND_OF_REQUEST, LIST_FILES_REQUEST, READ_FILE_REQUEST, workspaceAnswers, type FileReader } from './workspace-requests';

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

/**
 * The server's worker. An extension installed on a remote (code-server) has a `vscode-remote:`
 * URI, from which the extension host creates no worker; its `fetch` does read such URIs, so the
 * script then starts from a blob of the same origin.
 */
async function startWorker(script: vscode.Uri): Promise<WebWorker> {
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true), { name: 'Docwright language server' });
  const response = await fetch(script.toString(true));
  if (!response.ok) throw new Error(`Docwright could not load its language server (${script.toString(true)}: HTTP ${response.status})`);
  const blob = new Blob([await response.text()], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(blob), { name: 'Docwright language server' });
}

/** The client's transports over a new worker (the client's own `instanceof Worker` fails on the host's wrapped Worker). */
async function serverTransports(script: vscode.Uri): Promise<MessageTransports> {
  worker?.terminate();
  worker = await startWorker(script);
  const port = worker as ConstructorParameters<typeof BrowserMessageReader>[0];
  return { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) };
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
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
  client = new LanguageClient('docwright', 'Docwright', () => serverTransports(script), clientOptions);

  const answers = workspaceAnswers(editorFiles);
  client.onRequest(READ_FILE_REQUEST, answers.readFile);
  client.onRequest(LIST_FILES_REQUEST, answers.listFiles);
  client.onRequest(KIND_OF_REQUEST, answers.kindOf);
  const status = registerStatusBar(context);
  client.onNotification(CHECK_STATUS_NOTIFICATION, (params: CheckStatusParams) =>
    status.setChecking(params.checking > 0 ? { done: params.done, total: params.total } : undefined),
  );
  registerNewSite(context);
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
      vscode.commands.registerCommand(command, () => void vscode.window.showInformationMessage(why)),
    ),
  );
  await client.start();
  client.outputChannel.appendLine('Docwright for the web: the language server runs in a web worker; commands that need Node say so when run.');
}

export async function deactivate(): Promise<void> {
  await stopServer();
  client = undefined;
}

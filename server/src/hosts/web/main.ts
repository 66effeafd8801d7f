// The language server of the web extension (vscode.dev, github.dev): a web worker speaking LSP over
// postMessage, another host of the facade. It has no disk: the workspace is read through the client
// (client-workspace.ts); page code does not run and the first check runs on this thread.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/browser';
import { createDocwright, type CheckSession, type Docwright } from '../../docwright';
import type { Finding, Severity } from '../../types';
import { ClientWorkspace } from './client-workspace';

// The worker's global scope (the server's tsconfig has no webworker lib).
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

// Workspace folders arrive as URIs; the core speaks POSIX paths, so the web host keeps to URIs' paths.
const uriPath = (uri: string) => decodeURIComponent(new URL(uri).pathname);
const pathUri = (scheme: string, authority: string, p: string) => `${scheme}://${authority}${p.split('/').map(encodeURIComponent).join('/')}`;

function toDiagnostic(f: Finding): Diagnostic {
  return { range: f.range, severity: SEVERITY[f.severity], code: f.ruleId, source: 'docwright', message: f.message };
}

const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self));
let session: CheckSession | undefined;
let docwright: Docwright | undefined;

connection.onInitialize((params) => {
  const first = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? 'vscode-vfs://workspace/';
  const base = new URL(first);
  const scheme = base.protocol.slice(0, -1);
  const toUri = (p: string) => pathUri(scheme, base.host, p);
  const folders = (params.workspaceFolders ?? []).map((f) => uriPath(f.uri));
  const workspace = new ClientWorkspace(connection, toUri, uriPath, (p) => session?.textOf(p));
  docwright = createDocwright({ workspace, folders });
  const ready = docwright.project.scan();
  session = docwright.session(
    {
      timers: { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined) },
      delays: { check: 60, page: 15, siteRecheck: 600 },
      lateDiskEvents: true,
      publish: (p, list) => void connection.sendDiagnostics({ uri: toUri(p), diagnostics: list.map(toDiagnostic) }),
      checkOptions: () => ({}),
      log: (m) => connection.console.log(m),
    },
    ready,
  );
  return { capabilities: { textDocumentSync: 2 }, serverInfo: { name: 'docwright' } };
});

connection.onInitialized(() => void session?.start());
connection.onDidOpenTextDocument((e) => void session?.changed(uriPath(e.textDocument.uri), e.textDocument.text, e.textDocument.version));
connection.onDidChangeTextDocument((e) => {
  const whole = e.contentChanges.at(-1);
  if (whole && !('range' in whole)) void session?.changed(uriPath(e.textDocument.uri), whole.text, e.textDocument.version);
});
connection.onDidCloseTextDocument((e) => void session?.closed(uriPath(e.textDocument.uri)));
connection.listen();

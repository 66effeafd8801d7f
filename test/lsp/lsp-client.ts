// A minimal LSP client for tests: starts the real bundled server over stdio.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeSiteToDisk } from '../helpers';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { type Diagnostic, FileChangeType, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { IDLE_REQUEST, type InitializationOptions } from '../../server/src/hosts/lsp/protocol';
import { URI } from 'vscode-uri';

export const SERVER = path.resolve(__dirname, '../../dist/server.js');

export class TestClient {
  readonly connection: MessageConnection;
  private readonly proc: ChildProcess;
  private readonly diagnostics = new Map<string, Diagnostic[]>();
  private readonly waiters: { uri: string; test: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  readonly logs: string[] = [];

  constructor() {
    this.proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.connection = createMessageConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      for (const w of [...this.waiters]) {
        if (w.uri === p.uri && w.test(p.diagnostics)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(p.diagnostics);
        }
      }
    });
    this.connection.onNotification('window/logMessage', (p: { message: string }) => {
      this.logs.push(p.message);
    });
    this.connection.listen();
  }

  async initialize(folder: string, initializationOptions?: InitializationOptions, textDocument?: object): Promise<void> {
    await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri(folder),
      capabilities: { workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } }, ...(textDocument ? { textDocument } : {}) },
      workspaceFolders: [{ uri: uri(folder), name: 'site' }],
      initializationOptions,
    });
    await this.connection.sendNotification('initialized', {});
  }

  open(file: string, text: string, languageId = 'json'): void {
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(file), languageId, version: 1, text } });
  }

  change(file: string, version: number, text: string): void {
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(file), version }, contentChanges: [{ text }] });
  }

  close(file: string): void {
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri(file) } });
  }

  /** `workspace/didChangeWatchedFiles`, as the editor's file watcher reports changes on disk. */
  watched(changes: { path: string; type: 'created' | 'changed' | 'deleted' }[]): void {
    const type = { created: FileChangeType.Created, changed: FileChangeType.Changed, deleted: FileChangeType.Deleted };
    void this.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: changes.map((c) => ({ uri: uri(c.path), type: type[c.type] })) });
  }

  /** `workspace/didRenameFiles`, as the editor sends after it renamed files or folders. */
  renamed(files: { from: string; to: string }[]): void {
    void this.connection.sendNotification('workspace/didRenameFiles', { files: files.map((f) => ({ oldUri: uri(f.from), newUri: uri(f.to) })) });
  }

  /** Resolves once the server has no check pending or running (needs the server's `docwright/idle`). */
  async idle(): Promise<void> {
    await this.connection.sendRequest(IDLE_REQUEST);
  }

  /** The diagnostics last published, per file path, for the files that have some. */
  published(): Map<string, Diagnostic[]> {
    const out = new Map<string, Diagnostic[]>();
    for (const [u, list] of this.diagnostics) if (list.length) out.set(URI.parse(u).fsPath, list);
    return out;
  }

  /** Resolves with the first published diagnostics of `file` that pass `test` (or the current ones). */
  waitForDiagnostics(file: string, test: (d: Diagnostic[]) => boolean = () => true, timeoutMs = 30_000): Promise<Diagnostic[]> {
    const u = uri(file);
    const current = this.diagnostics.get(u);
    if (current && test(current)) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no matching diagnostics for ${file} within ${timeoutMs} ms; last: ${JSON.stringify(this.diagnostics.get(u))}; server log: ${JSON.stringify(this.logs.slice(-8))}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({ uri: u, test, resolve: (d) => (clearTimeout(timer), resolve(d)) });
    });
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } finally {
      this.connection.dispose();
      this.proc.kill();
    }
  }
}

export function uri(file: string): string {
  return URI.file(file).toString();
}

/** Writes a site to a fresh temporary folder and starts the server on it (`textDocument`: client capabilities beyond the defaults). */
export async function startOnSite(
  files: Record<string, string>,
  initializationOptions?: InitializationOptions,
  textDocument?: object,
): Promise<{ dir: string; client: TestClient; dispose(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docwright-lsp-'));
  writeSiteToDisk(dir, files);
  const client = new TestClient();
  await client.initialize(dir, initializationOptions, textDocument);
  return {
    dir,
    client,
    async dispose() {
      await client.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

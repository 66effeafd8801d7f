// The web host's workspace: a browser has no disk, so files are read through the client, which
// answers from `vscode.workspace.fs` (the requests below); the editor's open texts stand for theirs.
import type { Connection } from 'vscode-languageserver/browser';
import { isSkippedFolder, type Workspace } from '../../workspace';

/** The client's answers: a file's text (null: none), a folder's files (URIs), a path's kind (null: none). */
export const READ_FILE_REQUEST = 'docwright/web/readFile';
export const LIST_FILES_REQUEST = 'docwright/web/listFiles';
export const KIND_OF_REQUEST = 'docwright/web/kindOf';

export class ClientWorkspace implements Workspace {
  constructor(
    private readonly connection: Connection,
    private readonly toUri: (path: string) => string,
    private readonly toPath: (uri: string) => string,
    private readonly openText: (path: string) => string | undefined,
  ) {}

  async readFile(path: string): Promise<string | undefined> {
    const open = this.openText(path);
    if (open !== undefined) return open;
    const text = await this.connection.sendRequest<string | null>(READ_FILE_REQUEST, { uri: this.toUri(path) });
    return text ?? undefined;
  }

  async listFiles(root: string): Promise<string[]> {
    const uris = await this.connection.sendRequest<string[]>(LIST_FILES_REQUEST, { uri: this.toUri(root) });
    const out = uris.map(this.toPath).filter((p) => {
      const rel = p.startsWith(root + '/') ? p.slice(root.length + 1) : undefined;
      return rel !== undefined && !rel.split('/').slice(0, -1).some(isSkippedFolder);
    });
    return out.sort();
  }

  async kindOf(path: string): Promise<'file' | 'folder' | undefined> {
    if (this.openText(path) !== undefined) return 'file';
    return (await this.connection.sendRequest<'file' | 'folder' | null>(KIND_OF_REQUEST, { uri: this.toUri(path) })) ?? undefined;
  }
}

// The web extension's answers to its language server's workspace requests: a browser has no disk,
// so the server (server/src/hosts/web/client-workspace.ts) reads files through these, which the
// client answers from `vscode.workspace.fs` (the editor's file system: vscode-vfs on github.dev,
// the remote's on code-server). Kept free of `vscode` values so that unit tests run them on a map.
import type { MessageReader, MessageTransports, RequestMessage, ResponseMessage } from 'vscode-languageclient/browser';

/** The server's request names (server/src/hosts/web/client-workspace.ts; test/unit/web-client.test.ts keeps them equal). */
export const READ_FILE_REQUEST = 'docwright/web/readFile';
export const LIST_FILES_REQUEST = 'docwright/web/listFiles';
export const KIND_OF_REQUEST = 'docwright/web/kindOf';

/** The bits of vscode.FileType. */
export const FILE = 1;
export const DIRECTORY = 2;
export const SYMBOLIC_LINK = 64;

/** What the answers use of `vscode.workspace.fs`, with URIs as strings. */
export interface FileReader {
  readFile(uri: string): Promise<Uint8Array>;
  /** [name, vscode.FileType bits] of a folder's entries. */
  readDirectory(uri: string): Promise<[string, number][]>;
  /** vscode.FileType bits (links followed). */
  stat(uri: string): Promise<{ type: number }>;
}

/** Folder names never walked, as the core's `isSkippedFolder` (server/src/workspace.ts): dependencies and dot-folders. */
export const isSkippedFolder = (name: string): boolean => name.startsWith('.') || name === 'node_modules';

const child = (folder: string, name: string): string => `${folder.replace(/\/+$/, '')}/${encodeURIComponent(name)}`;

/**
 * Whether `uri` names a folder of `folders` (URIs) or something under it: same scheme and authority,
 * and no `..` segment, written or percent-encoded, to climb out. The server asks only for its
 * site's files; a page that names a path outside is answered as a missing file.
 */
export function insideFolders(uri: string, folders: readonly string[]): boolean {
  let path: string;
  try {
    path = decodeURIComponent(uri.replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, ''));
  } catch {
    return false; // a malformed escape
  }
  if (path.split('/').includes('..')) return false;
  return folders.some((f) => {
    const folder = f.replace(/\/+$/, '');
    return uri === folder || uri.startsWith(folder + '/');
  });
}

export function workspaceAnswers(
  fs: FileReader,
  folders: () => readonly string[],
): {
  readFile(params: { uri: string }): Promise<string | null>;
  listFiles(params: { uri: string }): Promise<string[]>;
  kindOf(params: { uri: string }): Promise<'file' | 'folder' | null>;
} {
  const decoder = new TextDecoder('utf-8');
  return {
    async readFile({ uri }) {
      if (!insideFolders(uri, folders())) return null;
      try {
        return decoder.decode(await fs.readFile(uri));
      } catch {
        return null; // missing or a folder: the core reads "no such file"
      }
    },
    async listFiles({ uri }) {
      const files: string[] = [];
      if (!insideFolders(uri, folders())) return files;
      const walk = async (folder: string): Promise<void> => {
        let entries: [string, number][];
        try {
          entries = await fs.readDirectory(folder);
        } catch {
          return; // gone or unreadable: no files
        }
        const folders: string[] = [];
        for (const [name, type] of entries) {
          if (type & DIRECTORY) {
            // A linked folder is not walked: a link to an ancestor would never end.
            if (!(type & SYMBOLIC_LINK) && !isSkippedFolder(name)) folders.push(child(folder, name));
          } else if (type & FILE) files.push(child(folder, name));
        }
        await Promise.all(folders.map(walk));
      };
      await walk(uri);
      return files.sort();
    },
    async kindOf({ uri }) {
      if (!insideFolders(uri, folders())) return null;
      try {
        const { type } = await fs.stat(uri);
        return type & DIRECTORY ? 'folder' : type & FILE ? 'file' : null;
      } catch {
        return null;
      }
    },
  };
}

type Answers = ReturnType<typeof workspaceAnswers>;

/**
 * The worker's transports with the workspace requests answered in them, before the language
 * client sees a message: the server reads the site while it answers `initialize`, and the client
 * registers its own request handlers only once `initialize` has been answered.
 */
export function answeringWorkspaceRequests(transports: MessageTransports, answers: Answers): MessageTransports {
  const { reader, writer } = transports;
  const handlers: Record<string, ((params: { uri: string }) => Promise<unknown>) | undefined> = {
    [READ_FILE_REQUEST]: answers.readFile,
    [LIST_FILES_REQUEST]: answers.listFiles,
    [KIND_OF_REQUEST]: answers.kindOf,
  };
  const answering: MessageReader = {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    listen: (callback) =>
      reader.listen((message) => {
        const request = message as Partial<RequestMessage>;
        const handler = typeof request.method === 'string' && request.id !== undefined ? handlers[request.method] : undefined;
        if (!handler) {
          callback(message);
          return;
        }
        const id = request.id!;
        void handler(request.params as { uri: string }).then(
          (result) => writer.write({ jsonrpc: '2.0', id, result } as ResponseMessage),
          (error: unknown) => writer.write({ jsonrpc: '2.0', id, error: { code: -32603, message: String(error) } } as ResponseMessage),
        );
      }),
    dispose: () => reader.dispose(),
  };
  return { reader: answering, writer };
}

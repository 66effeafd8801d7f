// References, heading rename and file moves over LSP: textDocument/references, prepareRename and
// rename (headings), workspace/willRenameFiles (pages, snippets, assets and folders) and the
// client's request for the redirects of a move. The facade's editor features do the work.
import type { CancellationToken, Connection, Location, WorkspaceEdit } from 'vscode-languageserver/node';
import { ResponseError, ErrorCodes } from 'vscode-languageserver/node';
import type { FileEdit, Range } from '../../types';
import { cancellable, isCancellation, pathToUri, uriToPath } from './convert';
import type { EditorHost } from './open-files';
import { MOVE_REDIRECTS_REQUEST, type MoveRedirectsParams, type RedirectSetting } from './protocol';

export interface ReferencesHost extends EditorHost {
  /** The `docwright.moves.redirect` setting. */
  redirectSetting: () => Promise<RedirectSetting>;
}

function toWorkspaceEdit(edits: FileEdit[]): WorkspaceEdit | null {
  const changes: Record<string, { range: Range; newText: string }[]> = {};
  for (const fe of edits) changes[pathToUri(fe.path)] = [...(changes[pathToUri(fe.path)] ?? []), ...fe.edits];
  return Object.keys(changes).length ? { changes } : null;
}

const toMoves = (files: readonly { oldUri: string; newUri: string }[]) => files.map((f) => ({ from: uriToPath(f.oldUri), to: uriToPath(f.newUri) }));

export function registerReferences(connection: Connection, host: ReferencesHost): void {
  registerFindReferences(connection, host);
  registerHeadingRename(connection, host);
  registerFileMoves(connection, host);
}

/** textDocument/references: every place that names the heading or file under the cursor. */
function registerFindReferences(connection: Connection, host: ReferencesHost): void {
  connection.onReferences((params, token) =>
    cancellable(async (): Promise<Location[] | null> => {
      try {
        const d = await host.docwright();
        const found = await d.editor.references(uriToPath(params.textDocument.uri), params.position, params.context.includeDeclaration, token);
        if (!found) return null;
        const out: Location[] = found.declaration ? [{ uri: pathToUri(found.declaration.path), range: found.declaration.range }] : [];
        const locations: Location[] = found.references.map((r) => ({ uri: pathToUri(r.path), range: r.range }));
        // In file order, then by place: the order of the site's file listing is not meaningful.
        locations.sort((a, b) =>
          a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
        );
        return [...out, ...locations];
      } catch (e) {
        if (isCancellation(e)) throw e;
        host.log(`Docwright: references failed: ${e instanceof Error ? e.message : String(e)}`);
        return null;
      }
    }),
  );
}

/** textDocument/prepareRename and rename: a heading, with every link to its anchor. */
function registerHeadingRename(connection: Connection, host: ReferencesHost): void {
  connection.onPrepareRename((params, token) =>
    cancellable(async () => {
      const d = await host.docwright();
      const h = await d.editor.prepareHeadingRename(uriToPath(params.textDocument.uri), params.position, token);
      if (!h) throw new ResponseError(ErrorCodes.InvalidRequest, 'Only a heading, or the #anchor of a link to one, can be renamed here.');
      return h;
    }),
  );

  connection.onRenameRequest((params, token) =>
    cancellable(async () => {
      const d = await host.docwright();
      const edits = await d.editor.renameHeading(uriToPath(params.textDocument.uri), params.position, params.newName, token);
      return edits ? toWorkspaceEdit(edits) : null;
    }),
  );
}

/** workspace/willRenameFiles (the edits of a move) and the client's request for a move's redirects. */
function registerFileMoves(connection: Connection, host: ReferencesHost): void {
  connection.workspace.onWillRenameFiles((params, token) =>
    cancellable(async (): Promise<WorkspaceEdit | null> => {
      try {
        const d = await host.docwright();
        const redirect = (await host.redirectSetting()) === 'always';
        return toWorkspaceEdit(await d.editor.moveEdits(toMoves(params.files), redirect, token));
      } catch (e) {
        if (isCancellation(e)) throw e;
        host.log(`Docwright: updating references for a move failed: ${e instanceof Error ? e.message : String(e)}`);
        return null;
      }
    }),
  );

  // After a move (the "ask" setting): the redirects from the old URLs to the new ones.
  connection.onRequest(MOVE_REDIRECTS_REQUEST, (params: MoveRedirectsParams, token: CancellationToken) =>
    cancellable(async (): Promise<WorkspaceEdit | null> => {
      const d = await host.docwright();
      return toWorkspaceEdit(await d.editor.moveRedirects(toMoves(params.files), token));
    }),
  );
}

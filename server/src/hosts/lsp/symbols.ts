// Workspace symbols over LSP (workspace/symbol): page titles and headings of every site, from the
// facade's editor features.
import { type CancellationToken, type Connection, type SymbolInformation, SymbolKind } from 'vscode-languageserver/node';
import { cancellable, isCancellation } from './convert';
import { linkUri } from './navigation';
import { describeError, type EditorHost } from './open-files';

export function registerWorkspaceSymbols(connection: Connection, host: Pick<EditorHost, 'docwright' | 'log'>): void {
  connection.onWorkspaceSymbol((params, token: CancellationToken) =>
    cancellable(async (): Promise<SymbolInformation[]> => {
      try {
        const symbols = await (await host.docwright()).editor.workspaceSymbols(params.query, token);
        return symbols.map((s) => ({
          name: s.name,
          kind: s.kind === 'page' ? SymbolKind.File : SymbolKind.String,
          location: { uri: linkUri(s.path), range: s.range },
          containerName: s.container,
        }));
      } catch (e) {
        if (isCancellation(e)) throw e;
        host.log(`Docwright: workspace symbols failed: ${describeError(e)}`);
        return [];
      }
    }),
  );
}

// Workspace symbols over LSP (workspace/symbol): page titles and headings of every site, from the
// core (features/workspace-symbols.ts).
import { type CancellationToken, type Connection, type SymbolInformation, SymbolKind } from 'vscode-languageserver/node';
import { workspaceSymbols } from '../features/workspace-symbols';
import type { Project } from '../project';
import type { SiteIndex } from '../site/site-index';
import { isCancellation, stopIfCancelled } from './convert';
import { linkUri } from './navigation';

export function registerWorkspaceSymbols(connection: Connection, host: { project: () => Promise<Project>; log: (message: string) => void }): void {
  connection.onWorkspaceSymbol(async (params, token: CancellationToken): Promise<SymbolInformation[]> => {
    try {
      const project = await host.project();
      const indexes: SiteIndex[] = [];
      for (const root of project.roots) {
        const index = await project.index(root);
        stopIfCancelled(token);
        if (index) indexes.push(index);
      }
      return workspaceSymbols(indexes, params.query).map((s) => ({
        name: s.name,
        kind: s.kind === 'page' ? SymbolKind.File : SymbolKind.String,
        location: { uri: linkUri(s.path), range: s.range },
        containerName: s.container,
      }));
    } catch (e) {
      if (isCancellation(e)) throw e;
      host.log(`Docwright: workspace symbols failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return [];
    }
  });
}

// textDocument/documentSymbol and foldingRange for .mdx (VS Code's Markdown support already does .md).
import { type Connection, DocumentSymbol, SymbolKind } from 'vscode-languageserver/node';
import { pageFolds, pageOutline, type OutlineSymbol } from '../features/page-outline';
import { type EditorHost, pageFor } from './open-files';

function toSymbol(s: OutlineSymbol): DocumentSymbol {
  return DocumentSymbol.create(s.name, undefined, SymbolKind.String, s.range, s.selectionRange, s.children.map(toSymbol));
}

export function registerOutline(connection: Connection, host: EditorHost): void {
  connection.onDocumentSymbol(async (params) => {
    if (!params.textDocument.uri.endsWith('.mdx')) return null;
    const p = await pageFor(host, params.textDocument.uri);
    return p ? pageOutline(p.page).map(toSymbol) : null;
  });

  connection.onFoldingRanges(async (params) => {
    if (!params.textDocument.uri.endsWith('.mdx')) return null;
    const p = await pageFor(host, params.textDocument.uri);
    return p ? pageFolds(p.page) : null;
  });
}

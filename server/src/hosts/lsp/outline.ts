// textDocument/documentSymbol and foldingRange for .mdx (VS Code's Markdown support already does .md).
import { type Connection, DocumentSymbol, SymbolKind } from 'vscode-languageserver/node';
import type { OutlineSymbol } from '../../docwright';
import { type EditorHost, openPage } from './open-files';

function toSymbol(s: OutlineSymbol): DocumentSymbol {
  return DocumentSymbol.create(s.name, undefined, SymbolKind.String, s.range, s.selectionRange, s.children.map(toSymbol));
}

export function registerOutline(connection: Connection, host: EditorHost): void {
  connection.onDocumentSymbol(async (params) => {
    if (!params.textDocument.uri.endsWith('.mdx')) return null;
    const d = await host.docwright();
    const path = openPage(host, params.textDocument.uri);
    return path !== undefined ? (await d.editor.outline(path)).map(toSymbol) : null;
  });

  connection.onFoldingRanges(async (params) => {
    if (!params.textDocument.uri.endsWith('.mdx')) return null;
    const d = await host.docwright();
    const path = openPage(host, params.textDocument.uri);
    return path !== undefined ? d.editor.folds(path) : null;
  });
}

// Links in the editor over LSP: document links of pages, snippets and config files, and the link URI
// every location of a file (and line) is sent as. Completion, hover and definition of links are the
// facade's editor features (completion.ts, hover.ts, definition.ts ask for them).
import type { Connection, DocumentLink } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import { uriToPath } from './convert';
import { describeError, type EditorHost } from './open-files';

/** A file URI, with VS Code's `#L<line>` fragment (1-based) when a line is known. */
export function linkUri(path: string, line?: number): string {
  const uri = URI.file(path);
  return (line === undefined ? uri : uri.with({ fragment: `L${line + 1}` })).toString();
}

/** textDocument/documentLink: every link of a page, snippet or config file, to the file (and line) it names. */
export function registerNavigation(connection: Connection, host: EditorHost): void {
  connection.onDocumentLinks(async (params): Promise<DocumentLink[] | null> => {
    try {
      const d = await host.docwright();
      const links = await d.editor.documentLinks(uriToPath(params.textDocument.uri), host.documents.get(params.textDocument.uri)?.getText());
      return links ? links.map((l) => ({ range: l.range, target: linkUri(l.path, l.line) })) : null;
    } catch (e) {
      host.log(`Docwright: document links failed: ${describeError(e)}`);
      return null;
    }
  });
}

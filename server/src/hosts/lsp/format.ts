// textDocument/formatting and textDocument/rangeFormatting: the formatter of `docwright format` on
// the editor's text, with the options of the site's `.docwright.json` (the facade's editor features).
import type { Connection, TextEdit } from 'vscode-languageserver/node';
import { isMarkdownFile } from '../../util/page-files';
import { uriToPath } from './convert';
import type { EditorHost } from './open-files';

export function registerFormatting(connection: Connection, host: EditorHost): void {
  /** The document's text formatted (all of it, or the changes on lines `range` only); no edits when nothing changes. */
  const format = async (uri: string, range?: [number, number]): Promise<TextEdit[]> => {
    const doc = host.documents.get(uri);
    if (!doc || !isMarkdownFile(uri)) return [];
    const p = uriToPath(uri);
    const text = doc.getText();
    const result = await (await host.docwright()).editor.format(p, text, range);
    if (result.refused) host.log(`Docwright: ${p} not formatted: ${result.refused}.`);
    if (!result.changed) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: result.text }];
  };
  connection.onDocumentFormatting((params) => format(params.textDocument.uri));
  connection.onDocumentRangeFormatting((params) => format(params.textDocument.uri, [params.range.start.line, params.range.end.line]));
}

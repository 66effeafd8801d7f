// textDocument/formatting and textDocument/rangeFormatting: features/format.ts (the formatter of
// `docwright format`) on the editor's text, with the options of the site's `.docwright.json`.
import type { Connection, TextEdit } from 'vscode-languageserver/node';
import { formatPage, formatRange, formatSiteFile, formatSiteRange, type FormatResult } from '../features/format';
import { relativeInside } from '../util/paths';
import { uriToPath } from './convert';
import type { EditorHost } from './open-files';
import { isMarkdownFile } from '../util/page-files';

export function registerFormatting(connection: Connection, host: EditorHost): void {
  /** The document's text formatted (all of it, or the changes on lines `range` only); no edits when nothing changes. */
  const format = async (uri: string, range?: [number, number]): Promise<TextEdit[]> => {
    const doc = host.documents.get(uri);
    if (!doc || !isMarkdownFile(uri)) return [];
    const p = uriToPath(uri);
    const text = doc.getText();
    const project = await host.project();
    const root = project.rootFor(p);
    const site = root ? await project.site(root) : undefined;
    const rel = site ? relativeInside(site.root, p) : undefined;
    let result: FormatResult;
    if (site && rel !== undefined) result = range ? formatSiteRange(site, rel, text, range[0], range[1]) : formatSiteFile(site, rel, text);
    else result = range ? formatRange(p, text, range[0], range[1]) : formatPage(p, text);
    if (result.refused) host.log(`Docwright: ${p} not formatted: ${result.refused}.`);
    if (!result.changed) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: result.text }];
  };
  connection.onDocumentFormatting((params) => format(params.textDocument.uri));
  connection.onDocumentRangeFormatting((params) => format(params.textDocument.uri, [params.range.start.line, params.range.end.line]));
}

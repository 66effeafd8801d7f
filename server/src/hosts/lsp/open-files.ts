// What each request handler of the editor features is given by the server: the facade (its editor
// features), the open documents and the log; and the open docs.json under a request, as the editor has it.
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Docwright, OpenConfig } from '../../docwright';
import { isMarkdownFile } from '../../util/page-files';
import { uriToPath } from './convert';

export interface EditorHost {
  /** The facade, once the server is ready. */
  docwright: () => Promise<Docwright>;
  documents: TextDocuments<TextDocument>;
  log: (message: string) => void;
}

export { describeError } from '../../util/errors';

/** An open docs.json (or mint.json) with the editor's text, or undefined for any other document. */
export function openConfig(host: EditorHost, docwright: Docwright, uri: string): OpenConfig | undefined {
  const path = uriToPath(uri);
  const doc = host.documents.get(uri);
  if (!doc || !docwright.editor.isConfigFile(path)) return undefined;
  return { path, text: doc.getText(), version: doc.version, uri };
}

/** The path of an open Markdown/MDX document, or undefined for any other document. */
export function openPage(host: EditorHost, uri: string): string | undefined {
  return host.documents.get(uri) && isMarkdownFile(uri) ? uriToPath(uri) : undefined;
}

// textDocument/definition: a link's page or anchor, an imported component's file, a snippet, a file
// named in docs.json (the facade's editor features).
import type { Connection, Location } from 'vscode-languageserver/node';
import type { FileTarget } from '../../docwright';
import { pathToUri, uriToPath } from './convert';
import { describeError, type EditorHost, openConfig } from './open-files';

/** The file, at the start of its line when one is known. */
function toLocation(target: FileTarget): Location {
  const at = { line: target.line ?? 0, character: 0 };
  return { uri: pathToUri(target.path), range: { start: at, end: at } };
}

export function registerDefinition(connection: Connection, host: EditorHost): void {
  connection.onDefinition(async (params) => {
    try {
      const d = await host.docwright();
      const found = await d.editor.definition(uriToPath(params.textDocument.uri), params.position);
      if (found) return toLocation(found);
      const config = openConfig(host, d, params.textDocument.uri);
      const target = config ? await d.editor.configDefinition(config, params.position) : undefined;
      return target ? toLocation(target) : null;
    } catch (e) {
      host.log(`Docwright: definition failed: ${describeError(e)}`);
      return null;
    }
  });
}

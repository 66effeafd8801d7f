// textDocument/definition: a link's page or anchor, a snippet, a file named in docs.json.
import type { Connection } from 'vscode-languageserver/node';
import { definitionInConfig } from '../features/config-features';
import { pathToUri } from './convert';
import { configFor, describeError, type EditorHost } from './open-files';

export function registerDefinition(connection: Connection, host: EditorHost): void {
  connection.onDefinition(async (params) => {
    try {
      const found = await host.navigation.definition(params.textDocument.uri, params.position);
      if (found) return found;
      const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const ctx = await configFor(host, params.textDocument.uri);
      if (!ctx?.site) return null;
      const target = definitionInConfig(ctx.site, ctx.config, params.position);
      return target ? { uri: pathToUri(target.path), range: zero } : null;
    } catch (e) {
      host.log(`Docwright: definition failed: ${describeError(e)}`);
      return null;
    }
  });
}

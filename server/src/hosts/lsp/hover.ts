// textDocument/hover: docs.json keys and values, links, components and their attributes (the facade's editor features).
import type { Connection } from 'vscode-languageserver/node';
import { describeError, type EditorHost, openConfig, openPage } from './open-files';

export function registerHover(connection: Connection, host: EditorHost): void {
  connection.onHover(async (params) => {
    try {
      const d = await host.docwright();
      const config = openConfig(host, d, params.textDocument.uri);
      if (config) return await d.editor.hoverConfig(config, params.position);
      const path = openPage(host, params.textDocument.uri);
      const hover = path !== undefined ? await d.editor.hover(path, params.position) : undefined;
      return hover ? { contents: { kind: 'markdown', value: hover.contents }, range: hover.range } : null;
    } catch (e) {
      host.log(`Docwright: hover failed: ${describeError(e)}`);
      return null;
    }
  });
}

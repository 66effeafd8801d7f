// textDocument/hover: docs.json keys and values, links, components and their attributes.
import type { Connection } from 'vscode-languageserver/node';
import { hoverConfig } from '../features/config-features';
import { hoverPage } from '../features/page-hover';
import { configFor, describeError, type EditorHost, pageFor } from './open-files';

export function registerHover(connection: Connection, host: EditorHost): void {
  connection.onHover(async (params) => {
    try {
      const ctx = await configFor(host, params.textDocument.uri);
      if (ctx) return await hoverConfig(ctx.config, params.position, ctx.site);
      const p = await pageFor(host, params.textDocument.uri);
      const hover = p
        ? ((await host.navigation.hover(params.textDocument.uri, params.position)) ?? hoverPage(p.page, p.page.index.offsetAt(params.position)))
        : undefined;
      return hover ? { contents: { kind: 'markdown', value: hover.contents }, range: hover.range } : null;
    } catch (e) {
      host.log(`Docwright: hover failed: ${describeError(e)}`);
      return null;
    }
  });
}

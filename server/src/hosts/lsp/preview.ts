// Preview requests: render a page for the webview, and find the file of a page id. Converts and
// delegates to the facade (the core renderer).
import type { Connection } from 'vscode-languageserver/node';
import type { Docwright } from '../../docwright';
import { pathToUri, uriToPath } from './convert';
import { PAGE_FILE_REQUEST, type PageFileParams, type PageFileResult, RENDER_PAGE_REQUEST, type RenderPageParams, type RenderPageResult } from './protocol';

export function registerPreview(connection: Connection, docwright: () => Promise<Docwright>, log: (message: string) => void): void {
  connection.onRequest(RENDER_PAGE_REQUEST, async (params: RenderPageParams): Promise<RenderPageResult | null> => {
    try {
      const d = await docwright();
      const out = await d.editor.preview(uriToPath(params.uri), params.assetBase, {
        ...d.renderOptions(params.trusted === true),
        pageId: params.pageId,
      });
      if (!out) return null;
      return {
        inSite: out.root !== undefined,
        siteRootUri: out.root !== undefined ? pathToUri(out.root) : undefined,
        pageId: out.pageId,
        title: out.page.title,
        body: out.body,
        css: out.css,
        theme: out.theme,
      };
    } catch (e) {
      log(`Docwright: preview failed for ${params.uri}: ${e instanceof Error ? e.message : String(e)}`);
      throw e;
    }
  });

  connection.onRequest(PAGE_FILE_REQUEST, async (params: PageFileParams): Promise<PageFileResult | null> => {
    const file = await (await docwright()).editor.pageFile(uriToPath(params.fromUri), params.pageId);
    if (!file) return null;
    return 'generated' in file ? { generated: true } : { uri: pathToUri(file.path) };
  });
}

// textDocument/completion and completionItem/resolve: docs.json, link paths and anchors, import and
// snippet paths, API endpoints, components and front matter.
import { CompletionItemKind, type Connection, InsertTextFormat } from 'vscode-languageserver/node';
import { completeEndpoint } from '../features/api-completion';
import { completeConfig } from '../features/config-features';
import { iconDocumentation, iconLibraryOf, isIconItemData } from '../features/icon-completion';
import { completeFilePath } from '../features/import-completion';
import { completePage } from '../features/page-completion';
import type { Range } from '../types';
import { relativeInside } from '../util/paths';
import { configFor, describeError, type EditorHost, pageFor } from './open-files';

const completionKind = (kind: string) =>
  kind === 'component'
    ? CompletionItemKind.Class
    : kind === 'attribute'
      ? CompletionItemKind.Property
      : kind === 'value'
        ? CompletionItemKind.EnumMember
        : kind === 'file'
          ? CompletionItemKind.File
          : kind === 'anchor'
            ? CompletionItemKind.Reference
            : CompletionItemKind.Keyword;

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** `editRangeDefault`: the client takes a completion list's shared edit range (`itemDefaults.editRange`). */
export function registerCompletion(connection: Connection, host: EditorHost, editRangeDefault: () => boolean): void {
  connection.onCompletion(async (params) => {
    try {
      const ctx = await configFor(host, params.textDocument.uri);
      const project = await host.project();
      if (ctx) {
        const index = ctx.site ? await project.index(ctx.site.root) : undefined;
        return await completeConfig(ctx.site, ctx.config, params.position, index);
      }
      const p = await pageFor(host, params.textDocument.uri);
      if (!p) return null;
      const offset = p.page.index.offsetAt(params.position);
      const root = project.rootFor(p.page.path);
      const site = root ? await project.site(root) : undefined;
      const rel = site ? relativeInside(site.root, p.page.path) : undefined;
      const files = site && rel !== undefined ? completeFilePath(p.page, offset, site.files, rel) : undefined;
      const links = files ? undefined : await host.navigation.complete(params.textDocument.uri, params.position);
      const items =
        files ??
        links?.items ??
        completeEndpoint(p.page, offset, site?.openapi?.files ?? []) ??
        completePage(p.page, offset, { iconLibrary: iconLibraryOf(site?.config) });
      // One edit range for the whole list when the client takes it (VS Code does): a page list can hold thousands of items.
      const first = items[0]?.range;
      const shared = editRangeDefault() && first !== undefined && items.every((i) => sameRange(i.range, first));
      return {
        isIncomplete: links?.incomplete ?? false,
        ...(shared ? { itemDefaults: { editRange: first } } : {}),
        items: items.map((i) => ({
          label: i.label,
          kind: completionKind(i.kind),
          detail: i.detail,
          ...(i.filterText !== undefined ? { filterText: i.filterText } : {}),
          documentation: i.documentation ? { kind: 'markdown' as const, value: i.documentation } : undefined,
          ...(shared
            ? { ...(i.snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}), ...(i.insertText !== i.label ? { textEditText: i.insertText } : {}) }
            : { insertTextFormat: i.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText, textEdit: { range: i.range, newText: i.insertText } }),
          sortText: i.sortText,
          data: i.resolvePage ?? i.data,
        })),
      };
    } catch (e) {
      host.log(`Docwright: completion failed: ${describeError(e)}`);
      return null;
    }
  });

  connection.onCompletionResolve(async (item) => {
    try {
      if (isIconItemData(item.data)) {
        const value = iconDocumentation(item.data);
        return value ? { ...item, documentation: { kind: 'markdown', value } } : item;
      }
      return await host.navigation.resolveCompletion(item);
    } catch (e) {
      host.log(`Docwright: completion resolve failed: ${describeError(e)}`);
      return item;
    }
  });
}

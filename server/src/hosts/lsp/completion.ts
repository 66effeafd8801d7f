// textDocument/completion and completionItem/resolve: docs.json, link paths and anchors, import and
// snippet paths, API endpoints, components and front matter (the facade's editor features).
import { CompletionItemKind, type Connection, InsertTextFormat } from 'vscode-languageserver/node';
import type { Range } from '../../types';
import { cancellable, isCancellation } from './convert';
import { describeError, type EditorHost, openConfig, openPage } from './open-files';

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
  /** The site the last link completion read (what completionItem/resolve refers to). */
  let linkRoot: string | undefined;

  connection.onCompletion((params, token) =>
    cancellable(async () => {
      try {
        const d = await host.docwright();
        const config = openConfig(host, d, params.textDocument.uri);
        if (config) return await d.editor.completeConfig(config, params.position);
        const path = openPage(host, params.textDocument.uri);
        if (path === undefined) return null;
        const completion = await d.editor.complete(path, params.position, token);
        if (completion.linkRoot !== undefined) linkRoot = completion.linkRoot;
        const { items } = completion;
        // One edit range for the whole list when the client takes it (VS Code does): a page list can hold thousands of items.
        const first = items[0]?.range;
        const shared = editRangeDefault() && first !== undefined && items.every((i) => sameRange(i.range, first));
        return {
          isIncomplete: completion.incomplete,
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
        if (isCancellation(e)) throw e;
        host.log(`Docwright: completion failed: ${describeError(e)}`);
        return null;
      }
    }),
  );

  connection.onCompletionResolve(async (item) => {
    try {
      const value = await (await host.docwright()).editor.completionDocumentation(item.data, linkRoot);
      return value ? { ...item, documentation: { kind: 'markdown', value } } : item;
    } catch (e) {
      host.log(`Docwright: completion resolve failed: ${describeError(e)}`);
      return item;
    }
  });
}

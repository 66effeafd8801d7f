// Completion of `sdk:` front matter values (sdk-reference-setup.mdx): the symbols of the artifact of
// the tab or group that lists the page, written in the string form the format reads (`class Client`,
// `method Client.getUser`), the string form inheriting the artifact from there.
import type { PageDocument } from '../pages/parse';
import { sdkEntryOfPage, type SdkSet } from '../sdk/load';
import { frontmatterValueAt } from './api-completion';
import type { CompletionEntry } from './page-completion';

const KEY_LINE = /^sdk[ \t]*:[ \t]*/;

/** Symbol completions at `offset`, or undefined when the cursor is not in an `sdk` value of a page under a tab or group with `sdk`. */
export function completeSdkSymbol(page: PageDocument, offset: number, set: SdkSet | undefined, pageId: string | undefined): CompletionEntry[] | undefined {
  if (!set || pageId === undefined) return undefined;
  const at = frontmatterValueAt(page, offset, KEY_LINE);
  if (!at) return undefined;
  const entry = sdkEntryOfPage(set, pageId);
  const loaded = entry && set.entries.find((e) => e.entry === entry);
  if (loaded?.status.kind !== 'loaded') return undefined;
  const { model } = loaded.status.file;
  return model.symbols.map((s, i) => {
    const parent = s.parent !== undefined ? model.byId.get(s.parent) : undefined;
    const label = `${s.kind} ${parent ? `${parent.name.split('(')[0]}.` : ''}${s.name.split('(')[0]}`;
    return {
      label,
      kind: 'value',
      detail: s.fullName,
      documentation: s.description,
      insertText: at.quote ? label : JSON.stringify(label),
      snippet: false,
      range: at.range,
      sortText: String(i).padStart(6, '0'),
    };
  });
}

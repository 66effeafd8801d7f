// A page with `sdk` front matter (sdk-reference-setup.mdx, "Customize a page for a single symbol"):
// the symbol it names, looked up in the artifact its tab or group has (or the one the value names),
// and the generated reference of that symbol, which the page shows after its own content.
import type { SdkFile, SdkSet, SdkTarget } from '../sdk/load';
import { readSdkTarget, sdkEntryOfPage } from '../sdk/load';
import type { SdkSymbol } from '../sdk/model';

/** The loaded artifact and symbol a page's `sdk` value names; undefined when none is found. */
export function sdkSymbolOf(set: SdkSet, pageId: string, value: unknown): { file: SdkFile; symbol: SdkSymbol; directory: string } | undefined {
  const target = readSdkTarget(value);
  if (!target) return undefined;
  const entry = sdkEntryOfPage(set, pageId);
  const format = target.format ?? entry?.format;
  const source = target.source ?? entry?.value;
  if (!format || !source) return undefined;
  const loaded = set.entries.find(
    (e) => e.entry.format === format && (e.entry.value === source || (e.status.kind === 'loaded' && e.status.file.rel === source.replace(/^\/+/, ''))),
  );
  if (loaded?.status.kind !== 'loaded') return undefined;
  const file = loaded.status.file;
  const symbol = findSymbol(file, target);
  return symbol ? { file, symbol, directory: (entry?.value === source ? entry : loaded.entry).directory } : undefined;
}

/** A symbol's name as pages write it: without a parameter list (`GetUser(string)` is `GetUser`). */
const bare = (name: string) => name.split('(')[0];

function named(s: SdkSymbol, name: string): boolean {
  return s.name === name || s.fullName === name || s.id === name || bare(s.name) === name;
}

export function findSymbol(file: SdkFile, target: SdkTarget): SdkSymbol | undefined {
  const symbols = file.model.symbols;
  if (target.parent !== undefined) {
    const parents = symbols.filter((s) => s.parent === undefined && named(s, target.parent!));
    for (const p of parents) {
      const found = p.members.map((id) => file.model.byId.get(id)!).find((m) => m && m.kind === target.kind && named(m, target.name));
      if (found) return found;
    }
    return undefined;
  }
  return (
    symbols.find((s) => s.kind === target.kind && s.parent === undefined && named(s, target.name)) ??
    symbols.find((s) => s.kind === target.kind && named(s, target.name))
  );
}

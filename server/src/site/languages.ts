// The languages of a current-format site (`navigation.languages`) and their pages, paired across
// languages the way translated sites lay them out: `fr/guides/setup` translates `guides/setup`
// (or `en/guides/setup` when the default language has a folder of its own).
import { siteModelOf } from './api-pages';
import { pageId, type NavEntry } from './navigation';
import type { Site } from './site';

export interface SiteLanguages {
  /** The default language's code (`default: true`, else the first). */
  defaultCode: string;
  codes: string[];
  /** Per language: the pairing key (id without the language folder) -> its first navigation entry. */
  pages: Map<string, Map<string, NavEntry>>;
  /** Page id -> the languages whose navigation lists it. */
  languagesOf: Map<string, Set<string>>;
  /** The pairing key of a page id in a language. */
  keyOf(id: string, code: string): string;
}

const memo = new WeakMap<Site, SiteLanguages | undefined>();

/** Undefined for sites with fewer than two languages. */
export function siteLanguages(site: Site): SiteLanguages | undefined {
  if (memo.has(site)) return memo.get(site);
  const result = compute(site);
  memo.set(site, result);
  return result;
}

function compute(site: Site): SiteLanguages | undefined {
  const model = siteModelOf(site).languages ?? [];
  if (model.length < 2) return undefined;
  const codes = model.map((l) => l.code);
  const defaultCode = (model.find((l) => l.default) ?? model[0]).code;
  const keyOf = (id: string, code: string) => (id.toLowerCase().startsWith(code.toLowerCase() + '/') ? id.slice(code.length + 1) : id);
  const pages = new Map<string, Map<string, NavEntry>>(codes.map((c) => [c, new Map()]));
  const languagesOf = new Map<string, Set<string>>();
  for (const entry of site.nav.entries) {
    const code = entry.group.language;
    if (code === undefined || !pages.has(code)) continue;
    const id = pageId(entry.page);
    const key = keyOf(id, code);
    if (!pages.get(code)!.has(key)) pages.get(code)!.set(key, entry);
    (languagesOf.get(id) ?? languagesOf.set(id, new Set()).get(id)!).add(code);
  }
  return { defaultCode, codes, pages, languagesOf, keyOf };
}

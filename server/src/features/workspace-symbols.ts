// Workspace symbols: every page title and heading of the sites, matched fuzzily against a query
// and ranked, a bounded list (a site can have thousands of pages and tens of thousands of headings).
import type { PageDocument } from '../pages/parse';
import type { SiteIndex } from '../site/site-index';
import type { Range } from '../types';
import { pageHeadings } from './references';

export interface SiteSymbol {
  name: string;
  kind: 'page' | 'heading';
  /** Absolute path of the page. */
  path: string;
  range: Range;
  /** A heading's page title; a page's site-relative path. */
  container: string;
}

/** At most this many symbols are returned for one query. */
export const MAX_SYMBOLS = 256;

const byPage = new WeakMap<PageDocument, SiteSymbol[]>();

function pageSymbols(doc: PageDocument, id: string, rel: string): SiteSymbol[] {
  let symbols = byPage.get(doc);
  if (symbols) return symbols;
  const raw = doc.frontmatter.data.title;
  const title = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
  const zero: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const at = doc.frontmatter.keys.get('title')?.value ?? zero;
  symbols = [{ name: title ?? id, kind: 'page', path: doc.path, range: at, container: rel }];
  for (const h of pageHeadings(doc)) symbols.push({ name: h.text, kind: 'heading', path: doc.path, range: h.range, container: title ?? id });
  byPage.set(doc, symbols);
  return symbols;
}

/** Every symbol of a site, kept per index (per page across edits). */
function siteSymbols(index: SiteIndex): SiteSymbol[] {
  return index.memo('workspace-symbols', () => {
    const out: SiteSymbol[] = [];
    for (const [id, doc] of index.pages) {
      const rel = index.site.pages.get(id);
      if (rel) for (const s of pageSymbols(doc, id, rel)) out.push(s);
    }
    return out;
  });
}

/**
 * A scorer for `query`: how well it matches a name (higher is better; undefined: no match). The
 * query's characters must appear in order; a prefix beats a match at a word start, which beats any
 * substring, which beats scattered characters (fewer gaps rank higher). Spaces in the query are ignored.
 */
export function matcher(query: string): (name: string) => number | undefined {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (q === '') return () => 0;
  const atWordStart = new RegExp(`(?<![\\p{L}\\p{N}])${q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u');
  return (name) => {
    const n = name.toLowerCase();
    const at = n.indexOf(q);
    if (at === 0) return 4000 - n.length / 100;
    if (at > 0) {
      const wordStart = n.search(atWordStart);
      return wordStart >= 0 ? 3000 - wordStart - n.length / 100 : 2000 - at - n.length / 100;
    }
    // In order, scattered: each character found after the last; gaps cost, less before a word start.
    let score = 1000;
    let from = 0;
    for (const c of q) {
      const i = n.indexOf(c, from);
      if (i < 0) return undefined;
      if (i !== from) score -= i === 0 || !/[\p{L}\p{N}]/u.test(n[i - 1]) ? 2 : 8;
      from = i + 1;
    }
    return score - n.length / 100;
  };
}

/** The symbols of the sites that match `query`, best first, at most `limit`. */
export function workspaceSymbols(indexes: readonly SiteIndex[], query: string, limit = MAX_SYMBOLS): SiteSymbol[] {
  const score = matcher(query);
  const scored: { s: SiteSymbol; score: number }[] = [];
  for (const index of indexes) {
    for (const s of siteSymbols(index)) {
      const v = score(s.name);
      if (v !== undefined) scored.push({ s, score: v + (s.kind === 'page' ? 0.5 : 0) });
    }
  }
  let best = scored;
  if (scored.length > limit) {
    // Only the best `limit` are sorted: the threshold comes from a numeric sort of the scores.
    const values = Float64Array.from(scored, (x) => x.score).sort();
    const threshold = values[values.length - limit];
    best = scored.filter((x) => x.score >= threshold);
  }
  const key = (x: SiteSymbol) => `${x.name}\0${x.path}`;
  best.sort((a, b) => b.score - a.score || (key(a.s) < key(b.s) ? -1 : key(a.s) > key(b.s) ? 1 : 0) || a.s.range.start.line - b.s.range.start.line);
  return best.slice(0, limit).map((x) => x.s);
}

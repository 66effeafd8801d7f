// The offline search of the exported site: a MiniSearch index built at export time and written as
// a script (`_docwright/search-index.js`), so that it loads from file:// as well as from a host
// (browsers refuse fetch() on file:// pages). media/search.js loads it on first use.
import MiniSearch from 'minisearch';
import { own } from '../util/json';

export interface SearchDoc {
  id: number;
  /** Output path of the page (`guides/setup.html`), relative to the site root. */
  url: string;
  title: string;
  /** Top-level navigation group, shown under the title in results. */
  group?: string;
  description?: string;
  headings: string;
  text: string;
}

/** Fields and boosts shared by the index and the client (written into the index file). */
export const SEARCH_FIELDS = ['title', 'headings', 'description', 'text'];
export const SEARCH_STORE = ['title', 'url', 'group'];

/** At most this much body text per page goes into the index. */
const MAX_TEXT = 20_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of rendered page HTML: tags, buttons and inline SVG removed, entities decoded. */
export function searchText(html: string): string {
  const plain = html
    .replace(/<(svg|button|script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return own(ENTITIES, e.toLowerCase()) ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MAX_TEXT ? plain.slice(0, MAX_TEXT) : plain;
}

/**
 * The site's search index, built one page at a time (so the export can index pages while others
 * are still being rendered). Ids follow the order pages are added in: add them in navigation order
 * and the index is the same on every run.
 */
export class SearchIndex {
  private readonly index = new MiniSearch<SearchDoc>({ fields: SEARCH_FIELDS, storeFields: SEARCH_STORE });
  private next = 0;

  add(doc: Omit<SearchDoc, 'id'>): void {
    this.index.add({ id: this.next++, ...doc });
  }

  /** The best matches of a query, as the exported site's search box finds them (prefix and fuzzy terms). */
  search(query: string, limit = 10): { url: string; title: string; group?: string; score: number }[] {
    // As media/search.js: every term first, any term when that finds nothing.
    const options = { prefix: true, fuzzy: 0.2, boost: { title: 3, headings: 2, description: 1.5 } };
    let results = this.index.search(query, { ...options, combineWith: 'AND' });
    if (results.length === 0) results = this.index.search(query, { ...options, combineWith: 'OR' });
    return results.slice(0, limit).map((r) => ({
      url: String(r.url),
      title: String(r.title),
      group: typeof r.group === 'string' ? r.group : undefined,
      score: Math.round(r.score * 100) / 100,
    }));
  }

  /** The index as JSON (`docwright dev` serves it to its own pages only): fields, stored fields and MiniSearch's index. */
  json(): string {
    // `<` is escaped so the text can never close a script element.
    return JSON.stringify({ fields: SEARCH_FIELDS, storeFields: SEARCH_STORE, index: this.index.toJSON() }).replace(/</g, '\\u003c');
  }

  /** The script that holds the index (the export's, which loads from file:// too): it sets `DOCWRIGHT_SEARCH` for media/search.js. */
  script(): string {
    // JSON is valid JavaScript.
    return `self.DOCWRIGHT_SEARCH = ${this.json()};\n`;
  }
}

// What pages import: the file an import path names, and the pages that exist only to be imported.
import { pageEsm } from '../pages/esm';
import { relativeInside, resolveFromPage } from '../util/paths';
import { pageId } from './navigation';
import type { Site } from './site';
import type { Fact, SiteIndex } from './site-index';
import { isMarkdownFile } from '../util/page-files';

/** Extensions an import may leave out, in the order the format's build tries them. */
export const IMPORT_EXTENSIONS = ['', '.mdx', '.md', '.jsx', '.js', '.tsx', '.ts'] as const;

/** Code files a page may import components from (`.jsx`, `.js`, `.tsx`, `.ts`): read as text, never parsed as pages. */
export function isCodeFile(rel: string): boolean {
  return /\.(jsx|js|tsx|ts)$/i.test(rel);
}

/** The site file `<Snippet file="…">` names: from the site root with a leading `/`, else in `snippets/`. */
export function snippetFileRel(file: string): string {
  return file.startsWith('/') ? file.slice(1) : `snippets/${file}`;
}

/** The site file an import path names (from the site root for `/x`, from the page for `./x`). */
export function resolveImport(site: Site, pageRel: string, source: string): { rel?: string; outside?: boolean } {
  const abs = resolveFromPage(site.root, pageRel, source);
  if (!abs) return { outside: true };
  const rel = relativeInside(site.root, abs);
  for (const ext of IMPORT_EXTENSIONS) if (rel !== undefined && site.files.has(rel + ext)) return { rel: rel + ext };
  return {};
}

/** The module sources a page imports (importedOnlyPages reads them from every page). */
export const IMPORT_SOURCES: Fact<string[]> = { key: 'imports', of: (page) => pageEsm(page).imports.map((i) => i.source) };

/**
 * Pages that other pages import and the navigation does not list: snippets kept outside
 * `snippets/`. They are rendered inside their importers, so the rules for a standalone page
 * (title, description, orphans) do not apply to them.
 */
export function importedOnlyPages(index: SiteIndex): ReadonlySet<string> {
  return index.memo('imported-only-pages', () => {
    const site = index.site;
    const listed = new Set(site.nav.entries.map((e) => pageId(e.page)));
    const out = new Set<string>();
    for (const [id, sources] of index.everyFact(IMPORT_SOURCES)) {
      const rel = site.pages.get(id);
      if (rel === undefined) continue;
      for (const source of sources) {
        const target = resolveImport(site, rel, source).rel;
        if (!target || !isMarkdownFile(target)) continue;
        const targetId = pageId(target);
        if (targetId !== id && site.pages.get(targetId) === target && !listed.has(targetId)) out.add(targetId);
      }
    }
    return out;
  });
}

/** Snippet files: `.mdx`/`.md` under `snippets/` (or `_snippets/`), which are never pages. */
export function isSnippetFile(rel: string): boolean {
  return /^_?snippets\/.+\.mdx?$/i.test(rel);
}

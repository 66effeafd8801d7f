// Go-to-definition in pages and snippets: from a link, `href`, `src`, image, import path or
// `<Snippet file>` to the file (an `#anchor` to the heading's line), and from an imported
// component's tag to the file that defines it.
import type { PageDocument } from '../pages/parse';
import { pageEsm } from '../pages/esm';
import { resolveImport } from '../site/imports';
import type { Site } from '../site/site';
import type { SiteIndex, SiteSources } from '../site/site-index';
import { join } from '../util/paths';
import { wordAt } from '../util/text';
import { linkAt, pageDocumentLinks } from './document-links';

/** The file an imported component's tag under the cursor comes from (`pageRel`: the page's site-relative path). */
export function componentDefinition(site: Site, pageRel: string, page: PageDocument, offset: number): string | undefined {
  const imports = pageEsm(page).imports;
  const fileOf = (source: string) => {
    const rel = resolveImport(site, pageRel, source).rel;
    return rel ? join(site.root, rel) : undefined;
  };
  const onPath = imports.find((i) => i.sourceOffset && offset >= i.sourceOffset.start && offset <= i.sourceOffset.end);
  if (onPath) return fileOf(onPath.source);
  // The component name under the cursor, in an opening or closing tag.
  const text = page.text;
  const { start, end } = wordAt(text, offset, /[\w.]/);
  const before = text.slice(Math.max(0, start - 2), start);
  if (!before.endsWith('<') && before !== '</') return undefined;
  const name = text.slice(start, end).split('.')[0];
  const imp = imports.find((i) => i.names.includes(name));
  return imp ? fileOf(imp.source) : undefined;
}

export function definitionInPage(index: SiteIndex, id: string, offset: number): string | undefined {
  const page = index.pages.get(id);
  if (!page) return undefined;
  return componentDefinition(index.site, index.site.pages.get(id) ?? `${id}.mdx`, page, offset);
}

/** Where the thing under the cursor of a page or snippet (`rel`) is defined: a file, and a line for an `#anchor`. */
export function definitionAt(src: SiteSources, rel: string, doc: PageDocument, offset: number): { path: string; line?: number } | undefined {
  const link = linkAt(pageDocumentLinks(src, rel, doc), doc, offset);
  if (link) return { path: link.path, ...(link.line !== undefined ? { line: link.line } : {}) };
  const file = componentDefinition(src.index.site, rel, doc, offset);
  return file ? { path: file } : undefined;
}

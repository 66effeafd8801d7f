// Go-to-definition in pages: from an import path, or from an imported component's tag, to the file.
import { pageEsm } from '../pages/esm';
import { resolveImport } from '../site/imports';
import type { SiteIndex } from '../site/site-index';
import { join } from '../util/paths';
import { wordAt } from '../util/text';

export function definitionInPage(index: SiteIndex, id: string, offset: number): string | undefined {
  const page = index.pages.get(id);
  if (!page) return undefined;
  const pageRel = index.site.pages.get(id) ?? `${id}.mdx`;
  const imports = pageEsm(page).imports;
  const fileOf = (source: string) => {
    const rel = resolveImport(index.site, pageRel, source).rel;
    return rel ? join(index.site.root, rel) : undefined;
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

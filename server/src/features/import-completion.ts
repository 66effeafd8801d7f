// Completion of file paths where a page names another file: `import X from "…"` (snippets and
// components, written from the site root as the format does) and `<Snippet file="…" />`
// (relative to snippets/). The cursor's place is read from the text of its line alone.
import type { PageDocument } from '../pages/parse';
import type { CompletionEntry } from './page-completion';

const IMPORTABLE = /\.(mdx|md|jsx|js|tsx|ts)$/i;
const MAX_ITEMS = 500;

function hidden(rel: string): boolean {
  return rel.split('/').some((part) => part.startsWith('.') || part === 'node_modules');
}

/** Path completions at `offset`, or undefined when the cursor is not in such a path. */
export function completeFilePath(page: PageDocument, offset: number, files: ReadonlySet<string>, pageRel: string): CompletionEntry[] | undefined {
  const lineStart = page.text.lastIndexOf('\n', offset - 1) + 1;
  const before = page.text.slice(lineStart, offset);
  const importMatch = /^\s*import\s[^'"]*?\bfrom\s+(["'])([^"']*)$/.exec(before) ?? /^\s*import\s+(["'])([^"']*)$/.exec(before);
  const snippetMatch = /<Snippet\s[^>]*?\bfile=(["'])([^"']*)$/.exec(before);
  const match = importMatch ?? snippetMatch;
  if (!match) return undefined;
  const typed = match[2];
  const start = offset - typed.length;
  const range = { start: page.index.positionAt(start), end: page.index.positionAt(offset) };
  const items: CompletionEntry[] = [];
  for (const rel of [...files].sort()) {
    if (items.length >= MAX_ITEMS) break;
    if (rel === pageRel || hidden(rel)) continue;
    if (snippetMatch) {
      if (!/^snippets\/.+\.mdx?$/i.test(rel)) continue;
      const value = rel.slice('snippets/'.length);
      items.push({ label: value, kind: 'file', detail: 'snippet', insertText: value, snippet: false, range, sortText: value });
      continue;
    }
    if (!IMPORTABLE.test(rel)) continue;
    const value = '/' + rel;
    // Snippets first, then components, then other pages.
    const rank = rel.startsWith('snippets/') ? '0' : /\.(jsx|js|tsx|ts)$/i.test(rel) ? '1' : '2';
    items.push({
      label: value,
      kind: 'file',
      detail: rank === '2' ? 'page' : rank === '1' ? 'component file' : 'snippet',
      insertText: value,
      snippet: false,
      range,
      sortText: rank + value,
    });
  }
  return items;
}

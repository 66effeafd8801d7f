// When a snippet or component file (or a folder of them) is renamed or moved, the imports that
// name it follow: `import X from "/snippets/a.mdx"` and `<Snippet file="a.mdx" />` are rewritten
// in every page and snippet, keeping each path's style (site-root or relative, extension or not).
import { posix } from 'node:path';
import { pageEsm } from '../pages/esm';
import { jsxAttributes } from '../pages/jsx';
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { resolveImport } from '../site/imports';
import type { Site } from '../site/site';
import type { FileEdit, TextEdit } from '../types';
import { join } from '../util/paths';

/** Where `rel` goes when `from` (a file or a folder) moves to `to`; undefined when it does not move. */
export function movedPath(rel: string, from: string, to: string): string | undefined {
  if (rel === from) return to;
  if (rel.startsWith(from + '/')) return to + rel.slice(from.length);
  return undefined;
}

/** The import path to write for `target` in a file at `fileRel`, in the style of `original`. */
function rewrite(original: string, fileRel: string, target: string): string {
  const keepExt = /\.[a-z]+$/i.test(posix.basename(original));
  const t = keepExt ? target : target.replace(/\.(mdx|md|jsx|js|tsx|ts)$/i, '');
  if (original.startsWith('/')) return '/' + t;
  let rel = posix.relative(posix.dirname(fileRel), t);
  if (!rel.startsWith('.')) rel = './' + rel;
  return rel;
}

/**
 * Edits that keep imports pointing at moved files. `moves` are site-relative (from, to) pairs;
 * `files` the parsed pages and snippets by site-relative path, at their current (old) places.
 */
export function importEditsForMoves(site: Site, files: ReadonlyMap<string, PageDocument>, moves: readonly { from: string; to: string }[]): FileEdit[] {
  const out: FileEdit[] = [];
  const destination = (rel: string) => {
    for (const m of moves) {
      const d = movedPath(rel, m.from, m.to);
      if (d !== undefined) return d;
    }
    return undefined;
  };
  for (const [fileRel, doc] of files) {
    // The importing file may move too: paths relative to it are written from its new place.
    const newFileRel = destination(fileRel) ?? fileRel;
    const edits: TextEdit[] = [];
    for (const imp of pageEsm(doc).imports) {
      if (!imp.sourceOffset || (!imp.source.startsWith('/') && !imp.source.startsWith('.'))) continue;
      const target = resolveImport(site, fileRel, imp.source).rel;
      if (!target) continue;
      const moved = destination(target);
      if (moved === undefined && newFileRel === fileRel) continue;
      const next = rewrite(imp.source, newFileRel, moved ?? target);
      if (next !== imp.source) edits.push({ range: doc.index.range(imp.sourceOffset.start, imp.sourceOffset.end - imp.sourceOffset.start), newText: next });
    }
    for (const el of nodesOf(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      if ((el as { name?: string }).name !== 'Snippet') continue;
      const file = jsxAttributes(el, doc.text).find((a) => a.name === 'file');
      if (!file || typeof file.value !== 'string' || !file.valueOffset) continue;
      const target = file.value.startsWith('/') ? file.value.slice(1) : `snippets/${file.value}`;
      const moved = destination(target);
      if (moved === undefined) continue;
      const next = file.value.startsWith('/') || !moved.startsWith('snippets/') ? '/' + moved : moved.slice('snippets/'.length);
      edits.push({ range: doc.index.range(file.valueOffset.start, file.valueOffset.end - file.valueOffset.start), newText: next });
    }
    if (edits.length) out.push({ path: join(site.root, fileRel), edits });
  }
  return out;
}

// Re-parsing a page after an edit without parsing all of it: only the top-level blocks the edit
// touches (plus one block on each side, to prove the block boundaries did not move) are parsed
// again, and the positions of everything after them are shifted. Whenever that cannot be shown
// to give the same tree as a full parse, it falls back to a full parse.
import type { Root, RootContent } from 'mdast';
import type { Node, Parent } from 'unist';
import { LineIndex } from '../util/text';
import { deeperThan, MAX_TREE_DEPTH, mdxParser, parsePage, readsInFull, skippedFor, withinParseLimit, type PageDocument } from './parse';

/** Shifts the positions of a subtree by `offset` characters and `lines` lines (columns unchanged). */
function shift(node: Node, offset: number, lines: number): void {
  const stack: Node[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    const p = n.position;
    if (p) {
      p.start = { line: p.start.line + lines, column: p.start.column, offset: (p.start.offset ?? 0) + offset };
      p.end = { line: p.end.line + lines, column: p.end.column, offset: (p.end.offset ?? 0) + offset };
    }
    const children = (n as Parent).children;
    if (children) for (const c of children) stack.push(c);
    // JSX attributes are nodes with positions too, outside `children`.
    const attributes = (n as { attributes?: Node[] }).attributes;
    if (attributes) for (const a of attributes) stack.push(a);
  }
}

const start = (n: Node) => n.position?.start.offset ?? -1;
const end = (n: Node) => n.position?.end.offset ?? -1;

/** The page parsed from `text`, reusing `old` (the parse of the previous text) where it can. */
export function reparsePage(old: PageDocument, text: string): PageDocument {
  const full = () => parsePage(old.path, text);
  const oldText = old.text;
  if (text === oldText) return old;
  // A byte order mark shifts every position of the parse (parsePage handles it): parse it all.
  if (text.charCodeAt(0) === 0xfeff || oldText.charCodeAt(0) === 0xfeff) return full();
  if (old.syntaxError || old.tooLarge || !old.mdx || old.customIds.size > 0 || !readsInFull(text) || text.includes('{#')) return full();
  // A leading "---" that opens no front matter changes how later blocks parse: read it all.
  if ((text.startsWith('---') || oldText.startsWith('---')) && old.tree.children[0]?.type !== 'yaml') return full();
  // The changed span: [prefix, oldText.length - suffix) became [prefix, text.length - suffix).
  const max = Math.min(oldText.length, text.length);
  let prefix = 0;
  while (prefix < max && oldText.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && oldText.charCodeAt(oldText.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
  const oldChangeEnd = oldText.length - suffix;
  const delta = text.length - oldText.length;

  const children = old.tree.children;
  // Blocks touching the change, widened by one block on each side.
  let first = children.findIndex((c) => end(c) >= prefix);
  if (first < 0) first = children.length - 1;
  let last = first;
  while (last + 1 < children.length && start(children[last + 1]) <= oldChangeEnd) last++;
  let lo = Math.max(0, first - 1);
  // A block right under the one before it (no blank line between) parses in its context: a list
  // after a paragraph is read by the rules for interrupting one. Start where a blank line is.
  while (lo > 0 && !/\n[ \t]*\r?\n/.test(oldText.slice(end(children[lo - 1]), start(children[lo])))) lo--;
  const hi = Math.min(children.length - 1, last + 1);
  if (lo < 0 || hi < lo) return full();
  // Front matter, ESM and link definitions have effects beyond their block: parse everything.
  // (ESM after the region too: its estree offsets are not shifted.)
  if (
    children.slice(lo).some((c) => c.type === 'mdxjsEsm') ||
    children.slice(lo, hi + 1).some((c) => c.type === 'yaml') ||
    children.some((c) => c.type === 'definition')
  )
    return full();
  const regionStart = start(children[lo]);
  const oldRegionEnd = end(children[hi]);
  if (regionStart < 0 || oldRegionEnd < oldChangeEnd || regionStart > prefix) return full();
  // The region must begin at the start of a line (columns stay true), and not with "---", which
  // opens front matter at the start of a text but is a thematic break inside the page ...
  if (regionStart > 0 && (oldText[regionStart - 1] !== '\n' || text.startsWith('---', regionStart))) return full();
  // The last block is parsed up to the end of the text: an unclosed fence there takes in the final
  // line break, as in a full parse.
  const toEnd = hi === children.length - 1;
  const newRegionEnd = toEnd ? text.length : oldRegionEnd + delta;
  let parsed: Root | undefined;
  try {
    parsed = withinParseLimit(newRegionEnd - regionStart, () => mdxParser.parse(text.slice(regionStart, newRegionEnd)));
  } catch {
    return full(); // a syntax error: the full parse reports it and recovers
  }
  // Too slow or too deep: the whole page stands as not read (what a full parse would find).
  if (parsed === undefined) return skippedFor(old.path, text, new LineIndex(text), undefined)!;
  if (deeperThan(parsed, MAX_TREE_DEPTH)) return full();
  // ... and its outer blocks must come back unchanged: same type, same length.
  const got = parsed.children;
  const same = (a: Node | undefined, b: Node) => a !== undefined && a.type === b.type && end(a) - start(a) === end(b) - start(b);
  if (lo < first && !(same(got[0], children[lo]) && start(got[0]) === 0)) return full();
  if (hi > last && !(same(got[got.length - 1], children[hi]) && start(got[got.length - 1]) === start(children[hi]) + delta - regionStart)) return full();

  // Line numbers from the line indexes, which count "\r\n", "\r" and "\n" as the parser does.
  const index = new LineIndex(text);
  const startLine = index.positionAt(regionStart).line;
  for (const c of got) shift(c, regionStart, startLine);
  const lineDelta = index.lineCount - old.index.lineCount;
  const after = children.slice(hi + 1);
  for (const c of after) shift(c, delta, lineDelta);
  const tree: Root = {
    type: 'root',
    children: [...children.slice(0, lo), ...(got as RootContent[]), ...after],
  };
  const endPoint = index.positionAt(text.length);
  tree.position = { start: { line: 1, column: 1, offset: 0 }, end: { line: endPoint.line + 1, column: endPoint.character + 1, offset: text.length } };
  return { ...old, text, index, tree, customIds: new Map() };
}

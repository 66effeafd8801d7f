// Where the cursor is in a page, read from the text alone (pages are often broken while typing):
// in front matter, in code, in a tag name, an attribute name or an attribute value.

export type PageContext =
  | { kind: 'frontmatter' }
  | { kind: 'code' }
  | { kind: 'tag-name'; nameStart: number; prefix: string }
  | { kind: 'closing-tag'; nameStart: number; prefix: string }
  | { kind: 'attribute-name'; tag: string; present: string[]; nameStart: number; prefix: string }
  | { kind: 'attribute-value'; tag: string; attribute: string; valueStart: number; prefix: string }
  | { kind: 'text' };

/** How far back to look for the start of a tag. */
const MAX_TAG_LENGTH = 4000;

function frontMatterEnd(text: string): number {
  if (!/^---[ \t]*\r?\n/.test(text)) return -1;
  const m = /\r?\n---[ \t]*(\r?\n|$)/.exec(text.slice(3));
  return m ? 3 + m.index + m[0].length : text.length;
}

/** Whether `offset` is inside a fenced code block or an inline code span. */
export function inCode(text: string, offset: number): boolean {
  let fence: string | undefined;
  let lineStart = 0;
  while (lineStart <= offset) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (!fence) fence = m[1];
      else if (m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = undefined;
      else if (lineEnd >= offset) return true;
    } else if (lineEnd >= offset) {
      if (fence) return true;
      // Inline code: an odd number of backticks before the cursor on this line.
      const before = text.slice(lineStart, offset);
      return (before.match(/`/g)?.length ?? 0) % 2 === 1;
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  return fence !== undefined;
}

export function pageContext(text: string, offset: number): PageContext {
  const fmEnd = frontMatterEnd(text);
  if (fmEnd > 0 && offset < fmEnd && offset > 3) return { kind: 'frontmatter' };
  if (inCode(text, offset)) return { kind: 'code' };
  // Find the '<' that opens the tag the cursor is in, if any: no '>' between it and the cursor
  // outside quotes and braces.
  const from = Math.max(0, offset - MAX_TAG_LENGTH);
  let lt = -1;
  for (let i = offset - 1; i >= from; i--) {
    const c = text[i];
    if (c === '>') break;
    if (c === '<') {
      lt = i;
      break;
    }
  }
  if (lt < 0) return { kind: 'text' };
  const inside = text.slice(lt + 1, offset);
  if (inside.startsWith('/')) {
    const m = /^\/([\w.]*)$/.exec(inside);
    return m ? { kind: 'closing-tag', nameStart: lt + 2, prefix: m[1] } : { kind: 'text' };
  }
  const nameMatch = /^([A-Za-z][\w.-]*)?/.exec(inside)!;
  const name = nameMatch[1] ?? '';
  if (nameMatch[0].length === inside.length) {
    // Still typing the name (or just typed '<'), unless '<' is followed by a space ("a < b").
    return { kind: 'tag-name', nameStart: lt + 1, prefix: name };
  }
  if (!name || !/^\s/.test(inside.slice(name.length))) return { kind: 'text' };
  // Walk the attributes.
  const rest = inside.slice(name.length);
  const present: string[] = [];
  const attr = /\s*([A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)("?)|'([^']*)('?)|\{[^}]*\}?))?/y;
  let pos = 0;
  while (pos < rest.length) {
    attr.lastIndex = pos;
    const m = attr.exec(rest);
    if (!m || m[0].length === 0) {
      if (/^\s*$/.test(rest.slice(pos))) break;
      return { kind: 'text' };
    }
    const end = pos + m[0].length;
    const atEnd = end === rest.length;
    if (atEnd && m[2] !== undefined && m[3] === '') {
      const valueStart = lt + 1 + name.length + end - m[2].length;
      return { kind: 'attribute-value', tag: name, attribute: m[1], valueStart, prefix: m[2] };
    }
    if (atEnd && m[4] !== undefined && m[5] === '') {
      const valueStart = lt + 1 + name.length + end - m[4].length;
      return { kind: 'attribute-value', tag: name, attribute: m[1], valueStart, prefix: m[4] };
    }
    if (atEnd && !/\s$/.test(m[0]) && !m[0].includes('=')) {
      return { kind: 'attribute-name', tag: name, present, nameStart: offset - m[1].length, prefix: m[1] };
    }
    present.push(m[1]);
    pos = end;
  }
  return { kind: 'attribute-name', tag: name, present, nameStart: offset, prefix: '' };
}

/** Offset spans of fenced code blocks. */
export function fencedSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const re = /^[ \t]*(`{3,}|~{3,})[^\n]*$/gm;
  let open: { fence: string; start: number } | undefined;
  for (const m of text.matchAll(re)) {
    const fence = m[1];
    if (!open) open = { fence, start: m.index };
    else if (fence[0] === open.fence[0] && fence.length >= open.fence.length && m[0].trim() === fence) {
      spans.push([open.start, m.index + m[0].length]);
      open = undefined;
    }
  }
  if (open) spans.push([open.start, text.length]);
  return spans;
}

/** The innermost component opened before `offset` and not closed yet. */
export function openTagAt(text: string, offset: number): string | undefined {
  const stack: string[] = [];
  const spans = fencedSpans(text.slice(0, offset));
  const re = /<(\/?)([A-Z][\w.]*)\b[^<>]*?(\/?)>/g;
  for (const m of text.slice(0, offset).matchAll(re)) {
    if (spans.some(([s, e]) => m.index >= s && m.index < e)) continue;
    if (m[3] === '/') continue;
    if (m[1] === '/') {
      const i = stack.lastIndexOf(m[2]);
      if (i >= 0) stack.length = i;
    } else stack.push(m[2]);
  }
  return stack[stack.length - 1];
}

/** A path being typed where a page names another page or file: what kind, where it starts, what is typed so far. */
export interface LinkPathContext {
  /** `page`: a link (Markdown link or definition, `href`); `asset`: an image or file attribute. */
  kind: 'page' | 'asset';
  start: number;
  typed: string;
}

/** HTML attributes that name a file shown on the page (the catalogue marks its own components' ones). */
const FILE_ATTRIBUTES = new Set(['src', 'poster', 'data']);

/**
 * The link or asset path the cursor is in: `[text](…`, `![alt](…`, `[id]: …`, `href="…"` or a
 * file attribute (`src="…"`, Card `img="…"`). `isFileAttribute` says whether a component's attribute names a file
 * (given what is typed so far: an `icon` names a file only when written as a path).
 */
export function linkPathContext(
  text: string,
  offset: number,
  isFileAttribute: (tag: string, attribute: string, typed: string) => boolean,
): LinkPathContext | undefined {
  const ctx = pageContext(text, offset);
  if (ctx.kind === 'attribute-value') {
    if (ctx.attribute === 'href') return { kind: 'page', start: ctx.valueStart, typed: ctx.prefix };
    if (FILE_ATTRIBUTES.has(ctx.attribute) || isFileAttribute(ctx.tag, ctx.attribute, ctx.prefix))
      return { kind: 'asset', start: ctx.valueStart, typed: ctx.prefix };
    return undefined;
  }
  if (ctx.kind !== 'text') return undefined;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const link = /(!?)\[[^\]]*\]\(<?([^\s()<>]*)$/.exec(before);
  if (link) return { kind: link[1] ? 'asset' : 'page', start: offset - link[2].length, typed: link[2] };
  const definition = /^ {0,3}\[[^\]]+\]:[ \t]+<?(\S*)$/.exec(before);
  if (definition) return { kind: 'page', start: offset - definition[1].length, typed: definition[1] };
  return undefined;
}

// The links of a page that was not read in full (parse.ts `tooLarge`): one pass over its text, in
// time linear in its length and up to a bound, for the links a parse would give (Markdown links
// and definitions, `href` attributes), outside front matter, code and comments. What it cannot tell
// apart from a parse (a link inside a paragraph of raw HTML, a code span across lines) is rare on
// real pages; the bound keeps a hostile page from costing more than reading it once.

/** A link found in a page's text: its URL and where the URL is written. */
export interface ScannedLink {
  url: string;
  start: number;
  end: number;
}

/** Characters of a page scanned at most (the rest of a larger page is not read). */
export const MAX_SCANNED_CHARS = 4 * 1024 * 1024;
/** Links read from one page at most. */
export const MAX_SCANNED_LINKS = 20_000;
/** Open `[` kept per line at most (deeper nesting is not a link a page writes). */
const MAX_OPEN_BRACKETS = 256;

/** The offsets of a line's code spans (backtick runs matched with the next run of the same length). */
function codeSpans(text: string, start: number, end: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = start; i < end;) {
    if (text.charCodeAt(i) !== 96) {
      i++;
      continue;
    }
    let j = i;
    while (j < end && text.charCodeAt(j) === 96) j++;
    runs.push([i, j - i]);
    i = j;
  }
  // The next run of the same length after each run, found from the right in one pass.
  const next = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    next[k] = seen.get(runs[k][1]) ?? -1;
    seen.set(runs[k][1], k);
  }
  const spans: [number, number][] = [];
  for (let k = 0; k < runs.length;) {
    const close = next[k];
    if (close < 0) {
      k++;
      continue;
    }
    spans.push([runs[k][0], runs[close][0] + runs[close][1]]);
    k = close + 1;
  }
  return spans;
}

/** The first `char` in `text` from `from` before `end` (-1 when none): a search that never passes the line. */
function find(text: string, char: number, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === char) return i;
  return -1;
}

/** A fence line (three or more backticks or tildes after at most three spaces): its character and length. */
function fenceOf(text: string, start: number, end: number): { char: number; length: number; rest: number } | undefined {
  let i = start;
  while (i < end && i - start < 3 && text.charCodeAt(i) === 32) i++;
  const char = text.charCodeAt(i);
  if (char !== 96 && char !== 126) return undefined;
  let j = i;
  while (j < end && text.charCodeAt(j) === char) j++;
  return j - i >= 3 ? { char, length: j - i, rest: j } : undefined;
}

/** The destination of a Markdown link from `i` (just after `(`): `<url>`, or up to white space or the unbalanced `)`. */
function destination(text: string, i: number, end: number): { start: number; end: number } | undefined {
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  if (text.charCodeAt(i) === 60) {
    const close = find(text, 62, i + 1, end);
    return close < 0 ? undefined : { start: i + 1, end: close };
  }
  let depth = 0;
  let j = i;
  for (; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) break;
      depth--;
    } else if (c === 32 || c === 9 || c === 13) break;
  }
  return j > i ? { start: i, end: Math.min(j, end) } : undefined;
}

/** The value of an `href=` attribute from `i` (just after `=`): quoted, or a string in braces. */
function attributeValue(text: string, i: number, end: number): { start: number; end: number } | undefined {
  let open = text.charCodeAt(i);
  let from = i + 1;
  if (open === 123) {
    open = text.charCodeAt(i + 1);
    from = i + 2;
  }
  if (open !== 34 && open !== 39 && open !== 96) return undefined;
  const close = find(text, open, from, end);
  if (close < 0) return undefined;
  // A template with a placeholder is computed at run time.
  if (open === 96 && text.slice(from, close).includes('${')) return undefined;
  return { start: from, end: close };
}

/** The links of a page's text (see the file comment), in order. */
export function scanLinks(text: string): ScannedLink[] {
  const limit = Math.min(text.length, MAX_SCANNED_CHARS);
  const out: ScannedLink[] = [];
  const push = (start: number, end: number) => {
    if (end > start) out.push({ url: text.slice(start, end), start, end });
  };
  let pos = 0;
  // Front matter.
  if (/^---[ \t]*\r?\n/.test(text.slice(0, 8))) {
    const close = text.indexOf('\n---', 3);
    pos = close < 0 ? limit : close + 4;
  }
  let fence: { char: number; length: number } | undefined;
  // Where the comment being read ends (each comment's end is searched for once).
  let skipUntil = 0;
  while (pos < limit && out.length < MAX_SCANNED_LINKS) {
    const newline = text.indexOf('\n', pos);
    const lineEnd = newline < 0 || newline > limit ? limit : newline;
    const lineStart = pos;
    pos = lineEnd + 1;
    if (skipUntil > lineEnd) continue;
    const inComment = skipUntil > lineStart;
    const f = inComment ? undefined : fenceOf(text, lineStart, lineEnd);
    if (fence) {
      if (f && f.char === fence.char && f.length >= fence.length && text.slice(f.rest, lineEnd).trim() === '') fence = undefined;
      continue;
    }
    if (f) {
      fence = f;
      continue;
    }
    // A definition: `[label]: url`.
    const definition = inComment ? null : /^ {0,3}\[[^\]^\n][^\]\n]{0,998}\]:[ \t]*/.exec(text.slice(lineStart, Math.min(lineEnd, lineStart + 1100)));
    if (definition) {
      const d = destination(text, lineStart + definition[0].length, lineEnd);
      if (d) push(d.start, d.end);
      continue;
    }
    const spans = codeSpans(text, lineStart, lineEnd);
    let span = 0;
    const open: number[] = [];
    for (let i = Math.max(lineStart, skipUntil); i < lineEnd && out.length < MAX_SCANNED_LINKS; i++) {
      while (span < spans.length && spans[span][1] <= i) span++;
      if (span < spans.length && spans[span][0] <= i) {
        i = spans[span][1] - 1;
        continue;
      }
      const c = text.charCodeAt(i);
      const comment = c === 60 && text.startsWith('<!--', i) ? '-->' : c === 123 && text.startsWith('{/*', i) ? '*/' : undefined;
      if (comment) {
        const close = text.indexOf(comment, i + (comment === '-->' ? 4 : 3));
        if (close < 0) return out;
        skipUntil = close + comment.length;
        if (skipUntil > lineEnd) break;
        i = skipUntil - 1;
      } else if (c === 92) i++;
      else if (c === 91) {
        if (open.length < MAX_OPEN_BRACKETS) open.push(i);
      } else if (c === 93) {
        const from = open.pop();
        if (from === undefined || text.charCodeAt(i + 1) !== 40) continue;
        const d = destination(text, i + 2, lineEnd);
        // An image (`![alt](src)`) is not a link.
        if (d && text.charCodeAt(from - 1) !== 33) push(d.start, d.end);
        if (d) i = d.end - 1;
      } else if (c === 104 && text.startsWith('href=', i) && /\s/.test(text[i - 1] ?? '')) {
        const v = attributeValue(text, i + 5, lineEnd);
        if (v) {
          push(v.start, v.end);
          i = v.end;
        }
      }
    }
  }
  return out;
}

// Offset <-> position conversion over a text, computed once per text.
import type { Position, Range } from '../types';

/** The word around `offset` made of characters matching `char` (one character class). */
export function wordAt(text: string, offset: number, char: RegExp): { start: number; end: number } {
  let start = offset;
  let end = offset;
  while (start > 0 && char.test(text[start - 1])) start--;
  while (end < text.length && char.test(text[end])) end++;
  return { start, end };
}

export class LineIndex {
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 /* \n */) starts.push(i + 1);
      else if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    // An offset inside a line break ("\r|\n") is the end of its line.
    return { line: lo, character: Math.min(o, this.lineEnd(lo)) - this.lineStarts[lo] };
  }

  offsetAt(pos: Position): number {
    if (pos.line >= this.lineStarts.length) return this.text.length;
    if (pos.line < 0) return 0;
    const start = this.lineStarts[pos.line];
    const next = pos.line + 1 < this.lineStarts.length ? this.lineStarts[pos.line + 1] : this.text.length;
    return Math.max(start, Math.min(start + pos.character, next));
  }

  range(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }

  /** The offset where a line's text ends (before its line break). */
  private lineEnd(line: number): number {
    const start = this.lineStarts[line];
    let end = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** The text of one line without its line break. */
  lineText(line: number): string {
    const start = this.lineStarts[line] ?? this.text.length;
    const next = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    return this.text.slice(start, next).replace(/\r?\n$|\r$/, '');
  }
}

/** Applies non-overlapping text edits (LSP ranges) to a text. */
export function applyTextEdits(text: string, edits: readonly { range: Range; newText: string }[]): string {
  const index = new LineIndex(text);
  const sorted = edits
    .map((e) => ({ start: index.offsetAt(e.range.start), end: index.offsetAt(e.range.end), newText: e.newText }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** `s` without the characters of `chars` at its end: a loop, as a regex for them (`[ \t]+$`) is quadratic on a long run not at the end. */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1])) end--;
  return end === s.length ? s : s.slice(0, end);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe inside HTML text and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

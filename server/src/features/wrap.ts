// "Wrap in component": the selected lines of a page put inside a callout, Steps, Tabs, CodeGroup or
// Accordion, written as the component catalogue's own snippet writes it (the selection takes the
// place of `$0`; for CodeGroup, of the example fence), at the selection's indentation.
import { findComponent } from '../components/catalog';
import type { Range } from '../types';
import type { LineIndex } from '../util/text';
import { fencedSpans, pageContext } from './page-context';
import { trimEndOf } from '../util/text';

export const WRAPPERS = ['Note', 'Warning', 'Tip', 'Steps', 'Tabs', 'CodeGroup', 'Accordion'] as const;
export type Wrapper = (typeof WRAPPERS)[number];

/** What a snippet's placeholders become: a default or the first choice as written, `Title` for an empty one. */
function fillPlaceholders(snippet: string): string {
  return snippet
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
    .replace(/\$[1-9]\d*/g, 'Title');
}

/** The selected lines with the component around them; undefined when the selection holds no text or cuts a code block or the front matter. */
export function wrapInComponent(
  text: string,
  index: Pick<LineIndex, 'offsetAt' | 'positionAt'>,
  selection: Range,
  component: Wrapper,
): { range: Range; newText: string } | undefined {
  let start = index.offsetAt(selection.start);
  let end = index.offsetAt(selection.end);
  if (end < start) [start, end] = [end, start];
  if (text.slice(start, end).trim() === '') return undefined;
  // Whole lines: a selection ending at the start of a line leaves that line out.
  if (end > start && selection.end.character === 0 && end === index.offsetAt({ line: Math.max(selection.end.line, selection.start.line), character: 0 })) end--;
  const from = text.lastIndexOf('\n', start - 1) + 1;
  let to = text.indexOf('\n', end);
  if (to < 0) to = text.length;
  if (text[to - 1] === '\r') to--;
  if (pageContext(text, from).kind === 'frontmatter' || pageContext(text, to).kind === 'frontmatter') return undefined;
  const spans = fencedSpans(text);
  if (spans.some(([s, e]) => (s < from && e > from) || (s < to && e > to))) return undefined;
  const hasFence = spans.some(([s, e]) => s >= from && e <= to);
  if (component === 'CodeGroup' && !hasFence) return undefined;
  const spec = findComponent(component);
  if (!spec) return undefined;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.slice(from, to).split(/\r?\n/);
  const widths = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const indent = /^[ \t]*/.exec(lines.find((l) => l.trim() !== '')!)![0].slice(0, Math.min(...widths));
  const content = lines.map((l) => l.slice(Math.min(indent.length, /^[ \t]*/.exec(l)![0].length)));
  // The catalogue's snippet, with the selection where `$0` (or the fence around it) stands.
  const template = fillPlaceholders(`<${spec.snippet}`).split('\n');
  let at = template.findIndex((l) => l.includes('$0'));
  let count = 1;
  let fence = at - 1;
  while (fence >= 0 && !/^\s*```/.test(template[fence])) fence--;
  if (fence >= 0 && template.slice(fence + 1, at).every((l) => !/^\s*```/.test(l))) {
    const close = template.findIndex((l, i) => i > at && /^\s*```\s*$/.test(l));
    if (close > at) {
      count = close - fence + 1;
      at = fence;
    }
  }
  const inner = /^[ \t]*/.exec(template[at])![0];
  const body = content.map((l) => (l.trim() === '' ? '' : indent + inner + l));
  const out = [...template.slice(0, at).map((l) => indent + l), ...body, ...template.slice(at + count).map((l) => indent + l)];
  return { range: { start: index.positionAt(from), end: index.positionAt(to) }, newText: out.map((l) => trimEndOf(l, ' \t')).join(eol) };
}

// `docwright format` and the editor's Format Document: ONE formatter for both. It never prints a page
// from its tree (remark-stringify escapes and reflows prose and MDX in ways that change pages); it
// makes targeted edits on the original text at the parser's positions, and keeps a result only when
// it parses to the same tree and raises no new finding (docs/format.md: the canonical style).
import type { Heading, List, Root, RootContent, Table } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { load as loadYaml } from 'js-yaml';
import { parseDocument } from 'yaml';
import type { Node, Parent } from 'unist';
import { checkPageAlone } from '../check';
import { reparsePage } from '../pages/incremental';
import { parsePage, type PageDocument } from '../pages/parse';
import { pageId } from '../site/navigation';
import { trimEndOf } from '../util/text';
import { diffLines } from '../util/diff';
import { DEFAULT_FORMAT_OPTIONS, type FormatOptions } from '../site/project-config';
import type { Site } from '../site/site';
import type { Finding } from '../types';
import { isMarkdownFile } from '../util/page-files';

/** Whether a site-relative file is one the formatter reads: a page or snippet (Markdown or MDX). */
export function isFormattable(rel: string): boolean {
  return isMarkdownFile(rel);
}

/**
 * Formats a page or snippet of `site` with the site's `.docwright.json` options, proved against the
 * page's own checks (page-only rules; cross-page rules read facts the unchanged tree keeps).
 */
export function formatSiteFile(site: Site, rel: string, text: string, parsed?: PageDocument): FormatResult {
  const id = pageId(rel);
  return formatPage(siteFilePath(site, rel), text, { options: site.format?.options, findings: (p) => checkPageAlone(site, id, p), parsed });
}

/** The path a file of `site` is parsed under when formatted. */
export function siteFilePath(site: Site, rel: string): string {
  return `${site.root}/${rel}`;
}

/**
 * Range formatting: the changes of formatPage on lines `first` to `last` (0-based) only, proved like
 * a whole page (the same tree, no new finding); the text unchanged when those changes alone are not.
 */
export function formatRange(path: string, text: string, first: number, last: number, context: FormatContext = {}): FormatResult {
  const whole = formatPage(path, text, context);
  if (!whole.changed) return whole;
  const a = text.split('\n');
  const ops = diffLines(a, whole.text.split('\n'));
  const out: string[] = [];
  let line = 0;
  let pending: string[] = [];
  let hunkStart = -1;
  const flush = () => {
    if (hunkStart < 0) return;
    // A change touching the range is taken; one outside it keeps the old lines.
    const inside = hunkStart <= last && Math.max(hunkStart, line - 1) >= first;
    for (const l of inside ? pending : a.slice(hunkStart, line)) out.push(l);
    pending = [];
    hunkStart = -1;
  };
  for (const op of ops) {
    if (op.kind === ' ') {
      flush();
      out.push(op.line);
      line++;
      continue;
    }
    if (hunkStart < 0) hunkStart = line;
    if (op.kind === '-') line++;
    else pending.push(op.line);
  }
  flush();
  const partial = out.join('\n');
  if (partial === whole.text || partial === text) return { text: partial, changed: partial !== text };
  const original = parsePage(path, text);
  const formatted = parsePage(path, partial);
  if (unreadableReason(formatted) || treeShape(formatted) !== treeShape(original))
    return { text, changed: false, refused: 'the changes in the selection alone would change how the page parses; format the whole document' };
  const added = context.findings ? newFindings(context.findings(original), context.findings(formatted)) : undefined;
  if (added) return { text, changed: false, refused: `formatting the selection would raise ${added}` };
  return { text: partial, changed: true };
}

/** formatRange for a file of `site`, with its options and checks. */
export function formatSiteRange(site: Site, rel: string, text: string, first: number, last: number): FormatResult {
  const id = pageId(rel);
  return formatRange(siteFilePath(site, rel), text, first, last, { options: site.format?.options, findings: (p) => checkPageAlone(site, id, p) });
}

export interface FormatResult {
  /** The formatted text (the input when refused or already formatted). */
  text: string;
  changed: boolean;
  /** Why the page was left unchanged although it is not in the canonical style, or could not be read. */
  refused?: string;
}

export interface FormatContext {
  options?: FormatOptions;
  /** The page's findings (its own checks), to prove that formatting raises none it did not have. */
  findings?: (page: PageDocument) => Finding[];
  /** parsePage(path, text), when the caller parsed it already (formatPage takes it over: the incremental parse moves its nodes). */
  parsed?: PageDocument;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** How many times the edits are made again on their own result before the text stops changing. */
const MAX_ROUNDS = 3;

/** Formats one page or snippet: `text` formatted, or unchanged with the reason when formatting cannot be proved safe. */
export function formatPage(path: string, text: string, context: FormatContext = {}): FormatResult {
  const options = context.options ?? DEFAULT_FORMAT_OPTIONS;
  const original = context.parsed ?? parsePage(path, text);
  const unreadable = unreadableReason(original);
  if (unreadable) return { text, changed: false, refused: unreadable };
  const baseline: Baseline = {};
  const full = attempt(original, options, context, false, baseline);
  if (!full.findingsRefused) return full.result;
  // Trailing spaces taken off prose can change what a rule over the source reads (a site's Vale
  // rule with scope raw): try again keeping them, before leaving the page as written. The
  // incremental parse moved the first parse's nodes, so the page is parsed afresh.
  const cautious = attempt(parsePage(path, text), options, context, true, baseline);
  return cautious.result.changed ? cautious.result : full.result;
}

/** What the proof compares with, taken from the original parse before any incremental parse reuses (and moves) its nodes. */
interface Baseline {
  shape?: string;
  findings?: Finding[];
}

/** One formatting of a page: all edits, or (`cautious`) without the trailing spaces of non-blank lines. */
function attempt(
  original: PageDocument,
  options: FormatOptions,
  context: FormatContext,
  cautious: boolean,
  baseline: Baseline,
): { result: FormatResult; findingsRefused?: boolean } {
  const text = original.text;
  let page = original;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const edits = formatEdits(page, options, cautious);
    if (edits.length === 0) break;
    if (page === original) {
      baseline.shape ??= treeShape(original);
      if (context.findings) baseline.findings ??= context.findings(original);
    }
    const formatted = parseEdited(page, edits);
    if (formatted.text === page.text) break;
    const why = unreadableReason(formatted) ?? (treeShape(formatted) !== baseline.shape ? 'formatting would change how the page parses' : undefined);
    if (why) return { result: { text, changed: false, refused: `${why}; left as written` } };
    page = formatted;
    if (round === MAX_ROUNDS - 1 && formatEdits(page, options, cautious).length > 0)
      return { result: { text, changed: false, refused: 'formatting does not settle on one text; left as written' } };
  }
  if (page === original) return { result: { text, changed: false } };
  if (context.findings) {
    const added = newFindings(baseline.findings ?? [], context.findings(page));
    if (added) return { result: { text, changed: false, refused: `formatting would raise ${added}; left as written` }, findingsRefused: true };
  }
  return { result: { text: page.text, changed: true } };
}

/** Past this many edited top-level blocks, the edited text is parsed again at once rather than block by block. */
const MAX_BLOCK_REPARSES = 8;

/**
 * The parse of `page.text` with `edits` made: Docwright's incremental parse (pages/incremental.ts,
 * which equals a full parse or falls back to one) once per edited top-level block, from the last to
 * the first, so that a page with a few edited blocks is not parsed again in full.
 */
function parseEdited(page: PageDocument, edits: readonly Edit[]): PageDocument {
  const blocks = page.tree.children;
  const groups = new Map<number, Edit[]>();
  let b = 0;
  for (const e of [...edits].sort((x, y) => x.start - y.start)) {
    while (b < blocks.length - 1 && end(blocks[b]) < e.start) b++;
    const list = groups.get(b) ?? [];
    list.push(e);
    groups.set(b, list);
  }
  if (groups.size > MAX_BLOCK_REPARSES) return reparsePage(page, applyEdits(page.text, edits));
  let current = page;
  for (const key of [...groups.keys()].sort((x, y) => y - x)) current = reparsePage(current, applyEdits(current.text, groups.get(key)!));
  return current;
}

function unreadableReason(page: PageDocument): string | undefined {
  if (page.tooLarge) return 'the page is not read in full';
  if (page.syntaxError) return `the page has a syntax error (line ${page.syntaxError.range.start.line + 1}): fix it first`;
  if (!page.mdx) return 'the page cannot be read as MDX';
  if (page.frontmatter.error) return `its front matter cannot be read (line ${page.frontmatter.error.range.start.line + 1})`;
  return undefined;
}

/** A finding of `after` (by rule and message) beyond those of `before`, described; undefined when none. */
function newFindings(before: Finding[], after: Finding[]): string | undefined {
  const count = new Map<string, number>();
  for (const f of before) count.set(`${f.ruleId}\0${f.message}`, (count.get(`${f.ruleId}\0${f.message}`) ?? 0) + 1);
  for (const f of after) {
    const key = `${f.ruleId}\0${f.message}`;
    const n = count.get(key) ?? 0;
    if (n === 0) return `a new ${f.ruleId} finding (${f.message})`;
    count.set(key, n - 1);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The proof: the tree without positions and formatting-only differences

/** Node fields that say only where or how a node was written, never what it is. */
const WRITING_ONLY = new Set(['position', 'data']);

/**
 * The page's tree as a string, without positions: what formatting must leave the same. Front
 * matter is compared as data, expressions and ESM by their source text, everything else by value.
 */
export function treeShape(page: PageDocument): string {
  const shape = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(shape);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    const n = node as Record<string, unknown>;
    for (const [k, v] of Object.entries(n)) {
      if (WRITING_ONLY.has(k)) continue;
      out[k] = k === 'value' && n.type === 'yaml' ? yamlData(v as string) : shape(v);
    }
    return out;
  };
  return JSON.stringify([shape(page.tree), [...page.customIds.values()], page.frontmatter.data]);
}

function yamlData(value: string): unknown {
  try {
    return loadYaml(value) ?? null;
  } catch {
    return { unreadable: value };
  }
}

// ---------------------------------------------------------------------------------------------
// The edits

const start = (n: Node) => n.position?.start.offset ?? -1;
const end = (n: Node) => n.position?.end.offset ?? -1;

/** The edits that bring `page` to the canonical style (non-overlapping, in text order). */
export function formatEdits(page: PageDocument, options: FormatOptions, cautious = false): Edit[] {
  const text = page.text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = new Lines(text);
  const root = page.tree;
  const structural: Edit[] = [];
  frontMatterEdit(page, structural);
  walk(root, (node, parent) => {
    if (node.type === 'heading') setextEdit(node as Heading, text, lines, structural);
    else if (node.type === 'list') listMarkerEdits(node as List, parent, options, text, structural);
    else if (node.type === 'table') tableEdit(node as Table, text, lines, structural);
  });
  jsxEdits(root, text, lines, options, structural);
  const spacing = blockSpacingEdits(root, text, lines, eol);
  const trailing = trailingWhitespaceEdits(root, text, lines).filter((e) => !cautious || lines.startsLine(e.start));
  const accepted: Edit[] = [];
  for (const e of [...structural.map((s) => ({ ...s, text: s.text.replace(/\r?\n/g, eol) })), ...spacing, ...trailing]) {
    if (text.slice(e.start, e.end) === e.text) continue;
    if (accepted.some((a) => e.start < a.end && a.start < e.end)) continue;
    // Two insertions at one place would be made in an order that is not stated: one only.
    if (accepted.some((a) => a.start === a.end && e.start === a.start && e.end === e.start)) continue;
    accepted.push(e);
  }
  return accepted.sort((a, b) => a.start - b.start || a.end - b.end);
}

export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

function walk(root: Parent, visit: (node: Node, parent: Parent) => void): void {
  const stack: [Node, Parent][] = root.children.map((c) => [c, root]);
  while (stack.length) {
    const [node, parent] = stack.pop()!;
    visit(node, parent);
    const children = (node as Parent).children;
    if (children) for (const c of children) stack.push([c, node as Parent]);
  }
}

/** Line starts of a text, for line-wise questions about offsets. */
class Lines {
  readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  startOf(line: number): number {
    return this.starts[line];
  }
  /** The end of a line's content (before "\r\n" or "\n"). */
  endOf(line: number): number {
    const next = line + 1 < this.starts.length ? this.starts[line + 1] - 1 : this.text.length;
    return next > this.starts[line] && this.text[next - 1] === '\r' && next < this.text.length ? next - 1 : next;
  }
  /** Whether only spaces and tabs come before `offset` on its line. */
  startsLine(offset: number): boolean {
    return /^[ \t]*$/.test(this.text.slice(this.startOf(this.lineOf(offset)), offset));
  }
  /** Whether only spaces, tabs and a line break come after `offset` on its line. */
  endsLine(offset: number): boolean {
    return /^[ \t]*$/.test(this.text.slice(offset, this.endOf(this.lineOf(offset))));
  }
  indentOf(line: number): string {
    return /^[ \t]*/.exec(this.text.slice(this.startOf(line), this.endOf(line)))![0];
  }
}

/** Front matter through the `yaml` library's document API: comments, key order and scalar styles kept. */
function frontMatterEdit(page: PageDocument, edits: Edit[]): void {
  const node = page.tree.children[0];
  if (node?.type !== 'yaml' || !node.value.trim()) return;
  const text = page.text;
  const contentStart = text.indexOf('\n', start(node)) + 1;
  if (text.slice(contentStart, contentStart + node.value.length) !== node.value) return;
  const doc = parseDocument(node.value, { keepSourceTokens: false });
  if (doc.errors.length || doc.warnings.length) return;
  let out: string;
  try {
    out = doc.toString({ lineWidth: 0, minContentWidth: 0, flowCollectionPadding: false });
  } catch {
    return;
  }
  out = out.replace(/\n$/, '');
  // Its meaning as the checks read it (js-yaml) must stay the same; else the block is kept as written.
  if (JSON.stringify(yamlData(out)) !== JSON.stringify(yamlData(node.value))) return;
  edits.push({ start: contentStart, end: contentStart + node.value.length, text: out });
}

/** A setext heading (`Title` over `===`) written as an ATX one (`# Title`). */
function setextEdit(heading: Heading, text: string, lines: Lines, edits: Edit[]): void {
  const s = start(heading);
  const e = end(heading);
  if (text[s] === '#' || heading.children.length === 0) return;
  const first = heading.children[0];
  const last = heading.children[heading.children.length - 1];
  const contentLine = lines.lineOf(start(first));
  // One line of content over its underline, nothing but indentation before either.
  if (lines.lineOf(end(last)) !== contentLine || lines.lineOf(e) !== contentLine + 1) return;
  if (!lines.startsLine(s) || !lines.startsLine(lines.startOf(contentLine + 1) + lines.indentOf(contentLine + 1).length)) return;
  const content = text.slice(start(first), end(last)).trim();
  // A closing run of `#` would be taken off an ATX heading.
  if (!content || /(^|[ \t])#+$/.test(content)) return;
  edits.push({ start: s, end: e, text: `${'#'.repeat(heading.depth)} ${content}` });
}

/** The bullets of an unordered list, unless a list beside it would merge with it. */
function listMarkerEdits(list: List, parent: Parent, options: FormatOptions, text: string, edits: Edit[]): void {
  if (list.ordered) return;
  const i = parent.children.indexOf(list as RootContent);
  const beside = [parent.children[i - 1], parent.children[i + 1]];
  if (beside.some((b) => b?.type === 'list')) return;
  const marks = list.children.map((item) => start(item));
  if (marks.every((s) => text[s] === options.listMarker)) return;
  // An item starting with a marker character could turn into a thematic break (`- ---`): then none
  // changes, since items with different bullets would be two lists.
  if (marks.some((s) => !/^[-*+]/.test(text[s]) || /^[ \t]*[-*_+]/.test(text.slice(s + 1, s + 8)))) return;
  for (const s of marks) if (text[s] !== options.listMarker) edits.push({ start: s, end: s + 1, text: options.listMarker });
}

/** A GFM table printed aligned by mdast-util-gfm-table, each cell's source kept as written. */
function tableEdit(table: Table, text: string, lines: Lines, edits: Edit[]): void {
  const s = start(table);
  const e = end(table);
  if (!lines.startsLine(s) || !lines.endsLine(e)) return;
  const width = table.children[0]?.children.length ?? 0;
  if (!width || table.children.some((row) => row.children.length !== width)) return;
  const firstLine = lines.lineOf(s);
  const indent = text.slice(lines.startOf(firstLine), s);
  if (indent.includes('\t')) return;
  // Every row on its own line, each line holding only its row (the delimiter row between 1st and 2nd).
  const rowLines = table.children.map((r) => lines.lineOf(start(r)));
  if (rowLines.some((l, k) => l !== firstLine + k + (k > 0 ? 1 : 0))) return;
  for (let l = firstLine; l <= lines.lineOf(e); l++) if (lines.indentOf(l) !== indent) return;
  const printed: Table = {
    type: 'table',
    align: table.align,
    children: table.children.map((row) => ({
      type: 'tableRow',
      children: row.children.map((cell) => {
        const source = cell.children.length ? text.slice(start(cell.children[0]), end(cell.children[cell.children.length - 1])) : '';
        return { type: 'tableCell', children: source ? [{ type: 'html', value: source }] : [] };
      }),
    })),
  };
  if (printed.children.some((r) => r.children.some((c) => c.children.some((h) => (h as { value: string }).value.includes('\n'))))) return;
  const out = toMarkdown({ type: 'root', children: [printed] } as Root, {
    extensions: [gfmTableToMarkdown({ tableCellPadding: true, tablePipeAlign: true })],
  }).replace(/\n$/, '');
  edits.push({ start: s, end: e, text: out.split('\n').join(`\n${indent}`) });
}

/** Nodes whose text is kept byte for byte: no whitespace in or around their lines is touched. */
const VERBATIM = new Set(['code', 'math', 'html', 'yaml', 'mdxjsEsm', 'mdxFlowExpression']);
/** Inline nodes whose text spans lines as written (a line break inside them is part of their value). */
const INLINE_VERBATIM = new Set(['inlineCode', 'inlineMath', 'mdxTextExpression', 'break']);

/** Trailing spaces and tabs off every line that is not inside (or ending within) verbatim text. */
function trailingWhitespaceEdits(root: Root, text: string, lines: Lines): Edit[] {
  const kept = new Set<number>();
  walk(root, (node) => {
    if (VERBATIM.has(node.type)) for (let l = lines.lineOf(start(node)); l <= lines.lineOf(end(node)); l++) kept.add(l);
    else if (INLINE_VERBATIM.has(node.type)) for (let l = lines.lineOf(start(node)); l < lines.lineOf(end(node)); l++) kept.add(l);
    else if (node.type === 'text' && /[ \t]\r?\n/.test((node as unknown as { value: string }).value))
      for (let l = lines.lineOf(start(node)); l < lines.lineOf(end(node)); l++) kept.add(l);
    const attributes = (node as { attributes?: Node[] }).attributes;
    if (attributes) for (const a of attributes) for (let l = lines.lineOf(start(a)); l < lines.lineOf(end(a)); l++) kept.add(l);
  });
  const edits: Edit[] = [];
  // A first line `--- ` that opens no front matter would open one without its trailing space.
  if (/^---[ \t]+\r?$/.test(text.slice(0, lines.endOf(0)))) kept.add(0);
  for (let l = 0; l < lines.starts.length; l++) {
    if (kept.has(l)) continue;
    const lineEnd = lines.endOf(l);
    const trimmed = lines.startOf(l) + trimEndOf(text.slice(lines.startOf(l), lineEnd), ' \t').length;
    if (trimmed < lineEnd) edits.push({ start: trimmed, end: lineEnd, text: '' });
  }
  return edits;
}

/** Blocks that a missing closing fence leaves open to the end of their container. */
const OPEN_ENDED = new Set(['code', 'math']);

/** Whether the last node in a block (its deepest last child) is code or math, which may be left open. */
function endsInVerbatim(block: Node): boolean {
  let node: Node = block;
  while ((node as Parent).children?.length) node = (node as Parent).children[(node as Parent).children.length - 1];
  return OPEN_ENDED.has(node.type);
}

/** One blank line between top-level blocks, none before the first, one line break after the last. */
function blockSpacingEdits(root: Root, text: string, lines: Lines, eol: string): Edit[] {
  const edits: Edit[] = [];
  const blocks = root.children;
  if (blocks.length === 0) return edits;
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const firstLineStart = lines.startOf(lines.lineOf(start(blocks[0])));
  // A `---` brought to the first line would open front matter.
  if (firstLineStart > bom && /^\s*$/.test(text.slice(bom, firstLineStart)) && !text.startsWith('---', firstLineStart))
    edits.push({ start: bom, end: firstLineStart, text: '' });
  for (let i = 1; i < blocks.length; i++) {
    // Code left open runs on to the next block: the blank lines before it may be its own.
    if (endsInVerbatim(blocks[i - 1])) continue;
    const a = end(blocks[i - 1]);
    const b = start(blocks[i]);
    if (!lines.startsLine(b)) continue;
    const lineStart = lines.startOf(lines.lineOf(b));
    if (lineStart <= a || !/^\s*$/.test(text.slice(a, lineStart))) continue;
    edits.push({ start: a, end: lineStart, text: eol + eol });
  }
  const lastBlock = blocks[blocks.length - 1];
  const last = end(lastBlock);
  // Code left open at the end of the file ends there: its blank lines are its own.
  const open = endsInVerbatim(lastBlock);
  if (/^\s*$/.test(text.slice(last)) && (!open || (last === text.length && !text.endsWith('\n')))) edits.push({ start: last, end: text.length, text: eol });
  return edits;
}

// ---------------------------------------------------------------------------------------------
// JSX: indented by nesting, long opening tags wrapped

type JsxFlow = Parent & { type: 'mdxJsxFlowElement'; name: string | null; attributes: Node[] };

/** Subtrees that hold text whose indentation is part of it: such blocks are never moved. */
function holdsVerbatim(node: Node, lines: Lines): boolean {
  let found = false;
  walk({ type: 'root', children: [node] } as Parent, (n) => {
    if (found) return;
    if (VERBATIM.has(n.type) || (INLINE_VERBATIM.has(n.type) && lines.lineOf(start(n)) !== lines.lineOf(end(n)))) found = true;
    const attributes = (n as { attributes?: Node[] }).attributes;
    if (attributes?.some((a) => lines.lineOf(start(a)) !== lines.lineOf(end(a)))) found = true;
  });
  return found;
}

/**
 * JSX flow elements at the top level and nested in one another, indented two spaces per level, their
 * other blocks moved with them. All or nothing per top-level element: when one block in it cannot be
 * moved (it holds code or other verbatim text, tabs, or is not on lines of its own), the element is
 * kept as written, since lines moved around an unmoved block can join or leave it.
 */
function jsxEdits(root: Root, text: string, lines: Lines, options: FormatOptions, edits: Edit[]): void {
  const reindent = (out: Edit[], line: number, indent: string) => {
    const s = lines.startOf(line);
    const current = lines.indentOf(line);
    if (current !== indent && lines.endOf(line) > s + current.length) out.push({ start: s, end: s + current.length, text: indent });
  };
  /** Moves every line of a block by `delta` columns; false when that cannot be done safely. */
  const shiftBlock = (out: Edit[], node: Node, delta: number): boolean => {
    if (delta === 0) return true;
    if (holdsVerbatim(node, lines)) return false;
    for (let l = lines.lineOf(start(node)); l <= lines.lineOf(end(node)); l++) {
      const indent = lines.indentOf(l);
      if (lines.endOf(l) === lines.startOf(l) + indent.length) continue;
      if (indent.includes('\t') || indent.length + delta < 0) return false;
      reindent(out, l, ' '.repeat(indent.length + delta));
    }
    return true;
  };
  const visit = (out: Edit[], element: JsxFlow, depth: number): boolean => {
    const indent = '  '.repeat(depth);
    const s = start(element);
    const e = end(element);
    if (!lines.startsLine(s) || !lines.endsLine(e)) return false;
    const open = lines.lineOf(s);
    const close = lines.lineOf(e);
    if (lines.indentOf(open).includes('\t')) return false;
    const delta = indent.length - (s - lines.startOf(open));
    const tagEnd = openingTagEnd(element, text);
    if (tagEnd < 0) return false;
    const tagLast = lines.lineOf(tagEnd);
    // Lines inside an attribute's value are part of it (marked once: a tag of 20,000 attribute lines was quadratic).
    const insideValue = new Set<number>();
    for (const a of element.attributes) for (let l = lines.lineOf(start(a)) + 1, last = lines.lineOf(end(a)); l <= last; l++) insideValue.add(l);
    if (delta !== 0 && insideValue.size > 0) return false;
    reindent(out, open, indent);
    for (let l = open + 1; l <= tagLast; l++) {
      if (insideValue.has(l)) continue;
      const current = lines.indentOf(l);
      if (current.includes('\t') || current.length + delta < 0) return false;
      reindent(out, l, /^[ \t]*\/?>/.test(text.slice(lines.startOf(l), lines.endOf(l))) ? indent : ' '.repeat(current.length + delta));
    }
    if (open === tagLast) wrapAttributes(element, text, lines, tagEnd, indent, options, out);
    if (close === tagLast) return true;
    const children = element.children as Node[];
    if (children.some((c) => lines.lineOf(start(c)) === tagLast || lines.lineOf(end(c)) === close || !lines.startsLine(start(c)))) return false;
    if (!/^[ \t]*<\//.test(text.slice(lines.startOf(close), lines.endOf(close)))) return false;
    reindent(out, close, indent);
    for (const child of children) {
      const ok =
        child.type === 'mdxJsxFlowElement'
          ? visit(out, child as JsxFlow, depth + 1)
          : shiftBlock(out, child, indent.length + 2 - (start(child) - lines.startOf(lines.lineOf(start(child)))));
      if (!ok) return false;
    }
    return true;
  };
  for (const child of root.children) {
    const out: Edit[] = [];
    if (child.type === 'mdxJsxFlowElement' && visit(out, child as unknown as JsxFlow, 0)) for (const e of out) edits.push(e);
  }
}

/** The offset just after the `>` that ends an element's opening tag; -1 when it cannot be told. */
function openingTagEnd(element: JsxFlow, text: string): number {
  let at = element.attributes.length ? end(element.attributes[element.attributes.length - 1]) : start(element) + 1 + (element.name?.length ?? 0);
  const m = /^\s*\/?>/.exec(text.slice(at, at + 200));
  if (!m) return -1;
  at += m[0].length;
  return at;
}

/** A one-line opening tag longer than the line width: one attribute per line. */
function wrapAttributes(element: JsxFlow, text: string, lines: Lines, tagEnd: number, indent: string, options: FormatOptions, edits: Edit[]): void {
  if (element.attributes.length < 2) return;
  const line = lines.lineOf(start(element));
  const lineText = text.slice(lines.startOf(line), lines.endOf(line));
  const shownWidth = indent.length + lineText.trim().length;
  if (shownWidth <= options.lineWidth) return;
  const attrs = element.attributes.map((a) => text.slice(start(a), end(a)));
  if (attrs.some((a) => a.includes('\n'))) return;
  const selfClosing = text.slice(end(element.attributes[element.attributes.length - 1]), tagEnd).includes('/');
  const out = `<${element.name ?? ''}\n${attrs.map((a) => `${indent}  ${a}`).join('\n')}\n${indent}${selfClosing ? '/>' : '>'}`;
  edits.push({ start: start(element), end: tagEnd, text: out });
}

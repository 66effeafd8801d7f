// One parse per page text: YAML front matter (with key/value ranges) and the MDX tree (mdast with
// MDX nodes), positions true to the whole file. Broken input is normal while typing: a syntax
// error becomes ONE located problem, and the tree is still built from what can be read.
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import { boundedAcorn } from './acorn';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { mathFromMarkdown } from 'mdast-util-math';
import { math } from 'micromark-extension-math';
import { load as loadYaml } from 'js-yaml';
import type { Node, Parent } from 'unist';
import type { Range } from '../types';
import { LineIndex, trimEndOf } from '../util/text';
import { runEachWithin, runWithinCpu, TimeLimitExceeded } from '../util/time-limit';

export interface FrontMatter {
  /** Whether the file begins with a `---` block. */
  present: boolean;
  /** The whole block, from the opening `---` to the closing one. */
  range?: Range;
  data: Record<string, unknown>;
  /** Ranges of top-level keys and their values. */
  keys: Map<string, { key: Range; value: Range }>;
  error?: { message: string; range: Range };
}

export interface SyntaxProblem {
  message: string;
  range: Range;
  /** What the problem is, for quick fixes. */
  kind: 'unexpected-lt' | 'unexpected-brace' | 'unclosed-tag' | 'other';
  /** For unclosed-tag: the tag name. */
  tag?: string;
}

export interface PageDocument {
  path: string;
  text: string;
  index: LineIndex;
  tree: Root;
  /** False when MDX syntax could not be read and the tree comes from plain Markdown. */
  mdx: boolean;
  frontmatter: FrontMatter;
  syntaxError?: SyntaxProblem;
  /**
   * Set when the page was not read in full, only its front matter: over MAX_PAGE_CHARS (`size`),
   * lists or quotes nested dozens deep on one line (`nesting`), a tree deeper than MAX_TREE_DEPTH
   * (`depth`), or a parse that took over PARSE_TIME_LIMIT_MS (`time`).
   */
  tooLarge?: SkippedPage;
  /** Custom heading ids written `## Title {#my-id}`, by 0-based line. */
  customIds: Map<number, string>;
}

/**
 * Pages larger than this are not parsed in full (the Markdown parser reads a few hundred KB per
 * second); they get one notice instead, and their front matter is still checked.
 */
export const MAX_PAGE_CHARS = 512 * 1024;

/**
 * Deeper trees are not kept: the renderer's libraries recurse per level, and a thousand nested
 * elements exhausts the stack. Real pages nest under 20 levels.
 */
export const MAX_TREE_DEPTH = 100;

/**
 * A hang guard, not a budget: a parse is stopped only once it has used 10 s plus 20 ms per KB of
 * processor time (runWithinCpu: not wall time, which a busy machine stretches), about ten times what
 * the slowest real pages take, so that no finding depends on the machine's load (inputs the parser is
 * slow on are refused by their shape first: readsInFull).
 */
export const PARSE_TIME_BASE_MS = 10_000;
export const PARSE_TIME_MS_PER_KB = 20;
export const parseTimeLimit = (chars: number) => PARSE_TIME_BASE_MS + Math.round((chars / 1024) * PARSE_TIME_MS_PER_KB);

export interface SkippedPage {
  reason: 'size' | 'nesting' | 'markers' | 'depth' | 'time';
  bytes: number;
  /** The limit that was passed: characters, levels or milliseconds. */
  limit: number;
}

/** Why a page was not read in full, as a sentence. */
export function skippedReason(skip: SkippedPage): string {
  switch (skip.reason) {
    case 'size':
      return `This page has ${(skip.bytes / 1024 / 1024).toFixed(1)} MB of text; Docwright reads pages up to ${skip.limit / 1024} KB in full.`;
    case 'nesting':
      return 'This page nests lists or block quotes dozens of levels deep on one line, which Docwright does not parse.';
    case 'markers':
      return `This page has over ${skip.limit.toLocaleString('en-US')} Markdown markers (\`*\`, \`_\`, backticks, \`[\`) outside code blocks, far more than real pages have, which Docwright does not parse.`;
    case 'depth':
      return `This page nests elements more than ${skip.limit} levels deep, which Docwright does not read.`;
    case 'time':
      return `Reading this page took over ${skip.limit < 1000 ? `${skip.limit} ms` : `${(skip.limit / 1000).toFixed(1)} s`} of processor time (long runs of Markdown markers such as \`*_\` or \`[a](\` slow the parser down), so Docwright stopped.`;
  }
}

/**
 * The GFM syntax docs use: tables, strikethrough and task lists. Bare-URL autolinks and footnotes
 * are left out: they cost about a third of the parse time, and a bare URL links nothing to check.
 * And math, as the format reads it (create/text.mdx): `$…$` inline (a pair of dollar signs in prose
 * is math there too, so a literal one is written `\$`) and `$$` blocks.
 */
function gfmLite(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfmTable(), gfmStrikethrough(), gfmTaskListItem(), math());
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTaskListItemFromMarkdown(), mathFromMarkdown());
}

export const mdxParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(gfmLite).use(remarkMdx, { acorn: boundedAcorn });
const mdParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(gfmLite);

/**
 * How many times a broken line is blanked out and the MDX parse retried: at most 4, and no more
 * than 96 KB of text parsed again in all, so that a long broken page costs a few parses, not six.
 */
const MAX_RECOVERIES = 4;
const RECOVERY_CHARS = 96 * 1024;
const recoveriesFor = (chars: number) => Math.min(MAX_RECOVERIES, Math.floor(RECOVERY_CHARS / Math.max(1, chars)));

interface Place {
  line: number;
  column: number;
  offset?: number;
}

interface ParseFailure {
  reason?: string;
  message?: string;
  place?: Place | { start: Place; end: Place } | null;
  line?: number;
  column?: number;
  /** acorn's own error, for an expression or import/export it could not read. */
  cause?: { message?: string };
}

function failureStart(e: ParseFailure, index: LineIndex): number {
  const place = e.place && 'start' in e.place ? e.place.start : e.place;
  if (place?.offset !== undefined) return place.offset;
  if (place) return index.offsetAt({ line: place.line - 1, character: place.column - 1 });
  if (e.line) return index.offsetAt({ line: e.line - 1, character: (e.column ?? 1) - 1 });
  return 0;
}

interface Failure {
  problem: SyntaxProblem;
  /** The span to blank out before parsing again. */
  blank: [number, number];
}

function lineSpan(text: string, offset: number): [number, number] {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return [start, end < 0 ? text.length : end];
}

/** The length of the character at `offset`: a line break "\r\n" counts as one. */
const charLength = (text: string, offset: number) => (text.startsWith('\r\n', offset) ? 2 : 1);

/** Turns a parser error into one located problem (with what to blank out to read the rest). */
function describe(e: ParseFailure, text: string, index: LineIndex): Failure {
  const nesting = /nests deeper/.test(e.cause?.message ?? '') ? `: ${e.cause!.message!.replace(/ \(\d+:\d+\)$/, '')}` : '';
  const reason = (e.reason ?? e.message ?? String(e)).replace(/\s+/g, ' ').trim();
  const reasonShown = nesting ? reason.replace(/\.?$/, nesting) : reason;
  const offset = failureStart(e, index);
  // "Expected a closing tag for `<Steps>` (3:1-3:8)": the position of the opening tag is in the text.
  const unclosed = /Expected a closing tag for `<([^>`\s]*)[^`]*>` \((\d+):(\d+)-(\d+):(\d+)\)/.exec(reason);
  if (unclosed) {
    const [, tag, l1, c1, l2, c2] = unclosed;
    const start = index.offsetAt({ line: +l1 - 1, character: +c1 - 1 });
    const end = index.offsetAt({ line: +l2 - 1, character: +c2 - 1 });
    return {
      problem: {
        kind: 'unclosed-tag',
        tag,
        message: `<${tag}> is never closed: add </${tag}> after its content, or write <${tag} /> if it has none.`,
        range: index.range(start, end - start),
      },
      blank: [start, end],
    };
  }
  if (/before name/.test(reason) && text[offset - 1] === '<') {
    return {
      problem: {
        kind: 'unexpected-lt',
        message: `"<" starts a component or HTML tag in MDX, but "${text.slice(offset - 1, offset + 1)}" is not one. Write \\< or &lt; for a literal "<".`,
        range: index.range(offset - 1, 1),
      },
      blank: [offset - 1, offset],
    };
  }
  if (/import\/exports/.test(reason)) {
    return {
      problem: {
        kind: 'other',
        message: `This import or export cannot be read as JavaScript (${reasonShown.replace(/\.$/, '')}).`,
        range: index.range(offset, charLength(text, offset)),
      },
      blank: lineSpan(text, offset),
    };
  }
  if (/in expression|closing brace|acorn|Could not parse expression/i.test(reason)) {
    const brace = text.lastIndexOf('{', offset);
    const start = brace >= 0 ? brace : offset;
    return {
      problem: {
        kind: 'unexpected-brace',
        message: `"{" starts a JavaScript expression in MDX, and this one cannot be read (${reasonShown.replace(/\.$/, '')}). Write \\{ for a literal brace.`,
        range: index.range(start, charLength(text, start)),
      },
      blank: lineSpan(text, start),
    };
  }
  if (/^Unexpected end of file|attribute|end of the tag/.test(reason)) {
    // A tag that is never finished: point at where it starts.
    const tagStart = text.slice(0, offset).search(/<[A-Za-z][^<>]*$/);
    if (tagStart >= 0) {
      const name = /^<([\w.-]+)/.exec(text.slice(tagStart))?.[1] ?? '';
      return {
        problem: {
          kind: 'other',
          message: `The tag <${name} is never finished: end it with ">" or "/>" (${reason.replace(/\.$/, '')}).`,
          range: index.range(tagStart, name.length + 1),
        },
        blank: [tagStart, offset],
      };
    }
  }
  return {
    problem: {
      kind: 'other',
      message: `This MDX cannot be read: ${reason}`,
      range: index.range(offset, Math.min(charLength(text, offset), text.length - offset)),
    },
    blank: lineSpan(text, offset),
  };
}

/** Opening tags named `tag` beyond its closing tags (a rough count: enough to see a retry is hopeless). */
function unclosedCount(text: string, tag: string): number {
  if (!/^[\w.:-]*$/.test(tag)) return 0;
  const name = tag.replace(/[.]/g, '\\.');
  const opens = text.match(new RegExp(`<${name}(?=[\\s>])[^<>]*(?<!/)>`, 'g'))?.length ?? 0;
  const closes = text.match(new RegExp(`</${name}\\s*>`, 'g'))?.length ?? 0;
  return opens - closes;
}

/** Replaces characters with spaces (keeping offsets and line breaks) so the rest can be parsed. */
function blank(text: string, [start, end]: [number, number]): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ') + text.slice(end);
}

/** Whether `tree` nests deeper than `limit` levels (the root is level 1); one iterative walk. */
export function deeperThan(tree: Node, limit: number): boolean {
  const nodes: Node[] = [tree];
  const depths: number[] = [1];
  while (nodes.length) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    const children = (node as Parent).children;
    if (children) {
      for (const child of children) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

function parseTree(text: string, index: LineIndex): { tree: Root; mdx: boolean; error?: SyntaxProblem } {
  let attempt = text;
  let first: SyntaxProblem | undefined;
  const recoveries = recoveriesFor(text.length);
  for (let i = 0; i <= recoveries; i++) {
    try {
      const tree = mdxParser.parse(attempt);
      return { tree, mdx: true, error: first };
    } catch (e) {
      const failure = describe(e as ParseFailure, attempt, index);
      first ??= failure.problem;
      // More unclosed tags of this name than retries left: blanking one at a time cannot succeed.
      if (failure.problem.kind === 'unclosed-tag' && unclosedCount(attempt, failure.problem.tag ?? '') > recoveries - i) break;
      const next = blank(attempt, failure.blank);
      if (next === attempt) break;
      attempt = next;
    }
  }
  return { tree: mdParser.parse(text), mdx: false, error: first };
}

function readFrontMatter(tree: Root, text: string, index: LineIndex): FrontMatter {
  const node = tree.children[0];
  const fm: FrontMatter = { present: false, data: {}, keys: new Map() };
  if (node?.type !== 'yaml' || node.position?.start.offset === undefined || node.position.end.offset === undefined) return fm;
  const blockStart = node.position.start.offset;
  fm.present = true;
  fm.range = index.range(blockStart, node.position.end.offset - blockStart);
  const contentStart = text.indexOf('\n', blockStart) + 1;
  let value: unknown;
  try {
    value = loadYaml(node.value);
  } catch (e) {
    const mark = (e as { mark?: { position?: number }; reason?: string }).mark;
    const at = contentStart + Math.min(mark?.position ?? 0, node.value.length);
    const lineEnd = text.indexOf('\n', at);
    let length = Math.max(1, (lineEnd < 0 ? text.length : lineEnd) - at);
    // At the end of a line: the line break, "\r\n" whole (the same range as for "\n").
    if (length === 1 && text.startsWith('\r\n', at)) length = 2;
    fm.error = { message: (e as { reason?: string }).reason ?? String(e), range: index.range(at, length) };
    return fm;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) fm.data = value as Record<string, unknown>;
  else if (value !== null && value !== undefined) {
    fm.error = {
      message: 'Front matter must be a YAML mapping of keys to values (title: …, description: …).',
      range: index.range(contentStart, node.value.length),
    };
  }
  // Ranges of top-level keys (bare, or quoted as meta tags with colons are) and of the value on their line.
  for (const m of node.value.matchAll(/^(?:(["'])([^"'\n]+)\1|([A-Za-z_][\w:.-]*?))[ \t]*:(?:[ \t]+(.*))?$/gm)) {
    const name = m[2] ?? m[3];
    const keyStart = contentStart + m.index + (m[1] ? 1 : 0);
    const value = trimEndOf(m[4] ?? '', ' \t');
    const valueStart = contentStart + m.index + m[0].trimEnd().length - value.length;
    if (!fm.keys.has(name)) fm.keys.set(name, { key: index.range(keyStart, name.length), value: index.range(valueStart, value.length) });
  }
  return fm;
}

const FRONT_MATTER_BLOCK = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The front matter of a page as data, read straight from the text (no Markdown parse): what the
 * navigation needs of every page. Empty when there is none, or when it is not a valid mapping (the
 * checks report that from the full parse).
 */
export function frontMatterData(text: string): Record<string, unknown> {
  const block = FRONT_MATTER_BLOCK.exec(text);
  if (!block) return {};
  try {
    const value: unknown = loadYaml(block[1]);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// The text before the id is a greedy run checked in code: a lazy one before `[ \t]+` is quadratic on long lines.
const CUSTOM_ID = /^(#{1,6}[ \t])(.*)\{#([A-Za-z0-9_:.-]+)\}[ \t]*$/gm;

/** Blanks out `{#id}` at the end of heading lines (MDX would read it as an expression). */
function takeCustomIds(text: string, index: LineIndex): { text: string; ids: Map<number, string> } {
  const ids = new Map<number, string>();
  if (!text.includes('{#')) return { text, ids };
  const out = text.replace(CUSTOM_ID, (whole, start: string, middle: string, id: string, offset: number) => {
    // The heading's text, then at least one space or tab before the id.
    const rest = trimEndOf(middle, ' \t');
    if (rest.length === middle.length) return whole;
    const heading = start + rest;
    ids.set(index.positionAt(offset).line, id);
    return heading + ' '.repeat(whole.length - heading.length);
  });
  return { text: out, ids };
}

/**
 * Markers of nesting so deep that the Markdown parser slows down far beyond linear time: a line that
 * opens dozens of lists or block quotes at once (`1. 1. 1. …`, `> > > …`, `>>>…`), or a list item indented
 * by over a hundred columns (dozens of nested lists).
 */
const PATHOLOGICAL_NESTING = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]*){40}|^[ \t]{120,}(?:[-*+]|\d{1,9}[.)]|>)[ \t]/m;

/**
 * Inline markers (`*`, `_`, `` ` ``, `[`) outside fenced code above which a page is not parsed: the
 * parser's work grows with them far faster than with plain text (the largest real pages hold about
 * 3,000), and a bound on the input, unlike one on the clock, gives the same answer on any machine.
 */
export const MAX_INLINE_MARKERS = 50_000;

function isMarker(c: number): boolean {
  return c === 42 || c === 95 || c === 96 || c === 91;
}

/** Whether `text` holds over MAX_INLINE_MARKERS inline markers outside fenced code blocks. */
function tooManyMarkers(text: string): boolean {
  let all = 0;
  for (let i = 0; i < text.length; i++) if (isMarker(text.charCodeAt(i))) all++;
  if (all <= MAX_INLINE_MARKERS) return false;
  let n = 0;
  let fence = '';
  for (const line of text.split('\n')) {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (!fence) fence = open[1][0];
      else if (open[1][0] === fence) fence = '';
      continue;
    }
    if (fence) continue;
    for (let i = 0; i < line.length; i++) if (isMarker(line.charCodeAt(i))) n++;
    if (n > MAX_INLINE_MARKERS) return true;
  }
  return false;
}

/** A page not read in full: only its front matter (an empty tree beside it). */
function skipped(path: string, text: string, index: LineIndex, reason: SkippedPage['reason'], limit: number): PageDocument {
  const fm = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(text)?.[0] ?? '';
  const tree = mdParser.parse(fm);
  return {
    path,
    text,
    index,
    tree,
    mdx: false,
    frontmatter: readFrontMatter(tree, text, index),
    tooLarge: { reason, bytes: text.length, limit },
    customIds: new Map(),
  };
}

/** The page that stands for `text` when its tree cannot be used (too deep, too slow), or undefined. */
export function skippedFor(path: string, text: string, index: LineIndex, tree: Root | undefined): PageDocument | undefined {
  if (tree === undefined) return skipped(path, text, index, 'time', parseTimeLimit(text.length));
  if (deeperThan(tree, MAX_TREE_DEPTH)) return skipped(path, text, index, 'depth', MAX_TREE_DEPTH);
  return undefined;
}

/** Runs the parse of `chars` characters under the time limit; undefined when it was stopped. */
export function withinParseLimit<T>(chars: number, parse: () => T): T | undefined {
  try {
    return runWithinCpu(parseTimeLimit(chars), parse);
  } catch (e) {
    if (e instanceof TimeLimitExceeded) return undefined;
    throw e;
  }
}

/**
 * Runs `work`, which parses pages with parsePage, on each item under one time limit for the lot
 * (runEachWithin; the smallest page limit): the same pages as one limit each, for less work.
 */
export function eachWithinParseLimit<T>(items: readonly T[], work: (item: T) => void): void {
  runEachWithin(PARSE_TIME_BASE_MS, items, work);
}

/** Whether parsePage reads `text` in full: not too large, no pathological nesting on a line. */
export function readsInFull(text: string): boolean {
  return text.length <= MAX_PAGE_CHARS && !PATHOLOGICAL_NESTING.test(text) && !tooManyMarkers(text);
}

export function parsePage(path: string, text: string): PageDocument {
  if (text.charCodeAt(0) === 0xfeff) return withByteOrderMark(parsePage(path, text.slice(1)), text);
  const index = new LineIndex(text);
  if (text.length > MAX_PAGE_CHARS) return skipped(path, text, index, 'size', MAX_PAGE_CHARS);
  if (PATHOLOGICAL_NESTING.test(text)) return skipped(path, text, index, 'nesting', 40);
  if (tooManyMarkers(text)) return skipped(path, text, index, 'markers', MAX_INLINE_MARKERS);
  const custom = takeCustomIds(text, index);
  const parsed = withinParseLimit(text.length, () => parseTree(custom.text, index));
  const skip = skippedFor(path, text, index, parsed?.tree);
  if (skip || !parsed) return skip!;
  const { tree, mdx, error } = parsed;
  return { path, text, index, tree, mdx, frontmatter: readFrontMatter(tree, text, index), syntaxError: error, customIds: custom.ids };
}

/**
 * The page of `text` (which starts with a byte order mark) from the parse of the text after it: the
 * parser skips the mark without counting it, so every position moves one character on.
 */
function withByteOrderMark(page: PageDocument, text: string): PageDocument {
  const seen = new Set<object>();
  const stack: unknown[] = [page.tree];
  while (stack.length) {
    const n = stack.pop();
    if (!n || typeof n !== 'object' || seen.has(n)) continue;
    seen.add(n);
    const node = n as {
      position?: { start: Place; end: Place };
      start?: unknown;
      end?: unknown;
      range?: unknown;
      loc?: { start: { line: number; column: number }; end: { line: number; column: number } };
    };
    if (node.position) {
      for (const p of [node.position.start, node.position.end]) {
        if (p.offset !== undefined) p.offset++;
        if (p.line === 1) p.column++;
      }
    }
    // estree nodes (data.estree of ESM and expressions): offsets, ranges and 0-based columns.
    if (typeof node.start === 'number' && typeof node.end === 'number') {
      node.start++;
      node.end++;
      if (Array.isArray(node.range)) node.range = [node.range[0] + 1, node.range[1] + 1];
      if (node.loc) for (const p of [node.loc.start, node.loc.end]) if (p.line === 1) p.column++;
    }
    for (const v of Object.values(n)) if (v && typeof v === 'object') stack.push(v);
  }
  const index = new LineIndex(text);
  const onFirstLine = (r: Range): Range => ({
    start: r.start.line === 0 ? { line: 0, character: r.start.character + 1 } : r.start,
    end: r.end.line === 0 ? { line: 0, character: r.end.character + 1 } : r.end,
  });
  return {
    ...page,
    text,
    index,
    frontmatter: readFrontMatter(page.tree, text, index),
    syntaxError: page.syntaxError && { ...page.syntaxError, range: onFirstLine(page.syntaxError.range) },
  };
}

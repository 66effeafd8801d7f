// The prose of a page as the reader sees it, for every rule that reads prose (spelling, the prose
// hints, a style engine): blocks (a heading, a paragraph, a list item, a table cell, an image's alt
// text, a front matter title or description, a component's prose attribute), each holding runs of
// text with their exact offsets in the page's source. Code, inline code, math, expressions,
// import/export, HTML comments, URLs of links and images, component and attribute names and the
// values of other attributes are never prose. A run is text written as it reads: where the source
// differs from the text (an escape such as `\*`, an entity such as `&amp;`, a continuation line's
// indent), the run ends and the next begins after it, so `page.text.slice(offset, offset +
// text.length) === text` always holds and findings land on the letters written.
import type { Node, Parent } from 'unist';
import type { PageDocument } from './parse';
import { isJsxElement, jsxAttributes } from './jsx';

export type ProseKind = 'heading' | 'paragraph' | 'list-item' | 'table-cell' | 'image-alt' | 'front-matter' | 'attribute';

/** An inline mark around a run (Vale's scopes of the same names). */
export type ProseMark = 'link' | 'emphasis' | 'strong' | 'delete';

export interface ProseRun {
  /** The text, exactly as the source holds it at `offset`. */
  text: string;
  /** Offset of the text's first character in the page's text (front matter included). */
  offset: number;
  marks: readonly ProseMark[];
  /** Inside a link: its destination as written. */
  href?: string;
}

export interface ProseBlock {
  kind: ProseKind;
  /** `heading`: its level, 1 to 6. */
  depth?: number;
  /** `table-cell`: in the table's first (header) row. */
  header?: boolean;
  /** `front-matter`: the key (`title`, `description`, `sidebarTitle`); `attribute`: the attribute's name. */
  field?: string;
  /** The nearest component (JSX element) the block is in, or whose attribute it is. */
  component?: string;
  /** `attribute`: the element's `href`, when it has one (a card's title names what it links to). */
  href?: string;
  /** Inside a list or a blockquote, at any depth. */
  list?: boolean;
  quote?: boolean;
  /** Offsets in the page's text of what the block covers. */
  start: number;
  end: number;
  runs: ProseRun[];
  /**
   * Inline content the reader sees among the runs that is not prose (inline code, math, an
   * expression other than a comment, an element without text such as `<Icon />`), as source
   * ranges: a style check reads each as a placeholder.
   */
  holes?: { start: number; end: number }[];
}

/** Front matter keys whose string values the reader sees as prose. */
export const PROSE_FRONT_MATTER = ['title', 'description', 'sidebarTitle'] as const;

/** Component attributes whose string values the reader sees as prose (a card's title, a tooltip, an image's alt text). */
export const PROSE_ATTRIBUTES: ReadonlySet<string> = new Set(['title', 'description', 'alt', 'tip', 'caption']);

/** Elements whose content is not prose: code, keys, math, diagrams, raw style and script. */
const NOT_PROSE_ELEMENTS: ReadonlySet<string> = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'script', 'style', 'svg', 'math', 'Latex', 'Mermaid']);

/** Nodes whose content is never prose. */
const SKIPPED_NODES: ReadonlySet<string> = new Set([
  'code',
  'inlineCode',
  'math',
  'inlineMath',
  'html',
  'yaml',
  'definition',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
]);

/** Skipped nodes that stand in a block's text flow. */
const INLINE_HOLES: ReadonlySet<string> = new Set(['inlineCode', 'inlineMath', 'mdxTextExpression']);

const MARKS: Record<string, ProseMark> = { link: 'link', linkReference: 'link', emphasis: 'emphasis', strong: 'strong', delete: 'delete' };

interface Context {
  block?: ProseBlock;
  marks: ProseMark[];
  href?: string;
  component?: string;
  list: boolean;
  quote: boolean;
  /** The node is a list item's own paragraph (not a nested block). */
  inListItem: boolean;
  header: boolean;
  /** Inside an HTML table cell (`td`, `th`) whose block is open: its first paragraph is the cell's text. */
  cell?: string;
}

const memo = new WeakMap<PageDocument, ProseBlock[]>();

/** The prose blocks of a page, in document order (front matter first). */
export function proseBlocks(page: PageDocument): ProseBlock[] {
  let blocks = memo.get(page);
  if (!blocks) {
    blocks = [...frontMatterBlocks(page), ...bodyBlocks(page)];
    memo.set(page, blocks);
  }
  return blocks;
}

function frontMatterBlocks(page: PageDocument): ProseBlock[] {
  const out: ProseBlock[] = [];
  for (const field of PROSE_FRONT_MATTER) {
    const value = page.frontmatter.data[field];
    const at = page.frontmatter.keys.get(field)?.value;
    if (typeof value !== 'string' || !at) continue;
    let start = page.index.offsetAt(at.start);
    let end = page.index.offsetAt(at.end);
    const q = page.text[start];
    if ((q === '"' || q === "'") && end - start >= 2 && page.text[end - 1] === q) {
      start++;
      end--;
    }
    out.push({ kind: 'front-matter', field, start, end, runs: alignedRuns(value, page.text, start, end, []) });
  }
  return out;
}

function bodyBlocks(page: PageDocument): ProseBlock[] {
  const out: ProseBlock[] = [];
  const open = (node: Node, kind: ProseKind, ctx: Context, extra: Partial<ProseBlock> = {}): ProseBlock | undefined => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    const block: ProseBlock = { kind, start, end, runs: [], ...extra };
    if (ctx.component) block.component = ctx.component;
    if (ctx.list) block.list = true;
    if (ctx.quote) block.quote = true;
    out.push(block);
    return block;
  };
  const visit = (node: Node, ctx: Context): void => {
    if (SKIPPED_NODES.has(node.type)) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const comment = node.type === 'mdxTextExpression' && /^\s*\/\*[\s\S]*\*\/\s*$/.test((node as Node & { value: string }).value);
      if (ctx.block && INLINE_HOLES.has(node.type) && !comment && start !== undefined && end !== undefined) (ctx.block.holes ??= []).push({ start, end });
      return;
    }
    if (node.type === 'text') {
      const value = (node as Node & { value: string }).value;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      // Text outside any block (a component's loose text) reads as a paragraph of its own.
      const block = ctx.block ?? open(node, 'paragraph', ctx);
      if (block && start !== undefined && end !== undefined) {
        const runs = alignedRuns(value, page.text, start, end, ctx.marks);
        if (ctx.href !== undefined) for (const r of runs) r.href = ctx.href;
        block.runs.push(...runs);
      }
      return;
    }
    if (node.type === 'image' || node.type === 'imageReference') {
      const alt = (node as Node & { alt?: string | null }).alt;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (!alt || start === undefined || end === undefined) return;
      const altStart = page.text.indexOf('[', start) + 1;
      if (altStart <= 0 || altStart >= end) return;
      const block = open(node, 'image-alt', ctx);
      if (block) block.runs = alignedRuns(alt, page.text, altStart, end, []);
      return;
    }
    let next = ctx;
    if (isJsxElement(node)) {
      const name = node.name ?? undefined;
      // Inside a block, inline code as an element (`<code>`) or an element without text (`<Icon />`) stands in the text flow.
      const empty = !(node as Parent).children?.length && name !== 'br' && name !== 'wbr';
      if (node.type === 'mdxJsxTextElement' && ctx.block && ((name && NOT_PROSE_ELEMENTS.has(name)) || empty)) {
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        if (start !== undefined && end !== undefined) (ctx.block.holes ??= []).push({ start, end });
      }
      if (name && NOT_PROSE_ELEMENTS.has(name)) return;
      const attributes = jsxAttributes(node, page.text);
      const href = attributes.find((a) => a.name === 'href')?.value;
      for (const a of attributes) {
        if (!PROSE_ATTRIBUTES.has(a.name) || typeof a.value !== 'string' || !a.valueOffset) continue;
        const { start, end } = a.valueOffset;
        const block: ProseBlock = { kind: 'attribute', field: a.name, start, end, runs: alignedRuns(a.value, page.text, start, end, []) };
        if (name) block.component = name;
        if (typeof href === 'string') block.href = href;
        if (ctx.list) block.list = true;
        if (ctx.quote) block.quote = true;
        out.push(block);
      }
      // Inline components (`<Tooltip>`) keep the block they sit in; block components start afresh.
      next =
        node.type === 'mdxJsxTextElement'
          ? { ...ctx, component: name ?? ctx.component }
          : { ...ctx, block: undefined, component: name ?? ctx.component, inListItem: false };
      // An HTML table's cell reads as a Markdown table's (its text, or its paragraphs).
      if (name === 'td' || name === 'th')
        next = { ...next, marks: [], cell: name, block: open(node, 'table-cell', ctx, name === 'th' ? { header: true } : {}) };
    } else if (node.type === 'heading') {
      next = { ...ctx, marks: [], block: open(node, 'heading', ctx, { depth: (node as Node & { depth: number }).depth }) };
    } else if (node.type === 'paragraph') {
      if (ctx.cell && ctx.block?.kind === 'table-cell' && ctx.block.runs.length === 0) next = { ...ctx, cell: undefined };
      else next = { ...ctx, marks: [], block: open(node, ctx.inListItem ? 'list-item' : 'paragraph', ctx), inListItem: false, cell: undefined };
    } else if (node.type === 'tableCell') {
      next = { ...ctx, marks: [], block: open(node, 'table-cell', ctx, ctx.header ? { header: true } : {}) };
    } else if (node.type === 'list') {
      next = { ...ctx, list: true, block: undefined, inListItem: false };
    } else if (node.type === 'listItem') {
      next = { ...ctx, list: true, block: undefined, inListItem: true };
    } else if (node.type === 'blockquote') {
      next = { ...ctx, quote: true, block: undefined, inListItem: false };
    } else if (MARKS[node.type]) {
      next = { ...ctx, marks: [...ctx.marks, MARKS[node.type]] };
      if (node.type === 'link') next.href = (node as Node & { url: string }).url;
    }
    const children = (node as Parent).children;
    if (!children) return;
    if (node.type === 'table') {
      children.forEach((row, i) => visit(row, { ...next, header: i === 0 }));
      return;
    }
    for (const child of children) visit(child, next);
  };
  visit(page.tree, { marks: [], list: false, quote: false, inListItem: false, header: false });
  // In document order: a component's attributes come before its content, an image after the text before it.
  return out.sort((a, b) => a.start - b.start);
}

/** An entity reference as the source may write one (`&amp;`, `&#39;`, `&#x27;`). */
const ENTITY = /^&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/**
 * The parts of `value` (text as parsed) that the source between `start` and `end` holds as written:
 * an escape, an entity or a line's leading indentation or quote markers end a run and are stepped
 * over. Stops where the two can no longer be matched up (what was read so far stays).
 */
export function alignedRuns(value: string, source: string, start: number, end: number, marks: readonly ProseMark[]): ProseRun[] {
  const runs: ProseRun[] = [];
  let i = 0;
  let j = start;
  let runI = -1;
  let runJ = -1;
  const close = () => {
    if (runI >= 0 && i > runI) runs.push({ text: value.slice(runI, i), offset: runJ, marks });
    runI = -1;
  };
  while (i < value.length && j < end) {
    const s = source[j];
    if (s === '\\' && j + 1 < end && ASCII_PUNCTUATION.test(source[j + 1]) && value[i] === source[j + 1]) {
      close();
      j++;
      continue;
    }
    if (s === '&') {
      const m = ENTITY.exec(source.slice(j, j + 40));
      // Unless the text holds the reference as written (it was escaped: `\&amp;`).
      if (m && !value.startsWith(m[0], i)) {
        close();
        j += m[0].length;
        i += (value.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
        continue;
      }
    }
    if (s === value[i]) {
      if (runI < 0) {
        runI = i;
        runJ = j;
      }
      i++;
      j++;
      continue;
    }
    // A line break the parser read as a space, or a continuation line's indentation and quote markers.
    if (s === '\n' || s === '\r' || s === ' ' || s === '\t' || s === '>') {
      close();
      if (value[i] === ' ' && (s === '\n' || s === '\r')) i++;
      j++;
      continue;
    }
    break;
  }
  close();
  return runs;
}

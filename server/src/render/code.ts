// Code fences as the format documents them (mintlify/docs create/code.mdx at 3bbce7aa1abf): the meta
// after the language holds a title (bare words or `title="…"`), `icon=`, `{1,3-5}` or
// `highlight=`, `focus=`, and the flags `lines`, `wrap`, `expandable`, `nocopy`, `twoslash`;
// values are quoted with "", '' or {} or bare. The code may mark lines with `[!code ++]` /
// `[!code --]` comments (Shiki's notation). ```` ```mermaid ```` fences are diagrams (see mermaidBlock).
import type { Element, ElementContent, Properties } from 'hast';
import type { Code } from 'mdast';
import { hasNotation, plainHighlighter, plainLines, type Highlighter } from './highlight';
import { iconElement, type IconLibrary } from './icons';
import { own } from './sanitize';

export interface FenceOptions {
  title?: string;
  icon?: string;
  /** 1-based line numbers. */
  highlight?: number[];
  focus?: number[];
  lines?: boolean;
  wrap?: boolean;
  expandable?: boolean;
  nocopy?: boolean;
  /** Other `key=value` attributes (Mermaid's `placement`, `actions`), values unquoted. */
  attributes: Record<string, string>;
}

/** Bare words that are options, not part of the title. */
const FLAGS = new Set(['lines', 'wrap', 'expandable', 'nocopy', 'twoslash']);
/** One meta token: `key=value` (value quoted "…", '…', braced {…} or bare), `{…}`, or a bare word. */
const TOKEN = /([\w-]+)=("[^"]*"|'[^']*'|\{[^}]*\}|\S*)|\{([^}]*)\}|(\S+)/g;

/** Reads a fence's meta string. */
export function parseFenceMeta(meta: string | undefined): FenceOptions {
  const out: FenceOptions = { attributes: {} };
  if (!meta) return out;
  const title: string[] = [];
  for (const m of meta.matchAll(TOKEN)) {
    const [, key, rawValue, braced, word] = m;
    if (key !== undefined) {
      const value = unquote(rawValue);
      const k = key.toLowerCase();
      if (k === 'title') out.title = value || undefined;
      else if (k === 'icon') out.icon = value || undefined;
      else if (k === 'highlight') out.highlight = lineList(value);
      else if (k === 'focus') out.focus = lineList(value);
      else if (FLAGS.has(k)) setFlag(out, k, value !== 'false');
      else out.attributes[key] = value;
    } else if (braced !== undefined) {
      out.highlight = [...(out.highlight ?? []), ...lineList(braced)];
    } else if (word !== undefined) {
      if (FLAGS.has(word)) setFlag(out, word, true);
      else title.push(word);
    }
  }
  if (out.title === undefined && title.length) out.title = title.join(' ');
  return out;
}

function setFlag(out: FenceOptions, flag: string, on: boolean): void {
  if (flag === 'lines' || flag === 'wrap' || flag === 'expandable' || flag === 'nocopy') out[flag] = on;
}

function unquote(v: string): string {
  return /^(["'{]).*(["'}])$/s.test(v) && v.length >= 2 ? v.slice(1, -1).trim() : v;
}

/** `1,3-5`, `[1,3,4,5]`, `{2,4-5}` -> line numbers (at most 10,000 of them). */
export function lineList(value: string): number[] {
  const out: number[] = [];
  for (const part of value.replace(/[[\]{}\s]/g, '').split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = Math.min(m[2] === undefined ? from : Number(m[2]), from + 10_000);
    for (let n = from; n <= to && out.length < 10_000; n++) out.push(n);
  }
  return out;
}

/** The title of a fence from its meta string: `index.js`, `Terminal`, `title="…"` (options left out). */
export function codeTitle(meta: string | undefined): string | undefined {
  return parseFenceMeta(meta).title;
}

/** Blocks longer than this many lines are shown folded when `expandable`. */
export const EXPANDABLE_LINES = 12;

/**
 * A fenced code block: title bar (icon, file name, copy button) or a floating copy button, Shiki lines. Options
 * come from the meta string, or from the CodeBlock component's props (`props`). A block with no
 * option and no diff notation is written exactly as before options existed. `plain`: shown without
 * highlighting (over the page's bound: pages/code-highlight.ts `plainBlocks`).
 */
export function codeBlock(
  code: string,
  lang: string | undefined,
  meta: string | FenceOptions | undefined,
  titleOverride?: string,
  props?: Partial<FenceOptions>,
  iconLibrary?: IconLibrary,
  highlighter: Highlighter = plainHighlighter(),
  plain = false,
): Element {
  const parsed = typeof meta === 'string' || meta === undefined ? parseFenceMeta(meta) : meta;
  const o: FenceOptions = { ...parsed, ...props, attributes: parsed.attributes };
  if (lang === 'nocopy') {
    // ```nocopy alone: plain text without a copy button.
    lang = undefined;
    o.nocopy = true;
  }
  if (lang?.toLowerCase() === 'mermaid') return mermaidBlock(code);
  const title = titleOverride ?? o.title;
  // As the format's CodeBlock (@mintlify/components code-block.js): a header only for a title or an
  // icon, never the language; otherwise the copy button floats over the code's top right corner.
  const header: ElementContent[] = [];
  const icon = iconElement(o.icon, undefined, 'dw-code-icon', iconLibrary);
  if (icon) header.push(icon);
  if (title) header.push({ type: 'element', tagName: 'span', properties: { className: ['dw-code-title'] }, children: [{ type: 'text', value: title }] });
  const copy = o.nocopy ? undefined : copyButton();
  const classes = ['dw-codeblock'];
  if (o.lines) classes.push('dw-code-lines');
  if (o.wrap) classes.push('dw-code-wrap');
  const lineCount = o.expandable ? code.split('\n').length : 0;
  if (lineCount > EXPANDABLE_LINES) classes.push('dw-code-expandable');
  const marks = { highlight: o.highlight, focus: o.focus };
  const marked = !!(o.highlight?.length || o.focus?.length) || hasNotation(code);
  // Lines as rows (backgrounds and numbers across the scroll width): only where lines are marked or numbered.
  if (marked || o.lines) classes.push('dw-code-rows');
  const props2: Properties = { className: classes };
  if (title) props2.dataTitle = title;
  if (lang) props2.dataLang = lang;
  const lines = plain
    ? { html: plainLines(code), preClasses: [] }
    : marked
      ? highlighter.markedHtml(code, lang, marks)
      : { html: highlighter.highlightHtml(code, lang), preClasses: [] };
  const top: Element | undefined = header.length
    ? { type: 'element', tagName: 'div', properties: { className: ['dw-code-header'] }, children: copy ? [...header, copy] : header }
    : copy && { type: 'element', tagName: 'div', properties: { className: ['dw-code-floating'] }, children: [copy] };
  const children: ElementContent[] = [
    ...(top ? [top] : []),
    {
      type: 'element',
      tagName: 'pre',
      properties: { className: ['shiki', ...lines.preClasses] },
      // The highlighted lines go in after sanitising (see ElementData.docwrightHighlighted).
      children: [
        own(
          {
            type: 'element',
            tagName: 'code',
            properties: lang ? { className: [`language-${lang.replace(/[^\w+-]/g, '')}`] } : {},
            children: [],
            data: { docwrightHighlighted: lines.html },
          },
          o.nocopy ? {} : { dataDwCopySource: '' },
        ),
      ],
    },
  ];
  if (lineCount > EXPANDABLE_LINES) {
    // media/docwright.js unfolds the block (event delegation; no script in the page).
    children.push(
      own(
        {
          type: 'element',
          tagName: 'button',
          properties: { type: 'button', className: ['dw-code-expand'], ariaExpanded: 'false' },
          children: [{ type: 'text', value: `Show all ${lineCount} lines` }],
        },
        { dataDwCodeExpand: '' },
      ),
    );
  }
  // The hooks of media/docwright.js are reserved attributes (sanitize.ts `own`): page content cannot forge a copy button.
  return own({ type: 'element', tagName: 'div', properties: props2, children }, { dataDwCodeblock: '' });
}

/** The format's copy control (@mintlify/components copy-button.js): an icon button named by its aria-label, no text. */
function copyButton(): Element {
  return own(
    {
      type: 'element',
      tagName: 'button',
      properties: { type: 'button', className: ['dw-copy'], ariaLabel: 'Copy the contents from the code block' },
      // media/docwright.js shows the check mark once the code is copied.
      children: [chromeIcon('copy', 'dw-copy-icon'), chromeIcon('check', 'dw-copied-icon')],
    },
    { dataDwCopy: '' },
  );
}

/** A Lucide icon of the chrome by a name Lucide has (the placeholder if it ever had none). */
export function chromeIcon(name: string, className: string): Element {
  return iconElement(name, undefined, className, 'lucide') ?? { type: 'element', tagName: 'span', properties: { className: [className] }, children: [] };
}

/**
 * A Mermaid diagram: its source as text, drawn into SVG in the reader's browser by
 * media/docwright.js, which loads the mermaid library only on pages that hold one (the layout
 * needs a DOM). Until then, and without scripts, the source shows as code.
 */
export function mermaidBlock(code: string): Element {
  const source: Element = own(
    {
      type: 'element',
      tagName: 'pre',
      properties: { className: ['dw-mermaid-source'] },
      children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: code }] }],
    },
    { dataDwMermaidSource: '' },
  );
  return own({ type: 'element', tagName: 'div', properties: { className: ['dw-mermaid'] }, children: [source] }, { dataDwMermaid: '' });
}

/**
 * A fence for the page's Markdown copy: the code as a reader copies it from the page (diff
 * notation comments taken out) and only the title kept of the meta, since line marks, numbers,
 * wrapping and icons mean nothing in plain Markdown. Undefined when the fence is fine as written.
 */
export function plainFence(node: Code): Code | undefined {
  if (node.lang?.toLowerCase() === 'mermaid') return undefined;
  const notation = hasNotation(node.value);
  const o = parseFenceMeta(node.meta ?? undefined);
  const title = o.title && !/["{}=]/.test(o.title) ? o.title : undefined;
  const lang = node.lang === 'nocopy' ? undefined : node.lang;
  if (!notation && (node.meta ?? undefined) === title && lang === node.lang) return undefined;
  return {
    type: 'code',
    lang: lang ?? null,
    meta: title ?? null,
    value: notation ? plainHighlighter().notationFreeText(node.value, lang ?? undefined) : node.value,
    position: node.position,
  };
}

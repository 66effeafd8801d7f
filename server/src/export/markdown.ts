// A page as plain Markdown, for the `.md` copy beside each exported page and for llms-full.txt.
// The parsed MDX tree (never re-parsed) is mapped to standard mdast: components become the Markdown
// a reader (or a model) understands — callouts become block quotes with a bold label, steps a
// numbered list, tabs and accordions bold titles over their content, fields a line naming the
// field — imported snippets are inlined, ESM and comments dropped, and links point at the `.md`
// copies of other pages. mdast-util-to-markdown writes the result. Pure: no I/O.
import type { BlockContent, Code, Definition, Image, Link, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Strong, Text } from 'mdast';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemToMarkdown } from 'mdast-util-gfm-task-list-item';
import { mathToMarkdown } from 'mdast-util-math';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { toString } from 'mdast-util-to-string';
import type { Node, Parent } from 'unist';
import { findComponent, type MarkdownForm } from '../components/catalog';
import { STRIPPED_TAGS } from '../components/html-elements';
import { isJsxElement, type JsxElement } from '../pages/jsx';
import type { PageDocument } from '../pages/parse';
import { snippetFileRel } from '../site/imports';
import { pageId } from '../site/navigation';
import { attributeValues } from '../render/expressions';
import { apiField, codeBlockText, enterSnippet, expressionValue, pageFrame, str, type Attrs, type Frame } from '../render/mdx-walk';
import { isExternalUrl, resolveRel } from '../util/paths';
import { plainFence } from '../render/code';
import { append } from '../util/array';
import { singleLine } from '../util/controls';
import { isMarkdownFile } from '../util/page-files';

export interface MarkdownInput {
  page: PageDocument;
  /** Site-relative file of the page. */
  rel: string;
  /** A page id of the site -> the URL its Markdown copy has from this document; undefined: no such page. */
  pageUrl(id: string, hash?: string): string | undefined;
  /** A site file -> its URL from this document; undefined: no such file. */
  fileUrl(rel: string): string | undefined;
  /** A parsed snippet file (imports and `<Snippet file>`). */
  snippet(rel: string): PageDocument | undefined;
}

/** The Markdown walk's frame: the shared one, plus the file's text where its blocks' source can be kept (a clean MDX parse). */
interface MdFrame extends Frame<RootContent> {
  source?: string;
}

const text = (value: string): Text => ({ type: 'text', value });
const strong = (value: string): Strong => ({ type: 'strong', children: [text(value)] });
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'inlineMath',
  'break',
  'link',
  'image',
  'linkReference',
  'imageReference',
  'footnoteReference',
  'html',
]);
/** Source text kept as it is, standing for a block (toMarkdown writes `html` nodes verbatim). */
interface KeptBlock {
  type: 'html';
  value: string;
  data: { keptBlock: true; paragraph: boolean };
}
const isKept = (n: Node): n is KeptBlock => n.type === 'html' && (n.data as { keptBlock?: boolean } | undefined)?.keptBlock === true;
const isPhrasing = (n: Node) => PHRASING.has(n.type) && !isKept(n);
/** Blocks whose source can be kept when they hold no component or expression. */
const KEEPABLE = new Set(['paragraph', 'heading', 'code', 'math', 'list', 'table', 'blockquote', 'thematicBreak', 'definition']);

const TO_MARKDOWN: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  extensions: [gfmTableToMarkdown(), gfmStrikethroughToMarkdown(), gfmTaskListItemToMarkdown(), mathToMarkdown()],
};

function stringify(nodes: RootContent[]): string {
  const tree: Root = { type: 'root', children: blocks(nodes) };
  try {
    return toMarkdown(tree, TO_MARKDOWN).trim();
  } catch {
    // Never fail an export on one odd node: plain text is still readable.
    return toString(tree).trim();
  }
}

/**
 * The page body as Markdown (no title: see `markdownDocument`). Top-level blocks that hold no
 * component or expression are already Markdown: their source text is kept (links re-pointed), which
 * is both faithful and cheaper than writing them again; the rest is converted.
 */
export function pageMarkdown(input: MarkdownInput): string {
  const frame = withSource(pageFrame(input.page, input.rel), input.page);
  return stringify(convertAll(input.page.tree.children as Node[], frame, input));
}

const LINKED = new Set(['link', 'image', 'definition']);

/**
 * The source text of a block without components or expressions, its internal links pointed at the
 * export; undefined when the block needs converting (or a link cannot be located exactly).
 */
function sourceOf(node: Node, text: string, frame: MdFrame, input: MarkdownInput): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const edits: { from: number; to: number; url: string }[] = [];
  let plain = true;
  const walk = (n: Node): void => {
    if (!plain) return;
    if (n.type === 'mdxJsxTextElement' || n.type === 'mdxTextExpression') {
      // An inline component or expression in a paragraph: only its own span is converted.
      const inline = inlineMarkdown(n, frame, input);
      const from = n.position?.start.offset;
      const to = n.position?.end.offset;
      if (inline === undefined || from === undefined || to === undefined) plain = false;
      else edits.push({ from, to, url: inline });
      return;
    }
    if (n.type.startsWith('mdx') || (n.type === 'code' && plainFence(n as Code))) {
      plain = false;
      return;
    }
    if (LINKED.has(n.type)) {
      const url = (n as Link).url;
      const pointed = pointUrl(url, frame, input);
      if (pointed !== url) {
        const at = urlSpan(n, text, url);
        if (!at) {
          plain = false;
          return;
        }
        edits.push({ ...at, url: pointed });
      }
    }
    for (const c of (n as Parent).children ?? []) walk(c);
  };
  walk(node);
  if (!plain) return undefined;
  let out = '';
  let at = start;
  for (const e of edits.sort((a, b) => a.from - b.from)) {
    out += text.slice(at, e.from) + e.url;
    at = e.to;
  }
  out += text.slice(at, end);
  // A block inside a component is indented in the source: its later lines lose that indentation
  // (the Markdown around it indents them again where it needs to).
  const indent = (node.position?.start.column ?? 1) - 1;
  if (indent > 0 && out.includes('\n')) out = out.replace(new RegExp(`\\n[ \\t]{0,${indent}}`, 'g'), '\n');
  return out.trimEnd();
}

/** Text put into kept Markdown: every character Markdown could read as syntax is escaped. */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]<>#|~&]/g, '\\$&')
    .replace(/^([-+=])/, '\\$1')
    .replace(/\n/g, ' ');
}

/**
 * An inline component or expression as Markdown text to splice into its kept paragraph: plain text
 * (escaped), or the converted phrasing written by toMarkdown; undefined when it turns into blocks.
 */
function inlineMarkdown(node: Node, frame: MdFrame, input: MarkdownInput): string | undefined {
  const out = convert(node, frame, input);
  if (out.some((n) => !isPhrasing(n))) return undefined;
  if (out.every((n) => n.type === 'text')) return escapeMarkdown(out.map((n) => (n as Text).value).join(''));
  const written = stringify([paragraph(out as PhrasingContent[])]);
  return written.includes('\n\n') ? undefined : written;
}

/** Where the destination of a link, image or definition is written, checked against its URL. */
function urlSpan(n: Node, text: string, url: string): { from: number; to: number } | undefined {
  const start = n.position!.start.offset!;
  const end = n.position!.end.offset!;
  let from: number;
  if (n.type === 'definition') {
    const colon = text.indexOf(']:', start);
    if (colon < 0 || colon >= end) return undefined;
    from = colon + 2;
    while (from < end && /\s/.test(text[from])) from++;
  } else {
    if (text[end - 1] !== ')') return undefined;
    const children = (n as Parent).children;
    const after = n.type === 'link' && children?.length ? children[children.length - 1].position?.end.offset : undefined;
    const open = after !== undefined ? (text.startsWith('](', after) ? after : -1) : text.lastIndexOf('](', end - 1);
    if (open < start) return undefined;
    from = open + 2;
  }
  if (text[from] === '<') {
    const close = text.indexOf('>', from);
    return close > from && close < end && text.slice(from + 1, close) === url ? { from: from + 1, to: close } : undefined;
  }
  let to = from;
  while (to < end && !/[\s)]/.test(text[to])) to++;
  return text.slice(from, to) === url ? { from, to } : undefined;
}

/**
 * A whole Markdown file for a page: `# Title`, the description as a quote, the site's agent
 * instructions (`markdown.instructions`), the body.
 */
export function markdownDocument(title: string, description: string | undefined, body: string, instructions?: string): string {
  const parts = [`# ${oneLine(title)}`];
  if (description) parts.push(`> ${oneLine(description)}`);
  if (instructions) parts.push(agentInstructionsBlock(instructions));
  if (body) parts.push(body);
  return parts.join('\n\n') + '\n';
}

/** `markdown.instructions` as the format writes them: a block quote headed `## Agent Instructions`, one quoted line per line. */
export function agentInstructionsBlock(instructions: string): string {
  return ['## Agent Instructions', ...instructions.split(/\r?\n/)].map((l) => (l.trim() ? `> ${l.trimEnd()}` : '>')).join('\n');
}

/** A title or description on one line: no newline, control character or bidi override of its own. */
export function oneLine(s: string): string {
  return singleLine(s);
}

function withSource(frame: Frame<RootContent>, doc: PageDocument): MdFrame {
  return { ...frame, source: doc.mdx && !doc.syntaxError && !doc.tooLarge ? doc.text : undefined };
}

function convertAll(nodes: readonly Node[], frame: MdFrame, input: MarkdownInput): RootContent[] {
  const out: RootContent[] = [];
  for (const n of nodes) append(out, convert(n, frame, input));
  return out;
}

/** Wraps runs of phrasing content into paragraphs, so a block container holds only blocks. */
function blocks(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    if (run.some((n) => n.type !== 'text' || n.value.trim() !== '')) out.push(paragraph(run));
    run = [];
  };
  for (const n of nodes) {
    if (isPhrasing(n)) run.push(n as PhrasingContent);
    else {
      flush();
      out.push(n);
    }
  }
  flush();
  return out;
}

/** Phrasing content only: blocks are reduced to their text. */
function phrasing(nodes: RootContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const n of nodes) {
    if (isPhrasing(n)) out.push(n as PhrasingContent);
    else if (n.type === 'paragraph' || n.type === 'heading') append(out, n.children);
    else {
      const t = toString(n);
      if (t) out.push(text(t));
    }
  }
  return out;
}

function convert(node: Node, frame: MdFrame, input: MarkdownInput): RootContent[] {
  // Fences with line marks or diff notation: the code as readers copy it (see plainFence).
  const fence = node.type === 'code' ? plainFence(node as Code) : undefined;
  if (fence) return [fence];
  if (frame.source !== undefined && KEEPABLE.has(node.type)) {
    const kept = sourceOf(node, frame.source, frame, input);
    if (kept !== undefined) return [{ type: 'html', value: kept, data: { keptBlock: true, paragraph: node.type === 'paragraph' } } as KeptBlock as RootContent];
  }
  switch (node.type) {
    case 'yaml':
    case 'toml':
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      const value = expressionValue(node, frame);
      return value === undefined ? [] : typeof value === 'string' ? [text(value)] : value.children;
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return component(node as JsxElement, frame, input);
    case 'link': {
      const link = node as Link;
      const children = phrasing(convertAll(link.children, frame, input));
      return [{ ...link, url: pointUrl(link.url, frame, input), children }];
    }
    case 'image': {
      const image = node as Image;
      return [{ ...image, url: pointUrl(image.url, frame, input) }];
    }
    case 'definition': {
      const def = node as Definition;
      return [{ ...def, url: pointUrl(def.url, frame, input) }];
    }
    case 'code':
      return [{ ...(node as Code) }];
  }
  const parent = node as Parent;
  if (Array.isArray(parent.children)) {
    const children = convertAll(parent.children, frame, input);
    // A paragraph that holds components on one line (`<Note>Text</Note>`, `<Tab title="A">x</Tab>`):
    // their blocks stand on their own, the text around them becomes paragraphs.
    if (node.type === 'paragraph' && children.some((c) => !isPhrasing(c))) return blocks(children);
    // Containers of blocks (list items, quotes) keep blocks; the rest keep phrasing.
    const blockParent = node.type === 'listItem' || node.type === 'blockquote' || node.type === 'root';
    const keep = node.type === 'list' || node.type === 'table' || node.type === 'tableRow' ? children : blockParent ? blocks(children) : phrasing(children);
    return [{ ...(node as RootContent), children: keep } as RootContent];
  }
  return [{ ...(node as RootContent) }];
}

/** Links written in the page, pointed at the export: pages at their `.md` copies, files at their copies. */
function pointUrl(url: string, frame: MdFrame, input: MarkdownInput): string {
  if (!url || isExternalUrl(url) || url.startsWith('#')) return url;
  const hashAt = url.indexOf('#');
  const path = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? undefined : url.slice(hashAt + 1);
  const rel = resolveRel(frame.rel, path);
  if (rel === undefined) return url;
  const id = pageId(rel).replace(/\/$/, '') || 'index';
  const page = input.pageUrl(id, hash);
  if (page !== undefined) return page;
  const file = input.fileUrl(rel);
  return file !== undefined ? file + (hash ? `#${hash}` : '') : url;
}

/** The content of a leading paragraph (converted, or kept as written), to put a label before it. */
function leadText(node: RootContent | undefined): PhrasingContent[] | undefined {
  if (!node) return undefined;
  if (node.type === 'paragraph') return node.children;
  if (isKept(node) && node.data.paragraph) return [{ type: 'html', value: node.value }];
  return undefined;
}

/** A bold title over content: tabs, accordions, expandables, steps. */
function titled(title: string | undefined, content: RootContent[]): RootContent[] {
  const body = blocks(content);
  return title ? [paragraph([strong(oneLine(title))]), ...body] : body;
}

/** One element being converted. */
interface Call {
  node: JsxElement;
  name: string;
  a: Attrs;
  inline: boolean;
  frame: MdFrame;
  input: MarkdownInput;
  children(): RootContent[];
}
type ToMarkdown = (c: Call) => RootContent[];

const callout =
  (label: string): ToMarkdown =>
  (c) => {
    const body = blocks(c.children());
    const head = strong(`${label}:`);
    const lead = leadText(body[0]);
    if (lead) body[0] = paragraph([head, text(' '), ...lead]);
    else body.unshift(paragraph([head]));
    return [{ type: 'blockquote', children: body as BlockContent[] }];
  };

const titledBy =
  (fallback?: string): ToMarkdown =>
  (c) =>
    titled(str(c.a, 'title') ?? fallback, c.children());

function apiFieldLine(c: Call): RootContent[] {
  const field = apiField(c.a);
  const facts = [field.type, field.location, field.required ? 'required' : undefined, field.deprecated ? 'deprecated' : undefined];
  if (field.default !== undefined) facts.push(`default: ${field.default}`);
  const shown = facts.filter((f): f is string => !!f);
  const head: PhrasingContent[] = [{ type: 'inlineCode', value: field.name }];
  if (shown.length) head.push(text(` (${shown.join(', ')})`));
  const body = blocks(c.children());
  // "`limit` (integer, query): How many notes to return." when the description is one paragraph.
  const lead = leadText(body[0]);
  if (lead) return [paragraph([...head, text(': '), ...lead]), ...body.slice(1)];
  return [paragraph(head), ...body];
}

function embed(c: Call): RootContent[] {
  const src = str(c.a, 'src') ?? str(c.a, 'data-src');
  if (!src) return [];
  const link: Link = {
    type: 'link',
    url: pointUrl(src, c.frame, c.input),
    children: [text(str(c.a, 'title') ?? (c.name === 'video' ? 'Video' : 'Embedded content'))],
  };
  return c.inline ? [link] : [paragraph([link])];
}

/** The catalogue components whose Markdown form is `custom` (a test checks the two agree). */
const CUSTOM: Record<string, ToMarkdown> = {
  Note: callout('Note'),
  Info: callout('Info'),
  Tip: callout('Tip'),
  Warning: callout('Warning'),
  Check: callout('Check'),
  Danger: callout('Danger'),
  Callout: callout('Note'),
  Snippet: (c) => {
    const file = str(c.a, 'file');
    return file ? snippet(snippetFileRel(file), {}, [], c.frame, c.input) : [];
  },
  Steps: (c) => {
    const items: ListItem[] = [];
    for (const step of (c.node.children as Node[]).filter((n): n is JsxElement => isJsxElement(n) && n.name === 'Step')) {
      const sa = attributeValues(step, c.frame.scope);
      items.push({
        type: 'listItem',
        spread: true,
        children: titled(str(sa, 'title'), convertAll(step.children as Node[], c.frame, c.input)) as ListItem['children'],
      });
    }
    return items.length ? [{ type: 'list', ordered: true, start: 1, spread: true, children: items } as List] : blocks(c.children());
  },
  Step: titledBy(),
  Tab: titledBy(),
  Accordion: titledBy(),
  Expandable: titledBy('Properties'),
  Tabs: (c) => blocks(c.children()),
  RequestExample: (c) => titled('Request example', c.children()),
  ResponseExample: (c) => titled('Response example', c.children()),
  Card: (c) => {
    const title = str(c.a, 'title');
    const href = str(c.a, 'href');
    const head: PhrasingContent[] = title ? [strong(oneLine(title))] : [];
    const linked: PhrasingContent[] = href && head.length ? [{ type: 'link', url: pointUrl(href, c.frame, c.input), children: head }] : head;
    return [...(linked.length ? [paragraph(linked)] : []), ...blocks(c.children())];
  },
  ParamField: apiFieldLine,
  ResponseField: apiFieldLine,
  Update: (c) => {
    const label = str(c.a, 'label');
    const description = str(c.a, 'description');
    return [
      ...(label ? [{ type: 'heading', depth: 2, children: [text(oneLine(label))] } as RootContent] : []),
      ...(description ? [paragraph([{ type: 'emphasis', children: [text(oneLine(description))] }])] : []),
      ...blocks(c.children()),
    ];
  },
  Frame: (c) => {
    const caption = str(c.a, 'caption');
    const out = c.children();
    return c.inline ? out : [...blocks(out), ...(caption ? [paragraph([{ type: 'emphasis', children: [text(oneLine(caption))] }])] : [])];
  },
  Tooltip: (c) => {
    const tip = str(c.a, 'tip');
    return [...phrasing(c.children()), ...(tip ? [text(` (${oneLine(tip)})`)] : [])];
  },
  Badge: (c) => phrasing(c.children()),
  Link: (c) => {
    const href = str(c.a, 'href');
    const kids = phrasing(c.children());
    return href ? [{ type: 'link', url: pointUrl(href, c.frame, c.input), children: kids }] : kids;
  },
  Mention: (c) => {
    const page = str(c.a, 'page');
    const user = str(c.a, 'user');
    return page ? [{ type: 'link', url: pointUrl(page, c.frame, c.input), children: [text(page)] }] : user ? [text(`@${user}`)] : [];
  },
  Prompt: (c) => titled(str(c.a, 'description') ?? 'Prompt', c.children()),
  CodeBlock: (c) => [{ type: 'code', lang: str(c.a, 'language') ?? null, meta: str(c.a, 'filename') ?? null, value: codeBlockText(c.node) }],
  Visibility: (c) => (str(c.a, 'for') === 'humans' ? [] : c.children()),
  img: (c) => {
    const src = str(c.a, 'src');
    return src ? [{ type: 'image', url: pointUrl(src, c.frame, c.input), alt: str(c.a, 'alt') ?? '', title: null }] : [];
  },
  video: embed,
  iframe: embed,
};

/** The names that have a Markdown function here (a test checks them against the catalogue). */
export const MARKDOWN_FUNCTIONS: readonly string[] = Object.keys(CUSTOM);

/** HTML elements outside the catalogue with a Markdown equivalent. */
const HTML: Record<string, ToMarkdown> = {
  a: (c) => {
    const href = str(c.a, 'href');
    const inner = phrasing(c.children());
    return href ? [{ type: 'link', url: pointUrl(href, c.frame, c.input), children: inner }] : inner;
  },
  br: () => [{ type: 'break' }],
  code: (c) => [{ type: 'inlineCode', value: toString({ type: 'root', children: c.children() } as Root) }],
  strong: (c) => [{ type: 'strong', children: phrasing(c.children()) }],
  b: (c) => [{ type: 'strong', children: phrasing(c.children()) }],
  em: (c) => [{ type: 'emphasis', children: phrasing(c.children()) }],
  i: (c) => [{ type: 'emphasis', children: phrasing(c.children()) }],
};
/** HTML elements that say nothing in text. */
const HTML_DROPPED = new Set([...STRIPPED_TAGS, 'svg', 'hr']);

/** How a name outside the catalogue is written: HTML elements and `A.B` parts keep their content as it is, other components as blocks. */
function formOf(name: string): MarkdownForm {
  const spec = findComponent(name);
  if (spec) return spec.markdown;
  if (HTML_DROPPED.has(name)) return 'drop';
  if (Object.hasOwn(HTML, name)) return 'custom';
  return /^[a-z]/.test(name) || name.includes('.') ? 'children' : 'blocks';
}

function component(node: JsxElement, frame: MdFrame, input: MarkdownInput): RootContent[] {
  const name = node.name;
  const children = () => convertAll(node.children as Node[], frame, input);
  if (!name) return children();
  const a = attributeValues(node, frame.scope);
  const inline = node.type === 'mdxJsxTextElement';

  const imported = frame.imports.get(name);
  if (imported !== undefined) return isMarkdownFile(imported.rel) ? snippet(imported.rel, a, children(), frame, input) : [];
  switch (formOf(name)) {
    case 'drop':
      return [];
    case 'children':
      return inline ? phrasing(children()) : children();
    case 'blocks':
      return inline ? phrasing(children()) : blocks(children());
    case 'custom': {
      const write = Object.hasOwn(CUSTOM, name) ? CUSTOM[name] : HTML[name];
      return write({ node, name, a, inline, frame, input, children });
    }
  }
}

function snippet(rel: string, props: Record<string, unknown>, children: RootContent[], parent: MdFrame, input: MarkdownInput): RootContent[] {
  const entered = enterSnippet(parent, rel, props, children, input.snippet);
  if (entered === undefined || typeof entered === 'string') return [];
  return convertAll(entered.doc.tree.children as Node[], withSource(entered.frame, entered.doc), input);
}

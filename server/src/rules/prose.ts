// The prose engine: the prose of a page (pages/prose.ts's blocks) as the texts rules read, each
// with its scope and the source offset of every character, so a match anywhere in a text is a
// range on the letters written. A block's text joins its runs as the reader reads them: inline
// markup between runs (`**`, a link's brackets and destination, an escape's backslash, a
// continuation line's indent) is left out; a line break, and an element's tag between two words,
// is a space; an entity is the character it names; inline code, math, expressions and elements
// without text (`<Icon />`) are `*` placeholders, as Vale reads them, so "the `id` field" is
// never "the field". Scopes are Vale's: `text.heading.h2`, `paragraph`, `sentence`, `text`,
// `text.list`, `text.blockquote`, `text.table.cell` and `text.table.header`, `text.attr.alt`;
// a front matter field is `text.frontmatter.<key>` (one text, no sentences, as Vale reads it); a
// component's `title` is `text.title` and its other prose attributes read as a paragraph. The prose hints
// (prose-passive, prose-first-person, prose-future-tense), terminology and the site's Vale styles
// (rules/vale/) all read prose through it.
import type { PageDocument } from '../pages/parse';
import { proseBlocks, type ProseBlock, type ProseMark } from '../pages/prose';
import { pageSite } from './page-utils';
import { BoundedMap } from '../util/memo';
import type { PageRule, SiteFiles } from './types';

export interface ProseText {
  text: string;
  /** The source offset of each character of `text`, and one more: where the last one ends. */
  offsets: number[];
  /** The scope's sections (`['text', 'heading', 'h2']`, `['sentence']`). */
  scope: readonly string[];
  block: ProseBlock;
}

export interface ProseTextOptions {
  /** Runs under these marks read as placeholders (Vale's `IgnoredScopes = a, strong`). */
  maskMarks?: ReadonlySet<ProseMark>;
  /** Source ranges, sorted by start, whose characters read as placeholders (Vale's `TokenIgnores`). */
  ignored?: readonly [number, number][];
  /** Paragraphs also give one text per sentence (scope `sentence`) and one for the paragraph (`paragraph`). */
  sentences?: boolean;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  copy: '©',
  reg: '®',
  trade: '™',
  times: '×',
};
const ENTITY = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;
/** Placeholders written for a hole: a long code span is not a long run of `*`. */
const MAX_PLACEHOLDER = 40;

function decodeEntity(body: string): string {
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '*';
  }
  return NAMED_ENTITIES[body] ?? '*';
}

/** A block's text with the offset of each character. */
export function blockText(page: PageDocument, block: ProseBlock, options: ProseTextOptions = {}): { text: string; offsets: number[] } {
  const source = page.text;
  let text = '';
  // Its last character, kept apart: reading it from `text`, a string still being joined, would copy all of it each time.
  let last = '';
  const endsInSpace = () => /\s/.test(last);
  const offsets: number[] = [];
  const push = (s: string, at: (k: number) => number) => {
    for (let k = 0; k < s.length; k++) {
      text += s[k];
      offsets.push(at(k));
    }
    if (s.length > 0) last = s[s.length - 1];
  };
  type Item = { start: number; end: number; text?: string; masked: boolean };
  const items: Item[] = block.runs.map((r) => ({
    start: r.offset,
    end: r.offset + r.text.length,
    text: r.text,
    // A link whose text is its address (a bare URL) is not prose, as in Vale.
    masked: (r.href !== undefined && (r.text === r.href || `mailto:${r.text}` === r.href)) || r.marks.some((m) => options.maskMarks?.has(m)),
  }));
  for (const h of block.holes ?? []) items.push({ start: h.start, end: h.end, masked: true });
  items.sort((a, b) => a.start - b.start);
  let prevEnd = -1;
  for (const item of items) {
    if (prevEnd >= 0 && item.start > prevEnd) {
      const gap = source.slice(prevEnd, item.start);
      const entities = [...gap.matchAll(ENTITY)];
      if (entities.length && entities.map((m) => m[0]).join('') === gap) {
        for (const m of entities) push(decodeEntity(m[1]), () => prevEnd + m.index);
      } else if (/\s/.test(gap) && !endsInSpace() && !/^\s/.test(item.text ?? '')) push(' ', () => prevEnd);
      // An element's tag between words (`example<sub>n</sub>`) parts them, as Vale reads it (not before punctuation).
      else if (/<\/?[A-Za-z]/.test(gap) && text.length > 0 && !endsInSpace() && !/^[\s.,;:!?)\]]/.test(item.text ?? '')) push(' ', () => prevEnd);
    }
    if (item.text === undefined) push('*'.repeat(Math.min(item.end - item.start, MAX_PLACEHOLDER)), (k) => item.start + k);
    else if (item.masked) push(item.text.replace(/[^\n]/g, '*'), (k) => item.start + k);
    else push(item.text, (k) => item.start + k);
    prevEnd = Math.max(prevEnd, item.end);
  }
  offsets.push(prevEnd < 0 ? block.start : prevEnd);
  if (options.ignored?.length) text = maskIgnored(text, offsets, options.ignored);
  return { text, offsets };
}

/** `text` with the characters whose source offsets fall in an ignored range written as `*`. */
function maskIgnored(text: string, offsets: readonly number[], ignored: readonly [number, number][]): string {
  let out = '';
  let r = 0;
  for (let k = 0; k < text.length; k++) {
    const at = offsets[k];
    while (r < ignored.length && ignored[r][1] <= at) r++;
    out += r < ignored.length && ignored[r][0] <= at && text[k] !== '\n' ? '*' : text[k];
  }
  return out;
}

/** Abbreviations a sentence does not end at. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'inc',
  'ltd',
  'jr',
  'sr',
  'approx',
  'no',
  'fig',
  'cf',
  'al',
  'eg',
  'ie',
]);

/** The sentences of a text, as `[start, end)` spans trimmed of spaces. */
export function sentenceSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  const close = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s])) s++;
    while (e > s && /\s/.test(text[e - 1])) e--;
    if (e > s) out.push([s, e]);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' && text[i + 1] === '\n') {
      close(i);
      start = i + 2;
      continue;
    }
    if (c !== '.' && c !== '!' && c !== '?' && c !== '…') continue;
    let j = i + 1;
    while (j < text.length && /["'”’)\]*_]/.test(text[j])) j++;
    if (j >= text.length || !/\s/.test(text[j])) continue;
    let k = j;
    while (k < text.length && /\s/.test(text[k])) k++;
    if (k < text.length && !/[\p{Lu}\p{N}"'“‘(*[]/u.test(text[k])) continue;
    if (c === '.') {
      const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, i - 12), i))?.[1] ?? '';
      if (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word)) continue;
    }
    close(j);
    start = j;
  }
  close(text.length);
  return out;
}

/** The scope of a block's whole text, and whether it reads as a paragraph (with sentences). */
function scopeOf(block: ProseBlock): { scope: string[]; paragraph: boolean } {
  switch (block.kind) {
    case 'heading':
      return { scope: ['text', 'heading', `h${block.depth ?? 1}`], paragraph: false };
    case 'list-item':
      return { scope: ['text', 'list'], paragraph: false };
    case 'table-cell':
      return { scope: ['text', 'table', block.header ? 'header' : 'cell'], paragraph: false };
    case 'image-alt':
      return { scope: ['text', 'attr', 'alt'], paragraph: false };
    case 'front-matter':
      // As Vale scopes a front matter field (`text.frontmatter.title`): one text, never split into sentences.
      return { scope: ['text', 'frontmatter', block.field ?? ''], paragraph: false };
    case 'attribute':
      if (block.field === 'alt') return { scope: ['text', 'attr', 'alt'], paragraph: false };
      if (block.field === 'title' || block.field === 'sidebarTitle') return { scope: ['text', 'title'], paragraph: false };
      return { scope: ['text'], paragraph: true };
    default:
      if (block.quote) return { scope: ['text', 'blockquote'], paragraph: false };
      if (block.list) return { scope: ['text', 'list'], paragraph: false };
      return { scope: ['text'], paragraph: true };
  }
}

/**
 * The last page's prose texts with the default options: the prose hints and terminology each read
 * them, one rule after another on the same page. One page only, so that pages kept parsed (an
 * editor's index) do not keep theirs; held strongly (a WeakRef made in a loop keeps every page it
 * names alive until the loop's job ends, which in a site's check is all of them).
 */
const lastDefault = new BoundedMap<PageDocument, readonly ProseText[]>(1);

/**
 * The prose texts of a page in document order: each block's text in its scope, and with
 * `sentences`, each paragraph's text also as a `paragraph` and as its sentences.
 */
export function proseTexts(page: PageDocument, options?: ProseTextOptions, blocks?: readonly ProseBlock[]): readonly ProseText[] {
  if (options !== undefined || blocks !== undefined) return textsOf(page, options ?? {}, blocks ?? proseBlocks(page));
  let texts = lastDefault.get(page);
  if (!texts) lastDefault.set(page, (texts = textsOf(page, {}, proseBlocks(page))));
  return texts;
}

function textsOf(page: PageDocument, options: ProseTextOptions, blocks: readonly ProseBlock[]): ProseText[] {
  const out: ProseText[] = [];
  for (const block of blocks) {
    const { text, offsets } = blockText(page, block, options);
    if (!/[^\s*]/.test(text)) continue;
    const { scope, paragraph } = scopeOf(block);
    if (paragraph && options.sentences) {
      out.push({ text, offsets, scope: ['paragraph'], block });
      for (const [s, e] of sentenceSpans(text)) out.push({ text: text.slice(s, e), offsets: offsets.slice(s, e + 1), scope: ['sentence'], block });
    }
    out.push({ text, offsets, scope, block });
  }
  return out;
}

/** The source range `[start, end)` of `text[from, to)`. */
export function sourceSpan(t: Pick<ProseText, 'offsets'>, from: number, to: number): [number, number] {
  return [t.offsets[from], to > from ? t.offsets[to - 1] + 1 : t.offsets[from]];
}

/** Whether `text[from, to)` is written in the source as it reads (no markup inside): an edit may replace it. */
export function writtenAsRead(page: PageDocument, t: Pick<ProseText, 'text' | 'offsets'>, from: number, to: number): boolean {
  const [start, end] = sourceSpan(t, from, to);
  return page.text.slice(start, end) === t.text.slice(from, to);
}

/** Blocks the prose hints and terminology read: the page's body, not its front matter, attributes or alt texts. */
export function isBodyText(block: ProseBlock): boolean {
  return block.kind !== 'front-matter' && block.kind !== 'attribute' && block.kind !== 'image-alt';
}

/** A prose hint: a pattern over the body's prose (headings left out), reported as hints. */
export function proseRule(meta: {
  id: string;
  description: string;
  rationale: string;
  bad: SiteFiles;
  good: SiteFiles;
  pattern: RegExp;
  message: (match: string) => string;
}): PageRule {
  return {
    id: meta.id,
    description: meta.description,
    severity: 'hint',
    fixable: false,
    docs: { rationale: meta.rationale, bad: meta.bad, good: meta.good },
    check({ page, report }) {
      for (const t of proseTexts(page)) {
        if (!isBodyText(t.block) || t.block.kind === 'heading') continue;
        for (const m of t.text.matchAll(meta.pattern)) {
          const [start, end] = sourceSpan(t, m.index, m.index + m[0].length);
          report({ message: meta.message(m[0]), range: page.index.range(start, end - start) });
        }
      }
    },
  };
}

export { pageSite };

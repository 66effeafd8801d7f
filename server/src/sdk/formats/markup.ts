// XML and HTML artifacts (phpDocumentor's structure.xml, Sphinx's HTML bodies) read with sax, which
// the project already ships: streaming, no recursion, into an element tree bounded in depth
// (MAX_MARKUP_DEPTH) and size (MAX_MARKUP_ELEMENTS); a strict (XML) syntax error is located.
import sax from 'sax';
import { clip, MAX_DESCRIPTION_CHARS, sdkLink, type SdkProblem } from '../model';

const MAX_MARKUP_DEPTH = 60;
const MAX_MARKUP_ELEMENTS = 2_000_000;
/** HTML elements that have no end tag: never parents. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  /** Text directly inside (strict) — in loose (HTML) mode, text nodes are children named `#text`. */
  text: string;
}

export const kid = (e: El | undefined, name: string) => e?.children.find((c) => c.name === name);
export const kids = (e: El | undefined, name: string) => e?.children.filter((c) => c.name === name) ?? [];
export const textOf = (e: El | undefined) => e?.text.trim() ?? '';

/** The handlers this reader sets (without namespaces, attribute values are strings). */
interface SaxHandlers {
  onerror: (e: Error) => void;
  onopentag: (tag: { name: string; attributes: Record<string, string> }) => void;
  onclosetag: (name: string) => void;
  ontext: (t: string) => void;
  oncdata: (t: string) => void;
  write(text: string): { close(): void };
}

/**
 * Parses XML (`strict`: the first syntax error is a located problem and nothing is returned) or HTML
 * (loose: tags lower-cased, void elements closed, text kept in order as `#text` children). Returns a
 * root element holding the document's top elements.
 */
export function parseMarkup(text: string, rel: string, problems: SdkProblem[], strict: boolean): El | undefined {
  const parser = (sax.parser as unknown as (strict: boolean, options: object) => unknown)(strict, strict ? {} : { lowercase: true }) as SaxHandlers;
  const state = parser as unknown as { line: number; column: number; error: Error | null };
  const root: El = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: El[] = [root];
  let skipped = 0;
  let elements = 0;
  let failed = false;
  parser.onerror = (e) => {
    if (strict && !failed) {
      const at = { line: state.line, character: Math.max(0, state.column - 1) };
      problems.push({ rel, range: { start: at, end: at }, message: `Not XML: ${e.message.split('\n')[0]}` });
      failed = true;
    }
    state.error = null;
  };
  parser.onopentag = (tag) => {
    if (skipped || stack.length > MAX_MARKUP_DEPTH || ++elements > MAX_MARKUP_ELEMENTS) {
      if (!(!strict && VOID.has(tag.name))) skipped++;
      return;
    }
    const el: El = { name: tag.name, attrs: tag.attributes, children: [], text: '' };
    stack[stack.length - 1].children.push(el);
    if (strict || !VOID.has(tag.name)) stack.push(el);
  };
  parser.onclosetag = (name) => {
    if (!strict && VOID.has(name)) return;
    if (skipped) skipped--;
    else if (stack.length > 1) stack.pop();
  };
  let chars = 0;
  const onText = (t: string) => {
    if (skipped || chars > MAX_DESCRIPTION_CHARS * 200) return;
    chars += t.length;
    const top = stack[stack.length - 1];
    if (strict) {
      if (top.text.length < MAX_DESCRIPTION_CHARS * 2) top.text += t;
    } else top.children.push({ name: '#text', attrs: {}, children: [], text: t });
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.write(text).close();
  if (failed) return undefined;
  if (elements > MAX_MARKUP_ELEMENTS) problems.push({ rel, message: `Over ${MAX_MARKUP_ELEMENTS} elements: the rest are not read.` });
  return strict ? root.children[0] : root;
}

// ---- HTML (Sphinx, Javadoc) as text and Markdown ----

export const classes = (e: El) => (e.attrs.class ?? '').split(/\s+/);

/** The text of an element, without Sphinx's permalink (`¶`) and source links. */
export function plain(e: El, depth = 0): string {
  if (e.name === '#text') return e.text;
  if (depth > 50 || (e.name === 'a' && classes(e).includes('headerlink')) || classes(e).includes('viewcode-link')) return '';
  return e.children.map((c) => plain(c, depth + 1)).join('');
}

export const decode = (s: string) =>
  s.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/gi, (m, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
    if (e[0] !== '#') return named[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
  });

/** Markdown of HTML children (the markup Sphinx writes in descriptions). */
function markdown(nodes: El[], link: (href: string) => string | undefined, depth = 0): string {
  let out = '';
  for (const e of nodes) {
    if (out.length > MAX_DESCRIPTION_CHARS) break;
    if (e.name === '#text') {
      out += e.text.replace(/\s+/g, ' ');
      continue;
    }
    if (depth > 30) continue;
    const cls = classes(e);
    if (cls.includes('headerlink') || (e.name === 'dl' && (cls.includes('py') || cls.includes('field-list')))) continue;
    const inner = () => markdown(e.children, link, depth + 1);
    switch (e.name) {
      case 'p':
        out += `\n\n${inner().trim()}\n\n`;
        break;
      case 'code':
      case 'tt':
        out += `\`${plain(e).replace(/`/g, "'").replace(/\s+/g, ' ')}\``;
        break;
      case 'em':
        out += `*${inner().trim()}*`;
        break;
      case 'strong':
        out += `**${inner().trim()}**`;
        break;
      case 'dt':
        out += `\n\n**${inner().trim()}**\n\n`;
        break;
      case 'dd':
        out += `\n\n${inner().trim()}\n\n`;
        break;
      case 'li':
        out += `\n- ${inner().trim().replace(/\n+/g, ' ')}`;
        break;
      case 'ul':
      case 'ol':
        out += `\n${inner()}\n\n`;
        break;
      case 'pre': {
        const code = decode(plain(e));
        let fence = '```';
        while (code.includes(fence)) fence += '`';
        out += `\n\n${fence}\n${code.replace(/\n$/, '')}\n${fence}\n\n`;
        break;
      }
      case 'a': {
        const target = link(e.attrs.href ?? '');
        const label = inner().trim();
        out += target ? sdkLink(label.replace(/[[\]]/g, ''), target) : label;
        break;
      }
      default:
        out += inner();
    }
  }
  return out;
}

/** Markdown of HTML nodes; `link` gives the symbol id an href leads to (kept as an `sdk:` link). */
export const markdownOf = (nodes: El[], link: (href: string) => string | undefined) => {
  const text = decode(markdown(nodes, link))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text ? clip(text, MAX_DESCRIPTION_CHARS) : undefined;
};

/** Every element (bounded walk, document order). */
export function* walk(e: El, depth = 0): Generator<El> {
  if (depth > 60) return;
  for (const c of e.children) {
    if (c.name === '#text') continue;
    yield c;
    yield* walk(c, depth + 1);
  }
}

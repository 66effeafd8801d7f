// XML and HTML artifacts (phpDocumentor's structure.xml, Sphinx's HTML bodies) read with sax, which
// the project already ships: streaming, no recursion, into an element tree bounded in depth
// (MAX_MARKUP_DEPTH) and size (MAX_MARKUP_ELEMENTS); a strict (XML) syntax error is located.
import sax from 'sax';
import { MAX_DESCRIPTION_CHARS, type SdkProblem } from '../model';

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

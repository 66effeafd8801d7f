// Typography as the format's renderer shapes prose: its MDX pipeline runs remark-smartypants with
// no options (`getSerializeExtras` in @mintlify/common), which curls quotes and apostrophes over the
// text of the whole page, then turns `--`, `...` and ``` `` ``` into —, … and “ within each text
// node. This module computes the same result with the same engine (retext-smartypants) without
// touching the parsed tree, which the checks share: the renderer looks each text node up.
import type { Root as MdastRoot, Text } from 'mdast';
import type { Node, Parent } from 'unist';
import { retext } from 'retext';
import smartypants from 'retext-smartypants';
import { visit } from 'unist-util-visit';

/** The first pass: quotes only, over the page's text joined (as remark-smartypants joins it). */
const quotesPass = retext().use(smartypants, { ellipses: false, dashes: false, backticks: false });
/** The second pass, per text node: dashes, ellipses and double backticks. */
const symbolsPass = retext().use(smartypants, { quotes: false });

/** Text the second pass could change: two dashes, dots in a row (spaced or not), `` or ''. */
const SYMBOLS = /--|\.\s*\.|``|''/;
/** Elements whose text the format leaves alone (inline `<style>`/`<script>`). */
const RAW_ELEMENTS = new Set(['style', 'script']);

/** Whether remark-smartypants reads this node: text, inline code and paragraphs, never raw elements. */
function read(node: Node, parent: Parent | undefined): boolean {
  if (!parent) return false;
  if (parent.type === 'mdxJsxTextElement') {
    const name = (parent as { name?: unknown }).name;
    if (typeof name !== 'string' || RAW_ELEMENTS.has(name)) return false;
  }
  return node.type === 'paragraph' || node.type === 'text' || node.type === 'inlineCode';
}

/**
 * The text of each text node the format would show differently, as it shows it (nodes it leaves
 * as written are not in the map). Code, inline code, URLs and attribute values are never changed.
 */
export function typographicText(tree: MdastRoot): Map<Text, string> {
  const out = new Map<Text, string>();
  // The page's prose in one string: inline code stands as letters of its length (it separates
  // words but is never curled), and each paragraph opens with a space (so its first quote opens).
  const parts: string[] = [];
  const texts: Text[] = [];
  const starts: number[] = [];
  let length = 0;
  visit(tree, (node: Node, _index, parent: Parent | undefined) => {
    if (!read(node, parent)) return;
    if (node.type === 'paragraph') {
      parts.push(' ');
      length += 1;
      return;
    }
    const value = (node as unknown as { value: string }).value;
    if (node.type === 'text') {
      texts.push(node as Text);
      starts.push(length);
      parts.push(value);
    } else parts.push('A'.repeat(value.length));
    length += value.length;
  });
  if (!texts.length) return out;
  const joined = parts.join('');
  // Most of the work is the parse: skip it when there is no quote to curl (the result is the same).
  const quoted = /["']/.test(joined) ? String(quotesPass.processSync(joined)) : joined;
  for (const [i, node] of texts.entries()) {
    let value = quoted.slice(starts[i], starts[i] + node.value.length);
    if (SYMBOLS.test(value)) value = String(symbolsPass.processSync(value));
    if (value !== node.value) out.set(node, value);
  }
  return out;
}

/** A line of prose outside the page body (the front matter's description) shaped the same way. */
export function typographicLine(value: string): string {
  let out = /["']/.test(value) ? String(quotesPass.processSync(` ${value}`)).slice(1) : value;
  if (SYMBOLS.test(out)) out = String(symbolsPass.processSync(out));
  return out;
}

// Math as the format writes it (mintlify/docs create/text.mdx at 3bbce7aa1abf): `$…$` inline and
// `$$…$$` blocks, parsed by micromark-extension-math (pages/parse.ts), typeset here with KaTeX into
// HTML plus MathML. KaTeX escapes every character of the source and, without `trust`, writes no
// link, class, style or id a formula asks for, so its HTML is put in after sanitising like
// highlighted code (ElementData.docwrightHighlighted). The page needs katex.css and its fonts:
// media/docwright.js loads them only on pages that have math.
import type { Element } from 'hast';
import katex from 'katex';
import { BoundedMap } from '../util/memo';
import { own } from './sanitize';
import { katexOptions } from '../pages/math';

const MEMO_LIMIT = 1000;
const memo = new BoundedMap<string, string>(MEMO_LIMIT);

/** The KaTeX HTML of a formula; a formula KaTeX cannot read shows its source in red with the error as a tooltip. */
export function mathHtml(tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let html: string;
  try {
    // Errors are shown in place.
    html = katex.renderToString(tex, katexOptions({ throwOnError: false, output: 'htmlAndMathml', errorColor: '#cc0000', displayMode: display }));
  } catch (e) {
    html = `<span class="katex-error" title="${escape(String((e as Error).message ?? e))}">${escape(tex)}</span>`;
  }
  memo.set(key, html);
  return html;
}

/** A formula's element: `<span class="dw-math">` inline, `<div class="dw-math dw-math-display">` for a block. */
export function mathElement(tex: string, display: boolean): Element {
  const element: Element = {
    type: 'element',
    tagName: display ? 'div' : 'span',
    properties: { className: display ? ['dw-math', 'dw-math-display'] : ['dw-math'] },
    children: [],
    data: { docwrightHighlighted: mathHtml(tex, display) },
  };
  // media/docwright.js loads KaTeX's CSS when the page holds one (a reserved attribute: not page content's class).
  return own(element, { dataDwMath: '' });
}

function escape(s: string): string {
  return s.replace(/[&<>"]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);
}

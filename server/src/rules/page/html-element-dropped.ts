import { toString } from 'mdast-util-to-string';
import type { Literal, Node, Parent } from 'unist';
import { FORMAT_DROPS_AS_BLOCK, htmlElementFate, isHtmlElementName } from '../../components/html-elements';
import { pageEsm } from '../../pages/esm';
import { standsAsBlock } from '../../pages/heading-ids';
import { isJsxElement, type JsxElement } from '../../pages/jsx';
import { ancestorsOf } from '../../pages/nodes';
import type { PageDocument } from '../../pages/parse';
import type { Fix } from '../../types';
import { specOf, tagNameRange, walkElements } from '../component-utils';
import { offsetOf, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

/** Whether an element stands as a block (pages/heading-ids.ts standsAsBlock, with its parent in the page). */
function isBlock(page: PageDocument, element: Node): boolean {
  return standsAsBlock(element, ancestorsOf(page, element)[0]);
}

/** Whether an element sits inside one the format leaves out as a block (reported once, on the outer one). */
function insideDropped(page: PageDocument, element: Node): boolean {
  return ancestorsOf(page, element).some((a) => isJsxElement(a) && a.name !== null && FORMAT_DROPS_AS_BLOCK.has(a.name) && isBlock(page, a));
}

/** The `<summary>` a `<details>` opens with, directly or alone in its first paragraph. */
function summaryOf(details: JsxElement): JsxElement | undefined {
  const blank = (n: Node) => n.type === 'text' && String((n as Literal).value).trim() === '';
  for (const child of details.children) {
    if (blank(child)) continue;
    const first = child.type === 'paragraph' ? (child as Parent).children.find((c) => !blank(c)) : child;
    return first && isJsxElement(first) && first.name === 'summary' ? first : undefined;
  }
  return undefined;
}

/**
 * `<details><summary>Title</summary>…</details>` as `<Accordion title="Title">…</Accordion>`: offered
 * only for the plain form (no attributes, a summary of text alone), which it keeps whole.
 */
function accordionFix(page: PageDocument, details: JsxElement): Fix[] {
  const o = offsetOf(details);
  const summary = summaryOf(details);
  const s = summary && offsetOf(summary);
  if (!o || !summary || !s || details.attributes.length > 0 || summary.attributes.length > 0) return [];
  if (!summary.children.every((c) => c.type === 'text')) return [];
  const open = /^<details\s*>/.exec(page.text.slice(o.start, o.end));
  const close = /<\/details\s*>$/.exec(page.text.slice(o.start, o.end));
  if (!open || !close) return [];
  const title = toString(summary).trim().replace(/\s+/g, ' ');
  const attr = /["{}<>]/.test(title) ? `title={${JSON.stringify(title)}}` : `title="${title}"`;
  const closeAt = o.end - close[0].length;
  return [
    pageFix(page, 'Write it as an <Accordion>', [
      { range: page.index.range(o.start, open[0].length), newText: `<Accordion ${attr}>` },
      { range: page.index.range(s.start, s.end - s.start), newText: '' },
      { range: page.index.range(closeAt, close[0].length), newText: '</Accordion>' },
    ]),
  ];
}

export const htmlElementDropped: PageRule = {
  id: 'html-element-dropped',
  description: 'Every lower-case (HTML) element is one the rendered page keeps.',
  // Information: the format's own renderer accepts many of these (`<script>` is on its list) and most do nothing there either.
  severity: 'information',
  fixable: true,
  docs: {
    rationale:
      'Pages are rendered through an allow-list of HTML elements, so that page content never runs script. A lower-case element outside it (`<blink>`, `<foo-bar>`, `<script>`, `<style>`) is left out of the preview and the export: its content stays, or for `<script>`, `<style>`, `<template>` and `<noscript>` goes with it. Put scripts in a `.js` file of the site and styles in a `.css` file, which the format loads on every page.\n\n' +
      '`<details>` and `<summary>` written as blocks (on lines of their own, or alone on one) are reported too: the format\'s renderer turns every block element missing from its list of components and HTML elements into a comment, so the reader sees neither the summary nor what it hides (`@mintlify/common`\'s `allowedComponents` and `remarkMdxRemoveUnknownJsx`; inside a line of text they are kept). Docwright\'s export leaves them out too; its preview shows them marked "Not on the published page". Use an `<Accordion>`: the quick fix rewrites `<details><summary>Title</summary>…</details>` as `<Accordion title="Title">…</Accordion>`.',
    bad: pageSite('## Install\n\nUse Node 20 or later.\n\n<details>\n  <summary>Older versions</summary>\n\n  Node 18 works with a flag.\n</details>\n'),
    good: pageSite('## Install\n\nUse Node 20 or later.\n\n<Accordion title="Older versions">\n  Node 18 works with a flag.\n</Accordion>\n'),
  },
  check({ page, report }) {
    const defined = pageEsm(page).defined;
    walkElements(page, (element) => {
      const name = element.name;
      if (!isHtmlElementName(name) || specOf(name) || defined.has(name)) return;
      const instead = FORMAT_DROPS_AS_BLOCK.get(name);
      if (instead !== undefined && isBlock(page, element)) {
        if (insideDropped(page, element)) return;
        report({
          message: `<${name}> on a line of its own is left out of the page by the format, with its content (the preview shows it marked; the export leaves it out). ${instead}.`,
          range: tagNameRange(page, element),
          node: element,
          fixes: name === 'details' ? accordionFix(page, element) : [],
        });
        return;
      }
      const fate = htmlElementFate(name);
      if (fate === 'kept') return;
      const what = fate === 'content' ? 'the element is left out and only its content is shown' : 'it is left out with its content';
      report({ message: `<${name}> is not an HTML element that pages may hold: ${what}.`, range: tagNameRange(page, element), node: element });
    });
  },
};

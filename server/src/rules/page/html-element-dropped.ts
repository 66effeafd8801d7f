import { htmlElementFate, isHtmlElementName } from '../../components/html-elements';
import { pageEsm } from '../../pages/esm';
import { specOf, tagNameRange, walkElements } from '../component-utils';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const htmlElementDropped: PageRule = {
  id: 'html-element-dropped',
  description: 'Every lower-case (HTML) element is one the rendered page keeps.',
  // Information: the format's own renderer accepts many of these (`<script>` is on its list) and most do nothing there either.
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      'Pages are rendered through an allow-list of HTML elements, so that page content never runs script. A lower-case element outside it (`<blink>`, `<foo-bar>`, `<script>`, `<style>`) is left out of the preview and the export: its content stays, or for `<script>`, `<style>`, `<template>` and `<noscript>` goes with it. Put scripts in a `.js` file of the site and styles in a `.css` file, which the format loads on every page.',
    bad: pageSite('## Install\n\n<center>Use Node 20 or later.</center>\n'),
    good: pageSite('## Install\n\n<div style={{ textAlign: "center" }}>Use Node 20 or later.</div>\n'),
  },
  check({ page, report }) {
    const defined = pageEsm(page).defined;
    walkElements(page, (element) => {
      const name = element.name;
      if (!isHtmlElementName(name) || specOf(name) || defined.has(name)) return;
      const fate = htmlElementFate(name);
      if (fate === 'kept') return;
      const what = fate === 'content' ? 'the element is left out and only its content is shown' : 'it is left out with its content';
      report({ message: `<${name}> is not an HTML element that pages may hold: ${what}.`, range: tagNameRange(page, element), node: element });
    });
  },
};

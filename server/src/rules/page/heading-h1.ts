import type { Heading } from 'mdast';
import { nodesOf } from '../../pages/nodes';
import { offsetOf, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const headingH1: PageRule = {
  id: 'heading-h1',
  description: 'The page body has no level-1 heading: the title is the page heading.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      "The site renders the front matter `title` as the page's only H1. A `#` heading in the body makes a second H1, which breaks the outline for screen readers and search engines. Body headings start at `##`.",
    bad: pageSite('# Create a note\n\nSend a POST request.\n'),
    good: pageSite('## Create a note\n\nSend a POST request.\n'),
  },
  check({ page, report }) {
    for (const h of nodesOf<Heading>(page, 'heading')) {
      if (h.depth !== 1) continue;
      const o = offsetOf(h);
      const atx = o && page.text.startsWith('#', o.start);
      report({
        message: 'Level-1 heading in the body: the title already is the page heading; start body headings at ##.',
        node: h,
        fixes: atx ? [pageFix(page, 'Change to a level-2 heading', [{ range: page.index.range(o.start, 1), newText: '##' }], true)] : [],
      });
    }
  },
};

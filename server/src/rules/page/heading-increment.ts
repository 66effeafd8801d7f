import type { Heading } from 'mdast';
import { isJsxElement } from '../../pages/jsx';
import { nodesOf } from '../../pages/nodes';
import { offsetOf, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const headingIncrement: PageRule = {
  id: 'heading-increment',
  description: 'Headings start at level 2 and go down one level at a time.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'Readers of screen readers move through a page by its outline. A jump from `##` to `####`, or a first heading deeper than `##`, leaves a hole in it. Level-1 headings are reported by heading-h1.',
    bad: pageSite('## Create a note\n\n#### Request body\n\nSend JSON.\n'),
    good: pageSite('## Create a note\n\n### Request body\n\nSend JSON.\n'),
  },
  check({ page, report }) {
    let previous = 1; // the title
    for (const node of nodesOf(page, 'heading', 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      if (node.type !== 'heading') {
        // An HTML heading (`<h2>` in a `<div>`) sets the level the next Markdown heading follows.
        const level = isJsxElement(node) ? /^h([1-6])$/.exec(node.name ?? '')?.[1] : undefined;
        if (level !== undefined) previous = Math.max(Number(level), 2);
        continue;
      }
      const h = node as Heading;
      if (h.depth === 1) {
        // A body H1 is reported (and demoted to H2) by heading-h1: count it as the H2 it becomes.
        previous = 2;
        continue;
      }
      if (h.depth > previous + 1) {
        const expected = previous + 1;
        const o = offsetOf(h);
        const hashes = o ? /^#+/.exec(page.text.slice(o.start, o.end))?.[0] : undefined;
        report({
          message: `Heading level ${h.depth} follows level ${previous}: expected level ${expected} (${'#'.repeat(expected)}).`,
          node: h,
          fixes:
            o && hashes
              ? [
                  pageFix(
                    page,
                    `Change to a level-${expected} heading`,
                    [{ range: page.index.range(o.start, hashes.length), newText: '#'.repeat(expected) }],
                    true,
                  ),
                ]
              : [],
        });
      }
      // The next heading is judged against this one as written: one skip is one finding, not a cascade.
      previous = h.depth;
    }
  },
};

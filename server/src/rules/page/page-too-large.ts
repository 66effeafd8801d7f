import { MAX_PAGE_CHARS } from '../../pages/parse';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const pageTooLarge: PageRule = {
  id: 'page-too-large',
  description: `Pages over ${MAX_PAGE_CHARS / 1024} KB are checked only for their front matter.`,
  severity: 'information',
  fixable: false,
  docs: {
    rationale: `Docwright reads pages up to ${MAX_PAGE_CHARS / 1024} KB in full, which keeps the editor responsive; larger pages get this notice and only their front matter is checked. A page that large is also slow for readers: split it into several pages.`,
    bad: pageSite('## Log\n\n' + 'An entry of the long log, written every day.\n\n'.repeat(Math.ceil(MAX_PAGE_CHARS / 40))),
    good: pageSite('## Log\n\nA short page.\n'),
  },
  check({ page, report }) {
    if (!page.tooLarge) return;
    report({
      message:
        page.tooLarge.bytes > page.tooLarge.limit
          ? `This page has ${(page.tooLarge.bytes / 1024 / 1024).toFixed(1)} MB of text; Docwright checks pages up to ${page.tooLarge.limit / 1024} KB in full, so only its front matter was checked. Consider splitting it.`
          : 'This page nests lists or block quotes dozens of levels deep, which Docwright does not parse; only its front matter was checked.',
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: page.index.lineText(0).length } },
    });
  },
};

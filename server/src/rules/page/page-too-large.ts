import { MAX_INLINE_MARKERS, MAX_PAGE_CHARS, MAX_TREE_DEPTH, PARSE_TIME_BASE_MS, PARSE_TIME_MS_PER_KB, skippedReason } from '../../pages/parse';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const pageTooLarge: PageRule = {
  id: 'page-too-large',
  description: `Pages over ${MAX_PAGE_CHARS / 1024} KB, nested too deep or too slow to parse are checked only for their front matter and links.`,
  severity: 'information',
  fixable: false,
  docs: {
    rationale: `Docwright reads pages up to ${MAX_PAGE_CHARS / 1024} KB in full, which keeps the editor responsive; larger pages get this notice and only their front matter and links are checked (the links read by one scan of the text, not a parse). A page that large is also slow for readers: split it into several pages. The same notice stands for pages that nest elements over ${MAX_TREE_DEPTH} levels deep, that hold over ${MAX_INLINE_MARKERS.toLocaleString('en-US')} inline markers (\`*\`, \`_\`, backticks, \`[\`) outside code blocks (the largest real pages hold a few thousand), or whose Markdown would stall the parser (a guard stops it after ${PARSE_TIME_BASE_MS / 1000} s plus ${PARSE_TIME_MS_PER_KB} ms per KB of processor time, about ten times what real pages take; processor time, not wall time, so the result does not depend on the machine's load): such pages are not read either, so that one file cannot crash or stall the checks, the preview or the export. Links into a page that was not read are not checked for their \`#anchor\`.`,
    bad: pageSite('## Log\n\n' + 'An entry of the long log, written every day.\n\n'.repeat(Math.ceil(MAX_PAGE_CHARS / 40))),
    good: pageSite('## Log\n\nA short page.\n'),
  },
  check({ page, report }) {
    if (!page.tooLarge) return;
    report({
      message: `${skippedReason(page.tooLarge)} Only its front matter and links were checked.${page.tooLarge.reason === 'size' ? ' Consider splitting it.' : ''}`,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: page.index.lineText(0).length } },
    });
  },
};

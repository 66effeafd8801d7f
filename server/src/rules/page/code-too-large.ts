import type { Code } from 'mdast';
import { longLines, MAX_HIGHLIGHT_LINE, plainBlocks } from '../../pages/code-highlight';
import { nodesOf } from '../../pages/nodes';
import { firstLineRange, pageSite } from '../page-utils';
import type { PageRule } from '../types';

const MAX_LINE = MAX_HIGHLIGHT_LINE.toLocaleString('en-US');

export const codeTooLarge: PageRule = {
  id: 'code-too-large',
  description: 'Code blocks too long or too costly to highlight are shown as plain text.',
  severity: 'information',
  fixable: false,
  docs: {
    rationale: `Syntax highlighting searches each line again for every token, and a few grammars take far longer on some lines: runs of \`<<<\` in shell, \`*<*\` in Markdown, many \`\\a\` escapes in one CSS name. Docwright estimates that cost from the text before it highlights a block (the same estimate on every machine), and shows the block as plain text when it is over the bound of one block, or when the blocks above it have used what one page gets; a line of ${MAX_LINE} characters or more is shown plain on its own. The preview, \`docwright dev\` and the export show such code exactly as written, without colours. Shorten the lines, split the block or the page, or write \`text\` as its language to show it plain on purpose.`,
    bad: pageSite(
      '## Icons\n\n```css\nicon-\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a { color: red; }\n```\n',
    ),
    good: pageSite('## Icons\n\n```css\n.icon-alert { color: red; }\n```\n'),
  },
  check({ page, report }) {
    const plain = plainBlocks(page);
    for (const code of nodesOf<Code>(page, 'code')) {
      const why = plain.get(code);
      const range = firstLineRange(page, code);
      if (why === 'block') {
        report({
          message:
            'This code block is shown without syntax highlighting: highlighting it could take seconds (long lines, or syntax its grammar is slow on, such as runs of `<<<` in shell, `*<*` in Markdown or many `\\a` escapes in one CSS name). Shorten its lines or split it.',
          range,
          node: code,
        });
      } else if (why === 'page') {
        report({
          message:
            'This code block is shown without syntax highlighting: the code blocks above it take all the highlighting one page gets. Split the page, or write `text` as the language of its largest blocks.',
          range,
          node: code,
        });
      } else {
        const long = longLines(code.value, code.lang);
        if (long.length === 0) continue;
        const which = long.length === 1 ? `Line ${long[0]}` : `Lines ${long.slice(0, 5).join(', ')}${long.length > 5 ? ', …' : ''}`;
        report({
          message: `${which} of this code block ${long.length === 1 ? 'has' : 'have'} ${MAX_LINE} characters or more: shown without syntax highlighting.`,
          range,
          node: code,
        });
      }
    }
  },
};

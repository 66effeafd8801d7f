import type { Code } from 'mdast';
import { nodesOf } from '../../pages/nodes';
import { firstLineRange, offsetOf, pageSite } from '../page-utils';
import type { PageDocument } from '../../pages/parse';
import type { PageRule } from '../types';

/** Whether a fenced block ends without its closing fence: its container (a list item) ended first. */
function unclosed(page: PageDocument, code: Code): boolean {
  const o = offsetOf(code);
  if (!o) return false;
  const lines = page.text.slice(o.start, o.end).split('\n');
  const fence = /^[ \t]*(`{3,}|~{3,})/.exec(lines[0])?.[1];
  if (!fence) return false;
  const last = lines.length > 1 ? lines[lines.length - 1].trim() : '';
  return !(last.length >= fence.length && last === fence[0].repeat(last.length));
}

/** Whether only blank lines lie between two blocks. */
function adjacent(page: PageDocument, before: Code, after: Code): boolean {
  const a = offsetOf(before);
  const b = offsetOf(after);
  return !!a && !!b && page.text.slice(a.end, b.start).trim() === '';
}

export const codeLanguage: PageRule = {
  id: 'code-language',
  description: 'Code blocks name their language.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'The language after the opening fence (```bash, ```json) turns on syntax highlighting and tells the reader what they are looking at. Use `text` for output that is not code. Add a file name after the language where it helps (```js index.js). A bare fence right after a block that its list item ended unclosed is a closing fence written less indented than the opening one: it opens a new block, and the finding says to indent it.',
    bad: pageSite('## Install\n\n```\nnpm install @acme/notes\n```\n'),
    good: pageSite('## Install\n\n```bash Terminal\nnpm install @acme/notes\n```\n'),
  },
  check({ page, report }) {
    let previous: Code | undefined;
    for (const code of nodesOf<Code>(page, 'code')) {
      if (!code.lang) {
        // A closing fence written less indented than its list item opens a new block instead of closing the item's.
        const stray = previous && unclosed(page, previous) && adjacent(page, previous, code);
        const message = stray
          ? 'This fence opens a new code block instead of closing the one above, which its list item ended unclosed: indent this fence like the opening one.'
          : 'This code block does not name its language: write it after the opening fence (```bash, ```json, ```text).';
        report({ message, range: firstLineRange(page, code), node: code });
      }
      previous = code;
    }
  },
};

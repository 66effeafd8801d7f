import type { Code } from 'mdast';
import { nodesOf } from '../../pages/nodes';
import { firstLineRange, pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const codeLanguage: PageRule = {
  id: 'code-language',
  description: 'Code blocks name their language.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'The language after the opening fence (```bash, ```json) turns on syntax highlighting and tells the reader what they are looking at. Use `text` for output that is not code. Add a file name after the language where it helps (```js index.js).',
    bad: pageSite('## Install\n\n```\nnpm install @acme/notes\n```\n'),
    good: pageSite('## Install\n\n```bash Terminal\nnpm install @acme/notes\n```\n'),
  },
  check({ page, report }) {
    for (const code of nodesOf<Code>(page, 'code')) {
      if (!code.lang) report({ message: 'This code block does not name its language: write it after the opening fence (```bash, ```json, ```text).', range: firstLineRange(page, code), node: code });
    }
  },
};

import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';
import type { PageDocument, SyntaxProblem } from '../../pages/parse';
import type { Fix } from '../../types';

/** Where to close an unclosed tag: before the next heading after it, or at the end of the page. */
function closeTagFix(page: PageDocument, problem: SyntaxProblem): Fix | undefined {
  if (!problem.tag) return undefined;
  const from = page.index.offsetAt(problem.range.end);
  const heading = /^#{1,6}\s/m;
  const rest = page.text.slice(from);
  const m = heading.exec(rest);
  const at = m ? from + m.index : page.text.length;
  const needsNewline = at > 0 && page.text[at - 1] !== '\n';
  const insert = `${needsNewline ? '\n' : ''}</${problem.tag}>\n${m ? '\n' : ''}`;
  const where = m ? `before "${rest.slice(m.index).split('\n')[0].trim()}"` : 'at the end of the page';
  const pos = page.index.positionAt(at);
  return pageFix(page, `Close <${problem.tag}> ${where}`, [{ range: { start: pos, end: pos }, newText: insert }], true);
}

export const mdxSyntax: PageRule = {
  id: 'mdx-syntax',
  description: 'The page is valid MDX.',
  severity: 'error',
  fixable: true,
  parseFailure: true,
  docs: {
    rationale:
      'Pages are MDX: `<` starts a component or HTML tag and `{` starts a JavaScript expression. A bare `<` or `{` in text, or a component that is never closed, stops the page from building. Docwright reports the first such problem, precisely, and still checks the rest of the page. Quick fixes escape the character (`\\<`, `\\{`) or close the tag.',
    bad: pageSite('## Limits\n\nEach note holds <5 MB of text.\n'),
    good: pageSite('## Limits\n\nEach note holds \\<5 MB of text.\n'),
  },
  check({ page, report }) {
    const problem = page.syntaxError;
    if (!problem) return;
    const fixes: Fix[] = [];
    if (problem.kind === 'unexpected-lt') fixes.push(pageFix(page, 'Escape "<" as "\\<"', [{ range: problem.range, newText: '\\<' }], true));
    if (problem.kind === 'unexpected-brace') fixes.push(pageFix(page, 'Escape "{" as "\\{"', [{ range: problem.range, newText: '\\{' }], true));
    if (problem.kind === 'unclosed-tag') {
      const fix = closeTagFix(page, problem);
      if (fix) fixes.push(fix);
    }
    report({ message: problem.message, range: problem.range, fixes });
  },
};

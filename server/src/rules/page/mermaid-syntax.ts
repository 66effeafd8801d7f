import type { Code } from 'mdast';
import { nodesOf } from '../../pages/nodes';
import { firstLineRange, pageSite } from '../page-utils';
import type { PageRule } from '../types';
import type { Range } from '../../types';
import type { LineIndex } from '../../util/text';

export const mermaidSyntax: PageRule = {
  id: 'mermaid-syntax',
  description: 'Mermaid diagrams parse.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      "A ```mermaid code block is drawn as a diagram; one Mermaid cannot read shows an error box instead. The check runs Mermaid's own parser on each diagram (the first line names the diagram type: `flowchart LR`, `sequenceDiagram`, …).",
    bad: pageSite('## Flow\n\n```mermaid\nflowchart LR\n  Request --> Auth\n  Auth -->\n```\n'),
    good: pageSite('## Flow\n\n```mermaid\nflowchart LR\n  Request --> Auth\n  Auth --> Response\n```\n'),
  },
  check({ page, mermaid, report }) {
    if (!mermaid) return;
    for (const code of nodesOf<Code>(page, 'code')) {
      if (code.lang?.toLowerCase() !== 'mermaid' || !code.value.trim()) continue;
      const problem = mermaid(code.value);
      if (!problem) continue;
      const unknownType = /^No diagram type detected/.test(problem.message);
      const message = unknownType
        ? 'This Mermaid diagram does not start with a diagram type Mermaid knows (flowchart LR, sequenceDiagram, classDiagram, erDiagram, gantt, pie, …).'
        : `Mermaid cannot read this diagram${problem.line !== undefined ? ` (line ${problem.line + 1} of the diagram)` : ''}: ${problem.message}`;
      report({ message, range: diagramLine(page.text, page.index, code, unknownType ? 0 : problem.line) ?? firstLineRange(page, code), node: code });
    }
  },
};

/** The range of a line of the diagram (0-based within the code), trimmed; undefined when it cannot be found. */
function diagramLine(text: string, index: LineIndex, code: Code, line: number | undefined): Range | undefined {
  const start = code.position?.start.offset;
  if (line === undefined || start === undefined) return undefined;
  const fenceLine = index.positionAt(start).line;
  const from = index.offsetAt({ line: fenceLine + 1 + line, character: 0 });
  const end = text.indexOf('\n', from);
  const lineText = text.slice(from, end < 0 ? text.length : end).replace(/\r$/, '');
  const lead = lineText.length - lineText.trimStart().length;
  const length = lineText.trim().length;
  return length > 0 && from < (code.position?.end.offset ?? 0) ? index.range(from + lead, length) : undefined;
}

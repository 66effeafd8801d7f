import type { Node } from 'unist';
import katex from 'katex';
import { nodesOf } from '../../pages/nodes';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';
import { katexOptions } from '../../pages/math';

export const mathSyntax: PageRule = {
  id: 'math-syntax',
  description: 'Math between dollar signs is valid LaTeX.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'The format typesets `$…$` and `$$…$$` as LaTeX math; a formula that cannot be read shows as red source text. Prices are math too: two dollar signs in one paragraph (`$5 and $10`) make a formula of the text between them, so write a literal dollar sign as `\\$`.',
    bad: pageSite('## Growth\n\nThe model predicts $\\frac{a}{b$ for each step.\n'),
    good: pageSite('## Growth\n\nThe model predicts $\\frac{a}{b}$ for each step.\n'),
  },
  check({ page, report }) {
    for (const type of ['inlineMath', 'math']) {
      for (const node of nodesOf<Node & { value: string }>(page, type)) {
        try {
          // As the renderer typesets it (render/math.ts), minus the output.
          katex.renderToString(node.value, katexOptions({ throwOnError: true, output: 'mathml', displayMode: type === 'math' }));
        } catch (e) {
          const message = (e as { rawMessage?: string; message?: string }).rawMessage ?? (e as Error).message ?? String(e);
          report({ message: `This formula is not valid LaTeX: ${message.replace(/\.$/, '')}.`, node });
        }
      }
    }
  },
};

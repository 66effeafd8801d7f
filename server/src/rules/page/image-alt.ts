import type { Image } from 'mdast';
import { nodesOf } from '../../pages/nodes';
import { isJsxElement, type JsxElement, stringAttribute } from '../../pages/jsx';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';

const GENERIC = /^(image|img|picture|pic|photo|screenshot|screen shot|diagram|figure|graphic|alt|alt text|untitled)\s*\d*$/i;

/** Why an alt text is not descriptive, or undefined when it is. */
export function altProblem(alt: string | undefined, src: string): string | undefined {
  const text = (alt ?? '').trim();
  if (text === '') return 'has no alt text';
  const file = src.split(/[?#]/)[0].split('/').pop() ?? '';
  if (GENERIC.test(text)) return `has the generic alt text "${text}"`;
  if (file && (text === file || text === file.replace(/\.[a-z0-9]+$/i, ''))) return `has its file name "${text}" as alt text`;
  return undefined;
}

const UNKNOWN = Symbol('unknown');

/** An `<img>`'s alt text: a string, or a string literal in braces (`alt={"…"}`); UNKNOWN when an expression computes it. */
function altOf(node: JsxElement): string | undefined | typeof UNKNOWN {
  const raw = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'alt');
  if (!raw || raw.type !== 'mdxJsxAttribute') return undefined;
  if (raw.value === null || raw.value === undefined) return '';
  if (typeof raw.value === 'string') return raw.value;
  const statement = raw.value.data?.estree?.body[0];
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  if (expression?.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  if (expression?.type === 'TemplateLiteral' && expression.expressions.length === 0) return expression.quasis[0]?.value.cooked ?? UNKNOWN;
  return UNKNOWN;
}

export const imageAlt: PageRule = {
  id: 'image-alt',
  description: 'Every image has descriptive alt text.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'Alt text is what screen readers read and what shows when an image cannot load. Describe what the image shows and why it is there; a file name or "image" tells the reader nothing.',
    bad: pageSite('## Dashboard\n\n<Frame>\n  ![screenshot](/images/dashboard.png)\n</Frame>\n', { extra: { 'images/dashboard.png': '' } }),
    good: pageSite('## Dashboard\n\n<Frame>\n  ![The notes dashboard listing three notes with their tags](/images/dashboard.png)\n</Frame>\n', {
      extra: { 'images/dashboard.png': '' },
    }),
  },
  check({ page, report }) {
    for (const node of nodesOf(page, 'image', 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      if (node.type === 'image') {
        const img = node as Image;
        const problem = altProblem(img.alt ?? undefined, img.url);
        if (problem) report({ message: `The image ${problem}: describe what it shows.`, node });
      } else if (isJsxElement(node) && node.name === 'img') {
        const alt = altOf(node);
        if (alt === UNKNOWN) continue;
        const problem = altProblem(alt, stringAttribute(node, 'src') ?? '');
        if (problem) report({ message: `The image ${problem}: describe what it shows in alt="…".`, node });
      }
    }
  },
};

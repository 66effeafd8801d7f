import type { Image } from 'mdast';
import { nodesOf } from '../../pages/nodes';
import { isJsxElement, stringAttribute } from '../../pages/jsx';
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
        const problem = altProblem(stringAttribute(node, 'alt'), stringAttribute(node, 'src') ?? '');
        if (problem) report({ message: `The image ${problem}: describe what it shows in alt="…".`, node });
      }
    }
  },
};

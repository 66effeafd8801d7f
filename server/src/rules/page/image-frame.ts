import type { Image, Paragraph } from 'mdast';
import type { Node } from 'unist';
import { IMAGE_FRAMING_COMPONENTS } from '../../components/catalog';
import { ancestorsOf, nodesOf } from '../../pages/nodes';
import { isJsxElement } from '../../pages/jsx';
import { offsetOf, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const imageFrame: PageRule = {
  id: 'image-frame',
  description: 'Block images sit in a `<Frame>`.',
  severity: 'warning',
  fixable: true,
  skipOnSyntaxError: true,
  docs: {
    rationale:
      "The authoring rules (the format's own house style) wrap every image in `<Frame>`, which gives it a border, spacing and an optional caption, so images look the same across the site; the format's docs present `<Frame>` as optional, so turn the rule off for a site that frames none. Images inline in a sentence (badges, icons) are left alone. The quick fix wraps the image.",
    bad: pageSite('## Dashboard\n\n![The notes dashboard listing three notes](/images/dashboard.png)\n', { extra: { 'images/dashboard.png': '' } }),
    good: pageSite('## Dashboard\n\n<Frame>\n  ![The notes dashboard listing three notes](/images/dashboard.png)\n</Frame>\n', {
      extra: { 'images/dashboard.png': '' },
    }),
  },
  check({ page, report }) {
    for (const image of nodesOf<Image>(page, 'image')) {
      const ancestors = ancestorsOf(page, image);
      const parent = ancestors[0] as Paragraph | undefined;
      // Only images that stand alone in their paragraph are block images.
      if (parent?.type !== 'paragraph' || parent.children.some((c) => c !== image && !(c.type === 'text' && c.value.trim() === ''))) continue;
      if (ancestors.some((a: Node) => isJsxElement(a) && a.name !== null && IMAGE_FRAMING_COMPONENTS.has(a.name))) continue;
      const o = offsetOf(parent);
      const fixes = [];
      if (o) {
        const line = page.index.positionAt(o.start);
        const indent = page.index.lineText(line.line).slice(0, line.character);
        const source = page.text.slice(o.start, o.end);
        fixes.push(
          pageFix(
            page,
            'Wrap the image in <Frame>',
            [{ range: page.index.range(o.start, o.end - o.start), newText: `<Frame>\n${indent}  ${source}\n${indent}</Frame>` }],
            true,
          ),
        );
      }
      report({
        message: 'Put this image in a <Frame>: the authoring rules frame every block image (a border, spacing and an optional caption).',
        node: image,
        fixes,
      });
    }
  },
};

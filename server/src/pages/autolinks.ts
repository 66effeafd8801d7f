// Bare URLs and e-mail addresses in prose, as the format's parser links them (remark-gfm's autolink
// literals: `https://…`, `www.…`, `a@b.co`). Pages are parsed without that extension (it costs a
// third of the parse, and a bare URL links nothing to check); the renderer asks here per text node,
// which is read again with only that extension when it may hold one.
import type { Link, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import type { Node, Parent } from 'unist';

/** Text that could hold an autolink literal: a cheap test before the parser's own. */
const CANDIDATE = /:\/\/|www\.|@/i;

/** Whether `value` may hold an autolink literal (false: it holds none). */
export function mayAutolink(value: string): boolean {
  return CANDIDATE.test(value);
}

/** A run of a text node: plain text, or the text of a link to `url`. */
export interface TextRun {
  text: string;
  url?: string;
}

/**
 * The runs of `value` (a text node outside any link) with its autolink literals as links, or
 * undefined when it has none. The runs' texts join to `value`.
 */
export function autolinkRuns(value: string): TextRun[] | undefined {
  if (!mayAutolink(value)) return undefined;
  const tree = fromMarkdown(value, { extensions: [gfmAutolinkLiteral()], mdastExtensions: [gfmAutolinkLiteralFromMarkdown()] });
  const runs: TextRun[] = [];
  let at = 0;
  const walk = (node: Node) => {
    if (node.type === 'link') {
      const [start, end] = [node.position?.start.offset, node.position?.end.offset];
      const text = start === undefined || end === undefined ? '' : value.slice(start, end);
      // Only literals: link syntax in the text (escaped in the page) is no link there.
      if (start !== undefined && start >= at && text && !/^[[<]/.test(text) && text === textOf(node as Link)) {
        if (start > at) runs.push({ text: value.slice(at, start) });
        runs.push({ text, url: (node as Link).url });
        at = end!;
      }
      return;
    }
    for (const child of (node as Parent).children ?? []) walk(child);
  };
  walk(tree as Root);
  if (!runs.length) return undefined;
  if (at < value.length) runs.push({ text: value.slice(at) });
  return runs;
}

function textOf(link: Link): string {
  return link.children.map((c) => (c as { value?: string }).value ?? '').join('');
}

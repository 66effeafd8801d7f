// Document symbols (the heading outline) and folding ranges of a page.
import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Node } from 'unist';
import { visit } from 'unist-util-visit';
import type { PageDocument } from '../pages/parse';
import type { Range } from '../types';

export interface OutlineSymbol {
  name: string;
  level: number;
  range: Range;
  selectionRange: Range;
  children: OutlineSymbol[];
}

/** Headings as a tree; each heading's range runs to the next heading of the same or a higher level. */
export function pageOutline(page: PageDocument): OutlineSymbol[] {
  const headings: { name: string; level: number; start: number; end: number }[] = [];
  visit(page.tree, 'heading', (h: Heading) => {
    const s = h.position?.start.offset;
    const e = h.position?.end.offset;
    if (s !== undefined && e !== undefined) headings.push({ name: toString(h).trim() || '(empty heading)', level: h.depth, start: s, end: e });
  });
  const roots: OutlineSymbol[] = [];
  const stack: OutlineSymbol[] = [];
  headings.forEach((h, i) => {
    const next = headings.slice(i + 1).find((o) => o.level <= h.level);
    const sectionEnd = next ? next.start : page.text.length;
    const symbol: OutlineSymbol = {
      name: h.name,
      level: h.level,
      range: page.index.range(h.start, Math.max(h.end, sectionEnd - 1) - h.start),
      selectionRange: page.index.range(h.start, h.end - h.start),
      children: [],
    };
    while (stack.length && stack[stack.length - 1].level >= h.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(symbol);
    stack.push(symbol);
  });
  return roots;
}

export interface Fold {
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'region';
}

/** Folds: front matter, heading sections, multi-line components and code blocks. */
export function pageFolds(page: PageDocument): Fold[] {
  const folds: Fold[] = [];
  const add = (startLine: number, endLine: number) => {
    if (endLine > startLine) folds.push({ startLine, endLine });
  };
  if (page.frontmatter.range) add(page.frontmatter.range.start.line, page.frontmatter.range.end.line);
  const addSections = (symbols: OutlineSymbol[]) => {
    for (const s of symbols) {
      // A section folds up to the line before the next section.
      const end = s.range.end.character === 0 ? s.range.end.line - 1 : s.range.end.line;
      add(s.range.start.line, end);
      addSections(s.children);
    }
  };
  addSections(pageOutline(page));
  visit(page.tree, (node: Node) => {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'code') {
      const s = node.position?.start.line;
      const e = node.position?.end.line;
      if (s !== undefined && e !== undefined) add(s - 1, e - 1);
    }
  });
  return folds;
}

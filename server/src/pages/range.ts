// Ranges of tree nodes in their page.
import type { Node } from 'unist';
import type { Range } from '../types';
import type { PageDocument } from './parse';

const NOWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export function unistRange(page: Pick<PageDocument, 'index'>, node: Node): Range {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return NOWHERE;
  return page.index.range(start, end - start);
}

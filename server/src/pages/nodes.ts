// One walk per parsed page: every node grouped by type (in document order) and each node's parent.
// Rules ask this instead of walking the tree again each.
import type { Node, Parent } from 'unist';
import type { PageDocument } from './parse';
import { append } from '../util/array';

export interface PageNodes {
  byType: Map<string, Node[]>;
  parent: Map<Node, Parent>;
}

const cache = new WeakMap<PageDocument, PageNodes>();

export function pageNodes(page: PageDocument): PageNodes {
  let nodes = cache.get(page);
  if (nodes) return nodes;
  const byType = new Map<string, Node[]>();
  const parent = new Map<Node, Parent>();
  const stack: Node[] = [page.tree];
  // Iterative pre-order walk (deeply nested pages must not overflow the stack).
  while (stack.length) {
    const node = stack.pop()!;
    let list = byType.get(node.type);
    if (!list) byType.set(node.type, (list = []));
    list.push(node);
    const children = (node as Parent).children;
    if (children) {
      for (let i = children.length - 1; i >= 0; i--) {
        parent.set(children[i], node as Parent);
        stack.push(children[i]);
      }
    }
  }
  nodes = { byType, parent };
  cache.set(page, nodes);
  return nodes;
}

/** The nodes of the given types, in document order per type. */
export function nodesOf<T extends Node = Node>(page: PageDocument, ...types: string[]): T[] {
  const { byType } = pageNodes(page);
  if (types.length === 1) return (byType.get(types[0]) ?? []) as T[];
  const out: Node[] = [];
  for (const t of types) append(out, byType.get(t) ?? []);
  return out.sort((a, b) => (a.position?.start.offset ?? 0) - (b.position?.start.offset ?? 0)) as T[];
}

/** A node's ancestors, nearest first. */
export function ancestorsOf(page: PageDocument, node: Node): Parent[] {
  const { parent } = pageNodes(page);
  const out: Parent[] = [];
  for (let p = parent.get(node); p; p = parent.get(p)) out.push(p);
  return out;
}

// Small helpers over the JSON AST of vscode-json-languageservice (offsets are into the text).
import type { ArrayASTNode, ASTNode, ObjectASTNode, PropertyASTNode, StringASTNode } from 'vscode-json-languageservice';

export type { ArrayASTNode, ASTNode, ObjectASTNode, PropertyASTNode, StringASTNode };

export function isObject(node: ASTNode | undefined): node is ObjectASTNode {
  return node?.type === 'object';
}

export function isArray(node: ASTNode | undefined): node is ArrayASTNode {
  return node?.type === 'array';
}

export function isString(node: ASTNode | undefined): node is StringASTNode {
  return node?.type === 'string';
}

export function property(node: ASTNode | undefined, key: string): PropertyASTNode | undefined {
  if (!isObject(node)) return undefined;
  // The last one wins, as in JSON.parse.
  for (let i = node.properties.length - 1; i >= 0; i--) {
    if (node.properties[i].keyNode.value === key) return node.properties[i];
  }
  return undefined;
}

export function child(node: ASTNode | undefined, key: string): ASTNode | undefined {
  return property(node, key)?.valueNode;
}

export function stringChild(node: ASTNode | undefined, key: string): StringASTNode | undefined {
  const c = child(node, key);
  return isString(c) ? c : undefined;
}

/** Follows a path of keys and indices. */
export function at(node: ASTNode | undefined, ...path: (string | number)[]): ASTNode | undefined {
  let cur = node;
  for (const seg of path) {
    if (typeof seg === 'number') cur = isArray(cur) ? cur.items[seg] : undefined;
    else cur = child(cur, seg);
    if (!cur) return undefined;
  }
  return cur;
}

/** The plain JavaScript value of a node. */
export function valueOf(node: ASTNode | undefined): unknown {
  if (!node) return undefined;
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) out[p.keyNode.value] = valueOf(p.valueNode);
      return out;
    }
    case 'array':
      return node.items.map(valueOf);
    case 'property':
      return valueOf(node.valueNode);
    default:
      return node.value;
  }
}

/** The JSON path (keys and indices) from the root to `node`. */
export function pathOf(node: ASTNode): (string | number)[] {
  const path: (string | number)[] = [];
  let cur: ASTNode | undefined = node;
  while (cur?.parent) {
    const parent: ASTNode = cur.parent;
    if (parent.type === 'property') path.unshift(parent.keyNode.value);
    else if (parent.type === 'array') path.unshift(parent.items.indexOf(cur));
    cur = parent;
  }
  return path;
}

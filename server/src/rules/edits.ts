// Text edits on docs.json that quick fixes share. Edits keep the file's formatting.
import type { ArrayASTNode, ASTNode } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import type { Fix, TextEdit } from '../types';

export function nodeRange(config: ConfigDocument, node: ASTNode) {
  return config.index.range(node.offset, node.length);
}

export function replaceNode(config: ConfigDocument, node: ASTNode, newText: string): TextEdit {
  return { range: nodeRange(config, node), newText };
}

/** Removes an array item (or object property) together with the comma and space that separate it. */
export function removeListItem(config: ConfigDocument, node: ASTNode): TextEdit {
  const item = node.parent?.type === 'property' ? node.parent : node;
  const parent = item.parent;
  const siblings = parent?.type === 'array' ? parent.items : parent?.type === 'object' ? parent.properties : [item];
  const i = siblings.indexOf(item as never);
  let start = item.offset;
  let end = item.offset + item.length;
  if (i >= 0 && i + 1 < siblings.length) end = siblings[i + 1].offset;
  else if (i > 0) start = siblings[i - 1].offset + siblings[i - 1].length;
  return { range: config.index.range(start, end - start), newText: '' };
}

/** Appends a JSON value to an array, matching the indentation of the existing items. */
export function appendArrayItem(config: ConfigDocument, array: ArrayASTNode, value: unknown): TextEdit {
  const json = JSON.stringify(value);
  const items = array.items;
  if (items.length > 0) {
    const last = items[items.length - 1];
    const end = last.offset + last.length;
    const lastLine = config.index.lineText(config.index.positionAt(last.offset).line);
    const multiline = config.index.positionAt(items[0].offset).line !== config.index.positionAt(array.offset).line;
    const indent = /^\s*/.exec(lastLine)?.[0] ?? '';
    return { range: config.index.range(end, 0), newText: multiline ? `,\n${indent}${json}` : `, ${json}` };
  }
  // Empty array: `[]` -> `["x"]`.
  return { range: config.index.range(array.offset + 1, 0), newText: json };
}

export function configFix(config: ConfigDocument, title: string, edits: TextEdit[], isPreferred = false): Fix {
  return { title, edits: [{ path: config.path, edits }], isPreferred };
}

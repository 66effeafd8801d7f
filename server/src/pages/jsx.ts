// Reading JSX elements of the MDX tree: names, attributes and their source offsets.
import type { Program } from 'estree';
import type { Node } from 'unist';

export interface JsxElement extends Node {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: JsxAttributeNode[];
  children: Node[];
}

interface JsxAttributeNode extends Node {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | null | { type: 'mdxJsxAttributeValueExpression'; value: string; data?: { estree?: Program } };
}

export interface JsxAttribute {
  name: string;
  /** A string for `a="x"`, true for a bare `a`, an ExpressionValue for `a={x}`. */
  value: string | true | { expression: string };
  node: Node;
  /** Offsets of the attribute name, and of the string value inside its quotes. */
  nameOffset?: { start: number; end: number };
  valueOffset?: { start: number; end: number };
}

export function isJsxElement(node: Node): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/** The attributes of a JSX element; with the page `text`, also their source offsets. */
export function jsxAttributes(node: Node, text?: string): JsxAttribute[] {
  if (!isJsxElement(node)) return [];
  const out: JsxAttribute[] = [];
  for (const a of node.attributes) {
    if (a.type !== 'mdxJsxAttribute' || !a.name) continue; // {...spread} has no name
    const start = a.position?.start.offset;
    const end = a.position?.end.offset;
    const nameOffset = start !== undefined ? { start, end: start + a.name.length } : undefined;
    let value: JsxAttribute['value'];
    let valueOffset: JsxAttribute['valueOffset'];
    if (a.value === null || a.value === undefined) value = true;
    else if (typeof a.value === 'string') {
      value = a.value;
      if (text !== undefined && start !== undefined && end !== undefined) valueOffset = quotedValue(text, start, end);
    } else value = { expression: a.value.value };
    out.push({ name: a.name, value, node: a, nameOffset, valueOffset });
  }
  return out;
}

/** The span inside the quotes of `name="value"` (or 'value') in the source. */
function quotedValue(text: string, start: number, end: number): { start: number; end: number } | undefined {
  const eq = text.indexOf('=', start);
  if (eq < 0 || eq >= end) return undefined;
  let q = eq + 1;
  while (q < end && /\s/.test(text[q])) q++;
  if (text[q] !== '"' && text[q] !== "'") return undefined;
  return text[end - 1] === text[q] ? { start: q + 1, end: end - 1 } : undefined;
}

export function attribute(node: Node, name: string, text?: string): JsxAttribute | undefined {
  return jsxAttributes(node, text).find((a) => a.name === name);
}

export function stringAttribute(node: Node, name: string): string | undefined {
  const v = attribute(node, name)?.value;
  return typeof v === 'string' ? v : undefined;
}

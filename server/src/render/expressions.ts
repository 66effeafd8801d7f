// Static values of MDX expressions: `export const strings = { title: "…" }` and `{strings.title}`.
// Only literals, objects, arrays, template strings and member access are evaluated — nothing runs.
// Anything else (calls, JSX, operators) has no static value and renders as nothing.
import type { Node } from 'unist';

interface Estree {
  type: string;
  [key: string]: unknown;
}

export type Scope = ReadonlyMap<string, unknown>;

/** Marker for "no static value". */
export const UNKNOWN: unique symbol = Symbol('unknown');

const MAX_DEPTH = 64;

export function evaluate(node: Estree | undefined, scope: Scope, depth = 0): unknown {
  if (!node || depth > MAX_DEPTH) return UNKNOWN;
  switch (node.type) {
    case 'Literal':
      return node.regex ? UNKNOWN : node.value;
    case 'Identifier': {
      const name = String(node.name);
      if (name === 'undefined') return undefined;
      return scope.has(name) ? scope.get(name) : UNKNOWN;
    }
    case 'TemplateLiteral': {
      const quasis = node.quasis as Estree[];
      const exprs = node.expressions as Estree[];
      let out = '';
      for (let i = 0; i < quasis.length; i++) {
        out += String((quasis[i].value as { cooked?: string }).cooked ?? '');
        if (i < exprs.length) {
          const v = evaluate(exprs[i], scope, depth + 1);
          if (v === UNKNOWN || (typeof v === 'object' && v !== null)) return UNKNOWN;
          out += String(v);
        }
      }
      return out;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const el of node.elements as (Estree | null)[]) {
        const v = el ? evaluate(el, scope, depth + 1) : undefined;
        if (v === UNKNOWN) return UNKNOWN;
        out.push(v);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = Object.create(null);
      for (const p of node.properties as Estree[]) {
        if (p.type !== 'Property' || p.computed) return UNKNOWN;
        const key = p.key as Estree;
        const name = key.type === 'Identifier' ? String(key.name) : key.type === 'Literal' ? String(key.value) : undefined;
        if (name === undefined) return UNKNOWN;
        const v = evaluate(p.value as Estree, scope, depth + 1);
        if (v === UNKNOWN) return UNKNOWN;
        out[name] = v;
      }
      return out;
    }
    case 'MemberExpression': {
      const target = evaluate(node.object as Estree, scope, depth + 1);
      if (target === UNKNOWN || target === null || typeof target !== 'object') return UNKNOWN;
      const prop = node.property as Estree;
      const key = node.computed ? evaluate(prop, scope, depth + 1) : prop.type === 'Identifier' ? prop.name : UNKNOWN;
      if (key === UNKNOWN || (typeof key !== 'string' && typeof key !== 'number')) return UNKNOWN;
      return Object.prototype.hasOwnProperty.call(target, key) ? (target as Record<string, unknown>)[key] : undefined;
    }
    case 'UnaryExpression': {
      const v = evaluate(node.argument as Estree, scope, depth + 1);
      if (typeof v !== 'number') return UNKNOWN;
      return node.operator === '-' ? -v : node.operator === '+' ? v : UNKNOWN;
    }
    case 'ChainExpression':
      return evaluate(node.expression as Estree, scope, depth + 1);
    case 'JSXEmptyExpression':
      return undefined;
    default:
      return UNKNOWN;
  }
}

/** The one expression of an MDX expression node (`{…}` or an attribute value), if any. */
export function expressionOf(node: Node | { data?: unknown }): Estree | undefined {
  const program = (node as { data?: { estree?: Estree } }).data?.estree;
  const body = program?.body as Estree[] | undefined;
  if (!body || body.length === 0) return { type: 'JSXEmptyExpression' }; // a comment, `{/* … */}`
  const first = body[0];
  return first.type === 'ExpressionStatement' ? (first.expression as Estree) : undefined;
}

/** Adds the statically known `export const` values of ESM nodes to a scope. */
export function addExports(esmNodes: readonly Node[], scope: Map<string, unknown>): void {
  for (const node of esmNodes) {
    const program = (node as { data?: { estree?: Estree } }).data?.estree;
    for (const stmt of (program?.body as Estree[] | undefined) ?? []) {
      const decl = stmt.type === 'ExportNamedDeclaration' ? (stmt.declaration as Estree | null) : stmt.type === 'VariableDeclaration' ? stmt : null;
      if (!decl || decl.type !== 'VariableDeclaration') continue;
      for (const d of decl.declarations as Estree[]) {
        const id = d.id as Estree;
        if (id.type !== 'Identifier') continue;
        const v = evaluate(d.init as Estree, scope);
        if (v !== UNKNOWN) scope.set(String(id.name), v);
      }
    }
  }
}

/** Text for a value shown in the page: strings and numbers; nothing for objects or unknowns. */
export function displayValue(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

interface JsxAttributeNodeLike {
  type: string;
  name?: string;
  value?: unknown;
}

/** Attribute values of a JSX element: strings, `true` for bare names, static values of `{…}`. */
export function attributeValues(node: { attributes: readonly JsxAttributeNodeLike[] }, scope: Scope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of node.attributes) {
    if (a.type !== 'mdxJsxAttribute' || !a.name) continue;
    if (a.value === null || a.value === undefined) out[a.name] = true;
    else if (typeof a.value === 'string') out[a.name] = a.value;
    else {
      const v = evaluate(expressionOf(a.value as Node), scope);
      if (v !== UNKNOWN) out[a.name] = v;
    }
  }
  return out;
}

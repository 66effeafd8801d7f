// `.jsx` components imported by pages, rendered to static markup at render time — as the site's
// own build renders them — and only in a trusted workspace (the caller decides). The module is
// parsed with acorn + acorn-jsx, JSX compiled to calls of a tiny React stand-in
// (estree-util-build-jsx), and run in a `node:vm` context with a time limit. The output is plain
// data turned into hast, which then goes through the same sanitiser as the page: nothing of it runs
// in the preview or the exported pages.
import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import { generate } from 'astring';
import type { ElementContent, Properties } from 'hast';
import * as vm from 'node:vm';

const parser = Parser.extend(jsx());
const TIME_LIMIT_MS = 100;
const MAX_NODES = 20_000;

export interface JsxModule {
  /** Names the module exports (components are the functions among them). */
  exports: string[];
  error?: string;
  context?: vm.Context;
}

interface VNode {
  $$dw: true;
  type: unknown;
  props: Record<string, unknown>;
}

/**
 * The React subset a static render needs — elements, fragments, hooks that return their initial
 * value — as globals, the way the format offers hooks and built-in components to snippets without
 * imports. Built-in components (Icon, Card, ...) become markers the renderer draws itself.
 */
function runtime(builtins: readonly string[]): string {
  return `
globalThis.React = (() => {
  const Fragment = Symbol('Fragment');
  const createElement = (type, props, ...children) => {
    const p = Object.assign({}, props || {});
    if (children.length) p.children = children.length === 1 ? children[0] : children;
    return { $$dw: true, type, props: p };
  };
  return {
    createElement, Fragment,
    useState: (v) => [typeof v === 'function' ? v() : v, () => {}],
    useReducer: (r, v) => [v, () => {}],
    useEffect: () => {}, useLayoutEffect: () => {}, useCallback: (f) => f, useMemo: (f) => f(),
    useRef: (v) => ({ current: v }), useContext: (c) => (c ? c._v : undefined), useId: () => 'dw-id',
    createContext: (v) => ({ Provider: ({ children }) => children, _v: v }),
  };
})();
for (const k of ['useState', 'useReducer', 'useEffect', 'useLayoutEffect', 'useCallback', 'useMemo', 'useRef', 'useContext', 'useId']) globalThis[k] = React[k];
globalThis.__exports = {};
for (const name of ${JSON.stringify(builtins)}) {
  globalThis[name] = (props) => ({ $$dw: true, type: '__builtin', props: Object.assign({}, props, { __name: name }) });
}
`;
}

/** Compiles and evaluates a `.jsx` module; imports other than React resolve to nothing. */
export function loadJsxModule(source: string, builtins: readonly string[] = []): JsxModule {
  let program;
  try {
    program = parser.parse(source, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: { type: string; [k: string]: unknown }[] };
  } catch (e) {
    return { exports: [], error: `cannot be parsed: ${(e as Error).message}` };
  }
  // ESM -> statements the vm can run: imports dropped (React is provided), exports recorded.
  const names: string[] = [];
  const body: unknown[] = [];
  for (const stmt of program.body) {
    if (stmt.type === 'ImportDeclaration') {
      // `react` is the stand-in; other modules are not loaded (their bindings are undefined).
      const fromReact = (stmt.source as { value?: unknown }).value === 'react';
      for (const spec of stmt.specifiers as { type: string; local: { name: string }; imported?: { name?: string } }[]) {
        if (spec.local.name === 'React') continue;
        const value = fromReact && spec.type === 'ImportSpecifier' ? member(id('React'), id(spec.imported?.name ?? spec.local.name)) : fromReact ? id('React') : id('undefined');
        body.push({ type: 'VariableDeclaration', kind: 'const', declarations: [{ type: 'VariableDeclarator', id: id(spec.local.name), init: value }] });
      }
      continue;
    }
    if (stmt.type === 'ExportNamedDeclaration') {
      const decl = stmt.declaration as { type: string; id?: { name: string }; declarations?: { id: { type: string; name?: string } }[] } | null;
      if (!decl) continue;
      if (decl.type === 'VariableDeclaration') {
        for (const d of decl.declarations ?? []) if (d.id.type === 'Identifier' && d.id.name) names.push(d.id.name);
      } else if (decl.id) names.push(decl.id.name);
      body.push(decl);
      continue;
    }
    if (stmt.type === 'ExportDefaultDeclaration') {
      const decl = stmt.declaration as { type: string; id?: { name: string } | null };
      if ((decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration') && decl.id) {
        body.push(decl);
        names.push('default');
        body.push(assign('default', { type: 'Identifier', name: decl.id.name }));
      } else {
        names.push('default');
        body.push(assign('default', decl));
      }
      continue;
    }
    body.push(stmt);
  }
  for (const n of names) if (n !== 'default') body.push(assign(n, { type: 'Identifier', name: n }));
  const tree = { type: 'Program', sourceType: 'script', body };
  let code: string;
  try {
    code = generate(compileJsx(tree) as never);
  } catch (e) {
    return { exports: [], error: `cannot be compiled: ${(e as Error).message}` };
  }
  const context = vm.createContext(Object.create(null), { codeGeneration: { strings: false, wasm: false } });
  try {
    vm.runInContext(runtime(builtins), context, { timeout: TIME_LIMIT_MS });
    vm.runInContext(code, context, { timeout: TIME_LIMIT_MS });
  } catch (e) {
    return { exports: [], error: `failed when loaded: ${(e as Error).message}` };
  }
  return { exports: names, context };
}

type Estree = { type: string; [key: string]: unknown };

const id = (name: string): Estree => ({ type: 'Identifier', name });
const literal = (value: unknown): Estree => ({ type: 'Literal', value });
const member = (object: Estree, property: Estree): Estree => ({ type: 'MemberExpression', object, property, computed: false, optional: false });

function tagName(name: Estree): Estree {
  if (name.type === 'JSXIdentifier') {
    const n = String(name.name);
    return /^[a-z]/.test(n) || n.includes('-') ? literal(n) : id(n);
  }
  if (name.type === 'JSXMemberExpression') return member(tagName(name.object as Estree), id(String((name.property as Estree).name)));
  if (name.type === 'JSXNamespacedName') return literal(`${(name.namespace as Estree).name}:${(name.name as Estree).name}`);
  throw new Error(`unsupported JSX name ${name.type}`);
}

/** JSX text as React reads it: lines trimmed, line breaks between words become one space. */
function jsxText(value: string): string | undefined {
  if (!value.includes('\n')) return value;
  const lines = value.split(/\r?\n/).map((l, i, all) => (i === 0 ? l.trimEnd() : i === all.length - 1 ? l.trimStart() : l.trim())).filter((l) => l !== '');
  return lines.length ? lines.join(' ') : undefined;
}

function jsxChildren(children: Estree[]): Estree[] {
  const out: Estree[] = [];
  for (const c of children) {
    if (c.type === 'JSXText') {
      const t = jsxText(String(c.value));
      if (t !== undefined) out.push(literal(t));
    } else if (c.type === 'JSXExpressionContainer') {
      if ((c.expression as Estree).type !== 'JSXEmptyExpression') out.push(compileJsx(c.expression) as Estree);
    } else if (c.type === 'JSXElement' || c.type === 'JSXFragment') out.push(compileJsx(c) as Estree);
  }
  return out;
}

/** Replaces every JSX node of an ESTree with `React.createElement(…)` calls (the classic runtime). */
function compileJsx(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compileJsx);
  if (!node || typeof node !== 'object') return node;
  const n = node as Estree;
  const create = member(id('React'), id('createElement'));
  if (n.type === 'JSXElement') {
    const opening = n.openingElement as Estree;
    const props: Estree[] = [];
    for (const a of opening.attributes as Estree[]) {
      if (a.type === 'JSXSpreadAttribute') {
        props.push({ type: 'SpreadElement', argument: compileJsx(a.argument) });
        continue;
      }
      const nameNode = a.name as Estree;
      const key = nameNode.type === 'JSXNamespacedName' ? `${(nameNode.namespace as Estree).name}:${(nameNode.name as Estree).name}` : String(nameNode.name);
      const v = a.value as Estree | null;
      const value = v === null ? literal(true) : v.type === 'JSXExpressionContainer' ? compileJsx(v.expression) : v.type === 'Literal' ? literal(v.value) : compileJsx(v);
      props.push({ type: 'Property', key: literal(key), value, kind: 'init', computed: false, method: false, shorthand: false });
    }
    return { type: 'CallExpression', callee: create, optional: false, arguments: [tagName(opening.name as Estree), props.length ? { type: 'ObjectExpression', properties: props } : literal(null), ...jsxChildren(n.children as Estree[])] };
  }
  if (n.type === 'JSXFragment') {
    return { type: 'CallExpression', callee: create, optional: false, arguments: [member(id('React'), id('Fragment')), literal(null), ...jsxChildren(n.children as Estree[])] };
  }
  const out: Estree = { type: n.type };
  for (const [k, v] of Object.entries(n)) if (k !== 'type') out[k] = compileJsx(v);
  return out;
}

function assign(name: string, value: unknown) {
  return {
    type: 'ExpressionStatement',
    expression: {
      type: 'AssignmentExpression',
      operator: '=',
      left: { type: 'MemberExpression', object: { type: 'Identifier', name: '__exports' }, property: { type: 'Literal', value: name }, computed: true, optional: false },
      right: value,
    },
  };
}

/**
 * Renders an exported component with props (children already rendered as hast) to hast. Errors
 * (a throw, a time-out, an unknown export) come back as a message, never as an exception.
 */
export type BuiltinRenderer = (name: string, props: Record<string, unknown>, children: ElementContent[]) => ElementContent[];

export function renderJsxComponent(mod: JsxModule, name: string, props: Record<string, unknown>, children: ElementContent[], builtin?: BuiltinRenderer): ElementContent[] | { error: string } {
  if (mod.error || !mod.context) return { error: mod.error ?? 'not loaded' };
  if (!mod.exports.includes(name)) return { error: `exports no ${name}` };
  const ctx = mod.context as Record<string, unknown>;
  // Children pass through opaquely: a marker the conversion below replaces with the hast.
  ctx.__propsJson = JSON.stringify(props ?? {});
  ctx.__name = name;
  let tree: unknown;
  try {
    tree = vm.runInContext(
      `(() => {
        const seen = { n: 0 };
        const children = { $$dw: true, type: '__children', props: {} };
        const render = (node) => {
          if (++seen.n > ${MAX_NODES}) throw new Error('renders too much');
          if (Array.isArray(node)) return node.map(render);
          if (!node || typeof node !== 'object' || !node.$$dw) return node;
          if (typeof node.type === 'function' && !node.type.prototype?.render) {
            const out = node.type(node.props);
            return out && out.type === '__builtin' ? { $$dw: true, type: '__builtin', props: Object.assign({}, out.props, { children: render(out.props.children) }) } : render(out);
          }
          const props = Object.assign({}, node.props);
          if ('children' in props) props.children = render(props.children);
          return { $$dw: true, type: node.type === React.Fragment ? '#fragment' : node.type, props };
        };
        const component = __exports[__name];
        return render(typeof component === 'function' ? component(Object.assign(JSON.parse(__propsJson), { children })) : component);
      })()`,
      mod.context,
      { timeout: TIME_LIMIT_MS },
    );
  } catch (e) {
    return { error: `failed to render: ${(e as Error).message}` };
  }
  return toHast(tree, children, 0, builtin);
}

const STYLE_KEYS = /^[a-zA-Z-]+$/;

function toHast(node: unknown, children: ElementContent[], depth: number, builtin?: BuiltinRenderer): ElementContent[] {
  if (depth > 200 || node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [{ type: 'text', value: String(node) }];
  if (Array.isArray(node)) return node.flatMap((n) => toHast(n, children, depth + 1, builtin));
  const v = node as VNode;
  if (!v || typeof v !== 'object' || v.$$dw !== true) return [];
  if (v.type === '__children') return structuredClone(children);
  const kids = toHast(v.props.children, children, depth + 1, builtin);
  if (v.type === '__builtin') {
    const { __name, children: _c, ...rest } = v.props;
    const props = JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
    return builtin ? builtin(String(__name), props, kids) : kids;
  }
  if (v.type === '#fragment' || typeof v.type !== 'string') return kids;
  const properties: Properties = {};
  for (const [k, val] of Object.entries(v.props)) {
    if (k === 'children' || k === 'key' || k === 'ref') continue;
    if (k === 'style' && val && typeof val === 'object') {
      // Style objects become nothing but their keys' text: the sanitiser drops style anyway.
      continue;
    }
    if (typeof val === 'string' || typeof val === 'number' || typeof val === 'boolean') {
      const key = k === 'class' ? 'className' : k;
      if (!STYLE_KEYS.test(key)) continue;
      properties[key] = key === 'className' ? String(val).split(/\s+/).filter(Boolean) : val;
    }
  }
  return [{ type: 'element', tagName: v.type.toLowerCase(), properties, children: kids }];
}

// `.jsx` components imported by pages, rendered to static markup at render time — as the site's
// own build renders them — and only in a trusted workspace (the caller decides). The module is
// parsed with acorn + acorn-jsx, JSX compiled to calls of a tiny React stand-in
// (estree-util-build-jsx), and run in the sandbox the host hands in (node/sandbox.ts: another
// process, time and memory limits). The render happens there too: the tree is walked and turned into plain JSON inside the
// sandbox, so this side only parses a string. That data becomes hast, which then goes through the
// same sanitiser as the page: nothing of it runs in the preview or the exported pages.
import { boundedAcorn } from '../pages/acorn';
import { generate } from 'astring';
import type { ElementContent, Properties } from 'hast';
import { styleText } from './style';

export interface SandboxJob {
  /** Identifies `prelude` + `code`: the child keeps a loaded context per key. */
  key: number;
  /** Trusted set-up code (run first, in the same context). */
  prelude: string;
  /**
   * The untrusted code, as one expression that returns '' when it loaded, or '!' and a message
   * when it threw (it must catch its own errors).
   */
  code: string;
  /** The name its stack frames carry (never an absolute path). */
  filename: string;
  /** An expression evaluated in the loaded context; must return a string. */
  call: string;
  /** The component the call renders (a host may stop running one that keeps failing). */
  component: string;
  /** The time the load and call may take together, when less than the sandbox's own limit (what the page has left). */
  timeMs?: number;
}

/** `ms`: the time the code ran; `timedOut`: it was stopped for time (or refused for doing so before). */
export type SandboxResult = ({ value: string } | { error: string; timedOut?: boolean }) & { ms?: number };

/** Runs page code: given by the hosts where page code may run (a trusted workspace, the CLI). */
export type ComponentRunner = (job: SandboxJob) => SandboxResult;

const parser = boundedAcorn;
const MAX_NODES = 20_000;
/** Characters of output (text, names and attribute values; each copy of the children counted) a page's components give together. */
export const PAGE_OUTPUT_CHARS = 4 * 2 ** 20;
/** Milliseconds of sandbox time a page's components get together (three times one component's second). */
export const PAGE_TIME_MS = 3000;

/**
 * What the components of one render of a page (its snippets included) may spend together. Once one
 * of them has run out of time, the others are not started: the page's findings then do not depend
 * on the machine's load, and 40 looping components cost one time limit, not 40.
 */
export interface ComponentBudget {
  chars: number;
  ms: number;
  /** The first component that ran out of time. */
  timedOut?: string;
  /** Components handed to the sandbox, and those not started for the budget. */
  started: number;
  skipped: number;
}

export function componentBudget(): ComponentBudget {
  return { chars: PAGE_OUTPUT_CHARS, ms: PAGE_TIME_MS, started: 0, skipped: 0 };
}
/** The name the code's stack frames carry. */
const FILENAME = 'component.jsx';

export interface JsxModule {
  /** Names the module exports (components are the functions among them). */
  exports: string[];
  error?: string;
  /** The compiled module (an expression, see SandboxJob.code) and the set-up it runs after. */
  code?: string;
  prelude?: string;
  key: number;
}

let nextKey = 1;

/**
 * The React subset a static render needs — elements, fragments, hooks that return their initial
 * value — as globals, the way the format offers hooks and built-in components to snippets without
 * imports. Built-in components (Icon, Card, ...) become markers the renderer draws itself. Also the
 * render: the element tree walked into plain data and returned as a JSON string, or `{ error }`
 * with the message of what was thrown, read there under the sandbox's time limit (a thrown value's
 * `message` may itself be code). Its helpers are taken before the module runs and held in global
 * `const`s the module cannot reassign.
 */
function runtime(builtins: readonly string[]): string {
  return `
const [__exports, __dwRender, __dwDescribe] = (() => {
  'use strict';
  const G = globalThis;
  const { stringify, parse } = JSON;
  const { isArray } = Array;
  const { keys, defineProperty, create } = Object;
  const { apply } = Reflect;
  const slice = String.prototype.slice;
  const toStr = String;
  const put = (o, k, v) => { defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true }); return o; };
  const Fragment = Symbol('Fragment');
  const createElement = (type, props, ...children) => {
    const p = Object.assign({}, props || {});
    if (children.length) p.children = children.length === 1 ? children[0] : children;
    return { $$dw: true, type, props: p };
  };
  G.React = {
    createElement, Fragment,
    useState: (v) => [typeof v === 'function' ? v() : v, () => {}],
    useReducer: (r, v) => [v, () => {}],
    useEffect: () => {}, useLayoutEffect: () => {}, useCallback: (f) => f, useMemo: (f) => f(),
    useRef: (v) => ({ current: v }), useContext: (c) => (c ? c._v : undefined), useId: () => 'dw-id',
    createContext: (v) => ({ Provider: ({ children }) => children, _v: v }),
  };
  for (const k of ['useState', 'useReducer', 'useEffect', 'useLayoutEffect', 'useCallback', 'useMemo', 'useRef', 'useContext', 'useId']) G[k] = G.React[k];
  for (const name of ${JSON.stringify(builtins)}) {
    G[name] = (props) => ({ $$dw: true, type: '__builtin', props: Object.assign({}, props, { __name: name }) });
  }
  const exportsOf = create(null);
  const describe = (e) => {
    try {
      let m = e !== null && (typeof e === 'object' || typeof e === 'function') ? e.message : e;
      m = typeof m === 'string' ? m : toStr(m);
      return m.length > 300 ? apply(slice, m, [0, 300]) + '…' : m;
    } catch {
      return 'threw a value that cannot be shown';
    }
  };
  const tooMuch = Symbol('too much');
  const primitive = (v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  // Nodes: a string or number, an array, or { t, p, c } (type, props, children) with type
  // '#children', '#fragment', '#builtin' (props hold __name) or an element name.
  const walk = (node, depth, seen) => {
    if (++seen.n > ${MAX_NODES} || depth > 200) throw tooMuch;
    if (node === null || node === undefined || typeof node === 'boolean') return null;
    if (typeof node === 'string' || typeof node === 'number') return node;
    if (typeof node === 'bigint') return toStr(node);
    if (typeof node !== 'object') return null;
    if (isArray(node)) {
      const out = [];
      const n = node.length;
      for (let i = 0; i < n; i++) put(out, i, walk(node[i], depth + 1, seen));
      return out;
    }
    if (node.$$dw !== true) return null;
    const type = node.type;
    const props = node.props;
    const has = props !== null && typeof props === 'object';
    if (type === '__children') return { t: '#children', p: null, c: null };
    if (typeof type === 'function' && !(type.prototype && type.prototype.render)) return walk(type(has ? props : {}), depth + 1, seen);
    const kids = has ? walk(props.children, depth + 1, seen) : null;
    if (type === '__builtin') {
      const rest = create(null);
      if (has) for (const k of keys(props)) if (k !== 'children') put(rest, k, props[k]);
      return { t: '#builtin', p: parse(stringify(rest)), c: kids };
    }
    if (typeof type !== 'string') return { t: '#fragment', p: null, c: kids };
    const attrs = create(null);
    if (has) {
      for (const k of keys(props)) {
        if (k === 'children' || k === 'key' || k === 'ref') continue;
        const v = props[k];
        if (primitive(v)) put(attrs, k, v);
        else if (k === 'style' && v !== null && typeof v === 'object' && !isArray(v)) {
          // A style object: its text and number values (the host writes them as CSS text).
          const style = create(null);
          for (const sk of keys(v)) if (typeof v[sk] === 'string' || typeof v[sk] === 'number') put(style, sk, v[sk]);
          put(attrs, k, style);
        }
      }
    }
    return { t: type, p: attrs, c: kids };
  };
  const render = (name, propsJson) => {
    try {
      const component = exportsOf[name];
      const props = parse(propsJson);
      put(props, 'children', { $$dw: true, type: '__children', props: {} });
      const tree = walk(typeof component === 'function' ? component(props) : component, 0, { n: 0 });
      return stringify({ tree });
    } catch (e) {
      return stringify({ error: e === tooMuch ? 'renders too much' : describe(e) });
    }
  };
  return [exportsOf, render, describe];
})();
`;
}

/** Compiles a `.jsx` module (it runs in the sandbox, at its first render); imports other than React resolve to nothing. */
export function loadJsxModule(source: string, builtins: readonly string[] = []): JsxModule {
  let program;
  try {
    program = parser.parse(source, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: { type: string; [k: string]: unknown }[] };
  } catch (e) {
    return { exports: [], error: `cannot be parsed: ${(e as Error).message}`, key: 0 };
  }
  // ESM -> statements the sandbox can run: imports dropped (React is provided), exports recorded.
  const names: string[] = [];
  const body: unknown[] = [];
  for (const stmt of program.body) {
    if (stmt.type === 'ImportDeclaration') {
      // `react` is the stand-in; other modules are not loaded (their bindings are undefined).
      const fromReact = (stmt.source as { value?: unknown }).value === 'react';
      for (const spec of stmt.specifiers as { type: string; local: { name: string }; imported?: { name?: string } }[]) {
        if (spec.local.name === 'React') continue;
        const value =
          fromReact && spec.type === 'ImportSpecifier'
            ? member(id('React'), id(spec.imported?.name ?? spec.local.name))
            : fromReact
              ? id('React')
              : id('undefined');
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
    return { exports: [], error: `cannot be compiled: ${(e as Error).message}`, key: 0 };
  }
  // One expression: '' when the module loaded, '!' and the message of what it threw otherwise.
  const wrapped = `(() => { 'use strict'; try {\n${code}\n} catch (e) { return '!' + __dwDescribe(e); } return ''; })()`;
  return { exports: names, code: wrapped, prelude: runtime(builtins), key: nextKey++ };
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
  const lines = value
    .split(/\r?\n/)
    .map((l, i, all) => (i === 0 ? l.trimEnd() : i === all.length - 1 ? l.trimStart() : l.trim()))
    .filter((l) => l !== '');
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
      const value =
        v === null ? literal(true) : v.type === 'JSXExpressionContainer' ? compileJsx(v.expression) : v.type === 'Literal' ? literal(v.value) : compileJsx(v);
      props.push({ type: 'Property', key: literal(key), value, kind: 'init', computed: false, method: false, shorthand: false });
    }
    return {
      type: 'CallExpression',
      callee: create,
      optional: false,
      arguments: [
        tagName(opening.name as Estree),
        props.length ? { type: 'ObjectExpression', properties: props } : literal(null),
        ...jsxChildren(n.children as Estree[]),
      ],
    };
  }
  if (n.type === 'JSXFragment') {
    return {
      type: 'CallExpression',
      callee: create,
      optional: false,
      arguments: [member(id('React'), id('Fragment')), literal(null), ...jsxChildren(n.children as Estree[])],
    };
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
      left: {
        type: 'MemberExpression',
        object: { type: 'Identifier', name: '__exports' },
        property: { type: 'Literal', value: name },
        computed: true,
        optional: false,
      },
      right: value,
    },
  };
}

/**
 * Renders an exported component with props (children already rendered as hast) to hast. Errors
 * (a throw, a time-out, running out of memory, an unknown export) come back as a message, never as
 * an exception.
 */
export type BuiltinRenderer = (name: string, props: Record<string, unknown>, children: ElementContent[]) => ElementContent[];

export function renderJsxComponent(
  run: ComponentRunner,
  mod: JsxModule,
  name: string,
  props: Record<string, unknown>,
  children: ElementContent[],
  builtin?: BuiltinRenderer,
  budget: ComponentBudget = componentBudget(),
): ElementContent[] | { error: string } {
  if (mod.error || mod.code === undefined || mod.prelude === undefined) return { error: mod.error ?? 'not loaded' };
  if (!mod.exports.includes(name)) return { error: `exports no ${name}` };
  if (budget.timedOut !== undefined || budget.ms <= 0) {
    budget.skipped++;
    return { error: `was not run: the page's time for components is spent${budget.timedOut !== undefined ? ` (${budget.timedOut} ran out of time)` : ''}` };
  }
  // Children pass through opaquely: a marker the conversion below replaces with the hast.
  const call = `__dwRender(${JSON.stringify(name)}, ${JSON.stringify(JSON.stringify(props ?? {}))})`;
  budget.started++;
  const result = run({ key: mod.key, prelude: mod.prelude, code: mod.code, filename: FILENAME, call, component: name, timeMs: Math.ceil(budget.ms) });
  budget.ms -= result.ms ?? 0;
  if ('error' in result) {
    if (result.timedOut) budget.timedOut = `<${name}>`;
    return { error: scrubPaths(result.error) };
  }
  let data: { tree?: unknown; error?: unknown } | null;
  try {
    data = JSON.parse(scrubPaths(result.value)) as typeof data;
  } catch {
    return { error: 'failed to render' };
  }
  if (typeof data?.error === 'string') return { error: `failed to render: ${data.error}` };
  const size = sizeOf(children);
  const count: Budget = { n: 0, children: size.nodes, chars: 0, childChars: size.chars, maxChars: budget.chars };
  try {
    const out = toHast(data?.tree, children, 0, count, builtin);
    budget.chars -= count.chars;
    return out;
  } catch (e) {
    if (e === TOO_MUCH)
      return {
        error: `failed to render: renders too much${count.chars > count.maxChars ? ` (over the ${Math.round(PAGE_OUTPUT_CHARS / 2 ** 20)} MB the page's components may give together)` : ''}`,
      };
    throw e;
  }
}

interface Budget {
  n: number;
  /** Nodes and characters of one copy of the children. */
  children: number;
  chars: number;
  childChars: number;
  maxChars: number;
}

/** Docwright's own folder (the extension's install path), which component output never carries. */
const INSTALL_ROOT = typeof __dirname === 'string' ? __dirname.replace(/[\\/](dist|server[\\/]src[\\/]render)$/, '') : '';

function scrubPaths(text: string): string {
  if (INSTALL_ROOT.length < 2) return text;
  let out = text;
  for (const form of [INSTALL_ROOT, JSON.stringify(INSTALL_ROOT).slice(1, -1)]) if (out.includes(form)) out = out.split(form).join('…');
  return out;
}

const TOO_MUCH = Symbol('too much');

/** Nodes and characters (text, tag names, attribute values) of hast. */
function sizeOf(nodes: ElementContent[], size = { nodes: 0, chars: 0 }): { nodes: number; chars: number } {
  for (const c of nodes) {
    size.nodes++;
    if (c.type === 'text' || c.type === 'comment') size.chars += c.value.length;
    else if (c.type === 'element') {
      size.chars += c.tagName.length + propsChars(c.properties);
      sizeOf(c.children, size);
    }
  }
  return size;
}

function propsChars(props: Record<string, unknown>): number {
  let n = 0;
  for (const [k, v] of Object.entries(props)) n += k.length + (Array.isArray(v) ? v.join(' ').length : String(v).length);
  return n;
}

function spend(budget: Budget, chars: number): void {
  budget.chars += chars;
  if (budget.chars > budget.maxChars) throw TOO_MUCH;
}

const STYLE_KEYS = /^[a-zA-Z-]+$/;

/** The plain data the sandbox returned -> hast, with the same node budget as there (copies of the children count). */
function toHast(node: unknown, children: ElementContent[], depth: number, budget: Budget, builtin?: BuiltinRenderer): ElementContent[] {
  if (++budget.n > MAX_NODES || depth > 200) throw TOO_MUCH;
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') {
    const value = String(node);
    spend(budget, value.length);
    return [{ type: 'text', value }];
  }
  if (Array.isArray(node)) return node.flatMap((n) => toHast(n, children, depth + 1, budget, builtin));
  if (typeof node !== 'object' || typeof (node as { t?: unknown }).t !== 'string') return [];
  const { t: type, p: props, c: kidsData } = node as { t: string; p: unknown; c: unknown };
  if (type === '#children') {
    // Counted before the copy is made: repeated children stop at the bound, not after.
    budget.n += budget.children;
    if (budget.n > MAX_NODES) throw TOO_MUCH;
    spend(budget, budget.childChars);
    return structuredClone(children);
  }
  const kids = toHast(kidsData, children, depth + 1, budget, builtin);
  const attrs = props !== null && typeof props === 'object' && !Array.isArray(props) ? (props as Record<string, unknown>) : {};
  if (type === '#builtin') {
    const { __name, ...rest } = attrs;
    spend(budget, JSON.stringify(rest).length);
    return builtin && typeof __name === 'string' ? builtin(__name, rest, kids) : kids;
  }
  if (type === '#fragment' || type === '') return kids;
  const properties: Properties = {};
  for (const [k, val] of Object.entries(attrs)) {
    const key = k === 'class' ? 'className' : k;
    // Text, number and boolean values, and `style` objects of text and numbers (see the sandbox's walk).
    if (key === 'style' && val !== null && typeof val === 'object' && !Array.isArray(val)) {
      properties.style = styleText(val as Record<string, unknown>);
      continue;
    }
    if (typeof val !== 'string' && typeof val !== 'number' && typeof val !== 'boolean') continue;
    if (!STYLE_KEYS.test(key)) continue;
    properties[key] = key === 'className' ? String(val).split(/\s+/).filter(Boolean) : val;
  }
  spend(budget, type.length + propsChars(properties));
  return [{ type: 'element', tagName: type.toLowerCase(), properties, children: kids }];
}

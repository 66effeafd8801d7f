import type { Node } from 'unist';
import { jsxAttributes } from '../../pages/jsx';
import { nodesOf } from '../../pages/nodes';
import { pageEsm, patternNames } from '../../pages/esm';
import { nearest } from '../../util/suggest';
import { exceptImportedOnly, pageFix, pageSite } from '../page-utils';

interface Estree {
  type: string;
  start?: number;
  end?: number;
  [key: string]: unknown;
}

/** Names every page can use without defining them: JavaScript globals the published site has. */
const GLOBALS = new Set([
  'undefined',
  'NaN',
  'Infinity',
  'globalThis',
  'Math',
  'JSON',
  'Date',
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'RegExp',
  'Map',
  'Set',
  'Promise',
  'Intl',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'parseInt',
  'parseFloat',
  'isNaN',
  'console',
  'window',
  'document',
  'navigator',
  'location',
  'React',
  'props',
  'children',
  'useState',
  'useEffect',
  'useMemo',
  'useRef',
  'useCallback',
  'useContext',
  'useReducer',
  'useLayoutEffect',
  'useId',
  // Personalised content: the signed-in reader's data (an empty object for anonymous readers).
  'user',
]);

/** Adds the names a binding pattern declares to `into`. */
function bind(p: Estree | null | undefined, into: Set<string>): void {
  const names: string[] = [];
  patternNames(p, names);
  for (const n of names) into.add(n);
}

/** Identifiers an expression reads that nothing inside it declares (function parameters, locals). */
export function freeIdentifiers(node: Estree | undefined, bound: ReadonlySet<string> = new Set(), out: Estree[] = []): Estree[] {
  if (!node || typeof node !== 'object') return out;
  switch (node.type) {
    case 'Identifier':
      if (!bound.has(String(node.name))) out.push(node);
      return out;
    case 'MemberExpression':
      freeIdentifiers(node.object as Estree, bound, out);
      if (node.computed) freeIdentifiers(node.property as Estree, bound, out);
      return out;
    case 'Property':
      if (node.computed) freeIdentifiers(node.key as Estree, bound, out);
      freeIdentifiers(node.value as Estree, bound, out);
      return out;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression': {
      const inner = new Set(bound);
      for (const p of node.params as Estree[]) bind(p, inner);
      if (node.id) bind(node.id as Estree, inner);
      // Locals declared anywhere in the body are in scope for the whole body (close enough here).
      collectDeclarations(node.body as Estree, inner);
      freeIdentifiers(node.body as Estree, inner, out);
      return out;
    }
    case 'JSXAttribute':
      freeIdentifiers(node.value as Estree, bound, out);
      return out;
    case 'JSXIdentifier':
    case 'JSXMemberExpression':
    case 'JSXNamespacedName':
    case 'Literal':
    case 'TemplateElement':
      return out;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'loc' || key === 'range' || key === 'start' || key === 'end') continue;
    if (key === 'label') continue;
    if (Array.isArray(value)) for (const v of value) freeIdentifiers(v as Estree, bound, out);
    else if (value && typeof value === 'object' && 'type' in (value as object)) freeIdentifiers(value as Estree, bound, out);
  }
  return out;
}

function collectDeclarations(node: Estree | undefined, into: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (node.type === 'VariableDeclarator') bind(node.id as Estree, into);
  if (node.type === 'FunctionDeclaration' && node.id) bind(node.id as Estree, into);
  if (node.type === 'CatchClause' && node.param) bind(node.param as Estree, into);
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return; // their own scope
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (Array.isArray(value)) for (const v of value) collectDeclarations(v as Estree, into);
    else if (value && typeof value === 'object' && 'type' in (value as object)) collectDeclarations(value as Estree, into);
  }
}

function estreeOf(node: unknown): Estree | undefined {
  const program = (node as { data?: { estree?: Estree } } | undefined)?.data?.estree;
  const body = program?.body as Estree[] | undefined;
  return body?.[0]?.type === 'ExpressionStatement' ? (body[0].expression as Estree) : undefined;
}

export const expressionUndefined = exceptImportedOnly({
  id: 'expression-undefined',
  description: 'Every name an expression uses is defined by the page.',
  severity: 'error',
  fixable: true,
  skipOnSyntaxError: true,
  docs: {
    rationale:
      'A `{name}` in a page, or an attribute written `title={name}`, reads a value the page defines with `export const` (or imports). A name defined nowhere makes the page fail to render. A placeholder such as `{api-id}` in prose is read the same way (as `api - id`): escape its braces (`\\{api-id\\}`) to show it as text. JavaScript globals (`Math`, `JSON`, `Date`, …), React hooks and the `user` of personalised content are available. Snippets are not checked: their names are the props they are given. The quick fixes use the nearest defined name, or escape the braces.',
    bad: pageSite('export const strings = { install: "Install the CLI" };\n\n## {string.install}\n\nRun the installer.\n'),
    good: pageSite('export const strings = { install: "Install the CLI" };\n\n## {strings.install}\n\nRun the installer.\n'),
  },
  check({ page, report }) {
    const defined = pageEsm(page).defined;
    const check = (expr: Estree | undefined, owner: Node) => {
      // `{api-id}` in prose is usually a placeholder meant as text: offer to escape the braces.
      const s = owner.position?.start.offset;
      const e = owner.position?.end.offset;
      const escape =
        (owner.type === 'mdxTextExpression' || owner.type === 'mdxFlowExpression') && s !== undefined && e !== undefined
          ? pageFix(page, 'Escape the braces (show the text as written)', [
              { range: page.index.range(e - 1, 1), newText: '\\}' },
              { range: page.index.range(s, 1), newText: '\\{' },
            ])
          : undefined;
      // One finding per expression, naming every undefined name in it.
      const missing = freeIdentifiers(expr).filter((ident) => !defined.has(String(ident.name)) && !GLOBALS.has(String(ident.name)));
      if (missing.length === 0) return;
      const names = [...new Set(missing.map((i) => String(i.name)))];
      const first = missing[0];
      const range = first.start !== undefined && first.end !== undefined ? page.index.range(first.start, first.end - first.start) : undefined;
      const similar = names.length === 1 ? nearest(names[0], defined) : undefined;
      const list = names.map((n) => `"${n}"`).join(', ');
      report({
        message:
          (names.length === 1
            ? `${list} is not defined on this page: export it (\`export const ${names[0]} = …\`) or import it.`
            : `${list} are not defined on this page: export or import them, or escape the braces if this is text.`) +
          (similar ? ` Did you mean "${similar}"?` : ''),
        range,
        node: owner,
        fixes: [
          ...(similar && range
            ? [
                pageFix(
                  page,
                  `Change to "${similar}"`,
                  missing
                    .filter((m) => m.name === names[0] && m.start !== undefined)
                    .map((m) => ({ range: page.index.range(m.start!, m.end! - m.start!), newText: similar })),
                  true,
                ),
              ]
            : []),
          ...(escape ? [escape] : []),
        ],
      });
    };
    for (const node of nodesOf(page, 'mdxFlowExpression', 'mdxTextExpression')) check(estreeOf(node), node);
    for (const node of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      for (const a of jsxAttributes(node, page.text)) if (typeof a.value === 'object') check(estreeOf((a.node as { value?: unknown }).value), a.node);
    }
  },
});

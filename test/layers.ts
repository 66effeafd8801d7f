// The layering of server/src, read from the imports of every module: which layer each folder is in,
// the imports that climb (or cross between rules and render), Node I/O outside the hosts, and import
// cycles. Used by test/unit/layering.test.ts, on the real sources and on small fixtures.
import * as ts from 'typescript';

/** Layers from the bottom: a module may import its own layer and those below, never above. */
const LAYERS: readonly (readonly string[])[] = [
  ['util/', 'types.ts', 'workspace.ts'],
  ['config/', 'pages/', 'components/', 'openapi/', 'site/'],
  ['rules/', 'render/'],
  ['check.ts', 'project.ts'],
  ['export/', 'features/', 'scaffold.ts'],
  ['lsp/', 'cli/', 'node/'],
  // The bundle's entry: it decides which role the process plays (server, CLI, export worker).
  ['main.ts'],
];

/** Parts of one layer that never import each other. */
const APART: readonly (readonly [string, string])[] = [['rules/', 'render/']];

/** Modules that do Node I/O (files, processes, threads): only the hosts and the entry import them. */
const NODE_IO = new Set(['fs', 'fs/promises', 'child_process', 'worker_threads'].flatMap((m) => [m, `node:${m}`]));
const IO_ALLOWED = ['lsp/', 'cli/', 'node/', 'main.ts'];

export interface Import {
  /** The module imported: a file of the tree (`render/page.ts`) or a package / builtin name. */
  target: string;
  typeOnly: boolean;
}

/** The part of the tree a module is in: its first folder, or the file itself at the top. */
export function partOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? file : file.slice(0, slash + 1);
}

export function layerOf(file: string): number {
  const part = partOf(file);
  const i = LAYERS.findIndex((l) => l.includes(part));
  if (i < 0) throw new Error(`${file}: no layer holds ${part} (add it to LAYERS in test/layers.ts)`);
  return i;
}

/** Every import of a module: static imports and re-exports (type-only marked), `import()` and `require()`. */
export function importsOf(file: string, text: string, files: ReadonlySet<string>): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: Import[] = [];
  const add = (spec: string, typeOnly: boolean) => out.push({ target: resolve(file, spec, files), typeOnly });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && !!c.namedBindings && ts.isNamedImports(c.namedBindings) && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A relative specifier as a file of the tree (`../render/page` -> `render/page.ts`); others as written. */
function resolve(from: string, spec: string, files: ReadonlySet<string>): string {
  if (!spec.startsWith('.')) return spec;
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  const base = parts.join('/');
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) if (files.has(candidate)) return candidate;
  return parts[0] === undefined || parts.length === 0 ? spec : `(outside)/${spec}`;
}

/**
 * The problems of a tree of modules (path relative to server/src -> text): imports that climb a
 * layer or cross between rules and render (type-only imports count: a type ties the modules too),
 * Node I/O outside the hosts, and cycles of imports. Type-only imports do not count for cycles:
 * they are erased from the output, so they order no module's loading.
 */
export function layeringProblems(tree: ReadonlyMap<string, string>): string[] {
  const files = new Set(tree.keys());
  const problems: string[] = [];
  const edges = new Map<string, string[]>();
  for (const [file, text] of tree) {
    const mine = layerOf(file);
    const runtime: string[] = [];
    for (const imp of importsOf(file, text, files)) {
      if (NODE_IO.has(imp.target) && !IO_ALLOWED.includes(partOf(file))) problems.push(`${file} imports ${imp.target}: only ${IO_ALLOWED.join(', ')} do Node I/O`);
      if (!files.has(imp.target)) continue;
      const theirs = layerOf(imp.target);
      const how = imp.typeOnly ? 'imports types of' : 'imports';
      if (theirs > mine) problems.push(`${file} ${how} ${imp.target}, a higher layer (${LAYERS[theirs].join(' ')} over ${LAYERS[mine].join(' ')})`);
      for (const [a, b] of APART) {
        const [p, q] = [partOf(file), partOf(imp.target)];
        if ((p === a && q === b) || (p === b && q === a)) problems.push(`${file} ${how} ${imp.target}: ${a} and ${b} never import each other`);
      }
      if (!imp.typeOnly) runtime.push(imp.target);
    }
    edges.set(file, runtime);
  }
  for (const cycle of cycles(edges)) problems.push(`import cycle: ${cycle.join(' -> ')} -> ${cycle[0]}`);
  return problems;
}

/** The strongly connected components of more than one module (or one importing itself), each as a path round it. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative (no recursion as deep as the tree).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of [...edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const out = edges.get(top.node) ?? [];
      if (top.i < out.length) {
        const to = out[top.i++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1].node, Math.min(low.get(work[work.length - 1].node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          component.push(n);
        } while (n !== top.node);
        if (component.length > 1 || (edges.get(top.node) ?? []).includes(top.node)) found.push(pathRound(component, edges));
      }
    }
  }
  return found;
}

/** One cycle through the component's first module (alphabetically), for the message. */
function pathRound(component: string[], edges: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const first = [...component].sort()[0];
  // Breadth-first from `first` back to itself, inside the component.
  const prev = new Map<string, string>();
  const queue = [first];
  while (queue.length) {
    const n = queue.shift()!;
    for (const to of edges.get(n) ?? []) {
      if (!members.has(to)) continue;
      if (to === first) {
        const path = [n];
        for (let p = n; p !== first; ) path.unshift((p = prev.get(p)!));
        return path[0] === first ? path : [first, ...path];
      }
      if (!prev.has(to)) {
        prev.set(to, n);
        queue.push(to);
      }
    }
  }
  return [...component].sort();
}

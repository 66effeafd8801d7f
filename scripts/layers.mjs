// The layering of server/src, in one place: which layer each folder is in, which parts never import
// each other, which modules do Node I/O and where they may, what a host may import of the core; and
// the analysis of a tree of modules (climbing imports, rules <-> render, Node I/O outside the hosts,
// code behind the facade reached from above it, a host going around the facade, cycles of modules
// and of folders). Read by the ESLint rule
// (scripts/eslint/layers.mjs) and by test/unit/layering.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/** Layers from the bottom: a module may import its own layer and those below, never above. */
export const LAYERS = [
  ['util/', 'types.ts', 'workspace.ts'],
  // The formats, each read on its own: docs.json, then what its values name, then pages.
  ['config/'],
  ['components/', 'openapi/', 'graphql/', 'asyncapi/', 'sdk/'],
  ['pages/'],
  // One site: the formats read together.
  ['site/'],
  ['rules/', 'render/'],
  ['check.ts', 'project.ts'],
  ['export/', 'features/', 'scaffold.ts'],
  // The core as one service, which every host goes through.
  ['docwright.ts', 'check-session.ts'],
  // Node machinery (disk, threads, processes) that the hosts use: no protocol, no command line.
  ['node/'],
  // The hosts: the language server, the CLI, `docwright dev` and the MCP server (hosts/<host>/).
  ['hosts/'],
  // The bundle's entry: it decides which role the process plays (server, CLI, export worker).
  ['main.ts'],
];

/** Parts of one layer that never import each other. */
export const APART = [['rules/', 'render/']];

/**
 * Modules kept behind the facade: above docwright.ts (node/, the hosts, the entry) only their types
 * are imported, so every host exports, writes rules files and fixes through Docwright, with one
 * export loop, one rules-file writer and one fix-all engine.
 */
export const BEHIND_FACADE = ['export/export.ts', 'export/source.ts', 'export/rules-file.ts', 'features/fix-all.ts'];

/** The hosts, which reach the core only through its door. */
export const HOSTS = ['hosts/'];

/**
 * The door: all a host imports of the core (types included) is the facade (docwright.ts, which
 * re-exports the types the hosts speak in), the Node machinery made for the hosts, and the bottom
 * layer's helpers and vocabulary.
 */
export const DOOR = ['docwright.ts', 'node/', 'util/', 'types.ts', 'workspace.ts'];

/** Modules that do Node I/O (files, processes, threads): only the hosts, node/ and the entry import them. */
export const NODE_IO = new Set(['fs', 'fs/promises', 'child_process', 'worker_threads'].flatMap((m) => [m, `node:${m}`]));
export const IO_ALLOWED = ['hosts/', 'node/', 'main.ts'];

/** The part of the tree a module is in: its first folder, or the file itself at the top. */
export function partOf(file) {
  const slash = file.indexOf('/');
  return slash < 0 ? file : file.slice(0, slash + 1);
}

export function layerOf(file) {
  const part = partOf(file);
  const i = LAYERS.findIndex((l) => l.includes(part));
  if (i < 0) throw new Error(`${file}: no layer holds ${part} (add it to LAYERS in scripts/layers.mjs)`);
  return i;
}

/** Every import of a module: static imports and re-exports (type-only marked), `import()` and `require()`, with the specifier's offsets. */
export function importsOf(file, text, files) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = [];
  const add = (lit, typeOnly) => out.push({ target: resolve(file, lit.text, files), typeOnly, start: lit.getStart(source), end: lit.end });
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const typeOnly =
        !!c &&
        (c.isTypeOnly ||
          (!c.name &&
            !!c.namedBindings &&
            ts.isNamedImports(c.namedBindings) &&
            c.namedBindings.elements.length > 0 &&
            c.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
        add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A relative specifier as a file of the tree (`../render/page` -> `render/page.ts`); others as written. */
function resolve(from, spec, files) {
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
 * The problems of one module's imports, each with the import it is about: imports that climb a
 * layer or cross between rules and render (type-only imports count: a type ties the modules too),
 * and Node I/O outside the hosts. Cycles need the whole tree: see `layeringProblems`.
 */
export function importProblems(file, imports, files) {
  const mine = layerOf(file);
  const problems = [];
  for (const imp of imports) {
    if (NODE_IO.has(imp.target) && !IO_ALLOWED.includes(partOf(file)))
      problems.push({ imp, message: `${file} imports ${imp.target}: only ${IO_ALLOWED.join(', ')} do Node I/O` });
    if (!files.has(imp.target)) continue;
    const how = imp.typeOnly ? 'imports types of' : 'imports';
    if (!imp.typeOnly && BEHIND_FACADE.includes(imp.target) && mine > layerOf('docwright.ts'))
      problems.push({ imp, message: `${file} imports ${imp.target}: above docwright.ts only its types are imported (hosts go through the facade)` });
    else if (aroundTheDoor(file, imp.target))
      problems.push({ imp, message: `${file} ${how} ${imp.target}: a host reaches the core only through ${DOOR.join(', ')}` });
    const theirs = layerOf(imp.target);
    if (theirs > mine)
      problems.push({ imp, message: `${file} ${how} ${imp.target}, a higher layer (${LAYERS[theirs].join(' ')} over ${LAYERS[mine].join(' ')})` });
    for (const [a, b] of APART) {
      const [p, q] = [partOf(file), partOf(imp.target)];
      if ((p === a && q === b) || (p === b && q === a)) problems.push({ imp, message: `${file} ${how} ${imp.target}: ${a} and ${b} never import each other` });
    }
  }
  return problems;
}

/** Whether an import from `file` to `target` (both modules of the tree) is a host's going around the door. */
export function aroundTheDoor(file, target) {
  const host = HOSTS.includes(partOf(file));
  const core = !HOSTS.includes(partOf(target)) && target !== 'main.ts';
  return host && core && !DOOR.includes(target) && !DOOR.includes(partOf(target));
}

/** Every host import around the door in a tree of modules, as `file -> target` (sorted, each pair once). */
export function importsAroundTheDoor(tree) {
  const files = new Set(tree.keys());
  const pairs = new Set();
  for (const [file, text] of tree)
    for (const imp of importsOf(file, text, files)) if (files.has(imp.target) && aroundTheDoor(file, imp.target)) pairs.add(`${file} -> ${imp.target}`);
  return [...pairs].sort();
}

/** The modules of the tree a module loads at run time. Type-only imports are erased, so they order no loading and close no cycle. */
export function runtimeEdges(imports, files) {
  return imports.filter((imp) => !imp.typeOnly && files.has(imp.target)).map((imp) => imp.target);
}

/** Every problem of a tree of modules (path relative to server/src -> text), cycles included, as messages. */
export function layeringProblems(tree) {
  const files = new Set(tree.keys());
  const problems = [];
  const edges = new Map();
  const parts = new Map();
  for (const [file, text] of tree) {
    const imports = importsOf(file, text, files);
    for (const p of importProblems(file, imports, files)) problems.push(p.message);
    edges.set(file, runtimeEdges(imports, files));
    const from = partOf(file);
    const out = parts.get(from) ?? new Set();
    for (const imp of imports) if (files.has(imp.target) && partOf(imp.target) !== from) out.add(partOf(imp.target));
    parts.set(from, out);
  }
  for (const cycle of cycles(edges)) problems.push(`import cycle: ${cycle.join(' -> ')} -> ${cycle[0]}`);
  // Folders (and top-level files) import each other in no loop either; type-only imports count, a type ties folders too.
  const partEdges = new Map([...parts].map(([k, v]) => [k, [...v].sort()]));
  for (const cycle of cycles(partEdges)) problems.push(`folder cycle: ${cycle.join(' -> ')} -> ${cycle[0]}`);
  return problems;
}

/** The .ts modules under a folder, by path relative to it (`/`-separated) -> text. */
export function readTree(root) {
  const tree = new Map();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) tree.set(path.relative(root, p).split(path.sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(root);
  return tree;
}

/** The shortest path of runtime imports from `from` to `to` (both ends included), or undefined. */
export function pathBetween(edges, from, to) {
  const prev = new Map([[from, from]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i];
    if (n === to) {
      const path = [n];
      for (let p = n; p !== from;) path.unshift((p = prev.get(p)));
      return path;
    }
    for (const next of edges.get(n) ?? []) {
      if (!prev.has(next)) {
        prev.set(next, n);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** The strongly connected components of more than one module (or one importing itself), each as a path round it. */
function cycles(edges) {
  // Tarjan's algorithm, iterative (no recursion as deep as the tree).
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  let next = 0;
  for (const start of [...edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work = [{ node: start, i: 0 }];
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
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1].node, Math.min(low.get(work[work.length - 1].node), low.get(top.node)));
      if (low.get(top.node) === index.get(top.node)) {
        const component = [];
        let n;
        do {
          n = stack.pop();
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
function pathRound(component, edges) {
  const members = new Set(component);
  const first = [...component].sort()[0];
  const inside = new Map([...members].map((m) => [m, (edges.get(m) ?? []).filter((to) => members.has(to))]));
  // The shortest way back to `first` from one of its own imports inside the component.
  let best;
  for (const to of inside.get(first)) {
    const back = to === first ? [first] : pathBetween(inside, to, first);
    if (back && (!best || back.length < best.length)) best = back;
  }
  return best ? [first, ...best.slice(0, -1)] : [...component].sort();
}

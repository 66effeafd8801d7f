// No module-level setter configures the core: hosts hand the core what it needs (a sandbox runner, a
// highlighter with the build's table, a Mermaid check) as values through options, so two hosts in one
// process cannot configure each other. A setter here is an exported function that assigns a value made
// from its arguments to a module-level `let` of a core module (a lazy getter is a memo, a flag it sets
// and resets a guard: neither is configuration).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import ts from 'typescript';
import { partOf, readTree } from '../../scripts/layers.mjs';

const HOSTS = new Set(['hosts/', 'node/', 'main.ts']);

/** The exported functions of a module that take arguments and assign one of its top-level `let`s. */
function setters(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lets = new Set<string>();
  for (const s of source.statements) {
    if (ts.isVariableStatement(s) && (s.declarationList.flags & ts.NodeFlags.Let) !== 0) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) lets.add(d.name.text);
    }
  }
  const found: string[] = [];
  const mentions = (node: ts.Node, names: ReadonlySet<string>): boolean =>
    (ts.isIdentifier(node) && names.has(node.text)) || (ts.forEachChild(node, (n) => mentions(n, names) || undefined) ?? false);
  const assigns = (node: ts.Node, params: ReadonlySet<string>): boolean => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      if (ts.isIdentifier(node.left) && lets.has(node.left.text) && mentions(node.right, params)) return true;
    }
    return ts.forEachChild(node, (n) => assigns(n, params) || undefined) ?? false;
  };
  for (const s of source.statements) {
    const exported = ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported || !ts.isFunctionDeclaration(s) || !s.body) continue;
    const params = new Set(s.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
    if (params.size && assigns(s.body, params)) found.push(`${file}: ${s.name?.text}`);
  }
  return found;
}

describe('the core', () => {
  it('has no module-level setter: no exported function stores its arguments in module state', () => {
    const tree = readTree(path.resolve(__dirname, '../../server/src'));
    const found = [...tree].filter(([file]) => !HOSTS.has(partOf(file))).flatMap(([file, text]) => setters(file, text));
    assert.deepEqual(found, []);
  });

  it('the scan finds a setter, and leaves a lazy getter alone', () => {
    assert.deepEqual(setters('render/x.ts', 'let table;\nexport function useTable(load) {\n  table = load;\n}\n'), ['render/x.ts: useTable']);
    assert.deepEqual(setters('render/x.ts', 'let h;\nexport function plain() {\n  h ??= 1;\n  return h;\n}\n'), []);
    assert.deepEqual(setters('render/x.ts', 'const memo = new Map();\nexport function put(k, v) {\n  memo.set(k, v);\n}\n'), []);
    assert.deepEqual(
      setters(
        'util/x.ts',
        'let active = false;\nexport function run(work) {\n  active = true;\n  try {\n    return work();\n  } finally {\n    active = false;\n  }\n}\n',
      ),
      [],
    );
    assert.deepEqual(setters('pages/x.ts', 'let limits = {};\nexport function setLimits(change) {\n  limits = { ...limits, ...change };\n}\n'), [
      'pages/x.ts: setLimits',
    ]);
  });
});

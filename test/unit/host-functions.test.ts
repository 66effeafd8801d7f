// No function in the hosts (server/src/hosts) runs over 100 lines: a request handler or
// a command is split into parts named for what they do. Measured on the TypeScript syntax tree
// (function declarations, arrow functions, function expressions, methods, constructors, accessors),
// from the line a function starts on to the line it ends on. No function is allowed over the limit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '../..');
const HOSTS = ['server/src/hosts'];
const MAX_LINES = 100;

/** Functions allowed over the limit, each with its length as a ceiling: none. */
const CEILINGS: Record<string, number> = {};

interface Measured {
  file: string;
  name: string;
  line: number;
  lines: number;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A readable name: the function's own, the variable or property it is assigned to, or the call it is passed to. */
function nameOf(node: FunctionNode, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source)})`;
  return '(anonymous)';
}

/** Every function of a TypeScript text, with its first line (1-based) and its length in lines. */
function measureFunctions(file: string, text: string): Measured[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, name: nameOf(node, source), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return tsFiles(rel);
    return e.isFile() && e.name.endsWith('.ts') ? [rel] : [];
  });
}

const show = (m: Measured) => `${m.file}:${m.line} ${m.name} (${m.lines} lines)`;

describe('host functions', () => {
  const files = HOSTS.flatMap(tsFiles);
  const measured = files.flatMap((file) => measureFunctions(file, readFileSync(path.join(REPO, file), 'utf8')));

  it(`no function in ${HOSTS.join(' or ')} is over ${MAX_LINES} lines, and the known long ones only shrink`, () => {
    assert.ok(files.length > 20, 'the hosts have their files');
    const offenders = measured.filter((m) => m.lines > Math.max(MAX_LINES, CEILINGS[`${m.file} ${m.name}`] ?? 0));
    assert.deepEqual(
      offenders.map(show),
      [],
      `split these into parts named for what they do (at most ${MAX_LINES} lines each; a listed function at most its ceiling):\n${offenders.map(show).join('\n')}`,
    );
  });

  it('every ceiling names a function still over the limit (remove an entry once its function is split)', () => {
    for (const key of Object.keys(CEILINGS)) {
      const found = measured.filter((m) => `${m.file} ${m.name}` === key);
      assert.ok(found.length > 0, `${key}: no such function`);
      for (const m of found) assert.ok(m.lines > MAX_LINES, `${show(m)}: under the limit now, so drop it from CEILINGS`);
    }
  });

  it('measures declarations, arrows, function expressions and methods by their lines, with their names', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = [
      `export function declared() {\n${body(101)}\n}`,
      `const arrow = () => {\n${body(100)}\n};`,
      `connection.onHover(async (params) => {\n${body(3)}\n});`,
      `class Server {\n  method() {\n${body(4)}\n  }\n}`,
      `const table = { handler: function () {\n${body(3)}\n} };`,
    ].join('\n');
    assert.deepEqual(measureFunctions('x.ts', text).map(show), [
      'x.ts:1 declared (101 lines)',
      'x.ts:102 arrow (100 lines)',
      'x.ts:202 (argument of connection.onHover) (3 lines)',
      'x.ts:206 method (4 lines)',
      'x.ts:211 handler (3 lines)',
    ]);
  });
});

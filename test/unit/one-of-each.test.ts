// One function for each whole-site job, and a test that fails on a second: the site rules run only in
// check.ts (checkIndex on one thread, reached through Docwright.checkSite; checkSiteTracked for the
// threaded check of node/check-run.ts); the export loop, the rules-file writer and the fix-all engine
// are reached only from the facade (scripts/layers.mjs BEHIND_FACADE); the llms.txt limits live in
// site/llms-txt.ts. Read from the sources with the TypeScript compiler API.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '../../server/src');

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** Each module's value imports by name: module (relative to server/src) -> imported name -> source module. */
function valueImports(): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const file of sources()) {
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const names = new Map<string, string>();
    for (const node of source.statements) {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
      const clause = node.importClause;
      if (!clause || clause.isTypeOnly || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
      const from = path.posix.normalize(path.posix.join(path.posix.dirname(rel), node.moduleSpecifier.text));
      for (const e of clause.namedBindings.elements) if (!e.isTypeOnly) names.set((e.propertyName ?? e.name).text, from);
    }
    out.set(rel, names);
  }
  return out;
}

/** The modules that import `name` from `from` (a module path relative to server/src, without extension). */
function importersOf(imports: Map<string, Map<string, string>>, name: string, from: string): string[] {
  return [...imports]
    .filter(([, names]) => names.get(name) === from)
    .map(([file]) => file)
    .sort();
}

describe('one of each', () => {
  const imports = valueImports();

  it('one function checks a whole site on a thread (checkIndex, through the facade), one runs it on threads (check-run)', () => {
    assert.deepEqual(importersOf(imports, 'checkIndex', 'check'), ['docwright.ts']);
    assert.deepEqual(importersOf(imports, 'checkSite', 'check'), []);
    assert.deepEqual(importersOf(imports, 'checkAll', 'check'), []);
    assert.deepEqual(importersOf(imports, 'checkSiteTracked', 'check'), ['node/check-run.ts']);
    // The site rules' list is read by the checker alone.
    const siteRules = [...imports].filter(([, names]) => names.get('SITE_RULES') === 'rules/index').map(([file]) => file);
    assert.deepEqual(siteRules, ['check.ts']);
  });

  it('one export loop, one rules-file writer, one fix-all engine: called from the facade only', () => {
    assert.deepEqual(importersOf(imports, 'exportSite', 'export/export'), ['docwright.ts']);
    assert.deepEqual(importersOf(imports, 'rulesFile', 'export/rules-file'), ['docwright.ts']);
    assert.deepEqual(importersOf(imports, 'fixFiles', 'features/fix-all'), ['docwright.ts']);
  });

  it('one check session: what checks when for the live hosts is made only by the facade', () => {
    assert.deepEqual(importersOf(imports, 'CheckSession', 'check-session'), ['docwright.ts']);
    assert.deepEqual(importersOf(imports, 'CheckSchedule', 'features/check-schedule'), ['check-session.ts']);
    assert.deepEqual(importersOf(imports, 'earlyPageFindings', 'features/early-findings'), ['check-session.ts']);
  });

  it('one llms.txt module: its limits are read from site/llms-txt.ts', () => {
    const users = ['LLMS_TXT_MAX_CHARS', 'LLMS_TXT_PASS_CHARS'].flatMap((n) => importersOf(imports, n, 'site/llms-txt'));
    assert.ok(users.length >= 2, `the check and the score read the limits: ${users.join(', ')}`);
    for (const file of sources()) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (rel === 'site/llms-txt.ts') continue;
      assert.doesNotMatch(
        readFileSync(file, 'utf8'),
        /const LLMS_TXT_(MAX|PASS)\w*\s*=|llms\.txt[^\n]{0,60}\b(100_?000|50_?000)\b/i,
        `${rel} spells an llms.txt limit itself`,
      );
    }
  });
});

// What the build puts beside the bundles: the table of converted grammar expressions that the
// server and the CLI hand the highlighter (see server/src/render/regex-table.ts).
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { GRAMMARS } from '../../server/src/render/highlight';
import { convertRegex, enginePatterns } from '../../server/src/render/regex-table';
import { readRegexTable } from '../../server/src/node/regex-table-file';

test('dist/ holds the table of every expression of the grammars we ship, converted as the engine would', () => {
  const table = readRegexTable(path.resolve(__dirname, '../../dist'));
  assert.ok(table, 'dist/shiki-regex.json.br is missing or unreadable: run node scripts/build.mjs');
  const patterns = [...enginePatterns({ patterns: GRAMMARS })];
  const missing = patterns.filter((p) => !table.get(p));
  // Only expressions the converter refuses are left out of the table.
  for (const p of missing) assert.throws(() => convertRegex(p), `${JSON.stringify(p)} is convertible but not in the table (a stale build?)`);
  assert.ok(missing.length < patterns.length / 100, `${missing.length} of ${patterns.length} missing`);
  for (let i = 0; i < patterns.length; i += 97) {
    if (table.get(patterns[i])) assert.deepEqual(table.get(patterns[i]), convertRegex(patterns[i]), patterns[i]);
  }
});

// ARCHITECTURE.md is a map, not an inventory: at most 200 lines, and every repository path it names
// (and every path the design notes in docs/design/ name) exists, so the map cannot outlive the code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const ROOTS = [
  'server/src',
  'client',
  'media',
  'scripts',
  'test',
  'docs',
  'bench',
  'schemas',
  'bin',
  'examples',
  'syntaxes',
  'snippets',
  'walkthrough',
  'images',
];
const PATH = new RegExp(`(?<![\\w./-])(?:${ROOTS.join('|')})/[\\w./-]*`, 'g');

/** The repository paths a Markdown text names: anything under one of ROOTS, trailing dots cut. */
function namedPaths(text: string): string[] {
  return [...new Set([...text.matchAll(PATH)].map((m) => m[0].replace(/\.+$/, '')))];
}

const missing = (file: string) => namedPaths(readFileSync(path.join(REPO, file), 'utf8')).filter((p) => !existsSync(path.join(REPO, p)));

describe('ARCHITECTURE.md', () => {
  const text = readFileSync(path.join(REPO, 'ARCHITECTURE.md'), 'utf8');

  it('has at most 200 lines', () => {
    assert.ok(text.split('\n').length - (text.endsWith('\n') ? 1 : 0) <= 200);
  });

  it('names only paths that exist', () => {
    assert.ok(namedPaths(text).length > 50, 'the map names the files of each feature');
    assert.deepEqual(missing('ARCHITECTURE.md'), []);
  });

  it('has the entry points, the folder headings and the feature table', () => {
    for (const heading of ['## Layers', '## Entry points', '## Folders', '## Feature -> files']) assert.ok(text.includes(`\n${heading}\n`), heading);
    for (const folder of [
      'util',
      'config',
      'pages',
      'components',
      'openapi',
      'site',
      'rules',
      'render',
      'export',
      'features',
      'node',
      'hosts/lsp',
      'hosts/cli',
    ]) {
      assert.match(text, new RegExp(`^### .*\`server/src/${folder}/\``, 'm'), `a heading for server/src/${folder}/`);
    }
  });

  it('the design notes in docs/design/ name only paths that exist', () => {
    for (const file of readdirSync(path.join(REPO, 'docs/design'))) assert.deepEqual(missing(`docs/design/${file}`), [], file);
  });

  it('the path reader finds a path that does not exist', () => {
    assert.deepEqual(namedPaths('see `server/src/nowhere.ts`, then docs/design/.'), ['server/src/nowhere.ts', 'docs/design/']);
  });
});

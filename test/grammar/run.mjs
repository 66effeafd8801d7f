// Runs the MDX grammar tests (test/grammar/*.test.mdx) with vscode-tmgrammar-test.
//
// Our grammar (syntaxes/mdx.tmLanguage.json) is picked up from package.json.
// The grammars it embeds (Markdown, YAML, JavaScript and the languages of fenced
// code blocks) come from the `tm-grammars` package, the same TextMate grammars
// VS Code ships, so the tests run offline. Every scope referenced by our grammar,
// directly or through another grammar, that tm-grammars has is passed with -g;
// the rest are left out, and the tool's warnings about them are filtered.
//
// Usage: node test/grammar/run.mjs [extra vscode-tmgrammar-test options] [globs...]
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'package.json'));
const grammarsDir = path.dirname(require.resolve('tm-grammars/grammars/markdown.json'));

// scopeName -> file, for every grammar in tm-grammars.
const byScope = new Map();
for (const file of readdirSync(grammarsDir)) {
  if (!file.endsWith('.json')) continue;
  const full = path.join(grammarsDir, file);
  const { scopeName } = JSON.parse(readFileSync(full, 'utf8'));
  if (scopeName && !byScope.has(scopeName)) byScope.set(scopeName, full);
}

// Scopes included by a grammar ("include": "source.js" or "source.js#rule").
function referencedScopes(grammar) {
  const found = new Set();
  JSON.stringify(grammar, (key, value) => {
    if (key === 'include' && typeof value === 'string' && !value.startsWith('#') && !value.startsWith('$')) {
      found.add(value.split('#')[0]);
    }
    return value;
  });
  return found;
}

const selfPath = path.join(root, 'syntaxes/mdx.tmLanguage.json');
const self = JSON.parse(readFileSync(selfPath, 'utf8'));
const wanted = new Set();
const queue = [...referencedScopes(self)];
while (queue.length > 0) {
  const scope = queue.pop();
  if (wanted.has(scope) || scope === self.scopeName || !byScope.has(scope)) continue;
  wanted.add(scope);
  queue.push(...referencedScopes(JSON.parse(readFileSync(byScope.get(scope), 'utf8'))));
}

const args = [...wanted].sort().flatMap((scope) => ['-g', path.relative(root, byScope.get(scope))]);
const extra = process.argv.slice(2);
if (!extra.some((a) => a.endsWith('.mdx'))) extra.push('test/grammar/*.test.mdx');
const cli = path.join(path.dirname(require.resolve('vscode-tmgrammar-test/package.json')), 'dist/unit.js');
const result = spawnSync(process.execPath, [cli, ...args, ...extra], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'pipe'],
  encoding: 'utf8',
});
// Drop the tool's warnings about grammars tm-grammars does not have; keep anything else.
const stderr = (result.stderr ?? '').split('\n').filter((line) => !/^grammar not found for "/.test(line));
if (stderr.join('').trim()) process.stderr.write(stderr.join('\n'));
if (result.error) throw result.error;
process.exit(result.status ?? 1);

// docs/environment.md lists every environment variable the code reads: each `DOCWRIGHT_*` name in
// the sources, scripts, bench and tests, and each `process.env.X` of the product and its scripts.
// A name listed there that no code uses fails too, so the page cannot outlive a variable.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const PAGE = path.join(REPO, 'docs/environment.md');
const CODE = /\.(ts|mts|js|mjs|cjs|sh)$/;

function filesUnder(rel: string, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !skip.includes(path.relative(REPO, p))) walk(p);
      } else if (CODE.test(e.name) || path.relative(REPO, p) === '.ci/run') out.push(p);
    }
  };
  walk(path.join(REPO, rel));
  return out;
}

/** name -> the first file that uses it. */
function namesIn(files: string[], pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of files) {
    for (const m of readFileSync(f, 'utf8').matchAll(pattern)) {
      const name = m[1] ?? m[2];
      if (!found.has(name)) found.set(name, path.relative(REPO, f));
    }
  }
  return found;
}

const page = readFileSync(PAGE, 'utf8');
const [tables, notVariables = ''] = page.split('## Names that are not environment variables');
const backticked = (text: string) => [...text.matchAll(/`([A-Za-z][A-Za-z0-9_]*)`/g)].map((n) => n[1]);
/** Names in the first column of the page's tables, and those its last section says are no variables. */
const documented = new Set([
  ...[...tables.matchAll(/^\| *([^|]+)\|/gm)].flatMap((m) => backticked(m[1])),
  ...backticked(notVariables).filter((n) => n.startsWith('DOCWRIGHT_')),
]);

const product = [...filesUnder('server/src'), ...filesUnder('client/src'), ...filesUnder('scripts'), ...filesUnder('.ci')];
const everything = [...product, ...filesUnder('bench'), ...filesUnder('test', ['test/fixtures'])];
const docwrightNames = namesIn(everything, /\b(DOCWRIGHT_[A-Z0-9_]+)/g);
const envNames = namesIn(product, /process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\])/g);

describe('environment variables', () => {
  it('the scan finds the variables it is meant to find', () => {
    assert.ok(docwrightNames.size >= 10, [...docwrightNames.keys()].join(', '));
    assert.ok(documented.size >= 10, [...documented].join(', '));
  });

  it('every DOCWRIGHT_* name in the code is on docs/environment.md', () => {
    const missing = [...docwrightNames].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (${file})`);
    assert.deepEqual(missing, []);
  });

  it('every process.env variable the product and its scripts read is on docs/environment.md', () => {
    const missing = [...envNames].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (${file})`);
    assert.deepEqual(missing, []);
  });

  it('every name on docs/environment.md is used by some code', () => {
    const text = everything.map((f) => readFileSync(f, 'utf8')).join('\n');
    assert.deepEqual(
      [...documented].filter((name) => !new RegExp(`\\b${name}\\b`).test(text)),
      [],
    );
  });
});

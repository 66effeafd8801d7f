// util/posix.ts against node:path/posix: the same result for every path of short segments drawn from
// the characters that matter (slashes, dots, names), relative paths taken from `/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as node from 'node:path/posix';
import * as pure from '../../server/src/util/posix';

/** Every string of up to `max` pieces, so that each run of slashes and dots next to names is met. */
function paths(max: number): string[] {
  const pieces = ['/', '.', '..', 'a', 'b.md', '.x', '//'];
  let level = [''];
  const out = [''];
  for (let n = 0; n < max; n++) {
    level = level.flatMap((p) => pieces.map((c) => p + c));
    out.push(...level);
  }
  return out;
}

const single = paths(5);
const pairs = paths(3);

for (const name of ['normalize', 'dirname', 'basename', 'extname', 'isAbsolute'] as const) {
  test(`${name} gives node:path/posix's result`, () => {
    for (const p of single) assert.deepEqual(pure[name](p), node[name](p), JSON.stringify(p));
  });
}

test("join gives node:path/posix's result", () => {
  for (const a of pairs) for (const b of pairs) assert.equal(pure.join(a, b), node.join(a, b), JSON.stringify([a, b]));
  assert.equal(pure.join(), node.join());
  assert.equal(pure.join('/a', '', 'b', '../c'), node.join('/a', '', 'b', '../c'));
});

test("relative gives node:path/posix's result, relative paths taken from /", () => {
  const from = (p: string) => node.resolve('/', p);
  for (const a of pairs) for (const b of pairs) assert.equal(pure.relative(a, b), node.relative(from(a), from(b)), JSON.stringify([a, b]));
});

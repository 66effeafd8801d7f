// The web build's node:path is to be path-browserify (Node's POSIX path as a library, see
// docs/design/web.md): the same result as node:path/posix for every path of short segments drawn
// from the characters that matter (slashes, dots, names).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as node from 'node:path/posix';
import web from 'path-browserify';

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
    for (const p of single) assert.deepEqual(web[name](p), node[name](p), JSON.stringify(p));
  });
}

test("join and relative give node:path/posix's result", () => {
  for (const a of pairs) {
    for (const b of pairs) {
      assert.equal(web.join(a, b), node.join(a, b), JSON.stringify([a, b]));
      assert.equal(web.relative(a, b), node.relative(a, b), JSON.stringify([a, b]));
    }
  }
  assert.equal(web.join(), node.join());
});

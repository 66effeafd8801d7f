// util/memo.ts: the bounded map every memo of the renderer and the model uses.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedMap } from '../../server/src/util/memo';

describe('BoundedMap', () => {
  it('forgets the oldest entry past its limit, and never grows past it', () => {
    const m = new BoundedMap<string, number>(3);
    for (const [i, k] of ['a', 'b', 'c', 'd', 'e'].entries()) m.set(k, i);
    assert.deepEqual([...m.keys()], ['c', 'd', 'e']);
    assert.equal(m.size, 3);
  });

  it('replacing a kept entry forgets nothing', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 3);
    assert.deepEqual(
      [...m.entries()],
      [
        ['a', 3],
        ['b', 2],
      ],
    );
  });

  it('keeps undefined values apart from missing ones', () => {
    const m = new BoundedMap<string, undefined | null>(2);
    m.set('parsed', undefined);
    assert.equal(m.has('parsed'), true);
    assert.equal(m.has('other'), false);
  });
});

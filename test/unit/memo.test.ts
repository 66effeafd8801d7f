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

  it('with a weight, forgets the oldest entries until the rest weighs the limit; a heavy entry stays alone', () => {
    const m = new BoundedMap<string, number>(10, (key) => key.length);
    m.set('aaaa', 1).set('bbbb', 2).set('cc', 3);
    assert.deepEqual([...m.keys()], ['aaaa', 'bbbb', 'cc']);
    m.set('ddd', 4);
    assert.deepEqual([...m.keys()], ['bbbb', 'cc', 'ddd']);
    // Deleting gives its weight back: room for 'eee' with nothing forgotten.
    m.delete('cc');
    m.set('eee', 5);
    assert.deepEqual([...m.keys()], ['bbbb', 'ddd', 'eee']);
    m.set('x'.repeat(20), 6);
    assert.deepEqual([...m.keys()], ['x'.repeat(20)]);
    m.clear();
    m.set('aaaaa', 7).set('bbbbb', 8);
    assert.equal(m.size, 2);
  });
});

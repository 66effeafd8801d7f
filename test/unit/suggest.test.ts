// "Did you mean": nearest() against its definition, the first candidate at the least edit distance
// ignoring case, within a third of the longer name, on seeded random names (cases, ß, İ, accents).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { distance } from 'fastest-levenshtein';
import { Candidates, nearest } from '../../server/src/util/suggest';

function definition(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === word) continue;
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestScore) [best, bestScore] = [c, d];
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(Math.max(word.length, best.length) / 3)) ? best : undefined;
}

function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

describe('nearest', () => {
  it('skips the word itself among prepared candidates, and one candidate serves many words', () => {
    const pages = new Candidates(['guides/setup', 'guides/install', 'guides/upgrade']);
    assert.equal(nearest('guides/setup', pages), undefined);
    assert.equal(nearest('guides/instal', pages), 'guides/install');
    assert.equal(nearest('guides/upgrde', pages), 'guides/upgrade');
    assert.equal(nearest('GUIDES/SETUP', pages), 'guides/setup');
  });

  it('gives what its definition gives on 3,000 random words among 1 to 60 candidates', () => {
    const next = random(51);
    const letters = 'aabcdeeefghiIjklmnoopqrsStuvwxyz-/_.ßİéÉ';
    const name = (n: number) => Array.from({ length: n }, () => letters[Math.floor(next() * letters.length)]).join('');
    const mutate = (s: string) => {
      const at = Math.floor(next() * (s.length + 1));
      const r = next();
      if (r < 0.3) return s.slice(0, at) + name(1) + s.slice(at);
      if (r < 0.6) return s.slice(0, at) + s.slice(at + 1);
      if (r < 0.8) return s.slice(0, at) + name(1) + s.slice(at + 1);
      return s.toUpperCase();
    };
    for (let i = 0; i < 3000; i++) {
      const candidates = Array.from({ length: 1 + Math.floor(next() * 60) }, () => name(1 + Math.floor(next() * 30)));
      const pick = candidates[Math.floor(next() * candidates.length)];
      const word = next() < 0.7 ? mutate(mutate(pick)) : name(1 + Math.floor(next() * 30));
      const expected = definition(word, candidates);
      assert.equal(nearest(word, candidates), expected, `${JSON.stringify(word)} among ${JSON.stringify(candidates)}`);
      // Read once for many words (a site's pages for each broken link), the same answers.
      assert.equal(nearest(word, new Candidates(candidates)), expected, `${JSON.stringify(word)} among prepared ${JSON.stringify(candidates)}`);
    }
  });
});

// Incremental re-parsing gives exactly the tree a full parse gives, for many random edits.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CLASSIC_SITE, comparablePage, EXAMPLE_SITE, mdxFilesIn } from '../helpers';
import * as path from 'node:path';
import { reparsePage } from '../../server/src/pages/incremental';
import { parsePage } from '../../server/src/pages/parse';

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INSERTS = ['x', ' ', '\n', '\n\n', '#', '## New heading\n\n', '`', '```', '<', '<Note>', '</Note>', '{', '}', '*', '- item\n', '| a | b |\n', '[link](/x)', '>', '---\n', '\\', '~'];

describe('incremental re-parse', () => {
  // The pages of the bundled example and of the classic example it was (which keeps the hand-written API pages).
  for (const file of [...mdxFilesIn(EXAMPLE_SITE), ...mdxFilesIn(CLASSIC_SITE)]) {
    it(`matches a full parse after random edits of ${path.relative(path.resolve(EXAMPLE_SITE, '../..'), file)}`, () => {
      const random = prng(file.length * 7919);
      let text = readFileSync(file, 'utf8');
      let page = parsePage(file, text);
      for (let i = 0; i < 60; i++) {
        const at = Math.floor(random() * (text.length + 1));
        const kind = random();
        if (kind < 0.5) text = text.slice(0, at) + INSERTS[Math.floor(random() * INSERTS.length)] + text.slice(at);
        else if (kind < 0.8) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
        else text = text.slice(0, at) + String.fromCharCode(97 + Math.floor(random() * 26)) + text.slice(at + 1);
        const incremental = reparsePage(page, text);
        const fresh = parsePage(file, text);
        assert.deepEqual(comparablePage(incremental), comparablePage(fresh), `edit ${i} at ${at}`);
        // Keep going from the incremental result, as the editor does.
        page = incremental;
      }
    });
  }
});

// "Did you mean" suggestions.
import { distance } from 'fastest-levenshtein';

/** Words and candidates longer than this get no suggestion (no one mistypes a 200-character name). */
export const MAX_SUGGEST_CHARS = 200;
/** Edit distances one suggestion computes at most (the candidates the cheap bounds let through, in order). */
export const MAX_DISTANCES = 200;

/** Edit distances computed since the start (the work suggestions do, for tests). */
export const suggestWork = { distances: 0 };

const BUCKETS = 128;
const scratch = new Int32Array(BUCKETS);

/** Character counts of `s` by bucket (code & 127): a multiset coarser than the characters. */
function bagOf(s: string): Int32Array {
  const bag = new Int32Array(BUCKETS);
  for (let i = 0; i < s.length; i++) bag[s.charCodeAt(i) & (BUCKETS - 1)]++;
  return bag;
}

/** A lower bound of the edit distance: characters of one string the other lacks (by bucket), the larger side. */
function bagDistance(bag: Int32Array, s: string): number {
  scratch.set(bag);
  for (let i = 0; i < s.length; i++) scratch[s.charCodeAt(i) & (BUCKETS - 1)]--;
  let more = 0;
  let fewer = 0;
  for (let b = 0; b < BUCKETS; b++) {
    if (scratch[b] > 0) more += scratch[b];
    else fewer -= scratch[b];
  }
  return Math.max(more, fewer);
}

/**
 * The candidate closest to `word` (the first of the closest, by edit distance ignoring case), when it
 * is close enough to be a likely typo. Candidates that cannot beat the closest so far, or be close
 * enough, are skipped by their length and characters before a distance is computed.
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length > MAX_SUGGEST_CHARS) return undefined;
  const lower = word.toLowerCase();
  const list: string[] = [];
  let longest = 0;
  for (const c of candidates) {
    if (c === word || c.length > MAX_SUGGEST_CHARS) continue;
    list.push(c);
    longest = Math.max(longest, c.length);
  }
  // No candidate's limit (below) is over this, so a closest one farther away is no suggestion either.
  const cap = Math.max(2, Math.floor(Math.max(word.length, longest) / 3));
  const bag = bagOf(lower);
  let best: string | undefined;
  let bestScore = Infinity;
  let computed = 0;
  for (const c of list) {
    const lc = c.toLowerCase();
    const bound = Math.min(cap, bestScore - 1);
    if (Math.abs(lc.length - lower.length) > bound) continue;
    let d = 0;
    if (lc !== lower) {
      if (bagDistance(bag, lc) > bound) continue;
      if (computed++ >= MAX_DISTANCES) break;
      suggestWork.distances++;
      d = distance(lower, lc);
    }
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(word.length, best.length) / 3));
  return bestScore <= limit ? best : undefined;
}

// "Did you mean" suggestions.
import { distance } from 'fastest-levenshtein';

/** Words and candidates longer than this get no suggestion (no one mistypes a 200-character name). */
export const MAX_SUGGEST_CHARS = 200;
/** Edit distances one suggestion computes at most (best first: the candidates with the lowest bounds). */
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

/**
 * A lower bound of the edit distance: characters of one string the other lacks (by bucket), the larger
 * side. Only `s`'s characters are visited: those beyond the bag's count are `fewer`, and the two sides
 * differ by the lengths' difference.
 */
function bagDistance(bag: Int32Array, bagSize: number, s: string): number {
  scratch.set(bag);
  let fewer = 0;
  for (let i = 0; i < s.length; i++) if (scratch[s.charCodeAt(i) & (BUCKETS - 1)]-- <= 0) fewer++;
  const more = fewer + bagSize - s.length;
  return Math.max(more, fewer);
}

/** Candidates read once for many `nearest` calls (a site's every page for each broken link): each lowercased once. */
export class Candidates {
  readonly list: string[] = [];
  readonly lower: string[] = [];
  readonly longest: number = 0;

  constructor(candidates: Iterable<string>) {
    for (const c of candidates) {
      if (c.length > MAX_SUGGEST_CHARS) continue;
      this.list.push(c);
      this.lower.push(c.toLowerCase());
      this.longest = Math.max(this.longest, c.length);
    }
  }
}

/**
 * The candidate closest to `word` (the first of the closest, by edit distance ignoring case), when it
 * is close enough to be a likely typo. Distances are computed best first, in the order of a cheap
 * lower bound (length and character counts), until no candidate left can beat the closest so far.
 */
export function nearest(word: string, candidates: Iterable<string> | Candidates): string | undefined {
  if (word.length > MAX_SUGGEST_CHARS) return undefined;
  const { list, lower: lowered, longest } = candidates instanceof Candidates ? candidates : new Candidates(candidates);
  const lower = word.toLowerCase();
  // No candidate's limit (below) is over this, so a closest one farther away is no suggestion either.
  // (A candidate equal to `word`, which is skipped, is no longer than it.)
  const cap = Math.max(2, Math.floor(Math.max(word.length, longest) / 3));
  const bag = bagOf(lower);
  // Candidates by their lower bound (a bucket per value up to the cap), each bucket in the list's order.
  const byLow: (number | string)[][] = Array.from({ length: cap + 1 }, () => []);
  for (let at = 0; at < list.length; at++) {
    const lc = lowered[at];
    if (Math.abs(lc.length - lower.length) > cap || list[at] === word) continue;
    const low = lc === lower ? 0 : Math.max(Math.abs(lc.length - lower.length), bagDistance(bag, lower.length, lc));
    if (low <= cap) byLow[low].push(at, lc);
  }
  let best = -1;
  let bestScore = Infinity;
  let computed = 0;
  search: for (let low = 0; low <= cap && low <= bestScore; low++) {
    const bucket = byLow[low];
    for (let i = 0; i < bucket.length; i += 2) {
      const at = bucket[i] as number;
      const lc = bucket[i + 1] as string;
      if (low === bestScore && at > best) break;
      let d = 0;
      if (lc !== lower) {
        if (computed++ >= MAX_DISTANCES) break search;
        suggestWork.distances++;
        d = distance(lower, lc);
      }
      if (d < bestScore || (d === bestScore && at < best)) {
        best = at;
        bestScore = d;
      }
    }
  }
  if (best < 0) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(word.length, list[best].length) / 3));
  return bestScore <= limit ? list[best] : undefined;
}

/** `nearest` for key names: a key built from a known one (`versionTo`) is its own key, not a typo. */
export function nearestKey(word: string, candidates: readonly string[]): string | undefined {
  return candidates.some((c) => isCompoundOf(word, c)) ? undefined : nearest(word, candidates);
}

/**
 * Whether `word` is `known` with a whole word added before or after it (`versionTo`, `version_to`,
 * `preVersion`, `title2`): a different key made from a known one, never a typo of it. A typo
 * changes letters inside a word; a camelCase hump, `_`, `-`, `.`, `:` or digits start a new one.
 */
export function isCompoundOf(word: string, known: string): boolean {
  if (word.length <= known.length) return false;
  const lw = word.toLowerCase();
  const lk = known.toLowerCase();
  if (lw.startsWith(lk)) return /^(?:[A-Z]|[_\-.:]|\d)/.test(word.slice(known.length)) && /[a-z0-9]$/i.test(known);
  if (lw.endsWith(lk)) {
    const rest = word.slice(word.length - known.length);
    return /^[A-Z]/.test(rest) || /[_\-.:\d]$/.test(word.slice(0, word.length - known.length));
  }
  return false;
}

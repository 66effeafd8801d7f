// "Did you mean" suggestions.
import { distance } from 'fastest-levenshtein';

/** The candidate closest to `word`, when it is close enough to be a likely typo. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === word) continue;
    const d = c.toLowerCase() === lower ? 0 : distance(lower, c.toLowerCase());
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(word.length, best.length) / 3));
  return bestScore <= limit ? best : undefined;
}

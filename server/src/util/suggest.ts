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

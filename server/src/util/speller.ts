// The spelling dictionary the checks consult, as the core sees it: a host makes one (the Node host's
// reads the English dictionaries shipped in dist/dictionaries with cspell's engine, node/speller.ts)
// and hands it in as a service, like the Mermaid check; without one, spelling is not checked.
import { BoundedMap } from './memo';

export interface Speller {
  /** Whether the dictionaries hold `word`, in any case (a capital at a sentence's start is fine). */
  knows(word: string): boolean;
  /** Corrections of `word`, best first, at most `max`. */
  suggest(word: string, max: number): string[];
}

/** Words looked up at most this many at a time: a site's words repeat across its pages. */
const KNOWN_LIMIT = 50_000;
/** Suggestions are the slow part (tens of ms a word): kept for the words a session meets. */
const SUGGESTION_LIMIT = 5_000;

/** `speller` with its answers kept (bounded), so each word costs one lookup per thread. */
export function memoSpeller(speller: Speller): Speller {
  const known = new BoundedMap<string, boolean>(KNOWN_LIMIT);
  const suggested = new BoundedMap<string, string[]>(SUGGESTION_LIMIT);
  return {
    knows(word) {
      let k = known.get(word);
      if (k === undefined) known.set(word, (k = speller.knows(word)));
      return k;
    },
    suggest(word, max) {
      const key = `${max}\u0000${word}`;
      let s = suggested.get(key);
      if (!s) suggested.set(key, (s = speller.suggest(word, max)));
      return s;
    },
  };
}

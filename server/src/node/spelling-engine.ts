// The spelling engine: cspell's dictionary library (cspell-dictionary over cspell-trie-lib, the
// engine under cspell itself, without its configuration and file loading) and the English and
// software dictionaries of cspell's project. Bundled on its own into dist/spelling.js by
// scripts/build.mjs, so that the server and the CLI load it only when a page's spelling is first
// checked (node/speller.ts); the build also calls `buildDictionaries` to write each dictionary as a
// binary trie (dist/dictionaries/), which loads in tens of milliseconds where cspell's text tries
// take several hundred. Pure: files come in and go out as bytes.
import { createSpellingDictionaryFromTrieFile, type SpellingDictionary } from 'cspell-dictionary';
import { decodeTrie, editDistanceWeighted, encodeITrieToBTrie, mapDictionaryInformationToWeightMap, parseDictionary, type ITrie } from 'cspell-trie-lib';
import type { Speller } from '../util/speller';
import { isIdentifierLike, MIN_WORD_LENGTH } from '../util/words';

/** A dictionary: the package files its words come from (`.trie.gz` tries, or word lists, gzipped or not). */
export interface DictionarySource {
  name: string;
  /** `[package, file in it]`. */
  files: [string, string][];
  /** Read the suggestion settings (`repMap`, `dictionaryInformation`) of the first package's cspell-ext.json. */
  settings?: boolean;
  /**
   * Keep only the lower-case words that the dictionary of this name lacks: another variety of
   * English adds its spellings and the common words the first one misses, not its place names.
   */
  beyond?: string;
}

const of = (pkg: string, ...files: string[]): [string, string][] => files.map((f) => [pkg, f]);

/**
 * What the spelling check reads: American English, and the words of British English it lacks
 * (`colour`, and words the American list misses: `exfiltration`, `hackathons`, `upsize`); the
 * words of software, companies and web development; and the names of the tools and libraries
 * documentation most often mentions (Python, Node and npm, TypeScript, HTML, AWS, data science,
 * cryptocurrencies). Word lists only: none of them spells a common misspelling.
 */
export const DICTIONARIES: readonly DictionarySource[] = [
  { name: 'en_us', files: of('@cspell/dict-en_us', 'en_US.trie.gz'), settings: true },
  { name: 'en_gb', files: of('@cspell/dict-en-gb-mit', 'en_GB.trie.gz'), beyond: 'en_us' },
  {
    name: 'software',
    files: [
      ...of(
        '@cspell/dict-software-terms',
        'dict/softwareTerms.txt.gz',
        'dict/software-tools.txt',
        'dict/webServices.txt',
        'dict/computing-acronyms.txt',
        'dict/networkingTerms.txt',
        'dict/coding-compound-terms.txt',
      ),
      ...of('@cspell/dict-fullstack', 'dict/fullstack.txt'),
      ...of('@cspell/dict-html', 'dict/html.txt.gz'),
      ...of('@cspell/dict-typescript', 'dict/typescript.txt'),
      ...of('@cspell/dict-node', 'dict/node.txt'),
      ...of('@cspell/dict-npm', 'dict/npm.txt'),
      ...of('@cspell/dict-python', 'dict/python.txt', 'dict/python-common.txt'),
      ...of('@cspell/dict-aws', 'dict/aws.txt'),
      ...of('@cspell/dict-data-science', 'dict/data-science.txt', 'dict/data-science-models.txt', 'dict/data-science-tools.txt'),
      ...of('@cspell/dict-cryptocurrencies', 'dict/cryptocurrencies.txt'),
    ],
  },
  { name: 'companies', files: of('@cspell/dict-companies', 'dict/companies.txt') },
];

/** A dictionary as the build writes it: the binary trie, and its suggestion settings. */
export interface BuiltDictionary {
  name: string;
  trie: Uint8Array;
  settings?: DictionarySettings;
}

export interface DictionarySettings {
  repMap?: [string, string][];
  dictionaryInformation?: Record<string, unknown>;
}

/**
 * Each dictionary of DICTIONARIES as a binary trie. `read` gives a package file's text (gunzipped)
 * by package and path within it.
 */
export function buildDictionaries(read: (pkg: string, file: string) => string): BuiltDictionary[] {
  const tries = new Map<string, ITrie>();
  return DICTIONARIES.map((d) => {
    let trie: ITrie;
    if (d.files.length === 1 && d.files[0][1].endsWith('.trie.gz')) trie = decodeTrie(read(...d.files[0]));
    else trie = parseDictionary(d.files.flatMap(([pkg, f]) => read(pkg, f).split(/\r?\n/).filter(checkable)).join('\n'), { optimize: true });
    if (d.beyond) {
      const base = tries.get(d.beyond);
      if (!base) throw new Error(`${d.name}: the dictionary ${d.beyond} comes first.`);
      // A plain word list, its shared endings merged (optimize): a third of the size.
      trie = parseDictionary([...trie.words()].filter((w) => LOWER_WORD.test(w) && !base.has(w)).join('\n'), { optimize: true });
    }
    tries.set(d.name, trie);
    let settings: DictionarySettings | undefined;
    if (d.settings) {
      const ext = JSON.parse(read(d.files[0][0], 'cspell-ext.json')) as { dictionaryDefinitions?: (DictionarySettings & { name?: string })[] };
      const def = ext.dictionaryDefinitions?.find((x) => x.name === d.name) ?? ext.dictionaryDefinitions?.[0];
      if (def) settings = { repMap: def.repMap, dictionaryInformation: def.dictionaryInformation };
    }
    return { name: d.name, trie: encodeITrieToBTrie(trie), ...(settings ? { settings } : {}) };
  });
}

/**
 * Whether a word list's line is a word the check can ask about: the lists hold identifiers too
 * (`asyncio` yes, `getItem`, `AWS_REGION`, `0wdg9nbmpm` no), which the check never looks up.
 */
function checkable(line: string): boolean {
  const word = line.trim();
  if (word.startsWith('#')) return true;
  return word.length >= MIN_WORD_LENGTH && /^[A-Za-z][a-z]+$/.test(word) && !isIdentifierLike(word);
}

/** A lower-case word, or one with an apostrophe inside (`don't`); not a name, a phrase or a hyphenated entry. */
const LOWER_WORD = /^[a-z]+(?:'[a-z]+)?$/;

/** Letters a correction may insert or put in place of another (an apostrophe makes `dont` `don't`). */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz'";
/** The cost of a missing space (`everytime`): a little over one edit (100), so a word one letter away comes first. */
const SPLIT_COST = 105;
/** The shortest part of a split suggestion (`use case`, not `u secase`). */
const SPLIT_PART = 3;

/**
 * The speller over built dictionaries. A word is known in any case, as cspell reads it. Suggestions
 * are the known words one edit away (a letter left out, added, changed, or two swapped) and the
 * word split in two known words, ranked by cspell's weighted edit distance (the English
 * dictionary's costs: vowels for vowels and doubled letters cost less): a few milliseconds a
 * word, where cspell's own search of the trie takes hundreds for a word it finds nothing near.
 */
export function createEngineSpeller(dictionaries: readonly BuiltDictionary[]): Speller {
  // Without the suggestion settings: suggestions are made here, and cspell's would cost 150 ms to prepare.
  const all: SpellingDictionary[] = dictionaries.map((d) =>
    createSpellingDictionaryFromTrieFile(d.trie as Uint8Array<ArrayBuffer>, d.name, `docwright:${d.name}`, {}),
  );
  // Each dictionary asked in turn: cspell's createCollection spends a second building what these lookups never use.
  const has = (w: string) => {
    const word = w.replace(/’/g, "'");
    return all.some((d) => d.has(word));
  };
  const info = dictionaries.find((d) => d.settings?.dictionaryInformation)?.settings?.dictionaryInformation;
  const weights = info ? mapDictionaryInformationToWeightMap(info as Parameters<typeof mapDictionaryInformationToWeightMap>[0]) : undefined;
  return {
    knows: has,
    suggest(word, max) {
      const lower = word.toLowerCase();
      const costs = new Map<string, number>();
      for (const c of edits(lower)) if (!costs.has(c) && c !== lower && has(c)) costs.set(c, weights ? editDistanceWeighted(lower, c, weights) : 100);
      for (let i = SPLIT_PART; i <= lower.length - SPLIT_PART; i++) {
        const a = lower.slice(0, i);
        const b = lower.slice(i);
        if (has(a) && has(b)) costs.set(`${a} ${b}`, SPLIT_COST);
      }
      // Ties go to the word that keeps the first letter, then to the alphabet (the same answer every time).
      return [...costs]
        .sort(([a, x], [b, y]) => x - y || Number(b[0] === lower[0]) - Number(a[0] === lower[0]) || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, max)
        .map(([w]) => w);
    },
  };
}

/** Every string one edit from `word`: a letter deleted, two swapped, one replaced or one inserted. */
function* edits(word: string): Generator<string> {
  for (let i = 0; i < word.length; i++) yield word.slice(0, i) + word.slice(i + 1);
  for (let i = 0; i + 1 < word.length; i++) yield word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  for (let i = 0; i <= word.length; i++) {
    for (const c of ALPHABET) {
      if (i < word.length && c !== word[i]) yield word.slice(0, i) + c + word.slice(i + 1);
      yield word.slice(0, i) + c + word.slice(i);
    }
  }
}

// A site's Vale configuration, as far as the checks read it: `.vale.ini` (at the site root or the
// repository root) in Vale's INI form, and the vocabularies it names. Vale's own rules: keys before
// any section are global, `[glob]` sections hold per-format settings, a line ending in `\` goes on
// on the next line, `StylesPath` is relative to the file's folder, and `Vocab` names folders under
// `<StylesPath>/config/vocabularies/` (Vale 3; `<StylesPath>/Vocab/` in Vale 2) whose `accept.txt`
// lists terms that are right as written: each line a case-sensitive regular expression (`(?i)` at
// its start ignores case), matched against whole words.
import { join } from '../util/paths';

/** The names Vale reads its configuration from, in its order. */
export const VALE_INI_NAMES = ['.vale.ini', '_vale.ini'] as const;

export interface ValeConfig {
  /** The folder `.vale.ini` is in (absolute). */
  folder: string;
  /** Absolute folder of the styles (`StylesPath`), when set. */
  stylesPath?: string;
  /** The vocabularies (`Vocab`). */
  vocab: string[];
  /** Keys outside any section, as written. */
  global: ReadonlyMap<string, string>;
  /** `[glob]` sections in file order, with their keys as written. */
  sections: { glob: string; entries: ReadonlyMap<string, string> }[];
}

/** Reads `.vale.ini` (in `folder`). Lines it cannot read are skipped, as Vale's reader does. */
export function parseValeIni(text: string, folder: string): ValeConfig {
  const global = new Map<string, string>();
  const sections: ValeConfig['sections'] = [];
  let current = global;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].trim();
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1).trimEnd() + ' ' + lines[++i].trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.*)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.push({ glob: section[1].trim(), entries: current });
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    current.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  const styles = global.get('StylesPath');
  const vocab = (global.get('Vocab') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v && !v.includes('/') && !v.includes('\\') && v !== '..');
  return { folder, stylesPath: styles ? join(folder, styles) : undefined, vocab, global, sections };
}

/** The `accept.txt` files of the configuration's vocabularies, Vale 3's place first. */
export function acceptFiles(config: ValeConfig): string[] {
  if (!config.stylesPath) return [];
  const styles = config.stylesPath;
  return config.vocab.flatMap((v) => [join(styles, 'config', 'vocabularies', v, 'accept.txt'), join(styles, 'Vocab', v, 'accept.txt')]);
}

/** Longest vocabulary entry read as a pattern: longer ones are skipped (bounded work per word). */
const MAX_PATTERN_LENGTH = 200;
/** Regular expression syntax in an entry: without any, the entry is a word (or words) as written. */
const PATTERN_SYNTAX = /[\\()[\]{}?*+|^$]/;
/** A quantified group that is itself quantified (`(a+)+`): backtracks without bound, never compiled. */
const NESTED_QUANTIFIER = /\([^)]*[+*}][^)]*\)\s*[+*{]/;

export interface Vocabulary {
  /** Entries without pattern syntax, as written (case-sensitive). */
  words: string[];
  /** Entries with pattern syntax, anchored to whole words. */
  patterns: RegExp[];
  /** Entries not read, with the reason. */
  skipped: { entry: string; reason: string }[];
}

/** The entries of an `accept.txt` (one a line; `#` comments and blank lines skipped). */
export function readVocabulary(text: string): Vocabulary {
  const out: Vocabulary = { words: [], patterns: [], skipped: [] };
  for (const raw of text.split(/\r?\n/)) {
    const entry = raw.trim();
    if (!entry || entry.startsWith('#')) continue;
    if (!PATTERN_SYNTAX.test(entry)) {
      // Dots are pattern syntax too, but an entry such as `Node.js` means the name as written.
      out.words.push(entry);
      continue;
    }
    const pattern = valePattern(entry);
    if (typeof pattern === 'string') out.skipped.push({ entry, reason: pattern });
    else out.patterns.push(pattern);
  }
  return out;
}

/** A vocabulary entry as a JavaScript expression anchored to a whole word, or why it cannot be one. */
export function valePattern(entry: string): RegExp | string {
  if (entry.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  if (NESTED_QUANTIFIER.test(entry)) return 'a quantified group inside a quantifier can take unbounded time';
  let source = entry;
  let flags = 'u';
  // Go's flag group at the start (`(?i)`); JavaScript takes flags apart.
  const flag = /^\(\?([imsU]+)\)/.exec(source);
  if (flag) {
    if (flag[1].includes('i')) flags += 'i';
    source = source.slice(flag[0].length);
  }
  try {
    return new RegExp(`^(?:${source})$`, flags);
  } catch (e) {
    return `not a regular expression JavaScript reads (${e instanceof Error ? e.message : String(e)})`;
  }
}

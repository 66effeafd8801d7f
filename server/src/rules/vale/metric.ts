// Vale's metric and readability rules: a formula over a page's counts (words, sentences,
// syllables, ...) compared with a condition (`> 8`). Vale evaluates them with Tengo; here a small
// expression reader does: numbers, the counts by name, `+ - * / %`, parentheses, comparisons,
// `&&`, `||`, `!`, and `math.<function>(...)` and `math.pi`/`math.e`. The counts are Vale's
// (its summarize package): over the text of paragraphs, lists and block quotes, split into
// paragraphs at blank lines and into sentences; a word's characters are its letters and digits,
// a long word has more than 6 characters, a polysyllabic word more than 2 syllables, a complex one
// more than 2 without an -es, -ed or -ing ending; and the number of headings of each level, lists,
// block quotes and code blocks (`heading_h2`, `list`, `blockquote`, `pre`).
import { sentenceSpans } from '../prose';

/** The variables a formula may name. */
export const METRIC_VARIABLES = [
  'words',
  'sentences',
  'paragraphs',
  'characters',
  'syllables',
  'complex_words',
  'long_words',
  'polysyllabic_words',
  'pre',
  'list',
  'blockquote',
  'heading_h1',
  'heading_h2',
  'heading_h3',
  'heading_h4',
  'heading_h5',
  'heading_h6',
] as const;

/** Syllables of an English word, by its vowel groups (a silent final `e` and `-es`/`-ed` endings not counted). */
export function syllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return 0;
  if (w.length <= 3) return 1;
  w = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = w.match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 0);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** `raw` without the characters other than letters and digits at its ends (a loop: a regex anchored at the end is quadratic). */
function trimToWord(raw: string): string {
  let a = 0;
  let b = raw.length;
  while (a < b && !WORD_CHAR.test(raw[a])) a++;
  while (b > a && !WORD_CHAR.test(raw[b - 1])) b--;
  return raw.slice(a, b);
}

export interface Counts {
  [name: string]: number;
}

/** The counts of a page's summary text (paragraphs joined by blank lines) and its block tallies. */
export function countsOf(summary: string, tallies: Record<string, number>): Counts | undefined {
  const counts: Counts = { words: 0, sentences: 0, paragraphs: 0, characters: 0, syllables: 0, complex_words: 0, long_words: 0, polysyllabic_words: 0 };
  const paragraphs = summary.split('\n\n');
  for (const p of paragraphs) {
    for (const [s, e] of sentenceSpans(p)) {
      counts.sentences++;
      for (const raw of p.slice(s, e).split(/\s+/)) {
        const word = trimToWord(raw);
        if (!word) continue;
        counts.words++;
        counts.characters += (word.match(/[\p{L}\p{N}]/gu) ?? []).length;
        if (word.length > 6) counts.long_words++;
        const n = syllables(word);
        counts.syllables += n;
        if (n > 2) counts.polysyllabic_words++;
        if (n - (/(?:es|ed|ing)$/.test(word) ? 1 : 0) > 2) counts.complex_words++;
      }
    }
    counts.paragraphs++;
  }
  if (counts.words === 0) return undefined;
  // Vale counts the paragraphs after the first split.
  counts.paragraphs -= 1;
  for (const v of METRIC_VARIABLES) if (!(v in counts)) counts[v] = tallies[v] ?? 0;
  return counts;
}

/** The readability grades Vale's readability rule averages. */
export const READABILITY: Record<string, (c: Counts) => number> = {
  'Gunning Fog': (c) => 0.4 * (c.words / c.sentences + (100 * c.complex_words) / c.words),
  'Coleman-Liau': (c) => 0.0588 * ((c.characters / c.words) * 100) - 0.296 * ((c.sentences / c.words) * 100) - 15.8,
  'Flesch-Kincaid': (c) => 0.39 * (c.words / c.sentences) + 11.8 * (c.syllables / c.words) - 15.59,
  SMOG: (c) => 1.043 * Math.sqrt((c.polysyllabic_words * 30) / c.sentences) + 3.1291,
  'Automated Readability': (c) => 4.71 * (c.characters / c.words) + 0.5 * (c.words / c.sentences) - 21.43,
};

type Value = number | boolean;

const MATH: Record<string, (...a: number[]) => number> = {
  sqrt: Math.sqrt,
  pow: Math.pow,
  abs: Math.abs,
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
  trunc: Math.trunc,
  log: Math.log,
  log10: Math.log10,
  log2: Math.log2,
  exp: Math.exp,
  max: Math.max,
  min: Math.min,
  cbrt: Math.cbrt,
};

/** Reads and evaluates an expression over `vars`; throws an Error that says what is wrong. */
export function evaluate(expression: string, vars: Counts): Value {
  const token = /\s*(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[A-Za-z_][\w.]*|&&|\|\||[<>=!]=|[-+*/%()<>!,])/y;
  const list: string[] = [];
  let pos = 0;
  for (let m = token.exec(expression); m; m = token.exec(expression)) {
    list.push(m[1]);
    pos = token.lastIndex;
  }
  if (expression.slice(pos).trim()) throw new Error(`cannot read '${expression.slice(pos).trim()}' in '${expression}'`);
  let i = 0;
  const peek = () => list[i];
  const take = (t?: string) => {
    const x = list[i++];
    if (t !== undefined && x !== t) throw new Error(`expected '${t}' in '${expression}'`);
    return x;
  };
  const num = (v: Value): number => {
    if (typeof v !== 'number') throw new Error(`a number is needed in '${expression}'`);
    return v;
  };
  const primary = (): Value => {
    const t = take();
    if (t === undefined) throw new Error(`'${expression}' ends too soon`);
    if (t === '(') {
      const v = or();
      take(')');
      return v;
    }
    if (t === '-') return -num(primary());
    if (t === '+') return num(primary());
    if (t === '!') return !primary();
    if (/^\d/.test(t)) return Number(t);
    if (t === 'true' || t === 'false') return t === 'true';
    if (t.startsWith('math.')) {
      const fn = t.slice(5);
      if (fn === 'pi') return Math.PI;
      if (fn === 'e') return Math.E;
      const f = MATH[fn];
      if (!f) throw new Error(`unknown function '${t}'`);
      take('(');
      const args: number[] = [];
      if (peek() !== ')') {
        args.push(num(or()));
        while (peek() === ',') {
          take();
          args.push(num(or()));
        }
      }
      take(')');
      return f(...args);
    }
    if (Object.hasOwn(vars, t)) return vars[t];
    throw new Error(`unknown variable '${t}' (one of ${METRIC_VARIABLES.join(', ')})`);
  };
  const term = (): Value => {
    let v = primary();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const op = take();
      const r = num(primary());
      v = op === '*' ? num(v) * r : op === '/' ? num(v) / r : num(v) % r;
    }
    return v;
  };
  const sum = (): Value => {
    let v = term();
    while (peek() === '+' || peek() === '-') {
      const op = take();
      const r = num(term());
      v = op === '+' ? num(v) + r : num(v) - r;
    }
    return v;
  };
  const compare = (): Value => {
    let v = sum();
    while (['<', '>', '<=', '>=', '==', '!='].includes(peek())) {
      const op = take();
      const r = sum();
      v =
        op === '<'
          ? num(v) < num(r)
          : op === '>'
            ? num(v) > num(r)
            : op === '<='
              ? num(v) <= num(r)
              : op === '>='
                ? num(v) >= num(r)
                : op === '=='
                  ? v === r
                  : v !== r;
    }
    return v;
  };
  const and = (): Value => {
    let v = compare();
    while (peek() === '&&') {
      take();
      const r = compare();
      v = Boolean(v) && Boolean(r);
    }
    return v;
  };
  const or = (): Value => {
    let v = and();
    while (peek() === '||') {
      take();
      const r = and();
      v = Boolean(v) || Boolean(r);
    }
    return v;
  };
  const v = or();
  if (i < list.length) throw new Error(`unexpected '${list[i]}' in '${expression}'`);
  return v;
}

// A site's Vale rules compiled once per loaded site: each rule file's definition read with Vale's
// semantics into a check over one text (or the page's summary, or its source), and what cannot be
// used, said on the file and line it is about. The built-in `Vale` style maps to the same
// checks: Vale.Repetition (a word written twice), Vale.Spelling (the host's dictionary, the
// vocabularies and the ignore files), Vale.Terms (vocabulary terms in the case written) and
// Vale.Avoid (the `reject.txt` terms).
import type { ValeLevel, ValeProblem, ValeSetup, VocabEntry } from '../../site/vale';
import { compileVale, isPhrase } from './regex';
import { readScope, type ValeScope } from './scope';
import { evaluate, METRIC_VARIABLES, READABILITY, type Counts } from './metric';
import { proseWords, type ProseWord } from '../../util/words';
import { BoundedMap } from '../../util/memo';

/** Where an alert is, in the text it was found in. */
export interface Alert {
  from: number;
  to: number;
  message: string;
  /** Replacements a quick fix may write over the match (`''` removes it). */
  replacements?: string[];
  /** The one replacement is what the rule asks for (a substitution's single choice): fix all may apply it. */
  preferred?: boolean;
  /** The alert is about the page as a whole (metric, readability, occurrence without a match). */
  page?: boolean;
}

/** What a rule reads while a page is checked: its per-page memory (conditional, consistency) and the host's dictionary. */
export interface RunState {
  sequences: Set<string>;
  /** Words the page writes capitalised within its sentences: names (`$sentence` keeps them). */
  names?: ReadonlySet<string>;
  spell?: (word: string) => boolean;
  suggest?: (word: string) => string[];
  /** The words of a text, split once for all of a page's spelling rules (Vale.Spelling beside a style's own). */
  words?: (text: string) => readonly ProseWord[];
}

export interface ValeRule {
  /** `Style.Rule`. */
  name: string;
  style: string;
  /** The rule file ('' for the built-in Vale style). */
  path: string;
  extends: string;
  level: ValeLevel;
  scope: ValeScope;
  /** Alerts a page gets at most (`limit`), 0: no limit. */
  limit: number;
  /**
   * What a text's alerts depend on besides the text: nothing (`text`), the site's words and the
   * host's dictionary (`site`: spelling, suggestions), or the rest of the page (`page`).
   */
  reads: 'text' | 'site' | 'page';
  /** Runs over one text (`counts` for metric and readability rules). */
  run(text: string, state: RunState, counts?: Counts): Alert[];
}

export interface CompiledVale {
  rules: Map<string, ValeRule>;
  problems: ValeProblem[];
  /** Spelling rules of the setup, by name: each needs the host's dictionary. */
  spelling: Set<string>;
}

/** Rule types Vale has and this check does not run (each reported once). */
const UNSUPPORTED: Record<string, string> = {
  sequence: 'sequence rules need part-of-speech tagging, which this check does not do',
  script: 'script rules run Tengo scripts, which this check does not run',
};

/** Rule types whose alerts on a text depend on that text alone (consistency and conditional read the page's other texts). */
const TEXT_ONLY = new Set(['existence', 'substitution', 'occurrence', 'repetition']);

/** Keys every rule may have beside its type's. */
const COMMON_KEYS = ['extends', 'message', 'description', 'level', 'scope', 'link', 'limit', 'action', 'name', 'code'];
const TYPE_KEYS: Record<string, string[]> = {
  existence: ['tokens', 'raw', 'append', 'ignorecase', 'nonword', 'exceptions', 'vocab'],
  substitution: ['swap', 'ignorecase', 'nonword', 'exceptions', 'vocab', 'capitalize', 'pos'],
  occurrence: ['token', 'max', 'min', 'ignorecase'],
  repetition: ['tokens', 'max', 'ignorecase', 'alpha', 'vocab', 'exceptions'],
  consistency: ['either', 'nonword', 'ignorecase'],
  conditional: ['first', 'second', 'exceptions', 'ignorecase', 'vocab'],
  capitalization: ['match', 'style', 'exceptions', 'indicators', 'threshold', 'vocab', 'prefix'],
  metric: ['formula', 'condition'],
  readability: ['metrics', 'grade'],
  spelling: ['ignore', 'filters', 'exceptions', 'dictionaries', 'aff', 'dic', 'dicpath', 'threshold', 'custom', 'append'],
  sequence: ['tokens', 'ignorecase'],
  script: ['script'],
};

class RuleError extends Error {
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

// ---- Reading a definition ----

type Def = Record<string, unknown>;

const bool = (d: Def, key: string, fallback: boolean): boolean => {
  const v = d[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new RuleError(`'${key}' must be true or false`, key);
};
const num = (d: Def, key: string, fallback: number): number => {
  const v = d[key];
  if (v === undefined || v === null) return fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new RuleError(`'${key}' must be a number`, key);
  return n;
};
const str = (d: Def, key: string, fallback = ''): string => {
  const v = d[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new RuleError(`'${key}' must be a string`, key);
};
const list = (d: Def, key: string): string[] => {
  const v = d[key];
  if (v === undefined || v === null) return [];
  const items = Array.isArray(v) ? v : [v];
  if (items.some((x) => typeof x === 'object' && x !== null)) throw new RuleError(`'${key}' must be a list of strings`, key);
  return items.filter((x) => x !== null && x !== undefined).map(String);
};
const map = (d: Def, key: string): [string, string][] => {
  const v = d[key];
  if (v === undefined || v === null) return [];
  if (typeof v !== 'object' || Array.isArray(v)) throw new RuleError(`'${key}' must be a mapping`, key);
  return Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, x === null || x === undefined ? '' : String(x)]);
};

function regex(source: string, key: string, options: { ignoreCase?: boolean; indices?: boolean } = {}): RegExp {
  const r = compileVale(source, options);
  if ('error' in r) throw new RuleError(`the pattern of '${key}' is not used: ${r.error}`, key);
  return r.regex;
}

/** Every match of a global expression over `text` (empty matches step on). */
export function findAll(re: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push(m);
    if (m[0] === '') re.lastIndex++;
  }
  re.lastIndex = 0;
  return out;
}

/** Vale's `%s` formatting: each `%s` takes the next value; values left over are dropped. */
export function formatMessage(message: string, ...subs: string[]): string {
  let n = 0;
  return message
    .replace(/%(%|s)/g, (_, c: string) => (c === '%' ? '%' : (subs[n++] ?? '')))
    .replace(/\s+/g, ' ')
    .trim();
}

/** `'a'`, `'a' or 'b'`, `'a', 'b', or 'c'`. */
function toSentence(words: string[], conjunction: string): string {
  if (words.length === 1) return `'${words[0]}'`;
  if (words.length === 2) return `'${words[0]}' ${conjunction} '${words[1]}'`;
  return words.map((w, i) => (i === words.length - 1 ? `${conjunction} '${w}'` : `'${w}'`)).join(', ');
}

const capFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

interface Action {
  name: string;
  params: string[];
}

function readAction(d: Def): Action | undefined {
  const v = d.action;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new RuleError("'action' must be a mapping with 'name' and 'params'", 'action');
  const a = v as Record<string, unknown>;
  const params = Array.isArray(a.params) ? a.params.map(String) : [];
  return { name: typeof a.name === 'string' ? a.name : '', params };
}

/** What an action writes in place of `match` (Vale's fixers); undefined when it gives nothing to write. */
function actionReplacements(action: Action | undefined, match: string, state: RunState): string[] | undefined {
  if (!action) return undefined;
  const p = action.params;
  switch (action.name) {
    case 'remove':
      return [''];
    case 'replace':
      return p.length ? p : undefined;
    case 'suggest':
      return p[0] === 'spellings' ? state.suggest?.(match) : undefined;
    case 'edit': {
      // Vale trims the result; spaces around the match that the edit is not about stay (`works! ` -> `works `).
      if (!p.slice(1).some((x) => /\s/.test(x)) && match.trim() !== match) {
        const inner = actionReplacements(action, match.trim(), state);
        const lead = match.slice(0, match.length - match.trimStart().length);
        const trail = match.slice(match.trimEnd().length);
        return inner?.map((r) => lead + r + trail);
      }
      let out: string;
      if (p[0] === 'regex' && p.length === 3) {
        const r = compileVale(p[1]);
        if ('error' in r) return undefined;
        out = match.replace(r.regex, p[2].replace(/\$\{(\w+)\}/g, '$<$1>'));
      } else if (p[0] === 'trim_right' && p.length === 2) out = trimChars(match, p[1], false, true);
      else if (p[0] === 'trim_left' && p.length === 2) out = trimChars(match, p[1], true, false);
      else if (p[0] === 'trim' && p.length === 2) out = trimChars(match, p[1], true, true);
      else if (p[0] === 'truncate' && p.length === 2) out = match.split(p[1])[0];
      else if (p[0] === 'split' && p.length === 3) {
        const parts = match.split(p[1]);
        const i = Number(p[2]);
        if (!Number.isInteger(i) || i >= parts.length) return undefined;
        out = parts[i];
      } else return undefined;
      return [out.trim()];
    }
    default:
      return undefined;
  }
}

function trimChars(s: string, chars: string, left: boolean, right: boolean): string {
  let a = 0;
  let b = s.length;
  if (left) while (a < b && chars.includes(s[a])) a++;
  if (right) while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
}

/** An alert on `text[from, to)` with Vale's message: the match, then what the action would write. */
function makeAlert(message: string, action: Action | undefined, text: string, from: number, to: number, state: RunState): Alert {
  const match = text.slice(from, to);
  const replacements = actionReplacements(action, match, state);
  if (action?.name) {
    const repl = replacements?.length === 1 ? replacements[0] : replacements?.length ? toSentence(replacements, 'or') : match;
    return { from, to, message: formatMessage(message, match, repl), replacements };
  }
  return { from, to, message: formatMessage(message, match) };
}

// ---- Exceptions and vocabularies ----

/** Vale's exception test: a whole-word match of any entry inside the observed text, each entry case-sensitive unless it starts `(?i)`. */
export function exceptionTest(entries: readonly string[]): (observed: string) => boolean {
  if (!entries.length) return () => false;
  const test = exceptionMatcher(entries);
  // The same words come back on every page: each is tried once.
  const memo = new BoundedMap<string, boolean>(5000);
  return (s) => {
    let v = memo.get(s);
    if (v === undefined) memo.set(s, (v = test(s)));
    return v;
  };
}

function exceptionMatcher(entries: readonly string[]): (observed: string) => boolean {
  const sorted = [...entries].sort((a, b) => b.length - a.length).map((t) => (t.startsWith('(?i)') ? t : `(?-i)${t}`));
  const r = compileVale(`(?m)\\b(?:${sorted.join('|')})\\b`);
  if (!('error' in r)) {
    const re = r.regex;
    return (s) => {
      re.lastIndex = 0;
      return re.test(s);
    };
  }
  // One entry Vale reads and JavaScript does not: each is tried alone, the unreadable ones left out.
  const each = sorted.map((t) => compileVale(`(?m)\\b(?:${t})\\b`)).flatMap((x) => ('error' in x ? [] : [x.regex]));
  return (s) =>
    each.some((re) => {
      re.lastIndex = 0;
      return re.test(s);
    });
}

/**
 * Vale's accepted phrases: the entries of several words (a space, or `\s`), matched in any case
 * as whole words over the text; a match that lies inside one is no finding, whichever word of
 * the phrase a rule matched (`add` in an accepted `git add`). Undefined when there is none.
 */
export function phraseTest(entries: readonly string[]): ((text: string, from: number, to: number) => boolean) | undefined {
  const phrases = entries.filter((e) => /[ \t]/.test(e) || e.includes('\\s'));
  if (!phrases.length) return undefined;
  const r = compileVale(`(?i)\\b(?:${phrases.join('|')})\\b`);
  if ('error' in r) return undefined;
  // The rules of a page ask about the same text in turn: its phrases are found once.
  let lastText: string | undefined;
  let spans: [number, number][] = [];
  return (text, from, to) => {
    if (text !== lastText) {
      lastText = text;
      spans = findAll(r.regex, text).map((m) => [m.index, m.index + m[0].length]);
    }
    return spans.some(([a, b]) => from >= a && to <= b);
  };
}

interface Context {
  /** The vocabularies' `accept.txt` entries. */
  accepted: string[];
  wordTemplate?: string;
  ignoreFiles: Map<string, string[]>;
  stylesPath?: string;
}

function wordPattern(ctx: Context, body: string, nonword: boolean): string {
  if (nonword) return `(?m)(?:${body})`;
  return (ctx.wordTemplate?.includes('%s') ? ctx.wordTemplate : '(?m)\\b(?:%s)\\b').replace('%s', () => body);
}

// ---- The rule types ----

function existence(d: Def, ctx: Context): ValeRule['run'] {
  const tokens = list(d, 'tokens').filter((t) => t.trim() !== '');
  const raw = list(d, 'raw').join('');
  const nonword = bool(d, 'nonword', false) || tokens.length === 0;
  const template = wordPattern(ctx, tokens.join('|'), nonword);
  const source = bool(d, 'append', false) ? template + raw : raw + template;
  if (!tokens.length && !raw) throw new RuleError("an existence rule needs 'tokens' or 'raw'", 'tokens');
  const re = regex(source, tokens.length ? 'tokens' : 'raw', { ignoreCase: bool(d, 'ignorecase', false) });
  // Vale: vocabulary entries are accepted words, exceptions to word rules only (a `nonword` match may merely contain one).
  const entries = [...list(d, 'exceptions'), ...(bool(d, 'vocab', true) && !bool(d, 'nonword', false) ? ctx.accepted : [])];
  const except = exceptionTest(entries);
  const inPhrase = phraseTest(entries);
  const message = str(d, 'message');
  const action = readAction(d);
  return (text, state) => {
    const out: Alert[] = [];
    for (const m of findAll(re, text)) {
      if (m[0] === '' || except(m[0].trim()) || inPhrase?.(text, m.index, m.index + m[0].length)) continue;
      out.push(makeAlert(message, action, text, m.index, m.index + m[0].length, state));
    }
    return out;
  };
}

/** Whether `text[at]` starts a sentence: nothing but placeholders, quotes and brackets before it since the text's start or a `.`, `!`, `?` or `:`. */
function startsSentence(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /[\s*"'“‘([_]/.test(text[i])) i--;
  return i < 0 || /[.!?:]/.test(text[i]);
}

function substitution(d: Def, ctx: Context, sentenceStart = false): ValeRule['run'] {
  const ignorecase = bool(d, 'ignorecase', false);
  const swap = map(d, 'swap').sort((a, b) => b[0].length - a[0].length);
  if (!swap.length) throw new RuleError("a substitution rule needs 'swap'", 'swap');
  // Each key becomes one group; groups inside a key are made non-capturing so the key's group is known.
  const keys = swap.map(([k]) => `(${k.replace(/(?<!\\)\((?!\?)/g, '(?:')})`);
  const re = regex(wordPattern(ctx, keys.join('|'), bool(d, 'nonword', false)), 'swap', { ignoreCase: ignorecase, indices: true });
  const keyRes = swap.map(([k]) => compileVale(k, { ignoreCase: ignorecase }));
  const entries = [...list(d, 'exceptions'), ...(bool(d, 'vocab', true) ? ctx.accepted : [])];
  const except = exceptionTest(entries);
  const inPhrase = phraseTest(entries);
  const capitalize = bool(d, 'capitalize', false);
  let message = str(d, 'message');
  const action = readAction(d);
  const replace = action?.name === 'replace' && action.params.length === 0;
  // A message quoting both values (`'%s'`) quotes the choices itself once they are listed as a sentence.
  if (replace) for (const spec of ["'%s'", '"%s"']) if (message.split(spec).length - 1 === 2) message = message.replace(spec, '%s');
  return (text, state) => {
    const out: Alert[] = [];
    for (const m of findAll(re, text)) {
      const indices = m.indices!;
      for (let g = 1; g < indices.length; g++) {
        const at = indices[g];
        if (!at) continue;
        const observed = text.slice(at[0], at[1]).trim();
        let expected = swap[g - 1][1];
        if (capitalize && observed === capFirst(observed)) expected = capFirst(expected);
        // `$1` in a replacement: the key's own groups.
        const keyRe = keyRes[g - 1];
        if (/\$\d/.test(expected) && !('error' in keyRe)) {
          keyRe.regex.lastIndex = 0;
          expected = observed.replace(keyRe.regex, expected);
        }
        if (sameToken(expected, observed) || except(observed) || inPhrase?.(text, at[0], at[1])) continue;
        // A vocabulary term written in lower case, capitalised where a sentence starts (Vale.Terms only; Vale reports it).
        if (sentenceStart && expected === observed.toLowerCase() && observed === capFirst(expected) && startsSentence(text, at[0])) continue;
        const options = expected.split('|').map((o) => (capitalize && observed === capFirst(observed) ? capFirst(o) : o));
        const shown = replace ? toSentence(options, 'or') : expected;
        const replacements = replace || !action ? options : actionReplacements(action, observed, state);
        out.push({ from: at[0], to: at[1], message: formatMessage(message, shown, observed), replacements, preferred: replacements?.length === 1 });
      }
    }
    return out;
  };
}

/** Whether the observed text is what a substitution asks for (a phrase as written, or a pattern matching all of it). */
function sameToken(expected: string, observed: string): boolean {
  if (isPhrase(expected)) return expected === observed;
  const r = compileVale(`^(?:${expected})$`);
  if ('error' in r) return expected === observed;
  r.regex.lastIndex = 0;
  return r.regex.test(observed);
}

function occurrence(d: Def): ValeRule['run'] {
  const re = regex(`(?:${str(d, 'token')})`, 'token', { ignoreCase: bool(d, 'ignorecase', false) });
  const max = num(d, 'max', 0);
  const min = num(d, 'min', 0);
  const message = str(d, 'message');
  return (text) => {
    const ms = findAll(re, text);
    const n = ms.length;
    if (!((max > 0 && n > max) || (min > 0 && n < min))) return [];
    if (n === 0) return [{ from: 0, to: 0, message: formatMessage(message, String(n)) }];
    const first = ms.find((m) => m[0].trim() !== '' && !/^[*@]+$/.test(m[0]));
    return first ? [{ from: first.index, to: first.index + first[0].length, message: formatMessage(message, String(n)) }] : [];
  };
}

function repetition(d: Def, ctx: Context): ValeRule['run'] {
  const ignorecase = bool(d, 'ignorecase', false);
  const tokens = list(d, 'tokens');
  if (!tokens.length) throw new RuleError("a repetition rule needs 'tokens'", 'tokens');
  const re = regex(`(${tokens.join('|')})`, 'tokens', { ignoreCase: ignorecase });
  const max = num(d, 'max', 0);
  const alpha = bool(d, 'alpha', false);
  const entries = [...list(d, 'exceptions'), ...(bool(d, 'vocab', true) ? ctx.accepted : [])];
  const except = exceptionTest(entries);
  const inPhrase = phraseTest(entries);
  const message = str(d, 'message');
  const action = readAction(d);
  return (text, state) => {
    const out: Alert[] = [];
    let prev = '';
    let prevAt = 0;
    let count = 0;
    for (const m of findAll(re, text)) {
      const curr = m[0].trim();
      let hit = curr !== '' && (ignorecase ? curr.toLowerCase() === prev.toLowerCase() : curr === prev);
      hit = hit && (!alpha || /^\p{L}+$/u.test(curr));
      if (hit) count++;
      if (hit && count > max) {
        const span = text.slice(prevAt, m.index + m[0].length);
        if (!span.includes('\n') && !except(span) && !inPhrase?.(text, prevAt, m.index + m[0].length)) {
          const alert = makeAlert(message, action, text, prevAt, m.index + m[0].length, state);
          alert.message = formatMessage(message, curr);
          out.push(alert);
          count = 0;
        }
      }
      prevAt = m.index;
      prev = curr;
    }
    return out;
  };
}

function consistency(d: Def, ctx: Context, name: string): ValeRule['run'] {
  const either = map(d, 'either');
  if (!either.length) throw new RuleError("a consistency rule needs 'either'", 'either');
  const nonword = bool(d, 'nonword', false);
  const ignorecase = bool(d, 'ignorecase', false);
  const steps = either.map(([a, b], i) => ({
    re: regex(wordPattern(ctx, `(${a})|(${b})`, nonword), 'either', { ignoreCase: ignorecase, indices: true }),
    subs: [`${name}\u0000${i}a`, `${name}\u0000${i}b`],
  }));
  const message = str(d, 'message');
  const action = readAction(d);
  return (text, state) => {
    const out: Alert[] = [];
    for (const s of steps) {
      const ms = findAll(s.re, text);
      let at: [number, number] | undefined;
      for (const m of ms) {
        m.indices!.slice(1, 3).forEach((g, k) => {
          if (!g) return;
          at = g;
          state.sequences.add(s.subs[k]);
        });
      }
      if (ms.length && at && s.subs.every((x) => state.sequences.has(x))) out.push(makeAlert(message, action, text, at[0], at[1], state));
    }
    return out;
  };
}

function conditional(d: Def, ctx: Context, name: string): ValeRule['run'] {
  // Vale reads `first` and `second` as written: no word boundaries, `ignorecase` not applied.
  const first = regex(str(d, 'first'), 'first');
  const second = regex(str(d, 'second'), 'second');
  // A `second` without a group (Vale counts `(` against `(?` and `\(`) is a presence check: where it matches, the text's `first` matches are fine.
  const count = (s: string) => str(d, 'second').split(s).length - 1;
  const presence = count('(') <= count('(?') + count('\\(');
  const entries = [...list(d, 'exceptions'), ...(bool(d, 'vocab', true) ? ctx.accepted : [])];
  const except = exceptionTest(entries);
  const inPhrase = phraseTest(entries);
  const message = str(d, 'message');
  const action = readAction(d);
  const key = (s: string) => `${name}\u0000${s}`;
  return (text, state) => {
    if (presence) {
      second.lastIndex = 0;
      if (second.test(text)) return [];
    } else for (const m of findAll(second, text)) for (const g of m.slice(1)) if (g) state.sequences.add(key(g));
    const out: Alert[] = [];
    for (const m of findAll(first, text)) {
      if (m[0] === '' || state.sequences.has(key(m[0])) || except(m[0]) || inPhrase?.(text, m.index, m.index + m[0].length)) continue;
      out.push(makeAlert(message, action, text, m.index, m.index + m[0].length, state));
    }
    return out;
  };
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'en',
  'for',
  'if',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'vs',
  'vs.',
  'via',
  'v',
  'v.',
]);
const PREPOSITIONS = new Set(
  'with from into during including until against among throughout despite towards upon concerning about over through before between after since without under within along following across beyond around down near above'.split(
    ' ',
  ),
);

/** A word with its first letter or digit capitalised (`lower`: the rest lowered). */
function toTitle(word: string, lower: boolean): string {
  const i = word.search(/[\p{L}\p{N}]/u);
  if (i < 0) return word;
  const rest = word.slice(i + 1);
  return word.slice(0, i) + word[i].toUpperCase() + (lower ? rest.toLowerCase() : rest);
}

/** Vale's case checks: the text converted to the case the rule asks for, and whether enough of its words match it. */
function capitalization(d: Def, ctx: Context): ValeRule['run'] {
  const match = str(d, 'match');
  if (!match) throw new RuleError("a capitalization rule needs 'match' ($title, $sentence, $lower, $upper or a pattern)", 'match');
  const vocab = bool(d, 'vocab', true);
  const exceptions = [...list(d, 'exceptions'), ...(vocab ? ctx.accepted : [])];
  const except = exceptionTest(exceptions);
  const threshold = num(d, 'threshold', 0.8) || 0.8;
  const indicators = list(d, 'indicators');
  const message = str(d, 'message');
  const action = readAction(d);
  const prefix = str(d, 'prefix');
  const prefixRe = prefix ? regex(`^(?:${prefix})`, 'prefix') : undefined;
  // Words: letters and digits and what follows them up to a space; an exception of several words
  // (`Claude Code`) is one word, as Vale's tokens are.
  const phrases = new Map<string, string[][]>();
  for (const e of exceptions) {
    const parts = e.trim().split(/\s+/);
    if (parts.length < 2 || !isPhrase(e)) continue;
    const key = parts[0].toLowerCase();
    phrases.set(
      key,
      [...(phrases.get(key) ?? []), parts.map((x) => x.toLowerCase())].sort((a, b) => b.length - a.length),
    );
  }
  const simple = /[\p{N}\p{L}*]+[^\s]*/gu;
  const words = (s: string): string[] => {
    const tokens = s.match(simple) ?? [];
    if (!phrases.size) return tokens;
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const phrase = phrases.get(tokens[i].toLowerCase())?.find((p) => p.every((w, k) => tokens[i + k]?.toLowerCase() === w));
      if (phrase) {
        out.push(tokens.slice(i, i + phrase.length).join(' '));
        i += phrase.length - 1;
      } else out.push(tokens[i]);
    }
    return out;
  };
  const folded = new Map(exceptions.filter(isPhrase).map((e) => [e.toLowerCase(), e]));
  const patterns = exceptions.flatMap((e) => {
    if (isPhrase(e)) return [];
    const r = compileVale(e);
    return 'error' in r ? [] : [r.regex];
  });
  const phraseList = exceptions.filter(isPhrase);
  /** The vocabulary entry a word is, as the entry writes it (or the word itself when it holds one). */
  const vocabMemo = new BoundedMap<string, string | null>(5000);
  const inVocab = (w: string): string | undefined => {
    let v = vocabMemo.get(w);
    if (v === undefined) {
      v = folded.get(w.toLowerCase()) ?? null;
      if (v === null && phraseList.some((p) => p && w.includes(p))) v = w;
      for (const re of patterns) {
        if (v !== null) break;
        re.lastIndex = 0;
        if (re.test(w)) v = w;
      }
      vocabMemo.set(w, v);
    }
    return v ?? undefined;
  };
  const splitPrefix = (s: string): [string, string] => {
    if (!prefixRe) return ['', s];
    prefixRe.lastIndex = 0;
    const m = prefixRe.exec(s);
    return m ? [m[0], s.slice(m[0].length)] : ['', s];
  };
  const indicator = (word: string, i: number) => indicators.some((x) => word.endsWith(x)) || (i === 0 && /\d+\./.test(word));

  const sentenceCase = (s: string, names?: ReadonlySet<string>): string => {
    const [pre, rest] = splitPrefix(s);
    const tokens = words(rest);
    return (
      pre +
      tokens
        .map((t, i) => {
          const v = inVocab(t);
          if (v !== undefined) return v;
          if (i > 0 && names?.has(t)) return t;
          if (i === 0 || indicator(tokens[i - 1], i - 1)) return toTitle(t, true);
          return t.toLowerCase();
        })
        .join(' ')
    );
  };
  // Each part of a hyphenated word is a word of its own (`Step-by-Step`), small words lowered unless first or last.
  const titleCase = (s: string, chicago: boolean): string => {
    const [pre, rest] = splitPrefix(s);
    const tokens = words(rest);
    return (
      pre +
      tokens
        .map((t, i) => {
          const v = inVocab(t);
          if (v !== undefined) return v;
          const parts = t.split(/([-/])/);
          return parts
            .map((part, k) => {
              if (k % 2 === 1) return part;
              const lower = part.toLowerCase();
              const bounding = (i === 0 && k === 0) || (i === tokens.length - 1 && k === parts.length - 1);
              const small = SMALL_WORDS.has(lower) || (chicago && PREPOSITIONS.has(lower));
              if (!bounding && small && !(k === 0 && tokens[i - 1]?.endsWith(':'))) return lower;
              return toTitle(part, false);
            })
            .join('');
        })
        .join(' ')
    );
  };

  let check: (s: string, names?: ReadonlySet<string>) => [string, boolean];
  if (match === '$title') {
    const chicago = str(d, 'style') === 'Chicago';
    check = (s) => {
      const expected = titleCase(s, chicago);
      const want = words(expected);
      let ok = 0;
      const got = words(s);
      got.forEach((w, i) => {
        if (i >= want.length || w === want[i] || except(w) || w === w.toUpperCase()) ok++;
      });
      return [expected, got.length === 0 || ok / got.length >= threshold];
    };
  } else if (match === '$sentence') {
    check = (s, names) => {
      const expected = sentenceCase(s, names);
      const want = words(expected);
      let ok = 0;
      const got = words(s);
      for (let i = 0; i < got.length; i++) {
        const w = got[i];
        if (i >= want.length || w === want[i] || except(w) || names?.has(w)) ok++;
        else if (i === 0 && w !== toTitle(w, true)) return [expected, false];
      }
      return [expected, got.length === 0 || ok / got.length >= threshold];
    };
  } else if (match === '$lower') check = (s) => [s.toLowerCase(), s === s.toLowerCase() || except(s)];
  else if (match === '$upper') check = (s) => [s.toUpperCase(), s === s.toUpperCase() || except(s)];
  else {
    const re = regex(match, 'match');
    check = (s) => {
      re.lastIndex = 0;
      return [match, re.test(s) || except(s)];
    };
  }
  const cased = match === '$title' || match === '$sentence' || match === '$lower' || match === '$upper';
  return (text, state) => {
    const [expected, ok] = check(text, state.names);
    if (ok) return [];
    const replacements =
      action && !(action.name === 'replace' && action.params.length === 0)
        ? actionReplacements(action, text, state)
        : cased && expected !== text
          ? [expected]
          : undefined;
    return [{ from: 0, to: text.length, message: formatMessage(message, text, expected), replacements }];
  };
}

function metric(d: Def): ValeRule['run'] {
  const formula = str(d, 'formula').replace(/heading\.(h[1-6])/g, 'heading_$1');
  const condition = str(d, 'condition');
  if (!formula) throw new RuleError("a metric rule needs 'formula'", 'formula');
  if (!condition) throw new RuleError("a metric rule needs 'condition' (such as '> 8')", 'condition');
  const zero = Object.fromEntries(METRIC_VARIABLES.map((v) => [v, 1]));
  try {
    evaluate(formula, zero);
  } catch (e) {
    throw new RuleError(`'formula' is not read: ${(e as Error).message}`, 'formula');
  }
  try {
    evaluate(`1 ${condition}`, zero);
  } catch (e) {
    throw new RuleError(`'condition' is not read: ${(e as Error).message}`, 'condition');
  }
  const message = str(d, 'message');
  return (_text, _state, counts) => {
    if (!counts) return [];
    const value = evaluate(formula, counts);
    if (typeof value !== 'number') return [];
    const met = evaluate(`${Number.isFinite(value) ? value : value > 0 ? 1e308 : -1e308} ${condition}`, counts);
    return met === true ? [{ from: 0, to: 0, message: formatMessage(message, value.toFixed(2)), page: true }] : [];
  };
}

function readability(d: Def): ValeRule['run'] {
  const metrics = list(d, 'metrics');
  const unknown = metrics.filter((m) => !READABILITY[m]);
  if (!metrics.length || unknown.length) throw new RuleError(`'metrics' must name some of ${Object.keys(READABILITY).join(', ')}`, 'metrics');
  const grade = num(d, 'grade', 0);
  const message = str(d, 'message');
  return (_text, _state, counts) => {
    if (!counts) return [];
    const value = metrics.reduce((a, m) => a + READABILITY[m](counts), 0) / metrics.length;
    return value > grade ? [{ from: 0, to: 0, message: formatMessage(message, value.toFixed(2)), page: true }] : [];
  };
}

/** A spelling rule over the host's dictionary: words it does not know, unless the vocabularies, the ignore files or the rule's exceptions hold them. */
function spelling(d: Def, ctx: Context, builtIn: boolean): ValeRule['run'] {
  const filters = list(d, 'filters').map((f) => regex(f, 'filters'));
  const custom = bool(d, 'custom', false);
  // Vale's default filters (`[A-Z]{1}[a-z]+[A-Z]+\w+`, `[A-Z]+$`, `[^a-zA-Z_']`), written so that a long word takes linear time.
  if (!custom) filters.push(/[A-Z][a-z]+[A-Z]\w/g, /[A-Z]$/g, /[^a-zA-Z_'’]/g);
  const ignored = new Set<string>();
  const ignoreNames = builtIn ? [...ctx.ignoreFiles.keys()].filter((p) => p.includes('/config/ignore/')) : list(d, 'ignore');
  for (const [path, words] of ctx.ignoreFiles) {
    if (!ignoreNames.some((n) => path === n || path.endsWith(`/${n}`))) continue;
    for (const w of words) ignored.add(w.toLowerCase());
  }
  const anchored = [...list(d, 'exceptions'), ...ctx.accepted].flatMap((e) => {
    const r = compileVale(`^(?:${e})$`, { ignoreCase: true });
    return 'error' in r ? [] : [r.regex];
  });
  const known = (w: string) =>
    ignored.has(w.toLowerCase()) ||
    anchored.some((re) => {
      re.lastIndex = 0;
      return re.test(w);
    });
  const message = str(d, 'message');
  const action = readAction(d);
  return (text, state) => {
    if (!state.spell) return [];
    const out: Alert[] = [];
    for (const w of state.words?.(text) ?? proseWords(text)) {
      if (
        filters.some((f) => {
          f.lastIndex = 0;
          return f.test(w.text);
        })
      )
        continue;
      // A word glued to a placeholder (`Docs.com****` where a TokenIgnores pattern hid part of it) is not a word as written.
      if (text[w.offset - 1] === '*' || text[w.offset + w.text.length] === '*') continue;
      if (state.spell(w.word) || known(w.word)) continue;
      out.push(makeAlert(message, action ?? { name: 'suggest', params: ['spellings'] }, text, w.offset, w.offset + w.text.length, state));
    }
    return out;
  };
}

// ---- The built-in style ----

function builtInRules(setup: ValeSetup, ctx: Context): { name: string; def: Def }[] {
  const out: { name: string; def: Def }[] = [
    {
      name: 'Vale.Repetition',
      def: {
        extends: 'repetition',
        level: 'error',
        message: "'%s' is repeated!",
        alpha: true,
        tokens: ['[^\\s]+'],
        action: { name: 'edit', params: ['truncate', ' '] },
      },
    },
    {
      name: 'Vale.Spelling',
      def: { extends: 'spelling', level: 'error', message: "Did you really mean '%s'?", action: { name: 'suggest', params: ['spellings'] } },
    },
  ];
  const swap: Record<string, string> = {};
  for (const term of ctx.accepted) if (isPhrase(term) && term.trim()) swap[term.toLowerCase()] = term;
  if (Object.keys(swap).length)
    out.push({
      name: 'Vale.Terms',
      def: { extends: 'substitution', level: 'error', message: "Use '%s' instead of '%s'.", ignorecase: true, vocab: false, swap },
    });
  if (setup.reject.length)
    out.push({
      name: 'Vale.Avoid',
      def: { extends: 'existence', level: 'error', message: "Avoid using '%s'.", ignorecase: false, tokens: setup.reject.map((r) => r.entry) },
    });
  return out;
}

/** The line of a vocabulary entry a pattern error points at, when one entry alone is at fault. */
function vocabProblems(entries: readonly VocabEntry[], problems: ValeProblem[]): string[] {
  const ok: string[] = [];
  for (const e of entries) {
    const r = compileVale(`(?m)\\b(?:${e.entry})\\b`);
    if ('error' in r) problems.push({ path: e.path, line: e.line, message: `'${e.entry}' is not used: ${r.error}.`, severity: 'warning' });
    else ok.push(e.entry);
  }
  return ok;
}

/** Compiles every rule of the setup; what cannot be used is in `problems`, never thrown. */
export function compileSetup(setup: ValeSetup): CompiledVale {
  const problems: ValeProblem[] = [...setup.problems];
  const ctx: Context = {
    accepted: vocabProblems(setup.accept, problems),
    wordTemplate: setup.wordTemplate,
    ignoreFiles: setup.ignoreFiles,
    stylesPath: setup.stylesPath,
  };
  vocabProblems(setup.reject, problems);
  const rules = new Map<string, ValeRule>();
  const spellingRules = new Set<string>();
  const levelOverride = (name: string): ValeLevel | undefined => {
    for (const s of [setup.global, ...setup.sections]) {
      const v = s?.checks.get(name)?.value;
      if (v === 'suggestion' || v === 'warning' || v === 'error') return v;
    }
    return undefined;
  };
  const build = (name: string, path: string, def: Def, lineOf: (key?: string) => number) => {
    const where = path || setup.path;
    const type = typeof def.extends === 'string' ? def.extends : '';
    const fail = (message: string, key?: string, severity: ValeProblem['severity'] = 'error') =>
      problems.push({ path: where, line: lineOf(key), message: `${name} is not used: ${message}.`, severity });
    if (!type) return void fail("it has no 'extends' (the rule's type)", 'extends');
    if (UNSUPPORTED[type]) return void fail(`${UNSUPPORTED[type]} (not supported)`, 'extends', 'information');
    if (!TYPE_KEYS[type]) return void fail(`'${type}' is not a rule type (${Object.keys(TYPE_KEYS).join(', ')})`, 'extends');
    if (def.message === undefined) return void fail("it has no 'message'", 'message');
    if (def.code === true) return void fail("'code' is no longer read by Vale; use 'scope: raw'", 'code');
    const unknown = Object.keys(def).filter((k) => !COMMON_KEYS.includes(k) && !TYPE_KEYS[type].includes(k));
    if (unknown.length)
      problems.push({
        path: where,
        line: lineOf(unknown[0]),
        message: `${name}: '${unknown[0]}' is not a key of ${type} rules; it is ignored.`,
        severity: 'warning',
      });
    const level = levelOverride(name) ?? (def.level === undefined ? 'warning' : def.level);
    if (level !== 'suggestion' && level !== 'warning' && level !== 'error') return void fail("'level' must be suggestion, warning or error", 'level');
    let scope = readScope(type === 'metric' || type === 'readability' ? 'summary' : def.scope);
    if ('error' in scope) return void fail(scope.error, 'scope');
    let run: ValeRule['run'];
    try {
      if (type === 'existence') run = existence(def, ctx);
      else if (type === 'substitution') run = substitution(def, ctx, name === 'Vale.Terms');
      else if (type === 'occurrence') run = occurrence(def);
      else if (type === 'repetition') run = repetition(def, ctx);
      else if (type === 'consistency') run = consistency(def, ctx, name);
      else if (type === 'conditional') run = conditional(def, ctx, name);
      else if (type === 'capitalization') run = capitalization(def, ctx);
      else if (type === 'metric') run = metric(def);
      else if (type === 'readability') run = readability(def);
      else {
        run = spelling(def, ctx, path === '');
        spellingRules.add(name);
      }
      readAction(def);
    } catch (e) {
      if (e instanceof RuleError) return void fail(e.message, e.key);
      return void fail(e instanceof Error ? e.message : String(e));
    }
    if (type === 'metric' || type === 'readability') scope = { selectors: [[{ sections: ['summary'], negated: false }]], sized: 'summary' };
    const suggests = readAction(def)?.name === 'suggest';
    const reads = type === 'spelling' || suggests ? 'site' : TEXT_ONLY.has(type) ? 'text' : 'page';
    rules.set(name, {
      name,
      style: name.split('.')[0],
      path,
      extends: type,
      level,
      scope,
      limit: Math.max(0, Math.floor(num({ limit: def.limit }, 'limit', 0))),
      reads,
      run,
    });
  };
  for (const r of setup.rules) {
    if (!r.definition) continue;
    if (typeof r.definition !== 'object' || Array.isArray(r.definition)) continue;
    build(r.name, r.path, r.definition, (key) => (key ? (r.keyLines.get(key) ?? 0) : 0));
  }
  for (const b of builtInRules(setup, ctx)) build(b.name, '', b.def, () => 0);
  return { rules, problems, spelling: spellingRules };
}

const compiledMemo = new WeakMap<ValeSetup, CompiledVale>();

/** The setup compiled, once per loaded site. */
export function compiledOf(setup: ValeSetup): CompiledVale {
  let c = compiledMemo.get(setup);
  if (!c) compiledMemo.set(setup, (c = compileSetup(setup)));
  return c;
}

// Shiki's JavaScript engine turns each Oniguruma expression of a grammar into a JavaScript RegExp
// (oniguruma-to-es) the first time a grammar rule needs it. That conversion, and V8 optimising the
// converter, would be paid by each thread of an export before its first highlighted page (and by
// the preview on its first render). The build converts every expression of the grammars we ship
// once (`scripts/build.mjs` writes dist/shiki-regex.json.br); a host that finds that table hands it
// to the highlighter, which then builds each RegExp straight from the table. An expression the
// table lacks (an `end` with back-references, filled in per match) is converted at run time, with
// the same options, so the table changes speed, never results.
import { EmulatedRegExp, toRegExpDetails, type ToRegExpOptions } from 'oniguruma-to-es';

type EmulatedOptions = NonNullable<ReturnType<typeof toRegExpDetails>['options']>;

/** A converted expression: the JavaScript source, its flags, and the options of an EmulatedRegExp. */
export type RegexDetails = [source: string, flags: string, options?: EmulatedOptions];

/** Oniguruma expression (as the engine receives it) -> its conversion. */
export type RegexTable = Pick<ReadonlyMap<string, RegexDetails>, 'get'>;

/**
 * The options of Shiki's `defaultJavaScriptRegexConstructor`, with a fixed target: `auto` picks the
 * newest syntax of the running engine, and a table built on one Node must work on every Node the
 * extension runs on (ES2024, the `v` flag, is Node 20's).
 */
const CONVERT: ToRegExpOptions = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3000,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
  target: 'ES2024',
};

export function convertRegex(pattern: string): RegexDetails {
  const d = toRegExpDetails(pattern, CONVERT);
  return d.options ? [d.pattern, d.flags, d.options] : [d.pattern, d.flags];
}

function regexOf(d: RegexDetails): RegExp {
  return d[2] ? new EmulatedRegExp(d[0], d[1], d[2]) : new RegExp(d[0], d[1]);
}

/** The engine's regex constructor: from the table when it has the expression, else converted. Throws on an expression that cannot be converted (the engine, forgiving, skips it). */
export function regexConstructor(table: RegexTable | undefined): (pattern: string) => RegExp {
  return (pattern) => regexOf(table?.get(pattern) ?? convertRegex(pattern));
}

interface GrammarRule {
  [key: string]: unknown;
}

/**
 * The expressions a grammar hands the engine, spelled as vscode-textmate hands them: it rewrites
 * `\z` as `$(?!\n)(?<!\n)`, and compiles a rule with a `\A` or `\G` anchor in four variants, each
 * anchor kept or replaced by U+FFFF (which never matches) depending on where the match starts.
 */
export function enginePatterns(grammar: object, into = new Set<string>()): Set<string> {
  const visit = (rule: unknown): void => {
    if (!rule || typeof rule !== 'object') return;
    if (Array.isArray(rule)) {
      for (const r of rule) visit(r);
      return;
    }
    for (const [key, value] of Object.entries(rule as GrammarRule)) {
      if (typeof value === 'string' && (key === 'match' || key === 'begin' || key === 'end' || key === 'while')) {
        for (const v of anchorVariants(value.replace(/\\(.)/gs, (m, c: string) => (c === 'z' ? '$(?!\\n)(?<!\\n)' : m)))) into.add(v);
      } else if (value && typeof value === 'object') {
        visit(value);
      }
    }
  };
  visit(grammar);
  return into;
}

/** The pattern itself, or its four anchor variants (`\A` and `\G` each kept or replaced by U+FFFF). */
function anchorVariants(source: string): string[] {
  if (![...source.matchAll(/\\(.)/gs)].some((m) => m[1] === 'A' || m[1] === 'G')) return [source];
  const variants: string[] = [];
  for (const allowA of [false, true]) {
    for (const allowG of [false, true]) {
      variants.push(source.replace(/\\(.)/gs, (m, c: string) => (c === 'A' ? (allowA ? m : '\\\uFFFF') : c === 'G' ? (allowG ? m : '\\\uFFFF') : m)));
    }
  }
  return variants;
}

/** The table of every expression of these grammars (expressions that cannot be converted are left out). */
export function buildRegexTable(grammars: readonly object[]): Record<string, RegexDetails> {
  const patterns = new Set<string>();
  for (const g of grammars) enginePatterns(g, patterns);
  const table: Record<string, RegexDetails> = {};
  for (const p of [...patterns].sort()) {
    try {
      table[p] = convertRegex(p);
    } catch {
      // Not convertible: the engine skips it, with or without the table.
    }
  }
  return table;
}

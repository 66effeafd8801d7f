// Which fenced code is highlighted, and within which bounds. Highlighting runs TextMate grammars,
// whose regular expressions search the rest of a line for each token: a line costs work quadratic in
// its length, and a few grammars are cubic or exponential on some lines (a run of `<<<` in a shell
// line, `*<*` in Markdown, `a\a\a` in CSS: a 25 KB page of one of them took minutes). A single regular
// expression cannot be stopped from inside, so the bounds are decided from the text before anything
// runs, the same in the renderer (render/highlight.ts), which leaves such a block plain, and in the
// check (rules/page/code-too-large.ts), which says so:
// - a line of MAX_HIGHLIGHT_LINE characters or more is left plain (Shiki's tokenizeMaxLineLength);
// - each other line gets a cost: its length squared, plus, for the grammars that have them, the
//   cubic and exponential terms of the patterns known to need them (see lineCost);
// - a block whose lines cost over BLOCK_COST is left plain, and once a page's highlighted blocks
//   cost PAGE_COST, its later ones are too.
// One unit of cost is about 50 ns of a grammar's worst case on a busy two-core machine: a page is
// highlighted in about two seconds at most; the costliest page of ten real sites stays under a
// third of PAGE_COST, their costliest block under a quarter of BLOCK_COST.
import type { Code } from 'mdast';
import { nodesOf } from './nodes';
import type { PageDocument } from './parse';
import { own } from '../util/json';

/** Lines this long or longer are left plain (their length alone would cost more than a block may). The longest highlighted line of ten real sites has 1,812 characters. */
export const MAX_HIGHLIGHT_LINE = 5000;
/** The cost a block's lines may have. */
export const BLOCK_COST = 25_000_000;
/** The cost a page's highlighted blocks may have together. */
export const PAGE_COST = 40_000_000;

/**
 * The grammars Docwright highlights with (render/highlight.ts loads them from Shiki), each with the
 * other names Shiki gives it. test/unit/highlight-bounds.test.ts keeps it equal to the renderer's.
 */
export const GRAMMAR_NAMES: Readonly<Record<string, readonly string[]>> = {
  shellscript: ['bash', 'sh', 'shell', 'zsh'],
  c: [],
  csharp: ['c#', 'cs'],
  css: [],
  diff: [],
  docker: ['dockerfile'],
  go: [],
  graphql: ['gql'],
  html: [],
  http: [],
  ini: ['properties'],
  java: [],
  javascript: ['js', 'cjs', 'mjs'],
  json: [],
  jsonc: [],
  jsx: [],
  kotlin: ['kt', 'kts'],
  markdown: ['md'],
  php: [],
  python: ['py'],
  ruby: ['rb'],
  rust: ['rs'],
  sql: [],
  swift: [],
  toml: [],
  tsx: [],
  typescript: ['ts', 'cts', 'mts'],
  xml: [],
  yaml: ['yml'],
};

/** Names writers use that Shiki spells differently, or that map to the nearest grammar we ship. */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  terminal: 'shellscript',
  curl: 'shellscript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  rs: 'rust',
  golang: 'go',
  'c#': 'csharp',
  cs: 'csharp',
  kt: 'kotlin',
  yml: 'yaml',
  md: 'markdown',
  mdx: 'markdown',
  htm: 'html',
  svg: 'xml',
  cpp: 'c',
  'c++': 'c',
  h: 'c',
  hpp: 'c',
  json5: 'jsonc',
  docker: 'dockerfile',
  gql: 'graphql',
  env: 'ini',
  properties: 'ini',
  conf: 'ini',
  vue: 'html',
  text: 'plaintext',
  txt: 'plaintext',
  plain: 'plaintext',
  plaintext: 'plaintext',
};

const GRAMMAR_OF = new Map<string, string>();
for (const [grammar, names] of Object.entries(GRAMMAR_NAMES)) for (const n of [grammar, ...names]) GRAMMAR_OF.set(n, grammar);

/** The name a fence's language is highlighted under (aliases resolved; Shiki knows it), or undefined when it is shown plain. */
export function languageName(lang: string | null | undefined): string | undefined {
  if (!lang) return undefined;
  const key = lang.toLowerCase();
  const name = own(LANGUAGE_ALIASES, key) ?? key;
  return GRAMMAR_OF.has(name) ? name : undefined;
}

/** The grammar that highlights a fence's language, or undefined when it is shown plain. */
export function grammarOf(lang: string | null | undefined): string | undefined {
  const name = languageName(lang);
  return name === undefined ? undefined : GRAMMAR_OF.get(name);
}

/** The patterns a grammar (and the grammars it highlights embedded code with) is known to be slow on. */
interface Slow {
  /** Shell: a run of characters other than blanks, quotes, parentheses and `=` (a function name's pattern searches through it for each token). */
  shell?: boolean;
  /** Markdown: emphasis markers with `<` on the line (the emphasis patterns search the line for the end of each tag). */
  markdown?: boolean;
  /** CSS: an identifier holding `\` escapes of hex digits (each has several readings: exponential in their number). */
  css?: boolean;
}
const SLOW: Readonly<Record<string, Slow>> = {
  shellscript: { shell: true },
  // `curl` lines are highlighted as shell; Ruby's backticks and heredocs as shell and CSS.
  http: { shell: true },
  ruby: { shell: true, css: true },
  css: { css: true },
  html: { css: true },
  php: { css: true },
  // Markdown's HTML holds CSS; the code of its fences is costed by the grammar of their language (codeCost).
  markdown: { markdown: true, css: true },
};

/** Characters that end a run in the shell pattern: blanks, quotes, parentheses, `=`. */
const SHELL_STOPS = new Set([...'\t\r "\'()=']);
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
/** Characters of a CSS identifier (escapes aside). */
const isIdent = (c: number) => isAlnum(c) || c === 45 || c === 95 || c >= 128;

/** Each run's length squared times its punctuation (a token starts at each), over 100: about `<<<` in bash. */
function shellCost(line: string): number {
  let cost = 0;
  let run = 0;
  let punct = 0;
  for (let i = 0; i <= line.length; i++) {
    if (i === line.length || SHELL_STOPS.has(line[i])) {
      if (run > 0) cost += (run * run * (punct + 1)) / 30;
      run = 0;
      punct = 0;
    } else {
      run++;
      if (!isAlnum(line.charCodeAt(i))) punct++;
    }
  }
  return cost;
}

/** Emphasis markers times `<` times the length, over 200: about `*<*` in Markdown. */
function markdownCost(line: string): number {
  let emphasis = 0;
  let tags = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '*' || c === '_') emphasis++;
    else if (c === '<') tags++;
  }
  return (emphasis * tags * line.length) / 200;
}

/** For each identifier, the product of the readings of its hex escapes (`\a`: two; `\abc`: four), over 6: about `a\a\a` in CSS. */
function cssCost(line: string): number {
  let cost = 0;
  let log2 = 0;
  let escapes = 0;
  const end = () => {
    if (escapes > 0) cost += log2 > 60 ? Infinity : 2 ** log2 / 6;
    log2 = 0;
    escapes = 0;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 92 && i + 1 < line.length) {
      let hex = 0;
      while (hex < 6 && i + 1 + hex < line.length && isHex(line.charCodeAt(i + 1 + hex))) hex++;
      if (hex > 0) {
        log2 += Math.log2(hex + 1);
        escapes++;
      }
      i++;
    } else if (!isIdent(c)) end();
  }
  end();
  return cost;
}

/** What highlighting a line may cost (0 for a line left plain for its length); `grammar` undefined: the length alone. */
export function lineCost(line: string, grammar: string | undefined): number {
  if (line.length >= MAX_HIGHLIGHT_LINE) return 0;
  let cost = line.length * line.length;
  const slow = grammar === undefined ? undefined : SLOW[grammar];
  if (slow?.shell) cost += shellCost(line);
  if (slow?.markdown) cost += markdownCost(line);
  if (slow?.css) cost += cssCost(line);
  return cost;
}

/** A fence inside Markdown: its marker and language. */
const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)/;

/**
 * What highlighting a block may cost; 0 for code shown plain (no grammar). In Markdown, the lines of
 * a fence cost what the grammar of the fence's language makes them cost, as it highlights them.
 */
export function codeCost(code: string, lang: string | null | undefined): number {
  const grammar = grammarOf(lang);
  if (grammar === undefined) return 0;
  let cost = 0;
  let fence: { marker: string; grammar: string | undefined } | undefined;
  for (const line of code.split('\n')) {
    if (grammar === 'markdown') {
      const m = FENCE.exec(line);
      if (fence) {
        if (m && m[1][0] === fence.marker[0] && m[1].length >= fence.marker.length && line.trim() === m[1]) fence = undefined;
        else {
          cost += lineCost(line, fence.grammar);
          if (cost > PAGE_COST) return cost;
          continue;
        }
      } else if (m) fence = { marker: m[1], grammar: grammarOf(m[2]) };
    }
    cost += lineCost(line, grammar);
    // Past the page's bound the exact sum no longer matters.
    if (cost > PAGE_COST) return cost;
  }
  return cost;
}

/** Whether a block alone is over the bound: it is shown plain wherever it is. */
export function blockTooCostly(code: string, lang: string | null | undefined): boolean {
  return codeCost(code, lang) > BLOCK_COST;
}

/** Why a fenced block is shown plain: its own cost, or the page's blocks before it. */
export type PlainReason = 'block' | 'page';

/** A fence the renderer highlights (a language it has a grammar for; not a Mermaid diagram, which it draws). */
function highlighted(code: Code): boolean {
  return grammarOf(code.lang) !== undefined;
}

const plans = new WeakMap<PageDocument, ReadonlyMap<Code, PlainReason>>();

/**
 * The fenced blocks of a page (or snippet) that are shown plain, and why, in document order: the
 * renderer and the check read the same. A snippet's blocks count against the snippet's own bound.
 */
export function plainBlocks(doc: PageDocument): ReadonlyMap<Code, PlainReason> {
  let plan = plans.get(doc);
  if (plan) return plan;
  const out = new Map<Code, PlainReason>();
  let page = 0;
  for (const code of nodesOf<Code>(doc, 'code')) {
    if (!highlighted(code)) continue;
    const cost = codeCost(code.value, code.lang);
    if (cost > BLOCK_COST) out.set(code, 'block');
    else if (page + cost > PAGE_COST) out.set(code, 'page');
    else page += cost;
  }
  plan = out;
  plans.set(doc, plan);
  return plan;
}

/** 1-based numbers of a block's lines left plain for their length. */
export function longLines(code: string, lang: string | null | undefined): number[] {
  if (grammarOf(lang) === undefined) return [];
  const out: number[] = [];
  code.split('\n').forEach((line, i) => line.length >= MAX_HIGHLIGHT_LINE && out.push(i + 1));
  return out;
}

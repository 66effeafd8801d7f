// code-sample-syntax: fenced code in a data or query language (JSON, JSONC, JSON5, YAML, TOML, XML,
// GraphQL) or JavaScript that its language's parser cannot read. Each parser is linear or bounded:
// blocks over MAX_BLOCK, nesting past MAX_NESTING (a recursive parser near the end of the stack) and
// samples marked as partial are not parsed.
import { parse as parseGraphql } from 'graphql/language/parser';
import JSON5 from 'json5';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import type { Code } from 'mdast';
import sax from 'sax';
import { parse as parseToml } from 'smol-toml';
import { parseAllDocuments } from 'yaml';
import { boundedAcorn } from '../../pages/acorn';
import { nodesOf } from '../../pages/nodes';
import type { PageDocument } from '../../pages/parse';
import type { Range } from '../../types';
import { firstLineRange, offsetOf, pageSite } from '../page-utils';
import type { PageRule } from '../types';

/** Blocks longer than this are not parsed (code-too-large speaks of the longest). */
const MAX_BLOCK = 64 * 1024;
/** Brackets open at once past which a block is not parsed: the parsers recurse per level. */
const MAX_NESTING = 200;
/** Text a page's blocks may hold in all before the rest are not parsed. */
const MAX_PAGE = 512 * 1024;

/** Where a block fails to parse: 0-based line and column in the block's text, and why. */
interface Problem {
  line: number;
  column: number;
  message: string;
}

type Parser = (text: string) => Problem | undefined;

interface Language {
  name: string;
  parse: Parser;
  /** Template syntax (`{{ x }}`, `{% x %}`) is a placeholder here, not code. */
  templates: boolean;
  /** A `<name>` is a placeholder here where the language wants a value or a key (YAML reads it as text: never an error). */
  angles: boolean;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: Math.max(0, offset - start) };
}

const JSON_ERRORS: Record<string, string> = {
  InvalidSymbol: 'a character JSON does not allow here',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma was expected',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'text after the end of the value',
  UnexpectedEndOfComment: 'a comment that is not closed',
  UnexpectedEndOfString: 'a string that is not closed',
  UnexpectedEndOfNumber: 'a number that ends too soon',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'an escape JSON does not have',
  InvalidCharacter: 'a control character inside a string',
};

/**
 * Whether a sample starts as the members of an object (`"seo": { … }`): the usual way to show a
 * part of a larger file (docs.json, package.json), read inside braces, with a comma at its end allowed.
 */
const MEMBERS = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[^]*?\*\/\s*)*"(?:[^"\\\n]|\\.)*"\s*:/;

function jsonParser(trailingCommas: boolean): Parser {
  return (sample) => {
    const members = MEMBERS.test(sample);
    // One character before the sample's text when it is read inside braces: offsets shift back by it.
    const text = members ? `{${trimEndComma(sample)}}` : sample;
    const shift = members ? 1 : 0;
    const errors: ParseError[] = [];
    // Comments are read in `json` too: samples annotate with them (so does Prettier's JSON); trailing commas are JSON's only in `jsonc`.
    parseJsonc(text, errors, { disallowComments: false, allowTrailingComma: trailingCommas, allowEmptyContent: true });
    const e = errors[0];
    if (!e) return undefined;
    const code = printParseErrorCode(e.error);
    const before = text.slice(0, e.offset).trimEnd();
    const trailing = before.endsWith(',') && /^[}\]]/.test(text.slice(e.offset));
    const at = Math.min(sample.length, Math.max(0, (trailing ? before.length - 1 : e.offset) - shift));
    return { ...lineColumn(sample, at), message: trailing ? 'a comma before a closing bracket (JSON allows none)' : (JSON_ERRORS[code] ?? code) };
  };
}

/** `text` without a comma at its end (whitespace after it kept out too), as a part cut from a list ends. */
function trimEndComma(text: string): string {
  const t = text.trimEnd();
  return t.endsWith(',') ? t.slice(0, -1) : text;
}

const json5: Parser = (text) => {
  if (text.trim() === '') return undefined;
  try {
    JSON5.parse(text);
    return undefined;
  } catch (e) {
    const err = e as { message?: string; lineNumber?: number; columnNumber?: number };
    if (typeof err.lineNumber !== 'number') throw e;
    return {
      line: err.lineNumber - 1,
      column: Math.max(0, (err.columnNumber ?? 1) - 1),
      message: String(err.message)
        .replace(/^JSON5: /, '')
        .replace(/ at \d+:\d+$/, ''),
    };
  }
};

const yaml: Parser = (text) => {
  const docs = parseAllDocuments(text);
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const e = doc.errors[0];
    if (!e) continue;
    const pos = e.linePos?.[0];
    return {
      line: pos ? pos.line - 1 : lineColumn(text, e.pos[0]).line,
      column: pos ? pos.col - 1 : lineColumn(text, e.pos[0]).column,
      message: e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
    };
  }
  return undefined;
};

const toml: Parser = (text) => {
  try {
    parseToml(text);
    return undefined;
  } catch (e) {
    const err = e as { message?: string; line?: number; column?: number };
    if (typeof err.line !== 'number') throw e;
    return {
      line: err.line - 1,
      column: Math.max(0, (err.column ?? 1) - 1),
      message: String(err.message)
        .split('\n')[0]
        .replace(/^Invalid TOML document: /, ''),
    };
  }
};

const xml: Parser = (text) => {
  // Without namespaces: a sample may use a prefix its fragment does not declare (the declaration typed here names only xmlns: true).
  const parser = (sax.parser as unknown as (strict: boolean, options: object) => ReturnType<typeof sax.parser>)(true, {});
  // Where the parser is (0-based line; column past the character read) and its error, which stops it until cleared.
  const state = parser as unknown as { line: number; column: number; error: Error | null };
  let problem: Problem | undefined;
  parser.onerror = (e) => {
    problem ??= { line: state.line, column: Math.max(0, state.column - 1), message: e.message.split('\n')[0] };
    state.error = null;
  };
  parser.write(text).close();
  return problem;
};

const graphql: Parser = (text) => {
  if (text.trim() === '') return undefined;
  try {
    parseGraphql(text, { noLocation: true, maxTokens: 100_000 });
    return undefined;
  } catch (e) {
    const err = e as { message?: string; locations?: { line: number; column: number }[] };
    const at = err.locations?.[0];
    if (!at) throw e;
    return { line: at.line - 1, column: at.column - 1, message: String(err.message).replace(/^Syntax Error: /, '') };
  }
};

const ACORN = {
  ecmaVersion: 'latest',
  sourceType: 'module',
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowImportExportEverywhere: true,
  allowHashBang: true,
  allowSuperOutsideMethod: true,
  locations: true,
} as const;

/** Whether acorn reads `text`. */
function acornReads(text: string): boolean {
  try {
    boundedAcorn.parse(text, ACORN);
    return true;
  } catch {
    return false;
  }
}

/**
 * JavaScript with JSX: a program, else one expression (an object literal alone), else the members of
 * an object (`hooks: { event() {} }`, a part of a configuration object).
 */
const javascript: Parser = (text) => {
  try {
    boundedAcorn.parse(text, ACORN);
    return undefined;
  } catch (e) {
    const err = e as { message?: string; loc?: { line: number; column: number } };
    if (!err.loc) throw e;
    if (acornReads(`(\n${text}\n)`) || acornReads(`({\n${text}\n})`)) return undefined;
    return {
      line: err.loc.line - 1,
      column: err.loc.column,
      message: String(err.message).replace(/ \(\d+:\d+\)$/, '') + ' (TypeScript or a shell command: label the block `ts` or `bash`)',
    };
  }
};

const LANGUAGES: Record<string, Language> = {};
const add = (names: string[], name: string, parse: Parser, templates: boolean, angles: boolean) => {
  for (const n of names) LANGUAGES[n] = { name, parse, templates, angles };
};
add(['json'], 'JSON', jsonParser(false), true, true);
add(['jsonc'], 'JSONC', jsonParser(true), true, true);
add(['json5'], 'JSON5', json5, true, true);
add(['yaml', 'yml'], 'YAML', yaml, true, false);
add(['toml'], 'TOML', toml, true, true);
add(['xml'], 'XML', xml, false, false);
add(['graphql', 'gql'], 'GraphQL', graphql, true, true);
add(['javascript', 'js', 'jsx', 'mjs', 'cjs'], 'JavaScript', javascript, false, false);

/** The fence's meta marks the sample as partial: a `partial` word or `partial=true`. */
function markedPartial(meta: string | null | undefined): boolean {
  return !!meta && /(?:^|\s)partial(?:=(?:"true"|'true'|\{true\}|true))?(?=\s|$)/i.test(meta);
}

/** Text standing for code left out or filled in later: an ellipsis, or (in data languages) template syntax. */
function hasPlaceholder(text: string, templates: boolean): boolean {
  return text.includes('...') || text.includes('…') || (templates && /\{\{|\{%|<%/.test(text));
}

/** A `<name>` placeholder (`<your-api-key>`, `<YOUR KEY>`) written where a data language wants a value or key. */
const ANGLE_PLACEHOLDER = /<[A-Za-z_][\w .:/-]{0,80}>/g;

/** Whether the problem is at a `<name>` placeholder of its line. */
function atPlaceholder(text: string, problem: Problem): boolean {
  const lines = text.split('\n', problem.line + 1);
  const line = lines[problem.line] ?? '';
  for (const m of line.matchAll(ANGLE_PLACEHOLDER)) if (problem.column >= m.index && problem.column <= m.index + m[0].length) return true;
  return false;
}

/** An HTTP request line first (`POST /v1/notes`) in a data sample: the block is an HTTP request. */
function requestLine(text: string, language: Language): Problem | undefined {
  if (!language.angles) return undefined;
  const first = /^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) +\S/.exec(text);
  return first
    ? {
        line: 0,
        column: first[0].length - first[0].trimStart().length,
        message: `its first line is an HTTP request line (${first[1]} …): label the block \`http\``,
      }
    : undefined;
}

/** Shiki's diff notation: `[!code --]` marks a removed line (`:N` for N lines), shown struck through. */
const REMOVED = /\[!code --(?::(\d{1,4}))?\]/i;

/**
 * The sample as it stands after its diff: lines marked removed are blanked (line numbers kept), so
 * a `const x` shown replaced by another `const x` is one declaration. A marker alone on its line
 * marks the lines after it.
 */
function withoutRemovedLines(text: string): string {
  if (!text.includes('[!code')) return text;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = REMOVED.exec(lines[i]);
    if (!m) continue;
    const count = Math.max(1, Number(m[1] ?? 1));
    const alone = /^\s*(?:\/\/|#|--|<!--|\/\*)?\s*\[!code [^\]]*\]\s*(?:-->|\*\/)?\s*$/.test(lines[i]);
    const from = alone ? i + 1 : i;
    lines[i] = '';
    for (let k = from; k < Math.min(lines.length, from + count); k++) lines[k] = '';
    if (alone) i = Math.min(lines.length, from + count) - 1;
  }
  return lines.join('\n');
}

/** A line inside the block that opens a fence (```python): the block's own closing fence is missing before it. */
function fenceInside(text: string): Problem | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(`{3,}|~{3,})\s*\S/.exec(lines[i]);
    if (m)
      return {
        line: i,
        column: m[1].length,
        message: `the block runs on into "${lines[i].trim().slice(0, 40)}": its closing fence is missing before that line`,
      };
  }
  return undefined;
}

/** Whether brackets nest past MAX_NESTING anywhere (counted without regard to strings: a bound, not a parse). */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91 || c === 40) {
      if (++depth > MAX_NESTING) return true;
    } else if (c === 125 || c === 93 || c === 41) depth = Math.max(0, depth - 1);
  }
  // Indentation nests block YAML as deep: a line indented past the bound is as deep.
  return /^[ \t]{400}/m.test(text);
}

/** Whether a fenced block's closing fence is missing (its container ended it, and its text may be cut). */
function unclosed(page: PageDocument, code: Code): boolean {
  const o = offsetOf(code);
  if (!o) return true;
  const text = page.text.slice(o.start, o.end);
  const fence = /^[ \t]*(`{3,}|~{3,})/.exec(text)?.[1];
  if (!fence) return true; // an indented block has no language
  const last = text.slice(text.lastIndexOf('\n') + 1).trim();
  return text.indexOf('\n') < 0 || !(last.length >= fence.length && last === fence[0].repeat(last.length));
}

/** The range in the page of a place in the block: its line follows the fence; its column is past what the container strips. */
function problemRange(page: PageDocument, code: Code, problem: Problem): Range | undefined {
  const start = code.position?.start.offset;
  if (start === undefined) return undefined;
  const fenceLine = page.index.positionAt(start).line;
  const codeLines = code.value.split('\n');
  const line = Math.min(problem.line, codeLines.length - 1);
  const from = page.index.offsetAt({ line: fenceLine + 1 + line, character: 0 });
  const nl = page.text.indexOf('\n', from);
  const docLine = page.text.slice(from, nl < 0 ? page.text.length : nl).replace(/\r$/, '');
  const codeLine = codeLines[line].replace(/\r$/, '');
  const lead = docLine.endsWith(codeLine) ? docLine.length - codeLine.length : 0;
  const column = Math.min(lead + problem.column, docLine.length);
  // The character at the place (the end of the line when it is past the last one).
  const length = column < docLine.length ? 1 : 0;
  return page.index.range(from + column, length);
}

export const codeSampleSyntax: PageRule = {
  id: 'code-sample-syntax',
  description: 'Code samples in JSON, JSONC, JSON5, YAML, TOML, XML, GraphQL and JavaScript parse.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'Readers copy code samples; a JSON example with a trailing comma or a YAML one with a bad indent fails for them the moment they use it. Fenced blocks labelled `json`, `jsonc`, `json5`, `yaml`/`yml`, `toml`, `xml`, `graphql`/`gql` and `javascript`/`js`/`jsx`/`mjs`/`cjs` are parsed with a parser of that language (jsonc-parser for JSON and JSONC, json5, yaml, smol-toml, sax, graphql-js, and acorn with JSX as MDX reads expressions); the finding sits where the parser stopped. `json` is read as samples write it: comments are taken (samples annotate with them), while a trailing comma, single quotes or an unquoted key are reported (`jsonc` takes trailing commas, `json5` all of them). A JSON sample that starts as the members of an object (`"seo": { … }`, a part of docs.json) is read inside braces, a comma at its end allowed; a JavaScript sample may be a program, one expression (an object literal) or the members of an object. Lines that Shiki\'s diff notation marks removed (`// [!code --]`) are left out: the sample is read as it stands after the change. A block that runs on into the next fence (its closing fence missing) and a JSON block that starts with an HTTP request line are said to be so. Not checked: TypeScript (no TypeScript parser ships with Docwright); a sample holding an ellipsis (`...` or `…`, as in `// ...` or `[...]`); template syntax in data languages (`{{ name }}`, `{% if %}`, `<% %>`); a problem at a `<name>` placeholder where JSON, JSON5, TOML or GraphQL wants a value or key (`"key": <YOUR_KEY>`, `[servers.<name>]`); a fence marked as partial, ```` ```json partial=true ```` (the format puts `key=value` words of the meta aside; a bare `partial` word works too, but the format shows bare words as the block\'s title); blocks over 64 KB, nesting brackets over 200 deep, without a closing fence, or past 512 KB of samples on one page.',
    bad: pageSite('## Configure\n\nSave this as `acme.json`:\n\n```json\n{\n  "project": "notes",\n  "region": "eu-west-1",\n}\n```\n'),
    good: pageSite('## Configure\n\nSave this as `acme.json`:\n\n```json\n{\n  "project": "notes",\n  "region": "eu-west-1"\n}\n```\n'),
  },
  check({ page, report }) {
    let budget = MAX_PAGE;
    for (const code of nodesOf<Code>(page, 'code')) {
      const language = code.lang ? LANGUAGES[code.lang.toLowerCase()] : undefined;
      if (!language || code.value.length > MAX_BLOCK || markedPartial(code.meta)) continue;
      if (hasPlaceholder(code.value, language.templates) || nestsTooDeep(code.value) || unclosed(page, code)) continue;
      if ((budget -= code.value.length) < 0) break;
      let problem: Problem | undefined;
      const sample = withoutRemovedLines(code.value);
      try {
        problem = language.parse(sample);
      } catch {
        // A parser that fails other than on the syntax (its own limits) says nothing of the sample.
        continue;
      }
      if (!problem || (language.angles && atPlaceholder(sample, problem))) continue;
      problem = fenceInside(sample) ?? requestLine(sample, language) ?? problem;
      report({
        message: `This ${language.name} sample does not parse: ${problem.message} (line ${problem.line + 1}, column ${problem.column + 1} of the block). Fix it, or mark the block as partial (\`${code.lang} partial=true\`) if it is a fragment.`,
        range: problemRange(page, code, problem) ?? firstLineRange(page, code),
        node: code,
      });
    }
  },
};

// The text of an OpenAPI file, parsed ONCE with positions kept: JSON with jsonc-parser, YAML with
// `yaml` (both report syntax errors with offsets). `locate` turns a JSON pointer (what validators
// report) into a range in the file, so problems land on the key or value they are about.
import { type Node as JsonNode, findNodeAtLocation, getNodeValue, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { jsonDepth } from '../config/parse';
import type { Range } from '../types';
import { LineIndex } from '../util/text';

export type PathSegment = string | number;

export interface SpecSource {
  format: 'json' | 'yaml';
  text: string;
  /** The parsed value (undefined when nothing could be read). */
  value: unknown;
  /** Syntax errors, located. */
  syntax: { message: string; range: Range }[];
  /** The range of the value at `path`, or of its key (`part: 'key'`); the nearest existing ancestor when the path goes further than the file. */
  locate(path: readonly PathSegment[], part?: 'key' | 'value'): Range;
  index: LineIndex;
}

const JSON_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol.',
  InvalidNumberFormat: 'Invalid number.',
  PropertyNameExpected: 'A property name in double quotes is expected.',
  ValueExpected: 'A value is expected.',
  ColonExpected: 'A colon is expected.',
  CommaExpected: 'A comma is expected.',
  CloseBraceExpected: 'A closing brace is expected.',
  CloseBracketExpected: 'A closing bracket is expected.',
  EndOfFileExpected: 'The end of the file is expected.',
  InvalidCommentToken: 'Comments are not allowed in JSON.',
  UnexpectedEndOfComment: 'Unexpected end of comment.',
  UnexpectedEndOfString: 'Unexpected end of string.',
  UnexpectedEndOfNumber: 'Unexpected end of number.',
  InvalidUnicode: 'Invalid Unicode escape.',
  InvalidEscapeCharacter: 'Invalid escape character.',
  InvalidCharacter: 'Invalid character.',
};

/** JSON for `.json` files and for text that starts with `{`; YAML otherwise. */
export function specFormat(path: string, text: string): 'json' | 'yaml' {
  if (/\.json$/i.test(path)) return 'json';
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  return /^\s*[{[]/.test(text) ? 'json' : 'yaml';
}

/**
 * Deeper files are not read: the JSON parser, the validator and the `$ref` resolver recurse per
 * level. Real OpenAPI files nest a few dozen levels.
 */
export const MAX_SPEC_DEPTH = 200;

const tooDeep = (name: string) => `${name} nests arrays and objects more than ${MAX_SPEC_DEPTH} levels deep; Docwright does not read it further.`;

export function parseSpecText(path: string, text: string): SpecSource {
  const name = path.split('/').pop() ?? path;
  const format = specFormat(path, text);
  // Flow collections (JSON, and YAML's [ ] { }) are measured in the text, before any parser sees them.
  const { tooDeepAt } = jsonDepth(text, MAX_SPEC_DEPTH);
  if (tooDeepAt !== undefined) return unread(format, text, tooDeep(name), tooDeepAt);
  const source = format === 'json' ? parseJson(text) : parseYaml(text);
  // YAML nests by indentation too: the value is measured (the parser itself does not recurse).
  if (format === 'yaml' && valueDeeperThan(source.value, MAX_SPEC_DEPTH)) return unread(format, text, tooDeep(name), 0);
  return source;
}

/** A file that is not read: one problem, no value. */
function unread(format: 'json' | 'yaml', text: string, message: string, at: number): SpecSource {
  const index = new LineIndex(text);
  const whole = index.range(0, 0);
  return { format, text, index, value: undefined, syntax: [{ message, range: index.range(at, Math.min(1, text.length - at)) }], locate: () => whole };
}

/** Whether a plain value nests arrays and objects deeper than `limit`; one iterative walk. */
function valueDeeperThan(value: unknown, limit: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  const seen = new Set<object>();
  while (values.length) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    if (depth + 1 > limit) return true;
    seen.add(v);
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      values.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}

function parseJson(text: string): SpecSource {
  const index = new LineIndex(text);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const syntax = errors.map((e) => ({
    message: JSON_MESSAGES[printParseErrorCode(e.error)] ?? 'Invalid JSON.',
    range: index.range(e.offset, Math.max(1, e.length)),
  }));
  const whole = index.range(0, 0);
  const rangeOf = (n: JsonNode) => index.range(n.offset, n.length);
  return {
    format: 'json',
    text,
    index,
    value: tree ? getNodeValue(tree) : undefined,
    syntax,
    locate(path, part = 'value') {
      if (!tree) return whole;
      for (let n = path.length; n >= 0; n--) {
        const node = findNodeAtLocation(tree, path.slice(0, n) as PathSegment[]);
        if (!node) continue;
        // A key: the property's first child. Objects and arrays: only their first line (the whole would be too loud).
        if ((part === 'key' || n < path.length) && node.parent?.type === 'property') return rangeOf(node.parent.children![0]);
        if (node.type === 'object' || node.type === 'array') return firstLine(index, node.offset, node.length);
        return rangeOf(node);
      }
      return whole;
    },
  };
}

/** The range from `offset` to the end of its line (or of the node, if that comes first). */
function firstLine(index: LineIndex, offset: number, length: number): Range {
  const start = index.positionAt(offset);
  const lineEnd = index.offsetAt({ line: start.line, character: index.lineText(start.line).length });
  return { start, end: index.positionAt(Math.min(offset + length, Math.max(offset + 1, lineEnd))) };
}

function parseYaml(text: string): SpecSource {
  const index = new LineIndex(text);
  const lineCounter = new LineCounter();
  let doc: Document.Parsed | undefined;
  const syntax: { message: string; range: Range }[] = [];
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true });
    for (const e of doc.errors) syntax.push({ message: yamlMessage(e.message), range: index.range(e.pos[0], Math.max(1, e.pos[1] - e.pos[0])) });
  } catch (e) {
    syntax.push({ message: e instanceof Error ? e.message : String(e), range: index.range(0, 0) });
  }
  let value: unknown;
  if (doc && doc.errors.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (e) {
      syntax.push({ message: e instanceof Error ? e.message : String(e), range: index.range(0, 0) });
    }
  }
  const whole = index.range(0, 0);
  return {
    format: 'yaml',
    text,
    index,
    value,
    syntax,
    locate(path, part = 'value') {
      if (!doc?.contents) return whole;
      let node: YamlNode | null = doc.contents as YamlNode;
      let key: YamlNode | null = null;
      for (const seg of path) {
        let next: YamlNode | null = null;
        let nextKey: YamlNode | null = null;
        if (isMap(node)) {
          const items: unknown[] = node.items;
          const pair = items.find((p) => isPair(p) && keyText(p.key) === String(seg)) as { key: unknown; value: unknown } | undefined;
          if (pair) {
            nextKey = (pair.key as YamlNode) ?? null;
            next = (pair.value as YamlNode) ?? nextKey;
          }
        } else if (isSeq(node) && typeof seg === 'number') next = (node.items[seg] as YamlNode) ?? null;
        if (!next) return rangeOfYaml(index, key && path.length ? key : node);
        node = next;
        key = nextKey;
      }
      if (part === 'key' && key) return rangeOfYaml(index, key);
      if (isMap(node) || isSeq(node)) return rangeOfYaml(index, key ?? node);
      return rangeOfYaml(index, node);
    },
  };
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

function rangeOfYaml(index: LineIndex, node: YamlNode | null): Range {
  const r = node?.range;
  if (!r) return index.range(0, 0);
  if (isMap(node) || isSeq(node)) return firstLine(index, r[0], r[1] - r[0]);
  return index.range(r[0], Math.max(1, r[1] - r[0]));
}

/** yaml's messages end with a code frame and position; keep the sentence. */
function yamlMessage(message: string): string {
  return message
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?$/, '')
    .trim();
}

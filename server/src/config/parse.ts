// docs.json / mint.json: parsed once per text into a ConfigDocument that every rule and editor
// feature shares. Schema validation runs here, once, and its problems are classified so that the
// config rules (rules/config/*) only report them.
import { DiagnosticSeverity, ErrorCode, getLanguageService, TextDocument, type JSONDocument, type LanguageService } from 'vscode-json-languageservice';
import { CURRENT_SCHEMA, CURRENT_SCHEMA_URI, DOCS_SCHEMA, DOCS_SCHEMA_URI } from './schema';
import { type ASTNode, child, isArray, isObject, pathOf, property, valueOf } from './ast';
import { LineIndex } from '../util/text';
import { nearestKey } from '../util/suggest';
import { configGeneration, type ConfigGeneration } from './generation';

export type { ConfigGeneration };

export type SchemaProblemKind =
  | 'syntax'
  | 'unknown-property'
  | 'invalid-value'
  | 'missing-property'
  | 'type'
  /** A navigation division key whose value is invalid: the format's union takes another variant and the build ignores the key. */
  | 'ignored-value';

export interface SchemaProblem {
  kind: SchemaProblemKind;
  message: string;
  offset: number;
  length: number;
  /** The offending name or value (unknown key, rejected enum value). */
  actual?: string;
  /** What would be valid at that place (allowed keys or enum values), when known. */
  allowed?: string[];
  /** Why the value is refused, when a check of the format beyond the schema refuses it. */
  because?: string;
}

export interface ConfigDocument {
  path: string;
  text: string;
  index: LineIndex;
  textDocument: TextDocument;
  json: JSONDocument;
  root: ASTNode | undefined;
  value: Record<string, unknown>;
  generation: ConfigGeneration;
  problems: SchemaProblem[];
  /**
   * Files that `"$ref"` values of a current-format config load (navigation parts, redirects), by
   * absolute path, parsed for their syntax only. Filled by `loadSite`, which does the reading.
   */
  refs?: ReadonlyMap<string, ConfigDocument>;
}

const services = new Map<ConfigGeneration, LanguageService>();

export function schemaOf(generation: ConfigGeneration) {
  return generation === 'current' ? CURRENT_SCHEMA : DOCS_SCHEMA;
}

/** The JSON language service of a generation, configured with that generation's schema. */
export function jsonService(generation: ConfigGeneration = 'classic'): LanguageService {
  let service = services.get(generation);
  if (!service) {
    const schema = schemaOf(generation);
    const schemaText = JSON.stringify(schema);
    service = getLanguageService({
      // Offline and self-contained: whatever a file's "$schema" names, the bundled schema answers.
      schemaRequestService: async () => schemaText,
    });
    service.configure({
      validate: true,
      allowComments: false,
      schemas: [{ uri: generation === 'current' ? CURRENT_SCHEMA_URI : DOCS_SCHEMA_URI, fileMatch: ['*'], schema }],
    });
    services.set(generation, service);
  }
  return service;
}

/** Deeper JSON is refused: the JSON parser and the schema validator recurse per level. */
export const MAX_CONFIG_DEPTH = 100;

/** The deepest nesting of arrays and objects, and the offset where it first exceeds `limit`. */
export function jsonDepth(text: string, limit = MAX_CONFIG_DEPTH): { depth: number; tooDeepAt?: number } {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) max = depth;
      if (depth > limit) return { depth: max, tooDeepAt: i };
    } else if (c === 125 || c === 93) depth--;
  }
  return { depth: max };
}

/** The file's name and why it cannot be read, when it has a syntax problem; else undefined. */
export function unreadableConfig(doc: ConfigDocument): string | undefined {
  const p = doc.problems.find((q) => q.kind === 'syntax');
  if (!p) return undefined;
  const at = doc.index.positionAt(p.offset);
  return `${doc.path.split('/').pop()} cannot be read (line ${at.line + 1}, column ${at.character + 1}: ${p.message})`;
}

const BOM = '\uFEFF';

export async function parseConfig(path: string, text: string, uri = 'file://' + path, version = 0): Promise<ConfigDocument> {
  const ls = jsonService();
  // A byte-order mark is reported, and read past (a space in its place keeps every offset).
  const textDocument = TextDocument.create(uri, 'json', version, text.startsWith(BOM) ? ' ' + text.slice(1) : text);
  const { tooDeepAt } = jsonDepth(text);
  if (tooDeepAt !== undefined) {
    // Not parsed at all: a config nested this deep is not a docs.json, and would exhaust the stack.
    const json = ls.parseJSONDocument(TextDocument.create(uri, 'json', version, ''));
    const problems: SchemaProblem[] = [
      {
        kind: 'syntax',
        message: `docs.json nests arrays and objects more than ${MAX_CONFIG_DEPTH} levels deep; Docwright does not read it further.`,
        offset: tooDeepAt,
        length: 1,
      },
    ];
    return { path, text, index: new LineIndex(text), textDocument, json, root: undefined, value: {}, generation: 'classic', problems };
  }
  const json = ls.parseJSONDocument(textDocument);
  const root = json.root;
  const value = isObject(root) ? (valueOf(root) as Record<string, unknown>) : {};
  const generation = configGeneration(isObject(root) ? value : undefined);
  const doc: ConfigDocument = { path, text, index: new LineIndex(text), textDocument, json, root, value, generation, problems: [] };
  doc.problems = await validate(doc);
  const name = path.split('/').pop();
  if (text.startsWith(BOM)) {
    doc.problems.unshift({
      kind: 'syntax',
      message: `${name} starts with a byte-order mark (U+FEFF): JSON.parse refuses it, so tools that read the file as plain JSON fail on it. Save the file as UTF-8 without a BOM.`,
      offset: 0,
      length: 1,
    });
  } else if (!text.trim()) {
    doc.problems.push({
      kind: 'syntax',
      message: `${name} is empty: a site's configuration is a JSON object with at least "name" and "navigation".`,
      offset: 0,
      length: 0,
    });
  }
  return doc;
}

/** A file loaded through `"$ref"`: a part of a current-format config, checked for its syntax only. */
export async function parseConfigPart(path: string, text: string): Promise<ConfigDocument> {
  const ls = jsonService('current');
  const uri = 'file://' + path;
  const textDocument = TextDocument.create(uri, 'json', 0, text);
  const index = new LineIndex(text);
  const { tooDeepAt } = jsonDepth(text);
  if (tooDeepAt !== undefined) {
    const json = ls.parseJSONDocument(TextDocument.create(uri, 'json', 0, ''));
    const message = `${path.split('/').pop()} nests arrays and objects more than ${MAX_CONFIG_DEPTH} levels deep; Docwright does not read it further.`;
    return {
      path,
      text,
      index,
      textDocument,
      json,
      root: undefined,
      value: {},
      generation: 'current',
      problems: [{ kind: 'syntax', message, offset: tooDeepAt, length: 1 }],
    };
  }
  const json = ls.parseJSONDocument(textDocument);
  const doc: ConfigDocument = { path, text, index, textDocument, json, root: json.root, value: {}, generation: 'current', problems: [] };
  doc.value = valueOf(json.root) as Record<string, unknown>;
  doc.problems = await validate(doc, {});
  return doc;
}

const SYNTAX_CODES = new Set<number>([
  ErrorCode.UnexpectedEndOfComment,
  ErrorCode.UnexpectedEndOfString,
  ErrorCode.UnexpectedEndOfNumber,
  ErrorCode.InvalidUnicode,
  ErrorCode.InvalidEscapeCharacter,
  ErrorCode.InvalidCharacter,
  ErrorCode.PropertyExpected,
  ErrorCode.CommaExpected,
  ErrorCode.ColonExpected,
  ErrorCode.ValueExpected,
  ErrorCode.CommaOrCloseBacketExpected,
  ErrorCode.CommaOrCloseBraceExpected,
  ErrorCode.TrailingComma,
  ErrorCode.DuplicateKey,
  ErrorCode.CommentNotPermitted,
  ErrorCode.PropertyKeysMustBeDoublequoted,
]);

/** Whether a node is an object that loads its content with `"$ref"` (its schema problems are moot). */
function isRefObject(node: ASTNode | undefined): boolean {
  return isObject(node) && property(node, '$ref') !== undefined;
}

async function validate(doc: ConfigDocument, schema = schemaOf(doc.generation), trial = false): Promise<SchemaProblem[]> {
  const ls = jsonService(doc.generation);
  const diagnostics = await ls.doValidation(
    doc.textDocument,
    doc.json,
    { comments: 'error', trailingCommas: 'error', schemaValidation: 'error', schemaRequest: 'ignore' },
    schema,
  );
  const problems: SchemaProblem[] = [];
  let needsSchemas = false;
  // What the parser itself reports ("Expected a JSON object…", "End of file expected") is syntax
  // too, whatever its code (the document's own list of them is not in the package's types).
  const parsed = (doc.json as unknown as { syntaxErrors?: { range: { start: { line: number; character: number } }; message: string }[] }).syntaxErrors ?? [];
  const parseErrors = new Set(parsed.map((d) => `${doc.textDocument.offsetAt(d.range.start)}:${d.message}`));
  for (const d of diagnostics) {
    const offset = doc.textDocument.offsetAt(d.range.start);
    const length = doc.textDocument.offsetAt(d.range.end) - offset;
    const code = typeof d.code === 'number' ? d.code : undefined;
    const message = typeof d.message === 'string' ? d.message : d.message.value;
    const base = { message, offset, length };
    if ((code !== undefined && SYNTAX_CODES.has(code)) || parseErrors.has(`${offset}:${message}`)) {
      problems.push({ kind: 'syntax', ...base, message: syntaxMessage(code ?? 0, message) });
      continue;
    }
    // An object with "$ref" is completed from another file: what it lacks here, or its type, is not a problem.
    if (doc.generation === 'current') {
      const at = doc.json.getNodeFromOffset(offset);
      const container = at?.type === 'object' ? at : at?.parent?.type === 'property' ? at.parent.parent : undefined;
      if (isRefObject(at) || (isRefObject(container) && /^Missing property /.test(message))) continue;
    }
    // The classic schema deprecates nothing; hints carry no problem to report.
    if (code === ErrorCode.Deprecated || d.severity === DiagnosticSeverity.Hint) continue;
    const unknown = /^Property (.+) is not allowed\.$/.exec(message);
    if (unknown) {
      problems.push({ kind: 'unknown-property', ...base, actual: unknown[1] });
      needsSchemas = true;
      continue;
    }
    const missing = /^Missing property "(.+)"\.$/.exec(message);
    if (missing) {
      problems.push({ kind: 'missing-property', ...base, actual: missing[1] });
      continue;
    }
    if (code === ErrorCode.EnumValueMismatch) {
      const node = doc.json.getNodeFromOffset(offset);
      problems.push({ kind: 'invalid-value', ...base, actual: node ? shownValue(valueOf(node)) : undefined });
      needsSchemas = true;
      continue;
    }
    problems.push({ kind: 'type', ...base });
  }
  // While the JSON is broken, schema problems are mostly echoes of the syntax error: report only it.
  if (problems.some((p) => p.kind === 'syntax')) return problems.filter((p) => p.kind === 'syntax');
  if (trial) return problems;
  // First: unknown keys of strict objects become failing problems, which a division's union may pass over.
  if (needsSchemas) await addAllowed(doc, problems, schema);
  if (doc.generation === 'current') await markIgnoredDivisions(doc, problems, schema);
  if (doc.generation === 'classic' && doc.root) problems.push(...unlistedVersions(doc.root));
  if (doc.root) problems.push(...repeatedValues(doc.root, ['redirects'], 'source', 'redirect source'));
  if (doc.generation === 'current' && doc.root) problems.push(...repeatedValues(doc.root, ['seo', 'paths'], 'path', 'SEO path'));
  return problems;
}

/** The format's check beyond its schema that no two items of a list share a key's value (redirect sources, SEO paths). */
function repeatedValues(root: ASTNode, listPath: string[], key: string, what: string): SchemaProblem[] {
  let list: ASTNode | undefined = root;
  for (const k of listPath) list = child(list, k);
  if (!isArray(list)) return [];
  const first = new Map<string, number>();
  const problems: SchemaProblem[] = [];
  list.items.forEach((item, i) => {
    const node = child(item, key);
    const value = valueOf(node);
    if (!node || typeof value !== 'string') return;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, i + 1);
    else
      problems.push({
        kind: 'type',
        message: `The ${what} ${JSON.stringify(value)} is already used by item ${earlier}: the format refuses a ${what} used twice.`,
        offset: node.offset,
        length: node.length,
      });
  });
  return problems;
}

/**
 * The classic format's own check beyond its schema: each navigation group's `version` (nested groups
 * too) is a name in `versions`, where an object with a `url` links elsewhere and names no version.
 */
function unlistedVersions(root: ASTNode): SchemaProblem[] {
  const versions = child(root, 'versions');
  const names = (isArray(versions) ? versions.items.map(valueOf) : [])
    .map((v) => (typeof v === 'string' ? v : v && typeof v === 'object' && !(v as { url?: unknown }).url ? (v as { name?: unknown }).name : undefined))
    .filter((v): v is string => typeof v === 'string' && v !== '');
  const problems: SchemaProblem[] = [];
  const walk = (items: ASTNode | undefined) => {
    if (!isArray(items)) return;
    for (const item of items.items) {
      if (!isObject(item)) continue;
      walk(child(item, 'pages'));
      const node = child(item, 'version');
      if (!node) continue;
      const value = valueOf(node);
      if (typeof value === 'string' && names.includes(value)) continue;
      problems.push({
        kind: 'invalid-value',
        message: `Version ${shownValue(value)} is not in "versions".`,
        offset: node.offset,
        length: node.length,
        actual: shownValue(value),
        allowed: names,
        because: names.length
          ? `The group's version ${JSON.stringify(value)} is not one of "versions" (${names.map((n) => JSON.stringify(n)).join(', ')}): the build refuses it.`
          : `The group's version ${JSON.stringify(value)} is not in "versions", which is empty or missing: the build refuses it.`,
      });
    }
  };
  walk(child(root, 'navigation'));
  return problems;
}

/** Keys that only some variants of a navigation item's union define: with one invalid, another (non-strict) variant still matches. */
const DIVISION_KEYS = new Set(['tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'groups', 'pages', 'menu', 'href']);
/** A group's OpenAPI and AsyncAPI files: the format drops an invalid value silently. */
const GROUP_DROPPED_KEYS = new Set(['openapi', 'asyncapi']);
const FAILING_KINDS = new Set<SchemaProblemKind>(['type', 'invalid-value', 'missing-property']);

/**
 * A problem under a division key of the navigation is only a warning when the item, without that
 * key, is valid: the format's union matches another (non-strict) variant, which ignores the key.
 */
async function markIgnoredDivisions(doc: ConfigDocument, problems: SchemaProblem[], schema: ReturnType<typeof schemaOf>): Promise<void> {
  const failing = problems.filter((p) => FAILING_KINDS.has(p.kind));
  const verdicts = new Map<ASTNode, boolean>();
  for (const p of failing) {
    for (let n = doc.json.getNodeFromOffset(p.offset, true); n?.parent; n = n.parent) {
      if (n.type !== 'property' || !isObject(n.parent)) continue;
      const item = n.parent;
      const itemPath = pathOf(item);
      if (itemPath[0] !== 'navigation') break;
      // Links of `global` are no union's variant: the format refuses an invalid one (unless an outer division passes over it).
      if (itemPath.includes('global')) continue;
      const isGroup = property(item, 'group') !== undefined;
      const passable = isGroup ? GROUP_DROPPED_KEYS : DIVISION_KEYS;
      if (!passable.has(n.keyNode.value)) continue;
      // A division item with `sdk` or `graphql` only matches the union's strict variants: nothing passes over the key.
      if (!isGroup && (property(item, 'sdk') || property(item, 'graphql'))) continue;
      let valid = verdicts.get(item);
      if (valid === undefined) {
        // The variant that passes over one invalid key passes over every other one of the item too.
        const keys = item.properties
          .filter((q) => passable.has(q.keyNode.value) && failing.some((f) => f.offset >= q.offset && f.offset < q.offset + q.length))
          .map((q) => q.keyNode.value);
        verdicts.set(item, (valid = await validWithout(doc, itemPath, keys, schema)));
      }
      if (valid) {
        p.message = `The build ignores "${n.keyNode.value}" here: ${p.message}`;
        p.kind = 'ignored-value';
        break;
      }
    }
  }
  // An empty list the build passes over says no more than an absent one (nav rules report what it leaves empty).
  for (let i = problems.length - 1; i >= 0; i--) {
    const node = problems[i].kind === 'ignored-value' ? doc.json.getNodeFromOffset(problems[i].offset, true) : undefined;
    if (isArray(node) && node.items.length === 0) problems.splice(i, 1);
  }
}

/** Whether the object at `itemPath` has no failing problem once its keys `keys` are removed. */
async function validWithout(doc: ConfigDocument, itemPath: (string | number)[], keys: string[], schema: ReturnType<typeof schemaOf>): Promise<boolean> {
  const value = structuredClone(doc.value) as Record<string, unknown>;
  let item: unknown = value;
  for (const k of itemPath) item = (item as Record<string | number, unknown>)[k];
  for (const key of keys) delete (item as Record<string, unknown>)[key];
  const text = JSON.stringify(value);
  const textDocument = TextDocument.create('docwright://trial/docs.json', 'json', 0, text);
  const json = jsonService(doc.generation).parseJSONDocument(textDocument);
  const trial: ConfigDocument = { ...doc, text, textDocument, json, root: json.root, value, problems: [] };
  const inside = (offset: number) => {
    const node = json.getNodeFromOffset(offset, true);
    const path = node ? pathOf(node) : [];
    return itemPath.every((k, i) => path[i] === k);
  };
  return !(await validate(trial, schema, true)).some((p) => FAILING_KINDS.has(p.kind) && inside(p.offset));
}

function syntaxMessage(code: number, fallback: string): string {
  switch (code) {
    case ErrorCode.CommentNotPermitted:
      return 'Comments are not allowed in docs.json: the site build reads it as plain JSON.';
    case ErrorCode.TrailingComma:
      return 'Trailing comma: plain JSON allows no comma before a closing bracket or brace.';
    case ErrorCode.DuplicateKey:
      return fallback.replace(/\.$/, '') + ': the last one wins and the others are ignored.';
    default:
      return fallback;
  }
}

/** Fills in `allowed` (keys or enum values) from the schemas that match each problem's node. */
async function addAllowed(doc: ConfigDocument, problems: SchemaProblem[], schema: ReturnType<typeof schemaOf>): Promise<void> {
  const matches = await jsonService(doc.generation).getMatchingSchemas(doc.textDocument, doc.json, schema);
  for (const p of problems) {
    if (p.kind === 'unknown-property') {
      const keyNode = doc.json.getNodeFromOffset(p.offset + 1);
      const objectNode = keyNode?.parent?.type === 'property' ? keyNode.parent.parent : undefined;
      const keys = new Set<string>();
      let strict = false;
      for (const m of matches) {
        if (m.node !== objectNode) continue;
        if (m.schema.properties) for (const k of Object.keys(m.schema.properties)) keys.add(k);
        if ((m.schema as { 'x-strict'?: boolean })['x-strict']) strict = true;
      }
      p.allowed = [...keys];
      if (strict && p.actual !== undefined) {
        // The format's validator refuses unknown keys in this object (a strict one), so the build fails.
        const suggestion = nearestKey(p.actual, p.allowed);
        p.kind = 'type';
        p.message = `Unknown property "${p.actual}": the format refuses keys it does not define here.` + (suggestion ? ` Did you mean "${suggestion}"?` : '');
      }
    } else if (p.kind === 'invalid-value') {
      const node = doc.json.getNodeFromOffset(p.offset + 1);
      const values = new Set<string>();
      for (const m of matches) {
        if (m.node === node && Array.isArray(m.schema.enum)) for (const v of m.schema.enum) values.add(String(v));
        if (m.node === node && m.schema.const !== undefined) values.add(String(m.schema.const));
      }
      p.allowed = [...values];
    }
  }
}

/** A JSON value as a message shows it (an object's own `toString` is not called: it may be anything). */
function shownValue(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

// Page front matter against schemas/page-frontmatter.schema.json: the one definition of the keys a
// page (or an OpenAPI operation's `x-mint.metadata`) may set, read by the check, completion and hover.
import { distance } from 'fastest-levenshtein';
import { isCompoundOf } from '../util/suggest';
import schemaJson from '../../../schemas/page-frontmatter.schema.json';
import currentJson from '../../../schemas/docs-current.schema.json';
import { own } from '../util/json';

export interface FrontMatterKeySpec {
  type?: string | string[];
  enum?: unknown[];
  items?: FrontMatterKeySpec;
  anyOf?: FrontMatterKeySpec[];
  properties?: Record<string, FrontMatterKeySpec>;
  description?: string;
  markdownDescription?: string;
  'x-docwright-group'?: string;
}

/** The schema files beside it that the front matter schema's `$ref`s name (the icon styles are the docs.json schema's). */
const SIBLING_SCHEMAS: Readonly<Record<string, unknown>> = { 'docs-current.schema.json': currentJson };

/**
 * `node` with each `$ref` to a part of a sibling schema file (`file.json#/pointer`) replaced by that
 * part, the node's own keys kept over it, as the JSON language service merges them. A reference
 * that names no part of a sibling throws: the shipped schema is broken.
 */
export function resolveSiblingRefs(node: unknown, siblings: Readonly<Record<string, unknown>> = SIBLING_SCHEMAS): unknown {
  if (Array.isArray(node)) return node.map((v) => resolveSiblingRefs(v, siblings));
  if (typeof node !== 'object' || node === null) return node;
  const resolved = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolveSiblingRefs(v, siblings)]));
  const { $ref, ...rest } = resolved;
  if (typeof $ref !== 'string') return resolved;
  const [file, pointer = ''] = $ref.split('#');
  let target: unknown = Object.hasOwn(siblings, file) ? siblings[file] : undefined;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    target = typeof target === 'object' && target !== null && Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined;
  }
  if (typeof target !== 'object' || target === null || !file)
    throw new Error(`The front matter schema's $ref ${JSON.stringify($ref)} names no part of a sibling schema`);
  return { ...(resolveSiblingRefs(target, siblings) as object), ...rest };
}

export const FRONTMATTER_SCHEMA = resolveSiblingRefs(schemaJson) as { properties: Record<string, FrontMatterKeySpec> };
export const FRONTMATTER_KEYS: Record<string, FrontMatterKeySpec> = FRONTMATTER_SCHEMA.properties;

export interface FrontMatterProblem {
  key: string;
  kind: 'key' | 'value';
  message: string;
  /** The key the author most likely meant (kind `key`). */
  suggestedKey?: string;
  /** A YAML value to write instead (kind `value`). */
  suggestedValue?: string;
}

/**
 * The documented key `key` is most likely a typo of: the same letters in another case, two
 * neighbours swapped, or one edit away (two for long keys). Stricter than the general did-you-mean,
 * since custom keys are allowed and `name` must not read as a typo of `mode`.
 */
export function typoOf(key: string, candidates: Iterable<string> = Object.keys(FRONTMATTER_KEYS)): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  // A key made of a documented one and more (`ogTitle`, `title-2`) is custom, unless it is a documented key in another case (`sideBarTitle`).
  let compound = false;
  for (const c of candidates) {
    if (c === key) return undefined;
    compound ||= isCompoundOf(key, c);
    const l = c.toLowerCase();
    const score = l === k ? 0 : swapped(k, l) ? 1 : distance(k, l);
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  const limit = compound ? 0 : key.length >= 8 ? 2 : key.length >= 4 ? 1 : 0;
  return best !== undefined && bestScore <= limit ? best : undefined;
}

function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  return typeof v;
}

/** Whether `v` fits `spec`. YAML writes numbers and dates bare, so they count as text where text is expected. */
function fits(v: unknown, spec: FrontMatterKeySpec): boolean {
  if (spec.anyOf) return spec.anyOf.some((s) => fits(v, s));
  if (spec.enum && !spec.enum.includes(v)) return false;
  const types = spec.type === undefined ? [] : Array.isArray(spec.type) ? spec.type : [spec.type];
  if (types.length > 0) {
    const t = typeOf(v);
    const ok = types.some((want) => want === t || (want === 'string' && (t === 'number' || t === 'date')));
    if (!ok) return false;
  }
  if (spec.items && Array.isArray(v)) return v.every((item) => fits(item, spec.items!));
  return true;
}

/** Whether `spec` can hold a value of the shape of `v` (a list, a mapping or a single value); a scalar counts as fitting any key. */
function takesShapeOf(spec: FrontMatterKeySpec, v: unknown): boolean {
  const shape = typeOf(v);
  if (shape !== 'array' && shape !== 'object') return true;
  if (spec.anyOf) return spec.anyOf.some((s) => takesShapeOf(s, v));
  if (spec.type === undefined) return spec.enum === undefined || spec.enum.some((e) => typeOf(e) === shape);
  return (Array.isArray(spec.type) ? spec.type : [spec.type]).includes(shape);
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0']);

function describe(v: unknown): string {
  const t = typeOf(v);
  if (t === 'string') return `the text ${JSON.stringify(v)}`;
  if (t === 'array') return 'a list';
  if (t === 'object') return 'a mapping';
  return String(v);
}

function expected(spec: FrontMatterKeySpec): string {
  if (spec.enum) return `one of ${spec.enum.map((e) => JSON.stringify(e)).join(', ')}`;
  if (spec.anyOf) return spec.anyOf.map(expected).join(' or ');
  const types = spec.type === undefined ? [] : Array.isArray(spec.type) ? spec.type : [spec.type];
  const words: Record<string, string> = { boolean: 'true or false', string: 'text', number: 'a number', array: 'a list', object: 'a mapping' };
  const base = types.map((t) => words[t] ?? t).join(' or ');
  return spec.items && types.includes('array') ? `${base} of ${expected(spec.items)}` : base;
}

/** The problems of a front matter mapping: misspelt keys and values that do not fit their key. */
export function validateFrontMatter(data: Record<string, unknown>, options: { exclude?: readonly string[] } = {}): FrontMatterProblem[] {
  const problems: FrontMatterProblem[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (options.exclude?.includes(key)) continue;
    const spec = own(FRONTMATTER_KEYS, key);
    if (!spec) {
      const near = typoOf(key);
      // A list or mapping under a key whose near namesake takes neither (`tags: [a, b]` beside `tag`) is a custom key of that shape.
      if (near && data[near] === undefined && takesShapeOf(FRONTMATTER_KEYS[near], value))
        problems.push({ key, kind: 'key', message: `Unknown front matter key "${key}": did you mean "${near}"?`, suggestedKey: near });
      continue;
    }
    if (value === null || fits(value, spec)) continue;
    const problem: FrontMatterProblem = { key, kind: 'value', message: `"${key}" must be ${expected(spec)}, not ${describe(value)}.` };
    if (spec.type === 'boolean' && typeof value === 'string') {
      const w = value.trim().toLowerCase();
      if (TRUE_WORDS.has(w)) problem.suggestedValue = 'true';
      else if (FALSE_WORDS.has(w)) problem.suggestedValue = 'false';
    } else if (spec.enum && typeof value === 'string') {
      const near = typoOf(value, spec.enum.map(String)) ?? closestEnum(value, spec.enum.map(String));
      if (near) {
        problem.suggestedValue = JSON.stringify(near);
        problem.message += ` Did you mean "${near}"?`;
      }
    } else if (spec.type === 'number' && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
      problem.suggestedValue = String(Number(value));
    } else if (spec.type === 'array' && typeof value === 'string' && spec.items?.type === 'string') {
      const items = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length > 0) problem.suggestedValue = `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;
    }
    problems.push(problem);
  }
  return problems;
}

function closestEnum(value: string, values: string[]): string | undefined {
  const v = value.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of values) {
    const d = distance(v, c.toLowerCase());
    if (d < bestScore) [best, bestScore] = [c, d];
  }
  return best !== undefined && bestScore <= Math.max(1, Math.floor(value.length / 2)) ? best : undefined;
}

/** Hover text of a documented key. */
export function frontMatterKeyDocs(key: string): string | undefined {
  const spec = own(FRONTMATTER_KEYS, key);
  if (!spec) return undefined;
  return `**${key}** (${expected(spec)}): ${spec.markdownDescription ?? spec.description ?? ''}`;
}

/** How a key is written in YAML: quoted when it holds a colon. */
export function yamlKey(key: string): string {
  return /^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key);
}

// Validation of an OpenAPI document: @apidevtools/swagger-parser checks it against the official JSON
// Schemas of Swagger 2.0 / OpenAPI 3.0 / 3.1 (ajv) after resolving its `$ref`s; we turn its errors
// into located problems. Its schema errors carry JSON pointers into the *dereferenced* document, so
// each pointer is walked through the file's own `$ref`s to the place the value is written. A few
// checks the schemas cannot express are ours: local `$ref`s that point nowhere (all of them, where
// the library stops at the first), path template parameters, duplicate operationIds. Nothing is
// fetched: external `$ref`s are reported, not followed.
import SwaggerParser from '@apidevtools/swagger-parser';
import type { Range } from '../types';
import type { PathSegment, SpecSource } from './source';
import { append } from '../util/array';
import { obj, type Json } from '../util/json';

export interface SpecProblem {
  message: string;
  range: Range;
  /**
   * `invalid`: the document breaks the format; `not-followed`: a reference to another file or URL,
   * not read offline; `too-large`: its `$ref`s expand to more than MAX_EXPANDED_VALUES values, so
   * it was not checked against the OpenAPI schema.
   */
  kind: 'invalid' | 'not-followed' | 'too-large';
}

interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export const HTTP_METHODS: readonly string[] = METHODS;
const MAX_PROBLEMS = 50;

/** `/a~1b/0` -> ['a/b', '0'] (numbers stay strings: arrays are indexed by either). */
export function parsePointer(pointer: string): string[] {
  const p = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (p === '') return [];
  return p
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s.replace(/~1/g, '/').replace(/~0/g, '~')));
}

/** The value at a path of segments in a plain JSON value. */
export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let v = root;
  for (const seg of path) {
    if (Array.isArray(v)) v = v[Number(seg)];
    else if (obj(v)) v = (v as Json)[String(seg)];
    else return undefined;
  }
  return v;
}

/**
 * A path of the dereferenced document as a path of the file: wherever the walk meets a local
 * `$ref`, it continues at the referenced place.
 */
export function pathInFile(root: unknown, path: readonly PathSegment[]): PathSegment[] {
  let out: PathSegment[] = [];
  let v = root;
  for (let i = 0; i < path.length; i++) {
    for (let hops = 0; hops < 20; hops++) {
      const ref = obj(v)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#')) break;
      const target = parsePointer(ref);
      const tv = valueAt(root, target);
      if (tv === undefined) break;
      out = [...target];
      v = tv;
    }
    const seg = path[i];
    const idx = Array.isArray(v) ? Number(seg) : seg;
    out.push(idx);
    v = Array.isArray(v) ? v[Number(seg)] : obj(v)?.[String(seg)];
  }
  return out;
}

function describePath(path: readonly PathSegment[]): string {
  return (
    path
      .map((s) => (typeof s === 'number' || /^\d+$/.test(String(s)) ? `[${s}]` : `.${s}`))
      .join('')
      .replace(/^\./, '') || 'the document'
  );
}

/** Keeps the errors that say something: no "$ref required"/"oneOf" echoes, one per place. */
function reduceErrors(errors: AjvError[]): AjvError[] {
  const noise = (e: AjvError) =>
    (e.keyword === 'required' && e.params.missingProperty === '$ref') ||
    e.keyword === 'oneOf' ||
    e.keyword === 'anyOf' ||
    e.keyword === 'if' ||
    e.keyword === 'false schema';
  let kept = errors.filter((e) => !noise(e));
  // In a `oneOf` of parameter kinds (path/query/header/cookie), the branches that fail on `in` are
  // the wrong branches: keep them only when no other error is about the same parameter.
  kept = kept.filter((e) => {
    if (e.keyword !== 'enum' && e.keyword !== 'const') return true;
    const parent = e.instancePath.replace(/\/[^/]*$/, '');
    return !kept.some((o) => o !== e && o.keyword !== 'enum' && o.keyword !== 'const' && o.instancePath === parent);
  });
  const effective = (e: AjvError) =>
    e.keyword === 'additionalProperties'
      ? `${e.instancePath}/${String(e.params.additionalProperty)}`
      : e.keyword === 'required'
        ? `${e.instancePath}/${String(e.params.missingProperty)}`
        : e.instancePath;
  const seen = new Set<string>();
  const out: AjvError[] = [];
  for (const e of kept) {
    const key = `${effective(e)}\0${e.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  // A parent's generic error ("must be object") next to precise errors below it adds nothing.
  return out.filter(
    (e) => e.keyword === 'additionalProperties' || e.keyword === 'required' || !out.some((o) => o !== e && effective(o).startsWith(e.instancePath + '/')),
  );
}

function ajvMessage(e: AjvError): string {
  switch (e.keyword) {
    case 'additionalProperties':
      return `Property "${String(e.params.additionalProperty)}" is not allowed here.`;
    case 'required':
      return `Missing required property "${String(e.params.missingProperty)}".`;
    case 'enum':
      return `Must be one of: ${(e.params.allowedValues as unknown[] | undefined)?.map((v) => JSON.stringify(v)).join(', ') ?? 'the allowed values'}.`;
    case 'type':
      return `Must be of type ${String(e.params.type)}.`;
    case 'pattern':
      return `Does not match the pattern ${String(e.params.pattern)}.`;
    case 'minProperties':
    case 'minItems':
      return `Must not be empty.`;
    default:
      return e.message ? `${e.message[0].toUpperCase()}${e.message.slice(1)}.` : 'Invalid value.';
  }
}

/**
 * The validator checks the document with every `$ref` replaced by its target, so shared targets are
 * walked once per use: schemas that each refer to the next twice double it at every step. Beyond
 * this many values (a few seconds of validation) the library is not run.
 */
export const MAX_EXPANDED_VALUES = 500_000;

/** The validator recurses per level of the resolved document: deeper ones are not given to it. */
export const MAX_EXPANDED_DEPTH = 200;

/**
 * How many values `root` holds with its local `$ref`s replaced by their targets (a reference back
 * into its own ancestors stays a reference), counted up to `budget` (budget + 1 means over it), and
 * how deep that resolved document nests. Memoised per value, so each is walked once however often
 * it is referred to; iterative, since a chain of references can be as long as the file.
 */
export function expandedSize(root: unknown, budget: number): { size: number; depth: number } {
  const over = budget + 1;
  const known = new Map<object, { size: number; depth: number }>();
  const targets = new Map<string, unknown>();
  const resolve = (v: unknown): unknown => {
    let cur = v;
    for (let hops = 0; hops < 20; hops++) {
      const ref = obj(cur)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#')) break;
      if (!targets.has(ref)) targets.set(ref, valueAt(root, parsePointer(ref)));
      const target = targets.get(ref);
      if (target === undefined) break;
      cur = target;
    }
    return cur;
  };
  interface Frame {
    value: object;
    children: unknown[];
    next: number;
    size: number;
    depth: number;
  }
  const LEAF = { size: 1, depth: 1 };
  const stack: Frame[] = [];
  const open = new Set<object>();
  let result = LEAF;
  /** The measure of `v` if known now; otherwise its frame is pushed and undefined returned. */
  const visit = (v: unknown): { size: number; depth: number } | undefined => {
    const r = resolve(v);
    if (r === null || typeof r !== 'object') return LEAF;
    const measured = known.get(r);
    if (measured) return measured;
    if (open.has(r)) return LEAF;
    open.add(r);
    stack.push({ value: r, children: Array.isArray(r) ? r : Object.values(r), next: 0, size: 1, depth: 1 });
    return undefined;
  };
  const add = (frame: Frame, m: { size: number; depth: number }) => {
    frame.size += m.size;
    frame.depth = Math.max(frame.depth, m.depth + 1);
  };
  const first = visit(root);
  if (first) return first;
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.size > budget || top.next >= top.children.length) {
      stack.pop();
      open.delete(top.value);
      const m = { size: Math.min(top.size, over), depth: top.depth };
      known.set(top.value, m);
      if (stack.length) add(stack[stack.length - 1], m);
      else result = m;
      continue;
    }
    const m = visit(top.children[top.next++]);
    if (m) add(top, m);
  }
  return result;
}

/** Located problems of a parsed document (its syntax errors are the caller's). */
export async function validateSpec(source: SpecSource): Promise<SpecProblem[]> {
  const doc = source.value;
  const problems: SpecProblem[] = [];
  const at = (path: readonly PathSegment[], part: 'key' | 'value' = 'value') => source.locate(path, part);
  const root = obj(doc);
  if (!root)
    return [{ message: 'An OpenAPI document is an object with an "openapi" (or "swagger") version, "info" and "paths".', range: at([]), kind: 'invalid' }];
  if (root.openapi === undefined && root.swagger === undefined) {
    return [{ message: 'Not an OpenAPI document: the "openapi" field with the version (for example "3.0.3") is missing.', range: at([]), kind: 'invalid' }];
  }

  // Our checks first: they are located precisely and survive what stops the library.
  const broken = brokenRefs(root, source);
  append(problems, broken);
  append(problems, pathParameterProblems(root, source));

  const expanded = broken.some((b) => b.kind === 'invalid') ? undefined : expandedSize(root, MAX_EXPANDED_VALUES);
  const tooLarge = expanded !== undefined && (expanded.size > MAX_EXPANDED_VALUES || expanded.depth > MAX_EXPANDED_DEPTH);
  if (tooLarge) {
    const what =
      expanded.size > MAX_EXPANDED_VALUES
        ? `holds over ${MAX_EXPANDED_VALUES.toLocaleString('en-US')} values (schemas that refer to shared schemas several times multiply)`
        : `nests over ${MAX_EXPANDED_DEPTH} levels deep (a long chain of schemas that refer to the next)`;
    problems.push({
      message: `With its $refs resolved, this document ${what}, so Docwright did not check it against the OpenAPI schema; its own checks of $refs, path parameters and operationIds still ran.`,
      range: at([]),
      kind: 'too-large',
    });
  }
  if (!broken.some((b) => b.kind === 'invalid') && !tooLarge) {
    try {
      await SwaggerParser.validate(
        structuredClone(root) as never,
        { resolve: { external: false }, dereference: { circular: 'ignore' }, validate: { schema: true, spec: true } } as never,
      );
    } catch (error) {
      append(problems, libraryProblems(error, root, source));
    }
  }
  const seen = new Set<string>();
  return problems
    .filter((p) => {
      const key = `${p.range.start.line}:${p.range.start.character}\0${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_PROBLEMS);
}

function libraryProblems(error: unknown, root: Json, source: SpecSource): SpecProblem[] {
  const e = error as { message?: string; details?: AjvError[] };
  if (Array.isArray(e.details)) {
    return reduceErrors(e.details).map((d) => {
      const raw = parsePointer(d.instancePath);
      const inFile = pathInFile(root, raw);
      const keyed = d.keyword === 'additionalProperties';
      const path = keyed ? [...inFile, String(d.params.additionalProperty)] : inFile;
      return { message: `${describePath(path)}: ${ajvMessage(d)}`, range: source.locate(path, keyed ? 'key' : 'value'), kind: 'invalid' as const };
    });
  }
  const message = String(e.message ?? error).split('\n')[0];
  // Version problems are about the "openapi"/"swagger" field.
  const field = root.openapi !== undefined ? 'openapi' : 'swagger';
  if (/version/i.test(message))
    return [{ message: message.replace(/Swagger Parser only supports/, 'Supported versions:'), range: source.locate([field]), kind: 'invalid' }];
  if (/is not a valid Openapi API definition/i.test(message))
    return [{ message: 'The document has no "paths" (nor, in 3.1, "webhooks").', range: source.locate([]), kind: 'invalid' }];
  return [{ message, range: source.locate([]), kind: 'invalid' }];
}

/** Every `$ref`: local ones must point at something; external ones are not followed offline. */
function brokenRefs(root: Json, source: SpecSource): SpecProblem[] {
  const out: SpecProblem[] = [];
  const walk = (v: unknown, path: PathSegment[], depth: number) => {
    if (depth > 200 || out.length >= MAX_PROBLEMS) return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i], depth + 1));
    else if (obj(v)) {
      for (const [k, child] of Object.entries(v as Json)) {
        if (k === '$ref' && typeof child === 'string') {
          if (child.startsWith('#')) {
            if (valueAt(root, parsePointer(child)) === undefined)
              out.push({ message: `$ref "${child}" points to nothing in this file.`, range: source.locate([...path, k]), kind: 'invalid' });
          } else {
            out.push({
              message: `$ref "${child}" names another file; Docwright does not follow references to other files or URLs.`,
              range: source.locate([...path, k]),
              kind: 'not-followed',
            });
          }
        } else if (k !== 'example' && k !== 'examples') walk(child, [...path, k], depth + 1);
      }
    }
  };
  walk(root, [], 0);
  return out;
}

/** `/notes/{id}` needs a path parameter `id`, and every path parameter needs its `{name}`. */
function pathParameterProblems(root: Json, source: SpecSource): SpecProblem[] {
  const out: SpecProblem[] = [];
  const paths = obj(root.paths) ?? {};
  const ids = new Map<string, PathSegment[]>();
  const deref = (v: unknown): Json | undefined => {
    const o = obj(v);
    const ref = o?.$ref;
    return typeof ref === 'string' && ref.startsWith('#') ? obj(valueAt(root, parsePointer(ref))) : o;
  };
  for (const [template, itemValue] of Object.entries(paths)) {
    const item = deref(itemValue);
    if (!item) continue;
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const shared = Array.isArray(item.parameters) ? item.parameters.map(deref) : [];
    for (const method of METHODS) {
      const op = obj(item[method]);
      if (!op) continue;
      const opPath: PathSegment[] = ['paths', template, method];
      const own = Array.isArray(op.parameters) ? op.parameters.map(deref) : [];
      const declared = new Set([...shared, ...own].filter((p) => p?.in === 'path').map((p) => String(p!.name)));
      for (const name of names) {
        if (!declared.has(name))
          out.push({
            message: `${method.toUpperCase()} ${template}: the path has {${name}} but no path parameter "${name}" is declared.`,
            range: source.locate(opPath, 'key'),
            kind: 'invalid',
          });
      }
      own.forEach((p, i) => {
        if (p?.in === 'path' && typeof p.name === 'string' && !names.includes(p.name)) {
          out.push({
            message: `${method.toUpperCase()} ${template}: path parameter "${p.name}" does not appear in the path.`,
            range: source.locate([...opPath, 'parameters', i, 'name']),
            kind: 'invalid',
          });
        }
      });
      if (typeof op.operationId === 'string') {
        const first = ids.get(op.operationId);
        if (first)
          out.push({
            message: `operationId "${op.operationId}" is already used by ${String(first[2]).toUpperCase()} ${String(first[1])}.`,
            range: source.locate([...opPath, 'operationId']),
            kind: 'invalid',
          });
        else ids.set(op.operationId, opPath);
      }
    }
  }
  return out;
}

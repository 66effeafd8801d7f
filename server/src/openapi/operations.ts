// The endpoints of loaded OpenAPI files, and how a page or a navigation entry names one: `GET /users`
// (method in any case), with the file in front (`openapi.json GET /users`, `/openapi.json …`, or
// without its extension: `openapi GET /users`, `v1 GET /users` for `openapi/v1.json`), a webhook
// (`openapi.json webhook orderUpdated`), or (in `api:` front matter) a full URL
// (`POST https://api.example.com/v1/users`). Without a file, specs are searched in alphabetical
// order of their paths and the first match wins, as the format documents.
import { distance } from 'fastest-levenshtein';
import { nearest } from '../util/suggest';
import { HTTP_METHODS, parsePointer, valueAt } from './validate';
import { obj, type Json } from '../util/json';
import { trimTrailingSlashes } from '../util/paths';

export interface ApiOperation {
  /** Upper case: `GET`. */
  method: string;
  /** The path template as written: `/users/{id}`. */
  path: string;
  operation: Json;
  /** The path item (shared parameters, servers). */
  pathItem: Json;
  summary?: string;
  deprecated: boolean;
  /** The key of an OpenAPI 3.1 webhook (`path` then holds it too); undefined for paths. */
  webhook?: string;
}

/** What a spec file offers to pages (a subset of the loaded file, so renderers need nothing else). */
export interface ApiSpec {
  /** Site-relative path of the file. */
  rel: string;
  /** The document as written (`$ref`s not resolved). */
  document: Json;
  operations: ApiOperation[];
  /** Other names of the file: the URLs in docs.json that this site copy stands for. */
  aliases?: readonly string[];
}

/** A local `$ref` resolved (several hops); anything else is returned as it is. */
export function deref(doc: Json, v: unknown): unknown {
  let cur = v;
  for (let i = 0; i < 20; i++) {
    const ref = obj(cur)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return cur;
    const next = valueAt(doc, parsePointer(ref));
    if (next === undefined) return cur;
    cur = next;
  }
  return cur;
}

/**
 * A schema with its local `$ref`s resolved as the format resolves them (the parser of
 * @mintlify/openapi-parser keeps the keys beside a `$ref`, and IncrementalEvaluator takes a
 * `description` or `title` beside it over the target's): keys written beside a `$ref` win, the
 * nearest first. Without such keys, the target itself, so that cycles are found by identity.
 */
export function resolveSchema(doc: Json, v: unknown): unknown {
  let cur = v;
  // A Map, then Object.fromEntries: a key such as `__proto__` stays a plain key.
  const beside = new Map<string, unknown>();
  for (let i = 0; i < 20; i++) {
    const o = obj(cur);
    const ref = o?.$ref;
    if (!o || typeof ref !== 'string' || !ref.startsWith('#')) break;
    const next = valueAt(doc, parsePointer(ref));
    if (next === undefined) break;
    for (const [k, value] of Object.entries(o)) if (k !== '$ref' && !beside.has(k)) beside.set(k, value);
    cur = next;
  }
  const target = obj(cur);
  return beside.size && target ? { ...target, ...Object.fromEntries(beside) } : cur;
}

export function operationsOf(doc: Json): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [path, raw] of Object.entries(obj(doc.paths) ?? {})) {
    const item = obj(deref(doc, raw));
    if (!item || !path.startsWith('/')) continue;
    for (const m of HTTP_METHODS) {
      const op = obj(item[m]);
      if (!op) continue;
      out.push({
        method: m.toUpperCase(),
        path,
        operation: op,
        pathItem: item,
        summary: typeof op.summary === 'string' ? op.summary : undefined,
        deprecated: op.deprecated === true,
      });
    }
  }
  // OpenAPI 3.1 webhooks: a name, then a path item whose methods describe the request sent.
  for (const [name, raw] of Object.entries(obj(doc.webhooks) ?? {})) {
    const item = obj(deref(doc, raw));
    if (!item) continue;
    for (const m of HTTP_METHODS) {
      const op = obj(item[m]);
      if (!op) continue;
      out.push({
        method: m.toUpperCase(),
        path: name,
        webhook: name,
        operation: op,
        pathItem: item,
        summary: typeof op.summary === 'string' ? op.summary : undefined,
        deprecated: op.deprecated === true,
      });
      break;
    }
  }
  return out;
}

/** How an operation is named: `GET /users`, `webhook orderUpdated`. */
export function operationLabel(op: ApiOperation): string {
  return op.webhook !== undefined ? `webhook ${op.webhook}` : `${op.method} ${op.path}`;
}

export interface EndpointRef {
  /** The spec file named before the method, as written. */
  file?: string;
  method: string;
  path: string;
}

const METHOD_RE = /^(get|put|post|delete|options|head|patch|trace|webhook)$/i;

/** `GET /users`, `openapi.json GET /users`, `POST https://x/v1/users` -> parts; undefined when it is none of those. */
export function parseEndpointRef(value: string): EndpointRef | undefined {
  const parts = value.trim().split(/\s+/);
  if (parts.length === 2 && METHOD_RE.test(parts[0])) return { method: parts[0].toUpperCase(), path: parts[1] };
  if (parts.length === 3 && METHOD_RE.test(parts[1])) return { file: parts[0], method: parts[1].toUpperCase(), path: parts[2] };
  // A spec path with spaces in it (`My API/openapi.json GET /x`).
  if (parts.length > 3 && METHOD_RE.test(parts[parts.length - 2]))
    return { file: parts.slice(0, -2).join(' '), method: parts[parts.length - 2].toUpperCase(), path: parts[parts.length - 1] };
  return undefined;
}

/** The label of an operation as a page writes it; with the file when the site has several specs. */
export function endpointLabel(op: ApiOperation, spec: ApiSpec, withFile: boolean): string {
  return withFile ? `${spec.rel} ${operationLabel(op)}` : operationLabel(op);
}

function samePath(a: string, b: string): boolean {
  const norm = (p: string) => (p.length > 1 ? trimTrailingSlashes(p) : p);
  return norm(a) === norm(b);
}

const SPEC_EXT = /\.(json|ya?ml)$/i;

/**
 * The specs a file prefix names, best first: the site-relative path with or without a leading `/`
 * (`openapi.json`, `/openapi.json`, `specs/api.yaml`), without its extension (`openapi`), or the
 * end of the path (`v1` for `openapi/v1.json`); a URL names the site copy that stands for it.
 * Without a prefix: every spec, in alphabetical order of their paths.
 */
export function specsNamed(specs: readonly ApiSpec[], file: string | undefined): ApiSpec[] {
  if (file === undefined) return [...specs].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const aliased = specs.filter((s) => s.aliases?.includes(file));
  if (aliased.length) return aliased;
  const f = file.replace(/^\.?\/+/, '');
  const bare = (rel: string) => rel.replace(SPEC_EXT, '');
  const exact = specs.filter((s) => s.rel === f);
  if (exact.length) return exact;
  const noExt = specs.filter((s) => bare(s.rel) === f);
  if (noExt.length) return noExt;
  return specs.filter((s) => s.rel.endsWith('/' + f) || bare(s.rel).endsWith('/' + f));
}

/** The operation of `spec` a reference names (webhooks by name; trailing `/` ignored). */
export function operationIn(spec: ApiSpec, ref: EndpointRef, baseUrls: readonly string[] = []): ApiOperation | undefined {
  if (ref.method === 'WEBHOOK') return spec.operations.find((o) => o.webhook === ref.path);
  const paths = pathCandidates(ref.path, [...baseUrls, ...serverUrls(spec.document)]);
  return spec.operations.find((o) => o.webhook === undefined && o.method === ref.method && paths.some((p) => samePath(o.path, p)));
}

export type EndpointLookup =
  | { kind: 'found'; spec: ApiSpec; operation: ApiOperation }
  | { kind: 'malformed' }
  | { kind: 'no-spec-file'; file: string }
  | { kind: 'not-found'; ref: EndpointRef; suggestion?: string };

/**
 * Finds the operation a page names. A full URL matches when it starts with one of `baseUrls` (or
 * a server of the file) and the rest is the operation's path.
 */
export function findEndpoint(specs: readonly ApiSpec[], value: string, baseUrls: readonly string[] = []): EndpointLookup {
  const ref = parseEndpointRef(value);
  if (!ref) return { kind: 'malformed' };
  const candidates = specsNamed(specs, ref.file);
  if (ref.file !== undefined && candidates.length === 0) return { kind: 'no-spec-file', file: ref.file };
  for (const spec of candidates) {
    const op = operationIn(spec, ref, baseUrls);
    if (op) return { kind: 'found', spec, operation: op };
  }
  const labels = candidates.flatMap((s) => s.operations.map(operationLabel));
  return { kind: 'not-found', ref, suggestion: nearest(`${ref.method === 'WEBHOOK' ? 'webhook' : ref.method} ${ref.path}`, labels) };
}

/** The spec's server URLs (OpenAPI 3 `servers`, Swagger 2 `host` + `basePath`). */
export function serverUrls(doc: Json): string[] {
  const servers = Array.isArray(doc.servers) ? doc.servers.map(serverUrl).filter((u): u is string => typeof u === 'string') : [];
  if (servers.length) return servers;
  if (typeof doc.host === 'string') {
    const scheme = Array.isArray(doc.schemes) && typeof doc.schemes[0] === 'string' ? doc.schemes[0] : 'https';
    return [`${scheme}://${doc.host}${typeof doc.basePath === 'string' ? doc.basePath : ''}`];
  }
  return [];
}

/** A Server object's URL with its `{variables}` replaced by their defaults. */
export function serverUrl(server: unknown): string | undefined {
  const o = obj(server);
  let url = typeof o?.url === 'string' ? o.url : undefined;
  if (!url) return undefined;
  for (const [name, v] of Object.entries(obj(o?.variables) ?? {})) {
    const def = obj(v)?.default;
    if (typeof def === 'string' || typeof def === 'number') url = url.split(`{${name}}`).join(String(def));
  }
  return url;
}

function pathCandidates(path: string, bases: string[]): string[] {
  if (!/^https?:\/\//i.test(path)) return [path];
  const out: string[] = [];
  for (const b of bases) {
    const base = trimTrailingSlashes(b);
    if (base && path.startsWith(base + '/')) out.push(path.slice(base.length));
  }
  try {
    out.push(decodeURI(new URL(path).pathname));
  } catch {
    // not a URL after all
  }
  return out;
}

/** Up to `n` endpoint labels closest to `wanted` (edit distance, path segments weighing most), close ones only. */
export function closestEndpoints(wanted: string, labels: readonly string[], n: number): string[] {
  const w = wanted.toLowerCase();
  const limit = Math.max(3, Math.floor(wanted.length / 2));
  // A label whose length differs by more than the limit is farther: no distance for it.
  const scored = labels.map((l) => l.toLowerCase()).flatMap((l, i) => (Math.abs(l.length - w.length) > limit ? [] : [{ l: labels[i], d: distance(w, l) }]));
  return scored
    .filter((s) => s.d <= limit)
    .sort((a, b) => a.d - b.d || a.l.localeCompare(b.l))
    .slice(0, n)
    .map((s) => s.l);
}

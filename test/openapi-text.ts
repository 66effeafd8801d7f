// The descriptions an OpenAPI operation's page must show, found by walking the file on its own (not
// through the renderer). The walk visits every place a description can sit: parameters (and their
// schema), the request body, responses (the JSON media type, else the first, as the page picks) and
// their headers, and in each schema its properties (allOf parts merged), array items, allOf parts,
// oneOf/anyOf variants, a map's values (additionalProperties) and the JSON Schema keywords the
// format does not read (not, prefixItems, patternProperties, if/then/else…), following `$ref`s
// (a cycle is walked once), and the security schemes. Each description it finds is either one the
// page must show or one the format leaves out, with the reason, as @mintlify/validation reads the
// file: SchemaConverter reads only properties, additionalProperties, items, allOf, oneOf and anyOf
// ("The `not` keyword is currently unsupported", the format's docs say); an allOf keeps one
// description, the schema's own else its last part's (takeLast), and a later part's property
// replaces an earlier one's; a parameter's description replaces its schema's (ParametersConverter);
// a description beside a `$ref` replaces the target's (IncrementalEvaluator); readOnly properties
// are left out of requests and writeOnly ones out of responses; the endpoint it makes has no
// response headers; SecurityConverter leaves openIdConnect out. Then the ones a page's HTML lacks,
// compared as text after Markdown rendering (whitespace ignored).
import { fromHtml } from 'hast-util-from-html';
import type { Nodes as HastNodes } from 'hast';
import { toString as mdastText } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { deref, resolveSchema } from '../server/src/openapi/operations';
import { obj, type Json } from '../server/src/util/json';

export interface Described {
  /** Where in the file, for messages: `body.items.oneOf[1]`, `body.meta.{key}`. */
  where: string;
  /** The description as written (Markdown). */
  text: string;
  /** Why the format's page leaves it out; undefined when the page must show it. */
  leftOut?: string;
}

/** As the renderer's bound: it shows six levels of nesting below a parameter, body or response. */
const MAX_DEPTH = 6;
/** Schemas one walk visits at most: shared `$ref`s can make the expanded tree grow exponentially. */
const MAX_VISITS = 100_000;

const JSON_TYPES = /^application\/(.+\+)?json\b/i;

/** Why the format leaves a description out. */
export const LEFT_OUT = {
  allOf: "an allOf keeps one description: the schema's own, else its last part's",
  replaced: "a later allOf part's property of the same name replaces it",
  beside: 'the description beside its $ref replaces it',
  parameter: "the parameter's description replaces its schema's",
  readOnly: 'readOnly: left out of requests',
  writeOnly: 'writeOnly: left out of responses',
  unread: (key: string) => `the format does not read \`${key}\``,
  headers: 'the format shows no response headers',
  openIdConnect: 'SecurityConverter leaves openIdConnect out',
  deep: `nested more than ${MAX_DEPTH} levels deep`,
  media: 'a media type the page does not pick',
} as const;

/** JSON Schema keywords holding one schema, a list or a map of them, that SchemaConverter does not read. */
const UNREAD_ONE = ['not', 'propertyNames', 'contains', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];
const UNREAD_LIST = ['prefixItems'];
const UNREAD_MAP = ['patternProperties', 'dependentSchemas', '$defs', 'definitions'];

type Hidden = 'readOnly' | 'writeOnly' | undefined;

interface Walk {
  doc: Json;
  out: Described[];
  /** The properties this tree leaves out: readOnly in a request, writeOnly in a response. */
  hide: Hidden;
  visits: { left: number };
}

function firstMedia(content: unknown): [string, Json] | undefined {
  const c = obj(content);
  if (!c) return undefined;
  const keys = Object.keys(c);
  const key = keys.find((k) => JSON_TYPES.test(k)) ?? keys[0];
  return key === undefined ? undefined : [key, obj(c[key]) ?? {}];
}

const nonBlank = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** The description a schema shows: the one beside its `$ref`, else its own, else its allOf's last part's. */
function ownDescription(doc: Json, schema: unknown, depth = 0): string | undefined {
  const s = obj(resolveSchema(doc, schema));
  if (!s || depth > 20) return undefined;
  const own = nonBlank(s.description);
  if (own || !Array.isArray(s.allOf)) return own;
  for (let i = s.allOf.length - 1; i >= 0; i--) {
    const d = ownDescription(doc, s.allOf[i], depth + 1);
    if (d) return d;
  }
  return undefined;
}

/** Descriptions along a `$ref` chain that the one beside a nearer `$ref` replaces. */
function replacedByBeside(w: Walk, schema: unknown, where: string, shown: string | undefined): void {
  let cur = schema;
  for (let i = 0; i < 20; i++) {
    const o = obj(cur);
    if (typeof o?.$ref !== 'string') return;
    cur = deref(w.doc, { $ref: o.$ref });
    const target = nonBlank(obj(cur)?.description);
    if (target && target !== shown) w.out.push({ where: `${where} ($ref)`, text: target, leftOut: LEFT_OUT.beside });
  }
}

/** Records `schema`'s own description at `where` (left out for `leftOut`), then every one inside it. */
function describeAndVisit(w: Walk, schema: unknown, where: string, depth: number, seen: Set<unknown>, leftOut: string | undefined): void {
  const d = ownDescription(w.doc, schema);
  if (d) w.out.push({ where, text: d, leftOut });
  replacedByBeside(w, schema, where, d);
  visit(w, schema, where, depth, seen, leftOut);
}

const isHidden = (w: Walk, schema: unknown) => w.hide !== undefined && obj(resolveSchema(w.doc, schema))?.[w.hide] === true;

/**
 * The properties of `s` as the page lists them: its allOf parts' merged, a later part's replacing an
 * earlier one's of the same name and its own last; hidden ones and replaced ones apart.
 */
function propertiesOf(w: Walk, s: Json, depth = 0): { kept: Map<string, unknown>; replaced: [string, unknown][]; hidden: [string, unknown][] } {
  const kept = new Map<string, unknown>();
  const replaced: [string, unknown][] = [];
  const hidden: [string, unknown][] = [];
  const add = (name: string, prop: unknown) => {
    if (isHidden(w, prop)) {
      hidden.push([name, prop]);
      return;
    }
    const before = kept.get(name);
    if (before !== undefined) replaced.push([name, before]);
    kept.set(name, prop);
  };
  if (Array.isArray(s.allOf) && depth < MAX_DEPTH)
    for (const part of s.allOf) {
      const p = obj(resolveSchema(w.doc, part));
      if (!p) continue;
      const inner = propertiesOf(w, p, depth + 1);
      replaced.push(...inner.replaced);
      hidden.push(...inner.hidden);
      for (const [k, v] of inner.kept) add(k, v);
    }
  for (const [k, v] of Object.entries(obj(s.properties) ?? {})) add(k, v);
  return { kept, replaced, hidden };
}

/** Every description inside `schema` (not its own): its properties, then what its keywords hold. */
function visit(w: Walk, schema: unknown, where: string, depth: number, seen: Set<unknown>, leftOut: string | undefined): void {
  const s = obj(resolveSchema(w.doc, schema));
  const id = deref(w.doc, schema);
  if (!s || seen.has(id) || w.visits.left-- <= 0) return;
  const next = new Set(seen).add(id);
  const below = depth >= MAX_DEPTH ? (leftOut ?? LEFT_OUT.deep) : leftOut;
  const { kept, replaced, hidden } = propertiesOf(w, s);
  for (const [name, prop] of kept) describeAndVisit(w, prop, `${where}.${name}`, depth + 1, next, below);
  for (const [name, prop] of replaced) describeAndVisit(w, prop, `${where}.${name}`, depth + 1, next, leftOut ?? LEFT_OUT.replaced);
  for (const [name, prop] of hidden) describeAndVisit(w, prop, `${where}.${name}`, depth + 1, next, leftOut ?? LEFT_OUT[w.hide!]);
  keywords(w, s, where, depth, next, leftOut);
}

/** What a schema's keywords other than `properties` hold; allOf parts' too (their properties are merged above). */
function keywords(w: Walk, s: Json, where: string, depth: number, seen: Set<unknown>, leftOut: string | undefined, partDepth = 0): void {
  const below = depth >= MAX_DEPTH ? (leftOut ?? LEFT_OUT.deep) : leftOut;
  const child = (sub: unknown, at: string, reason = below) => describeAndVisit(w, sub, at, depth + 1, seen, reason);
  // An array's items are shown at its own level, as the renderer shows them.
  const items = (sub: unknown, at: string) => describeAndVisit(w, sub, at, depth, seen, leftOut);
  if (Array.isArray(s.allOf) && partDepth < MAX_DEPTH)
    s.allOf.forEach((part, i) => {
      const at = `${where}.allOf[${i}]`;
      const d = ownDescription(w.doc, part);
      if (d) w.out.push({ where: at, text: d, leftOut: leftOut ?? LEFT_OUT.allOf });
      const p = obj(resolveSchema(w.doc, part));
      if (p && !seen.has(deref(w.doc, part))) keywords(w, p, at, depth, new Set(seen).add(deref(w.doc, part)), leftOut, partDepth + 1);
    });
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((v, i) => child(v, `${where}.${key}[${i}]`));
  if (obj(s.items)) items(s.items, `${where}[]`);
  else if (Array.isArray(s.items)) s.items.forEach((v, i) => child(v, `${where}.items[${i}]`, leftOut ?? LEFT_OUT.unread('items')));
  if (obj(s.additionalProperties)) child(s.additionalProperties, `${where}.{key}`);
  for (const key of UNREAD_ONE) if (obj(s[key])) child(s[key], `${where}.${key}`, leftOut ?? LEFT_OUT.unread(key));
  for (const key of UNREAD_LIST)
    if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((v, i) => child(v, `${where}.${key}[${i}]`, leftOut ?? LEFT_OUT.unread(key)));
  for (const key of UNREAD_MAP) for (const [name, v] of Object.entries(obj(s[key]) ?? {})) child(v, `${where}.${key}.${name}`, leftOut ?? LEFT_OUT.unread(key));
}

/** A body's or response's schema, or a parameter's: its description (unless `own` is false) and all inside. */
function schemaTexts(w: Walk, schema: unknown, where: string, own: boolean | string = true, leftOut?: string): void {
  if (own === true) describeAndVisit(w, schema, where, 0, new Set(), leftOut);
  else {
    const d = ownDescription(w.doc, schema);
    if (d) w.out.push({ where, text: d, leftOut: leftOut ?? (typeof own === 'string' ? own : undefined) });
    visit(w, schema, where, 0, new Set(), leftOut);
  }
}

/** The media of a body or response: the one the page picks, the others left out; their encodings' headers. */
function contentTexts(w: Walk, content: unknown, where: string, leftOut?: string): void {
  const picked = firstMedia(content);
  for (const [type, raw] of Object.entries(obj(content) ?? {})) {
    const media = obj(raw);
    const at = type === picked?.[0] ? where : `${where} ${type}`;
    schemaTexts(w, media?.schema, at, true, leftOut ?? (type === picked?.[0] ? undefined : LEFT_OUT.media));
    for (const [field, e] of Object.entries(obj(media?.encoding) ?? {}))
      headerTexts(w, obj(e)?.headers, `${at} encoding ${field}`, leftOut ?? LEFT_OUT.unread('encoding'));
  }
}

/** Header objects (a response's, an encoding's): their descriptions and schemas, all left out for `leftOut`. */
function headerTexts(w: Walk, headers: unknown, where: string, leftOut: string): void {
  for (const [name, raw] of Object.entries(obj(headers) ?? {})) {
    const h = obj(deref(w.doc, raw));
    if (!h) continue;
    const d = nonBlank(h.description);
    if (d) w.out.push({ where: `${where} header ${name}`, text: d, leftOut });
    schemaTexts(w, h.schema, `${where} header ${name}`, true, leftOut);
    if (h.content !== undefined) contentTexts(w, h.content, `${where} header ${name}`, leftOut);
  }
}

/** The operation `method path` (or webhook `path`) of `doc`, with its path item. */
function operationOf(doc: Json, method: string, path: string): { op: Json; item: Json; webhook: boolean } | undefined {
  const m = method.toLowerCase();
  const item = obj(deref(doc, obj(doc.paths)?.[path]));
  if (item && obj(item[m])) return { op: obj(item[m])!, item, webhook: false };
  const hook = obj(deref(doc, obj(doc.webhooks)?.[path]));
  if (hook && obj(hook[m])) return { op: obj(hook[m])!, item: hook, webhook: true };
  return undefined;
}

/** Every description of the operation `method path`, those the format leaves out marked with the reason. */
export function walkDescriptions(doc: Json, method: string, path: string): Described[] {
  const found = operationOf(doc, method, path);
  if (!found) throw new Error(`no operation ${method} ${path}`);
  const { op, item, webhook } = found;
  const out: Described[] = [];
  const walk = (hide: Hidden): Walk => ({ doc, out, hide, visits: { left: MAX_VISITS } });
  const params = new Map<string, Json>();
  for (const raw of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const p = obj(deref(doc, raw));
    if (p && typeof p.name === 'string') params.set(`${String(p.in)}\0${p.name}`, p);
  }
  for (const p of params.values()) {
    const at = `${String(p.in)}.${String(p.name)}`;
    if (p.in === 'body') {
      if (nonBlank(p.description)) out.push({ where: 'body', text: p.description as string });
      schemaTexts(walk('readOnly'), p.schema, 'body');
      continue;
    }
    const d = nonBlank(p.description);
    if (d) out.push({ where: at, text: d });
    const schema = p.schema ?? (p.type !== undefined ? { type: p.type, items: p.items } : undefined);
    schemaTexts(walk(undefined), schema, at, d ? LEFT_OUT.parameter : true);
    // ParametersConverter reads a parameter's `schema` only.
    if (p.content !== undefined) contentTexts(walk(undefined), p.content, at, LEFT_OUT.unread('content'));
  }
  const rb = obj(deref(doc, op.requestBody));
  if (rb) {
    if (nonBlank(rb.description)) out.push({ where: 'body', text: rb.description as string });
    contentTexts(walk('readOnly'), rb.content, 'body');
  }
  for (const [status, raw] of Object.entries(obj(op.responses) ?? {})) {
    const r = obj(deref(doc, raw));
    if (!r) continue;
    const at = `response ${status}`;
    if (nonBlank(r.description)) out.push({ where: at, text: r.description as string });
    if (r.content !== undefined) contentTexts(walk('writeOnly'), r.content, at);
    else schemaTexts(walk('writeOnly'), r.schema, at);
    headerTexts(walk(undefined), r.headers, at, LEFT_OUT.headers);
  }
  const schemes = obj(obj(doc.components)?.securitySchemes) ?? obj(doc.securityDefinitions) ?? {};
  const requirements = webhook ? op.security : (op.security ?? doc.security);
  for (const req of Array.isArray(requirements) ? requirements : [])
    for (const name of Object.keys(obj(req) ?? {})) {
      const s = obj(deref(doc, schemes[name]));
      const d = nonBlank(s?.description);
      if (d) out.push({ where: `security ${name}`, text: d, leftOut: s?.type === 'openIdConnect' ? LEFT_OUT.openIdConnect : undefined });
    }
  // One entry per text: shown if any place shows it.
  const unique = new Map<string, Described>();
  for (const d of out) if (!unique.has(d.text) || (unique.get(d.text)!.leftOut && !d.leftOut)) unique.set(d.text, d);
  return [...unique.values()];
}

/** Every description the page of `method path` must show. */
export function operationDescriptions(doc: Json, method: string, path: string): Described[] {
  return walkDescriptions(doc, method, path).filter((d) => !d.leftOut);
}

/** Keys whose values are data or other documents' parts, not schemas: a `description` in them is not a schema's. */
const NAMED = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions', 'headers', 'content', 'responses', 'encoding']);
const NOT_SCHEMA = new Set(['example', 'examples', 'default', 'const', 'enum', 'externalDocs', 'servers', 'links', 'callbacks', 'discriminator', 'xml']);

/**
 * Every `description` string below the operation's parameters, request body and responses, found by
 * a blind walk of the JSON (every key, `$ref`s followed, each target once): what `walkDescriptions`
 * must account for, shown or left out.
 */
export function everyDescription(doc: Json, method: string, path: string): string[] {
  const found = operationOf(doc, method, path);
  if (!found) throw new Error(`no operation ${method} ${path}`);
  const out = new Set<string>();
  const seen = new Set<unknown>();
  // `named`: the keys are names (of properties, headers…), each value a schema or an object to walk.
  const walk = (v: unknown, named = false) => {
    const beside = obj(v);
    if (beside && beside.$ref !== undefined && nonBlank(beside.description)) out.add(beside.description as string);
    const target = deref(doc, v);
    if (typeof target !== 'object' || target === null || seen.has(target)) return;
    seen.add(target);
    if (Array.isArray(target)) return target.forEach((x) => walk(x));
    for (const [k, x] of Object.entries(target)) {
      if (named) walk(x);
      else if (k === 'description' && nonBlank(x)) out.add(x as string);
      else if (!NOT_SCHEMA.has(k) && !k.startsWith('x-')) walk(x, NAMED.has(k));
    }
  };
  const { op, item } = found;
  walk(item.parameters);
  walk(op.parameters);
  walk(op.requestBody);
  walk(op.responses, true);
  return [...out];
}

const squash = (s: string) => s.replace(/\s+/g, '');

/** A description's text as a page shows it: Markdown rendered, whitespace left out. */
export function markdownText(source: string): string {
  return squash(mdastText(unified().use(remarkParse).parse(source)));
}

/** The text of an HTML page (or fragment), whitespace left out. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  const walk = (n: HastNodes) => {
    if (n.type === 'text') parts.push(n.value);
    else if (n.type === 'element' && (n.tagName === 'script' || n.tagName === 'style')) return;
    if ('children' in n) for (const c of n.children) walk(c as HastNodes);
  };
  walk(fromHtml(html));
  return squash(parts.join(''));
}

/** The descriptions of `method path` that `html` does not show. */
export function missingDescriptions(doc: Json, method: string, path: string, html: string): Described[] {
  const text = htmlText(html);
  return operationDescriptions(doc, method, path).filter((d) => !text.includes(markdownText(d.text)));
}

// ---- a fixture spec that holds every kind of description ----

const note = '#/components/schemas/Note';
export const TEXT_SPEC = {
  openapi: '3.1.0',
  info: { title: 'Acme notes', version: '1' },
  servers: [{ url: 'https://api.acme.example/v1' }],
  security: [{ bearerAuth: [] }],
  paths: {
    '/notes': {
      post: {
        summary: 'Create a note',
        requestBody: { required: true, description: 'The note to create.', content: { 'application/json': { schema: { $ref: note } } } },
        responses: {
          '201': { description: 'The created note.', content: { 'application/json': { schema: { $ref: note } } } },
          '422': {
            description: 'Invalid input.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  description: 'A validation error.',
                  properties: { errors: { type: 'array', items: { $ref: '#/components/schemas/ErrorItem' } } },
                },
              },
            },
          },
          '409': {
            description: 'The note conflicts with others.',
            headers: {
              'Retry-After': { description: 'Seconds to wait before a retry.', schema: { type: 'integer', description: 'A whole number of seconds.' } },
            },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  description: 'Conflicts by field name.',
                  additionalProperties: {
                    type: 'object',
                    description: 'One conflict.',
                    properties: { with: { type: 'string', description: 'The id of the conflicting note.' } },
                  },
                },
              },
              'text/plain': { schema: { type: 'string', description: 'The conflicts as plain text.' } },
            },
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
      get: {
        summary: 'List notes',
        security: [{ keyHeader: [] }, { keyQuery: [], keyCookie: [] }, { oauth_app: [] }, { oidc: [] }, { basicAuth: [] }],
        parameters: [
          {
            name: 'limit',
            in: 'query',
            description: 'How many notes to return.',
            schema: { type: 'integer', description: 'Replaced by the parameter description.' },
          },
          {
            name: 'filter',
            in: 'query',
            schema: {
              description: 'A search text or a structured filter.',
              oneOf: [
                { type: 'string', description: 'Words the note must contain.' },
                {
                  type: 'object',
                  title: 'Structured',
                  description: 'Fields to match.',
                  properties: { author: { type: 'string', description: 'Only notes by this author.' } },
                },
              ],
            },
          },
          { name: 'Acme-Version', in: 'header', schema: { type: 'string', enum: ['2024-01-01', '2025-01-15'], description: 'The API version to use.' } },
          { $ref: '#/components/parameters/Cursor' },
          {
            name: 'meta',
            in: 'query',
            style: 'deepObject',
            schema: {
              type: 'object',
              description: 'Metadata the notes must have.',
              additionalProperties: { type: 'string', description: 'The value a metadata key must have.' },
            },
          },
          {
            name: 'sort',
            in: 'query',
            content: { 'application/json': { schema: { type: 'object', description: 'A sort order as JSON, not read by the format.' } } },
          },
        ],
        responses: {
          '200': {
            description: 'The notes, newest first.',
            content: {
              'application/json': {
                schema: { type: 'array', description: 'A page of notes.', items: { anyOf: [{ $ref: note }, { $ref: '#/components/schemas/Archived' }] } },
              },
            },
            headers: { 'X-Next-Cursor': { $ref: '#/components/headers/NextCursor' } },
          },
        },
      },
    },
  },
  components: {
    parameters: {
      Cursor: { name: 'cursor', in: 'query', description: 'Where the page starts.', schema: { type: 'string' } },
    },
    responses: {
      NotFound: {
        description: 'No such notebook.',
        content: { 'application/json': { schema: { type: 'object', properties: { notebook: { type: 'string', description: 'The notebook looked for.' } } } } },
      },
    },
    headers: {
      NextCursor: { description: 'The cursor of the next page.', schema: { type: 'string' } },
    },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'A **workspace** token from Settings, API tokens.' },
      basicAuth: { type: 'http', scheme: 'basic' },
      keyHeader: { type: 'apiKey', in: 'header', name: 'X-Acme-Key', description: 'The project key, sent as a header.' },
      keyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'A read-only key in the query string.' },
      keyCookie: { type: 'apiKey', in: 'cookie', name: 'acme_session', description: 'The session cookie of the dashboard.' },
      oauth_app: {
        type: 'oauth2',
        description: 'An OAuth 2.0 access token with the `notes:read` scope.',
        flows: { clientCredentials: { tokenUrl: 'https://acme.example/token', scopes: { 'notes:read': 'Read notes' } } },
      },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://acme.example/.well-known/openid-configuration', description: 'Left out by the format.' },
    },
    schemas: {
      Base: {
        type: 'object',
        description: 'Replaced by the description of the last allOf part.',
        properties: { id: { type: 'string', description: 'The resource id.' } },
      },
      Note: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          {
            type: 'object',
            description: 'A note with its content.',
            required: ['title'],
            properties: {
              title: { type: 'string', description: 'The note title.' },
              content: {
                oneOf: [
                  { type: 'string', description: 'Plain text content.' },
                  {
                    type: 'object',
                    title: 'Rich',
                    description: 'Rich content blocks.',
                    properties: {
                      blocks: {
                        type: 'array',
                        description: 'The blocks in order.',
                        items: { anyOf: [{ $ref: '#/components/schemas/TextBlock' }, { $ref: '#/components/schemas/ImageBlock' }] },
                      },
                    },
                  },
                ],
              },
              priority: {
                anyOf: [
                  { type: 'integer', format: 'int32', minimum: 1, maximum: 5, description: 'A priority from 1 to 5.' },
                  { type: 'string', enum: ['low', 'high'], description: 'A named priority.' },
                ],
              },
              due: { anyOf: [{ type: 'string', format: 'date-time', description: 'When the note is due.' }, { type: 'null' }] },
              tags: { type: 'array', description: 'Labels of the note.', items: { type: 'string', description: 'One label, in lower case.' } },
              refs: {
                type: 'array',
                description: 'Linked notes.',
                items: {
                  oneOf: [
                    { type: 'string', format: 'uuid', description: 'A note id.' },
                    { type: 'integer', description: 'A legacy numeric id.' },
                  ],
                },
              },
              metadata: {
                type: 'object',
                description: 'Free-form labels.',
                additionalProperties: { type: 'string', description: 'A label value, at most 64 characters.' },
              },
              reactions: { type: 'object', description: 'Reactions by emoji.', additionalProperties: { $ref: '#/components/schemas/Reaction' } },
              history: {
                type: 'object',
                description: 'Revisions by editor.',
                additionalProperties: { type: 'array', description: "An editor's revisions.", items: { type: 'integer', description: 'A revision number.' } },
              },
              settings: {
                type: 'object',
                description: 'Display settings by device.',
                additionalProperties: {
                  oneOf: [
                    { type: 'boolean', description: 'On or off for the device.' },
                    {
                      type: 'object',
                      title: 'Detailed',
                      description: 'Settings in detail.',
                      properties: { theme: { type: 'string', description: 'The theme on the device.' } },
                    },
                  ],
                },
              },
              sections: {
                type: 'array',
                description: 'Sections of the note.',
                items: {
                  type: 'object',
                  description: 'One section: headings by level.',
                  additionalProperties: { type: 'string', description: 'A heading text.' },
                },
              },
              grid: {
                type: 'array',
                description: 'A table.',
                items: { type: 'array', description: 'A row.', items: { type: 'integer', description: 'A cell.' } },
              },
              slug: {
                type: 'string',
                description: 'A URL name.',
                not: { enum: ['new', 'edit'], description: 'Never a reserved word (not: left out by the format).' },
              },
              pin: {
                type: 'array',
                description: 'Where the note is pinned.',
                prefixItems: [{ type: 'number', description: 'The column (prefixItems: left out by the format).' }],
              },
              extras: {
                type: 'object',
                description: 'Extension fields.',
                patternProperties: { '^x-': { type: 'string', description: 'An extension value (patternProperties: left out).' } },
              },
              editor: { $ref: '#/components/schemas/Person', description: 'Who last edited it.' },
              createdAt: { type: 'string', format: 'date-time', readOnly: true, description: 'When it was created, set by the server.' },
              secret: { type: 'string', writeOnly: true, description: 'A passphrase, never returned.' },
              author: {
                type: 'object',
                description: 'Who wrote it.',
                properties: {
                  name: { type: 'string', description: "The author's display name." },
                  address: { type: 'object', description: 'Postal address.', properties: { city: { type: 'string', description: 'City name.' } } },
                },
              },
            },
          },
        ],
      },
      Archived: {
        type: 'object',
        title: 'Archived note',
        description: 'A note moved to the archive.',
        properties: { archivedAt: { type: 'string', format: 'date-time', description: 'When it was archived.' } },
      },
      TextBlock: {
        type: 'object',
        title: 'Text block',
        description: 'A paragraph of text.',
        properties: { text: { type: 'string', description: 'The paragraph text.' } },
      },
      ImageBlock: { type: 'object', description: 'An image.', properties: { url: { type: 'string', format: 'uri', description: 'Where the image is.' } } },
      Reaction: {
        type: 'object',
        description: 'The reactions with one emoji.',
        properties: { count: { type: 'integer', description: 'How many readers reacted.' } },
      },
      Person: {
        type: 'object',
        description: 'A person (replaced by the description beside the $ref).',
        properties: {
          name: { type: 'string', description: "The person's full name." },
          manager: { $ref: '#/components/schemas/Person', description: 'Their manager, a person too.' },
        },
      },
      ErrorItem: { type: 'object', description: 'One problem.', properties: { field: { type: 'string', description: 'The field at fault.' } } },
    },
  },
};

/** A site with one page per operation of TEXT_SPEC: `create.mdx` (POST /notes), `list.mdx` (GET /notes). */
export function textSite(): Record<string, string> {
  const page = (title: string, op: string) => `---\ntitle: "${title}"\nopenapi: "${op}"\n---\n`;
  return {
    'docs.json': JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['create', 'list'] }] },
    }),
    'openapi.json': JSON.stringify(TEXT_SPEC, null, 2),
    'create.mdx': page('Create a note', 'POST /notes'),
    'list.mdx': page('List notes', 'GET /notes'),
  };
}

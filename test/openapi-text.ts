// The descriptions an OpenAPI operation's page must show, found by walking the file on its own (not
// through the renderer): parameters, request body, responses (the JSON media type, else the first,
// as the page picks), nested properties, array items, allOf parts, oneOf/anyOf variants, objects'
// additionalProperties, and the security schemes the format shows (apiKey, http basic/bearer,
// oauth2: @mintlify/validation's SecurityConverter leaves openIdConnect out). An allOf keeps one
// description, the schema's own else its last part's (SchemaConverter's takeLast), and a
// parameter's description replaces its schema's (ParametersConverter). Then the ones a page's HTML
// lacks, compared as text after Markdown rendering (whitespace ignored).
import { fromHtml } from 'hast-util-from-html';
import type { Nodes as HastNodes } from 'hast';
import { toString as mdastText } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { deref } from '../server/src/openapi/operations';
import { obj, type Json } from '../server/src/util/json';

export interface Described {
  /** Where in the file, for messages: `body.items.oneOf[1]`. */
  where: string;
  /** The description as written (Markdown). */
  text: string;
}

/** As the renderer's bound: it shows six levels of nesting below a parameter, body or response. */
const MAX_DEPTH = 6;

const JSON_TYPES = /^application\/(.+\+)?json\b/i;

function firstMedia(content: unknown): Json | undefined {
  const c = obj(content);
  if (!c) return undefined;
  const keys = Object.keys(c);
  const key = keys.find((k) => JSON_TYPES.test(k)) ?? keys[0];
  return key === undefined ? undefined : obj(c[key]);
}

/** The description an allOf shows: its own, else its last part's that has one. */
function ownDescription(doc: Json, schema: unknown, depth = 0): string | undefined {
  const s = obj(deref(doc, schema));
  if (!s || depth > 20) return undefined;
  if (typeof s.description === 'string' && s.description.trim()) return s.description;
  if (!Array.isArray(s.allOf)) return undefined;
  for (let i = s.allOf.length - 1; i >= 0; i--) {
    const d = ownDescription(doc, s.allOf[i], depth + 1);
    if (d) return d;
  }
  return undefined;
}

/** Descriptions inside `schema` (not its own), to `MAX_DEPTH` levels. */
function inner(doc: Json, schema: unknown, where: string, depth: number, seen: Set<unknown>, out: Described[]): void {
  const s = obj(deref(doc, schema));
  if (!s || depth > MAX_DEPTH || seen.has(s)) return;
  const next = new Set(seen).add(s);
  const child = (sub: unknown, at: string) => {
    const d = ownDescription(doc, sub);
    if (d) out.push({ where: at, text: d });
    inner(doc, sub, at, depth + 1, next, out);
  };
  for (const [name, prop] of Object.entries(obj(s.properties) ?? {})) child(prop, `${where}.${name}`);
  if (Array.isArray(s.allOf)) s.allOf.forEach((part, i) => inner(doc, part, `${where}.allOf[${i}]`, depth + 1, next, out));
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((v, i) => child(v, `${where}.${key}[${i}]`));
  if (s.items !== undefined) child(s.items, `${where}[]`);
  if (obj(s.additionalProperties)) child(s.additionalProperties, `${where}.*`);
}

function schemaTexts(doc: Json, schema: unknown, where: string, out: Described[], own = true): void {
  const d = own ? ownDescription(doc, schema) : undefined;
  if (d) out.push({ where, text: d });
  inner(doc, schema, where, 0, new Set(), out);
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

/** Every description the page of `method path` must show. */
export function operationDescriptions(doc: Json, method: string, path: string): Described[] {
  const found = operationOf(doc, method, path);
  if (!found) throw new Error(`no operation ${method} ${path}`);
  const { op, item, webhook } = found;
  const out: Described[] = [];
  const params = new Map<string, Json>();
  for (const raw of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const p = obj(deref(doc, raw));
    if (p && typeof p.name === 'string') params.set(`${String(p.in)}\0${p.name}`, p);
  }
  for (const p of params.values()) {
    const at = `${String(p.in)}.${String(p.name)}`;
    if (p.in === 'body') {
      if (typeof p.description === 'string') out.push({ where: 'body', text: p.description });
      schemaTexts(doc, p.schema, 'body', out);
      continue;
    }
    const d = typeof p.description === 'string' && p.description.trim() ? p.description : undefined;
    if (d) out.push({ where: at, text: d });
    const schema = p.schema ?? (p.type !== undefined ? { type: p.type, items: p.items } : undefined);
    schemaTexts(doc, schema, at, out, !d);
  }
  const rb = obj(deref(doc, op.requestBody));
  if (rb) {
    if (typeof rb.description === 'string') out.push({ where: 'body', text: rb.description });
    schemaTexts(doc, firstMedia(rb.content)?.schema, 'body', out);
  }
  for (const [status, raw] of Object.entries(obj(op.responses) ?? {})) {
    const r = obj(deref(doc, raw));
    if (!r) continue;
    if (typeof r.description === 'string') out.push({ where: `response ${status}`, text: r.description });
    schemaTexts(doc, firstMedia(r.content)?.schema ?? r.schema, `response ${status}`, out);
  }
  const schemes = obj(obj(doc.components)?.securitySchemes) ?? obj(doc.securityDefinitions) ?? {};
  const requirements = webhook ? op.security : (op.security ?? doc.security);
  for (const req of Array.isArray(requirements) ? requirements : [])
    for (const name of Object.keys(obj(req) ?? {})) {
      const s = obj(deref(doc, schemes[name]));
      if (s && s.type !== 'openIdConnect' && typeof s.description === 'string') out.push({ where: `security ${name}`, text: s.description });
    }
  const unique = new Map<string, Described>();
  for (const d of out) if (d.text.trim() && !unique.has(d.text)) unique.set(d.text, d);
  return [...unique.values()];
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
        ],
        responses: {
          '200': {
            description: 'The notes, newest first.',
            content: {
              'application/json': {
                schema: { type: 'array', description: 'A page of notes.', items: { anyOf: [{ $ref: note }, { $ref: '#/components/schemas/Archived' }] } },
              },
            },
          },
        },
      },
    },
  },
  components: {
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

// One endpoint as API pages show it, whatever it comes from: an operation of an OpenAPI file
// (parameters merged from the path item, `$ref`s resolved, Swagger 2.0 body/form parameters read as
// a request body; a schema's `$ref` resolved keeping the keys beside it, as the format does), or a
// page that documents it by hand (`api:` front matter + <ParamField>s).
// Also the credentials the playground asks for: `api.auth` of docs.json, else the operation's
// security requirement in the file; and the security options the reference lists, with the schemes'
// descriptions. Pure data in, data out.
import { deref, resolveSchema, serverUrl, serverUrls, type ApiOperation, type ApiSpec } from './operations';
import { obj, str, type Json } from '../util/json';
import { trimTrailingSlashes } from '../util/paths';

export type PlaygroundMode = 'show' | 'simple' | 'hide';

export interface ApiSettings {
  /** Base URLs the playground offers (classic `api.baseUrl`, current `api.mdx.server`); empty: the OpenAPI file's servers. */
  baseUrls: string[];
  /** How the playground sends credentials (classic `api.auth`, current `api.mdx.auth`). */
  auth?: { method: 'bearer' | 'basic' | 'key'; name?: string; inputPrefix?: string };
  /** Classic `api.playground.mode`; current `api.playground.display` (interactive/auth -> show, none -> hide). */
  playground: PlaygroundMode;
  /** Key order follows the OpenAPI file (classic `api.maintainOrder`; the current format always does). */
  maintainOrder: boolean;
  /** The `openapi` entries as written (paths or URLs). */
  openapi: string[];
  /** Cross-origin playground requests send cookies (current `api.playground.credentials`). */
  credentials: boolean;
  /** Request examples are generated (current `api.examples.autogenerate`, default true); else only the spec's code samples show. */
  autogenerate: boolean;
  /** The languages of generated examples, keys in order (current `api.examples.languages`; openapi/languages.ts). */
  exampleLanguages?: readonly string[];
  /** Current `api.examples.defaults`: `required` leaves optional parameters and body properties out of the examples. */
  exampleDefaults?: 'required' | 'all';
}

/** A request example written in the spec (`x-codeSamples`, or `x-code-samples`), as @mintlify/validation reads it. */
export interface CodeSample {
  lang: string;
  label?: string;
  source: string;
}

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ApiParam {
  name: string;
  in: ParamLocation;
  required: boolean;
  description?: string;
  /** The parameter's schema, `$ref` resolved (a plain `{ type }` for hand-documented ones). */
  schema?: Json;
  deprecated: boolean;
  example?: unknown;
}

export interface ApiBody {
  mediaType: string;
  schema?: Json;
  required: boolean;
  description?: string;
  example?: unknown;
}

export interface ApiResponse {
  status: string;
  description?: string;
  mediaType?: string;
  schema?: Json;
  example?: unknown;
}

export interface ApiAuth {
  method: 'bearer' | 'basic' | 'key';
  /** Where a key goes (bearer and basic: the Authorization header). */
  in: 'header' | 'query' | 'cookie';
  /** Header or query name of a key; for basic, `username:password` names. */
  name: string;
  inputPrefix?: string;
}

/** A credential a security option asks for, as the reference shows it. */
export interface ApiSecurityField {
  /** Header, query or cookie name (`Authorization` for http and oauth2). */
  name: string;
  in: 'header' | 'query' | 'cookie';
  type: 'http' | 'apiKey' | 'oauth2';
  /** For http: `basic` or `bearer`. */
  scheme?: 'basic' | 'bearer';
  /** The scheme's own `description` (Markdown). */
  description?: string;
}

/** One security requirement of an operation: the credentials sent together. */
export interface ApiSecurityOption {
  /** The schemes' names as the format titles them (`api_key` -> `api key`, several joined by ` & `). */
  title: string;
  fields: ApiSecurityField[];
}

export interface Endpoint {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  /** Base URLs in order: docs.json's, else the file's servers. */
  baseUrls: string[];
  params: ApiParam[];
  body?: ApiBody;
  responses: ApiResponse[];
  auth?: ApiAuth;
  /** The operation's security requirements that ask for credentials (spec endpoints only). */
  security?: ApiSecurityOption[];
  /** The OpenAPI document, to resolve `$ref`s in schemas (undefined for hand-documented endpoints). */
  document?: Json;
  /** The operation's own request examples (`x-codeSamples`), in the order written. */
  codeSamples?: CodeSample[];
  /** Whether generated request examples show beside them (`api.examples.autogenerate`). */
  autogenerate?: boolean;
  /** The languages of the generated examples, in order (`api.examples.languages`); the default three when undefined. */
  exampleLanguages?: readonly string[];
  /** `api.examples.defaults`. */
  exampleDefaults?: 'required' | 'all';
}

/** Base URLs the playground may call: http(s), or a path on the site's own host. */
const isHttpBase = (url: string): boolean => /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
const JSON_TYPES = /^application\/(.+\+)?json\b/i;

/** The media type shown and sent: JSON first, then the first one written. */
function pickMedia(content: unknown): [string, Json] | undefined {
  const c = obj(content);
  if (!c) return undefined;
  const keys = Object.keys(c);
  const key = keys.find((k) => JSON_TYPES.test(k)) ?? keys[0];
  return key === undefined ? undefined : [key, obj(c[key]) ?? {}];
}

/** `example`, else the first of `examples` (OpenAPI 3 Example objects or a 3.1 schema's array). */
export function mediaExample(doc: Json, media: Json | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const ex = media.examples;
  if (Array.isArray(ex)) return ex[0];
  const first = obj(ex) && Object.values(ex as Json)[0];
  const resolved = obj(deref(doc, first));
  return resolved && 'value' in resolved ? resolved.value : undefined;
}

function readParam(doc: Json, raw: unknown): ApiParam | undefined {
  const p = obj(deref(doc, raw));
  const name = str(p?.name);
  const where = str(p?.in);
  if (!p || !name || !where || !LOCATIONS.has(where)) return undefined;
  // Swagger 2.0 keeps type/format/enum/default on the parameter itself.
  const schema =
    obj(resolveSchema(doc, p.schema)) ??
    (p.type !== undefined ? { type: p.type, format: p.format, enum: p.enum, default: p.default, items: p.items } : undefined);
  const example = p.example !== undefined ? p.example : mediaExample(doc, { examples: p.examples });
  return {
    name,
    in: where as ParamLocation,
    required: where === 'path' || p.required === true,
    description: str(p.description),
    schema,
    deprecated: p.deprecated === true,
    example,
  };
}

/** The endpoint of an operation of a spec; `settings` gives docs.json's base URLs and auth. */
export function endpointFromSpec(spec: ApiSpec, op: ApiOperation, settings: ApiSettings | undefined): Endpoint {
  const doc = spec.document;
  const o = op.operation;
  // Operation parameters override path-item ones with the same name and location.
  const params = new Map<string, ApiParam>();
  let swaggerBody: ApiBody | undefined;
  const form: Json = {};
  const formRequired: string[] = [];
  for (const raw of [...(Array.isArray(op.pathItem.parameters) ? op.pathItem.parameters : []), ...(Array.isArray(o.parameters) ? o.parameters : [])]) {
    const p = obj(deref(doc, raw));
    if (p?.in === 'body') {
      swaggerBody = {
        mediaType: 'application/json',
        schema: obj(resolveSchema(doc, p.schema)),
        required: p.required === true,
        description: str(p.description),
      };
      continue;
    }
    if (p?.in === 'formData' && typeof p.name === 'string') {
      form[p.name] = { type: p.type, format: p.format, description: p.description, enum: p.enum, default: p.default };
      if (p.required === true) formRequired.push(p.name);
      continue;
    }
    const param = readParam(doc, raw);
    if (param) params.set(`${param.in}\0${param.name}`, param);
  }
  let body: ApiBody | undefined = swaggerBody;
  const rb = obj(deref(doc, o.requestBody));
  const media = pickMedia(rb?.content);
  if (rb && media) {
    body = {
      mediaType: media[0],
      schema: obj(resolveSchema(doc, media[1].schema)),
      required: rb.required === true,
      description: str(rb.description),
      example: mediaExample(doc, media[1]),
    };
  } else if (!body && Object.keys(form).length) {
    body = {
      mediaType: 'application/x-www-form-urlencoded',
      schema: { type: 'object', properties: form, required: formRequired },
      required: formRequired.length > 0,
    };
  }
  const responses: ApiResponse[] = [];
  for (const [status, raw] of Object.entries(obj(o.responses) ?? {})) {
    const r = obj(deref(doc, raw));
    if (!r) continue;
    const m = pickMedia(r.content);
    const swaggerSchema = obj(resolveSchema(doc, r.schema));
    const swaggerExample = obj(r.examples) ? Object.values(r.examples as Json)[0] : undefined;
    responses.push({
      status,
      description: str(r.description),
      mediaType: m?.[0] ?? (swaggerSchema ? 'application/json' : undefined),
      schema: m ? obj(resolveSchema(doc, m[1].schema)) : swaggerSchema,
      example: m ? mediaExample(doc, m[1]) : swaggerExample,
    });
  }
  const servers = [o.servers, op.pathItem.servers, doc.servers].find((s) => Array.isArray(s) && s.length) as unknown[] | undefined;
  const fileBases = servers ? servers.map(serverUrl).filter((u): u is string => !!u) : serverUrls(doc);
  return {
    method: op.method,
    path: op.path,
    summary: op.summary,
    description: str(o.description),
    deprecated: op.deprecated,
    baseUrls: (settings?.baseUrls.length ? settings.baseUrls : fileBases).filter(isHttpBase),
    params: [...params.values()],
    body,
    responses,
    auth: authFor(doc, o, settings),
    security: referenceSecurity(doc, o, op.webhook !== undefined, settings),
    document: doc,
    codeSamples: codeSamples(o),
    autogenerate: settings?.autogenerate ?? true,
    exampleLanguages: settings?.exampleLanguages,
    exampleDefaults: settings?.exampleDefaults,
  };
}

/** `x-codeSamples` (else `x-code-samples`): each sample with a string `lang` and `source`; the rest are left out. */
function codeSamples(op: Json): CodeSample[] | undefined {
  const raw = 'x-codeSamples' in op ? op['x-codeSamples'] : op['x-code-samples'];
  if (!Array.isArray(raw)) return undefined;
  const out: CodeSample[] = [];
  for (const item of raw) {
    const c = obj(item);
    if (!c || typeof c.lang !== 'string' || typeof c.source !== 'string') continue;
    out.push({ lang: c.lang, label: typeof c.label === 'string' ? c.label : undefined, source: c.source });
  }
  return out;
}

/** A hand-documented endpoint (`api: "POST /notes"` or a full URL) with the page's parameter fields. */
export function endpointFromPage(
  method: string,
  pathOrUrl: string,
  params: ApiParam[],
  body: ApiBody | undefined,
  settings: ApiSettings | undefined,
): Endpoint {
  let path = pathOrUrl;
  let bases = settings?.baseUrls ?? [];
  const full = /^(https?:\/\/[^/]+)(\/.*)?$/i.exec(pathOrUrl);
  if (full) {
    const configured = bases.find((b) => pathOrUrl.startsWith(trimTrailingSlashes(b) + '/'));
    if (configured) {
      path = pathOrUrl.slice(trimTrailingSlashes(configured).length);
      bases = [configured];
    } else {
      path = full[2] ?? '/';
      bases = [full[1]];
    }
  }
  return {
    method,
    path,
    deprecated: false,
    baseUrls: bases.filter(isHttpBase),
    params,
    body,
    responses: [],
    auth: authFor({}, {}, settings),
    autogenerate: settings?.autogenerate ?? true,
    exampleLanguages: settings?.exampleLanguages,
    exampleDefaults: settings?.exampleDefaults,
  };
}

/** docs.json's `api.auth` first; else the first security requirement of the operation (or file) the playground can send. */
export function authFor(doc: Json, op: Json, settings: ApiSettings | undefined): ApiAuth | undefined {
  const schemes = obj(obj(doc.components)?.securitySchemes) ?? obj(doc.securityDefinitions) ?? {};
  const configured = settings?.auth;
  if (configured) {
    if (configured.method === 'basic')
      return { method: 'basic', in: 'header', name: configured.name ?? 'username:password', inputPrefix: configured.inputPrefix };
    if (configured.method === 'bearer') return { method: 'bearer', in: 'header', name: 'Authorization', inputPrefix: configured.inputPrefix };
    const name = configured.name ?? 'Authorization';
    // Where the key goes: the file's apiKey scheme of that name says; a header otherwise.
    const scheme = Object.values(schemes)
      .map((s) => obj(deref(doc, s)))
      .find((s) => s?.type === 'apiKey' && s.name === name);
    const where = scheme?.in === 'query' || scheme?.in === 'cookie' ? scheme.in : 'header';
    return { method: 'key', in: where, name, inputPrefix: configured.inputPrefix };
  }
  const requirements = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  for (const req of requirements) {
    for (const schemeName of Object.keys(obj(req) ?? {})) {
      const s = obj(deref(doc, schemes[schemeName]));
      if (!s) continue;
      const scheme = str(s.scheme)?.toLowerCase();
      if ((s.type === 'http' && scheme === 'bearer') || s.type === 'oauth2' || s.type === 'openIdConnect')
        return { method: 'bearer', in: 'header', name: 'Authorization' };
      if ((s.type === 'http' && scheme === 'basic') || s.type === 'basic') return { method: 'basic', in: 'header', name: 'username:password' };
      if (s.type === 'apiKey' && typeof s.name === 'string')
        return { method: 'key', in: s.in === 'query' || s.in === 'cookie' ? s.in : 'header', name: s.name };
    }
  }
  return undefined;
}

/** The file's security options; without any, docs.json's `api.auth` as the format words it (getSecurityOptionsForAuthMethod). */
function referenceSecurity(doc: Json, op: Json, webhook: boolean, settings: ApiSettings | undefined): ApiSecurityOption[] {
  const own = securityOptions(doc, op, webhook);
  const configured = settings?.auth && authFor(doc, op, settings);
  if (own.length || !configured) return own;
  if (configured.method === 'key') return [{ title: 'API Key Auth', fields: [{ name: configured.name, in: configured.in, type: 'apiKey' }] }];
  return [
    {
      title: configured.method === 'bearer' ? 'Bearer Auth' : 'Basic Auth',
      fields: [{ name: 'Authorization', in: 'header', type: 'http', scheme: configured.method }],
    },
  ];
}

/**
 * The operation's security requirements as @mintlify/validation's SecurityConverter reads them: the
 * operation's `security`, else the file's (a webhook only its own); apiKey in a header, query or
 * cookie, http basic or bearer and oauth2 as the Authorization header, each with its scheme's
 * description; openIdConnect and other http schemes ask for nothing shown. Requirements asking for
 * nothing (`{}`) are left out.
 */
export function securityOptions(doc: Json, op: Json, webhook: boolean): ApiSecurityOption[] {
  const schemes = obj(obj(doc.components)?.securitySchemes) ?? obj(doc.securityDefinitions) ?? {};
  const requirements = webhook ? op.security : (op.security ?? doc.security);
  const out: ApiSecurityOption[] = [];
  for (const req of Array.isArray(requirements) ? requirements : []) {
    const names = Object.keys(obj(req) ?? {});
    // By location and name: a later scheme for the same header replaces an earlier one, as in the format.
    const fields = new Map<string, ApiSecurityField>();
    const add = (f: ApiSecurityField) => fields.set(`${f.in}\0${f.name}`, f);
    for (const name of names) {
      const s = obj(deref(doc, schemes[name]));
      if (!s) continue;
      const description = str(s.description)?.trim() ? str(s.description) : undefined;
      const scheme = str(s.scheme)?.toLowerCase();
      if (s.type === 'apiKey' && typeof s.name === 'string' && (s.in === 'header' || s.in === 'query' || s.in === 'cookie'))
        add({ name: s.name, in: s.in, type: 'apiKey', description });
      // Swagger 2.0's `basic` is OpenAPI 3's http basic.
      else if ((s.type === 'http' && (scheme === 'basic' || scheme === 'bearer')) || s.type === 'basic')
        add({ name: 'Authorization', in: 'header', type: 'http', scheme: scheme === 'bearer' ? 'bearer' : 'basic', description });
      else if (s.type === 'oauth2') add({ name: 'Authorization', in: 'header', type: 'oauth2', description });
    }
    if (fields.size) out.push({ title: names.map((n) => n.replace(/[_-]/g, ' ')).join(' & '), fields: [...fields.values()] });
  }
  return out;
}

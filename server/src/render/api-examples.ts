// Example values from schemas, and the request examples of an endpoint in curl, JavaScript (fetch)
// and Python (requests), the other languages of `api.examples.languages` through HTTPSnippet. Values from the OpenAPI file end up in code only through JSON.stringify
// (string literals) or shell single quotes with quotes escaped, never spliced in raw.
import type { ApiAuth, ApiParam, Endpoint } from '../openapi/endpoint';
import { deref, resolveSchema } from '../openapi/operations';
import { obj, type Json } from '../util/json';
import { trimTrailingSlashes } from '../util/paths';
import type { ApiLanguage } from '../openapi/languages';
import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';

type TargetId = Parameters<HTTPSnippet['convert']>[0];

const MAX_DEPTH = 6;
/** Schemas one example visits at most: `$ref`s can share schemas so that the expanded tree grows exponentially. */
const MAX_VALUES = 1000;

/**
 * Properties a request or a response leaves out: readOnly ones are not sent, writeOnly ones not
 * returned (@mintlify/validation's SchemaConverter drops them by location before anything is shown).
 */
export type HiddenProperties = 'readOnly' | 'writeOnly';

/** Whether a property schema is one `hide` leaves out. */
export function isHiddenProperty(doc: Json, schema: unknown, hide: HiddenProperties | undefined): boolean {
  return hide !== undefined && obj(resolveSchema(doc, schema))?.[hide] === true;
}

/**
 * An example value for a schema: its example, default, first enum value, or one made from its type;
 * `hide` leaves out the readOnly properties of a request or the writeOnly ones of a response.
 */
export function exampleOf(doc: Json, schema: unknown, hide?: HiddenProperties, requiredOnly = false): unknown {
  return valueOf(doc, schema, hide, 0, new Set(), { left: MAX_VALUES, requiredOnly });
}

/** What one example's walk shares: schemas it may still visit, and whether optional properties are left out (`api.examples.defaults` `required`). */
interface Walk {
  left: number;
  requiredOnly: boolean;
}

function valueOf(doc: Json, schema: unknown, hide: HiddenProperties | undefined, depth: number, seen: Set<unknown>, budget: Walk): unknown {
  const s = obj(deref(doc, schema));
  if (!s || depth > MAX_DEPTH || seen.has(s) || budget.left-- <= 0) return undefined;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const next = new Set(seen).add(s);
  // The allOf parts' objects merged, then the schema's own properties beside them.
  let merged: Json | undefined;
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => valueOf(doc, p, hide, depth + 1, next, budget));
    if (!parts.every((p) => obj(p) || p === undefined)) return parts.find((p) => p !== undefined);
    merged = {};
    for (const part of parts) if (part) Object.assign(merged, part);
    if (!obj(s.properties)) return merged;
  }
  if (!merged)
    for (const key of ['oneOf', 'anyOf'] as const)
      if (Array.isArray(s[key]) && (s[key] as unknown[]).length) return valueOf(doc, (s[key] as unknown[])[0], hide, depth + 1, next, budget);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || obj(s.properties)) {
    const out: Json = merged ?? {};
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    for (const [k, v] of Object.entries(obj(s.properties) ?? {})) {
      if (isHiddenProperty(doc, v, hide) || (budget.requiredOnly && !required.has(k))) continue;
      const value = valueOf(doc, v, hide, depth + 1, next, budget);
      if (value !== undefined) out[k] = value;
    }
    return out;
  }
  if (type === 'array') {
    const item = valueOf(doc, s.items, hide, depth + 1, next, budget);
    return item === undefined ? [] : [item];
  }
  if (type === 'integer') return 123;
  if (type === 'number') return 123.45;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'string') {
    switch (s.format) {
      case 'date-time':
        return '2024-01-15T09:30:00Z';
      case 'date':
        return '2024-01-15';
      case 'email':
        return 'jane@example.com';
      case 'uuid':
        return '3c90c3cc-0d44-4b50-8888-8dd25736052a';
      case 'uri':
      case 'url':
        return 'https://example.com';
      default:
        return '<string>';
    }
  }
  return undefined;
}

/** A parameter's example as text: its example, else its schema's, else `<name>`. */
export function paramExample(endpoint: Endpoint, p: ApiParam): string {
  const v = p.example !== undefined ? p.example : exampleOf(endpoint.document ?? {}, p.schema);
  return v === undefined || v === '<string>' || typeof v === 'object' ? `<${p.name}>` : String(v);
}

/** The body example: the media type's example, else one made from the schema (readOnly properties left out). */
export function bodyExample(endpoint: Endpoint): unknown {
  const b = endpoint.body;
  if (!b) return undefined;
  return b.example !== undefined ? b.example : exampleOf(endpoint.document ?? {}, b.schema, 'readOnly', endpoint.exampleDefaults === 'required');
}

interface Request {
  url: string;
  headers: [string, string][];
  /** Body text (JSON pretty-printed, or form-encoded). */
  body?: string;
  json?: unknown;
  basic?: [string, string];
}

const AUTH_PLACEHOLDER = '<token>';

/** The request an example shows: required and exemplified parameters, the auth as a placeholder. */
export function exampleRequest(endpoint: Endpoint, baseUrl: string | undefined): Request {
  let path = endpoint.path;
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  for (const p of endpoint.params) {
    const value = paramExample(endpoint, p);
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(value).replace(/%3C/g, '<').replace(/%3E/g, '>'));
    else if (!p.required && (p.example === undefined || endpoint.exampleDefaults === 'required')) continue;
    else if (p.in === 'query') query.push([p.name, value]);
    else if (p.in === 'header') headers.push([p.name, value]);
  }
  const auth: ApiAuth | undefined = endpoint.auth;
  let basic: [string, string] | undefined;
  if (auth?.method === 'bearer') headers.unshift(['Authorization', `Bearer ${AUTH_PLACEHOLDER}`]);
  else if (auth?.method === 'basic') {
    const [user, pass] = auth.name.split(':');
    basic = [`<${user || 'username'}>`, `<${pass || 'password'}>`];
    headers.unshift(['Authorization', 'Basic <encoded-value>']);
  } else if (auth?.method === 'key') {
    if (auth.in === 'query') query.push([auth.name, '<api-key>']);
    else if (auth.in === 'cookie') headers.push(['Cookie', `${auth.name}=<api-key>`]);
    else headers.unshift([auth.name, '<api-key>']);
  }
  const json = bodyExample(endpoint);
  let body: string | undefined;
  if (endpoint.body && json !== undefined) {
    headers.push(['Content-Type', endpoint.body.mediaType]);
    const isJson = /json/i.test(endpoint.body.mediaType);
    body = isJson ? JSON.stringify(json, null, 2) : typeof json === 'object' ? formEncode(json) : String(json);
  }
  const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%3C/g, '<').replace(/%3E/g, '>')}`).join('&');
  const url = `${trimTrailingSlashes(baseUrl ?? '')}${path}${qs ? `?${qs}` : ''}`;
  return { url, headers, body, json: endpoint.body && /json/i.test(endpoint.body.mediaType) ? json : undefined, basic };
}

function formEncode(v: unknown): string {
  return Object.entries(obj(v) ?? {})
    .map(([k, x]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof x === 'object' ? JSON.stringify(x) : String(x))}`)
    .join('&');
}

/** A shell word as the format's curl snippets write it: as it is when it is shell-safe, else single-quoted. */
const shellQuote = (s: string) => (/^[a-z0-9\-_/.@%^=:]+$/i.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

export function curlExample(endpoint: Endpoint, req: Request): string {
  const lines = [`curl --request ${endpoint.method}`, `  --url ${shellQuote(req.url)}`];
  if (req.basic) lines.push(`  --user ${shellQuote(req.basic.join(':'))}`);
  for (const [k, v] of req.headers) if (!(req.basic && k === 'Authorization')) lines.push(`  --header ${shellQuote(`${k}: ${v}`)}`);
  if (req.body !== undefined) lines.push(`  --data ${shellQuote(req.body)}`);
  return lines.join(' \\\n');
}

export function javascriptExample(endpoint: Endpoint, req: Request): string {
  const headers = req.headers.map(([k, v]) => `    ${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const opts = [`  method: ${JSON.stringify(endpoint.method)}`];
  if (headers.length) opts.push(`  headers: {\n${headers.join(',\n')}\n  }`);
  if (req.body !== undefined)
    opts.push(req.json !== undefined ? `  body: JSON.stringify(${indent(JSON.stringify(req.json, null, 2), '  ')})` : `  body: ${JSON.stringify(req.body)}`);
  return [
    `const options = {\n${opts.join(',\n')}\n};`,
    '',
    `fetch(${JSON.stringify(req.url)}, options)`,
    '  .then((response) => response.json())',
    '  .then((data) => console.log(data))',
    '  .catch((error) => console.error(error));',
  ].join('\n');
}

export function pythonExample(endpoint: Endpoint, req: Request): string {
  const lines = ['import requests', '', `url = ${JSON.stringify(req.url)}`];
  const args = ['url'];
  if (req.json !== undefined) {
    lines.push(`payload = ${pyLiteral(req.json, '')}`);
    args.push('json=payload');
  } else if (req.body !== undefined) {
    lines.push(`payload = ${JSON.stringify(req.body)}`);
    args.push('data=payload');
  }
  const headers = req.headers.filter(([k]) => !(req.basic && k === 'Authorization') && !(req.json !== undefined && k === 'Content-Type'));
  if (headers.length) {
    lines.push(`headers = {\n${headers.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  if (req.basic) args.push(`auth=(${JSON.stringify(req.basic[0])}, ${JSON.stringify(req.basic[1])})`);
  lines.push('', `response = requests.request(${JSON.stringify(endpoint.method)}, ${args.join(', ')})`, '', 'print(response.json())');
  return lines.join('\n');
}

/** A string as a Rust literal: JSON's escapes, less the ones Rust lacks (\\b, \\f, \\uXXXX). */
function rustString(s: string): string {
  return JSON.stringify(s).replace(/\\(?:u([0-9a-f]{4})|(.))/g, (m, hex: string | undefined, c: string) =>
    hex ? `\\u{${hex}}` : c === 'b' ? '\\u{8}' : c === 'f' ? '\\u{c}' : m,
  );
}

/** A string as a Dart single-quoted literal (`$` would start an interpolation). */
function dartString(s: string): string {
  let out = "'";
  for (const c of s) {
    const code = c.charCodeAt(0);
    if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c === '\\' || c === "'" || c === '$') out += `\\${c}`;
    else out += code < 0x20 ? `\\u{${code.toString(16)}}` : c;
  }
  return `${out}'`;
}

const RUST_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE']);

export function rustExample(endpoint: Endpoint, req: Request): string {
  const method = RUST_METHODS.has(endpoint.method) ? `reqwest::Method::${endpoint.method}` : `reqwest::Method::from_bytes(b${rustString(endpoint.method)})?`;
  const calls = [`    .request(${method}, ${rustString(req.url)})`];
  for (const [k, v] of req.headers) calls.push(`    .header(${rustString(k)}, ${rustString(v)})`);
  if (req.body !== undefined) calls.push(`    .body(${rustString(req.body)})`);
  return [
    '#[tokio::main]',
    'async fn main() -> Result<(), Box<dyn std::error::Error>> {',
    '  let client = reqwest::Client::new();',
    '  let response = client',
    ...calls.map((c) => `  ${c}`),
    '      .send()',
    '      .await?;',
    '  println!("{}", response.text().await?);',
    '  Ok(())',
    '}',
  ].join('\n');
}

export function dartExample(endpoint: Endpoint, req: Request): string {
  const lines = [
    "import 'package:http/http.dart' as http;",
    '',
    'void main() async {',
    `  final request = http.Request(${dartString(endpoint.method)}, Uri.parse(${dartString(req.url)}));`,
  ];
  if (req.headers.length) lines.push(`  request.headers.addAll({\n${req.headers.map(([k, v]) => `    ${dartString(k)}: ${dartString(v)},`).join('\n')}\n  });`);
  if (req.body !== undefined) lines.push(`  request.body = ${dartString(req.body)};`);
  lines.push('  final response = await http.Client().send(request);', '  print(await response.stream.bytesToString());', '}');
  return lines.join('\n');
}

const OWN: Record<string, (endpoint: Endpoint, req: Request) => string> = {
  bash: curlExample,
  javascript: javascriptExample,
  python: pythonExample,
  rust: rustExample,
  dart: dartExample,
};

/** A generated request example in a language of the format (openapi/languages.ts); undefined when none is written for it. */
export function generatedExample(endpoint: Endpoint, req: Request, language: ApiLanguage): string | undefined {
  const own = OWN[language.key];
  if (own) return own(endpoint, req);
  if (!language.snippet) return undefined;
  // A URL the spec makes unparsable (a space in a server's host) gives no example, never a broken page.
  try {
    const url = new URL(req.url, 'https://example.invalid');
    const har = {
      method: endpoint.method,
      url: req.url,
      httpVersion: 'HTTP/1.1',
      headers: req.headers.map(([name, value]) => ({ name, value })),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: -1,
      ...(req.body !== undefined ? { postData: { mimeType: endpoint.body?.mediaType ?? 'application/json', text: req.body } } : {}),
    };
    const out = new HTTPSnippet(har as HarRequest).convert(language.snippet[0] as TargetId, language.snippet[1]);
    const code = out[0];
    // HTTPSnippet percent-encodes the URL: the <placeholders> show as written, as in the cURL example.
    return typeof code === 'string' ? code.replace(/%3C([\w.-]+)%3E/g, '<$1>').replace(/\n+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((l, i) => (i === 0 ? l : by + l))
    .join('\n');
}

/** A JSON value written as a Python literal (None/True/False, dicts and lists). */
export function pyLiteral(v: unknown, pad: string): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'None';
  if (typeof v === 'string') return JSON.stringify(v);
  const inner = pad + '    ';
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[\n${v.map((x) => inner + pyLiteral(x, inner)).join(',\n')}\n${pad}]`;
  const entries = Object.entries(v as Json);
  return entries.length === 0 ? '{}' : `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pyLiteral(x, inner)}`).join(',\n')}\n${pad}}`;
}

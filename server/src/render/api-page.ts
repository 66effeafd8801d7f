// The API reference of a page whose front matter names an endpoint (`openapi: "GET /users"`,
// `openapi: "openapi.json GET /users"`, `api: "POST /users"`): the endpoint and its playground
// above the page's own content; request and response examples; then, when the endpoint comes from
// an OpenAPI file and the page does not document it itself, its parameters by location, body and
// responses per status code (nested objects as Expandable). Everything from the OpenAPI file is
// untrusted: text goes into text nodes, descriptions are Markdown rendered without HTML, and the
// result passes the same allow-list as pages (plus the playground's form controls).
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import remarkParse from 'remark-parse';
import type { Schema } from 'hast-util-sanitize';
import { unified } from 'unified';
import { isJsxElement } from '../pages/jsx';
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { endpointFromPage, endpointFromSpec, type ApiParam, type Endpoint } from '../openapi/endpoint';
import { deref, findEndpoint, parseEndpointRef } from '../openapi/operations';
import type { SiteModel } from '../site/model';
import type { PlaygroundMode } from '../openapi/endpoint';
import { curlExample, exampleOf, exampleRequest, javascriptExample, pythonExample } from './api-examples';
import { endpointBar, playground } from './api-playground';
import { el, fieldBadges, tabbed, type Pane } from './components';
import { codeBlock, type RenderedPage, type TocEntry } from './page';
import { cleanHtml, SCHEMA, sanitizeTree } from './sanitize';
import { append } from '../util/array';
import { obj, str, type Json } from '../util/json';
import { holdsRole } from '../components/catalog';
import type { Highlighter } from './highlight';

const text = (value: string): ElementContent => ({ type: 'text', value });

/** The page allow-list plus the playground's controls (never allowed in page content). */
const API_SCHEMA: Schema = {
  ...SCHEMA,
  tagNames: [...(SCHEMA.tagNames ?? []), 'input', 'select', 'option', 'textarea', 'label'],
  attributes: {
    ...SCHEMA.attributes,
    input: [['type', 'text', 'password'], 'value', 'placeholder', 'required', 'autoComplete', 'spellCheck'],
    select: ['required'],
    option: ['value', 'selected'],
    textarea: ['rows', 'spellCheck'],
    label: ['htmlFor'],
  },
  // The page list forces inputs to be disabled checkboxes; the playground's are live text fields.
  required: Object.fromEntries(Object.entries(SCHEMA.required ?? {}).filter(([tag]) => tag !== 'input')),
};

const MAX_DEPTH = 6;
/** Fields one schema shows at most: `$ref`s can share schemas so that the expanded tree grows exponentially. */
const MAX_FIELDS = 500;
const fieldBudget = () => ({ left: MAX_FIELDS });

export interface ApiPageInput {
  doc: PageDocument;
  model: SiteModel;
  /** The host's highlighter for the generated examples (default: plainHighlighter). */
  highlighter?: Highlighter;
}

/** The playground mode of a page: its own `playground` front matter, else docs.json's. */
export function playgroundMode(doc: PageDocument, model: SiteModel): PlaygroundMode {
  const own = doc.frontmatter.data.playground;
  if (own === 'show' || own === 'interactive') return 'show';
  if (own === 'simple') return 'simple';
  if (own === 'hide' || own === 'none') return 'hide';
  return model.api?.playground ?? 'show';
}

/** The endpoint a page names, from the site's OpenAPI files or (for `api:`) from the page itself. */
export function pageEndpoint(doc: PageDocument, model: SiteModel): { endpoint: Endpoint; fromSpec: boolean; webhook?: boolean } | undefined {
  const fm = doc.frontmatter.data;
  const value = str(fm.openapi) ?? str(fm.api);
  if (!value) return undefined;
  const settings = model.api;
  const found = findEndpoint(model.apiSpecs ?? [], value, settings?.baseUrls ?? []);
  if (found.kind === 'found')
    return { endpoint: endpointFromSpec(found.spec, found.operation, settings), fromSpec: true, webhook: found.operation.webhook !== undefined };
  if (str(fm.openapi) !== undefined && str(fm.api) === undefined) return undefined;
  const ref = parseEndpointRef(str(fm.api) ?? '');
  if (!ref || ref.file !== undefined) return undefined;
  const { params, body } = pageFields(doc);
  return { endpoint: endpointFromPage(ref.method, ref.path, params, body, settings), fromSpec: false };
}

/** Parameters a page documents with `<ParamField path|query|header|body="…">`. */
function pageFields(doc: PageDocument): { params: ApiParam[]; body?: Endpoint['body'] } {
  const params: ApiParam[] = [];
  const bodyProps: Json = {};
  const bodyRequired: string[] = [];
  for (const node of nodesOf(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if (!isJsxElement(node) || node.name !== 'ParamField') continue;
    const attrs = new Map<string, unknown>();
    for (const a of node.attributes) if (a.type === 'mdxJsxAttribute' && a.name) attrs.set(a.name, a.value === null || a.value === undefined ? true : a.value);
    const where = (['path', 'query', 'header', 'body'] as const).find((l) => typeof attrs.get(l) === 'string');
    if (!where) continue;
    const name = String(attrs.get(where));
    const type = typeof attrs.get('type') === 'string' ? String(attrs.get('type')) : 'string';
    const required = attrs.get('required') === true || attrs.get('required') === 'true';
    const def = typeof attrs.get('default') === 'string' ? attrs.get('default') : undefined;
    const schema: Json = { type: /^(integer|number|boolean|object|array)$/.test(type) ? type : /\[\]$/.test(type) ? 'array' : 'string', default: def };
    if (where === 'body') {
      bodyProps[name] = schema;
      if (required) bodyRequired.push(name);
    } else
      params.push({
        name,
        in: where,
        required: where === 'path' || required,
        schema,
        deprecated: false,
        example: typeof attrs.get('placeholder') === 'string' ? attrs.get('placeholder') : undefined,
      });
  }
  const body = Object.keys(bodyProps).length
    ? { mediaType: 'application/json', schema: { type: 'object', properties: bodyProps, required: bodyRequired }, required: bodyRequired.length > 0 }
    : undefined;
  return { params, body };
}

/** The rendered page with its API reference, or the page unchanged when it names no endpoint. */
export function withApiReference(page: RenderedPage, input: ApiPageInput): RenderedPage {
  const found = pageEndpoint(input.doc, input.model);
  if (!found) return withSideColumn(page);
  const { endpoint, fromSpec } = found;
  const names = new Set<string>();
  for (const n of nodesOf(input.doc, 'mdxJsxFlowElement', 'mdxJsxTextElement')) if (isJsxElement(n) && n.name) names.add(n.name);
  // A webhook is a request the API sends: nothing to try from the page.
  const mode = found.webhook ? 'simple' : playgroundMode(input.doc, input.model);
  const order = new Ordering(input.model.api?.maintainOrder ?? false);
  const line = input.doc.frontmatter.keys.get('openapi')?.key.start.line ?? input.doc.frontmatter.keys.get('api')?.key.start.line ?? 0;

  const top: ElementContent[] = [];
  if (mode === 'show') top.push(playground(endpoint, { credentials: input.model.api?.credentials ?? false }));
  else if (mode === 'simple') top.push(endpointBar(endpoint, mode));
  // A generated page's description is its front matter's, shown under the title already.
  if (fromSpec && endpoint.description && !page.html.trim() && endpoint.description.trim() !== page.description?.trim())
    top.push(el('div', { className: ['dw-api-description'] }, markdown(endpoint.description)));
  const side = !holdsRole(names, 'api-example') && (fromSpec || endpoint.params.length || endpoint.body) ? examples(endpoint, input.highlighter) : undefined;

  const toc: TocEntry[] = [];
  const bottom: ElementContent[] = [];
  if (fromSpec && !holdsRole(names, 'api-field')) {
    const section = (id: string, title: string, content: ElementContent[]) => {
      if (!content.length) return;
      toc.push({ depth: 2, id, text: title, line });
      bottom.push(el('h2', { id, className: ['dw-api-heading'] }, [text(title)]), ...content);
    };
    if (endpoint.auth) section('api-authorizations', 'Authorizations', [authField(endpoint)]);
    const locations: [string, string, string][] = [
      ['path', 'api-path-parameters', 'Path parameters'],
      ['query', 'api-query-parameters', 'Query parameters'],
      ['header', 'api-headers', 'Headers'],
      ['cookie', 'api-cookies', 'Cookies'],
    ];
    for (const [where, id, title] of locations) {
      const params = order.params(endpoint.params.filter((p) => p.in === where));
      section(
        id,
        title,
        params.map((p) => paramField(endpoint, p, order)),
      );
    }
    if (endpoint.body) {
      const b = endpoint.body;
      section('api-body', 'Body', [
        el('div', { className: ['dw-api-media'] }, [
          el('code', {}, [text(b.mediaType)]),
          ...(b.required ? [el('span', { className: ['dw-badge', 'dw-field-required'] }, [text('required')])] : []),
        ]),
        ...(b.description ? markdown(b.description) : []),
        ...schemaFields(endpoint, b.schema, order, 0, new Set(), 'body', fieldBudget()),
      ]);
    }
    if (endpoint.responses.length)
      section(
        'api-response',
        'Response',
        endpoint.responses.map((r) => responseBlock(endpoint, r, order)),
      );
  }

  const wrap = (className: string, children: ElementContent[]) =>
    children.length ? cleanHtml(sanitizeTree({ type: 'root', children: [el('div', { className: [className] }, children)] }, API_SCHEMA)) : '';
  const fm = input.doc.frontmatter.data;
  return withSideColumn({
    ...page,
    title: typeof fm.title === 'string' ? page.title : (endpoint.summary ?? page.title),
    html: wrap('dw-api-top', top) + page.html + wrap('dw-api-reference', bottom),
    toc: [...page.toc, ...toc],
    aside: page.aside ?? (side ? cleanHtml(sanitizeTree({ type: 'root', children: side.children }, API_SCHEMA)) : undefined),
  });
}

/**
 * As the published layout: the page's examples in a column beside it (docwright.css puts the column
 * under the page on narrow widths, and the layout leaves out the table of contents).
 */
function withSideColumn(page: RenderedPage): RenderedPage {
  if (page.aside === undefined) return page;
  const { aside, ...rest } = page;
  return {
    ...rest,
    html: `<div class="dw-api-layout"><div class="dw-api-main">${page.html}</div><div class="dw-api-examples">${aside}</div></div>`,
    sideColumn: true,
  };
}

// ---- ordering ----

/** Key order: the file's when `maintainOrder`, else required first, then by name. */
class Ordering {
  constructor(private readonly keep: boolean) {}
  params(list: ApiParam[]): ApiParam[] {
    return this.keep ? list : [...list].sort((a, b) => Number(b.required) - Number(a.required) || a.name.localeCompare(b.name));
  }
  properties(entries: [string, unknown][], required: string[]): [string, unknown][] {
    if (this.keep) return entries;
    return [...entries].sort(([a], [b]) => Number(required.includes(b)) - Number(required.includes(a)) || a.localeCompare(b));
  }
}

// ---- fields ----

function markdown(source: string): ElementContent[] {
  const tree = unified().use(remarkParse).parse(source) as MdastRoot;
  const hast = toHast(tree, { allowDangerousHtml: false }) as HastRoot;
  return hast.children as ElementContent[];
}

/** `string`, `integer<int64>`, `string[]`, `object`, `Note` for named component schemas. */
function typeLabel(doc: Json, schema: unknown): string {
  const raw = obj(schema);
  const s = obj(deref(doc, schema)) ?? {};
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null').join(' | ') : str(s.type);
  if (t === 'array') return `${typeLabel(doc, s.items)}[]`;
  const ref = str(raw?.$ref);
  if (ref && (t === 'object' || (!t && obj(s.properties)))) return ref.split('/').pop() ?? 'object';
  if (!t) return obj(s.properties) ? 'object' : Array.isArray(s.oneOf) || Array.isArray(s.anyOf) ? 'one of' : Array.isArray(s.allOf) ? 'object' : 'any';
  return s.format ? `${t}<${String(s.format)}>` : t;
}

/** A field's labels as components.ts writes a ParamField's (no location: the section names it). */
function badges(doc: Json, schema: unknown, opts: { required?: boolean; deprecated?: boolean }): ElementContent[] {
  const s = obj(deref(doc, schema)) ?? {};
  return fieldBadges({ type: typeLabel(doc, schema), default: s.default, required: opts.required, deprecated: opts.deprecated || s.deprecated === true });
}

/** Constraints and allowed values, as short lines of text. */
function constraints(doc: Json, schema: unknown): ElementContent[] {
  const s = obj(deref(doc, schema)) ?? {};
  const lines: string[] = [];
  if (Array.isArray(s.enum)) lines.push(`Available options: ${s.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`);
  const range = (lo: unknown, hi: unknown, what: string) => {
    if (typeof lo === 'number' && typeof hi === 'number') lines.push(`Required range: ${lo} <= ${what} <= ${hi}`);
    else if (typeof lo === 'number') lines.push(`Required range: ${what} >= ${lo}`);
    else if (typeof hi === 'number') lines.push(`Required range: ${what} <= ${hi}`);
  };
  range(s.minimum, s.maximum, 'x');
  range(s.minLength, s.maxLength, 'length');
  range(s.minItems, s.maxItems, 'items');
  if (typeof s.pattern === 'string') lines.push(`Pattern: ${s.pattern}`);
  return lines.map((l) => el('p', { className: ['dw-field-constraint'] }, [text(l)]));
}

function fieldElement(kind: 'param' | 'response', id: string | undefined, name: string, header: ElementContent[], body: ElementContent[]): Element {
  return el('div', { className: ['dw-field', kind === 'param' ? 'dw-param-field' : 'dw-response-field'], id }, [
    el('div', { className: ['dw-field-header'] }, [el('code', { className: ['dw-field-name'] }, [text(name)]), ...header]),
    el('div', { className: ['dw-field-body'] }, body),
  ]);
}

function paramField(endpoint: Endpoint, p: ApiParam, order: Ordering): Element {
  const doc = endpoint.document ?? {};
  const s = obj(deref(doc, p.schema));
  const desc = p.description ?? str(s?.description);
  return fieldElement('param', `api-param-${p.in}-${p.name}`, p.name, badges(doc, p.schema, { required: p.required, deprecated: p.deprecated }), [
    ...(desc ? markdown(desc) : []),
    ...constraints(doc, p.schema),
    ...nested(endpoint, p.schema, order, 1, new Set(), 'param', fieldBudget()),
  ]);
}

function authField(endpoint: Endpoint): Element {
  const a = endpoint.auth!;
  const where = a.in === 'query' ? 'query' : a.in === 'cookie' ? 'cookie' : 'header';
  const name = a.method === 'key' ? a.name : 'Authorization';
  const description =
    a.method === 'bearer'
      ? 'Bearer authentication header of the form Bearer <token>, where <token> is your auth token.'
      : a.method === 'basic'
        ? `Basic authentication header of the form Basic <encoded-value>, where <encoded-value> is the base64-encoded string ${a.name}.`
        : `API key sent in the ${where === 'query' ? 'query parameter' : where} ${a.name}.`;
  return fieldElement(
    'param',
    'api-auth',
    name,
    [
      el('span', { className: ['dw-badge', 'dw-field-location'] }, [text(where)]),
      el('span', { className: ['dw-badge', 'dw-field-type'] }, [text('string')]),
      el('span', { className: ['dw-badge', 'dw-field-required'] }, [text('required')]),
    ],
    [el('p', {}, [text(description)])],
  );
}

/** The properties of an object schema as fields (allOf merged, oneOf/anyOf as options). */
function schemaFields(
  endpoint: Endpoint,
  schema: unknown,
  order: Ordering,
  depth: number,
  seen: Set<unknown>,
  kind: 'param' | 'body' | 'response',
  budget: { left: number },
): ElementContent[] {
  const doc = endpoint.document ?? {};
  const s = obj(deref(doc, schema));
  if (!s || depth > MAX_DEPTH || seen.has(s) || budget.left <= 0) return [];
  const next = new Set(seen).add(s);
  const { properties, required } = mergedProperties(doc, s);
  const requiredSet = new Set(required);
  const out: ElementContent[] = [];
  for (const [name, prop] of order.properties(properties, required)) {
    if (budget.left-- <= 0) break;
    const ps = obj(deref(doc, prop)) ?? {};
    const desc = str(ps.description);
    out.push(
      fieldElement(kind === 'response' ? 'response' : 'param', undefined, name, badges(doc, prop, { required: requiredSet.has(name) }), [
        ...(desc ? markdown(desc) : []),
        ...constraints(doc, prop),
        ...nested(endpoint, prop, order, depth + 1, next, kind, budget),
      ]),
    );
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = Array.isArray(s[key]) ? (s[key] as unknown[]) : [];
    if (!options.length) continue;
    out.push(
      el('div', { className: ['dw-api-options'] }, [
        el('div', { className: ['dw-api-options-title'] }, [text(key === 'oneOf' ? 'One of:' : 'Any of:')]),
        ...options.map((o, i) => expandable(optionTitle(doc, o, i), [...schemaFields(endpoint, o, order, depth + 1, next, kind, budget)])),
      ]),
    );
  }
  return out;
}

function optionTitle(doc: Json, o: unknown, i: number): string {
  const s = obj(deref(doc, o));
  return str(s?.title) ?? str(obj(o)?.$ref)?.split('/').pop() ?? `Option ${i + 1}`;
}

function mergedProperties(doc: Json, s: Json, depth = 0, budget = fieldBudget()): { properties: [string, unknown][]; required: string[] } {
  // By name, in first-seen order; the schema's own properties override its allOf parts'.
  const properties = new Map<string, unknown>();
  const required: string[] = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  if (Array.isArray(s.allOf) && depth < MAX_DEPTH) {
    for (const part of s.allOf) {
      if (budget.left-- <= 0) break;
      const p = obj(deref(doc, part));
      if (!p) continue;
      const m = mergedProperties(doc, p, depth + 1, budget);
      for (const [k, v] of m.properties) if (!properties.has(k)) properties.set(k, v);
      append(required, m.required);
    }
  }
  for (const [k, v] of Object.entries(obj(s.properties) ?? {})) properties.set(k, v);
  return { properties: [...properties], required };
}

/** Child properties of an object (or of an array's items) in an Expandable. */
function nested(
  endpoint: Endpoint,
  schema: unknown,
  order: Ordering,
  depth: number,
  seen: Set<unknown>,
  kind: 'param' | 'body' | 'response',
  budget: { left: number },
): ElementContent[] {
  const doc = endpoint.document ?? {};
  let s = obj(deref(doc, schema));
  let label = 'properties';
  if (s?.type === 'array') {
    s = obj(deref(doc, s.items));
    label = 'item properties';
  }
  if (!s || !(obj(s.properties) || Array.isArray(s.allOf) || Array.isArray(s.oneOf) || Array.isArray(s.anyOf))) return [];
  const children = schemaFields(endpoint, s, order, depth, seen, kind, budget);
  return children.length ? [expandable(label, children)] : [];
}

function expandable(title: string, children: ElementContent[]): Element {
  return el('details', { className: ['dw-expandable'] }, [
    el('summary', {}, [text(`Show ${title}`)]),
    el('div', { className: ['dw-expandable-body'] }, children),
  ]);
}

function responseBlock(endpoint: Endpoint, r: Endpoint['responses'][number], order: Ordering): Element {
  const doc = endpoint.document ?? {};
  return el('div', { className: ['dw-api-response'], id: `api-response-${r.status}` }, [
    el('div', { className: ['dw-api-response-head'] }, [
      el('span', { className: ['dw-badge', 'dw-api-status', `dw-api-status-${r.status[0]}`] }, [text(r.status)]),
      ...(r.mediaType ? [el('code', { className: ['dw-api-media-type'] }, [text(r.mediaType)])] : []),
    ]),
    ...(r.description ? markdown(r.description) : []),
    ...(r.schema
      ? obj(deref(doc, r.schema))?.type === 'array'
        ? nested(endpoint, r.schema, order, 0, new Set(), 'response', fieldBudget())
        : schemaFields(endpoint, r.schema, order, 0, new Set(), 'response', fieldBudget())
      : []),
  ]);
}

// ---- examples ----

/** Request or response examples as tabs; fixed ids, since one page has one of each. */
const tabs = (kind: string, panes: Pane[]): Element => tabbed('codegroup', panes, { dataApiExamples: kind }, 0, `dw-api-${kind}`);

function examples(endpoint: Endpoint, highlighter: Highlighter | undefined): Element {
  const req = exampleRequest(endpoint, endpoint.baseUrls[0]);
  const request = tabs('request', [
    { label: 'cURL', content: [codeBlock(curlExample(endpoint, req), 'bash', undefined, '', undefined, undefined, highlighter)] },
    { label: 'JavaScript', content: [codeBlock(javascriptExample(endpoint, req), 'javascript', undefined, '', undefined, undefined, highlighter)] },
    { label: 'Python', content: [codeBlock(pythonExample(endpoint, req), 'python', undefined, '', undefined, undefined, highlighter)] },
  ]);
  const out: ElementContent[] = [
    el('div', { className: ['dw-api-example', 'dw-requestexample'] }, [el('div', { className: ['dw-api-example-label'] }, [text('Request')]), request]),
  ];
  const responses = endpoint.responses.flatMap((r) => {
    const value = r.example !== undefined ? r.example : r.schema ? exampleOf(endpoint.document ?? {}, r.schema) : undefined;
    if (value === undefined) return [];
    const code = typeof value === 'string' && !/json/i.test(r.mediaType ?? '') ? value : JSON.stringify(value, null, 2);
    return [
      {
        label: r.status,
        content: [codeBlock(code, /json/i.test(r.mediaType ?? 'json') ? 'json' : undefined, undefined, '', undefined, undefined, highlighter)],
      },
    ];
  });
  if (responses.length)
    out.push(
      el('div', { className: ['dw-api-example', 'dw-responseexample'] }, [
        el('div', { className: ['dw-api-example-label'] }, [text('Response')]),
        tabs('response', responses),
      ]),
    );
  return el('div', { className: ['dw-api-examples'] }, out);
}

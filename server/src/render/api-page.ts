// The API reference of a page whose front matter names an endpoint (`openapi: "GET /users"`,
// `openapi: "openapi.json GET /users"`, `api: "POST /users"`): the endpoint and its playground
// above the page's own content; request and response examples; then, when the endpoint comes from
// an OpenAPI file and the page does not document it itself, its security schemes (each with its own
// description), parameters by location, body and responses per status code (nested objects as
// Expandable, oneOf/anyOf variants as tabs, a map's values as a `{key}` field; a description beside
// a `$ref` over the target's), with the format's section titles, type labels
// (`enum<string>`) and schema examples; readOnly properties are left out of requests and writeOnly
// ones out of responses, as the format does. Everything from the OpenAPI file is
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
import { endpointFromPage, endpointFromSpec, type ApiParam, type ApiSecurityField, type ApiSecurityOption, type Endpoint } from '../openapi/endpoint';
import { deref, findEndpoint, parseEndpointRef, resolveSchema } from '../openapi/operations';
import type { SiteModel } from '../site/model';
import type { PlaygroundMode } from '../openapi/endpoint';
import { apiLanguage, exampleLanguages } from '../openapi/languages';
import { exampleOf, exampleRequest, generatedExample, isHiddenProperty, type HiddenProperties } from './api-examples';
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
export const API_SCHEMA: Schema = {
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
    const page: PageFields = { doc: endpoint.document ?? {}, order, groups: { n: 0 } };
    if (endpoint.security?.length) section('api-authorizations', 'Authorizations', securityFields(page, endpoint.security));
    // The published pages' titles ("Path Parameters", "Headers"; the reference packages do not hold them).
    const locations: [string, string, string][] = [
      ['path', 'api-path-parameters', 'Path Parameters'],
      ['query', 'api-query-parameters', 'Query Parameters'],
      ['header', 'api-headers', 'Headers'],
      ['cookie', 'api-cookies', 'Cookies'],
    ];
    for (const [where, id, title] of locations) {
      const params = order.params(endpoint.params.filter((p) => p.in === where));
      section(
        id,
        title,
        params.map((p) => paramField(page, p)),
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
        ...topLevel(treeOf(page, 'body'), b.schema, b.description),
      ]);
    }
    if (endpoint.responses.length)
      section(
        'api-response',
        'Response',
        endpoint.responses.map((r) => responseBlock(page, r)),
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

/** Types an enumeration is labelled by, as SchemaConverter (@mintlify/validation) labels them: `enum<string>`. */
const ENUM_TYPES = new Set(['string', 'integer', 'number']);

/**
 * `string`, `integer<int64>`, `enum<string>`, `string[]`, `object`, `Note` for named component
 * schemas, `string | null` for a union. An enumeration's label has no format (the format's
 * `enum<string>` replaces `string<…>`); one without a type is typed by its values, as inferType does.
 */
function typeLabel(doc: Json, schema: unknown, depth = 0, budget = { left: 64 }): string {
  // Unions of unions multiply: a label looks at 64 schemas at most.
  if (budget.left-- <= 0) return 'any';
  const raw = obj(schema);
  const s = obj(deref(doc, schema)) ?? {};
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null').join(' | ') : str(s.type);
  if (t === 'array') {
    const item = depth < MAX_DEPTH ? typeLabel(doc, s.items, depth + 1, budget) : 'any';
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  const ref = str(raw?.$ref);
  if (ref && (t === 'object' || (!t && obj(s.properties)))) return ref.split('/').pop() ?? 'object';
  if (!t) {
    // As SchemaConverter infers it: properties or additionalProperties make an object.
    if (obj(s.properties) || s.additionalProperties !== undefined) return 'object';
    if (Array.isArray(s.enum) && s.enum.length) {
      if (s.enum.every((v) => typeof v === 'string')) return 'enum<string>';
      if (s.enum.every((v) => typeof v === 'number')) return 'enum<number>';
    }
    const union = [s.oneOf, s.anyOf].find((u): u is unknown[] => Array.isArray(u) && u.length > 0);
    // The variants' own labels, each once: `integer | string`, `string<date-time> | null`.
    if (union && depth < MAX_DEPTH) return [...new Set(union.map((v) => typeLabel(doc, v, depth + 1, budget)))].join(' | ');
    return Array.isArray(s.allOf) ? 'object' : 'any';
  }
  if (Array.isArray(s.enum)) {
    const parts = t.split(' | ').map((part) => (ENUM_TYPES.has(part) ? `enum<${part}>` : part));
    if (parts.some((part) => part.startsWith('enum<'))) return parts.join(' | ');
  }
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

/** Two examples as SchemaConverter combines them: objects merged, else the later one. */
function combineExamples(a: { value: unknown } | undefined, b: { value: unknown } | undefined): { value: unknown } | undefined {
  if (a && b && obj(a.value) && obj(b.value)) return { value: { ...(a.value as Json), ...(b.value as Json) } };
  return b ?? a;
}

/**
 * A schema's example as the format keeps it (copyExampleIfDefined of @mintlify/validation): its
 * `example`, else the first of a 3.1 `examples` array (null is an example), combined over its
 * allOf parts, its own last. Not a parameter's own `example`: the format shows its schema's only.
 */
function schemaExample(doc: Json, schema: unknown, depth = 0): { value: unknown } | undefined {
  const s = obj(deref(doc, schema));
  if (!s || depth > MAX_DEPTH) return undefined;
  let parts: { value: unknown } | undefined;
  if (Array.isArray(s.allOf)) for (const part of s.allOf) parts = combineExamples(parts, schemaExample(doc, part, depth + 1));
  const own = s.example !== undefined ? { value: s.example } : Array.isArray(s.examples) && s.examples[0] !== undefined ? { value: s.examples[0] } : undefined;
  return combineExamples(parts, own);
}

/** A field's example as published pages show it: `Example:` and its JSON (`"2024-01-01"`), indented when it spans lines. */
function exampleLines(doc: Json, schema: unknown): ElementContent[] {
  const found = schemaExample(doc, schema);
  if (!found) return [];
  let json: string | undefined;
  try {
    json = JSON.stringify(found.value, null, 2);
  } catch {
    return [];
  }
  if (json === undefined) return [];
  if (!json.includes('\n')) return [el('p', { className: ['dw-field-constraint', 'dw-field-example'] }, [text('Example: '), el('code', {}, [text(json)])])];
  return [
    el('div', { className: ['dw-field-example'] }, [
      el('p', { className: ['dw-field-constraint'] }, [text('Example:')]),
      el('pre', {}, [el('code', {}, [text(json)])]),
    ]),
  ];
}

function fieldElement(kind: 'param' | 'response', id: string | undefined, name: string, header: ElementContent[], body: ElementContent[]): Element {
  return el('div', { className: ['dw-field', kind === 'param' ? 'dw-param-field' : 'dw-response-field'], id }, [
    el('div', { className: ['dw-field-header'] }, [el('code', { className: ['dw-field-name'] }, [text(name)]), ...header]),
    el('div', { className: ['dw-field-body'] }, body),
  ]);
}

type Kind = 'param' | 'body' | 'response';

/** What the fields of one page share: the file, the key order and the numbers of its variant tab groups. */
interface PageFields {
  doc: Json;
  order: Ordering;
  groups: { n: number };
}

/** One tree of fields (a parameter, the body, a response): its page, its kind and a bound on its fields. */
interface Tree extends PageFields {
  kind: Kind;
  budget: { left: number };
}

const treeOf = (page: PageFields, kind: Kind): Tree => ({ ...page, kind, budget: fieldBudget() });

/** What a tree leaves out: readOnly properties in a request body, writeOnly ones in a response (parameters keep both, as the format's). */
const hiddenIn = (t: Tree): HiddenProperties | undefined => (t.kind === 'body' ? 'readOnly' : t.kind === 'response' ? 'writeOnly' : undefined);

/**
 * A schema's description as the format shows it: the one beside its `$ref`, else its own, else the
 * last one of its allOf parts (@mintlify/validation's SchemaConverter merges allOf parts keeping the
 * last description).
 */
function describe(doc: Json, schema: unknown, depth = 0): string | undefined {
  const s = obj(resolveSchema(doc, schema));
  if (!s || depth > MAX_DEPTH) return undefined;
  const own = str(s.description);
  if (own?.trim()) return own;
  if (!Array.isArray(s.allOf)) return undefined;
  for (let i = s.allOf.length - 1; i >= 0; i--) {
    const d = describe(doc, s.allOf[i], depth + 1);
    if (d) return d;
  }
  return undefined;
}

/** Markdown of a description not shown just above it (`shown`). */
const described = (d: string | undefined, shown?: string): ElementContent[] => (d && d.trim() !== shown?.trim() ? markdown(d) : []);

function paramField(page: PageFields, p: ApiParam): Element {
  const doc = page.doc;
  const desc = p.description ?? describe(doc, p.schema);
  return fieldElement('param', `api-param-${p.in}-${p.name}`, p.name, badges(doc, p.schema, { required: p.required, deprecated: p.deprecated }), [
    ...(desc ? markdown(desc) : []),
    ...constraints(doc, p.schema),
    ...exampleLines(doc, p.schema),
    ...details(treeOf(page, 'param'), p.schema, 1, new Set(), desc),
  ]);
}

// ---- security ----

/** The format's words for an http credential whose scheme has none (@mintlify/common getSecurityOptionsForAuthMethod). */
const HTTP_DESCRIPTION = {
  bearer: 'Bearer authentication header of the form `Bearer <token>`, where `<token>` is your auth token.',
  basic: 'Basic authentication header of the form `Basic <encoded-value>`, where `<encoded-value>` is the base64-encoded string `username:password`.',
};

/** A credential as the format's field head shows it (ParamHead of @mintlify/components): name, type, location, required. */
function securityField(f: ApiSecurityField): Element {
  const description = f.description ?? (f.type === 'http' && f.scheme ? HTTP_DESCRIPTION[f.scheme] : undefined);
  return fieldElement(
    'param',
    `api-auth-${f.in}-${f.name}`,
    f.name,
    [
      el('span', { className: ['dw-badge', 'dw-field-type'] }, [text('string')]),
      el('span', { className: ['dw-badge', 'dw-field-location'] }, [text(f.in)]),
      el('span', { className: ['dw-badge', 'dw-field-required'] }, [text('required')]),
    ],
    description ? markdown(description) : [],
  );
}

/** One option's credentials as fields; several options as tabs titled as the format titles them. */
function securityFields(page: PageFields, options: ApiSecurityOption[]): ElementContent[] {
  if (options.length === 1) return options[0].fields.map(securityField);
  return [
    variantTabs(
      page,
      options.map((o) => ({ label: o.title, content: o.fields.map(securityField) })),
    ),
  ];
}

// ---- schemas ----

/** The properties of an object schema as fields (allOf merged), then its oneOf/anyOf variants. */
function schemaFields(t: Tree, schema: unknown, depth: number, seen: Set<unknown>): ElementContent[] {
  const s = obj(deref(t.doc, schema));
  if (!s || depth > MAX_DEPTH || seen.has(s) || t.budget.left <= 0) return [];
  const next = new Set(seen).add(s);
  return [...propertyFields(t, s, depth, next), ...variants(t, s, depth, next)];
}

/** An object's properties as fields (allOf merged), then the `{key}` field of its map values. */
function propertyFields(t: Tree, s: Json, depth: number, seen: Set<unknown>): ElementContent[] {
  const doc = t.doc;
  const { properties, required } = mergedProperties(doc, s, hiddenIn(t));
  const requiredSet = new Set(required);
  const out: ElementContent[] = [];
  for (const [name, prop] of t.order.properties(properties, required)) {
    if (t.budget.left-- <= 0) break;
    out.push(schemaField(t, name, prop, requiredSet.has(name), depth, seen));
  }
  const values = mapValues(doc, s);
  if (values !== undefined && t.budget.left-- > 0) out.push(schemaField(t, MAP_KEY, values, false, depth, seen));
  return out;
}

function schemaField(t: Tree, name: string, schema: unknown, required: boolean, depth: number, seen: Set<unknown>): Element {
  const doc = t.doc;
  const desc = describe(doc, schema);
  return fieldElement(t.kind === 'response' ? 'response' : 'param', undefined, name, badges(doc, schema, { required }), [
    ...(desc ? markdown(desc) : []),
    ...constraints(doc, schema),
    ...exampleLines(doc, schema),
    ...details(t, schema, depth + 1, seen, desc),
  ]);
}

/**
 * The name of the field that shows a map's values (`additionalProperties`). The format shows them
 * (its changelog, August 2024) but neither its docs nor its reference packages say under what name:
 * `{key}`, a placeholder for any key, as a reader of the page would write it.
 */
const MAP_KEY = '{key}';

/**
 * The schema of a map's values, as SchemaConverter keeps `additionalProperties`: the schema's own,
 * else its allOf parts' (the last that has one); none when it is `false`, `true` or says nothing
 * (`{}`: any value, no text to show).
 */
function mapValues(doc: Json, s: Json, depth = 0): unknown {
  const own = s.additionalProperties;
  if (own === false) return undefined;
  const value = obj(resolveSchema(doc, own));
  if (value && Object.keys(value).length) return own;
  if (!Array.isArray(s.allOf) || depth >= MAX_DEPTH) return undefined;
  for (let i = s.allOf.length - 1; i >= 0; i--) {
    const part = obj(deref(doc, s.allOf[i]));
    const found = part && mapValues(doc, part, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const isArraySchema = (s: Json): boolean =>
  s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || (s.type === undefined && s.items !== undefined);
/** An object with fields to list: properties, or a map's values. */
const hasProperties = (t: Tree, s: Json): boolean => mergedProperties(t.doc, s, hiddenIn(t)).properties.length > 0 || mapValues(t.doc, s) !== undefined;

/**
 * What a field shows under its description: an object's properties in an Expandable, an array's
 * item description, allowed values and item properties, and the variants of a union (of the field
 * or of its items) as tabs.
 */
function details(t: Tree, schema: unknown, depth: number, seen: Set<unknown>, shown?: string): ElementContent[] {
  const doc = t.doc;
  const top = obj(deref(doc, schema));
  if (!top || depth > MAX_DEPTH || seen.has(top) || t.budget.left <= 0) return [];
  let s: Json = top;
  let next = new Set(seen).add(s);
  const out: ElementContent[] = [];
  let label = 'properties';
  // Arrays of arrays: each level's items say what they are.
  for (let level = depth; isArraySchema(s); level++) {
    const items: Json | undefined = obj(deref(doc, s.items));
    if (!items || next.has(items) || level > MAX_DEPTH) return out;
    out.push(...described(describe(doc, items), shown), ...constraints(doc, items));
    s = items;
    next = new Set(next).add(s);
    label = 'item properties';
  }
  if (hasProperties(t, s)) {
    const fields = propertyFields(t, s, depth, next);
    if (fields.length) out.push(expandable(label, fields));
  }
  out.push(...variants(t, s, depth, next, shown));
  return out;
}

/** The oneOf/anyOf lists of a schema and of its allOf parts. */
function unionsOf(doc: Json, s: Json, depth = 0): unknown[][] {
  const out: unknown[][] = [];
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[key]) && s[key].length) out.push(s[key] as unknown[]);
  if (Array.isArray(s.allOf) && depth < MAX_DEPTH)
    for (const part of s.allOf) {
      const p = obj(deref(doc, part));
      if (p) append(out, unionsOf(doc, p, depth + 1));
    }
  return out;
}

/** `{ type: 'null' }` with nothing to say: the other variants' type label already reads nullable. */
const isBareNull = (doc: Json, v: unknown): boolean => {
  const s = obj(deref(doc, v));
  return s?.type === 'null' && !describe(doc, s);
};

/**
 * A union's variants as tabs, each titled by its `title` else "Option n" (the format's labels: not
 * the `$ref` name), showing its type, description, allowed values and properties; a union of one
 * variant besides null shows that variant in place.
 */
function variants(t: Tree, s: Json, depth: number, seen: Set<unknown>, shown?: string): ElementContent[] {
  const doc = t.doc;
  const out: ElementContent[] = [];
  for (const union of unionsOf(doc, s)) {
    const options = union.filter((v) => !isBareNull(doc, v));
    if (options.length === 1) {
      const only = options[0];
      // The field's own example, when it has one, is shown already.
      const example = schemaExample(doc, s) ? [] : exampleLines(doc, only);
      out.push(...described(describe(doc, only), shown), ...constraints(doc, only), ...example, ...variantBody(t, only, depth + 1, seen, describe(doc, only)));
      continue;
    }
    const panes: Pane[] = [];
    for (const [i, v] of options.entries()) {
      if (t.budget.left-- <= 0) break;
      panes.push({
        label: str(obj(resolveSchema(doc, v))?.title) ?? `Option ${i + 1}`,
        content: [
          el('div', { className: ['dw-field-header', 'dw-api-variant-head'] }, badges(doc, v, {})),
          ...described(describe(doc, v)),
          ...constraints(doc, v),
          ...exampleLines(doc, v),
          ...variantBody(t, v, depth + 1, seen),
        ],
      });
    }
    if (panes.length) out.push(variantTabs(t, panes));
  }
  return out;
}

/** Inside a variant: an object's properties in place (the tab is their container), else as a field's. */
function variantBody(t: Tree, v: unknown, depth: number, seen: Set<unknown>, shown?: string): ElementContent[] {
  const s = obj(deref(t.doc, v));
  if (!s || isArraySchema(s) || !hasProperties(t, s)) return details(t, v, depth, seen, shown);
  return schemaFields(t, s, depth, seen);
}

/** Tabs of variants (or security options); ids numbered per page, apart from the page's own tab groups. */
function variantTabs(page: PageFields, panes: Pane[]): Element {
  return el('div', { className: ['dw-api-options'] }, [tabbed('tabgroup', panes, {}, 0, `dw-api-variants-${++page.groups.n}`)]);
}

function mergedProperties(
  doc: Json,
  s: Json,
  hide: HiddenProperties | undefined,
  depth = 0,
  budget = fieldBudget(),
): { properties: [string, unknown][]; required: string[] } {
  // By name, in first-seen order; a later allOf part's property replaces an earlier one's (as the
  // format's merge keeps the last description), and the schema's own replace its parts'. A hidden
  // property is dropped from its part before the merge, as SchemaConverter drops it.
  const properties = new Map<string, unknown>();
  const required: string[] = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  if (Array.isArray(s.allOf) && depth < MAX_DEPTH) {
    for (const part of s.allOf) {
      if (budget.left-- <= 0) break;
      const p = obj(deref(doc, part));
      if (!p) continue;
      const m = mergedProperties(doc, p, hide, depth + 1, budget);
      for (const [k, v] of m.properties) properties.set(k, v);
      append(required, m.required);
    }
  }
  for (const [k, v] of Object.entries(obj(s.properties) ?? {})) if (!isHiddenProperty(doc, v, hide)) properties.set(k, v);
  return { properties: [...properties], required };
}

function expandable(title: string, children: ElementContent[]): Element {
  return el('details', { className: ['dw-expandable'] }, [
    el('summary', {}, [text(`Show ${title}`)]),
    el('div', { className: ['dw-expandable-body'] }, children),
  ]);
}

/** A body's or response's schema: its description (unless the body's or response's says the same), then its fields. */
function topLevel(t: Tree, schema: unknown, shown: string | undefined): ElementContent[] {
  const s = obj(deref(t.doc, schema));
  if (!s) return [];
  const desc = describe(t.doc, s);
  const head = [...described(desc, shown), ...(isArraySchema(s) || hasProperties(t, s) ? [] : constraints(t.doc, s))];
  return [...head, ...(isArraySchema(s) ? details(t, s, 0, new Set(), desc ?? shown) : schemaFields(t, s, 0, new Set()))];
}

function responseBlock(page: PageFields, r: Endpoint['responses'][number]): Element {
  return el('div', { className: ['dw-api-response'], id: `api-response-${r.status}` }, [
    el('div', { className: ['dw-api-response-head'] }, [
      el('span', { className: ['dw-badge', 'dw-api-status', `dw-api-status-${r.status[0]}`] }, [text(r.status)]),
      ...(r.mediaType ? [el('code', { className: ['dw-api-media-type'] }, [text(r.mediaType)])] : []),
    ]),
    ...(r.description ? markdown(r.description) : []),
    ...(r.schema ? topLevel(treeOf(page, 'response'), r.schema, r.description) : []),
  ]);
}

// ---- examples ----

/** Request or response examples as tabs; fixed ids, since one page has one of each. */
const tabs = (kind: string, panes: Pane[]): Element => tabbed('codegroup', panes, { dataApiExamples: kind }, 0, `dw-api-${kind}`);

function examples(endpoint: Endpoint, highlighter: Highlighter | undefined): Element | undefined {
  // The spec's own samples (`x-codeSamples`) first, a tab per language in the order written, each
  // sample under its label; they replace the generated example of their language, and the generated
  // ones show only unless `api.examples.autogenerate` is false.
  const byLang = new Map<string, Pane>();
  for (const c of endpoint.codeSamples ?? []) {
    const known = apiLanguage(c.lang);
    const key = known?.key ?? c.lang.trim().toLowerCase();
    let pane = byLang.get(key);
    if (!pane) byLang.set(key, (pane = { label: known?.display ?? c.lang, content: [] }));
    pane.content.push(codeBlock(c.source.replace(/\n$/, ''), known?.grammar ?? key, undefined, c.label ?? '', undefined, undefined, highlighter));
  }
  if (endpoint.autogenerate !== false) {
    const req = exampleRequest(endpoint, endpoint.baseUrls[0]);
    for (const key of exampleLanguages(endpoint.exampleLanguages)) {
      const language = apiLanguage(key)!;
      const code = byLang.has(key) ? undefined : generatedExample(endpoint, req, language);
      if (code !== undefined)
        byLang.set(key, { label: language.display, content: [codeBlock(code, language.grammar ?? key, undefined, '', undefined, undefined, highlighter)] });
    }
  }
  const panes = [...byLang.values()];
  const out: ElementContent[] = panes.length
    ? [
        el('div', { className: ['dw-api-example', 'dw-requestexample'] }, [
          el('div', { className: ['dw-api-example-label'] }, [text('Request')]),
          tabs('request', panes),
        ]),
      ]
    : [];
  const responses = endpoint.responses.flatMap((r) => {
    const value = r.example !== undefined ? r.example : r.schema ? exampleOf(endpoint.document ?? {}, r.schema, 'writeOnly') : undefined;
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
  return out.length ? el('div', { className: ['dw-api-examples'] }, out) : undefined;
}

// hast -> HTML for the renderer's own trees: sanitised page bodies and the chrome around them. It
// writes exactly what hast-util-to-html writes with its default options (and `allowDangerousHtml`,
// for the raw nodes the renderer puts in itself), byte for byte — test/unit/html.test.ts holds it
// to that on every tree the renderer makes — with one deliberate difference: `<` and `>` in
// attribute values are written as references, so no attribute can end a raw-text element
// (`<iframe><a title="</iframe><img onerror=…>">`) when the browser parses the page again. It
// skips the generality that costs: attribute lookups are memoised, escaping is one regular
// expression per value.
import type { Element, Nodes, Properties } from 'hast';
import { htmlVoidElements } from 'html-void-elements';
import { find, html, svg, type Info, type Schema } from 'property-information';

const VOIDS = new Set(htmlVoidElements);
/** SVG elements whose content is HTML again. */
const HTML_INTEGRATION_POINTS = new Set(['desc', 'foreignObject', 'title']);

const infoCache = { html: new Map<string, Info>(), svg: new Map<string, Info>() };
function info(schema: Schema, key: string): Info {
  const cache = schema.space === 'svg' ? infoCache.svg : infoCache.html;
  let i = cache.get(key);
  if (!i) cache.set(key, (i = find(schema, key)));
  return i;
}

const TEXT_UNSAFE = /[&<]/g;
/** hast-util-to-html's double-quoted subset, plus `<` and `>` (see the top of the file). */
const ATTRIBUTE_UNSAFE = /["&'<>`]/g;
const NAME_UNSAFE = /[\0\t\n\f\r "&'/<=>`]/g;
const COMMENT_UNSAFE = /^>|^->|<!--|-->|--!>|<!-$/g;
/** Character references as hast-util-to-html writes them (stringify-entities: `&#x` + upper-case hex). */
const reference = (c: string) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
const escape = (value: string, unsafe: RegExp) => {
  unsafe.lastIndex = 0;
  return unsafe.test(value) ? value.replace(unsafe, reference) : value;
};

/** The HTML of a tree; raw nodes are written as they are (only the renderer makes them). */
export function toHtml(tree: Nodes): string {
  return one(tree, undefined, html);
}

function one(node: Nodes, parent: Element | undefined, schema: Schema): string {
  switch (node.type) {
    case 'root':
      return all(node.children, undefined, schema);
    case 'element':
      return element(node, schema);
    case 'text':
      return parent && (parent.tagName === 'script' || parent.tagName === 'style') ? node.value : escape(node.value, TEXT_UNSAFE);
    case 'comment':
      return `<!--${node.value.replace(COMMENT_UNSAFE, (m) => m.replace(/[<>]/g, reference))}-->`;
    case 'doctype':
      return '<!doctype html>';
    case 'raw':
      return (node as { value: string }).value;
    default:
      return '';
  }
}

function all(children: readonly Nodes[], parent: Element | undefined, schema: Schema): string {
  let out = '';
  for (const c of children) out += one(c, parent, schema);
  return out;
}

function element(node: Element, outer: Schema): string {
  const schema = outer.space === 'html' && node.tagName === 'svg' ? svg : outer;
  const attributes = serializeAttributes(node.properties, schema);
  const inner = schema.space === 'svg' && HTML_INTEGRATION_POINTS.has(node.tagName) ? html : schema;
  const content = all(
    node.tagName === 'template' && outer.space === 'html' ? ((node as { content?: { children: Nodes[] } }).content?.children ?? []) : node.children,
    node,
    inner,
  );
  const selfClosing = schema.space !== 'svg' && !content && VOIDS.has(node.tagName.toLowerCase());
  const open = `<${node.tagName}${attributes ? ' ' + attributes : ''}>`;
  return selfClosing ? open : `${open}${content}</${node.tagName}>`;
}

function serializeAttributes(properties: Properties | undefined, schema: Schema): string {
  let out = '';
  if (!properties) return out;
  for (const key in properties) {
    const value = properties[key];
    if (value === null || value === undefined) continue;
    const a = serializeAttribute(key, value, schema);
    if (a) out += (out ? ' ' : '') + a;
  }
  return out;
}

function serializeAttribute(key: string, raw: Properties[string], schema: Schema): string {
  const i = info(schema, key);
  let value: unknown = raw;
  if (i.overloadedBoolean && (value === i.attribute || value === '')) value = true;
  else if ((i.boolean || i.overloadedBoolean) && (typeof value !== 'string' || value === i.attribute || value === '')) value = Boolean(value);
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
  const name = escape(i.attribute, NAME_UNSAFE);
  if (value === true) return name;
  const text = Array.isArray(value) ? (i.commaSeparated ? commas(value) : value.join(' ').trim()) : String(value);
  return `${name}="${escape(text, ATTRIBUTE_UNSAFE)}"`;
}

/** comma-separated-tokens' stringify with its defaults (`a, b`). */
function commas(values: readonly unknown[]): string {
  const input = values[values.length - 1] === '' ? [...values, ''] : values;
  return input.join(', ').trim();
}

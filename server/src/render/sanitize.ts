// The one allow-list every rendered page passes through (preview and export alike). Page content is
// untrusted: raw JSX/HTML elements, attributes and URLs all come from the page. Whatever is not
// listed here is dropped; `<script>`, `<style>` and `<template>` go with their content.
import type { Element, Properties, Root, RootContent } from 'hast';
import { find, html as htmlSchema } from 'property-information';
import { addCssHooks } from './css-hooks';
import { toHtml } from './html';
import { ALLOWED_TAGS, STRIPPED_TAGS, SVG_TAGS } from '../components/html-elements';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';

/**
 * The prefix of every attribute the renderer's scripts (media/*.js) find their elements by: page
 * content never keeps one (sanitizeTree drops them), the renderer puts its own in after sanitising (`own`).
 */
export const RESERVED_ATTRIBUTE_PREFIX = 'data-dw-';

/** Whether a hast property is written as a reserved attribute (named as the serialiser writes it, as the browser reads it). */
export function isReservedAttribute(property: string): boolean {
  const attribute = find(htmlSchema, property).attribute.toLowerCase();
  return attribute.startsWith(RESERVED_ATTRIBUTE_PREFIX) || attribute === RESERVED_ATTRIBUTE_PREFIX.slice(0, -1);
}

/** The element with reserved attributes (`dataDw…` properties) that cleanHtml puts in after sanitising. */
export function own<T extends Element>(element: T, attributes: Properties): T {
  for (const key of Object.keys(attributes)) if (!isReservedAttribute(key)) throw new Error(`not a reserved attribute: ${key}`);
  element.data = { ...element.data, docwrightAttributes: { ...element.data?.docwrightAttributes, ...attributes } };
  return element;
}

type PropertyDefinition = NonNullable<Schema['attributes']>[string][number];

const GLOBAL_ATTRIBUTES: PropertyDefinition[] = [
  'className',
  'id',
  'title',
  'role',
  'tabIndex',
  'hidden',
  'lang',
  'dir',
  'ariaHidden',
  'ariaLabel',
  'ariaDescribedBy',
  'ariaExpanded',
  'ariaSelected',
  'ariaControls',
  'focusable',
  'data*',
  // Every `style` value was cleaned by cleanStyle before the allow-list runs (sanitizeTree).
  'style',
];

const SVG_ATTRIBUTES = [
  'viewBox',
  'd',
  'fill',
  'stroke',
  'strokeWidth',
  'strokeLinecap',
  'strokeLinejoin',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'points',
  'width',
  'height',
  'transform',
  'xmlns',
];

/** The default per-tag lists, minus their `className` value restrictions (our classes are global). */
function withoutClassLimits(attributes: Schema['attributes']): NonNullable<Schema['attributes']> {
  const out: NonNullable<Schema['attributes']> = {};
  for (const [tag, list] of Object.entries(attributes ?? {})) out[tag] = list.filter((d) => !(Array.isArray(d) && d[0] === 'className'));
  return out;
}

/** The allow-list (API reference markup extends it with the playground's form controls). */
export const SCHEMA: Schema = {
  ...defaultSchema,
  // Heading ids are the page's anchors: keep them as written. `name` is prefixed, so that no
  // element can stand in for a property of `document` (`<img name="getElementById">`).
  clobber: ['name'],
  clobberPrefix: 'user-content-',
  strip: [...STRIPPED_TAGS],
  tagNames: [...ALLOWED_TAGS],
  attributes: {
    ...withoutClassLimits(defaultSchema.attributes),
    '*': [...(defaultSchema.attributes?.['*'] ?? []), ...GLOBAL_ATTRIBUTES],
    a: ['href', 'target', 'rel', 'download'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'srcSet', 'sizes'],
    video: ['src', 'poster', 'controls', 'autoPlay', 'muted', 'loop', 'playsInline', 'preload', 'width', 'height'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    source: ['src', 'type', 'srcSet', 'media'],
    // No srcdoc, no sandbox loosening: only an https page in a frame.
    iframe: ['src', 'allow', 'allowFullScreen', 'width', 'height', 'loading', 'referrerPolicy', 'frameBorder'],
    button: ['type', 'disabled'],
    details: ['open'],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    td: ['align', 'colSpan', 'rowSpan'],
    th: ['align', 'colSpan', 'rowSpan', 'scope'],
    ol: ['start', 'reversed'],
    ...Object.fromEntries(SVG_TAGS.map((t) => [t, SVG_ATTRIBUTES])),
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto', 'tel'],
    src: ['http', 'https'],
    poster: ['http', 'https'],
    srcSet: ['http', 'https'],
  },
  required: { ...defaultSchema.required, iframe: { loading: 'lazy', referrerPolicy: 'no-referrer' } },
};

/**
 * Elements whose content the HTML parser reads as text (raw text, or RCDATA for the last two): an
 * element inside them would not be one in the browser's tree, so they keep text only, and those
 * whose text is never shown keep nothing.
 */
const RAW_TEXT = new Set(['iframe', 'noembed', 'noframes', 'noscript', 'xmp', 'plaintext']);
const RCDATA = new Set(['textarea', 'title']);
/** Features a page may grant an embedded frame (what video and code embeds ask for). */
const FRAME_FEATURES = new Set([
  'accelerometer',
  'autoplay',
  'clipboard-write',
  'encrypted-media',
  'fullscreen',
  'gyroscope',
  'picture-in-picture',
  'web-share',
]);
/** Link types a page may give; `opener` (which would hand the new page this window) is not one. */
const LINK_TYPES = new Set([
  'noopener',
  'noreferrer',
  'nofollow',
  'external',
  'ugc',
  'sponsored',
  'help',
  'license',
  'tag',
  'author',
  'me',
  'bookmark',
  'alternate',
]);

/**
 * A new tree holding only what the allow-list permits, in a shape the browser parses back into
 * the same tree (test/unit/sanitize-roundtrip.test.ts): no element inside raw-text elements.
 * A frame of the site's own files is sandboxed without `allow-same-origin`, so what the site
 * ships as HTML or SVG never runs as the page's origin.
 */
export function sanitizeTree(tree: Root, schema: Schema = SCHEMA): Root {
  const clean = sanitize(tree, schema) as Root;
  cleanStyles(clean.children);
  // In every namespace: an `iframe` under `svg` means nothing, and keeping the rule simple keeps it sound.
  const walk = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type !== 'element') continue;
      if (RAW_TEXT.has(n.tagName)) n.children = [];
      else if (RCDATA.has(n.tagName)) n.children = n.children.filter((c) => c.type === 'text');
      const p = n.properties;
      for (const key of Object.keys(p)) if (isReservedAttribute(key)) delete p[key];
      if (n.tagName === 'iframe') {
        if (typeof p.allow === 'string') p.allow = tokens(p.allow, /[;,]/, (t) => FRAME_FEATURES.has(t.split(/\s+/)[0].toLowerCase())).join('; ') || undefined;
        if (!/^https?:\/\//i.test(String(p.src ?? ''))) p.sandbox = [];
      }
      if (p.rel !== undefined) p.rel = tokens(Array.isArray(p.rel) ? p.rel.join(' ') : String(p.rel), /\s+/, (t) => LINK_TYPES.has(t.toLowerCase()));
      walk(n.children);
    }
  };
  walk(clean.children);
  return clean;
}

function cleanStyles(nodes: RootContent[]): void {
  for (const n of nodes) {
    if (n.type !== 'element') continue;
    if (n.properties.style !== undefined) n.properties.style = cleanStyle(String(n.properties.style));
    cleanStyles(n.children);
  }
}

/** Properties that ran script or bound behaviour in old browsers. */
const BLOCKED_PROPERTIES = /^(behavior|-moz-binding|-ms-behavior)$/i;
/**
 * What no declaration of a page's `style` may hold: any url() (no request leaves from a style
 * attribute), script in old browsers' `expression()` and `javascript:`, escapes and comments
 * (which could spell those in disguise), and markup.
 */
const BLOCKED_VALUE = /url\s*\(|image-set|image\s*\(|expression|javascript:|vbscript:|\\|\/\*|[<>@{}]/i;

/**
 * A `style` attribute of page content, cleaned: declarations with a plain property name and a
 * value free of what BLOCKED_VALUE lists; the others are dropped (undefined when none is left).
 */
export function cleanStyle(style: string): string | undefined {
  const out: string[] = [];
  for (const decl of splitDeclarations(style)) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    const prop = decl.slice(0, colon).trim().toLowerCase();
    const value = decl.slice(colon + 1).trim();
    if (!/^(--[\w-]+|-?[a-z][a-z-]*)$/.test(prop) || BLOCKED_PROPERTIES.test(prop) || !value || BLOCKED_VALUE.test(value)) continue;
    out.push(`${prop}:${value}`);
  }
  return out.length ? out.join(';') : undefined;
}

/** Declarations split at `;` outside quotes and brackets; one with unbalanced quotes or brackets is dropped. */
function splitDeclarations(style: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  let broken = false;
  for (let i = 0; i <= style.length; i++) {
    const c = style[i];
    if (i === style.length || (c === ';' && !quote && depth === 0)) {
      if (!broken && !quote && depth === 0) out.push(style.slice(start, i));
      start = i + 1;
      broken = false;
      quote = '';
      depth = 0;
    } else if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) broken = true;
      else depth--;
    }
  }
  return out;
}

function tokens(value: string, separator: RegExp, keep: (token: string) => boolean): string[] {
  return value
    .split(separator)
    .map((t) => t.trim())
    .filter((t) => t && keep(t));
}

declare module 'hast' {
  interface ElementData {
    /**
     * HTML the renderer made itself and puts in after sanitising: a code block's highlighted lines
     * (code.ts: Shiki's tokens, every character escaped) and a formula's KaTeX output (math.ts). It
     * rides on an element's `data`, which page content has no way to set, through the sanitiser
     * (which keeps `data`), and `cleanHtml` puts it in. So the thousands of token spans of a page
     * never pass through the sanitiser or the tree walks.
     */
    docwrightHighlighted?: string;
    /** Reserved attributes of the renderer's scripts (`own`), put in by `cleanHtml` after sanitising. */
    docwrightAttributes?: Properties;
  }
}

/**
 * The HTML of a sanitised tree, with the highlighted lines of code blocks put in and the format's
 * documented classes for site CSS (css-hooks.ts) added. `each` sees every other element first (in
 * document order, before the classes are added), e.g. to point links at their target.
 */
export function cleanHtml(clean: Root, each?: (el: Element) => void): string {
  const walk = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type !== 'element') continue;
      const attributes = n.data?.docwrightAttributes;
      if (attributes) Object.assign(n.properties, attributes);
      const html = n.data?.docwrightHighlighted;
      if (typeof html === 'string') {
        n.children = [{ type: 'raw', value: html } as unknown as Element];
        delete n.data;
        continue;
      }
      each?.(n);
      addCssHooks(n);
      walk(n.children);
    }
  };
  walk(clean.children);
  // Raw nodes: the sanitiser drops every raw node of the page, so the only ones are those put in above.
  return toHtml(clean);
}

// The element ids a page's headings and titled components get on the published site, in the order
// of the page, as the format's code gives them (see util/slug.ts for the slug itself).
import type { Node, Parent } from 'unist';
import { COMPONENTS_WITHOUT_ID, HEADING_HIDING_COMPONENTS } from '../components/catalog';
import { isJsxElement, stringAttribute, type JsxElement } from './jsx';
import type { PageDocument } from './parse';
import { typographicText } from './typography';
import type { Root as MdastRoot } from 'mdast';
import { cleanHeadingId, componentSlug, createCounter, createDeduplicator, encodeTitle, fieldSlug, normalizeCustomId, slugify, tocSlug } from '../util/slug';

/** An element id of the rendered page, with the node it comes from. */
export interface PageAnchor {
  anchor: string;
  node: Node;
  /** Written by the author (`{#id}`, `id="…"`), not made from a title. */
  custom?: boolean;
}

/** HTML headings the format gives ids (its HEADING_LEVELS are 1-4). */
export const JSX_HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4']);
/** A title the typography step may change: quotes, dashes, dots or backticks. */
const TYPOGRAPHY = /["'`]|--|\.\s*\./;

/** A heading or Update whose slug came out empty is given its title, percent-encoded, before it is cleaned. */
function orTitle(slug: string, title: string): string {
  return cleanHeadingId(slug || encodeTitle(title));
}

/**
 * The title the table of contents gives a heading: its text and inline code, through links and
 * emphasis (not image text, HTML or expressions); text right after a JSX element is left out.
 */
export function tocTitle(node: Node, index = 1, siblings: readonly Node[] = [], shaped?: ReadonlyMap<Node, string>): string {
  const previous = siblings[index - 1];
  const isText = node.type === 'text';
  const afterNonJsx = previous?.type !== 'mdxJsxFlowElement';
  const value = previous ? (previous as { value?: unknown }).value : undefined;
  const previousValue = typeof value === 'string' ? value : undefined;
  const afterSmall = previousValue !== undefined && !previousValue.startsWith('<small');
  if (node.type === 'inlineCode' || (isText && (afterNonJsx || afterSmall))) return shaped?.get(node) ?? String((node as { value?: unknown }).value ?? '');
  const children = (node as Parent).children;
  if (!Array.isArray(children)) return '';
  let title = '';
  children.forEach((child, i) => (title += tocTitle(child, i, children, shaped)));
  return title;
}

/** A `noAnchor` attribute that is set (bare, "true" or `{true}`). */
function noAnchor(node: JsxElement): boolean {
  return node.attributes.some(
    (a) => a.name === 'noAnchor' && (a.value == null || a.value === 'true' || (typeof a.value === 'object' && a.value.value === 'true')),
  );
}

function hiddenFromHumans(node: JsxElement): boolean {
  return node.name === 'Visibility' && stringAttribute(node, 'for') === 'agents';
}

export interface HeadingIdOptions {
  /** The `{#id}` written after a heading, by the heading's 0-based line (PageDocument.customIds). */
  customIds?: ReadonlyMap<number, string>;
  /** The page's front matter `mode`: `custom` and `frame` pages give Markdown headings no ids. */
  mode?: unknown;
  /** The tree of the snippet an element stands for, walked in its place (its headings join the page's). */
  expand?: SnippetExpander;
  /** Also the ids the format's build gives API fields (ParamField, ResponseField) from their names. */
  fields?: boolean;
  /** Called for an element whose id the files do not fix (a field named by an expression). */
  onUnknown?: () => void;
}

/**
 * Whether a paragraph holds only JSX elements and expressions (and white space): MDX's compiler
 * puts them in its place as blocks (@mdx-js/mdx's remarkMarkAndUnravel, before the format's
 * plugins), so `<h2>Overview</h2>` alone on its line is a heading the table of contents ids.
 */
export function unravels(node: Node): boolean {
  if (node.type !== 'paragraph') return false;
  let some = false;
  for (const child of (node as Parent).children ?? []) {
    if (child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression') some = true;
    else if (child.type !== 'text' || !/^[\t\n\v\f\r ]*$/.test(String((child as { value?: unknown }).value ?? ''))) return false;
  }
  return some;
}

/**
 * Whether an element stands as a block where the format's plugins see it: written as one, or alone
 * in its paragraph `parent` (MDX's compiler unravels such a paragraph into its elements first).
 */
export function standsAsBlock(element: Node, parent: Node | undefined): boolean {
  return element.type === 'mdxJsxFlowElement' || (parent !== undefined && unravels(parent));
}

/**
 * What an element stands for: a snippet (its tree, its `{#id}`s, and how elements inside it are
 * expanded, by default the same way), or a component whose output has these element ids.
 */
export type SnippetExpander = (
  element: JsxElement,
  block: boolean,
) => { tree: Node; customIds?: ReadonlyMap<number, string>; expand?: SnippetExpander } | { ids: string[] } | undefined;

/** Components whose element id the format's build makes from the field's name (rehypeParamFieldIds). */
const FIELDS = new Set(['ParamField', 'Param', 'ResponseField']);
/** Where a ParamField's name is read from, in order. */
const PARAM_NAME_ATTRIBUTES = ['query', 'path', 'body', 'header'];

/** A non-empty string attribute, as the format's build reads one. */
function nonEmpty(node: JsxElement, name: string): string | undefined {
  const value = stringAttribute(node, name);
  return value ? value : undefined;
}

/**
 * The ids API fields get, as the format's build gives them after snippets are inlined: a block
 * field without an `id` gets `param-<name>` (counted per name past the ids written on fields). A
 * field whose name or id is an expression, or one inside a sentence (its component makes the id at
 * run time), has an id the files do not fix.
 */
function fieldIds(fields: readonly { node: JsxElement; block: boolean }[], push: (anchor: string, node: Node) => void, unknown: () => void): void {
  const claimed = new Set<string>();
  for (const { node, block } of fields) {
    const id = nonEmpty(node, 'id');
    if (block && id !== undefined) claimed.add(id);
  }
  const counts = new Map<string, number>();
  for (const { node, block } of fields) {
    if (node.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute')) {
      unknown();
      continue;
    }
    const idAttribute = node.attributes.find((a) => a.name === 'id');
    if (idAttribute) {
      // A written string id is the element's (headingIds gives it); an expression is not known.
      if (typeof idAttribute.value === 'object' && idAttribute.value !== null) unknown();
      continue;
    }
    const candidates = node.name === 'ResponseField' ? ['name'] : PARAM_NAME_ATTRIBUTES;
    const name = candidates.map((a) => nonEmpty(node, a)).find((v) => v !== undefined);
    if (name === undefined || !block) {
      if (
        candidates.some((a) => node.attributes.some((x) => x.name === a && typeof x.value === 'object' && x.value !== null)) ||
        (!block && name !== undefined)
      )
        unknown();
      continue;
    }
    const base = fieldSlug(name);
    if (base === undefined) {
      unknown();
      continue;
    }
    let count = counts.get(base) ?? 0;
    let slug = fieldSlug(name, count)!;
    while (claimed.has(slug)) slug = fieldSlug(name, ++count)!;
    counts.set(base, count + 1);
    claimed.add(slug);
    push(slug, node);
  }
}

/** The element ids of a tree's headings and titled components, in document order (empty ids left out). */
export function headingIds(tree: Node, options: HeadingIdOptions = {}): PageAnchor[] {
  const counter = createCounter();
  const dedup = createDeduplicator();
  const tabCounter = createCounter();
  const usedTabIds = new Set<string>();
  const componentCounts = new Map<string, number>();
  const avoided = options.mode === 'custom' || options.mode === 'frame';
  const out: PageAnchor[] = [];
  const fields: { node: JsxElement; block: boolean }[] = [];
  const push = (anchor: string, node: Node, custom?: boolean) => {
    if (anchor) out.push(custom ? { anchor, node, custom } : { anchor, node });
  };
  // Titles are read after the format's typography step (curled quotes, dashes: pages/typography.ts),
  // which runs before it injects `<Snippet file>` content: that keeps its text as written.
  let shaping: { tree: Node; shaped?: ReadonlyMap<Node, string> } | undefined = { tree };
  const title = (node: Node): string => {
    const raw = tocTitle(node);
    if (!shaping || !TYPOGRAPHY.test(raw)) return raw;
    shaping.shaped ??= typographicText(shaping.tree as MdastRoot);
    return tocTitle(node, 1, [], shaping.shaped);
  };
  const walk = (
    node: Node,
    excluded: boolean,
    customIds: ReadonlyMap<number, string> | undefined,
    stepSize: string | undefined,
    depth: number,
    expand: SnippetExpander | undefined,
    block = false,
  ): void => {
    if (node.type === 'heading') {
      const level = (node as { depth?: number }).depth ?? 1;
      const line = node.position ? node.position.start.line - 1 : -1;
      const custom = customIds?.get(line);
      if (custom !== undefined) {
        // `## Title {#id}` is read as `<hN id="id">` before the page is parsed.
        const id = normalizeCustomId(custom);
        if (level <= 4 && !excluded && !avoided) push(orTitle(tocSlug(dedup, title(node), id), title(node)), node, true);
        else push(id, node, true);
      } else if (level <= 4 && !avoided) {
        // Levels 5 and 6 get no id (the format's HEADING_LEVELS are 1-4): only a `{#id}` gives them one.
        const counted = counter(slugify(title(node)));
        // The table of contents replaces the id only when there was one; an empty one is filled from the title.
        const slug = excluded ? counted : tocSlug(dedup, title(node), counted);
        push(orTitle(counted ? slug : '', title(node)), node);
      }
      return;
    }
    let childExcluded = excluded;
    let childStepSize: string | undefined;
    if (isJsxElement(node) && node.name) {
      // Only block elements are headings to the table of contents (`<h2>` inside a sentence is not).
      const flow = node.type === 'mdxJsxFlowElement' || block;
      // The format puts a snippet's content in place of the element (which keeps no id of its own).
      const snippet = depth < 8 ? expand?.(node, flow) : undefined;
      if (snippet && 'ids' in snippet) for (const id of snippet.ids) push(id, node, true);
      else if (snippet) {
        const inner = snippet.expand ?? expand;
        const outer = shaping;
        shaping = node.name === 'Snippet' || !outer ? undefined : { tree: snippet.tree };
        walk(snippet.tree, excluded, snippet.customIds, undefined, depth + 1, inner);
        shaping = outer;
        for (const child of (node as Parent).children ?? []) walk(child, excluded, customIds, stepSize, depth, expand);
        return;
      }
      const name = node.name;
      const id = stringAttribute(node, 'id');
      if (options.fields && FIELDS.has(name)) fields.push({ node, block: flow });
      if (flow && (JSX_HEADINGS.has(name) || name === 'Heading')) {
        if (!excluded && !(avoided && name !== 'Heading')) push(orTitle(tocSlug(dedup, title(node), id), title(node)), node, !!id);
        else if (id) push(name === 'Heading' ? cleanHeadingId(id) : id, node, true);
      } else if (flow && name === 'Update' && stringAttribute(node, 'label') !== undefined) {
        if (!excluded) push(orTitle(tocSlug(dedup, stringAttribute(node, 'label')!, id), stringAttribute(node, 'label')!), node, !!id);
        else if (id) push(cleanHeadingId(id), node, true);
      } else if (flow && name === 'Step') {
        const size = stringAttribute(node, 'titleSize') ?? stepSize;
        const title = stringAttribute(node, 'title') ?? '';
        if (!excluded && !noAnchor(node) && (size === 'h2' || size === 'h3') && title.trim() !== '')
          push(cleanHeadingId(tocSlug(dedup, title, id)), node, !!id);
        else if (id) push(cleanHeadingId(id), node, true);
      } else if (name === 'Tab') {
        const title = stringAttribute(node, 'title');
        if (id) push(id, node, true);
        else if (title) {
          let slug = tabCounter(slugify(title));
          while (usedTabIds.has(slug)) slug = tabCounter(slugify(title));
          usedTabIds.add(slug);
          push(slug, node);
        }
      } else if (name === 'Accordion' || name === 'View') {
        const title = stringAttribute(node, 'title');
        if (id) push(id, node, true);
        else if (title) {
          const base = componentSlug(title);
          const key = name + '\0' + base;
          const count = componentCounts.get(key) ?? 0;
          componentCounts.set(key, count + 1);
          push(count > 0 ? `${base}-${count}` : base, node);
        }
      } else if (id && !COMPONENTS_WITHOUT_ID.has(name)) push(id, node, true);
      // A browser also scrolls to an <a name="…"> (HTML's indicated part of a document).
      if (name === 'a' && stringAttribute(node, 'name')) push(stringAttribute(node, 'name')!, node, true);
      if (HEADING_HIDING_COMPONENTS.has(name) || hiddenFromHumans(node)) childExcluded = true;
      if (name === 'Steps') childStepSize = stringAttribute(node, 'titleSize');
    }
    const children = (node as Parent).children;
    if (!Array.isArray(children)) return;
    // <Steps titleSize> reaches its own <Step>s, through fragments, not nested Steps' steps.
    const fragment = isJsxElement(node) && !node.name;
    const unraveled = unravels(node);
    for (const child of children)
      walk(child, childExcluded, customIds, childStepSize ?? (fragment ? stepSize : undefined), depth, expand, unraveled && child.type === 'mdxJsxTextElement');
  };
  walk(tree, false, options.customIds, undefined, 0, options.expand);
  if (fields.length) fieldIds(fields, (anchor, node) => push(anchor, node), options.onUnknown ?? (() => undefined));
  return out;
}

/** The element ids of a page (with its snippets' headings when `expand` gives their trees). */
export function pageHeadingIds(page: PageDocument, expand?: SnippetExpander): PageAnchor[] {
  return headingIds(page.tree, { customIds: page.customIds, mode: page.frontmatter.data.mode, expand });
}

// The element ids of a page with the snippets it renders: the format puts each snippet's content in
// place of its element before it numbers the headings, so a snippet's headings join the page's (in
// document order, de-duplicated together), and a component a snippet exports adds the ids its code
// writes. Where a snippet's ids cannot be known from the files (missing, unparsed, headings made of
// props or expressions, a component making ids at run time), the page's anchors are open. Also the
// snippet files each page renders (their relative links are resolved from it).
import type { Node } from 'unist';
import { pageEsm } from '../pages/esm';
import { headingIds, type PageAnchor, type SnippetExpander } from '../pages/heading-ids';
import { jsxAttributes, stringAttribute, type JsxElement } from '../pages/jsx';
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { relativeInside, resolveRel } from '../util/paths';
import type { Fact } from './site-index';
import { IMPORT_EXTENSIONS, snippetFileRel } from './imports';
import { isMarkdownFile } from '../util/page-files';

/** Snippets one page inlines at most (as render/mdx-walk.ts's MAX_SNIPPETS_PER_PAGE). */
const MAX_SNIPPETS = 500;

/** Where snippet files come from: the site's file list and a file's parse (undefined when it has none). */
export interface SnippetFiles {
  files: ReadonlySet<string>;
  read(rel: string): PageDocument | undefined;
}

export interface ExpandedAnchors {
  anchors: PageAnchor[];
  /** Some rendered snippet's ids are not known from the files: links to any anchor of the page pass. */
  open: boolean;
}

/** Elements whose title, label or id attribute becomes an element id. */
const TITLED = new Set(['h1', 'h2', 'h3', 'h4', 'Heading', 'Update', 'Step', 'Tab', 'Accordion', 'View']);

/** Whether a snippet's ids depend on what the files do not fix: expressions (props, variables) in headings or titles. */
function unknowable(doc: PageDocument): boolean {
  const hasExpression = (node: Node): boolean => node.type === 'mdxTextExpression' || ((node as { children?: Node[] }).children ?? []).some(hasExpression);
  if (nodesOf(doc, 'heading').some(hasExpression)) return true;
  for (const node of nodesOf<JsxElement>(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if (!node.name || !TITLED.has(node.name)) continue;
    if (jsxAttributes(node).some((a) => ['title', 'label', 'id'].includes(a.name) && typeof a.value === 'object')) return true;
    if (/^h[1-4]$|^Heading$/.test(node.name) && node.children.some(hasExpression)) return true;
    if (node.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute')) return true;
  }
  return false;
}

interface Estree {
  type: string;
  [key: string]: unknown;
}

/** Built-in components that render no element id of their own, whatever they are given. */
const ID_FREE = new Set([
  'Info',
  'Warning',
  'Note',
  'Tip',
  'Check',
  'Danger',
  'Callout',
  'Card',
  'CardGroup',
  'Columns',
  'Column',
  'Frame',
  'Icon',
  'Badge',
  'Tooltip',
  'CodeGroup',
  'Latex',
  'Mermaid',
  'Color',
  'Tile',
  'Panel',
  'Tree',
]);
/** Members and calls through which code makes elements or ids JSX does not show. */
const DOM_WRITES = new Set(['createElement', 'innerHTML', 'outerHTML', 'insertAdjacentHTML', 'setAttribute', 'dangerouslySetInnerHTML']);
/** Estree nodes read at most for one component (beyond it, its ids count as unknown). */
const MAX_CODE_NODES = 100_000;

/** The top-level declarations of a file's ESM (`export const X = …`, `function Y() {}`), by name. */
function declarations(doc: PageDocument): Map<string, Estree> {
  const out = new Map<string, Estree>();
  for (const node of doc.tree.children as Node[]) {
    if (node.type !== 'mdxjsEsm') continue;
    for (let stmt of (node.data as { estree?: { body: Estree[] } } | undefined)?.estree?.body ?? []) {
      if (stmt.type === 'ExportNamedDeclaration' && stmt.declaration) stmt = stmt.declaration as Estree;
      if (stmt.type === 'VariableDeclaration')
        for (const d of stmt.declarations as Estree[]) {
          const id = d.id as Estree;
          if (id.type === 'Identifier') out.set(String(id.name), d);
        }
      else if ((stmt.type === 'FunctionDeclaration' || stmt.type === 'ClassDeclaration') && stmt.id) out.set(String((stmt.id as Estree).name), stmt);
    }
  }
  return out;
}

/**
 * The element ids a component a file exports renders (`export const X = () => <div id="x">…`):
 * ids written as text on its elements; undefined when its code may make others (an id or spread
 * computed at run time, a component of unknown output, HTML or elements made by code).
 */
function componentIds(doc: PageDocument, exported: string): string[] | undefined {
  const decls = declarations(doc);
  const ids: string[] = [];
  const seen = new Set<string>();
  let budget = MAX_CODE_NODES;
  const literal = (value: unknown): string | undefined => {
    const v = value as Estree | null | undefined;
    if (v?.type === 'Literal' && typeof v.value === 'string') return v.value;
    if (v?.type === 'JSXExpressionContainer') return literal(v.expression);
    if (v?.type === 'TemplateLiteral' && (v.expressions as unknown[]).length === 0)
      return String(((v.quasis as Estree[])[0].value as { cooked?: string }).cooked ?? '');
    return undefined;
  };
  const component = (name: string): boolean => {
    if (seen.has(name)) return true;
    seen.add(name);
    const decl = decls.get(name);
    return decl !== undefined && code(decl);
  };
  // Whether the code's output is known; its ids are gathered on the way.
  const code = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.every(code);
    if (typeof node !== 'object' || node === null) return true;
    if (--budget < 0) return false;
    const n = node as Estree;
    if (n.type === 'JSXSpreadAttribute') return false;
    if (n.type === 'JSXAttribute') {
      const attr = String((n.name as Estree).name);
      if (attr === 'dangerouslySetInnerHTML') return false;
      if (attr === 'id') {
        const id = literal(n.value);
        if (id === undefined) return false;
        if (id) ids.push(id);
        return true;
      }
    }
    if (n.type === 'JSXOpeningElement') {
      const name = n.name as Estree;
      if (name.type !== 'JSXIdentifier') return false;
      const tag = String(name.name);
      if (/^[A-Z]/.test(tag) && !ID_FREE.has(tag) && !component(tag)) return false;
    }
    if ((n.type === 'Identifier' || n.type === 'JSXIdentifier') && DOM_WRITES.has(String(n.name))) return false;
    for (const [key, value] of Object.entries(n)) {
      if (key === 'loc' || key === 'range' || key === 'start' || key === 'end') continue;
      if (typeof value === 'object' && value !== null && !code(value)) return false;
    }
    return true;
  };
  return component(exported) ? ids : undefined;
}

/** The site file an import of `fromRel` names, completed with an extension as the format's build does. */
function importTarget(fromRel: string, source: string, files: ReadonlySet<string>): string | undefined {
  const target = resolveRel(fromRel, source);
  if (target === undefined) return undefined;
  const ext = IMPORT_EXTENSIONS.find((e) => files.has(target + e));
  return ext === undefined ? undefined : target + ext;
}

/**
 * The snippet files (site-relative) a page renders itself: markdown files it imports and uses as
 * elements, and `<Snippet file>`; content inlined into the page, so the format resolves their
 * relative links and `#anchors` as the page's.
 */
export const RENDERED_SNIPPETS: Fact<string[]> = {
  key: 'renderedSnippets',
  of(page, sources) {
    if (!sources) return [];
    const rel = relativeInside(sources.site.root, page.path) ?? '';
    const elements = nodesOf<JsxElement>(page, 'mdxJsxFlowElement', 'mdxJsxTextElement');
    const out = new Set<string>();
    const used = new Set(elements.map((n) => n.name));
    for (const imp of pageEsm(page).imports) {
      const target = importTarget(rel, imp.source, sources.site.files);
      if (target !== undefined && isMarkdownFile(target) && imp.names.some((n) => used.has(n))) out.add(target);
    }
    for (const n of elements) {
      const file = n.name === 'Snippet' ? stringAttribute(n, 'file') : undefined;
      if (file !== undefined && sources.site.files.has(snippetFileRel(file))) out.add(snippetFileRel(file));
    }
    return [...out].sort();
  },
};

/**
 * The element ids of page `page` (at site-relative `rel`) with the snippets it renders: imported
 * `.mdx`/`.md` files used as elements, and `<Snippet file>`.
 */
export function anchorsWithSnippets(page: PageDocument, rel: string, source: SnippetFiles): ExpandedAnchors {
  let open = false;
  let budget = MAX_SNIPPETS;
  const enter = (target: string | undefined): ReturnType<SnippetExpander> => {
    const doc = target !== undefined ? source.read(target) : undefined;
    if (!doc || !doc.mdx || doc.tooLarge || doc.syntaxError || budget <= 0 || unknowable(doc)) {
      open = true;
      return undefined;
    }
    budget--;
    return { tree: doc.tree, customIds: doc.customIds, expand: expanderOf(doc, target!) };
  };
  const expanderOf = (doc: PageDocument, fromRel: string): SnippetExpander | undefined => {
    const bindings = new Map<string, { target?: string; imported: string }>();
    for (const imp of pageEsm(doc).imports) {
      const target = importTarget(fromRel, imp.source, source.files);
      if (!isMarkdownFile(target ?? imp.source)) continue;
      for (const [local, imported] of imp.imported) bindings.set(local, { target, imported });
    }
    const usesSnippetElement = nodesOf<JsxElement>(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement').some(
      (n) => n.name === 'Snippet' || (n.name !== null && bindings.has(n.name)),
    );
    if (!usesSnippetElement) return undefined;
    return (element: JsxElement, block: boolean) => {
      const name = element.name;
      if (!name) return undefined;
      const binding = bindings.get(name);
      if (binding && binding.imported !== 'default') {
        // A component the file exports: the ids its code writes, when nothing else can make ids.
        const doc = binding.target !== undefined && binding.imported !== '*' ? source.read(binding.target) : undefined;
        const ids = doc ? componentIds(doc, binding.imported) : undefined;
        if (ids === undefined) open = true;
        return ids === undefined ? undefined : { ids };
      }
      if (binding) {
        // Only a default import written as a block is replaced by the file's content (at the format's
        // build, before MDX unravels one-line elements); anything else renders what the files do not show.
        if (binding.imported !== 'default' || element.type !== 'mdxJsxFlowElement') {
          open = true;
          return undefined;
        }
        return enter(binding.target);
      }
      if (name !== 'Snippet') return undefined;
      const file = stringAttribute(element, 'file');
      // <Snippet file> is put in place once MDX has made an element alone in its paragraph a block.
      if (file === undefined || !block) {
        open = true;
        return undefined;
      }
      return enter(snippetFileRel(file));
    };
  };
  const expand = expanderOf(page, rel);
  const anchors = headingIds(page.tree, {
    customIds: page.customIds,
    mode: page.frontmatter.data.mode,
    expand,
    fields: true,
    onUnknown: () => (open = true),
  });
  return { anchors, open };
}

// The element ids of a page with the snippets it renders: the format puts each snippet's content in
// place of its element before it numbers the headings, so a snippet's headings join the page's (in
// document order, de-duplicated together), and a component a snippet or a code file (`.jsx`, …)
// exports adds the ids its code writes. Where a snippet's ids cannot be known from the files
// (missing, unparsed, headings made of props or expressions, a component making ids at run time),
// the page's anchors are open. Also the snippet files each page renders, itself or through other
// snippets (their relative links are resolved from it).
import type { Node } from 'unist';
import { boundedAcorn } from '../pages/acorn';
import { pageEsm } from '../pages/esm';
import { findComponent, ID_FREE_COMPONENTS, TITLED_COMPONENTS } from '../components/catalog';
import { headingIds, JSX_HEADINGS, type PageAnchor, type SnippetExpander } from '../pages/heading-ids';
import { jsxAttributes, stringAttribute, type JsxElement } from '../pages/jsx';
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { relativeInside, resolveRel } from '../util/paths';
import type { Fact } from './site-index';
import { IMPORT_EXTENSIONS, isCodeFile, snippetFileRel } from './imports';
import { isMarkdownFile } from '../util/page-files';
import { BoundedMap } from '../util/memo';

/** Snippets one page inlines at most (as render/mdx-walk.ts's MAX_SNIPPETS_PER_PAGE). */
const MAX_SNIPPETS = 500;
/** How deep snippets inside snippets are followed (as pages/heading-ids.ts expands them). */
const MAX_SNIPPET_DEPTH = 8;

/** What an imported name of a file binds: the file (undefined when missing), the name it exports (`default`, `*`), whether it is code. */
interface Binding {
  target?: string;
  imported: string;
  code: boolean;
}

/** Where snippet files come from: the site's file list, a file's parse (undefined when it has none), a code file's text. */
export interface SnippetFiles {
  files: ReadonlySet<string>;
  read(rel: string): PageDocument | undefined;
  /** The text of a code file components are imported from (`.jsx`, …); without it their ids are unknown. */
  code?(rel: string): string | undefined;
}

export interface ExpandedAnchors {
  anchors: PageAnchor[];
  /** Some rendered snippet's ids are not known from the files: links to any anchor of the page pass. */
  open: boolean;
}

/** Elements whose title, label or id attribute becomes an element id. */
const titled = (name: string) => JSX_HEADINGS.has(name) || TITLED_COMPONENTS.has(name);
/** Elements whose text becomes their element id. */
const headed = (name: string) => JSX_HEADINGS.has(name) || findComponent(name)?.anchor === 'text';

/** Whether a snippet's ids depend on what the files do not fix: expressions (props, variables) in headings or titles. */
function unknowable(doc: PageDocument): boolean {
  const hasExpression = (node: Node): boolean => node.type === 'mdxTextExpression' || ((node as { children?: Node[] }).children ?? []).some(hasExpression);
  if (nodesOf(doc, 'heading').some(hasExpression)) return true;
  for (const node of nodesOf<JsxElement>(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if (!node.name || !titled(node.name)) continue;
    if (jsxAttributes(node).some((a) => ['title', 'label', 'id'].includes(a.name) && typeof a.value === 'object')) return true;
    if (headed(node.name) && node.children.some(hasExpression)) return true;
    if (node.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute')) return true;
  }
  return false;
}

interface Estree {
  type: string;
  [key: string]: unknown;
}

/** Members and calls through which code makes elements or ids JSX does not show. */
const DOM_WRITES = new Set(['createElement', 'cloneElement', 'innerHTML', 'outerHTML', 'insertAdjacentHTML', 'setAttribute', 'dangerouslySetInnerHTML']);
/** Estree nodes read at most for one component (beyond it, its ids count as unknown). */
const MAX_CODE_NODES = 100_000;
/** Code files longer than this are not parsed (their components' ids are unknown): a hostile file cannot hold up the check. */
const MAX_CODE_CHARS = 256 * 1024;

/** The top-level declarations of ESM statements by name (`export const X = …`, `function Y() {}`), exported names included (`export { Y as Z }`, `export default …`). */
function declarationsOf(body: Iterable<Estree>): Map<string, Estree> {
  const out = new Map<string, Estree>();
  const nameOf = (n: unknown) => String((n as Estree).name ?? (n as Estree).value);
  // Exported name -> local name, resolved once every declaration is known.
  const aliases: [string, string][] = [];
  for (let stmt of body) {
    if (stmt.type === 'ExportDefaultDeclaration') {
      const d = stmt.declaration as Estree;
      // `default` is no identifier, so it names no local declaration.
      if (d.type === 'Identifier') aliases.push(['default', String(d.name)]);
      else out.set('default', d);
      stmt = d;
    } else if (stmt.type === 'ExportNamedDeclaration' && stmt.declaration) stmt = stmt.declaration as Estree;
    else if (stmt.type === 'ExportNamedDeclaration' && !stmt.source)
      for (const spec of stmt.specifiers as Estree[]) aliases.push([nameOf(spec.exported), nameOf(spec.local)]);
    if (stmt.type === 'VariableDeclaration')
      for (const d of stmt.declarations as Estree[]) {
        const id = d.id as Estree;
        if (id.type === 'Identifier') out.set(String(id.name), d);
      }
    else if ((stmt.type === 'FunctionDeclaration' || stmt.type === 'ClassDeclaration') && stmt.id) out.set(String((stmt.id as Estree).name), stmt);
  }
  for (const [exported, local] of aliases) {
    const decl = out.get(local);
    if (decl && !out.has(exported)) out.set(exported, decl);
  }
  return out;
}

/** The top-level declarations of a Markdown file's ESM. */
function mdxDeclarations(doc: PageDocument): Map<string, Estree> {
  const body: Estree[] = [];
  for (const node of doc.tree.children as Node[])
    if (node.type === 'mdxjsEsm') for (const stmt of (node.data as { estree?: { body: Estree[] } } | undefined)?.estree?.body ?? []) body.push(stmt);
  return declarationsOf(body);
}

/** Code texts parsed lately (pages of a site share a few component files), up to 1 MB of text. */
const codeCache = new BoundedMap<string, Map<string, Estree> | undefined>(1024 * 1024, (text) => text.length);

/**
 * The top-level declarations of a code file's text; undefined when it is longer than MAX_CODE_CHARS
 * or is not JavaScript with JSX (TypeScript, a syntax error, code nesting past the parser's bound).
 */
function codeDeclarations(text: string): Map<string, Estree> | undefined {
  if (text.length > MAX_CODE_CHARS) return undefined;
  if (codeCache.has(text)) return codeCache.get(text);
  let decls: Map<string, Estree> | undefined;
  try {
    decls = declarationsOf((boundedAcorn.parse(text, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: Estree[] }).body);
  } catch {
    decls = undefined;
  }
  codeCache.set(text, decls);
  return decls;
}

/** Whether a node writes an element's `id` property (`el.id = …`, `el["id"] = …`). */
function writesIdProperty(n: Estree): boolean {
  if (n.type !== 'AssignmentExpression') return false;
  const left = n.left as Estree;
  if (left.type !== 'MemberExpression') return false;
  const key = left.property as Estree;
  return left.computed ? key.type === 'Literal' && key.value === 'id' : key.name === 'id';
}

/**
 * The element ids a component a file exports renders (`export const X = () => <div id="x">…`):
 * ids written as text on its elements; undefined when its code may make others (an id or spread
 * computed at run time, a component of unknown output, HTML or elements made by code).
 */
function componentIds(decls: ReadonlyMap<string, Estree>, exported: string): string[] | undefined {
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
      if (/^[A-Z]/.test(tag) && !ID_FREE_COMPONENTS.has(tag) && !component(tag)) return false;
    }
    if ((n.type === 'Identifier' || n.type === 'JSXIdentifier') && DOM_WRITES.has(String(n.name))) return false;
    if (writesIdProperty(n)) return false;
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

/** The snippet files a file (at site-relative `rel`) renders itself: Markdown files it imports and uses as elements, and `<Snippet file>`. */
function snippetsOf(doc: PageDocument, rel: string, files: ReadonlySet<string>): Set<string> {
  const elements = nodesOf<JsxElement>(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement');
  const out = new Set<string>();
  const used = new Set(elements.map((n) => n.name));
  for (const imp of pageEsm(doc).imports) {
    const target = importTarget(rel, imp.source, files);
    if (target !== undefined && isMarkdownFile(target) && imp.names.some((n) => used.has(n))) out.add(target);
  }
  for (const n of elements) {
    const file = n.name === 'Snippet' ? stringAttribute(n, 'file') : undefined;
    if (file !== undefined && files.has(snippetFileRel(file))) out.add(snippetFileRel(file));
  }
  return out;
}

/**
 * The snippet files (site-relative) a page renders, itself or through the snippets it renders (each
 * file resolving its own imports; MAX_SNIPPET_DEPTH deep, MAX_SNIPPETS files read): content inlined
 * into the page, so the format resolves their relative links and `#anchors` as the page's.
 */
export const RENDERED_SNIPPETS: Fact<string[]> = {
  key: 'renderedSnippets',
  of(page, sources) {
    if (!sources) return [];
    const files = sources.site.files;
    const rel = relativeInside(sources.site.root, page.path) ?? '';
    // Each file is read once: a snippet rendering one already seen (a cycle, or twice) adds nothing.
    const seen = new Set<string>([rel]);
    const out: string[] = [];
    let reads = MAX_SNIPPETS;
    let level: { doc: PageDocument; rel: string }[] = [{ doc: page, rel }];
    for (let depth = 0; depth < MAX_SNIPPET_DEPTH && level.length > 0; depth++) {
      const next: typeof level = [];
      for (const from of level)
        for (const target of snippetsOf(from.doc, from.rel, files)) {
          if (seen.has(target)) continue;
          seen.add(target);
          out.push(target);
          const doc = reads-- > 0 && depth + 1 < MAX_SNIPPET_DEPTH ? sources.read(target) : undefined;
          if (doc && !doc.tooLarge) next.push({ doc, rel: target });
        }
      level = next;
    }
    return out.sort();
  },
};

/**
 * The element ids of page `page` (at site-relative `rel`) with the snippets it renders: imported
 * `.mdx`/`.md` files used as elements, `<Snippet file>`, and components imported from them or from
 * code files (`source.code`).
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
  /** The ids component `exported` of a Markdown or code file writes (undefined when they are not known). */
  const exportedIds = (binding: Binding, exported: string): string[] | undefined => {
    if (binding.target === undefined) return undefined;
    if (!binding.code) {
      const doc = source.read(binding.target);
      return doc ? componentIds(mdxDeclarations(doc), exported) : undefined;
    }
    const text = source.code?.(binding.target);
    const decls = text !== undefined ? codeDeclarations(text) : undefined;
    return decls ? componentIds(decls, exported) : undefined;
  };
  const expanderOf = (doc: PageDocument, fromRel: string): SnippetExpander | undefined => {
    const bindings = new Map<string, Binding>();
    for (const imp of pageEsm(doc).imports) {
      const target = importTarget(fromRel, imp.source, source.files);
      const code = isCodeFile(target ?? imp.source);
      if (!code && !isMarkdownFile(target ?? imp.source)) continue;
      for (const [local, imported] of imp.imported) bindings.set(local, { target, imported, code });
    }
    // `<S.Part />` names component `Part` of the file imported as `* as S`.
    const bound = (name: string) => bindings.get(name) ?? (name.includes('.') ? bindings.get(name.slice(0, name.indexOf('.'))) : undefined);
    const usesSnippetElement = nodesOf<JsxElement>(doc, 'mdxJsxFlowElement', 'mdxJsxTextElement').some(
      (n) => n.name === 'Snippet' || (n.name !== null && bound(n.name) !== undefined),
    );
    if (!usesSnippetElement) return undefined;
    return (element: JsxElement, block: boolean) => {
      const name = element.name;
      if (!name) return undefined;
      const binding = bound(name);
      const member = binding && !bindings.has(name) ? name.slice(name.indexOf('.') + 1) : undefined;
      if (binding && (member !== undefined || binding.code || binding.imported !== 'default')) {
        // A component the file exports: the ids its code writes, when nothing else can make ids
        // (a namespace itself, or a member of anything but a namespace, is of unknown output).
        const exported = member === undefined ? (binding.imported === '*' ? undefined : binding.imported) : binding.imported === '*' ? member : undefined;
        const ids = exported === undefined ? undefined : exportedIds(binding, exported);
        if (ids === undefined) open = true;
        return ids === undefined ? undefined : { ids };
      }
      if (binding) {
        // Only a default import written as a block is replaced by the file's content (at the format's
        // build, before MDX unravels one-line elements); anything else renders what the files do not show.
        if (element.type !== 'mdxJsxFlowElement') {
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

// What the two walkers of a parsed MDX file share: the renderer (render/page.ts, to HTML) and the
// Markdown copy (export/markdown.ts). A Frame is the state of one file being walked (the page or an
// inlined snippet): its scope of static values, its imports, its depth and the page's snippet
// budget; snippets are entered here, so both outputs inline the same snippets under the same
// limits; attribute readers and the facts of an API field are read here once. Pure.
import type { Node } from 'unist';
import type { JsxElement } from '../pages/jsx';
import type { PageDocument } from '../pages/parse';
import { IMPORT_EXTENSIONS } from '../site/imports';
import { resolveRel } from '../util/paths';
import { addExports, displayValue, evaluate, expressionOf, UNKNOWN } from './expressions';

/** Snippets are inlined at most this deep (a snippet that imports itself stops here). */
export const MAX_SNIPPET_DEPTH = 8;
/** Snippets inlined into one page at most (a snippet that imports itself several times grows exponentially). */
export const MAX_SNIPPETS_PER_PAGE = 500;

/** A component name the file imports: the site file it comes from and the name it has there. */
export interface ImportBinding {
  rel: string;
  /** `default`, `*` or the exported name. */
  imported: string;
}

/** The walk of one file (page or snippet); `C` is the walker's output node. */
export interface Frame<C> {
  /** Site-relative path of the file. */
  rel: string;
  /** Static values: props passed to a snippet, then the file's `export const`s. */
  scope: Map<string, unknown>;
  imports: Map<string, ImportBinding>;
  /** The file's ESM nodes (imports and exports). */
  esm: Node[];
  /** 0 for the page, 1 for a snippet it inlines, ... */
  depth: number;
  /** `children` passed to a snippet, already converted. */
  children?: C[];
  /** Snippets the page may still inline (shared by the page's frame and its snippets'). */
  budget: { snippets: number };
}

interface ImportSpecifier {
  type: string;
  local: { name: string };
  imported?: { name?: string; value?: string };
}

/**
 * The frame of a file. With `files`, an import path without its extension is completed as the
 * format's build does (IMPORT_EXTENSIONS); without, import paths are taken as written.
 */
function frameOf<C>(
  doc: PageDocument,
  rel: string,
  props: Map<string, unknown>,
  depth: number,
  budget: { snippets: number },
  files?: ReadonlySet<string>,
): Frame<C> {
  const scope = new Map(props);
  const esm: Node[] = [];
  const imports = new Map<string, ImportBinding>();
  for (const node of doc.tree.children as Node[]) {
    if (node.type !== 'mdxjsEsm') continue;
    esm.push(node);
    const program = (node as { data?: { estree?: { body: { type: string; source?: { value: unknown }; specifiers?: ImportSpecifier[] }[] } } }).data?.estree;
    for (const stmt of program?.body ?? []) {
      if (stmt.type !== 'ImportDeclaration' || typeof stmt.source?.value !== 'string') continue;
      const target = resolveRel(rel, stmt.source.value);
      if (target === undefined) continue;
      const ext = files ? IMPORT_EXTENSIONS.find((e) => files.has(target + e)) : '';
      for (const s of stmt.specifiers ?? []) {
        const imported =
          s.type === 'ImportDefaultSpecifier'
            ? 'default'
            : s.type === 'ImportNamespaceSpecifier'
              ? '*'
              : (s.imported?.name ?? s.imported?.value ?? s.local.name);
        imports.set(s.local.name, { rel: target + (ext ?? ''), imported });
      }
    }
  }
  addExports(esm, scope);
  return { rel, scope, imports, esm, depth, budget };
}

/** The frame of a page: depth 0, a full snippet budget. */
export function pageFrame<C>(doc: PageDocument, rel: string, files?: ReadonlySet<string>): Frame<C> {
  return frameOf(doc, rel, new Map(), 0, { snippets: MAX_SNIPPETS_PER_PAGE }, files);
}

/**
 * Enters snippet `rel` from `parent` (an imported `.mdx` or `<Snippet file>`): its document and
 * frame; a string says why it is not inlined (too deep, over the page's budget); undefined when it
 * cannot be read (no such file, or not MDX).
 */
export function enterSnippet<C>(
  parent: Frame<C>,
  rel: string,
  props: Record<string, unknown>,
  children: C[],
  read: ((rel: string) => PageDocument | undefined) | undefined,
  files?: ReadonlySet<string>,
): { doc: PageDocument; frame: Frame<C> } | string | undefined {
  if (parent.depth >= MAX_SNIPPET_DEPTH) return `${rel} is not shown: snippets are inlined at most ${MAX_SNIPPET_DEPTH} levels deep (does it import itself?)`;
  if (parent.budget.snippets <= 0) return `${rel} is not shown: a page inlines at most ${MAX_SNIPPETS_PER_PAGE} snippets`;
  const doc = read?.(rel);
  if (!doc || !doc.mdx) return undefined;
  parent.budget.snippets--;
  const frame = frameOf<C>(doc, rel, new Map(Object.entries(props)), parent.depth + 1, parent.budget, files);
  frame.children = children;
  return { doc, frame };
}

/** What a `{…}` expression shows: the snippet's `children`, a text, or nothing (not statically known). */
export function expressionValue<C>(node: Node, frame: Frame<C>): { children: C[] } | string | undefined {
  const expr = expressionOf(node);
  if (expr?.type === 'Identifier' && (expr as { name?: string }).name === 'children' && frame.children) return { children: frame.children };
  const v = evaluate(expr, frame.scope);
  return v === UNKNOWN ? undefined : displayValue(v);
}

// ---- attribute readers (values from attributeValues) ----

export type Attrs = Record<string, unknown>;

/** A string or number attribute, as text. */
export function str(a: Attrs, name: string): string | undefined {
  const v = a[name];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

/** A boolean attribute: bare (`required`), `{true}` or `"true"`. */
export function flag(a: Attrs, name: string): boolean {
  return a[name] === true || a[name] === 'true';
}

const LOCATIONS = ['path', 'query', 'header', 'body'] as const;

/** What a `<ParamField>` or `<ResponseField>` says of its field. */
export interface ApiField {
  name: string;
  /** Where a parameter is sent: the attribute that names it (`path`, `query`, `header`, `body`), if any. */
  location?: (typeof LOCATIONS)[number];
  type?: string;
  required: boolean;
  deprecated: boolean;
  /** The default value as shown (JSON for objects and arrays). */
  default?: string;
}

export function apiField(a: Attrs): ApiField {
  const location = LOCATIONS.find((l) => typeof a[l] === 'string');
  const name = location ? String(a[location]) : (str(a, 'name') ?? '');
  return { name, location, type: str(a, 'type'), required: flag(a, 'required'), deprecated: flag(a, 'deprecated'), default: shownValue(a.default) };
}

/** A static value as text: strings, numbers and booleans as they are, objects and arrays as JSON. */
function shownValue(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const text = displayValue(v);
  return text !== undefined || typeof v !== 'object' ? text : JSON.stringify(v);
}

/** The text of a `<CodeBlock>`: its children's values, one per line. */
export function codeBlockText(node: JsxElement): string {
  return (node.children as Node[]).map((n) => ('value' in n ? String(n.value) : '')).join('\n');
}

// Page -> HTML. The parsed MDX tree (never re-parsed) goes through mdast-util-to-hast with handlers
// for code (Shiki), headings (the format's anchors) and MDX nodes (components, expressions, ESM),
// then through the sanitiser, then internal links and asset paths are pointed at the target
// (webview URIs for the preview, relative URLs for the export). Pure: no I/O.
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Code, Heading, Paragraph, Root as MdastRoot, Text } from 'mdast';
import { defaultHandlers, toHast, type Handler, type State } from 'mdast-util-to-hast';
import { posix } from 'node:path';
import type { Node } from 'unist';
import { skippedReason, type PageDocument } from '../pages/parse';
import { isJsxElement, type JsxElement } from '../pages/jsx';
import { linkedPage, pageId } from '../site/navigation';
import { redirectTarget, type Redirects } from '../site/redirects';
import { createSlugger } from '../util/slug';
import { headingIds, standsAsBlock } from '../pages/heading-ids';
import { FORMAT_DROPS_AS_BLOCK } from '../components/html-elements';
import { typographicText } from '../pages/typography';
import { autolinkRuns, mayAutolink, type TextRun } from '../pages/autolinks';
import { anchorsWithSnippets } from '../site/snippet-anchors';
import { isExternalUrl, resolveRel } from '../util/paths';
import { el, hastText, headingAnchor, renderComponent, restartTabIds, type ComponentContext, type RenderFrame } from './components';
import { attributeValues } from './expressions';
import { enterSnippet, expressionValue, pageFrame, type Frame } from './mdx-walk';
import { codeBlock } from './code';
import { plainBlocks } from '../pages/code-highlight';
import type { IconLibrary } from './icons';
import { mathElement } from './math';
import { componentBudget, loadJsxModule, renderJsxComponent, type ComponentBudget, type ComponentRunner, type JsxModule } from './jsx-module';
import { COMPONENTS } from '../components/catalog';
import { cleanHtml, own, sanitizeTree } from './sanitize';
import { BoundedMap } from '../util/memo';
import { withoutMarkdownExt } from '../util/page-files';
import { plainHighlighter, type Highlighter } from './highlight';

export { codeBlock, codeTitle } from './code';

export interface RenderTarget {
  /** The href of a site page (by id), with an optional `#anchor`. */
  pageHref(id: string, hash?: string): string;
  /** The URL of a site file (site-relative path). */
  assetUrl(rel: string): string;
  /**
   * Whether links to site pages carry the page id (`data-dw-page`): the preview's script opens pages
   * in the editor by it. The export leaves it out: nothing reads it there, and it would weigh on
   * every page's navigation HTML.
   */
  pageIds?: boolean;
  /**
   * For HTML shared between pages (the export's navigation groups): a target whose URLs are the
   * same for every page with the same `key`. The export writes those links from the site root up
   * (`../../guides/setup.html`), so all pages of one folder depth share them.
   */
  shared?: { key: string; target: RenderTarget };
  /**
   * Whether what the format leaves out of the page (block `<details>`) is shown, marked as such: the
   * preview shows the writer their text; the export leaves it out, as the published site does.
   */
  showDropped?: boolean;
}

/** The `data-dw-page` value of a link to page `id` for this target (undefined: no attribute). */
export function pageIdAttr(target: RenderTarget, id: string | undefined): string | undefined {
  return target.pageIds ? id : undefined;
}

/** Page code that may run: component sources by site-relative path, and the sandbox that runs them. */
export interface PageComponents {
  source(rel: string): string | undefined;
  run: ComponentRunner;
}

export interface PageRenderInput {
  page: PageDocument;
  /** Site-relative path of the page file. */
  rel: string;
  /** Page id -> site-relative file of every page of the site. */
  pages: ReadonlyMap<string, string>;
  /** Every site-relative file of the site. */
  files: ReadonlySet<string>;
  target: RenderTarget;
  /** A parsed snippet or page file by site-relative path, for imports and `<Snippet file>`. */
  snippet?: (rel: string) => PageDocument | undefined;
  /**
   * Given only where page code may run (a trusted workspace, the CLI): the source of an imported
   * `.jsx`/`.js` component file, and the sandbox that runs components to produce static markup, as
   * the site's build would.
   */
  components?: PageComponents;
  /** The site's redirects: a link to a redirect source leads to its destination. */
  redirects?: Redirects;
  /** `icons.library`: where the icons the page names come from (default Font Awesome). */
  iconLibrary?: IconLibrary;
  /** The host's highlighter, with the build's table (default: plainHighlighter, the same output). */
  highlighter?: Highlighter;
}

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
  line: number;
  /** The title of the `<View>` the heading is in (shown only while that view is). */
  view?: string;
}

/** A `<View>` of the page: an entry of its view switcher. */
export interface PageView {
  title: string;
  icon?: string;
  iconType?: string;
}

/** The page's views as the walk meets them: titles in order, and the one a heading is inside. */
interface ViewState {
  list: PageView[];
  current?: string;
}

export interface RenderedPage {
  title: string;
  description?: string;
  /** The sanitised page body. */
  html: string;
  toc: TocEntry[];
  /** Set when the page could not be parsed as MDX: the body is a best-effort Markdown rendering. */
  problem?: string;
  /** Components that ran and failed (threw, ran out of time or memory), each shown as a placeholder. */
  componentErrors?: string[];
  /** What the page's components spent of their budget (time, output), and how many ran or were not started. */
  componentBudget?: ComponentBudget;
  /** The class names of the body's elements (for the Tailwind CSS of the page: render/tailwind.ts). */
  classes?: string[];
  /** The page's `<View>`s (one shows at a time, the first at first); absent when it has none. */
  views?: PageView[];
  /** Code blocks the highlighting watchdog stopped (shown plain, with the page's later blocks): HIGHLIGHT_PAGE_MS. */
  highlightStopped?: number;
  /** The body has its own side column (an API page's examples), where the table of contents would be. */
  sideColumn?: boolean;
  /** `<RequestExample>`/`<ResponseExample>` of the page, taken out of `html` for the side column (api-page.ts `withSideColumn`). */
  aside?: string;
}

/** Built-in components a `.jsx` file may use without importing them (as on the published site). */
const BUILTIN_COMPONENTS = COMPONENTS.map((c) => c.name).filter((n) => /^[A-Z][A-Za-z]*$/.test(n));
const jsxModules = new BoundedMap<string, JsxModule>(64);
/** Compiled component modules by source text (a few dozen at most; edits replace them). */
function jsxModule(source: string): JsxModule {
  let mod = jsxModules.get(source);
  if (!mod) {
    mod = loadJsxModule(source, BUILTIN_COMPONENTS);
    jsxModules.set(source, mod);
  }
  return mod;
}

const BLOCK_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'hr',
  'div',
  'details',
  'figure',
  'section',
  'aside',
  'img',
  'video',
  'iframe',
]);

export function renderPage(input: PageRenderInput): RenderedPage {
  // One parse per snippet for the render: the ids numbered below are found by node when it is rendered.
  const read = input.snippet;
  const parsed = new Map<string, PageDocument | undefined>();
  if (read) input = { ...input, snippet: (rel) => (parsed.has(rel) ? parsed.get(rel) : (parsed.set(rel, read(rel)), parsed.get(rel))) };
  // The page's blocks share its time for highlighting.
  const highlighter = (input.highlighter ?? plainHighlighter()).forPage();
  input = { ...input, highlighter };
  const { page } = input;
  const fm = page.frontmatter.data;
  const title = typeof fm.title === 'string' ? fm.title : fallbackTitle(input.rel);
  const description = typeof fm.description === 'string' ? fm.description : undefined;
  const slug = createSlugger();
  // The published ids, the snippets' numbered with the page's as the format inlines them; a node
  // rendered more than once (a snippet used twice) takes its ids in turn.
  const anchors: Anchors = new Map();
  for (const a of anchorsWithSnippets(page, input.rel, { files: input.files, read: (rel) => input.snippet?.(rel) }).anchors) {
    const ids = anchors.get(a.node);
    if (ids) ids.list.push(a.anchor);
    else anchors.set(a.node, { list: [a.anchor], next: 0 });
  }
  const toc: TocEntry[] = [];
  const frame = withLocalComponents(pageFrame(page, input.rel, input.files));
  restartTabIds();
  const componentErrors: string[] = [];
  const budget = componentBudget();
  const views: ViewState = { list: [] };
  const tree = convert(page.tree, frame, input, slug, anchors, toc, page, componentErrors, budget, views);
  const clean = sanitizeTree(tree);
  // The format shows the page's request and response examples beside it: they go to the side column.
  const isExample = (n: HastRoot['children'][number]) => n.type === 'element' && n.data?.docwrightAttributes?.dataDwApiExample !== undefined;
  const side = clean.children.filter(isExample);
  if (side.length) clean.children = clean.children.filter((n) => !isExample(n));
  const classNames = new Set<string>();
  const each = (el: Element) => {
    const c = el.properties.className;
    if (Array.isArray(c)) for (const name of c) classNames.add(String(name));
    // Line numbers on the page's block elements, for scroll sync with the editor (reserved: the sanitiser took the page's own).
    if (BLOCK_TAGS.has(el.tagName) && el.position && el.properties.dataDwLine === undefined) el.properties.dataDwLine = el.position.start.line - 1;
    pointLinks(el, input);
  };
  const html = cleanHtml(clean, each);
  const aside = side.length ? cleanHtml({ type: 'root', children: side }, each) : undefined;
  const problem = page.tooLarge
    ? page.tooLarge.reason === 'size'
      ? `This page is ${Math.round(page.tooLarge.bytes / 1024)} KB, over the ${Math.round(page.tooLarge.limit / 1024)} KB that Docwright renders.`
      : `${skippedReason(page.tooLarge)} Its content is not shown.`
    : page.syntaxError
      ? `MDX syntax error on line ${page.syntaxError.range.start.line + 1}: ${page.syntaxError.message} The preview shows what could be read.`
      : undefined;
  return {
    title,
    description,
    html,
    toc,
    problem,
    componentErrors,
    componentBudget: budget,
    classes: [...classNames],
    ...(views.list.length ? { views: views.list } : {}),
    ...(aside ? { aside } : {}),
    ...(highlighter.stoppedBlocks ? { highlightStopped: highlighter.stoppedBlocks } : {}),
  };
}

function fallbackTitle(rel: string): string {
  const base = withoutMarkdownExt(posix.basename(rel));
  return base.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/**
 * The renderer's frame: components the file defines itself (`export const Card2 = (props) =>
 * <div>…</div>`) are the names of its ESM without a static value; they run like imported .jsx, in a
 * trusted workspace only.
 */
function withLocalComponents(frame: Frame<ElementContent>): RenderFrame {
  const esmSource = frame.esm.map((n) => String((n as { value?: unknown }).value ?? '')).join('\n');
  const localComponents = new Set<string>();
  for (const m of esmSource.matchAll(/\bexport\s+(?:const|let|var|function)\s+([A-Z][\w$]*)/g)) if (!frame.scope.has(m[1])) localComponents.add(m[1]);
  return { ...frame, esmSource, localComponents };
}

/** Element ids by the node they are given to, taken in turn. */
type Anchors = Map<Node, { list: string[]; next: number }>;

/** The next id of a node (its last one again when it is rendered more often than the ids say). */
function takeAnchor(anchors: Anchors, node: Node): string | undefined {
  const ids = anchors.get(node);
  if (!ids) return undefined;
  return ids.list[Math.min(ids.next++, ids.list.length - 1)];
}

function convert(
  tree: MdastRoot,
  frame: RenderFrame,
  input: PageRenderInput,
  slug: (t: string) => string,
  anchors: Anchors,
  toc: TocEntry[],
  doc: PageDocument,
  errors: string[],
  budget: ComponentBudget,
  views: ViewState,
): HastRoot {
  // A snippet whose ids are not fixed by the files (props in its headings) is numbered on its own.
  for (const a of headingIds(tree, { customIds: doc.customIds, mode: frame.depth === 0 ? doc.frontmatter.data.mode : undefined }))
    if (!anchors.has(a.node)) anchors.set(a.node, { list: [a.anchor], next: 0 });
  const ctx: ComponentContext = {
    frame,
    slug,
    anchor: (node) => takeAnchor(anchors, node),
    attributes: (node) => attributeValues(node, frame.scope),
    renderSnippet: (rel, props, children, asWritten) =>
      renderSnippet(rel, props, children, frame, input, slug, anchors, toc, errors, budget, views, asWritten || frame.asWritten),
    renderJsx: (rel, name, props, children, builtin) => {
      const source = input.components?.source(rel);
      return source === undefined ? undefined : renderJsxComponent(input.components!.run, jsxModule(source), name, props, children, builtin, budget);
    },
    renderLocal: (name, props, children, builtin) =>
      // Trust is given with `components`: without it, no page code runs either.
      input.components ? renderJsxComponent(input.components.run, jsxModule(frame.esmSource), name, props, children, builtin, budget) : undefined,
    problem: (message) => errors.push(frame.depth > 0 ? `${message} (in ${frame.rel})` : message),
    iconLibrary: input.iconLibrary,
    highlighter: input.highlighter,
    plainCode: (node) => plainBlocks(doc).has(node),
    view: (title, icon, iconType, render) => {
      // As the format: the first View of a title is the switcher's entry (a later one shows with it).
      if (!views.list.some((v) => v.title === title)) views.list.push({ title, ...(icon ? { icon } : {}), ...(iconType ? { iconType } : {}) });
      const outer = views.current;
      views.current = title;
      try {
        return { children: render(), shown: views.list[0].title === title };
      } finally {
        views.current = outer;
      }
    },
  };
  // Line numbers (for scroll sync) only on the page's own elements, not on inlined snippets.
  const lined = <T extends ElementContent | ElementContent[] | undefined>(out: T, node: Node): T => (frame.depth === 0 ? lineOf(out, node) : out);
  // Prose as the format prints it: curled quotes, dashes and ellipses (code and attributes as written).
  const typography = frame.asWritten ? new Map<Text, string>() : typographicText(tree);
  // Bare URLs become links as the format's parser makes them, never inside a link (found when needed).
  let linked: Set<Node> | undefined;
  // Block <details>/<summary> the format leaves out: the export does too; the preview shows them marked.
  let insideDropped = 0;
  const jsx: Handler = (state: State, node: JsxElement, parent: Node | undefined) => {
    const name = node.name;
    const dropped =
      insideDropped === 0 &&
      name !== null &&
      FORMAT_DROPS_AS_BLOCK.has(name) &&
      !frame.localComponents.has(name) &&
      !frame.imports.has(name) &&
      standsAsBlock(node, parent);
    if (!dropped) return lined(renderComponent(node, state, ctx), node);
    if (!input.target.showDropped) return undefined;
    insideDropped++;
    try {
      const out = renderComponent(node, state, ctx);
      const children = out === undefined ? [] : Array.isArray(out) ? out : [out];
      return lined(el('div', { className: ['dw-dropped'], dataDropped: name }, children), node);
    } finally {
      insideDropped--;
    }
  };
  const handlers: Record<string, Handler> = {
    text: (state, node: Text) => {
      const value = typography.get(node);
      const runs = mayAutolink(node.value) && !(linked ??= textInLinks(tree)).has(node) ? autolinkRuns(node.value) : undefined;
      return runs ? linkedRuns(runs, node.value, value ?? node.value) : defaultHandlers.text(state, value === undefined ? node : { ...node, value });
    },
    yaml: () => undefined,
    toml: () => undefined,
    mdxjsEsm: () => undefined,
    mdxFlowExpression: (_state, node: Node) => expressionText(node, frame),
    mdxTextExpression: (_state, node: Node) => expressionText(node, frame),
    mdxJsxFlowElement: jsx,
    mdxJsxTextElement: jsx,
    paragraph: (state, node: Paragraph) => {
      // A component alone on its line is parsed as a paragraph around it: render the component
      // itself, not a <p> that a block element inside would break.
      if (node.children.length > 0 && node.children.every((c) => isBlockJsx(c) || (c.type === 'text' && !c.value.trim()))) {
        return node.children.filter(isBlockJsx).flatMap((c) => {
          const out = state.one(c, node);
          return out === undefined ? [] : Array.isArray(out) ? out : [out];
        }) as ElementContent[];
      }
      return lined({ type: 'element', tagName: 'p', properties: {}, children: state.all(node) as ElementContent[] }, node);
    },
    code: (_state, node: Code) =>
      lined(
        codeBlock(
          node.value,
          node.lang ?? undefined,
          node.meta ?? undefined,
          undefined,
          undefined,
          input.iconLibrary,
          input.highlighter,
          plainBlocks(doc).has(node),
        ),
        node,
      ),
    math: (_state, node: Node) => lined(mathElement(String((node as { value?: unknown }).value ?? ''), true), node),
    inlineMath: (_state, node: Node) => mathElement(String((node as { value?: unknown }).value ?? ''), false),
    heading: (state, node: Heading) => {
      const children = state.all(node) as ElementContent[];
      // The rendered text (expressions substituted), as the published page has it.
      const text = hastText(children).trim();
      // A title made of expressions has no id in the source; the rendered text gives one.
      // Levels 5 and 6 get no id (the format ids levels 1-4), only a `{#id}` (takeAnchor) gives them one.
      const id = takeAnchor(anchors, node) ?? (text && node.depth <= 4 ? slug(text) : undefined);
      if ((node.depth === 2 || node.depth === 3) && id)
        toc.push({ depth: node.depth, id, text, line: (node.position?.start.line ?? 1) - 1, ...(views.current !== undefined ? { view: views.current } : {}) });
      const el: Element = {
        type: 'element',
        tagName: `h${node.depth}`,
        properties: { id },
        children: id ? [headingAnchor(id), ...children] : children,
      };
      return lined(el, node);
    },
  };
  return toHast(tree, { handlers, allowDangerousHtml: false }) as HastRoot;
}

/** Text inside links and link references. */
function textInLinks(tree: MdastRoot): Set<Node> {
  const out = new Set<Node>();
  const walk = (node: Node, inLink: boolean) => {
    if (inLink && node.type === 'text') out.add(node);
    const within = inLink || node.type === 'link' || node.type === 'linkReference';
    for (const child of (node as { children?: Node[] }).children ?? []) walk(child, within);
  };
  walk(tree, false);
  return out;
}

/**
 * A text node's autolink runs as hast, showing `shown` (the text as printed). Typography only curls
 * quotes (one character for one) and shortens `--`, dots and double backticks to one character, so
 * each run's end is found by walking both texts; if they cannot be matched the text is shown unlinked.
 */
function linkedRuns(runs: TextRun[], raw: string, shown: string): ElementContent[] {
  const out: ElementContent[] = [];
  let [i, j] = [0, 0];
  for (const run of runs) {
    const start = j;
    const end = i + run.text.length;
    while (i < end) {
      const step = typographicStep(raw, i, shown[j]);
      if (!step) return [{ type: 'text', value: shown }];
      i += step;
      j += 1;
    }
    const value = shown.slice(start, j);
    out.push(
      run.url === undefined ? { type: 'text', value } : { type: 'element', tagName: 'a', properties: { href: run.url }, children: [{ type: 'text', value }] },
    );
  }
  return out;
}

/** How many characters of `raw` at `i` print as `shown` (0: they do not). */
function typographicStep(raw: string, i: number, shown: string | undefined): number {
  const c = raw[i];
  if (shown === undefined) return 0;
  if (c === shown || (c === '"' && '“”'.includes(shown)) || (c === "'" && '‘’“”'.includes(shown))) return 1;
  const run = /^(?:--|\.{3,}|\.(?: \.){2,}|``|'')/.exec(raw.slice(i, i + 64))?.[0];
  return run && '—…“”'.includes(shown) ? run.length : 0;
}

/** HTML elements that render within a line of text. */
const INLINE_HTML = ['a', 'abbr', 'b', 'br', 'code', 'em', 'i', 'kbd', 'mark', 'small', 'span', 'strong', 'sub', 'sup', 'u'];
/** Components and elements that render inline; everything else renders as a block. */
const INLINE = new Set([...COMPONENTS.filter((c) => c.inline).map((c) => c.name), ...INLINE_HTML]);
function isBlockJsx(node: Node): boolean {
  return isJsxElement(node) && !!node.name && !INLINE.has(node.name);
}

function lineOf<T extends ElementContent | ElementContent[] | undefined>(out: T, node: Node): T {
  if (out && !Array.isArray(out) && out.type === 'element' && node.position && out.data?.docwrightAttributes?.dataDwLine === undefined)
    own(out, { dataDwLine: node.position.start.line - 1 });
  return out;
}

function expressionText(node: Node, frame: RenderFrame): ElementContent | ElementContent[] | undefined {
  const value = expressionValue(node, frame);
  return value === undefined ? undefined : typeof value === 'string' ? { type: 'text', value } : value.children;
}

/** A snippet's content; a string says why it is not shown; undefined when it cannot be read. */
function renderSnippet(
  rel: string,
  props: Record<string, unknown>,
  children: ElementContent[],
  parent: RenderFrame,
  input: PageRenderInput,
  slug: (t: string) => string,
  anchors: Anchors,
  toc: TocEntry[],
  errors: string[],
  budget: ComponentBudget,
  views: ViewState,
  asWritten: boolean | undefined,
): ElementContent[] | string | undefined {
  const entered = enterSnippet(parent, rel, props, children, input.snippet, input.files);
  if (entered === undefined || typeof entered === 'string') return entered;
  const frame = { ...withLocalComponents(entered.frame), ...(asWritten ? { asWritten } : {}) };
  const hast = convert(entered.doc.tree, frame, input, slug, anchors, toc, entered.doc, errors, budget, views);
  return hast.children as ElementContent[];
}

/** Points an element's internal link or asset reference (sanitised already) at the render target. */
function pointLinks(el: Element, input: PageRenderInput): void {
  for (const prop of LINK_PROPS) {
    const value = el.properties[prop];
    if (typeof value !== 'string' || value === '' || value.startsWith('#') || isExternalUrl(value)) continue;
    const [pathPart, hash] = splitHash(value);
    const rel = resolveRel(input.rel, pathPart);
    if (rel === undefined) {
      delete el.properties[prop];
      continue;
    }
    const id = pageId(rel);
    let page = prop === 'href' ? linkedPage(input.pages, id) : undefined;
    let pageHash = hash;
    if (page === undefined && prop === 'href' && input.redirects && !input.files.has(rel)) {
      const to = redirectTarget(input.redirects, id, (p) => linkedPage(input.pages, p));
      if (to && 'url' in to) {
        el.properties.href = to.url;
        continue;
      }
      page = to?.page;
      pageHash = hash ?? to?.hash;
    }
    if (page !== undefined) {
      el.properties.href = input.target.pageHref(page, pageHash);
      if (input.target.pageIds) el.properties.dataDwPage = page;
    } else if (input.files.has(rel) || prop !== 'href') {
      // A file of the site (a missing one is reported by asset-not-found / link-broken).
      el.properties[prop] = input.target.assetUrl(rel) + (hash ? `#${hash}` : '');
    } else {
      el.properties.className = [...classes(el), 'dw-broken-link'];
      el.properties.href = input.target.pageHref(id, hash);
    }
  }
}
const LINK_PROPS = ['href', 'src', 'poster'] as const;

function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i < 0 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

function classes(el: Element): string[] {
  const c: unknown = el.properties.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : [];
}

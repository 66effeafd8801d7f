// Differential conformance with the format's reference packages (devDependencies, used only here and
// in tests): the built-in components of @mintlify/common, the props of @mintlify/components, and
// heading ids against @mintlify/common's own remark plugins over whole pages.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import remarkSmartypants from 'remark-smartypants';
import ts from 'typescript';
import { ICON_TYPES } from '../../server/src/config/schema';
import { COMPONENTS, findComponent, type AttributeSpec } from '../../server/src/components/catalog';
import { parsePage } from '../../server/src/pages/parse';
import { pageAnchors } from '../../server/src/site/site-index';
import { attributeKnown, isComponentName, specOf } from '../../server/src/rules/component-utils';
import { corpusDir, type ConformanceResult, type Disagreement } from './report';
import { prng } from './validation/generate';

// The reference packages are ESM: loaded with import(), once.
type Common = typeof import('@mintlify/common');
let common: Promise<Common> | undefined;
export function reference(): Promise<Common> {
  return (common ??= import('@mintlify/common'));
}

/** Element names the reference renders without an import that our component-unknown rule rejects. */
export async function builtinNames(): Promise<ConformanceResult> {
  const { allowedComponents } = await reference();
  const disagreements: Disagreement[] = [];
  for (const name of allowedComponents) {
    const known = !isComponentName(name) || specOf(name) !== undefined;
    if (!known) disagreements.push({ input: name, ours: 'unknown component', theirs: 'built in' });
  }
  return { package: '@mintlify/common', inputSet: 'allowedComponents', tried: allowedComponents.length, disagreements };
}

/** Props every component takes, or that the site's renderer passes itself (not written by authors). */
const UNIVERSAL = new Set(['children', 'className', 'id', 'key', 'style', 'ref']);

/** What a prop's declared type says of the values an author may write. */
export type PropType = { kind: 'enum'; values: string[] } | { kind: 'boolean' | 'number' | 'string' | 'other' };

export interface ReferenceProp {
  name: string;
  /** Declared by React's HTML attribute types: the component passes it on to its element. */
  html: boolean;
  /** Documented by the reference as internal (`@internal`, "internal prop", "pass in from …"). */
  internal: boolean;
  type: PropType;
}

function propType(t: ts.Type): PropType {
  const parts = t.isUnion() ? t.types : [t];
  if (parts.every((p) => p.isStringLiteral())) return { kind: 'enum', values: parts.map((p) => (p as ts.StringLiteralType).value) };
  if (parts.every((p) => p.flags & ts.TypeFlags.BooleanLike)) return { kind: 'boolean' };
  if (parts.every((p) => p.flags & ts.TypeFlags.NumberLike)) return { kind: 'number' };
  if (parts.every((p) => p.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral))) return { kind: 'string' };
  return { kind: 'other' };
}

/**
 * The props of each component @mintlify/components exports, read from its type declarations: the
 * first parameter's properties, without callbacks and `_internal` ones.
 */
export function referencePropInfo(): Map<string, ReferenceProp[]> {
  const entry = require.resolve('@mintlify/components').replace(/index\.(m?js)$/, 'index.d.ts');
  const program = ts.createProgram([entry], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const out = new Map<string, ReferenceProp[]>();
  if (!source) return out;
  const module = checker.getSymbolAtLocation(source);
  if (!module) return out;
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!/^[A-Z]/.test(exported.name) || !symbol.valueDeclaration) continue;
    const at = symbol.valueDeclaration;
    const type = checker.getTypeOfSymbolAtLocation(symbol, at);
    const addFrom = (name: string, t: ts.Type) => {
      const signature = t.getCallSignatures()[0];
      const param = signature?.getParameters()[0];
      if (!param) return;
      const props: ReferenceProp[] = [];
      for (const p of checker.getTypeOfSymbolAtLocation(param, at).getProperties()) {
        if (p.name.startsWith('_') || UNIVERSAL.has(p.name)) continue;
        const pt = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(p, at));
        if (pt.getCallSignatures().length) continue;
        const html = (p.declarations ?? []).some((d) => /[\\/]@types[\\/]react[\\/]/.test(d.getSourceFile().fileName));
        const doc = ts.displayPartsToString(p.getDocumentationComment(checker));
        const internal = p.getJsDocTags(checker).some((tag) => tag.name === 'internal') || /\binternal prop\b|should not set|^pass in\b/i.test(doc);
        props.push({ name: p.name, html, internal, type: propType(pt) });
      }
      out.set(name, props);
    };
    addFrom(exported.name, type);
    // Compound components: `Tree.Folder`, `Color.Row`.
    for (const member of type.getProperties()) {
      if (!/^[A-Z]/.test(member.name)) continue;
      addFrom(`${exported.name}.${member.name}`, checker.getTypeOfSymbolAtLocation(member, at));
    }
  }
  return out;
}

/** The prop names of each reference component (see referencePropInfo). */
export function referenceProps(): Map<string, string[]> {
  return new Map([...referencePropInfo()].map(([name, props]) => [name, props.map((p) => p.name)]));
}

/** Reference components the format's pages write under another name. */
export const COMPONENT_NAMES: Record<string, string> = {
  'Accordion.Group': 'AccordionGroup',
  'Steps.Item': 'Step',
  'Tabs.Item': 'Tab',
  Property: 'ResponseField',
};

/** Props the format's pages write under another name (the site maps the attribute to the prop). */
export const PROP_NAMES: Record<string, Record<string, string>> = {
  Tooltip: { description: 'tip', title: 'headline' },
  Frame: { title: 'hint', description: 'caption' },
};

/**
 * Props the site's app supplies itself (theme, configuration, layout, translations, state), never
 * attributes an author writes on the page: each with the reason.
 */
export const APP_SUPPLIED: Record<string, Record<string, string>> = {
  Accordion: { topOffset: 'sticky offset of the page layout' },
  Card: { as: 'element the app renders the card as' },
  Frame: { as: 'element the app renders the frame as' },
  Icon: {
    colorLight: 'theme colour the app derives from `color`',
    colorDark: 'theme colour the app derives from `color`',
    overrideColor: 'set by components that embed an icon',
    overrideSize: 'set by components that embed an icon',
    basePath: "the site's base path",
    pageType: "the page's layout",
  },
  CodeBlock: {
    isSmallText: 'set by the layout (side column)',
    codeBlockTheme: 'docs.json styling',
    codeBlockThemeObject: 'docs.json styling',
    copyButtonProps: "the app's copy button",
    askAiButton: 'a component the app passes',
    feedbackButton: 'a component the app passes',
    feedbackModalOpen: 'feedback state of the app',
    anchorRef: 'a React ref',
  },
  CodeGroup: {
    isSmallText: 'set by the layout (side column)',
    noMargins: 'set by the layout (side column)',
    codeBlockTheme: 'docs.json styling',
    codeBlockThemeObject: 'docs.json styling',
    copyButtonProps: "the app's copy button",
    askAiButton: 'a component the app passes',
    feedbackButton: 'a component the app passes',
    feedbackModalOpen: 'feedback state of the app',
    anchorRef: 'a React ref',
  },
  Expandable: { uniqueParamId: 'derived from the enclosing field', hasScrolledToAnchorRef: 'a React ref', anchor: 'the URL anchor the app tracks' },
  Tabs: { panelsRef: 'a React ref' },
  Step: { isLast: 'set by the enclosing <Steps>' },
  Update: { hasContext: 'whether the app provides the changelog context', isVisible: 'filter state of the changelog page' },
  ResponseField: {
    location: "set from ParamField's path/body/query/header",
    navigateToHeaderAriaLabel: "translated label from the site's language",
    defaultLabel: "translated label from the site's language",
    requiredLabel: "translated label from the site's language",
    deprecatedLabel: "translated label from the site's language",
  },
};

function sameType(ours: AttributeSpec, theirs: PropType): boolean {
  if (theirs.kind === 'enum') return ours.type === 'enum' && [...theirs.values].sort().join() === [...(ours.values ?? [])].sort().join();
  if (theirs.kind === 'boolean' || theirs.kind === 'number') return ours.type === theirs.kind;
  if (theirs.kind === 'string') return ours.type === 'string' || ours.type === 'any' || ours.type === 'enum';
  return true;
}

/** Why a reference prop is not an author's attribute, or undefined when it is one. */
export function notAuthored(component: string, prop: ReferenceProp): string | undefined {
  if (prop.internal) return "internal, by the reference's own documentation";
  return APP_SUPPLIED[component]?.[prop.name];
}

/**
 * Props the reference component reads that our catalogue does not know (component-attribute-unknown
 * would call them unknown): an attribute is unknown only when the reference ignores it. HTML
 * attributes a component passes on to its element are compared like the rest; the site's own props
 * (notAuthored) are counted as tried but not compared.
 */
export function componentProps(): ConformanceResult {
  const disagreements: Disagreement[] = [];
  let tried = 0;
  for (const [refName, props] of referencePropInfo()) {
    const name = COMPONENT_NAMES[refName] ?? refName;
    const spec = findComponent(name);
    if (!spec || spec.openAttributes) continue;
    for (const prop of props) {
      tried++;
      // Declared but not read here, so unknown on purpose; ignoredProps proves it by rendering.
      if (notAuthored(name, prop) || spec.elsewhere?.[prop.name]) continue;
      const attr = PROP_NAMES[name]?.[prop.name] ?? prop.name;
      if (!attributeKnown(spec, attr)) {
        disagreements.push({
          input: `<${name} ${attr}>`,
          ours: 'unknown attribute',
          theirs: prop.html ? 'an HTML attribute the component passes on' : 'a prop of the component',
        });
        continue;
      }
      const ours = spec.attributes.find((a) => a.name === attr);
      if (ours && !sameType(ours, prop.type))
        disagreements.push({
          input: `<${name} ${attr}>`,
          ours: ours.type === 'enum' ? `enum ${ours.values?.join('|')}` : ours.type,
          theirs: prop.type.kind === 'enum' ? `enum ${prop.type.values.join('|')}` : prop.type.kind,
        });
    }
  }
  return { package: '@mintlify/components', inputSet: 'component props', tried, disagreements };
}

/** A value to render each prop a catalogue `elsewhere` names with (ignoredProps). */
const SAMPLE_PROPS: Record<string, unknown> = {
  icon: 'star',
  // A style other than the default, from the one list of styles (config/schema.ts).
  iconType: ICON_TYPES.find((t) => t !== 'solid' && t !== 'regular'),
  iconLibrary: 'lucide',
  color: '#FF0000',
};

/**
 * The props the catalogue says a component ignores and another reads (its `elsewhere`: the typed
 * callouts' `icon` and `color`, which only <Callout> reads), proven by rendering the reference
 * components to HTML: each must change nothing on the component, and change what the other renders
 * (beside an `icon`, without which the icon props draw nothing).
 */
export async function ignoredProps(): Promise<ConformanceResult> {
  type Render = (component: unknown, props: Record<string, unknown>) => string;
  const react = await import('react');
  // Untyped here (no @types/react-dom): the module name goes through a variable.
  const serverModule = 'react-dom/server';
  const server = (await import(serverModule)) as { renderToStaticMarkup(element: unknown): string };
  const components = (await import('@mintlify/components')) as unknown as Record<string, unknown>;
  const render: Render = (component, props) => server.renderToStaticMarkup(react.createElement(component as React.ElementType, props, 'Text.'));
  const disagreements: Disagreement[] = [];
  let tried = 0;
  for (const spec of COMPONENTS) {
    for (const [prop, other] of Object.entries(spec.elsewhere ?? {})) {
      tried++;
      const input = `<${spec.name} ${prop}>`;
      const value = SAMPLE_PROPS[prop];
      const [own, reader] = [components[spec.name], components[other]];
      if (value === undefined || !own || !reader) {
        disagreements.push({ input, ours: `ignored, read by <${other}>`, theirs: value === undefined ? 'no sample value to render' : 'no such component' });
        continue;
      }
      const base = prop === 'icon' ? {} : { icon: SAMPLE_PROPS.icon };
      if (render(own, {}) !== render(own, { ...base, [prop]: value }))
        disagreements.push({ input, ours: 'ignored', theirs: `changes what <${spec.name}> renders` });
      if (render(reader, base) === render(reader, { ...base, [prop]: value }))
        disagreements.push({ input, ours: `read by <${other}>`, theirs: `changes nothing on <${other}>` });
    }
  }
  return { package: '@mintlify/components', inputSet: 'props a component ignores', tried, disagreements };
}

/**
 * Catalogue attributes the reference components do not declare that the format's documentation
 * does (mintlify/docs): kept, each with the page that documents it.
 */
export const DOCUMENTED: Record<string, Record<string, string>> = {
  Card: { type: 'components/cards.mdx' },
  CodeBlock: { nocopy: 'create/code.mdx (the code block flag)' },
  Icon: { src: 'components/icons.mdx (snippets/icons-required.mdx)' },
  Tabs: { sync: 'components/tabs.mdx' },
  'Tree.Folder': { highlight: 'components/tree.mdx' },
  'Tree.File': { highlight: 'components/tree.mdx' },
  View: { icon: 'components/view.mdx', iconType: 'components/view.mdx' },
};

/**
 * Attributes our catalogue knows that the reference component ignores (neither a prop nor, renamed,
 * one of PROP_NAMES) and the format's docs do not document: component-attribute-unknown should
 * report them.
 */
export function catalogueOnlyAttributes(): ConformanceResult {
  const disagreements: Disagreement[] = [];
  let tried = 0;
  for (const [refName, props] of referencePropInfo()) {
    const name = COMPONENT_NAMES[refName] ?? refName;
    const spec = findComponent(name);
    if (!spec || spec.openAttributes) continue;
    const theirs = new Set(props.map((p) => PROP_NAMES[name]?.[p.name] ?? p.name));
    for (const attr of spec.attributes) {
      tried++;
      if (!theirs.has(attr.name) && !DOCUMENTED[name]?.[attr.name])
        disagreements.push({ input: `<${name} ${attr.name}>`, ours: 'a known attribute', theirs: 'not a prop of the component, not documented' });
    }
  }
  return { package: '@mintlify/components', inputSet: 'catalogue attributes', tried, disagreements };
}

/** The names of catalogue components the reference declares props for (the rest are listed in the report). */
export function componentsWithReferenceProps(): string[] {
  const props = referenceProps();
  return COMPONENTS.map((c) => c.name).filter((n) => props.has(n));
}

// ---- heading ids ----

interface MdNode {
  type: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdNode[];
}

/** Kinds of element whose ids are compared: headings and the components the table of contents lists. */
const HEADING_ELEMENTS = new Set(['Heading', 'Step', 'Update', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

type Mdx = typeof import('@mdx-js/mdx');
let mdx: Promise<Mdx> | undefined;

/**
 * A page's tree as the format's plugins receive it: parsed as the reference parses it (its custom-id
 * preprocessing and syntax plugins), through MDX's compiler, whose own first plugin turns a
 * paragraph of JSX elements alone into blocks (`<h2>Overview</h2>` on its line is a block heading).
 */
async function referenceTree(text: string, c: Common): Promise<MdNode> {
  const { createProcessor } = await (mdx ??= import('@mdx-js/mdx'));
  let captured: MdNode | undefined;
  const syntax = c.coreRemarkMdxPlugins.filter((p) => (Array.isArray(p) ? p[0] : p) !== c.coreRemarkMdxPlugins[0]);
  const capture = () => (tree: unknown) => {
    captured = structuredClone(tree) as MdNode;
    // Nothing past the remark plugins is needed (and page code need not compile).
    throw new Error('captured');
  };
  const processor = createProcessor({ remarkPlugins: [...(syntax as never[]), capture] }) as unknown as {
    parse(text: string): unknown;
    run(tree: unknown): Promise<unknown>;
  };
  try {
    await processor.run(processor.parse(c.preprocessCustomHeadingIds(c.preprocessMdxFragmentCode(text))));
  } catch (error) {
    if (!captured) throw error;
  }
  return captured!;
}

/** The element ids of a page's headings as the reference gives them, in document order. */
export async function referenceHeadingIds(text: string): Promise<string[]> {
  const c = await reference();
  const tree = await referenceTree(text, c);
  // The format's serialize runs remark-smartypants before its own plugins: titles are read curled.
  (remarkSmartypants as unknown as () => (t: unknown) => void)()(tree);
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const mode = /^mode:\s*["']?(\w+)/m.exec(frontMatter)?.[1];
  const meta = mode ? { mode } : {};
  (c.remarkComponentIds as (m: unknown) => (t: unknown) => void)(meta)(tree);
  (c.remarkUnwrapJsxHeadings as () => (t: unknown) => void)()(tree);
  (c.remarkExtractTableOfContents as (e: unknown, m: unknown) => (t: unknown) => void)({}, meta)(tree);
  const out: string[] = [];
  const cleaned = new Set(['Heading', 'Step', 'Update']);
  const walk = (node: MdNode) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && HEADING_ELEMENTS.has(node.name)) {
      const id = node.attributes?.find((a) => a.name === 'id')?.value;
      if (typeof id === 'string') {
        // The heading component fills an empty id from the title (rehypeUnicodeIds), then cleans it.
        const filled = id === '' && node.name !== 'Step' ? c.getUnicodeId(c.getTableOfContentsTitle(node as never)) : id;
        const dom = cleaned.has(node.name) ? c.safeCleanHeadingId(filled) : filled;
        if (dom) out.push(dom);
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  return out;
}

/** Our element ids of the same kinds, in document order. */
export function ourHeadingIds(text: string): string[] {
  const page = parsePage('/conformance/page.mdx', text);
  return pageAnchors(page)
    .filter((a) => a.node.type === 'heading' || HEADING_ELEMENTS.has((a.node as MdNode).name ?? ''))
    .map((a) => a.anchor);
}

/** Compares whole pages (`tried` counts heading ids); a page the reference cannot parse is not counted. */
export async function comparePages(inputSet: string, pages: Iterable<string>): Promise<ConformanceResult> {
  const disagreements: Disagreement[] = [];
  let tried = 0;
  for (const text of pages) {
    let theirs: string[];
    try {
      theirs = await referenceHeadingIds(text);
    } catch {
      continue;
    }
    const ours = ourHeadingIds(text);
    tried += Math.max(ours.length, theirs.length);
    if (ours.length !== theirs.length || ours.some((id, i) => id !== theirs[i])) disagreements.push({ input: text, ours, theirs });
  }
  return { package: '@mintlify/common', inputSet, tried, disagreements };
}

// ---- generated headings ----

const PIECES = [
  'Setup',
  'setup',
  'API',
  'getUserById',
  'v2',
  '2',
  '10',
  'Step 1',
  'onChatSuspend / onChatResume',
  'Wait — suspend until data arrives',
  'C++',
  'C#',
  '@mention',
  'e-mail',
  'what?',
  "don't",
  "it's",
  'Users’ guide',
  'a/b',
  'x & y',
  '100%',
  '%41',
  '%E4',
  '50% off',
  'foo_bar',
  '__init__',
  '(beta)',
  '[draft]',
  '{id}',
  'a: b',
  'a; b',
  'a, b',
  '"quoted"',
  '…',
  '.',
  '..',
  '!',
  '-',
  '--',
  'a--b',
  'end-',
  '-start',
  '~tilde',
  '*star*',
  '🚀',
  '🎉 Launch',
  '👍🏽',
  '❤️',
  '1️⃣',
  'Ünïcödé',
  'Crème brûlée',
  'Straße',
  'ﬁ',
  '中文标题',
  '日本語',
  '한국어',
  'مرحبا',
  'שלום',
  'Привет',
  'Ελληνικά',
  'e\u0301',
  'a\u0308b',
  'İstanbul',
  'ǅ',
  '\u200b',
  'tab\there',
  'Setup-2',
  'Setup 2',
  'setup-2-2',
  'A B  C',
  'SETUP',
  'Ω',
  'ß',
  '\\back',
  'a+b',
];
const WRAPS: ((s: string) => string)[] = [
  (s) => s,
  (s) => `\`${s.replace(/`/g, '')}\``,
  (s) => `*${s}*`,
  (s) => `**${s}**`,
  (s) => `[${s}](/x)`,
  (s) => `_${s}_`,
];

function headingText(rand: () => number): string {
  const n = 1 + Math.floor(rand() * 3);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const piece = PIECES[Math.floor(rand() * PIECES.length)];
    const wrap = WRAPS[Math.floor(rand() * WRAPS.length)];
    parts.push(/[*_`[\]\\]/.test(piece) ? piece : wrap(piece));
  }
  return parts.join(rand() < 0.8 ? ' ' : '');
}

/** Pages of generated headings (Markdown ##/###, repeats for the counter, a few custom ids and components). */
export function generatedPages(count: number, perPage = 10, seed = 35): string[] {
  const rand = prng(seed);
  const pages: string[] = [];
  let made = 0;
  while (made < count) {
    const lines: string[] = [];
    const pool: string[] = [];
    for (let i = 0; i < perPage && made < count; i++, made++) {
      const text = pool.length && rand() < 0.25 ? pool[Math.floor(rand() * pool.length)] : headingText(rand);
      pool.push(text);
      const r = rand();
      const level = 1 + Math.floor(rand() * 6);
      if (r < 0.75) lines.push(`${'#'.repeat(level)} ${text}`, '');
      else if (r < 0.8) lines.push(`## ${text} {#custom-${Math.floor(rand() * 4)}}`, '');
      else if (r < 0.85) lines.push(`<Accordion title="x">`, '', `## ${text}`, '', '</Accordion>', '');
      else if (r < 0.9)
        lines.push(`<Steps titleSize="h2">`, `  <Step title="${text.replace(/["{}<>`*_[\]\\]/g, '')}">`, '    Body.', '  </Step>', '</Steps>', '');
      else if (r < 0.95) lines.push(`<Update label="${text.replace(/["{}<>`*_[\]\\]/g, '')}">`, '', 'Body.', '', '</Update>', '');
      else lines.push(`<h2 id="${text.replace(/["{}<>`*_[\]\\]/g, '')}">${text.replace(/[{}<>]/g, '')}</h2>`, '');
    }
    pages.push(lines.join('\n'));
  }
  return pages;
}

/** The `.md`/`.mdx` files under a folder (no node_modules, no dot folders). */
function pageFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...pageFiles(path));
    else if (/\.mdx?$/i.test(name)) out.push(path);
  }
  return out;
}

/** The pages of the local corpus copies, or undefined when there are none. */
export function corpusPages(dir = corpusDir()): { path: string; text: string }[] | undefined {
  if (!dir || !existsSync(dir)) return undefined;
  return pageFiles(dir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/** Every input set of this module (the corpus one only when the corpus is on this machine). */
export async function runCommonConformance(): Promise<ConformanceResult[]> {
  const results: ConformanceResult[] = [await builtinNames(), componentProps(), catalogueOnlyAttributes()];
  results.push(await comparePages('generated headings', generatedPages(14_000)));
  const corpus = corpusPages();
  if (corpus)
    results.push(
      await comparePages(
        'corpus pages',
        corpus.map((p) => p.text),
      ),
    );
  return results;
}

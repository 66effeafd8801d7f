// Differential conformance with the format's reference packages (devDependencies, used only here and
// in tests): the built-in components of @mintlify/common, the props of @mintlify/components, and
// heading ids against @mintlify/common's own remark plugins over whole pages.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { COMPONENTS, findComponent } from '../../server/src/components/catalog';
import { parsePage } from '../../server/src/pages/parse';
import { pageAnchors } from '../../server/src/site/site-index';
import { isComponentName, specOf } from '../../server/src/rules/component-utils';
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

/**
 * The props of each component @mintlify/components exports, read from its type declarations: the
 * first parameter's properties, without callbacks and `_internal` ones.
 */
export function referenceProps(): Map<string, string[]> {
  const entry = require.resolve('@mintlify/components').replace(/index\.(m?js)$/, 'index.d.ts');
  const program = ts.createProgram([entry], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const out = new Map<string, string[]>();
  if (!source) return out;
  const module = checker.getSymbolAtLocation(source);
  if (!module) return out;
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!/^[A-Z]/.test(exported.name) || !symbol.valueDeclaration) continue;
    const type = checker.getTypeOfSymbolAtLocation(symbol, symbol.valueDeclaration);
    const addFrom = (name: string, t: ts.Type) => {
      const signature = t.getCallSignatures()[0];
      const param = signature?.getParameters()[0];
      if (!param || !symbol.valueDeclaration) return;
      const props = checker.getTypeOfSymbolAtLocation(param, symbol.valueDeclaration);
      const names = props.getProperties().filter((p) => {
        if (p.name.startsWith('_') || UNIVERSAL.has(p.name)) return false;
        const pt = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(p, symbol.valueDeclaration!));
        return pt.getCallSignatures().length === 0;
      }).map((p) => p.name);
      out.set(name, names);
    };
    addFrom(exported.name, type);
    // Compound components: `Tree.Folder`, `Color.Row`.
    for (const member of type.getProperties()) {
      if (!/^[A-Z]/.test(member.name)) continue;
      addFrom(`${exported.name}.${member.name}`, checker.getTypeOfSymbolAtLocation(member, symbol.valueDeclaration));
    }
  }
  return out;
}

/**
 * Props the reference component reads that our catalogue does not know (component-attribute-unknown
 * would call them unknown): an attribute is unknown only when the reference ignores it.
 */
export function componentProps(): ConformanceResult {
  const disagreements: Disagreement[] = [];
  let tried = 0;
  for (const [name, props] of referenceProps()) {
    const spec = findComponent(name);
    if (!spec || spec.openAttributes) continue;
    const ours = new Set(spec.attributes.map((a) => a.name));
    for (const prop of props) {
      tried++;
      if (!ours.has(prop)) disagreements.push({ input: `<${name} ${prop}>`, ours: 'unknown attribute', theirs: 'a prop of the component' });
    }
  }
  return { package: '@mintlify/components', inputSet: 'component props', tried, disagreements };
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

/** The element ids of a page's headings as the reference gives them, in document order. */
export async function referenceHeadingIds(text: string): Promise<string[]> {
  const c = await reference();
  const tree = c.getAST(text) as unknown as MdNode;
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
    .filter((a) => !a.uncertain && (a.node.type === 'heading' || HEADING_ELEMENTS.has((a.node as MdNode).name ?? '')))
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
  'Setup', 'setup', 'API', 'getUserById', 'v2', '2', '10', 'Step 1', 'onChatSuspend / onChatResume', 'Wait — suspend until data arrives',
  'C++', 'C#', '@mention', 'e-mail', 'what?', "don't", "it's", 'Users’ guide', 'a/b', 'x & y', '100%', '%41', '%E4', '50% off', 'foo_bar', '__init__',
  '(beta)', '[draft]', '{id}', 'a: b', 'a; b', 'a, b', '"quoted"', '…', '.', '..', '!', '-', '--', 'a--b', 'end-', '-start', '~tilde', '*star*',
  '🚀', '🎉 Launch', '👍🏽', '❤️', '1️⃣', 'Ünïcödé', 'Crème brûlée', 'Straße', 'ﬁ', '中文标题', '日本語', '한국어', 'مرحبا', 'שלום', 'Привет', 'Ελληνικά',
  'e\u0301', 'a\u0308b', 'İstanbul', 'ǅ', '\u200b', 'tab\there', 'Setup-2', 'Setup 2', 'setup-2-2', 'A B  C', 'SETUP', 'Ω', 'ß', '\\back', 'a+b',
];
const WRAPS: ((s: string) => string)[] = [(s) => s, (s) => `\`${s.replace(/`/g, '')}\``, (s) => `*${s}*`, (s) => `**${s}**`, (s) => `[${s}](/x)`, (s) => `_${s}_`];

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
      else if (r < 0.9) lines.push(`<Steps titleSize="h2">`, `  <Step title="${text.replace(/["{}<>`*_[\]\\]/g, '')}">`, '    Body.', '  </Step>', '</Steps>', '');
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
  const results: ConformanceResult[] = [await builtinNames(), componentProps()];
  results.push(await comparePages('generated headings', generatedPages(14_000)));
  const corpus = corpusPages();
  if (corpus) results.push(await comparePages('corpus pages', corpus.map((p) => p.text)));
  return results;
}

// Hover in pages: the docs of a component or attribute name under the cursor (from the catalogue),
// and of a front matter key (from its schema). Completion shows the same docs (page-completion.ts).
import { findComponent, type AttributeSpec, type ComponentSpec } from '../components/catalog';
import { frontMatterKeyDocs } from '../pages/frontmatter-schema';
import type { PageDocument } from '../pages/parse';
import type { Range } from '../types';
import { wordAt } from '../util/text';
import { pageContext } from './page-context';

export function componentDocs(spec: ComponentSpec): string {
  const attrs = spec.attributes.map((a) => `- \`${a.name}\`${a.required ? ' (required)' : ''}: ${a.description}`).join('\n');
  const one = spec.exactlyOneOf?.map((g) => `\n\nExactly one of ${g.map((n) => `\`${n}\``).join(', ')}.`).join('') ?? '';
  const where = spec.parents ? `\n\nGoes inside ${spec.parents.map((p) => `\`<${p}>\``).join(' or ')}.` : '';
  // The name in bold, without angle brackets: Markdown renderers take `<Note>` for an HTML tag and drop it.
  return `**${spec.name}** — ${spec.description}${where}${one}${attrs ? `\n\n${attrs}` : ''}`;
}

export function attributeDocs(spec: ComponentSpec, attr: AttributeSpec): string {
  const values = attr.values ? `\n\nValues: ${attr.values.map((v) => `\`${v}\``).join(', ')}.` : '';
  const def = attr.default !== undefined ? ` Default: \`${attr.default}\`.` : '';
  return `**${attr.name}** (${attr.type}${attr.required ? ', required' : ''}) on \`<${spec.name}>\`: ${attr.description}${def}${values}${attr.deprecated ? `\n\n_Deprecated:_ ${attr.deprecated}` : ''}`;
}

/** Hover docs for a component name or attribute name under the cursor. */
export function hoverPage(page: PageDocument, offset: number): { contents: string; range: Range } | undefined {
  const text = page.text;
  // Expand to the word under the cursor.
  const { start, end } = wordAt(text, offset, /[\w.-]/);
  if (start === end) return undefined;
  const word = text.slice(start, end);
  const range = { start: page.index.positionAt(start), end: page.index.positionAt(end) };
  if (text[start - 1] === '<' || (text[start - 1] === '/' && text[start - 2] === '<')) {
    const spec = findComponent(word);
    return spec ? { contents: componentDocs(spec), range } : undefined;
  }
  const ctx = pageContext(text, start);
  if (ctx.kind === 'frontmatter') {
    // A key: the word runs from the line start (quotes aside) to a colon.
    const line = page.index.lineText(range.start.line);
    const m = /^(["']?)([\w:.-]+?)\1[ \t]*:(?:[ \t]|$)/.exec(line);
    if (!m || range.start.character > m[1].length + m[2].length) return undefined;
    const docs = frontMatterKeyDocs(m[2]);
    const keyRange = { start: { line: range.start.line, character: m[1].length }, end: { line: range.start.line, character: m[1].length + m[2].length } };
    return docs ? { contents: docs, range: keyRange } : undefined;
  }
  if (ctx.kind === 'attribute-name' && text[end] !== undefined) {
    const spec = findComponent(ctx.tag);
    const attr = spec?.attributes.find((a) => a.name === word);
    return spec && attr ? { contents: attributeDocs(spec, attr), range } : undefined;
  }
  return undefined;
}

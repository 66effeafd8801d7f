// Completion in pages: component names after `<`, their attributes inside a tag, enum values in
// an attribute, and the closing tag after `</`.
import { COMPONENTS, findComponent, type AttributeSpec } from '../components/catalog';
import { pageEsm } from '../pages/esm';
import type { PageDocument } from '../pages/parse';
import type { Range } from '../types';
import type { IconLibrary } from '../render/icons';
import { completeIconNames, typedAsPath } from './icon-completion';
import { openTagAt, pageContext } from './page-context';
import { attributeDocs, componentDocs } from './page-hover';
import { FRONTMATTER_KEYS, frontMatterKeyDocs, yamlKey } from '../pages/frontmatter-schema';
import { own } from '../util/json';

export interface CompletionEntry {
  label: string;
  kind: 'component' | 'attribute' | 'value' | 'closing-tag' | 'file' | 'anchor';
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** What the typed text is matched against, when not the label. */
  filterText?: string;
  /** Replaces `range`; a VS Code snippet when `snippet` is true. */
  insertText: string;
  snippet: boolean;
  range: Range;
  sortText?: string;
  /** A page whose description the editor asks for when the item is selected (completionItem/resolve): too much to send for every page. */
  resolvePage?: string;
  /** Other data completionItem/resolve reads (an icon's picture). */
  data?: unknown;
}

function attributeSnippet(attr: AttributeSpec): string {
  switch (attr.type) {
    case 'boolean':
      return attr.name;
    case 'number':
    case 'expression':
      return `${attr.name}={$1}`;
    case 'enum':
      return `${attr.name}="\${1|${(attr.values ?? []).join(',')}|}"`;
    default:
      return `${attr.name}="$1"`;
  }
}

export interface PageCompletionOptions {
  /** The site's icon library, whose names `icon` completes. */
  iconLibrary?: IconLibrary;
}

export function completePage(page: PageDocument, offset: number, options: PageCompletionOptions = {}): CompletionEntry[] {
  const ctx = pageContext(page.text, offset);
  const to = page.index.positionAt(offset);
  const rangeFrom = (start: number): Range => ({ start: page.index.positionAt(start), end: to });
  switch (ctx.kind) {
    case 'tag-name': {
      const range = rangeFrom(ctx.nameStart);
      const items: CompletionEntry[] = COMPONENTS.filter((c) => c.origin !== 'html' || ctx.prefix !== '').map((c) => ({
        label: c.name,
        kind: 'component',
        detail: c.origin === 'spec' ? 'component' : c.origin === 'builtin' ? 'built-in component' : 'HTML element',
        documentation: componentDocs(c),
        insertText: c.snippet,
        snippet: true,
        range,
        sortText: (c.origin === 'spec' ? '0' : c.origin === 'builtin' ? '1' : '2') + c.name,
      }));
      for (const name of pageEsm(page).defined) {
        if (/^[A-Z]/.test(name))
          items.push({ label: name, kind: 'component', detail: 'defined on this page', insertText: `${name} />`, snippet: false, range, sortText: '0' + name });
      }
      return items;
    }
    case 'closing-tag': {
      // Editing a closing tag already written (`</No|te>`): nothing to add.
      if (/^[\w.]*>/.test(page.text.slice(offset))) return [];
      const open = openTagAt(page.text, ctx.nameStart - 2);
      // Matched on the bare name, so that the typed `>` ends the match and the list closes: Enter after `</Note>` is a new line.
      return open
        ? [{ label: `</${open}>`, kind: 'closing-tag', filterText: open, insertText: `${open}>`, snippet: false, range: rangeFrom(ctx.nameStart) }]
        : [];
    }
    case 'attribute-name': {
      const spec = findComponent(ctx.tag);
      if (!spec) return [];
      const range = rangeFrom(ctx.nameStart);
      return spec.attributes
        .filter((a) => !ctx.present.includes(a.name))
        .map((a) => ({
          label: a.name,
          kind: 'attribute',
          detail: a.required ? `${a.type}, required` : a.type,
          documentation: attributeDocs(spec, a),
          insertText: attributeSnippet(a),
          snippet: true,
          range,
          sortText: (a.required ? '0' : '1') + a.name,
        }));
    }
    case 'attribute-value': {
      const attr = findComponent(ctx.tag)?.attributes.find((a) => a.name === ctx.attribute);
      const range = rangeFrom(ctx.valueStart);
      if (attr?.name === 'icon' && attr.file === 'if-path' && !typedAsPath(ctx.prefix)) return completeIconNames(options.iconLibrary ?? 'fontawesome', range);
      if (!attr?.values) return [];
      return attr.values.map((v) => ({
        label: v,
        kind: 'value',
        insertText: v,
        snippet: false,
        range,
        documentation: v === attr.default ? 'Default.' : undefined,
      }));
    }
    case 'frontmatter':
      return completeFrontMatter(page, offset);
    default:
      return [];
  }
}

/** A front matter key at the start of a line (the documented keys not yet set), or an enum or boolean value after `key:`. */
function completeFrontMatter(page: PageDocument, offset: number): CompletionEntry[] {
  const pos = page.index.positionAt(offset);
  const before = page.index.lineText(pos.line).slice(0, pos.character);
  const keyTyped = /^["']?([\w:.-]*)$/.exec(before);
  if (keyTyped) {
    const range = { start: { line: pos.line, character: 0 }, end: pos };
    // Keys set on other lines, read from the text: while a key is being typed the YAML does not parse.
    const block = page.text.slice(0, page.text.indexOf('\n---', 3) >>> 0);
    const present = new Set([...block.matchAll(/^["']?([\w:.-]+?)["']?[ \t]*:(?:[ \t]|$)/gm)].map((m) => m[1]));
    return Object.entries(FRONTMATTER_KEYS)
      .filter(([key]) => !present.has(key))
      .map(([key, spec]) => ({
        label: key,
        kind: 'attribute' as const,
        detail: Array.isArray(spec.type) ? spec.type.join(' | ') : (spec.type ?? 'value'),
        documentation: frontMatterKeyDocs(key),
        insertText: `${yamlKey(key)}: ${spec.enum ? `\${1|${spec.enum.map(String).join(',')}|}` : spec.type === 'boolean' ? '${1|true,false|}' : spec.type === 'string' ? '"$1"' : '$1'}`,
        snippet: true,
        range,
        sortText: (spec['x-docwright-group'] === 'seo' ? '1' : '0') + key,
      }));
  }
  const valueTyped = /^["']?([\w:.-]+)["']?[ \t]*:[ \t]*(["']?)([\w-]*)$/.exec(before);
  const spec = valueTyped ? own(FRONTMATTER_KEYS, valueTyped[1]) : undefined;
  if (!valueTyped || !spec) return [];
  const values = spec.enum?.map(String) ?? (spec.type === 'boolean' ? ['true', 'false'] : []);
  const quote = valueTyped[2];
  const range = { start: { line: pos.line, character: pos.character - valueTyped[3].length }, end: pos };
  return values.map((v) => ({ label: v, kind: 'value' as const, insertText: quote || spec.type === 'boolean' ? v : JSON.stringify(v), snippet: false, range }));
}

// The plain `description` of a JSON schema node, derived from its `markdownDescription` (and
// `enumDescriptions` from `markdownEnumDescriptions`): VS Code reads the Markdown, other editors'
// JSON language servers and `"$schema"` users read only the plain text, so the shipped schemas carry
// both and the Markdown is the one written by hand. Used by scripts/gen-schema-descriptions.ts.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import type { PhrasingContent, RootContent } from 'mdast';

/** A URL with a scheme (`https:`, `mailto:`): one that still leads somewhere when read outside its page. */
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/**
 * Markdown as plain text: code spans keep their text, emphasis its words, escapes and character
 * references their character; a link to an absolute URL reads `text (url)` (the URL once when it
 * is the text), a relative link its text alone; paragraphs stay apart by a blank line, list items
 * keep a `-` or number, inline HTML stays as written.
 */
export function plainText(markdown: string): string {
  return blocks(fromMarkdown(markdown).children).trim();
}

function blocks(nodes: RootContent[]): string {
  return nodes.map(block).join('\n\n');
}

function block(node: RootContent): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return inline(node.children);
    case 'list':
      return node.children.map((item, i) => `${node.ordered ? `${(node.start ?? 1) + i}.` : '-'} ${blocks(item.children).replace(/\n/g, '\n  ')}`).join('\n');
    case 'blockquote':
      return blocks(node.children);
    case 'code':
    case 'html':
      return node.value;
    default:
      return toString(node);
  }
}

function inline(nodes: PhrasingContent[]): string {
  return nodes.map(phrasing).join('');
}

function phrasing(node: PhrasingContent): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'html':
      return node.value;
    case 'break':
      return '\n';
    case 'link': {
      const text = inline(node.children);
      if (!ABSOLUTE_URL.test(node.url) || node.url === text || node.url === `mailto:${text}`) return text || node.url;
      return text ? `${text} (${node.url})` : node.url;
    }
    case 'image':
      return node.alt ?? '';
    case 'emphasis':
    case 'strong':
    case 'delete':
    case 'linkReference':
      return inline(node.children);
    default:
      return toString(node);
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The schema with every `description` and `enumDescriptions` derived from its Markdown sibling,
 * added just before that sibling where missing. Keys keep their order; nodes with a plain
 * description alone (such as `defaultSnippets` entries, whose description labels a snippet) keep it.
 */
export function withDerivedDescriptions(node: Json): Json {
  if (Array.isArray(node)) return node.map(withDerivedDescriptions);
  if (typeof node !== 'object' || node === null) return node;
  const derived: Record<string, Json> = {};
  const md = node.markdownDescription;
  if (typeof md === 'string') derived.description = plainText(md);
  const mdEnum = node.markdownEnumDescriptions;
  if (Array.isArray(mdEnum) && mdEnum.every((d) => typeof d === 'string')) derived.enumDescriptions = mdEnum.map((d) => plainText(d as string));
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'markdownDescription' && !('description' in node)) out.description = derived.description;
    if (key === 'markdownEnumDescriptions' && !('enumDescriptions' in node)) out.enumDescriptions = derived.enumDescriptions;
    out[key] = key in derived ? derived[key] : withDerivedDescriptions(value);
  }
  return out;
}

/** A schema file's text as the generator writes it. */
export function schemaText(schema: Json): string {
  return JSON.stringify(schema, null, 2) + '\n';
}

/** JSON pointers of the nodes whose `description` or `enumDescriptions` is not what their Markdown gives. */
export function staleDescriptions(node: Json, pointer = '#', out: string[] = []): string[] {
  if (typeof node !== 'object' || node === null) return out;
  if (!Array.isArray(node)) {
    if (typeof node.markdownDescription === 'string' && node.description !== plainText(node.markdownDescription)) out.push(`${pointer}/description`);
    const mdEnum = node.markdownEnumDescriptions;
    if (Array.isArray(mdEnum) && JSON.stringify(node.enumDescriptions) !== JSON.stringify(mdEnum.map((d) => plainText(String(d)))))
      out.push(`${pointer}/enumDescriptions`);
  }
  for (const [key, value] of Object.entries(node)) staleDescriptions(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  return out;
}

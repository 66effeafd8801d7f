// Hover on a link, `href`, image, import or `<Snippet file>`: the target page's title and
// description (and the heading an `#anchor` names), or the start of a snippet's or component
// file's text.
import { isSnippetFile } from '../site/imports';
import { pageAnchors, pagesByFile, type SiteSources } from '../site/site-index';
import { fragmentMatches, looseSlug } from '../util/slug';
import type { DocumentLink } from './document-links';
import { anchorSource, pageInfo } from './link-completion';

/** A snippet preview shows at most this many lines and characters of the file. */
const PREVIEW_LINES = 20;
const PREVIEW_CHARS = 1500;

/** Whether hovering the link shows the text of the file it names (snippets and imported files) rather than a page's title. */
export function showsFileText(link: DocumentLink): boolean {
  return link.kind === 'import' || link.kind === 'snippet' || isSnippetFile(link.target);
}

/** The text of the snippet or imported page a link names, when it is parsed already (else the host reads the file). */
export function parsedText(src: SiteSources, link: DocumentLink): string | undefined {
  return src.snippets.get(link.target)?.text ?? src.index.memo('pages-by-file', () => pagesByFile(src.index)).get(link.target)?.text;
}

/** Markdown for a page, heading or file link. */
export function linkHoverText(src: SiteSources, link: DocumentLink): string {
  if (link.page === undefined) return `\`${link.target}\``;
  const info = pageInfo(src.index, link.page);
  const parts = [`**${info.title ?? link.page}**`];
  if (link.anchor !== undefined) {
    const doc = src.index.pages.get(link.page);
    const anchors = doc ? pageAnchors(doc) : [];
    const found =
      anchors.find((a) => fragmentMatches(link.anchor!, new Set([a.anchor])) !== undefined) ??
      anchors.find((a) => looseSlug(a.anchor) === looseSlug(link.anchor!));
    parts[0] += found ? ` › ${anchorSource(found.node).replace(/^#+ /, '')}` : ` › #${link.anchor} (no such heading)`;
  }
  if (info.description) parts.push(info.description);
  parts.push(`\`${link.target}\``);
  return parts.join('\n\n');
}

/** Markdown showing the start of a file's text in a code block (front matter included: it is part of what is imported). */
export function fileTextHover(link: DocumentLink, text: string): string {
  const lines = text.split(/\r?\n/);
  let shown = lines.slice(0, PREVIEW_LINES).join('\n');
  if (shown.length > PREVIEW_CHARS) shown = shown.slice(0, PREVIEW_CHARS);
  const cut = shown.length < text.replace(/\r\n/g, '\n').trimEnd().length;
  const longest = Math.max(2, ...[...shown.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const lang = /\.(jsx|tsx|js|ts)$/i.exec(link.target)?.[1].toLowerCase() ?? 'mdx';
  return `\`${link.target}\`\n\n${fence}${lang}\n${shown.trimEnd()}\n${fence}${cut ? '\n\n…' : ''}`;
}

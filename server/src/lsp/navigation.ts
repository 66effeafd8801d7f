// Links in the editor over LSP: document links, go-to-definition on links, path and anchor
// completion, hover on links and snippet imports and "wrap in component". The core
// (features/document-links.ts, link-completion.ts, link-hover.ts, wrap.ts) does the work; this file
// finds the site and converts.
import {
  type CodeAction,
  CodeActionKind,
  type CompletionItem,
  type Connection,
  type DocumentLink,
  type Location,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { configDocumentLinks, linkAt, pageDocumentLinks, type DocumentLink as CoreLink } from '../features/document-links';
import { completeLinkPath, inLinkPath, type LinkCompletion, pageItemDocumentation } from '../features/link-completion';
import { fileTextHover, linkHoverText, parsedText, showsFileText } from '../features/link-hover';
import { componentDefinition, definitionAt } from '../features/page-definition';
import { onReferencePlace } from '../features/references';
import { WRAPPERS, wrapInComponent } from '../features/wrap';
import type { Project } from '../project';
import type { SiteSources } from '../site/site-index';
import { CONFIG_NAMES } from '../site/site';
import type { Position, Range } from '../types';
import { basename, relativeInside } from '../util/paths';
import { uriToPath } from './convert';
import { isMarkdownFile } from '../util/page-files';

export interface NavigationHost {
  project: () => Promise<Project>;
  documents: TextDocuments<TextDocument>;
  readFile: (path: string) => Promise<string | undefined>;
  log: (message: string) => void;
}

/** A file URI, with VS Code's `#L<line>` fragment (1-based) when a line is known. */
export function linkUri(path: string, line?: number): string {
  const uri = URI.file(path);
  return (line === undefined ? uri : uri.with({ fragment: `L${line + 1}` })).toString();
}

export interface Navigation {
  /** Path and anchor completion in a page or snippet, or undefined when the cursor is in no link path. */
  complete(uri: string, position: Position): Promise<LinkCompletion | undefined>;
  /** A page item's documentation (its description), asked for when the editor shows the item. */
  resolveCompletion(item: CompletionItem): Promise<CompletionItem>;
  /** Markdown hover for a link under the cursor of a page or snippet. */
  hover(uri: string, position: Position): Promise<{ contents: string; range: Range } | undefined>;
  /** The definition of a link (page or snippet), or of a file named in docs.json or a `"$ref"` file. */
  definition(uri: string, position: Position): Promise<Location | undefined>;
  /** "Wrap in component" actions for a selection of a page. */
  wrapActions(uri: string, range: Range): CodeAction[];
}

export function registerNavigation(connection: Connection, host: NavigationHost): Navigation {
  registerDocumentLinks(connection, host);
  return {
    ...linkCompletion(host),
    hover: (uri, position) => linkHover(host, uri, position),
    definition: (uri, position) => linkDefinition(host, uri, position),
    wrapActions: (uri, range) => wrapActions(host.documents, uri, range),
  };
}

/** The site's sources and the file's place in it, for a page, snippet or config file. */
async function siteFileAt(host: NavigationHost, uri: string) {
  const project = await host.project();
  const path = uriToPath(uri);
  const root = project.rootFor(path);
  const rel = root ? relativeInside(root, path) : undefined;
  const src = root ? await project.sources(root) : undefined;
  if (!src || rel === undefined) return undefined;
  const site = src.index.site;
  const isConfig = ((CONFIG_NAMES as readonly string[]).includes(basename(path)) && path === site.config.path) || (site.config.refs?.has(path) ?? false);
  if (isConfig) return { src, path, rel, config: true as const };
  if (!isMarkdownFile(path)) return undefined;
  return { src, path, rel, config: false as const, doc: await project.page(path) };
}

/**
 * A page or snippet at `position`, read alone (its site loaded, not parsed): completion, hover and
 * definition look here first and ask for the whole site's parse (`siteFileAt`) only on a link, asset,
 * import or snippet path. So an editor request during the first check, whose worker threads are
 * parsing the site, does not parse it all again on the server's thread.
 */
async function pageAt(host: NavigationHost, uri: string, position: Position) {
  const path = uriToPath(uri);
  if (!isMarkdownFile(path)) return undefined;
  const project = await host.project();
  const root = project.rootFor(path);
  const site = root ? await project.site(root) : undefined;
  if (!site) return undefined;
  const doc = await project.page(path);
  return { doc, offset: doc.index.offsetAt(position), site, rel: relativeInside(site.root, path) };
}

/** The links of a page, snippet or config file, with the converter from editor positions to offsets in the text they were found in. */
async function linksOf(host: NavigationHost, uri: string): Promise<{ links: CoreLink[]; src: SiteSources; offsetAt: (p: Position) => number } | undefined> {
  const ctx = await siteFileAt(host, uri);
  if (!ctx) return undefined;
  if (ctx.config) {
    const site = ctx.src.index.site;
    const doc = ctx.path === site.config.path ? site.config : site.config.refs?.get(ctx.path);
    // A config whose buffer the site has not read yet: positions would not match.
    const open = host.documents.get(uri);
    if (!doc || (open && open.getText() !== doc.text)) return undefined;
    return { links: configDocumentLinks(ctx.src, ctx.path), src: ctx.src, offsetAt: (p) => doc.index.offsetAt(p) };
  }
  return { links: pageDocumentLinks(ctx.src, ctx.rel, ctx.doc), src: ctx.src, offsetAt: (p) => ctx.doc.index.offsetAt(p) };
}

/** textDocument/documentLink: every link of a page, snippet or config file, to the file (and line) it names. */
function registerDocumentLinks(connection: Connection, host: NavigationHost): void {
  connection.onDocumentLinks(async (params): Promise<DocumentLink[] | null> => {
    try {
      const found = await linksOf(host, params.textDocument.uri);
      return found ? found.links.map((l) => ({ range: l.range, target: linkUri(l.path, l.line) })) : null;
    } catch (e) {
      host.log(`Docwright: document links failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return null;
    }
  });
}

/** Path and anchor completion, and the resolving of its page items (which needs the site of the last completion). */
function linkCompletion(host: NavigationHost): Pick<Navigation, 'complete' | 'resolveCompletion'> {
  /** The site of the last link completion (what completionItem/resolve refers to). */
  let completionRoot: string | undefined;
  return {
    async resolveCompletion(item) {
      // Items carry only their page id: the editor resolves items of the list it shows, the last one asked for.
      if (typeof item.data !== 'string' || completionRoot === undefined) return item;
      const project = await host.project();
      const index = await project.index(completionRoot);
      return index?.pages.has(item.data) || index?.site.pages.has(item.data)
        ? { ...item, documentation: { kind: 'markdown', value: pageItemDocumentation(index, item.data) } }
        : item;
    },
    async complete(uri, position) {
      const page = await pageAt(host, uri, position);
      if (page && !inLinkPath(page.doc, page.offset)) return undefined;
      const ctx = await siteFileAt(host, uri);
      if (!ctx || ctx.config) return undefined;
      completionRoot = ctx.src.index.site.root;
      return completeLinkPath(ctx.src, ctx.rel, ctx.doc, ctx.doc.index.offsetAt(position));
    },
  };
}

/** Hover on a link of a page or snippet: what it links to, or the text of the file it shows. */
async function linkHover(host: NavigationHost, uri: string, position: Position): Promise<{ contents: string; range: Range } | undefined> {
  const page = await pageAt(host, uri, position);
  if (page && !onReferencePlace(page.doc, page.offset)) return undefined;
  const ctx = await siteFileAt(host, uri);
  if (!ctx || ctx.config) return undefined;
  const link = linkAt(pageDocumentLinks(ctx.src, ctx.rel, ctx.doc), ctx.doc, ctx.doc.index.offsetAt(position));
  if (!link) return undefined;
  if (!showsFileText(link)) return { contents: linkHoverText(ctx.src, link), range: link.range };
  const text = parsedText(ctx.src, link) ?? (await host.readFile(link.path));
  return text === undefined ? undefined : { contents: fileTextHover(link, text), range: link.range };
}

/** Go to definition: an imported component's file, a link's target, or a file docs.json names. */
async function linkDefinition(host: NavigationHost, uri: string, position: Position): Promise<Location | undefined> {
  const page = await pageAt(host, uri, position);
  if (page && !onReferencePlace(page.doc, page.offset)) {
    // An imported component's tag: the site's files suffice.
    const file = page.rel !== undefined ? componentDefinition(page.site, page.rel, page.doc, page.offset) : undefined;
    return file ? { uri: linkUri(file), range: lineRange(undefined) } : undefined;
  }
  const ctx = await siteFileAt(host, uri);
  if (!ctx) return undefined;
  if (ctx.config) {
    const found = await linksOf(host, uri);
    const link = found ? linkAt(found.links, { index: { offsetAt: found.offsetAt } }, found.offsetAt(position)) : undefined;
    return link ? { uri: linkUri(link.path), range: lineRange(link.line) } : undefined;
  }
  const target = definitionAt(ctx.src, ctx.rel, ctx.doc, ctx.doc.index.offsetAt(position));
  return target ? { uri: linkUri(target.path), range: lineRange(target.line) } : undefined;
}

/** "Wrap in component" actions for a selection of an open page. */
function wrapActions(documents: TextDocuments<TextDocument>, uri: string, range: Range): CodeAction[] {
  const doc = documents.get(uri);
  if (!doc || !isMarkdownFile(uriToPath(uri))) return [];
  const text = doc.getText();
  const index = { offsetAt: (p: Position) => doc.offsetAt(p), positionAt: (o: number) => doc.positionAt(o) };
  const actions: CodeAction[] = [];
  for (const component of WRAPPERS) {
    const edit = wrapInComponent(text, index, range, component);
    if (edit) actions.push({ title: `Wrap in <${component}>`, kind: CodeActionKind.RefactorRewrite, edit: { changes: { [uri]: [edit] } } });
  }
  return actions;
}

function lineRange(line: number | undefined): Range {
  const at = { line: line ?? 0, character: 0 };
  return { start: at, end: at };
}

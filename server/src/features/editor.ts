// The editor features as one service over the Project (`Docwright.editor`): what a host asks of a
// file at a position (completion, hover, definition, links, outline, format, wrap, alt text), of a
// site (references, heading rename, file moves, workspace symbols, preview, config migration). Files
// are absolute paths, positions are the core's (0-based, LSP-shaped); the host converts to its
// protocol. Requests that read a whole site take a cancellation token and end with `Cancelled`
// when it is set after a read (the reads await; the work after them runs to its end).
import type { CompletionList, Hover } from 'vscode-json-languageservice';
import { CONFIG_FILE_NAME, isConfigName } from '../config/files';
import { migrateConfig, MigrationError, type MigrationResult } from '../config/migrate';
import { parseConfig, type ConfigDocument } from '../config/parse';
import type { Project } from '../project';
import { renderPreview, type PreviewOptions, type PreviewResult } from '../render/preview';
import { siteApi } from '../site/api-pages';
import type { Site } from '../site/site';
import type { SiteIndex, SiteSources } from '../site/site-index';
import type { FileEdit, Position, Range, TextEdit } from '../types';
import { isMarkdownFile } from '../util/page-files';
import { basename, join, relativeInside } from '../util/paths';
import { altTextSnippet, type AltTextSnippet } from './alt-text';
import { completeEndpoint } from './api-completion';
import { completeChannel } from './asyncapi-completion';
import { completeSdkSymbol } from './sdk-completion';
import { pageId } from '../site/navigation';
import { completeConfig, definitionInConfig, hoverConfig } from './config-features';
import { configDocumentLinks, linkAt, pageDocumentLinks, type DocumentLink } from './document-links';
import { formatPage, formatRange, formatSiteFile, formatSiteRange, type FormatResult } from './format';
import { iconDocumentation, iconLibraryOf, isIconItemData } from './icon-completion';
import { completeFilePath } from './import-completion';
import { completeLinkPath, inLinkPath, type LinkCompletion, pageItemDocumentation } from './link-completion';
import { fileTextHover, linkHoverText, parsedText, showsFileText } from './link-hover';
import { headingRenameEdits, type Move, movedPages, moveEdits, redirectEdits } from './move';
import { completePage, type CompletionEntry } from './page-completion';
import { componentDefinition, definitionAt } from './page-definition';
import { hoverPage } from './page-hover';
import { pageFolds, pageOutline, type Fold, type OutlineSymbol } from './page-outline';
import {
  anchorRange,
  type HeadingAt,
  headingOf,
  onReferencePlace,
  referencesTo,
  referenceTargetAt,
  referenceTargetInConfig,
  type ReferenceTarget,
} from './references';
import { WRAPPERS, wrapInComponent, type Wrapper } from './wrap';
import { workspaceSymbols, type SiteSymbol } from './workspace-symbols';

/** A request the host may cancel (an LSP CancellationToken is one). */
export interface CancelToken {
  readonly isCancellationRequested: boolean;
}

/** A long request whose token was cancelled while it read the site: the host answers it as cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('The request was cancelled.');
    this.name = 'Cancelled';
  }
}

const NOT_CANCELLED: CancelToken = { isCancellationRequested: false };

function stopIfCancelled(token: CancelToken): void {
  if (token.isCancellationRequested) throw new Cancelled();
}

/** An open docs.json (or a file it loads) as the editor has it: its text may be ahead of the site's. */
export interface OpenConfig {
  path: string;
  text: string;
  version: number;
  /** The document's URI, the JSON language service's name for it. */
  uri?: string;
}

/** Where a definition or link leads: a file, and a line of it when one is known. */
export interface FileTarget {
  path: string;
  line?: number;
}

/** A page's completion: its items, whether the list is incomplete, and the site a link completion read (what `completionDocumentation` reads). */
export interface PageCompletion {
  items: CompletionEntry[];
  incomplete: boolean;
  linkRoot?: string;
}

/** The places that name a heading or file: the declaration (when asked for), then the references. */
export interface References {
  declaration?: { path: string; range: Range };
  references: { path: string; range: Range }[];
}

/** What the editor shows of a heading before renaming it: the range it edits and the heading's text. */
export interface HeadingRename {
  range: Range;
  placeholder: string;
}

/** A classic config converted to the current format (the host writes it only if asked), or why not. */
export type ConfigMigration =
  { site: false; roots: readonly string[] } | { site: true; root: string; source: string; target: string; result?: MigrationResult; error?: string };

/** A file or folder moving, as absolute paths. */
export interface FileMove {
  from: string;
  to: string;
}

/** Offsets <-> positions of an open document's text (the editor's own converter). */
export interface TextPositions {
  offsetAt(position: Position): number;
  positionAt(offset: number): Position;
}

export class Editor {
  constructor(private readonly project: Project) {}

  /** Whether `path` is named as a site's config file (docs.json, mint.json). */
  isConfigFile(path: string): boolean {
    return isConfigName(basename(path));
  }

  /** The site at `path`: the site folder itself, or the site holding the file. */
  rootOf(path: string): string | undefined {
    return this.project.roots.includes(path) ? path : this.project.rootFor(path);
  }

  /** Whether the site at `root` can be read with its pages (read now, before a host writes anything for it). */
  async hasSite(root: string): Promise<boolean> {
    return (await this.project.index(root)) !== undefined;
  }

  // --- docs.json

  /** docs.json completion: page entries and operations in `pages`, else the schema's (the JSON language service's list). */
  async completeConfig(open: OpenConfig, position: Position): Promise<CompletionList> {
    const ctx = await this.configAt(open);
    const index = ctx.site ? await this.project.index(ctx.site.root) : undefined;
    return completeConfig(ctx.site, ctx.config, position, index);
  }

  /** docs.json hover: the schema's documentation, an operation entry's summary. */
  async hoverConfig(open: OpenConfig, position: Position): Promise<Hover | null> {
    const ctx = await this.configAt(open);
    return hoverConfig(ctx.config, position, ctx.site);
  }

  /** The file a docs.json value names (a navigation entry's page, an asset). */
  async configDefinition(open: OpenConfig, position: Position): Promise<FileTarget | undefined> {
    const ctx = await this.configAt(open);
    const target = ctx.site ? definitionInConfig(ctx.site, ctx.config, position) : undefined;
    return target && { path: target.path };
  }

  /** The site and parsed config of an open docs.json, current with the editor's text. */
  private async configAt(open: OpenConfig): Promise<{ site: Site | undefined; config: ConfigDocument }> {
    const root = this.project.rootFor(open.path);
    const site = root ? await this.project.site(root) : undefined;
    if (site && site.config.path === open.path && site.config.text === open.text) return { site, config: site.config };
    return { site, config: await parseConfig(open.path, open.text, open.uri, open.version) };
  }

  // --- pages

  /**
   * Completion in a page or snippet: file paths of imports, link paths and anchors (the site read
   * only on a link path), API endpoints, then components, attributes, values and front matter.
   */
  async complete(path: string, position: Position, token: CancelToken = NOT_CANCELLED): Promise<PageCompletion> {
    const page = await this.project.page(path);
    const offset = page.index.offsetAt(position);
    const root = this.project.rootFor(page.path);
    const site = root ? await this.project.site(root) : undefined;
    const rel = site ? relativeInside(site.root, page.path) : undefined;
    const files = site && rel !== undefined ? completeFilePath(page, offset, site.files, rel) : undefined;
    if (files) return { items: files, incomplete: false };
    const links = await this.completeLink(path, position, token);
    if (links?.found) return { ...links.found, linkRoot: links.root };
    const items =
      completeEndpoint(page, offset, site?.openapi?.files ?? []) ??
      completeChannel(page, offset, site?.asyncapi?.files ?? []) ??
      completeSdkSymbol(page, offset, site?.sdk, rel !== undefined ? pageId(rel) : undefined) ??
      completePage(page, offset, { iconLibrary: iconLibraryOf(site?.config) });
    return { items, incomplete: false, linkRoot: links?.root };
  }

  /** The documentation of a completion item, asked for when the editor shows it: an icon's picture, a page's description (of the site of the last link completion). */
  async completionDocumentation(data: unknown, linkRoot: string | undefined): Promise<string | undefined> {
    if (isIconItemData(data)) return iconDocumentation(data);
    // Items carry only their page id: the editor resolves items of the list it shows, the last one asked for.
    if (typeof data !== 'string' || linkRoot === undefined) return undefined;
    const index = await this.project.index(linkRoot);
    return index?.pages.has(data) || index?.site.pages.has(data) ? pageItemDocumentation(index, data) : undefined;
  }

  /** Hover in a page or snippet: a link (what it names, or the text of the file it shows), else a component or attribute. */
  async hover(path: string, position: Position): Promise<{ contents: string; range: Range } | undefined> {
    const page = await this.project.page(path);
    return (await this.linkHover(path, position)) ?? hoverPage(page, page.index.offsetAt(position));
  }

  /** Go to definition from a page, snippet or config file: an imported component's file, a link's target, a file docs.json names. */
  async definition(path: string, position: Position): Promise<FileTarget | undefined> {
    const page = await this.pageAt(path, position);
    if (page && !onReferencePlace(page.doc, page.offset)) {
      // An imported component's tag: the site's files suffice.
      const file = page.rel !== undefined ? componentDefinition(page.site, page.rel, page.doc, page.offset) : undefined;
      return file ? { path: file } : undefined;
    }
    const ctx = await this.siteFileAt(path);
    if (!ctx) return undefined;
    if (ctx.config) {
      const found = await this.linksOf(path);
      const link = found ? linkAt(found.links, { index: { offsetAt: found.offsetAt } }, found.offsetAt(position)) : undefined;
      return link ? { path: link.path, line: link.line } : undefined;
    }
    const target = definitionAt(ctx.src, ctx.rel, ctx.doc, ctx.doc.index.offsetAt(position));
    return target ? { path: target.path, line: target.line } : undefined;
  }

  /** Every link of a page, snippet or config file, to the file (and line) it names. `openText`: the editor's text of the file, when open. */
  async documentLinks(path: string, openText?: string): Promise<DocumentLink[] | undefined> {
    return (await this.linksOf(path, openText))?.links;
  }

  /** The outline of a page (headings nested), and its folding ranges. */
  async outline(path: string): Promise<OutlineSymbol[]> {
    return pageOutline(await this.project.page(path));
  }

  async folds(path: string): Promise<Fold[]> {
    return pageFolds(await this.project.page(path));
  }

  /** `text` of the page at `path` formatted (all of it, or the changes on `lines` only), with its site's options and checks. */
  async format(path: string, text: string, lines?: [number, number]): Promise<FormatResult> {
    const root = this.project.rootFor(path);
    const site = root ? await this.project.site(root) : undefined;
    const rel = site ? relativeInside(site.root, path) : undefined;
    if (site && rel !== undefined) return lines ? formatSiteRange(site, rel, text, lines[0], lines[1]) : formatSiteFile(site, rel, text);
    return lines ? formatRange(path, text, lines[0], lines[1]) : formatPage(path, text);
  }

  /** The "wrap in component" edits of a selection, one per component that can wrap it. */
  wrapEdits(text: string, positions: TextPositions, range: Range): { component: Wrapper; edit: TextEdit }[] {
    const out: { component: Wrapper; edit: TextEdit }[] = [];
    for (const component of WRAPPERS) {
      const edit = wrapInComponent(text, positions, range, component);
      if (edit) out.push({ component, edit });
    }
    return out;
  }

  /** The alt-text snippet of the image at `offset` of `text`. */
  altText(text: string, offset: number): AltTextSnippet | undefined {
    return altTextSnippet(text, offset);
  }

  // --- the site

  /** Every page title and heading of the workspace's sites matching `query`, ranked. */
  async workspaceSymbols(query: string, token: CancelToken = NOT_CANCELLED): Promise<SiteSymbol[]> {
    const indexes: SiteIndex[] = [];
    for (const root of this.project.roots) {
      const index = await this.project.index(root);
      stopIfCancelled(token);
      if (index) indexes.push(index);
    }
    return workspaceSymbols(indexes, query);
  }

  /** Every place that names the heading or file under the cursor (undefined: the cursor names none). */
  async references(path: string, position: Position, includeDeclaration: boolean, token: CancelToken = NOT_CANCELLED): Promise<References | undefined> {
    const found = await this.targetAt(path, position, token);
    if (!found) return undefined;
    const { src, target } = found;
    const references = referencesTo(src, target).map((r) => ({ path: r.path, range: r.range }));
    if (!includeDeclaration) return { references };
    if ('file' in target) {
      const zero = { line: 0, character: 0 };
      return { declaration: { path: join(src.index.site.root, target.file), range: { start: zero, end: zero } }, references };
    }
    const h = headingOf(src, target.page, target.anchor);
    const doc = src.index.pages.get(target.page);
    return { declaration: h && doc ? { path: doc.path, range: h.range } : undefined, references };
  }

  /** What a rename at this place renames: a heading, or the heading a link's `#anchor` names (undefined: none). */
  async prepareHeadingRename(path: string, position: Position, token: CancelToken = NOT_CANCELLED): Promise<HeadingRename | undefined> {
    const h = await this.headingAt(path, position, token);
    return h && { range: h.range, placeholder: h.heading.text };
  }

  /** The edits of renaming the heading at this place: its text, and every link to its anchor. */
  async renameHeading(path: string, position: Position, newName: string, token: CancelToken = NOT_CANCELLED): Promise<FileEdit[] | undefined> {
    const h = await this.headingAt(path, position, token);
    return h && headingRenameEdits(h.src, h.page, h.heading, newName);
  }

  /** The edits of moving files and folders (absolute paths): what names them, and the redirects from the old URLs when `redirect`. */
  async moveEdits(moves: readonly FileMove[], redirect: boolean, token: CancelToken = NOT_CANCELLED): Promise<FileEdit[]> {
    const edits: FileEdit[] = [];
    for (const site of await this.siteMoveEdits(moves, redirect, token)) edits.push(...site.edits, ...site.redirects);
    return edits;
  }

  /** moveEdits per site, the redirects apart (`docwright mv` says whether it added any). */
  async siteMoveEdits(
    moves: readonly FileMove[],
    redirect: boolean,
    token: CancelToken = NOT_CANCELLED,
  ): Promise<{ edits: FileEdit[]; redirects: FileEdit[] }[]> {
    const out: { edits: FileEdit[]; redirects: FileEdit[] }[] = [];
    for (const [root, siteMoves] of this.movesBySite(moves)) {
      const src = await this.project.sources(root);
      stopIfCancelled(token);
      if (!src) continue;
      out.push({ edits: moveEdits(src, siteMoves), redirects: redirect ? redirectEdits(src.index.site, movedPages(src.index.site, siteMoves)) : [] });
    }
    return out;
  }

  /** After a move: the redirects from the old URLs to the new ones (absolute paths; the site may not know the new files yet). */
  async moveRedirects(moves: readonly FileMove[], token: CancelToken = NOT_CANCELLED): Promise<FileEdit[]> {
    const edits: FileEdit[] = [];
    for (const [root, siteMoves] of this.movesBySite(moves)) {
      const site = await this.project.site(root);
      stopIfCancelled(token);
      if (!site) continue;
      // Pages at either place count.
      const back = siteMoves.map((m) => ({ from: m.to, to: m.from }));
      const pages = [...movedPages(site, siteMoves), ...movedPages(site, back).map((p) => ({ from: p.to, to: p.from }))];
      edits.push(...redirectEdits(site, pages));
    }
    return edits;
  }

  /** The preview of the file at `path`: its page with the site around it, or alone. */
  preview(path: string, assetBase: string, options: PreviewOptions): Promise<PreviewResult | undefined> {
    return renderPreview(this.project, path, assetBase, options);
  }

  /** The file of page `id` of the site holding `from`: `generated` for an API page without one; undefined when none. */
  async pageFile(from: string, id: string): Promise<{ path: string } | { generated: true } | undefined> {
    const root = this.project.rootFor(from);
    const site = root ? await this.project.site(root) : undefined;
    if (!root || !site) return undefined;
    if (siteApi(site).pages.has(id)) return { generated: true };
    const rel = site.pages.get(id);
    if (!rel) return undefined;
    const file = join(root, rel);
    return relativeInside(root, file) !== undefined ? { path: file } : undefined;
  }

  /** The config of the site holding `path` (or of the only site) in the current format, for docs.json at the site's root. */
  async migrateConfig(path: string | undefined): Promise<ConfigMigration> {
    const roots = this.project.roots;
    const root = path !== undefined ? this.project.rootFor(path) : roots.length === 1 ? roots[0] : undefined;
    const site = root ? await this.project.site(root) : undefined;
    if (!root || !site) return { site: false, roots };
    return { site: true, root, source: site.config.path, target: join(root, CONFIG_FILE_NAME), ...this.migrateConfigText(site.config.text) };
  }

  /** A config's text in the current format, or why it cannot be converted (`docwright migrate` reads configs the site could not load too). */
  migrateConfigText(text: string): { result: MigrationResult } | { error: string } {
    try {
      return { result: migrateConfig(text) };
    } catch (e) {
      if (!(e instanceof MigrationError)) throw e;
      return { error: e.message };
    }
  }

  // --- helpers

  /** The site's sources and the file's place in it, for a page, snippet or config file. */
  private async siteFileAt(path: string) {
    const root = this.project.rootFor(path);
    const rel = root ? relativeInside(root, path) : undefined;
    const src = root ? await this.project.sources(root) : undefined;
    if (!src || rel === undefined) return undefined;
    const site = src.index.site;
    const isConfig = (this.isConfigFile(path) && path === site.config.path) || (site.config.refs?.has(path) ?? false);
    if (isConfig) return { src, path, rel, config: true as const };
    if (!isMarkdownFile(path)) return undefined;
    return { src, path, rel, config: false as const, doc: await this.project.page(path) };
  }

  /**
   * A page or snippet at `position`, read alone (its site loaded, not parsed): completion, hover and
   * definition look here first and ask for the whole site's parse (`siteFileAt`) only on a link, asset,
   * import or snippet path. So an editor request during the first check, whose worker threads are
   * parsing the site, does not parse it all again on the host's thread.
   */
  private async pageAt(path: string, position: Position) {
    if (!isMarkdownFile(path)) return undefined;
    const root = this.project.rootFor(path);
    const site = root ? await this.project.site(root) : undefined;
    if (!site) return undefined;
    const doc = await this.project.page(path);
    return { doc, offset: doc.index.offsetAt(position), site, rel: relativeInside(site.root, path) };
  }

  /** The links of a page, snippet or config file, with the converter from editor positions to offsets in the text they were found in. */
  private async linksOf(path: string, openText?: string): Promise<{ links: DocumentLink[]; src: SiteSources; offsetAt: (p: Position) => number } | undefined> {
    const ctx = await this.siteFileAt(path);
    if (!ctx) return undefined;
    if (ctx.config) {
      const site = ctx.src.index.site;
      const doc = ctx.path === site.config.path ? site.config : site.config.refs?.get(ctx.path);
      // A config whose buffer the site has not read yet: positions would not match.
      if (!doc || (openText !== undefined && openText !== doc.text)) return undefined;
      return { links: configDocumentLinks(ctx.src, ctx.path), src: ctx.src, offsetAt: (p) => doc.index.offsetAt(p) };
    }
    return { links: pageDocumentLinks(ctx.src, ctx.rel, ctx.doc), src: ctx.src, offsetAt: (p) => ctx.doc.index.offsetAt(p) };
  }

  /** Path and anchor completion in a page or snippet (undefined when the cursor is in no link path), and the site it read. */
  private async completeLink(path: string, position: Position, token: CancelToken): Promise<{ root: string; found?: LinkCompletion } | undefined> {
    const page = await this.pageAt(path, position);
    if (page && !inLinkPath(page.doc, page.offset)) return undefined;
    const ctx = await this.siteFileAt(path);
    stopIfCancelled(token);
    if (!ctx || ctx.config) return undefined;
    return { root: ctx.src.index.site.root, found: completeLinkPath(ctx.src, ctx.rel, ctx.doc, ctx.doc.index.offsetAt(position)) };
  }

  /** Hover on a link of a page or snippet: what it links to, or the text of the file it shows. */
  private async linkHover(path: string, position: Position): Promise<{ contents: string; range: Range } | undefined> {
    const page = await this.pageAt(path, position);
    if (page && !onReferencePlace(page.doc, page.offset)) return undefined;
    const ctx = await this.siteFileAt(path);
    if (!ctx || ctx.config) return undefined;
    const link = linkAt(pageDocumentLinks(ctx.src, ctx.rel, ctx.doc), ctx.doc, ctx.doc.index.offsetAt(position));
    if (!link) return undefined;
    if (!showsFileText(link)) return { contents: linkHoverText(ctx.src, link), range: link.range };
    const text = parsedText(ctx.src, link) ?? (await this.project.text(link.path));
    return text === undefined ? undefined : { contents: fileTextHover(link, text), range: link.range };
  }

  /** What the cursor names (a heading, an anchor or a file), in a page, snippet or config file. */
  private async targetAt(path: string, position: Position, token: CancelToken): Promise<{ src: SiteSources; target: ReferenceTarget } | undefined> {
    const root = this.project.rootFor(path);
    const rel = root ? relativeInside(root, path) : undefined;
    const src = root ? await this.project.sources(root) : undefined;
    stopIfCancelled(token);
    if (!src || rel === undefined) return undefined;
    const site = src.index.site;
    if (this.isConfigFile(path) || site.config.refs?.has(path)) {
      const doc = path === site.config.path ? site.config : site.config.refs?.get(path);
      const target = doc ? referenceTargetInConfig(src, path, doc.index.offsetAt(position)) : undefined;
      return target ? { src, target } : undefined;
    }
    if (!isMarkdownFile(path)) return undefined;
    const doc = await this.project.page(path);
    const target = referenceTargetAt(src, rel, doc, doc.index.offsetAt(position));
    return target ? { src, target } : undefined;
  }

  /** The heading a rename at this place renames, and the range the editor shows: the heading text, or the anchor in the link under the cursor. */
  private async headingAt(
    path: string,
    position: Position,
    token: CancelToken,
  ): Promise<{ src: SiteSources; page: string; heading: HeadingAt; range: Range } | undefined> {
    const found = await this.targetAt(path, position, token);
    if (!found || 'file' in found.target) return undefined;
    const heading = headingOf(found.src, found.target.page, found.target.anchor);
    if (!heading) return undefined;
    const doc = found.src.index.pages.get(found.target.page)!;
    let range: Range = heading.range;
    if (doc.path !== path || position.line !== heading.range.start.line) {
      const ref = referencesTo(found.src, found.target).find(
        (r) =>
          r.path === path &&
          r.range.start.line === position.line &&
          r.range.start.character <= position.character &&
          r.range.end.character >= position.character,
      );
      const anchor = ref ? anchorRange(ref) : undefined;
      if (anchor) range = anchor;
    }
    return { src: found.src, page: found.target.page, heading, range };
  }

  /** Moves (absolute paths) by site, site-relative; a move out of its site or from no site is left out. */
  private movesBySite(moves: readonly FileMove[]): Map<string, Move[]> {
    const byRoot = new Map<string, Move[]>();
    for (const m of moves) {
      const root = this.project.rootFor(m.from);
      const from = root ? relativeInside(root, m.from) : undefined;
      const to = root ? relativeInside(root, m.to) : undefined;
      if (!root || to === undefined || from === undefined) continue;
      byRoot.set(root, [...(byRoot.get(root) ?? []), { from, to }]);
    }
    return byRoot;
  }
}

// References, heading rename and file moves over LSP: textDocument/references, prepareRename and
// rename (headings), workspace/willRenameFiles (pages, snippets, assets and folders) and the
// client's request for the redirects of a move. The core (features/references.ts, move.ts) does the work.
import type { CancellationToken, Connection, Location, TextDocuments, WorkspaceEdit } from 'vscode-languageserver/node';
import { ResponseError, ErrorCodes } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { headingRenameEdits, type Move, movedPages, moveEdits, redirectEdits } from '../features/move';
import { anchorRange, headingOf, referencesTo, referenceTargetAt, referenceTargetInConfig, type ReferenceTarget } from '../features/references';
import type { Project } from '../project';
import { CONFIG_NAMES } from '../site/site';
import type { SiteSources } from '../site/site-index';
import type { FileEdit, Position, Range } from '../types';
import { basename, join, relativeInside } from '../util/paths';
import { isCancellation, pathToUri, stopIfCancelled, uriToPath } from './convert';
import { MOVE_REDIRECTS_REQUEST, type MoveRedirectsParams, type RedirectSetting } from './protocol';
import { isMarkdownFile } from '../util/page-files';

export interface ReferencesHost {
  project: () => Promise<Project>;
  documents: TextDocuments<TextDocument>;
  /** The `docwright.moves.redirect` setting. */
  redirectSetting: () => Promise<RedirectSetting>;
  log: (message: string) => void;
}

function toWorkspaceEdit(edits: FileEdit[]): WorkspaceEdit | null {
  const changes: Record<string, { range: Range; newText: string }[]> = {};
  for (const fe of edits) changes[pathToUri(fe.path)] = [...(changes[pathToUri(fe.path)] ?? []), ...fe.edits];
  return Object.keys(changes).length ? { changes } : null;
}

export function registerReferences(connection: Connection, host: ReferencesHost): void {
  registerFindReferences(connection, host);
  registerHeadingRename(connection, host);
  registerFileMoves(connection, host);
}

/** The site sources, the file's site-relative path and parsed text, for a page, snippet or config. */
async function siteFileAt(host: ReferencesHost, uri: string): Promise<{ src: SiteSources; path: string; rel: string; project: Project } | undefined> {
  const project = await host.project();
  const path = uriToPath(uri);
  const root = project.rootFor(path);
  const rel = root ? relativeInside(root, path) : undefined;
  const src = root ? await project.sources(root) : undefined;
  return src && rel !== undefined ? { src, path, rel, project } : undefined;
}

/** What the cursor names (a heading, an anchor or a file), in a page, snippet or config file. */
async function targetAt(
  host: ReferencesHost,
  uri: string,
  position: Position,
  token: CancellationToken,
): Promise<{ src: SiteSources; target: ReferenceTarget } | undefined> {
  const ctx = await siteFileAt(host, uri);
  stopIfCancelled(token);
  if (!ctx) return undefined;
  const { src, path, rel } = ctx;
  const site = src.index.site;
  if ((CONFIG_NAMES as readonly string[]).includes(basename(path)) || site.config.refs?.has(path)) {
    const doc = path === site.config.path ? site.config : site.config.refs?.get(path);
    const target = doc ? referenceTargetInConfig(src, path, doc.index.offsetAt(position)) : undefined;
    return target ? { src, target } : undefined;
  }
  if (!isMarkdownFile(path)) return undefined;
  const doc = await ctx.project.page(path);
  const target = referenceTargetAt(src, rel, doc, doc.index.offsetAt(position));
  return target ? { src, target } : undefined;
}

/** textDocument/references: every place that names the heading or file under the cursor. */
function registerFindReferences(connection: Connection, host: ReferencesHost): void {
  connection.onReferences(async (params, token): Promise<Location[] | null> => {
    try {
      const found = await targetAt(host, params.textDocument.uri, params.position, token);
      if (!found) return null;
      const { src, target } = found;
      const refs = referencesTo(src, target);
      const out: Location[] = [];
      if (params.context.includeDeclaration) {
        if ('file' in target)
          out.push({ uri: pathToUri(join(src.index.site.root, target.file)), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
        else {
          const h = headingOf(src, target.page, target.anchor);
          const doc = src.index.pages.get(target.page);
          if (h && doc) out.push({ uri: pathToUri(doc.path), range: h.range });
        }
      }
      const locations: Location[] = refs.map((r) => ({ uri: pathToUri(r.path), range: r.range }));
      // In file order, then by place: the order of the site's file listing is not meaningful.
      locations.sort((a, b) =>
        a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
      );
      return [...out, ...locations];
    } catch (e) {
      if (isCancellation(e)) throw e;
      host.log(`Docwright: references failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  });
}

/** The heading a rename at this place renames: the heading under the cursor, or the one a link's `#anchor` names. */
async function headingAt(host: ReferencesHost, uri: string, position: Position, token: CancellationToken) {
  const found = await targetAt(host, uri, position, token);
  if (!found || 'file' in found.target) return undefined;
  const heading = headingOf(found.src, found.target.page, found.target.anchor);
  if (!heading) return undefined;
  const doc = found.src.index.pages.get(found.target.page)!;
  // The range the editor shows: the heading text, or the anchor in the link under the cursor.
  let range: Range = heading.range;
  if (doc.path !== uriToPath(uri) || position.line !== heading.range.start.line) {
    const ref = referencesTo(found.src, found.target).find(
      (r) =>
        r.path === uriToPath(uri) &&
        r.range.start.line === position.line &&
        r.range.start.character <= position.character &&
        r.range.end.character >= position.character,
    );
    const anchor = ref ? anchorRange(ref) : undefined;
    if (anchor) range = anchor;
  }
  return { ...found, page: found.target.page, heading, range };
}

/** textDocument/prepareRename and rename: a heading, with every link to its anchor. */
function registerHeadingRename(connection: Connection, host: ReferencesHost): void {
  connection.onPrepareRename(async (params, token) => {
    const h = await headingAt(host, params.textDocument.uri, params.position, token);
    if (!h) throw new ResponseError(ErrorCodes.InvalidRequest, 'Only a heading, or the #anchor of a link to one, can be renamed here.');
    return { range: h.range, placeholder: h.heading.text };
  });

  connection.onRenameRequest(async (params, token) => {
    const h = await headingAt(host, params.textDocument.uri, params.position, token);
    if (!h) return null;
    return toWorkspaceEdit(headingRenameEdits(h.src, h.page, h.heading, params.newName));
  });
}

/** The moves per site, site-relative. */
async function movesBySite(host: ReferencesHost, files: readonly { oldUri: string; newUri: string }[]): Promise<Map<string, Move[]>> {
  const project = await host.project();
  const byRoot = new Map<string, Move[]>();
  for (const f of files) {
    const from = uriToPath(f.oldUri);
    const root = project.rootFor(from);
    const fromRel = root ? relativeInside(root, from) : undefined;
    const to = root ? relativeInside(root, uriToPath(f.newUri)) : undefined;
    if (!root || to === undefined || fromRel === undefined) continue;
    byRoot.set(root, [...(byRoot.get(root) ?? []), { from: fromRel, to }]);
  }
  return byRoot;
}

/** workspace/willRenameFiles (the edits of a move) and the client's request for a move's redirects. */
function registerFileMoves(connection: Connection, host: ReferencesHost): void {
  connection.workspace.onWillRenameFiles(async (params, token): Promise<WorkspaceEdit | null> => {
    try {
      const project = await host.project();
      const redirect = (await host.redirectSetting()) === 'always';
      const edits: FileEdit[] = [];
      for (const [root, moves] of await movesBySite(host, params.files)) {
        const src = await project.sources(root);
        stopIfCancelled(token);
        if (!src) continue;
        edits.push(...moveEdits(src, moves));
        if (redirect) edits.push(...redirectEdits(src.index.site, movedPages(src.index.site, moves)));
      }
      return toWorkspaceEdit(edits);
    } catch (e) {
      if (isCancellation(e)) throw e;
      host.log(`Docwright: updating references for a move failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  });

  // After a move (the "ask" setting): the redirects from the old URLs to the new ones.
  connection.onRequest(MOVE_REDIRECTS_REQUEST, async (params: MoveRedirectsParams, token: CancellationToken): Promise<WorkspaceEdit | null> => {
    const project = await host.project();
    const edits: FileEdit[] = [];
    for (const [root, moves] of await movesBySite(host, params.files)) {
      const site = await project.site(root);
      stopIfCancelled(token);
      if (!site) continue;
      // The server may not have heard of the new files yet: pages at either place count.
      const back = moves.map((m) => ({ from: m.to, to: m.from }));
      const pages = [...movedPages(site, moves), ...movedPages(site, back).map((p) => ({ from: p.to, to: p.from }))];
      edits.push(...redirectEdits(site, pages));
    }
    return toWorkspaceEdit(edits);
  });
}

// Which findings a scoped check reports (`docwright check <paths>`, `--changed-since`): those of the
// named or changed files, and of the files whose findings they change, read from the site model and
// from what each file's check read of other pages (the check's dependencies, as the cache keeps them):
// pages reading a changed page's facts (its anchors: links to its headings), pages linking to a deleted
// page, pages importing a changed snippet, navigation entries naming a changed or deleted page.
import { IMPORT_SOURCES, isSnippetFile, resolveImport } from '../site/imports';
import { pageId } from '../site/navigation';
import { isPageFile, type Site } from '../site/site';
import { LINK_URLS } from '../rules/page/link-broken';
import { nodeRange } from '../rules/edits';
import type { PageFacts } from '../site/site-index';
import type { Finding, Range } from '../types';
import { decodeUriSafe, isExternalUrl, relativeInside, resolveFromPage, trimTrailingSlashes } from '../util/paths';

/** What the check knows of one page or snippet file (site-relative path): its facts, and what its check read. */
export interface FileModel {
  facts?: PageFacts;
  /** The files its facts read (the snippets it renders). */
  factFiles?: [string, string][];
  /** What its check read of other pages: `id\0key` or `*\0key`. */
  deps?: [string, string][];
}

export interface ScopeInput {
  site: Site;
  /** The site rules' findings (docs.json, the file set). */
  siteFindings: Finding[];
  /** Each page's and snippet's findings (site-relative path). */
  fileFindings: ReadonlyMap<string, Finding[]>;
  files: Readonly<Record<string, FileModel>>;
  /** Site-relative paths named or changed (existing files). */
  changed: ReadonlySet<string>;
  /** Site-relative paths deleted (or the old side of a rename). */
  deleted: ReadonlySet<string>;
}

export interface Scope {
  /** The site-relative files reported in full. */
  files: Set<string>;
  findings: Finding[];
}

function isEmptyFact(v: unknown): boolean {
  return v === undefined || v === null || v === false || (Array.isArray(v) && v.length === 0);
}

/** The page ids an internal link from `fromId` may name (the id, or its folder's index page). */
function linkedIds(root: string, fromId: string, url: string): string[] {
  if (isExternalUrl(url) || url.startsWith('#')) return [];
  const pathPart = url.split('#')[0].split('?')[0];
  const decoded = decodeUriSafe(pathPart);
  const abs = resolveFromPage(root, fromId, decoded);
  const rel = abs === undefined ? undefined : relativeInside(root, abs);
  if (!rel) return [];
  const id = pageId(trimTrailingSlashes(rel));
  return [id, `${id}/index`];
}

function inside(r: Range, outer: Range): boolean {
  const le = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return le(outer.start, r.start) && le(r.end, outer.end);
}

/** The findings a scoped check reports, and the files it reports in full. */
export function scopedFindings(input: ScopeInput): Scope {
  const { site, changed, deleted } = input;
  const touched = new Set([...changed, ...deleted]);
  const touchedIds = new Set([...touched].filter((rel) => isPageFile(rel) || isSnippetFile(rel)).map(pageId));
  const files = new Set<string>([...changed].filter((rel) => input.fileFindings.has(rel)));
  // Keys of facts every page's check may read (`*`): they count when a touched page has such a fact.
  // `imports` is the exception: whether a page is imported only depends on the pages importing it.
  const starKeys = new Set<string>();
  const importedByTouched = new Set<string>();
  for (const rel of changed) {
    const facts = input.files[rel]?.facts;
    if (!facts) continue;
    for (const [key, value] of Object.entries(facts)) if (key !== IMPORT_SOURCES.key && !isEmptyFact(value)) starKeys.add(key);
    for (const source of (facts[IMPORT_SOURCES.key] as string[] | undefined) ?? []) {
      const target = resolveImport(site, rel, source).rel;
      if (target !== undefined) importedByTouched.add(target);
    }
  }
  const deletedIds = new Set([...deleted].filter(isPageFile).map(pageId));
  const idOf = new Map([...site.pages].map(([id, rel]) => [rel, id]));
  for (const rel of input.fileFindings.keys()) {
    if (files.has(rel)) continue;
    const model = input.files[rel];
    if (!model) continue;
    const readsTouched = (model.deps ?? []).some(([dep]) => {
      const cut = dep.indexOf('\0');
      const id = dep.slice(0, cut);
      const key = dep.slice(cut + 1);
      if (id !== '*') return touchedIds.has(id);
      return key === IMPORT_SOURCES.key ? importedByTouched.has(rel) : starKeys.has(key);
    });
    const rendersTouched = (model.factFiles ?? []).some(([f]) => touched.has(f));
    const imports = (model.facts?.[IMPORT_SOURCES.key] as string[] | undefined) ?? [];
    const importsTouched = imports.some((source) => {
      const target = resolveImport(site, rel, source).rel;
      return target !== undefined && touched.has(target);
    });
    const fromId = idOf.get(rel);
    const links = (model.facts?.[LINK_URLS.key] as string[] | undefined) ?? [];
    const linksDeleted = fromId !== undefined && deletedIds.size > 0 && links.some((url) => linkedIds(site.root, fromId, url).some((id) => deletedIds.has(id)));
    if (readsTouched || rendersTouched || importsTouched || linksDeleted) files.add(rel);
  }
  // Navigation entries naming a touched page: their findings in docs.json (or the file it loads with "$ref").
  const entryRanges = site.nav.entries.filter((e) => touchedIds.has(pageId(e.page))).map((e) => ({ path: e.config.path, range: nodeRange(e.config, e.node) }));
  const abs = (rel: string) => `${site.root}/${rel}`;
  const reportedPaths = new Set([...files, ...changed].map(abs));
  const findings: Finding[] = [];
  for (const f of input.siteFindings) {
    const rel = relativeInside(site.root, f.path);
    const named = reportedPaths.has(f.path) || (rel !== undefined && changed.has(rel));
    const onEntry = entryRanges.some((e) => e.path === f.path && inside(f.range, e.range));
    const relatesTouched = (f.related ?? []).some((r) => reportedPaths.has(r.path));
    if (named || onEntry || relatesTouched) findings.push(f);
  }
  for (const rel of files) for (const f of input.fileFindings.get(rel) ?? []) findings.push(f);
  return { files, findings };
}

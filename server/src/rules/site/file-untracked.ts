// file-untracked: a file the site uses (a page of its navigation, an image or other embedded file, a
// snippet, an import, a file docs.json names) that git does not track or ignores, when the site is in
// a git repository: the published site is built from the repository, so the file is missing there.
// Git is read by the host (node/git.ts); these functions take what it found. Only pages and snippets
// that mention an untracked file's name are parsed, so a site whose files are all tracked costs
// nothing past git's answer.
import type { Node } from 'unist';
import { type ASTNode, isString } from '../../config/ast';
import type { ConfigDocument } from '../../config/parse';
import { refTarget } from '../../config/refs';
import { pageAssets } from '../../pages/assets';
import { pageEsm } from '../../pages/esm';
import { jsxAttributes } from '../../pages/jsx';
import { nodesOf } from '../../pages/nodes';
import { parsePage, type PageDocument } from '../../pages/parse';
import { unistRange } from '../../pages/range';
import { isSnippetFile, resolveImport, snippetFileRel } from '../../site/imports';
import { pageId } from '../../site/navigation';
import { createSiteIndex } from '../../site/site-index';
import type { Site } from '../../site/site';
import type { Finding, Range, Severity } from '../../types';
import { basename, decodeUriSafe, isExternalUrl, join, relativeInside, resolveFromPage, resolveInSite } from '../../util/paths';
import { isMarkdownFile } from '../../util/page-files';
import { nodeRange } from '../edits';
import { inlineSuppressions, resolveSeverity, type RuleSettings } from '../severity';
import { navEntryFile } from './nav-missing-page';
import { internalLinks, resolveLink } from '../page/link-broken';

/** The rule's metadata: it runs in `docwright check` when the site is in a git work tree, outside the rule set. */
export const FILE_UNTRACKED = {
  id: 'file-untracked',
  description: 'A file the site uses (navigation page, image, snippet, import, file docs.json names) is ignored by git or not tracked.',
  severity: 'warning' as Severity,
  fixable: false,
  rationale:
    "The published site is built from the repository: a file that is only on the writer's disk is missing there, though every local check and preview finds it. When the site is in a git work tree, `docwright check` asks git once which files of the site it tracks (`git ls-files`), and for the others whether its ignore rules leave them out (`git check-ignore`: `.gitignore`, `.git/info/exclude`). A file that is not tracked is reported where the site uses it: a navigation entry of docs.json that names it, a file docs.json names (logo, favicon, OpenAPI file, a `$ref`), and in pages and snippets a link to it, an image or other embedded file, an import, a `<Snippet file>`, an `openapi` front matter naming it. Commit the file (`git add`), or take it out of `.gitignore`. Files `.mintignore` leaves out are not part of the site and are not asked about. Nothing is reported when the site is not in a git repository, when git is not installed, or when no file of the site is tracked yet (a site never committed). Git runs with no configuration of the repository that could start a program; `docwright check` only (the editor does not run it).",
};

/** The site's files git does not track (`tracked`: paths relative to the site folder); none when it tracks no file of the site. */
export function untrackedFiles(site: Pick<Site, 'files'>, tracked: ReadonlySet<string>): string[] {
  if (tracked.size === 0) return [];
  const out: string[] = [];
  for (const rel of site.files) {
    if (tracked.has(rel)) continue;
    // A file below a tracked symbolic link or submodule is tracked through it.
    let covered = false;
    for (let i = rel.indexOf('/'); i > 0 && !covered; i = rel.indexOf('/', i + 1)) covered = tracked.has(rel.slice(0, i));
    if (!covered) out.push(rel);
  }
  return out;
}

/** A place of a page that names a file: what it is, as written, where. */
interface Use {
  what: string;
  written: string;
  target: string;
  range: Range | undefined;
  node?: Node;
}

function offsetRange(page: PageDocument, o: { start: number; end: number } | undefined): Range | undefined {
  return o ? page.index.range(o.start, o.end - o.start) : undefined;
}

function decodedPath(url: string): string {
  return decodeUriSafe(url.split(/[?#]/)[0]);
}

/** Every file a page or snippet names: links, embedded files, imports, `<Snippet file>`, `openapi` front matter. */
function pageUses(site: Site, rel: string, page: PageDocument, resolve: (fromId: string, url: string) => string | undefined): Use[] {
  const out: Use[] = [];
  const id = pageId(rel);
  const snippet = isSnippetFile(rel);
  for (const link of internalLinks(page)) {
    const path = decodedPath(link.url);
    // A snippet's relative links are read from the pages that render it.
    if (path === '' || (snippet && !path.startsWith('/'))) continue;
    const target = resolve(id, link.url.split('#')[0]);
    if (target !== undefined) out.push({ what: 'The link', written: link.url, target, range: link.urlRange ?? link.range });
  }
  for (const asset of pageAssets(page)) {
    const path = decodedPath(asset.url);
    if (path === '') continue;
    const abs = resolveFromPage(site.root, rel, path);
    let target = abs === undefined ? undefined : relativeInside(site.root, abs);
    // A snippet's relative paths are written for the pages that include it: the site root is tried too.
    if ((target === undefined || !site.files.has(target)) && !site.pages.has(id) && !path.startsWith('/')) target = path.replace(/^\.\//, '');
    if (target !== undefined && site.files.has(target))
      out.push({
        what: asset.where === 'image' ? 'The image' : asset.where,
        written: asset.url,
        target,
        range: offsetRange(page, asset.urlOffset),
        node: asset.node,
      });
  }
  for (const imp of pageEsm(page).imports) {
    if (!imp.source.startsWith('/') && !imp.source.startsWith('.')) continue;
    const target = resolveImport(site, rel, imp.source).rel;
    if (target) out.push({ what: 'The import', written: imp.source, target, range: offsetRange(page, imp.sourceOffset), node: imp.node });
  }
  for (const el of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if ((el as { name?: string }).name !== 'Snippet') continue;
    const attr = jsxAttributes(el, page.text).find((a) => a.name === 'file');
    if (attr && typeof attr.value === 'string' && attr.value !== '')
      out.push({ what: '<Snippet file>', written: attr.value, target: snippetFileRel(attr.value), range: offsetRange(page, attr.valueOffset), node: el });
  }
  // `openapi: "specs/api.json GET /notes"`: the spec file, when the value names one.
  const openapi = page.frontmatter.data.openapi;
  if (typeof openapi === 'string') {
    const file = openapi.trim().split(/\s+/)[0];
    const abs = file && !isExternalUrl(file) ? resolveInSite(site.root, file) : undefined;
    const target = abs === undefined ? undefined : relativeInside(site.root, abs);
    if (target !== undefined) out.push({ what: 'The openapi front matter', written: file, target, range: undefined });
  }
  return out;
}

/** The names a page would write to name a file: its base name and its base name without extension (lower case). */
function namesOf(rel: string): string[] {
  const name = basename(rel).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name, name.slice(0, dot)] : [name];
}

/** Whether a text mentions one of `names` as the last segment of a path-like word: a cheap test before a page is parsed. */
function mentions(text: string, names: ReadonlySet<string>): boolean {
  for (const m of text.matchAll(/[^\s"'`()<>[\]{}=,;|*]+/g)) {
    let word = m[0];
    const slash = word.lastIndexOf('/');
    if (slash >= 0) word = word.slice(slash + 1);
    word = word.replace(/[?#].*$/, '').toLowerCase();
    if (names.has(word)) return true;
    if (word.includes('%')) {
      try {
        if (names.has(decodeURIComponent(word))) return true;
      } catch {
        // Not percent-encoding: the word as it is was tried.
      }
    }
  }
  return false;
}

/** Every string value of a config document (not its keys), walked without recursion. */
function stringValues(doc: ConfigDocument): { node: ASTNode & { value: string }; key?: string }[] {
  const out: { node: ASTNode & { value: string }; key?: string }[] = [];
  const stack: { node: ASTNode | undefined; key?: string }[] = [{ node: doc.root }];
  while (stack.length) {
    const { node, key } = stack.pop()!;
    if (!node) continue;
    if (isString(node)) out.push({ node, key });
    else if (node.type === 'object') for (const p of node.properties) stack.push({ node: p.valueNode, key: p.keyNode.value });
    else if (node.type === 'array') for (const item of node.items) stack.push({ node: item, key });
  }
  return out;
}

/** Why git will not have the file, for the message. */
function why(rel: string, ignored: ReadonlySet<string>): string {
  return ignored.has(rel)
    ? `which git ignores (.gitignore or another exclude file): it is not in the repository, so the published site will not have it`
    : `which git does not track: commit it (git add "${rel}"), or the published site will not have it`;
}

/** The places a site uses files git does not track: which files, and the findings once git said which of them it ignores. */
export interface UntrackedUses {
  /** The untracked files the site uses (site-relative). */
  files: string[];
  findings(ignored: ReadonlySet<string>): Finding[];
}

/** One place that uses an untracked file, before git said whether it ignores it. */
interface Place {
  path: string;
  range: Range;
  /** The message up to the file's name, and the file. */
  lead: string;
  file: string;
}

/**
 * The places of a site that use a file of `untracked` (site-relative): navigation entries, docs.json
 * values, and links, embedded files, imports and snippets of its pages and snippets. `texts`: the
 * site's pages, snippets and code files by site-relative path (what the check read); `settings`: the
 * editor's or command line's rule settings (the site's `.docwright.json` is read from the site).
 */
export function untrackedFileUses(site: Site, texts: ReadonlyMap<string, string>, untracked: readonly string[], settings: RuleSettings = {}): UntrackedUses {
  const severity = resolveSeverity(FILE_UNTRACKED.id, FILE_UNTRACKED.severity, settings, site.projectRules);
  const places = severity === 'off' || untracked.length === 0 ? [] : usesOf(site, texts, new Set(untracked));
  return {
    files: [...new Set(places.map((p) => p.file))],
    findings: (ignored) =>
      severity === 'off'
        ? []
        : places.map((p) => ({
            ruleId: FILE_UNTRACKED.id,
            severity,
            message: `${p.lead} names "${p.file}", ${why(p.file, ignored)}.`,
            path: p.path,
            range: p.range,
          })),
  };
}

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function usesOf(site: Site, texts: ReadonlyMap<string, string>, untracked: ReadonlySet<string>): Place[] {
  const out: Place[] = [];
  // Navigation entries, and any docs.json value naming a file (logo, favicon, OpenAPI file, `$ref`).
  const reported = new Set<ASTNode>();
  for (const entry of site.nav.entries) {
    if (isExternalUrl(entry.page)) continue;
    const file = navEntryFile(site.files, pageId(entry.page));
    if (file === undefined || !untracked.has(file)) continue;
    reported.add(entry.node);
    out.push({ path: entry.config.path, range: nodeRange(entry.config, entry.node), lead: `The navigation entry "${entry.page}"`, file });
  }
  for (const doc of [site.config, ...(site.config.refs?.values() ?? [])]) {
    for (const { node, key } of stringValues(doc)) {
      const value = node.value.trim();
      if (reported.has(node) || value === '' || isExternalUrl(value)) continue;
      const abs = key === '$ref' ? refTarget(site.root, doc, value) : resolveInSite(site.root, value);
      const rel = abs === undefined ? undefined : relativeInside(site.root, abs);
      if (rel !== undefined && untracked.has(rel)) out.push({ path: doc.path, range: nodeRange(doc, node), lead: `"${value}"`, file: rel });
    }
  }
  // Pages and snippets that mention the name of an untracked file, parsed and followed.
  const names = new Set([...untracked].flatMap(namesOf));
  const index = createSiteIndex(site, new Map(), { ids: [...site.pages.keys()], pageOnly: true });
  const resolve = (fromId: string, url: string): string | undefined => {
    const target = resolveLink(index, fromId, url);
    if (!target.ok) return undefined;
    return target.file ?? (target.id !== undefined ? site.pages.get(target.id) : undefined);
  };
  for (const [rel, text] of texts) {
    if (!isMarkdownFile(rel) || !mentions(text, names)) continue;
    const page = parsePage(join(site.root, rel), text);
    const suppressed = inlineSuppressions(page);
    for (const use of pageUses(site, rel, page, resolve)) {
      if (!untracked.has(use.target)) continue;
      const range = use.range ?? (use.node ? unistRange(page, use.node) : START);
      if (!suppressed(FILE_UNTRACKED.id, range.start.line)) out.push({ path: page.path, range, lead: `${use.what} "${use.written}"`, file: use.target });
    }
  }
  return out;
}

// Gathers what rendering a page needs from the Project: the site model, every page parsed (for
// sidebar titles) and the snippet files the page imports (recursively). Async because files are
// read through the workspace; the render itself is then synchronous.
import type { PageDocument } from '../pages/parse';
import type { SiteModel } from '../site/model';
import { siteApi, siteModelOf } from '../site/api-pages';
import type { Site } from '../site/site';
import { join, resolveRel } from '../util/paths';
import type { ComponentRunner } from './jsx-module';
import type { SiteSource } from './site-page';
import { pagesByFile, type SiteIndex } from '../site/site-index';
import { IMPORT_EXTENSIONS, snippetFileRel } from '../site/imports';
import { isMarkdownFile } from '../util/page-files';
import type { Highlighter } from './highlight';

/**
 * What rendering reads of the project (project.ts's Project is one): the site of a file, sites,
 * their indexes, parsed pages and file texts. Declared here so that render/ does not import the
 * layer above it.
 */
export interface RenderProject {
  rootFor(path: string): string | undefined;
  site(root: string): Promise<Site | undefined>;
  index(root: string): Promise<SiteIndex | undefined>;
  page(path: string): Promise<PageDocument>;
  text(path: string): Promise<string | undefined>;
}

/** The site's model: chrome, navigation with its generated API pages, and its OpenAPI files. */
export function siteModel(site: Site): SiteModel {
  return siteModelOf(site);
}

const IMPORT_RE = /^\s*import\s[^;]*?from\s+["']([^"']+)["']/gm;
const SNIPPET_RE = /<Snippet\s+file=["']([^"']+)["']/g;

/** Site-relative files a page text pulls in: `.mdx`/`.md` imports and `<Snippet file>`. */
export function snippetRefs(rel: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const r = resolveRel(rel, m[1]);
    if (r && isMarkdownFile(r)) out.push(r);
  }
  for (const m of text.matchAll(SNIPPET_RE)) out.push(snippetFileRel(m[1]));
  return out;
}

const MAX_SNIPPET_FILES = 200;

/** Site-relative `.jsx`/`.js` component files a page or snippet text imports. */
export function componentRefs(rel: string, text: string, files: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const r = resolveRel(rel, m[1]);
    if (r === undefined) continue;
    const ext = IMPORT_EXTENSIONS.find((e) => /\.(jsx|js|tsx|ts)$/i.test(r + e) && files.has(r + e));
    if (ext !== undefined) out.push(r + ext);
  }
  return out;
}

export interface SourceOptions {
  /** Given in a trusted workspace: imported `.jsx` components are read and run by it to render their output. */
  components?: ComponentRunner;
  /** The host's highlighter, with the build's table (default: plainHighlighter, the same output). */
  highlighter?: Highlighter;
}

/** The render source of a site, with the given pages' snippet files parsed. */
export async function loadSiteSource(project: RenderProject, root: string, entries: string[], options: SourceOptions = {}): Promise<SiteSource | undefined> {
  const index = await project.index(root);
  if (!index) return undefined;
  const site = index.site;
  const api = siteApi(site);
  const byRel = pagesByFile(index);
  // Generated API pages are pages without a file: the ones rendered in full, the others' front matter for the sidebar.
  for (const rel of entries) {
    const generated = api.doc(rel);
    if (generated) byRel.set(rel, generated);
  }
  // The entry pages may be snippets or files outside the navigation: parse them, then what they import.
  const queue = [...entries];
  const jsx = new Map<string, string>();
  let loaded = 0;
  while (queue.length > 0 && loaded < MAX_SNIPPET_FILES) {
    const rel = queue.shift()!;
    let doc = byRel.get(rel);
    if (!doc) {
      if (!site.files.has(rel)) continue;
      doc = await project.page(join(root, rel));
      byRel.set(rel, doc);
      loaded++;
    }
    for (const r of snippetRefs(rel, doc.text)) if (!byRel.has(r) && site.files.has(r)) queue.push(r);
    if (options.components) for (const r of componentRefs(rel, doc.text, site.files)) if (!jsx.has(r)) jsx.set(r, (await project.text(join(root, r))) ?? '');
  }
  return {
    model: api.model,
    pages: api.allPages,
    files: site.files,
    parsed: (rel) => byRel.get(rel) ?? api.head(rel),
    channel: api.channelDoc,
    components: options.components ? { source: (rel) => jsx.get(rel), run: options.components } : undefined,
    highlighter: options.highlighter,
  };
}

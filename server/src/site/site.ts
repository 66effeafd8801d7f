// The project model of one site: its config, its files and its navigation graph.
import ignore from 'ignore';
import { CONFIG_NAMES, isConfigName, PROJECT_CONFIG_NAME } from '../config/files';
import { parseConfig, type ConfigDocument } from '../config/parse';
import { loadRefs } from '../config/refs';
import { loadOpenApi, type OpenApiSet } from '../openapi/load';
import { loadGraphql, type GraphqlSet } from '../graphql/load';
import { loadSdk, type SdkSet } from '../sdk/load';
import { loadAsyncapi, type AsyncapiSet } from '../asyncapi/load';
import type { AsyncapiReader } from '../asyncapi/schema';
import { type FormatOptions, readProjectConfig, type RuleSettings, type Terms } from './project-config';
import { basename, join, relativeInside } from '../util/paths';
import type { Workspace } from '../workspace';
import { buildNavigation, type Navigation, pageId } from './navigation';
import { loadSiteWords, readProjectWords, type SiteWords } from './spelling-words';
import { loadValeSetup, type ValeSetup } from './vale';
import { isMarkdownFile } from '../util/page-files';

export { CONFIG_NAMES, PROJECT_CONFIG_NAME };

export interface Site {
  /** Absolute folder that holds the config. */
  root: string;
  config: ConfigDocument;
  /** Site-relative paths of every file in the site folder. */
  files: ReadonlySet<string>;
  /** Page id (site-relative, no extension) -> site-relative file path. */
  pages: ReadonlyMap<string, string>;
  nav: Navigation;
  /** Rule severities from the site's `.docwright.json`. */
  projectRules: RuleSettings;
  /** The team's terminology from `.docwright.json` (absent on Sites built by hand). */
  terms?: Terms;
  /** The formatter's options from `.docwright.json` and what in them was ignored (absent on Sites built by hand: the defaults). */
  format?: { options: FormatOptions; notes: string[] };
  /** The words the site accepts as spelled right (`.docwright.json`, cspell and Vale files; absent on Sites built by hand). */
  words?: SiteWords;
  /** The site's Vale setup (`.vale.ini`, its styles and vocabularies), when it has one. */
  vale?: ValeSetup;
  /** The OpenAPI files docs.json names, parsed and validated (absent on Sites built by hand). */
  openapi?: OpenApiSet;
  /** The GraphQL schemas the tabs name, parsed and validated (absent on Sites built by hand). */
  graphql?: GraphqlSet;
  /** The SDK artifacts the tabs and groups name, converted (absent on Sites built by hand). */
  sdk?: SdkSet;
  /** The AsyncAPI files docs.json and pages name, read by the host's reader (absent without one, and on Sites built by hand). */
  asyncapi?: AsyncapiSet;
  /** The text of a hand-written `llms.txt` at the site root, if there is one (checked by the `llms-txt` rule). */
  llmsTxt?: string;
  /**
   * Every file the load read (absolute path -> text, undefined if missing), and every folder it
   * listed and path it asked the kind of (under `listingKey`, `kindKey`): what the check cache keys
   * a site on, and what a worker thread loads the same site from.
   */
  inputs?: ReadonlyMap<string, string | undefined>;
}

/** The `inputs` key of a folder's listing (JSON): no file path holds a NUL. */
export const listingKey = (folder: string): string => `\u0000list\u0000${folder}`;
/** The `inputs` key of what a path is (`file`, `folder`, or '' for nothing). */
export const kindKey = (path: string): string => `\u0000kind\u0000${path}`;

/** Files the format never publishes as pages. */
/** The format's default ignored file names (any depth). Only these four, and only as `.md`. */
const IGNORED_NAMES = new Set(['readme.md', 'license.md', 'changelog.md', 'contributing.md']);
/** The root file that overrides the generated agent skill file. */
const SKILL_FILE = 'skill.md';
const IGNORED_FOLDERS = new Set(['node_modules', 'build', 'dist', 'coverage', 'tmp', 'temp']);

/** Whether a site-relative file path is a page of the site (not a snippet, not ignored). */
export function isPageFile(rel: string): boolean {
  if (!isMarkdownFile(rel)) return false;
  const parts = rel.split('/');
  if (parts.slice(0, -1).some((p) => p.startsWith('.') || IGNORED_FOLDERS.has(p))) return false;
  if (parts[0] === 'snippets' || parts[0] === '_snippets') return false;
  // A skill.md at the root is the site's agent skill file (served at /skill.md), not a page.
  if (parts.length === 1 && parts[0].toLowerCase() === SKILL_FILE) return false;
  // Like the format's ignore list (gitignore semantics), these names are ignored at any depth.
  return !IGNORED_NAMES.has(parts[parts.length - 1].toLowerCase());
}

export function pageMap(files: Iterable<string>): Map<string, string> {
  const pages = new Map<string, string>();
  for (const rel of files) {
    if (!isPageFile(rel)) continue;
    const id = pageId(rel);
    // Prefer .mdx when both exist.
    if (!pages.has(id) || rel.endsWith('.mdx')) pages.set(id, rel);
  }
  return pages;
}

/** Finds the config file of a site folder: docs.json first, then the older mint.json. */
export function configPathIn(root: string, files: ReadonlySet<string>): string | undefined {
  for (const name of CONFIG_NAMES) if (files.has(name)) return join(root, name);
  return undefined;
}

/** Site folders below `root`: every folder holding a docs.json or mint.json. */
export function findSiteRoots(allFiles: string[]): string[] {
  const roots = new Set<string>();
  for (const f of allFiles) {
    const name = basename(f);
    if (isConfigName(name)) roots.add(f.slice(0, -name.length - 1) || '/');
  }
  return [...roots].sort();
}

export interface LoadSiteOptions {
  /** Absolute paths of the site's files, when the caller already has them. */
  files?: string[];
  uri?: string;
  version?: number;
  /** Reads AsyncAPI files (the host's parser); without one, none is read. */
  asyncapi?: AsyncapiReader;
}

export const IGNORE_FILE_NAME = '.mintignore';
/** The llms.txt index at the site root. */
export const LLMS_TXT_NAME = 'llms.txt';

export async function loadSite(workspace: Workspace, root: string, options: LoadSiteOptions = {}): Promise<Site | undefined> {
  const inputs = new Map<string, string | undefined>();
  const ws: Workspace = {
    listFiles: async (dir) => {
      const listed = await workspace.listFiles(dir);
      if (dir !== root) inputs.set(listingKey(dir), JSON.stringify(listed));
      return listed;
    },
    kindOf: async (path) => {
      const kind = await workspace.kindOf(path);
      inputs.set(kindKey(path), kind ?? '');
      return kind;
    },
    readFile: async (path) => {
      const text = await workspace.readFile(path);
      inputs.set(path, text);
      return text;
    },
  };
  const absFiles = options.files ?? (await ws.listFiles(root));
  const all: string[] = [];
  for (const f of absFiles) {
    const rel = relativeInside(root, f);
    if (rel !== undefined) all.push(rel);
  }
  // Files matched by .mintignore (gitignore syntax) are not published: they are not part of the site.
  let files = new Set(all);
  if (files.has(IGNORE_FILE_NAME)) {
    const rules = ignore().add((await ws.readFile(join(root, IGNORE_FILE_NAME))) ?? '');
    files = new Set(all.filter((rel) => !rules.ignores(rel)));
  }
  const configPath = configPathIn(root, files);
  if (!configPath) return undefined;
  const text = (await ws.readFile(configPath)) ?? '';
  const config = await parseConfig(configPath, text, options.uri, options.version);
  // Parts of a current-format config loaded with "$ref" (only files of the site folder are read).
  const present = new Set(all);
  await loadRefs(config, root, async (abs) => {
    const rel = relativeInside(root, abs);
    return rel !== undefined && present.has(rel) ? ws.readFile(abs) : undefined;
  });
  const projectText = files.has(PROJECT_CONFIG_NAME) ? await ws.readFile(join(root, PROJECT_CONFIG_NAME)) : undefined;
  const { rules: projectRules, terms, format } = readProjectConfig(projectText);
  const words = await loadSiteWords(ws, root, readProjectWords(projectText), present);
  const vale = await loadValeSetup(ws, root, present);
  const nav = buildNavigation(config);
  const openapi = await loadOpenApi(config, nav, root, files, (abs) => ws.readFile(abs));
  const graphql = await loadGraphql(config, nav, root, files, (abs) => ws.readFile(abs));
  const asyncapi = await loadAsyncapi(config, nav, root, files, (abs) => ws.readFile(abs), options.asyncapi);
  // SDK artifacts are build inputs the format's docs put in .mintignore: read from every file of the folder.
  const sdk = await loadSdk(config, nav, root, present, (abs) => ws.readFile(abs));
  const llmsTxt = files.has(LLMS_TXT_NAME) ? await ws.readFile(join(root, LLMS_TXT_NAME)) : undefined;
  return { root, config, files, pages: pageMap(files), nav, projectRules, terms, format, words, vale, llmsTxt, openapi, graphql, asyncapi, sdk, inputs };
}

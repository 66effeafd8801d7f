// The AsyncAPI files of a site (current format): every `asyncapi` of the navigation's divisions and
// groups and `api.asyncapi` (a path, a list of paths, or `{ source, directory }`; directory
// `api-reference` by default, asyncapi-setup.mdx), and every other YAML or JSON file of the site
// whose top-level `asyncapi` key says it is one, since pages name channels with
// `asyncapi: "<file> <channel>"` front matter whether docs.json names the file or not. Files are
// read through the caller (site files only) and parsed by the host's reader once per text; URLs are
// never fetched (a URL is used only through a copy in the site, as for GraphQL and OpenAPI). Without
// a reader (a host that gives none) no file is read. Pure: reading is the caller's `read`.
import { child, isArray, isObject, isString, type ASTNode, type StringASTNode } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { BoundedMap } from '../util/memo';
import { join, trimSlashes } from '../util/paths';
import { loadSpecEntries, type SpecDivisions, type SpecEntry, type SpecSet } from '../config/spec-entries';
import type { AsyncapiChannel, AsyncapiFileRead, AsyncapiModel, AsyncapiProblem, AsyncapiReader } from './schema';

export const DEFAULT_ASYNCAPI_DIRECTORY = 'api-reference';

/** One AsyncAPI file named in docs.json. */
export interface AsyncapiEntry extends SpecEntry {
  directory: string;
}

export interface AsyncapiFile {
  rel: string;
  path: string;
  problems: AsyncapiProblem[];
  /** Undefined when the parser built no document (its errors say why). */
  model?: AsyncapiModel;
  /** The docs.json entries that name it (none for a file only pages name). */
  entries: AsyncapiEntry[];
}

/** Its files: every AsyncAPI file read, in path order. */
export type AsyncapiSet = SpecSet<AsyncapiEntry, AsyncapiFile>;

export const EMPTY_ASYNCAPI: AsyncapiSet = { entries: [], files: [] };

/** The sources and folder an `asyncapi` value names. */
function sourcesOf(node: ASTNode | undefined): { nodes: StringASTNode[]; directory: string } {
  if (isString(node)) return { nodes: [node], directory: DEFAULT_ASYNCAPI_DIRECTORY };
  if (isArray(node)) return { nodes: node.items.filter(isString), directory: DEFAULT_ASYNCAPI_DIRECTORY };
  if (isObject(node)) {
    const source = child(node, 'source');
    const dir = child(node, 'directory');
    const directory = isString(dir) && dir.value.trim() ? trimSlashes(dir.value.trim()) : DEFAULT_ASYNCAPI_DIRECTORY;
    return { nodes: isString(source) ? [source] : [], directory: directory || DEFAULT_ASYNCAPI_DIRECTORY };
  }
  return { nodes: [], directory: DEFAULT_ASYNCAPI_DIRECTORY };
}

/** Every `asyncapi` entry of a current-format config (a group's beside its `openapi` is dropped by the format). */
export function asyncapiEntries(config: ConfigDocument, nav: SpecDivisions): AsyncapiEntry[] {
  if (config.generation !== 'current') return [];
  const out: AsyncapiEntry[] = [];
  const add = (node: ASTNode | undefined, doc: ConfigDocument, field: string) => {
    const { nodes, directory } = sourcesOf(node);
    for (const n of nodes) if (n.value.trim()) out.push({ value: n.value.trim(), node: n, doc, field, directory });
  };
  const api = config.root && child(config.root, 'api');
  if (isObject(api)) add(child(api, 'asyncapi'), config, 'api.asyncapi');
  for (const g of nav.groups) {
    if (g.kind === 'group' && child(g.node, 'openapi')) continue;
    add(child(g.node, 'asyncapi'), g.config, `${g.kind} "${g.name}" asyncapi`);
  }
  return out;
}

/** Whether a site file's text is an AsyncAPI document: a top-level `asyncapi` key holding a version. */
export function looksLikeAsyncapi(rel: string, text: string): boolean {
  if (!/\.json$/i.test(rel)) return /^["']?asyncapi["']?\s*:\s*["']?\d/m.test(text.slice(0, 4000));
  // docs.json names AsyncAPI files under the same key, deeper: only the top level counts.
  if (!/"asyncapi"\s*:\s*"\d/.test(text)) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && typeof (value as { asyncapi?: unknown }).asyncapi === 'string';
  } catch {
    return false;
  }
}

// A site is loaded again on every config change; the parser takes tenths of a second per file.
const reads = new BoundedMap<string, Promise<AsyncapiFileRead>>(8);

function memoRead(reader: AsyncapiReader, text: string): Promise<AsyncapiFileRead> {
  let out = reads.get(text);
  if (!out) reads.set(text, (out = reader(text)));
  return out;
}

const SPEC_FILE = /\.(ya?ml|json)$/i;
/** Larger files are not looked at for an `asyncapi` key (a file docs.json names is read whatever its size). */
const MAX_SCANNED_CHARS = 5_000_000;

/**
 * Reads the AsyncAPI files of a site. `read` gets absolute paths of site files. None without a reader
 * (a host with no parser, the web worker's): its rules and pages then say nothing of them.
 */
export async function loadAsyncapi(
  config: ConfigDocument,
  nav: SpecDivisions,
  root: string,
  files: ReadonlySet<string>,
  read: (path: string) => Promise<string | undefined>,
  reader: AsyncapiReader | undefined,
): Promise<AsyncapiSet | undefined> {
  if (!reader) return undefined;
  if (config.generation !== 'current') return EMPTY_ASYNCAPI;
  const load = async (rel: string, path: string, text: string): Promise<AsyncapiFile> => ({ rel, path, ...(await memoRead(reader, text)), entries: [] });
  const { entries, byRel } = await loadSpecEntries(asyncapiEntries(config, nav), root, files, read, { http: true, copyName: SPEC_FILE, build: load });
  for (const rel of [...files].sort()) {
    if (byRel.has(rel) || !SPEC_FILE.test(rel) || rel.startsWith('node_modules/')) continue;
    const text = await read(join(root, rel));
    if (text !== undefined && text.length <= MAX_SCANNED_CHARS && looksLikeAsyncapi(rel, text)) byRel.set(rel, await load(rel, join(root, rel), text));
  }
  return { entries, files: [...byRel.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)) };
}

/** What `asyncapi:` front matter says: a file (when written) and a channel. */
export function readAsyncapiRef(value: string): { file?: string; channel: string } {
  const v = value.trim();
  const space = v.search(/\s/);
  if (space < 0) return { channel: v };
  return { file: v.slice(0, space), channel: v.slice(space).trim() };
}

/** The file a front matter's file part names: by its path from the site root, with or without `/` and its extension. */
export function asyncapiFileNamed(set: AsyncapiSet, name: string): AsyncapiFile | undefined {
  const rel = name.replace(/^\/+/, '');
  return set.files.find((f) => f.rel === rel) ?? set.files.find((f) => f.rel.replace(SPEC_FILE, '') === rel.replace(SPEC_FILE, ''));
}

/** A channel of a file's model, by its id. */
export function asyncapiChannel(file: AsyncapiFile, id: string): AsyncapiChannel | undefined {
  return file.model?.channels.find((c) => c.id === id);
}

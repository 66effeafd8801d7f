// The GraphQL schemas of a site (current format): every `graphql` of a navigation tab, a path in
// the site or an HTTPS URL, or `{ source, directory }` (directory: `graphql-reference` by default).
// Files are read through the caller (site files only) and read once each; URLs are never fetched,
// as for OpenAPI: a URL is used only when the site holds a copy (at the URL's path, or its file
// name at the root), otherwise its tab's pages are unknown. Pure: reading is the caller's `read`.
import { type ASTNode, child, isObject, isString, type StringASTNode, valueOf } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import type { Range } from '../types';
import { isExternalUrl, join, relativeInside, resolveInSite, trimSlashes } from '../util/paths';
import { readGraphqlSchema, type GraphqlModel, type GraphqlProblem, type GraphqlSchemaFile } from './schema';
import { BoundedMap } from '../util/memo';

export const DEFAULT_GRAPHQL_DIRECTORY = 'graphql-reference';

/** One `graphql` value of a tab. */
export interface GraphqlEntry {
  /** The source as written (path or URL). */
  value: string;
  node: StringASTNode;
  doc: ConfigDocument;
  /** Where it is written, for messages: `tab "API" graphql`. */
  field: string;
  /** The folder of the generated pages. */
  directory: string;
  /** The tab's object node (the navigation builds its pages from it). */
  tab: ASTNode;
}

export interface GraphqlFile {
  rel: string;
  path: string;
  text: string;
  problems: GraphqlProblem[];
  model: GraphqlModel;
  entries: GraphqlEntry[];
}

export type GraphqlStatus = { kind: 'loaded'; file: GraphqlFile } | { kind: 'url' } | { kind: 'missing'; rel: string } | { kind: 'outside' };

export interface GraphqlSet {
  entries: { entry: GraphqlEntry; status: GraphqlStatus }[];
  files: GraphqlFile[];
}

export const EMPTY_GRAPHQL: GraphqlSet = { entries: [], files: [] };

/** The tabs of a navigation (site/navigation.ts builds them). */
export interface GraphqlDivisions {
  groups: readonly { name: string; node: ASTNode; kind: string; config: ConfigDocument }[];
}

/** What a tab's `graphql` value says: its source and the folder of its pages. */
export function readGraphqlValue(value: unknown): { source?: string; directory: string } {
  if (typeof value === 'string') return { source: value.trim() || undefined, directory: DEFAULT_GRAPHQL_DIRECTORY };
  const o = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const source = typeof o?.source === 'string' ? o.source.trim() || undefined : undefined;
  const dir = typeof o?.directory === 'string' ? trimSlashes(o.directory.trim()) : '';
  return { source, directory: dir || DEFAULT_GRAPHQL_DIRECTORY };
}

/** Every `graphql` of the tabs of a current-format config. */
export function graphqlEntries(config: ConfigDocument, nav: GraphqlDivisions): GraphqlEntry[] {
  if (config.generation !== 'current') return [];
  const out: GraphqlEntry[] = [];
  for (const g of nav.groups) {
    if (g.kind !== 'tab') continue;
    const node = child(g.node, 'graphql');
    const source = isString(node) ? node : isObject(node) ? child(node, 'source') : undefined;
    if (!isString(source) || !source.value.trim()) continue;
    const { directory } = readGraphqlValue(valueOf(node));
    out.push({ value: source.value.trim(), node: source, doc: g.config, field: `tab "${g.name}" graphql`, directory, tab: g.node });
  }
  return out;
}

/** The site file that stands in for a schema URL: the URL's path inside the site, else its file name at the root. */
function workspaceCopy(url: string, files: ReadonlySet<string>): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  const rel = pathname.replace(/^\/+/, '');
  if (rel && files.has(rel)) return rel;
  const name = rel.split('/').pop();
  return name && /\.(graphqls?|gql)$/i.test(name) && files.has(name) ? name : undefined;
}

// A site is loaded again on every config change: a large schema (GitHub's takes 0.7 s) is read once per text.
const MAX_MEMO = 4;
const schemas = new BoundedMap<string, GraphqlSchemaFile>(MAX_MEMO);

function memoRead(text: string): GraphqlSchemaFile {
  let out = schemas.get(text);
  if (!out) schemas.set(text, (out = readGraphqlSchema(text)));
  return out;
}

/** Reads and validates the schemas the tabs of a config name. `read` gets absolute paths of site files. */
export async function loadGraphql(
  config: ConfigDocument,
  nav: GraphqlDivisions,
  root: string,
  files: ReadonlySet<string>,
  read: (path: string) => Promise<string | undefined>,
): Promise<GraphqlSet> {
  const entries = graphqlEntries(config, nav);
  if (entries.length === 0) return EMPTY_GRAPHQL;
  const set: GraphqlSet = { entries: [], files: [] };
  const byRel = new Map<string, GraphqlFile>();
  for (const entry of entries) {
    let rel: string | undefined;
    if (isExternalUrl(entry.value)) {
      rel = /^https:/i.test(entry.value) ? workspaceCopy(entry.value, files) : undefined;
      if (rel === undefined) {
        set.entries.push({ entry, status: { kind: 'url' } });
        continue;
      }
    } else {
      const abs = resolveInSite(root, entry.value.replace(/^\/+/, ''));
      rel = abs ? relativeInside(root, abs) : undefined;
      if (rel === undefined) {
        set.entries.push({ entry, status: { kind: 'outside' } });
        continue;
      }
    }
    let file = byRel.get(rel);
    if (!file) {
      const path = join(root, rel);
      const text = files.has(rel) ? await read(path) : undefined;
      if (text === undefined) {
        set.entries.push({ entry, status: { kind: 'missing', rel } });
        continue;
      }
      const { problems, model } = memoRead(text);
      file = { rel, path, text, problems, model, entries: [] };
      byRel.set(rel, file);
      set.files.push(file);
    }
    file.entries.push(entry);
    set.entries.push({ entry, status: { kind: 'loaded', file } });
  }
  return set;
}

/** The range of an entry in its config document. */
export function graphqlEntryRange(entry: GraphqlEntry): Range {
  return entry.doc.index.range(entry.node.offset, entry.node.length);
}

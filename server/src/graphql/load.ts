// The GraphQL schemas of a site (current format): every `graphql` of a navigation tab, a path in
// the site or an HTTPS URL, or `{ source, directory }` (directory: `graphql-reference` by default).
// Files are read through the caller (site files only) and read once each; URLs are never fetched,
// as for OpenAPI: a URL is used only when the site holds a copy (at the URL's path, or its file
// name at the root), otherwise its tab's pages are unknown. Pure: reading is the caller's `read`.
import { type ASTNode, child, isObject, isString, valueOf } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { trimSlashes } from '../util/paths';
import { loadSpecEntries, type SpecDivisions, type SpecEntry, type SpecSet } from '../config/spec-entries';
import { readGraphqlSchema, type GraphqlModel, type GraphqlProblem, type GraphqlSchemaFile } from './schema';
import { BoundedMap } from '../util/memo';

export const DEFAULT_GRAPHQL_DIRECTORY = 'graphql-reference';

/** One `graphql` value of a tab. */
export interface GraphqlEntry extends SpecEntry {
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

export type GraphqlSet = SpecSet<GraphqlEntry, GraphqlFile>;

export const EMPTY_GRAPHQL: GraphqlSet = { entries: [], files: [] };

/** What a tab's `graphql` value says: its source and the folder of its pages. */
export function readGraphqlValue(value: unknown): { source?: string; directory: string } {
  if (typeof value === 'string') return { source: value.trim() || undefined, directory: DEFAULT_GRAPHQL_DIRECTORY };
  const o = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const source = typeof o?.source === 'string' ? o.source.trim() || undefined : undefined;
  const dir = typeof o?.directory === 'string' ? trimSlashes(o.directory.trim()) : '';
  return { source, directory: dir || DEFAULT_GRAPHQL_DIRECTORY };
}

/** Every `graphql` of the tabs of a current-format config. */
export function graphqlEntries(config: ConfigDocument, nav: SpecDivisions): GraphqlEntry[] {
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
  nav: SpecDivisions,
  root: string,
  files: ReadonlySet<string>,
  read: (path: string) => Promise<string | undefined>,
): Promise<GraphqlSet> {
  const entries = graphqlEntries(config, nav);
  if (entries.length === 0) return EMPTY_GRAPHQL;
  const { entries: statuses, files: loaded } = await loadSpecEntries(entries, root, files, read, {
    http: false,
    copyName: /\.(graphqls?|gql)$/i,
    build: (rel, path, text) => ({ rel, path, text, ...memoRead(text), entries: [] }),
  });
  return { entries: statuses, files: loaded };
}

// The OpenAPI files of a site: every `openapi` entry of docs.json (classic: `openapi`, one path/URL
// or several; current: `api.openapi` and the `openapi` of navigation divisions and groups), read
// through the caller (only files of the site folder), parsed with positions and validated. URLs are
// never fetched: an entry that is a URL is used only when the site holds a copy of the file (at the
// URL's path, or its file name at the site root). Pure: reading is the caller's `read`.
import { type ASTNode, at, child, isArray, isObject, isString, type StringASTNode } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import type { Navigation } from '../site/navigation';
import type { Range } from '../types';
import { isExternalUrl, join, relativeInside, resolveInSite } from '../util/paths';
import { operationsOf, type ApiSpec } from './operations';
import { parseSpecText, type SpecSource } from './source';
import { validateSpec, type SpecProblem } from './validate';
import { append } from '../util/array';

/** One `openapi` value written in the config. */
export interface OpenApiEntry {
  /** The value as written (path or URL). */
  value: string;
  node: StringASTNode;
  /** The config document (docs.json, or a file it loads with `"$ref"`) that holds `node`. */
  doc: ConfigDocument;
  /** Where it is written, for messages: `openapi`, `api.openapi[1]`, `tab "API" openapi`. */
  field: string;
}

export interface OpenApiFile extends ApiSpec {
  /** Absolute path. */
  path: string;
  source: SpecSource;
  /** Syntax and validation problems, located in the file. */
  problems: SpecProblem[];
  /** The entries that name this file. */
  entries: OpenApiEntry[];
}

export type EntryStatus =
  | { kind: 'loaded'; file: OpenApiFile; fromUrl?: boolean }
  | { kind: 'url' }
  | { kind: 'missing'; rel: string }
  | { kind: 'outside' };

export interface OpenApiSet {
  entries: { entry: OpenApiEntry; status: EntryStatus }[];
  /** Each loaded file once, in the order the config names them. */
  files: OpenApiFile[];
}

export const EMPTY_OPENAPI: OpenApiSet = { entries: [], files: [] };

/** Every `openapi` value of a config (and of the `"$ref"` files whose navigation parts hold one). */
export function openapiEntries(config: ConfigDocument, nav: Navigation): OpenApiEntry[] {
  const out: OpenApiEntry[] = [];
  const add = (field: string, node: ASTNode | undefined, doc: ConfigDocument) => {
    if (isString(node)) {
      if (node.value.trim()) out.push({ value: node.value.trim(), node, doc, field });
    } else if (isArray(node)) node.items.forEach((n, i) => add(`${field}[${i}]`, n, doc));
    else if (isObject(node)) add(`${field}.source`, child(node, 'source'), doc);
  };
  const root = config.root;
  if (config.generation === 'classic') {
    add('openapi', child(root, 'openapi') ?? child(root, 'openApi'), config);
  } else {
    add('api.openapi', at(root, 'api', 'openapi'), config);
    for (const g of nav.groups) {
      const node = child(g.node, 'openapi');
      if (node) add(`${g.kind === 'navigation' ? 'navigation' : `${g.kind} "${g.name}"`} openapi`, node, g.config);
    }
  }
  return out;
}

/** The site file that stands in for a URL entry: the URL's path inside the site, else its file name at the root. */
export function workspaceCopy(url: string, files: ReadonlySet<string>): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  const rel = pathname.replace(/^\/+/, '');
  if (rel && files.has(rel)) return rel;
  const name = rel.split('/').pop();
  return name && /\.(json|ya?ml)$/i.test(name) && files.has(name) ? name : undefined;
}

// Validation compiles the OpenAPI JSON Schemas and walks the document: keep recent results by text.
const validated = new Map<string, Promise<SpecProblem[]>>();
const MAX_MEMO = 16;

function memoValidate(path: string, source: SpecSource): Promise<SpecProblem[]> {
  const key = `${path}\0${source.text}`;
  let p = validated.get(key);
  if (!p) {
    p = validateSpec(source);
    validated.set(key, p);
    if (validated.size > MAX_MEMO) validated.delete(validated.keys().next().value!);
  }
  return p;
}

/** Reads, parses and validates the OpenAPI files a config names. `read` gets absolute paths of site files. */
export async function loadOpenApi(config: ConfigDocument, nav: Navigation, root: string, files: ReadonlySet<string>, read: (path: string) => Promise<string | undefined>): Promise<OpenApiSet> {
  const entries = openapiEntries(config, nav);
  if (entries.length === 0) return EMPTY_OPENAPI;
  const byRel = new Map<string, OpenApiFile>();
  const set: OpenApiSet = { entries: [], files: [] };
  for (const entry of entries) {
    let rel: string | undefined;
    let fromUrl = false;
    if (isExternalUrl(entry.value)) {
      rel = /^https?:/i.test(entry.value) ? workspaceCopy(entry.value, files) : undefined;
      if (rel === undefined) {
        set.entries.push({ entry, status: { kind: 'url' } });
        continue;
      }
      fromUrl = true;
    } else {
      const abs = resolveInSite(root, entry.value);
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
      const source = parseSpecText(path, text);
      const problems: SpecProblem[] = source.syntax.map((s) => ({ ...s, kind: 'invalid' as const }));
      if (source.syntax.length === 0) append(problems, await memoValidate(path, source));
      const document = source.value && typeof source.value === 'object' && !Array.isArray(source.value) ? (source.value as Record<string, unknown>) : {};
      file = { rel, path, source, problems, entries: [], document, operations: operationsOf(document) };
      byRel.set(rel, file);
      set.files.push(file);
    }
    file.entries.push(entry);
    set.entries.push({ entry, status: { kind: 'loaded', file, fromUrl } });
  }
  return set;
}

/** The range of an entry in its config document. */
export function entryRange(entry: OpenApiEntry): Range {
  return entry.doc.index.range(entry.node.offset, entry.node.length);
}

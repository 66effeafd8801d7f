// The OpenAPI files of a site, resolved in ONE place for rules, renderer and export: every `openapi`
// entry of docs.json (classic: `openapi`, one path/URL or several, and the `openapi` of tabs and
// anchors; current: `api.openapi` and the `openapi` of navigation divisions and groups), a path
// relative to the site root with or without a leading `/` and with or without its extension; then
// every other OpenAPI/Swagger file of the site folder, since the format makes every spec of the
// repository available to pages that name an operation without naming a file. Files are read
// through the caller (only files of the site folder), parsed with positions; the ones docs.json
// names are validated. URLs are never fetched: an entry that is a URL is used only when the site
// holds a copy of the file (at the URL's path, or its file name at the site root). Pure: reading is
// the caller's `read`.
import { type ASTNode, at, child, isArray, isObject, isString } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { CONFIG_NAMES, PROJECT_CONFIG_NAME } from '../config/files';
import type { Range } from '../types';
import { join } from '../util/paths';
import { loadSpecEntries, type SpecDivisions, type SpecEntry, type SpecSet } from '../config/spec-entries';
import { operationsOf, type ApiSpec } from './operations';
import { parse as parseYaml } from 'yaml';
import { LineIndex } from '../util/text';
import { parseSpecText, specFormat, type SpecSource } from './source';
import { validateSpec, type SpecProblem } from './validate';
import { append } from '../util/array';
import { BoundedMap } from '../util/memo';

/** One `openapi` value written in the config. */
export type OpenApiEntry = SpecEntry;

export interface OpenApiFile extends ApiSpec {
  /** Absolute path. */
  path: string;
  source: SpecSource;
  /** Syntax and validation problems, located in the file. */
  problems: SpecProblem[];
  /** The entries that name this file (none: found in the site folder, not named by docs.json). */
  entries: OpenApiEntry[];
}

/** Its files: each loaded file once, in the order the config names them, then the site's other specs. */
export type OpenApiSet = SpecSet<OpenApiEntry, OpenApiFile>;

export const EMPTY_OPENAPI: OpenApiSet = { entries: [], files: [] };

/** Every `openapi` value of a config (and of the `"$ref"` files whose navigation parts hold one). */
export function openapiEntries(config: ConfigDocument, nav: SpecDivisions): OpenApiEntry[] {
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
    // A classic tab or anchor names the spec of its pages.
    for (const key of ['tabs', 'anchors']) {
      const list = child(root, key);
      if (isArray(list)) list.items.forEach((item, i) => add(`${key}[${i}].openapi`, child(item, 'openapi'), config));
    }
  } else {
    add('api.openapi', at(root, 'api', 'openapi'), config);
    for (const g of nav.groups) {
      const node = child(g.node, 'openapi');
      if (node) add(`${g.kind === 'navigation' ? 'navigation' : `${g.kind} "${g.name}"`} openapi`, node, g.config);
    }
  }
  return out;
}

// Validation compiles the OpenAPI JSON Schemas and walks the document: keep recent results by text.
const MAX_MEMO = 16;
const validated = new BoundedMap<string, Promise<SpecProblem[]>>(MAX_MEMO);

function memoValidate(path: string, source: SpecSource): Promise<SpecProblem[]> {
  const key = `${path}\0${source.text}`;
  let p = validated.get(key);
  if (!p) {
    p = validateSpec(source);
    validated.set(key, p);
  }
  return p;
}

const SPEC_EXTENSIONS = ['.json', '.yaml', '.yml'];

/** The site file a written spec path names: relative to the site root, with or without a leading `/` or its extension. */
export function specFileIn(value: string, files: ReadonlySet<string>): string | undefined {
  const rel = value.trim().replace(/^\.?\/+/, '');
  if (files.has(rel)) return rel;
  for (const ext of SPEC_EXTENSIONS) if (files.has(rel + ext)) return rel + ext;
  return undefined;
}

/** Folders whose files are never part of the published site. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage']);
const NOT_SPECS = new Set<string>([...CONFIG_NAMES, 'package.json', 'package-lock.json', 'tsconfig.json', PROJECT_CONFIG_NAME]);
/** A top-level `openapi: 3…` or `swagger: 2…` key, in JSON or YAML: worth a full parse. */
const SPEC_MARK = /(^|[{,\s])["']?(openapi|swagger)["']?\s*:\s*["']?[23]\./m;

/** Site files that may be OpenAPI documents (by name), not counting the ones already loaded. */
function candidateSpecs(files: ReadonlySet<string>, loaded: ReadonlyMap<string, unknown>): string[] {
  const out: string[] = [];
  for (const rel of files) {
    if (!/\.(json|ya?ml)$/i.test(rel) || loaded.has(rel)) continue;
    const parts = rel.split('/');
    if (NOT_SPECS.has(parts[parts.length - 1]) || parts.slice(0, -1).some((p) => p.startsWith('.') || SKIPPED_FOLDERS.has(p))) continue;
    out.push(rel);
  }
  return out.sort();
}

/** The document of a parsed spec when it is an OpenAPI 3 or Swagger 2 document (top-level `openapi`/`swagger` and `paths` or `webhooks`). */
function specDocument(source: SpecSource): Record<string, unknown> | undefined {
  const v = source.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const doc = v as Record<string, unknown>;
  const version = doc.openapi ?? doc.swagger;
  if (typeof version !== 'string' && typeof version !== 'number') return undefined;
  return typeof doc.paths === 'object' || typeof doc.webhooks === 'object' ? doc : undefined;
}

/**
 * A spec parsed without positions (a tenth of the memory of a located parse): for the files no
 * entry names, which are never validated. Undefined when the text does not parse.
 */
function plainSource(path: string, text: string): SpecSource | undefined {
  const format = specFormat(path, text);
  let value: unknown;
  try {
    value = format === 'json' ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 1000 });
  } catch {
    return undefined;
  }
  let index: LineIndex | undefined;
  const whole = (): Range => (index ??= new LineIndex(text)).range(0, 0);
  return {
    format,
    text,
    value,
    syntax: [],
    locate: whole,
    get index() {
      return (index ??= new LineIndex(text));
    },
  };
}

/** Reads, parses and validates the OpenAPI files a config names, then finds the site's other specs. `read` gets absolute paths of site files. */
export async function loadOpenApi(
  config: ConfigDocument,
  nav: SpecDivisions,
  root: string,
  files: ReadonlySet<string>,
  read: (path: string) => Promise<string | undefined>,
): Promise<OpenApiSet> {
  const set = await loadSpecEntries(openapiEntries(config, nav), root, files, read, {
    http: true,
    copyName: /\.(json|ya?ml)$/i,
    fileOf: specFileIn,
    build: async (rel, path, text): Promise<OpenApiFile> => {
      const source = parseSpecText(path, text);
      const problems: SpecProblem[] = source.syntax.map((s) => ({ ...s, kind: 'invalid' as const }));
      if (source.syntax.length === 0) append(problems, await memoValidate(path, source));
      const document = source.value && typeof source.value === 'object' && !Array.isArray(source.value) ? (source.value as Record<string, unknown>) : {};
      return { rel, path, source, problems, entries: [], document, operations: operationsOf(document) };
    },
  });
  const byRel = set.byRel;
  for (const { entry, status } of set.entries)
    if (status.kind === 'loaded' && status.fromUrl) status.file.aliases = [...(status.file.aliases ?? []), entry.value];
  // The site's other specs: pages may name their operations without docs.json naming the file.
  // Not validated (docs.json does not publish them as API sections); one that does not parse is skipped.
  for (const rel of candidateSpecs(files, byRel)) {
    const path = join(root, rel);
    const text = await read(path);
    if (text === undefined || !SPEC_MARK.test(text)) continue;
    const source = plainSource(path, text);
    const document = source && specDocument(source);
    if (!source || !document) continue;
    const file: OpenApiFile = { rel, path, source, problems: [], entries: [], document, operations: operationsOf(document) };
    byRel.set(rel, file);
    set.files.push(file);
  }
  return set.files.length === 0 && set.entries.length === 0 ? EMPTY_OPENAPI : { entries: set.entries, files: set.files };
}

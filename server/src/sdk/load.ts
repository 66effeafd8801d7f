// The SDK artifacts of a site (current format): every `sdk: { format, source, directory }` of a
// navigation tab or group (sdk-reference-setup.mdx; directory `sdk-reference` by default). Files are
// read through the caller (site files only) and read once per format; a URL is never fetched and is
// used only through a copy in the site (config/spec-entries.ts). A folder artifact (docfx, javadoc,
// sphinx) is the files under the folder its converter reads. A format with no converter yet is kept
// aside (`unsupported`), to be said on its entry. Also read here: which entries hold a page with
// `sdk` front matter (such a tab or group is not auto-populated). Pure: reading is the caller's.
import { type ASTNode, child, isArray, isObject, isString } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { loadSpecEntries, type SpecDivisions, type SpecEntry, type SpecSet } from '../config/spec-entries';
import { BoundedMap } from '../util/memo';
import { join, trimSlashes } from '../util/paths';
import { SDK_CONVERTERS, SDK_FOLDER_FILES } from './formats';
import { SDK_FORMATS, type SdkFormat, type SdkInput, type SdkModel, type SdkProblem, type SdkRead } from './model';

export const DEFAULT_SDK_DIRECTORY = 'sdk-reference';
/** Files of one folder artifact read at most. */
export const MAX_FOLDER_FILES = 20_000;

/** One `sdk` of a tab or group. */
export interface SdkEntry extends SpecEntry {
  format: SdkFormat;
  directory: string;
  /** The tab's or group's object node. */
  division: ASTNode;
  /** A page the division lists (its groups' too) has `sdk` front matter: the division is not auto-populated. */
  ownPages: boolean;
}

export interface SdkFile {
  /** The artifact: a file, or a folder. */
  rel: string;
  path: string;
  format: SdkFormat;
  folder: boolean;
  model: SdkModel;
  problems: SdkProblem[];
  entries: SdkEntry[];
}

export interface SdkSet extends SpecSet<SdkEntry, SdkFile> {
  /** Entries whose format Docwright has no converter for. */
  unsupported: SdkEntry[];
}

export const EMPTY_SDK: SdkSet = { entries: [], files: [], unsupported: [] };

/** What an `sdk` value says (a format outside the five: undefined). */
export function readSdkValue(value: unknown): { format?: SdkFormat; source?: string; directory: string } {
  const o = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const format = SDK_FORMATS.find((f) => f === o?.format);
  const source = typeof o?.source === 'string' ? o.source.trim() || undefined : undefined;
  const dir = typeof o?.directory === 'string' ? trimSlashes(o.directory.trim()) : '';
  return { format, source, directory: dir || DEFAULT_SDK_DIRECTORY };
}

/** The page paths a division lists (in its groups too), as written. */
function listedPages(node: ASTNode, out: string[], depth = 0): void {
  if (!isObject(node) || depth > 20) return;
  for (const key of ['pages', 'groups']) {
    const list = child(node, key);
    if (!isArray(list)) continue;
    for (const item of list.items) {
      if (isString(item)) out.push(item.value);
      else listedPages(item, out, depth + 1);
    }
  }
}

/** Whether a page text's front matter has an `sdk` key. */
export function hasSdkFrontMatter(text: string): boolean {
  if (!text.startsWith('---')) return false;
  const end = text.indexOf('\n---', 3);
  const head = text.slice(0, end < 0 ? Math.min(text.length, 4000) : end);
  return /^sdk\s*:/m.test(head);
}

/** Every `sdk` of the tabs and groups of a current-format config. */
export function sdkEntries(config: ConfigDocument, nav: SpecDivisions): SdkEntry[] {
  if (config.generation !== 'current') return [];
  const out: SdkEntry[] = [];
  for (const g of nav.groups) {
    if (g.kind !== 'tab' && g.kind !== 'group') continue;
    const node = child(g.node, 'sdk');
    const source = isObject(node) ? child(node, 'source') : undefined;
    if (!isObject(node) || !isString(source) || !source.value.trim()) continue;
    const format = child(node, 'format');
    const f = isString(format) ? SDK_FORMATS.find((x) => x === format.value) : undefined;
    if (!f) continue;
    const dir = child(node, 'directory');
    const directory = (isString(dir) && trimSlashes(dir.value.trim())) || DEFAULT_SDK_DIRECTORY;
    out.push({
      value: source.value.trim(),
      node: source,
      doc: g.config,
      field: `${g.kind} "${g.name}" sdk`,
      format: f,
      directory,
      division: g.node,
      ownPages: false,
    });
  }
  return out;
}

// A site is loaded again on every config change: an artifact is converted once per text.
const reads = new BoundedMap<string, SdkRead>(4, (key) => 1 + Math.floor(key.length / 20_000_000));

/** FNV-1a over a folder's paths and texts: its memo key (a folder can hold tens of megabytes). */
function folderKey(files: ReadonlyMap<string, string>): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (const [path, text] of files) {
    for (const s of [path, '\0', text, '\0'])
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        h1 = Math.imul(h1 ^ c, 0x01000193);
        h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      }
  }
  return `${files.size}:${(h1 >>> 0).toString(16)}:${(h2 >>> 0).toString(16)}`;
}

function memoRead(format: SdkFormat, input: SdkInput): SdkRead {
  const key = input.kind === 'file' ? `${format}\0${input.rel}\0${input.text}` : `${format}\0${input.rel}/\0${folderKey(input.files)}`;
  const hit = reads.get(key);
  if (hit) return hit;
  const out = SDK_CONVERTERS[format]!.read(input);
  reads.set(key, out);
  return out;
}

/** Reads the artifacts the tabs and groups of a config name. `read` gets absolute paths of site files. */
export async function loadSdk(
  config: ConfigDocument,
  nav: SpecDivisions,
  root: string,
  files: ReadonlySet<string>,
  read: (path: string) => Promise<string | undefined>,
): Promise<SdkSet> {
  const entries = sdkEntries(config, nav);
  if (entries.length === 0) return EMPTY_SDK;
  const set: SdkSet = { entries: [], files: [], unsupported: [] };
  for (const format of SDK_FORMATS) {
    const mine = entries.filter((e) => e.format === format);
    if (mine.length === 0) continue;
    const converter = SDK_CONVERTERS[format];
    if (!converter) {
      set.unsupported.push(...mine);
      continue;
    }
    const folderPattern = SDK_FOLDER_FILES[format];
    const loaded = await loadSpecEntries(mine, root, files, read, {
      http: false,
      copyName: /\.(json|xml)$/i,
      build: (rel, path, text): SdkFile => {
        const r = memoRead(format, { kind: 'file', rel, text });
        return { rel, path, format, folder: false, model: r.model, problems: r.problems, entries: [] };
      },
      folderFiles: folderPattern
        ? (rel, all) => {
            const prefix = rel ? `${rel}/` : '';
            const out: string[] = [];
            for (const f of all) if (f.startsWith(prefix) && folderPattern.test(f) && out.length < MAX_FOLDER_FILES) out.push(f);
            return out.sort();
          }
        : undefined,
      buildFolder: (rel, path, texts): SdkFile => {
        const r = memoRead(format, { kind: 'folder', rel, files: texts });
        return { rel, path, format, folder: true, model: r.model, problems: r.problems, entries: [] };
      },
    });
    set.entries.push(...loaded.entries);
    set.files.push(...loaded.files);
  }
  // Divisions holding a page with `sdk` front matter are not auto-populated.
  for (const e of entries) {
    const pages: string[] = [];
    listedPages(e.division, pages);
    for (const p of pages.slice(0, 2000)) {
      const id = p.replace(/^\/+/, '');
      const rel = files.has(`${id}.mdx`) ? `${id}.mdx` : files.has(`${id}.md`) ? `${id}.md` : undefined;
      const text = rel ? await read(join(root, rel)) : undefined;
      if (text !== undefined && hasSdkFrontMatter(text)) {
        e.ownPages = true;
        break;
      }
    }
  }
  return set;
}

/** What an `sdk` front matter value names: `"[source] kind name"` (name `Parent.member` for members), or `{ kind, name, parent, format, source }`. */
export interface SdkTarget {
  kind: string;
  name: string;
  parent?: string;
  format?: SdkFormat;
  source?: string;
}

export function readSdkTarget(value: unknown): SdkTarget | undefined {
  if (typeof value === 'string') {
    const words = value.trim().split(/\s+/);
    if (words.length < 2 || words.length > 3) return undefined;
    const [source, kind, name] = words.length === 3 ? words : [undefined, ...words];
    return splitParent({ kind: kind!, name: name!, ...(source ? { source } : {}) });
  }
  const o = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (typeof o?.kind !== 'string' || typeof o.name !== 'string') return undefined;
  const target: SdkTarget = { kind: o.kind.trim(), name: o.name.trim() };
  if (typeof o.parent === 'string' && o.parent.trim()) target.parent = o.parent.trim();
  const format = SDK_FORMATS.find((f) => f === o.format);
  if (format) target.format = format;
  if (typeof o.source === 'string' && o.source.trim()) target.source = o.source.trim();
  return target.parent ? target : splitParent(target);
}

/** `method Client.getUser`: the parent is the name before the last dot, for members. */
function splitParent(t: SdkTarget): SdkTarget {
  if ((t.kind === 'method' || t.kind === 'property') && !t.parent) {
    const dot = t.name.lastIndexOf('.');
    if (dot > 0) return { ...t, parent: t.name.slice(0, dot), name: t.name.slice(dot + 1) };
  }
  return t;
}

const listed = new WeakMap<SdkEntry, Set<string>>();

/** The entry of the tab or group whose pages list a page id (its `sdk` is the page's inherited one). */
export function sdkEntryOfPage(set: SdkSet, id: string): SdkEntry | undefined {
  let best: { entry: SdkEntry; size: number } | undefined;
  for (const entry of [...set.entries.map((e) => e.entry), ...set.unsupported]) {
    let ids = listed.get(entry);
    if (!ids) {
      const pages: string[] = [];
      listedPages(entry.division, pages);
      listed.set(entry, (ids = new Set(pages.map((p) => p.replace(/^\/+/, '')))));
    }
    // The innermost division (a group inside a tab lists fewer pages) wins.
    if (ids.has(id) && (!best || ids.size < best.size)) best = { entry, size: ids.size };
  }
  return best?.entry;
}

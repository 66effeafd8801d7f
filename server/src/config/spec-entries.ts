// The spec files docs.json names (openapi, asyncapi, graphql, sdk): what each entry says and which
// site file stands for it, told apart the same way for every kind — a URL is never fetched and is
// used only through a copy in the site (at the URL's path, or its file name at the root), a path
// that leaves the site is refused, a file the site lacks is missing. Pure: reading is the caller's.
import type { ASTNode, StringASTNode } from './ast';
import type { ConfigDocument } from './parse';
import type { Range } from '../types';
import { isExternalUrl, join, relativeInside, resolveInSite } from '../util/paths';

/** One source value written in the config. */
export interface SpecEntry {
  /** The value as written (path or URL), trimmed. */
  value: string;
  node: StringASTNode;
  /** The config document (docs.json, or a file it loads with `"$ref"`) that holds `node`. */
  doc: ConfigDocument;
  /** Where it is written, for messages: `api.openapi[1]`, `tab "Events" asyncapi`. */
  field: string;
}

export type SpecStatus<F> = { kind: 'loaded'; file: F; fromUrl?: boolean } | { kind: 'url' } | { kind: 'missing'; rel: string } | { kind: 'outside' };

export interface SpecSet<E extends SpecEntry, F> {
  entries: { entry: E; status: SpecStatus<F> }[];
  files: F[];
}

/** The navigation divisions and groups that can name a spec (site/navigation.ts builds them). */
export interface SpecDivisions {
  groups: readonly { name: string; node: ASTNode; kind: string; config: ConfigDocument }[];
}

/** The range of an entry in its config document. */
export function specEntryRange(entry: SpecEntry): Range {
  return entry.doc.index.range(entry.node.offset, entry.node.length);
}

/** The site file that stands in for a URL: the URL's path inside the site, else its file name at the root when `named` accepts it. */
export function workspaceCopy(url: string, files: ReadonlySet<string>, named: RegExp): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  const rel = pathname.replace(/^\/+/, '');
  if (rel && files.has(rel)) return rel;
  const name = rel.split('/').pop();
  return name && named.test(name) && files.has(name) ? name : undefined;
}

export interface SpecKind<E extends SpecEntry, F extends { entries: E[] }> {
  /** Whether an `http:` URL may stand for a copy (the format takes only `https:` for some kinds). */
  http: boolean;
  /** File names that may stand in for a URL at the site root. */
  copyName: RegExp;
  /** The site file a written path names, when the kind allows leaving out an extension. */
  fileOf?: (rel: string, files: ReadonlySet<string>) => string | undefined;
  /** The file a site text becomes. */
  build: (rel: string, path: string, text: string) => F | Promise<F>;
  /** For kinds whose source may be a folder: the site files under `rel` to read (none: `rel` is no folder of theirs). */
  folderFiles?: (rel: string, files: ReadonlySet<string>) => string[];
  /** The file a folder's texts (site-relative path -> text) become. */
  buildFolder?: (rel: string, path: string, texts: ReadonlyMap<string, string>) => F | Promise<F>;
}

/**
 * Resolves and reads each entry's file once: the files in the order entries first name them, each
 * holding the entries that name it. `read` gets absolute paths of site files.
 */
export async function loadSpecEntries<E extends SpecEntry, F extends { entries: E[] }>(
  entries: readonly E[],
  root: string,
  files: ReadonlySet<string>,
  read: (path: string) => Promise<string | undefined>,
  kind: SpecKind<E, F>,
): Promise<SpecSet<E, F> & { byRel: Map<string, F> }> {
  const set: SpecSet<E, F> & { byRel: Map<string, F> } = { entries: [], files: [], byRel: new Map() };
  for (const entry of entries) {
    let rel: string | undefined;
    const fromUrl = isExternalUrl(entry.value);
    if (fromUrl) {
      rel = (kind.http ? /^https?:/i : /^https:/i).test(entry.value) ? workspaceCopy(entry.value, files, kind.copyName) : undefined;
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
      rel = kind.fileOf?.(rel, files) ?? rel;
    }
    let file = set.byRel.get(rel);
    const inFolder = !file && !files.has(rel) && kind.folderFiles && kind.buildFolder ? kind.folderFiles(rel, files) : [];
    if (!file && inFolder.length) {
      const texts = new Map<string, string>();
      for (const f of inFolder) {
        const text = await read(join(root, f));
        if (text !== undefined) texts.set(f, text);
      }
      file = await kind.buildFolder!(rel, join(root, rel), texts);
      set.byRel.set(rel, file);
      set.files.push(file);
    }
    if (!file) {
      const path = join(root, rel);
      const text = files.has(rel) ? await read(path) : undefined;
      if (text === undefined) {
        set.entries.push({ entry, status: { kind: 'missing', rel } });
        continue;
      }
      file = await kind.build(rel, path, text);
      set.byRel.set(rel, file);
      set.files.push(file);
    }
    file.entries.push(entry);
    set.entries.push({ entry, status: fromUrl ? { kind: 'loaded', file, fromUrl } : { kind: 'loaded', file } });
  }
  return set;
}

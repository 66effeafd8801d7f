// The check cache on disk (`docwright check --cache`, the editor's first check): one file per site
// holding each page's facts and findings with the content hashes they were computed from. A file
// that is unreadable, corrupted (its checksum fails) or not ours is ignored with a note, never
// trusted; writes go to a temporary file renamed over the old one, so concurrent checks never
// leave a half-written cache.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { PageFacts } from '../site/site-index';
import type { Finding } from '../types';
import { writeFileSafe } from './safe-write';

declare const DOCWRIGHT_VERSION: string | undefined;
export const DOCWRIGHT_BUILD = typeof DOCWRIGHT_VERSION === 'string' ? DOCWRIGHT_VERSION : 'dev';

const FORMAT = 'docwright-check-cache';
// Raised whenever the page facts a check records change (a cache of other facts is not read).
const FORMAT_VERSION = 3;

/** A content hash (of texts, keys, fact values). */
export function contentHash(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

/** What is kept of one page or snippet file (by site-relative path). */
export interface CachedFile {
  /** Hash of the file's text. */
  text: string;
  /** Its facts (pages only): computed from the text and the files below. */
  facts?: PageFacts;
  /** The other files the facts read (the snippets the page renders) and their text hashes: the facts stand while these are the same. */
  factFiles?: [string, string][];
  /** When the facts read the site's file list (to resolve imports): its hash. */
  factSite?: string;
  /** Its findings, valid while the site key, the text and every dependency's hash are the same. */
  findings?: Finding[];
  site?: string;
  /** What the check read of other pages (`id\0key`, `*\0key`) and the hash it had. */
  deps?: [string, string][];
}

export interface CachedSite {
  site: string;
  findings: Finding[];
  deps: [string, string][];
}

export interface CheckCacheData {
  root: string;
  files: Record<string, CachedFile>;
  site?: CachedSite;
}

/** The default folder: node_modules/.cache/docwright of the folder checked (as eslint and babel keep theirs). */
export function defaultCacheDir(folder: string): string {
  return path.join(folder, 'node_modules', '.cache', 'docwright');
}

export function cacheFileFor(dir: string, root: string): string {
  return path.join(dir, `check-${contentHash(root).slice(0, 16)}.json`);
}

const SEVERITIES = new Set(['error', 'warning', 'information', 'hint']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPos = (v: unknown) => isObject(v) && Number.isInteger(v.line) && Number.isInteger(v.character);
const isRange = (v: unknown) => isObject(v) && isPos(v.start) && isPos(v.end);
const isFinding = (v: unknown) =>
  isObject(v) &&
  typeof v.ruleId === 'string' &&
  typeof v.message === 'string' &&
  typeof v.path === 'string' &&
  SEVERITIES.has(v.severity as string) &&
  isRange(v.range);
const isDeps = (v: unknown) => Array.isArray(v) && v.every((d) => Array.isArray(d) && d.length === 2 && typeof d[0] === 'string' && typeof d[1] === 'string');

/** Why `data` is not a cache of `root` (undefined when it is one). */
function invalid(data: unknown, root: string): string | undefined {
  if (!isObject(data) || data.root !== root || !isObject(data.files)) return 'not a cache of this site';
  for (const [rel, f] of Object.entries(data.files)) {
    if (!isObject(f) || typeof f.text !== 'string') return `bad entry for ${rel}`;
    if (f.facts !== undefined && !isObject(f.facts)) return `bad facts for ${rel}`;
    if ((f.factFiles !== undefined && !isDeps(f.factFiles)) || (f.factSite !== undefined && typeof f.factSite !== 'string')) return `bad facts for ${rel}`;
    if (f.findings !== undefined && (!Array.isArray(f.findings) || !f.findings.every(isFinding) || typeof f.site !== 'string' || !isDeps(f.deps)))
      return `bad findings for ${rel}`;
  }
  const site = data.site;
  if (
    site !== undefined &&
    (!isObject(site) || typeof site.site !== 'string' || !Array.isArray(site.findings) || !site.findings.every(isFinding) || !isDeps(site.deps))
  )
    return 'bad site entry';
  return undefined;
}

/**
 * Reads the cache of `root` from `file`. Missing: nothing, silently. Anything else that is not a
 * sound cache of this site written by this build: nothing, and a note saying why.
 */
export async function readCheckCache(file: string, root: string): Promise<{ data?: CheckCacheData; note?: string }> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return { note: `the check cache ${file} could not be read (${(e as Error).message}); checking without it.` };
  }
  const ignored = (why: string) => ({ note: `the check cache ${file} was ignored (${why}); checking without it.` });
  const nl = text.indexOf('\n');
  let header: unknown;
  try {
    header = JSON.parse(nl < 0 ? text : text.slice(0, nl));
  } catch {
    return ignored('not a Docwright cache');
  }
  if (!isObject(header) || header.format !== FORMAT) return ignored('not a Docwright cache');
  // Another build's facts or findings may differ: started again quietly, as after an upgrade.
  if (header.formatVersion !== FORMAT_VERSION || header.docwright !== DOCWRIGHT_BUILD) return {};
  const body = text.slice(nl + 1);
  if (header.sum !== contentHash(body)) return ignored('corrupted: its checksum does not match');
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return ignored('corrupted');
  }
  const why = invalid(data, root);
  return why ? ignored(why) : { data: data as CheckCacheData };
}

/**
 * Writes the cache below `root` (the folder checked, or the cache folder named): a temporary file in
 * the same folder, renamed over the old one (atomic on one file system); never through a symbolic
 * link below `root` (a committed `node_modules -> elsewhere`).
 */
export async function writeCheckCache(file: string, data: CheckCacheData, root: string): Promise<void> {
  const body = JSON.stringify(data);
  const header = JSON.stringify({ format: FORMAT, formatVersion: FORMAT_VERSION, docwright: DOCWRIGHT_BUILD, sum: contentHash(body) });
  await writeFileSafe(root, file, header + '\n' + body);
}

// The words a site accepts as spelled right, from every place a team keeps them: `.docwright.json`
// (`words`), cspell's configuration files (`words`, `ignoreWords`, and the word files of its
// `dictionaryDefinitions`), and the Vale vocabularies `.vale.ini` names (`accept.txt`). Each is
// looked for at the site root and at the root of the repository holding the site (the nearest
// folder above with `.git`); nothing outside those two folders is read. Read through the workspace
// when the site loads; what was read is in `sources`, so a change to any of them reloads the site.
import { parse as parseJsonc } from 'jsonc-parser';
import { load as loadYaml } from 'js-yaml';
import { dirname, join, relativeInside } from '../util/paths';
import { acceptFiles, parseValeIni, readVocabulary, VALE_INI_NAMES } from './vale-config';

/** cspell's configuration file names (JSON with comments, or YAML), in cspell's order. */
export const CSPELL_CONFIG_NAMES = [
  '.cspell.json',
  'cspell.json',
  '.cSpell.json',
  'cSpell.json',
  'cspell.config.json',
  'cspell.config.yaml',
  'cspell.config.yml',
  'cspell.yaml',
  'cspell.yml',
] as const;

/** How far above the site root the repository root is looked for. */
const REPOSITORY_DEPTH = 8;
/** A word file larger than this is not read (a team's word list is a few thousand lines). */
const MAX_WORD_FILE = 2 * 1024 * 1024;

export interface SiteWords {
  /** Accepted in any case (lower-cased): `.docwright.json` and cspell words. */
  anyCase: ReadonlySet<string>;
  /** Accepted as written: Vale vocabulary entries that are plain words. */
  exact: ReadonlySet<string>;
  /** Vale vocabulary entries with pattern syntax, each matched against a whole word. */
  patterns: readonly RegExp[];
  /** The files the words were read from (absolute paths). */
  sources: readonly string[];
  /** What could not be read, and why. */
  notes: string[];
}

export const NO_WORDS: SiteWords = { anyCase: new Set(), exact: new Set(), patterns: [], sources: [], notes: [] };

export interface WordReader {
  readFile(path: string): Promise<string | undefined>;
  kindOf(path: string): Promise<'file' | 'folder' | undefined>;
}

/** The repository root holding `root` (a folder with `.git`, the site root itself included), if any. */
export async function repositoryRoot(reader: WordReader, root: string): Promise<string | undefined> {
  let dir = root;
  for (let i = 0; i <= REPOSITORY_DEPTH; i++) {
    if (await reader.kindOf(join(dir, '.git'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

/**
 * The words of a site at `root`, given the `words` of its `.docwright.json` and the site-relative
 * paths of its files (a file of the site folder that is not among them is not read).
 */
export async function loadSiteWords(reader: WordReader, root: string, projectWords: readonly string[], siteFiles: ReadonlySet<string>): Promise<SiteWords> {
  const anyCase = new Set<string>();
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  const sources: string[] = [];
  const notes: string[] = [];
  for (const w of projectWords) addWords(anyCase, w);
  const repo = await repositoryRoot(reader, root);
  const folders = repo && repo !== root ? [root, repo] : [root];
  const inside = (path: string) => folders.some((f) => path === f || relativeInside(f, path) !== undefined);
  const read = async (path: string): Promise<string | undefined> => {
    const rel = relativeInside(root, path);
    if (rel !== undefined && !rel.includes('/') && !siteFiles.has(rel)) return undefined;
    const text = await reader.readFile(path);
    if (text !== undefined) sources.push(path);
    return text !== undefined && text.length <= MAX_WORD_FILE ? text : undefined;
  };
  for (const folder of folders) {
    for (const name of CSPELL_CONFIG_NAMES) {
      const path = join(folder, name);
      const text = await read(path);
      if (text === undefined) continue;
      const config = readCspellConfig(text, name.endsWith('.json') ? 'json' : 'yaml');
      if (!config) {
        notes.push(`${path}: not a cspell configuration this check reads; its words are not used.`);
        continue;
      }
      for (const w of config.words) addWords(anyCase, w);
      for (const file of config.wordFiles) {
        const wordsPath = join(folder, file);
        if (!inside(wordsPath)) {
          notes.push(`${path}: the word file ${file} is outside the repository; not read.`);
          continue;
        }
        const words = await read(wordsPath);
        if (words !== undefined) for (const line of words.split(/\r?\n/)) addWords(anyCase, line.replace(/#.*$/, ''));
      }
      break;
    }
  }
  for (const folder of folders) {
    for (const name of VALE_INI_NAMES) {
      const text = await read(join(folder, name));
      if (text === undefined) continue;
      const config = parseValeIni(text, folder);
      for (const file of acceptFiles(config)) {
        if (!inside(file)) {
          notes.push(`${join(folder, name)}: StylesPath is outside the repository; its vocabularies are not read.`);
          break;
        }
        const accept = await read(file);
        if (accept === undefined) continue;
        const vocabulary = readVocabulary(accept);
        for (const w of vocabulary.words) for (const part of w.split(/\s+/)) exact.add(part);
        patterns.push(...vocabulary.patterns);
        for (const s of vocabulary.skipped) notes.push(`${file}: "${s.entry}" is not used: ${s.reason}.`);
      }
      break;
    }
  }
  return { anyCase, exact, patterns, sources, notes };
}

/** Each word of an entry (an entry may hold a phrase), lower-cased. */
function addWords(set: Set<string>, entry: string): void {
  for (const w of entry.trim().split(/\s+/)) if (w) set.add(w.toLowerCase());
}

/** The words of a cspell configuration, and the files of word lists it defines; undefined when it is not one. */
export function readCspellConfig(text: string, format: 'json' | 'yaml'): { words: string[]; wordFiles: string[] } | undefined {
  let value: unknown;
  try {
    value = format === 'json' ? parseJsonc(text) : loadYaml(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
  const words = [...strings(v.words), ...strings(v.ignoreWords)];
  // Word lists a team keeps beside the configuration (`"dictionaryDefinitions": [{"path": "./words.txt"}]`).
  const wordFiles: string[] = [];
  if (Array.isArray(v.dictionaryDefinitions)) {
    for (const d of v.dictionaryDefinitions) {
      const path = d && typeof d === 'object' ? (d as Record<string, unknown>).path : undefined;
      if (typeof path === 'string' && /\.txt$/i.test(path) && !/^[a-z]+:/i.test(path)) wordFiles.push(path);
    }
  }
  return { words, wordFiles };
}

/** The `words` of `.docwright.json` (`{"words": ["Acme", "upsert"]}`): strings only, others ignored. */
export function readProjectWords(text: string | undefined): string[] {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : undefined;
  } catch {
    return [];
  }
  const words = value && typeof value === 'object' && !Array.isArray(value) ? (value as { words?: unknown }).words : undefined;
  return Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string' && w.trim() !== '') : [];
}

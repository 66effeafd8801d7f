// The Node hosts' spelling dictionary: the engine bundle (dist/spelling.js, node/spelling-engine.ts)
// over the dictionaries the build wrote (dist/dictionaries/), both loaded on the first word a check
// looks up, once per thread. Running from source without those dictionaries, they are built from
// the packages in node_modules instead (slower to start). No engine bundle, or dictionaries that
// do not load: no speller, and spelling is not checked.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { memoSpeller, type Speller } from '../util/speller';
import type { BuiltDictionary, DictionarySettings } from './spelling-engine';

type Engine = typeof import('./spelling-engine');

/** The engine bundle's file name, beside the server bundle. */
export const SPELLING_ENGINE_FILE = 'spelling.js';
/** The folder of the built dictionaries, beside the bundles, and its list of them. */
export const DICTIONARY_FOLDER = 'dictionaries';
export const DICTIONARY_MANIFEST = 'dictionaries.json';

/** The folder the bundles are in: this file's (the server bundle) or, from source, the repository's dist/. */
function distFolder(): string | undefined {
  for (const dir of [__dirname, path.join(__dirname, '..', '..', '..', 'dist')]) if (existsSync(path.join(dir, SPELLING_ENGINE_FILE))) return dir;
  return undefined;
}

/** What dist/dictionaries/dictionaries.json holds: the build's cache key and each dictionary's name and settings. */
export interface DictionaryManifest {
  key: string;
  dictionaries: { name: string; settings?: DictionarySettings }[];
}

/** A built dictionary's file name: brotli-compressed tries (10 ms to expand; 160 KB less in the VSIX). */
export const dictionaryFile = (name: string): string => `${name}.btrie.br`;

/** The built dictionaries in `dir`, or undefined when there are none. */
export function readBuiltDictionaries(dir: string): BuiltDictionary[] | undefined {
  const folder = path.join(dir, DICTIONARY_FOLDER);
  if (!existsSync(path.join(folder, DICTIONARY_MANIFEST))) return undefined;
  const manifest = JSON.parse(readFileSync(path.join(folder, DICTIONARY_MANIFEST), 'utf8')) as DictionaryManifest;
  return manifest.dictionaries.map((d) => ({ ...d, trie: new Uint8Array(brotliDecompressSync(readFileSync(path.join(folder, dictionaryFile(d.name))))) }));
}

/** A package file's text, gunzipped when it is a `.gz`: what the engine builds dictionaries from. */
export function packageFileReader(from: string): (pkg: string, file: string) => string {
  const req = createRequire(from);
  return (pkg, file) => {
    // Every dictionary package exports its cspell-ext.json, beside its files.
    const abs = path.join(path.dirname(req.resolve(`${pkg}/cspell-ext.json`)), file);
    const bytes = readFileSync(abs);
    return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  };
}

/** Loads the engine and its dictionaries; undefined when either is missing or fails. */
function loadSpeller(): Speller | undefined {
  const dir = distFolder();
  if (!dir) return undefined;
  try {
    // Required when first needed, so a process that checks no prose never loads it.
    const engine = createRequire(path.join(dir, 'x.js'))(`./${SPELLING_ENGINE_FILE}`) as Engine;
    const dictionaries = readBuiltDictionaries(dir) ?? engine.buildDictionaries(packageFileReader(path.join(dir, '..', 'package.json')));
    return engine.createEngineSpeller(dictionaries);
  } catch {
    return undefined;
  }
}

let loaded: Speller | null | undefined;

/** The hosts' speller: one per thread; the dictionaries load on its first lookup. Undefined without the engine bundle. */
export function hostSpeller(): Speller | undefined {
  if (memoized) return memoized;
  if (!distFolder()) return undefined;
  const get = (): Speller | null => {
    if (loaded === undefined) loaded = loadSpeller() ?? null;
    return loaded;
  };
  const speller: Speller = {
    // Dictionaries that fail to load know every word: spelling reports nothing.
    knows: (word) => get()?.knows(word) ?? true,
    suggest: (word, max) => get()?.suggest(word, max) ?? [],
  };
  return (memoized = memoSpeller(speller));
}

let memoized: Speller | undefined;

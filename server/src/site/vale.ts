// A site's Vale setup, read as Vale reads it: `.vale.ini` (or `_vale.ini`) at the site root, else in
// a folder above it up to the repository root; its `StylesPath`, `MinAlertLevel`, `Vocab`,
// `IgnoredScopes`, `SkippedScopes`, `[formats]` and its sections (`[*]`, `[*.mdx]`, globs) with their
// `BasedOnStyles`, `TokenIgnores`, `BlockIgnores` and `Style.Rule = NO|YES|level` keys; the YAML
// rules of the styles they name (`<StylesPath>/<Style>/*.yml`); the vocabularies
// (`<StylesPath>/config/vocabularies/<Vocab>/accept.txt` and `reject.txt`) and the spelling ignore
// files. Everything is read through the workspace when the site loads, nothing outside the site and
// the repository holding it; what was read (`sources`) and listed (`folders`) reloads the site
// when it changes. Nothing here compiles a pattern: rules/vale/ does, and reports what is wrong.
import { LineCounter, parseDocument, isMap, isScalar } from 'yaml';
import { dirname, join, relativeInside } from '../util/paths';
import { VALE_INI_NAMES } from './vale-config';

/** Vale's alert levels, lowest first. */
export const VALE_LEVELS = ['suggestion', 'warning', 'error'] as const;
export type ValeLevel = (typeof VALE_LEVELS)[number];

/** A value as written in `.vale.ini`, with its (0-based) line. */
export interface ValeEntry {
  value: string;
  line: number;
}

/** Something wrong with the setup, on the file and line it is about. */
export interface ValeProblem {
  path: string;
  line: number;
  message: string;
  /** `error`: a file or rule is not used; `information`: a setting this check does not read. */
  severity: 'error' | 'warning' | 'information';
}

export interface ValeIni {
  path: string;
  /** Keys before any section. */
  core: Map<string, ValeEntry[]>;
  /** `[glob]` sections in file order (`[*]` and `[formats]` among them). */
  sections: { glob: string; line: number; entries: Map<string, ValeEntry[]> }[];
}

/** A `[glob]` section as it applies to files. */
export interface ValeSection {
  glob: string;
  line: number;
  basedOnStyles?: string[];
  /** The line of `BasedOnStyles`. */
  stylesLine?: number;
  /** `Style.Rule` -> `NO`, `YES` or a level, as written. */
  checks: Map<string, ValeEntry>;
  tokenIgnores: ValeEntry[];
  blockIgnores: ValeEntry[];
}

/** A rule file of a style, parsed (not yet compiled). */
export interface ValeRuleFile {
  /** `Style.Rule`. */
  name: string;
  path: string;
  /** The YAML's top-level mapping, as plain values; undefined when the file is not one. */
  definition?: Record<string, unknown>;
  /** Top-level key -> its (0-based) line. */
  keyLines: Map<string, number>;
}

/** A vocabulary entry: a case-sensitive pattern Vale matches against whole words. */
export interface VocabEntry {
  entry: string;
  path: string;
  line: number;
}

export interface ValeSetup {
  /** Absolute path of `.vale.ini`, and its folder (file globs are relative to it). */
  path: string;
  folder: string;
  stylesPath?: string;
  minAlertLevel: ValeLevel;
  /** `WordTemplate`: how a word-bounded token is written (`\\b(?:%s)\\b`). */
  wordTemplate?: string;
  /** The `[formats]` mapping (`mdx = md`). */
  formats: Map<string, string>;
  ignoredScopes: string[];
  skippedScopes: string[];
  /** `[*]`: applies to every file, before the other sections. */
  global?: ValeSection;
  sections: ValeSection[];
  rules: ValeRuleFile[];
  accept: VocabEntry[];
  reject: VocabEntry[];
  /** Words of the spelling ignore files, by file (absolute path). */
  ignoreFiles: Map<string, string[]>;
  problems: ValeProblem[];
  /** Files read (absolute): a change to one reloads the site. */
  sources: string[];
  /** Folders listed (absolute): a file created or deleted in one reloads the site. */
  folders: string[];
}

export interface ValeReader {
  readFile(path: string): Promise<string | undefined>;
  listFiles(folder: string): Promise<string[]>;
  kindOf(path: string): Promise<'file' | 'folder' | undefined>;
}

/** How far above the site root `.vale.ini` is looked for (and the repository root). */
const SEARCH_DEPTH = 8;
/** Files larger than this are not read (a style or a vocabulary is a few kilobytes). */
const MAX_FILE = 1024 * 1024;
/** Rule files read per style, and styles per setup: a style has tens. */
const MAX_RULES = 500;

/** Keys of the core section (before any `[section]`). */
const CORE_KEYS = new Set([
  'StylesPath',
  'MinAlertLevel',
  'IgnoredScopes',
  'WordTemplate',
  'SkippedScopes',
  'IgnoredClasses',
  'Vocab',
  'NLPEndpoint',
  'Packages',
]);
/** Keys of a `[glob]` section that are settings, not rules. */
const SYNTAX_KEYS = new Set(['BasedOnStyles', 'IgnorePatterns', 'BlockIgnores', 'TokenIgnores', 'CommentDelimiters', 'Transform', 'Lang']);

/**
 * Reads `.vale.ini` as Vale's INI reader does: `key = value` lines, `[section]` headers, `#` and
 * `;` comments (inline ones after a space), a `\` at a line's end continues the value on the next
 * line, a repeated key adds its value to the earlier ones, and quotes around a value are dropped.
 */
export function readValeIni(text: string, path: string): ValeIni {
  const core = new Map<string, ValeEntry[]>();
  const sections: ValeIni['sections'] = [];
  let current = core;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const at = i;
    let line = lines[i].trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.*)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.push({ glob: section[1].trim(), line: at, entries: current });
      continue;
    }
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i].trim();
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    const comment = /\s[#;]/.exec(value);
    if (comment) value = value.slice(0, comment.index).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value[value.length - 1] === value[0]) value = value.slice(1, -1);
    const list = current.get(key) ?? [];
    list.push({ value, line: at });
    current.set(key, list);
  }
  return { path, core, sections };
}

/** A comma-separated value as a list (`\,` is a comma inside an item), empty items left out. */
export function valeList(entries: readonly ValeEntry[] | undefined): ValeEntry[] {
  const out: ValeEntry[] = [];
  for (const e of entries ?? []) {
    for (const part of e.value.split(/(?<!\\),/)) {
      const value = part.replace(/\\,/g, ',').trim();
      if (value && !out.some((o) => o.value === value)) out.push({ value, line: e.line });
    }
  }
  return out;
}

const last = (entries: readonly ValeEntry[] | undefined) => entries?.[entries.length - 1];

/** The folder holding `.vale.ini` for a site at `root`: the site root, else a folder above it up to the repository root. */
async function findIni(reader: ValeReader, root: string): Promise<{ path: string; text: string } | undefined> {
  let dir = root;
  for (let depth = 0; depth <= SEARCH_DEPTH; depth++) {
    for (const name of VALE_INI_NAMES) {
      const path = join(dir, name);
      const text = await reader.readFile(path);
      if (text !== undefined) return { path, text };
    }
    // The repository's root is as far as a site's configuration reaches.
    if (await reader.kindOf(join(dir, '.git'))) return undefined;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

/**
 * The Vale setup of the site at `root`, or undefined when there is no `.vale.ini`. `siteFiles`:
 * the site-relative paths of its files (a root file the site does not hold, `.mintignore`d, is not read).
 */
export async function loadValeSetup(reader: ValeReader, root: string, siteFiles: ReadonlySet<string>): Promise<ValeSetup | undefined> {
  const sources: string[] = [];
  const folders: string[] = [];
  const read = async (path: string): Promise<string | undefined> => {
    sources.push(path);
    const text = await reader.readFile(path);
    return text !== undefined && text.length <= MAX_FILE ? text : undefined;
  };
  const guarded: ValeReader = {
    readFile: (p) => {
      const rel = relativeInside(root, p);
      // A file at the site root that the site leaves out is not read.
      return rel !== undefined && !rel.includes('/') && !siteFiles.has(rel) ? Promise.resolve(undefined) : read(p);
    },
    listFiles: reader.listFiles.bind(reader),
    kindOf: reader.kindOf.bind(reader),
  };
  const found = await findIni(guarded, root);
  if (!found) return undefined;
  const ini = readValeIni(found.text, found.path);
  const folder = dirname(found.path);
  const problems: ValeProblem[] = [];
  const problem = (path: string, line: number, message: string, severity: ValeProblem['severity'] = 'error') =>
    problems.push({ path, line, message, severity });
  // Styles and vocabularies are read from the repository holding the ini file (or the site), never above it.
  const boundary = folder === root || relativeInside(folder, root) !== undefined ? folder : root;
  const inside = (p: string) => p === boundary || relativeInside(boundary, p) !== undefined;

  const setup: ValeSetup = {
    path: found.path,
    folder,
    minAlertLevel: 'suggestion',
    formats: new Map(),
    ignoredScopes: [],
    skippedScopes: [],
    sections: [],
    rules: [],
    accept: [],
    reject: [],
    ignoreFiles: new Map(),
    problems,
    sources,
    folders,
  };

  for (const [key, entries] of ini.core) {
    const entry = last(entries)!;
    if (key === 'Packages')
      problem(found.path, entry.line, 'Packages are not downloaded: install them with `vale sync` and they are read from StylesPath.', 'information');
    else if (!CORE_KEYS.has(key) && SYNTAX_KEYS.has(key))
      problem(found.path, entry.line, `'${key}' is a setting of a [glob] section (such as [*.mdx]), not of the top of the file.`);
  }
  const styles = last(ini.core.get('StylesPath'));
  if (styles) {
    const path = join(folder, styles.value);
    if (!inside(path)) problem(found.path, styles.line, `StylesPath '${styles.value}' is outside the repository: its styles are not read.`);
    else setup.stylesPath = path;
  }
  const level = last(ini.core.get('MinAlertLevel'));
  if (level) {
    if ((VALE_LEVELS as readonly string[]).includes(level.value)) setup.minAlertLevel = level.value as ValeLevel;
    else problem(found.path, level.line, `MinAlertLevel must be 'suggestion', 'warning' or 'error', not '${level.value}'.`);
  }
  setup.wordTemplate = last(ini.core.get('WordTemplate'))?.value;
  setup.ignoredScopes = valeList(ini.core.get('IgnoredScopes')).map((e) => e.value);
  setup.skippedScopes = valeList(ini.core.get('SkippedScopes')).map((e) => e.value);

  for (const s of ini.sections) {
    if (s.glob === 'formats') {
      for (const [k, v] of s.entries) setup.formats.set(k, last(v)!.value);
      continue;
    }
    if (s.glob === 'DEFAULT' || s.glob === 'asciidoctor') continue;
    const section: ValeSection = { glob: s.glob, line: s.line, checks: new Map(), tokenIgnores: [], blockIgnores: [] };
    for (const [key, entries] of s.entries) {
      const entry = last(entries)!;
      if (CORE_KEYS.has(key)) problem(found.path, entry.line, `'${key}' is a core setting: it belongs above any [section].`);
      else if (key === 'BasedOnStyles') {
        section.basedOnStyles = valeList(entries).map((e) => e.value);
        section.stylesLine = entry.line;
      } else if (key === 'TokenIgnores') section.tokenIgnores = valeList(entries);
      else if (key === 'BlockIgnores' || key === 'IgnorePatterns') section.blockIgnores = valeList(entries);
      else if (key === 'Transform' || key === 'Lang')
        problem(found.path, entry.line, `'${key}' is not read: pages are checked as the format renders them, in English.`, 'information');
      else if (key === 'CommentDelimiters') continue;
      else section.checks.set(key, entry);
    }
    if (s.glob === '*') setup.global = section;
    else setup.sections.push(section);
  }

  // The vocabularies (Vale 3's folder, then Vale 2's).
  const vocab = valeList(ini.core.get('Vocab'));
  for (const v of vocab) {
    if (!setup.stylesPath) {
      problem(found.path, v.line, `Vocab '${v.value}' needs a StylesPath to be found in.`);
      continue;
    }
    if (v.value.includes('/') || v.value.includes('\\') || v.value === '..') {
      problem(found.path, v.line, `Vocab '${v.value}' is a name, not a path.`);
      continue;
    }
    let any = false;
    for (const dir of [join(setup.stylesPath, 'config', 'vocabularies', v.value), join(setup.stylesPath, 'Vocab', v.value)]) {
      for (const [file, list] of [
        ['accept.txt', setup.accept],
        ['reject.txt', setup.reject],
      ] as const) {
        const path = join(dir, file);
        const text = await guarded.readFile(path);
        if (text === undefined) continue;
        any = true;
        text.split(/\r?\n/).forEach((raw, line) => {
          const entry = raw.trim();
          // Vale skips blank lines and comments written `# ` (a `#` alone may start a pattern).
          if (entry && !entry.startsWith('# ') && entry !== '#') list.push({ entry, path, line });
        });
      }
      if (any) break;
    }
    if (!any)
      problem(
        found.path,
        v.line,
        `Vocab '${v.value}': no accept.txt or reject.txt in ${join(setup.stylesPath, 'config', 'vocabularies', v.value)}.`,
        'warning',
      );
  }

  // The styles the sections name, and the styles of rules switched on by name.
  const named = new Map<string, number>();
  const note = (style: string, line: number) => {
    if (!named.has(style)) named.set(style, line);
  };
  for (const s of [setup.global, ...setup.sections]) {
    if (!s) continue;
    for (const style of s.basedOnStyles ?? []) note(style, s.stylesLine ?? s.line);
    for (const [key, entry] of s.checks) if (key.includes('.') && entry.value !== 'NO') note(key.split('.')[0], entry.line);
  }
  named.delete('Vale');
  for (const [style, line] of named) {
    if (!setup.stylesPath) {
      problem(found.path, line, `Style '${style}' cannot be found without a StylesPath.`);
      continue;
    }
    if (!/^[\w.-]+$/.test(style) || style === '..' || style === '.') {
      problem(found.path, line, `'${style}' is not a style name.`);
      continue;
    }
    const dir = join(setup.stylesPath, style);
    folders.push(dir);
    const files = (await reader.listFiles(dir)).filter((f) => dirname(f) === dir && f.endsWith('.yml')).sort();
    if (files.length === 0) {
      problem(found.path, line, `Style '${style}' has no rules in ${dir} (a folder of .yml files).`);
      continue;
    }
    for (const path of files.slice(0, MAX_RULES)) {
      const text = await guarded.readFile(path);
      const name = `${style}.${path.slice(dir.length + 1, -'.yml'.length)}`;
      if (text === undefined) {
        problem(path, 0, `${name} is not read (larger than ${MAX_FILE / 1024} KB).`);
        continue;
      }
      setup.rules.push(readRuleFile(name, path, text, problems));
    }
  }

  // Spelling ignore files: Vale.Spelling reads every file of <StylesPath>/config/ignore; a style's
  // spelling rule the files its `ignore` names (from StylesPath or that folder).
  if (setup.stylesPath) {
    const ignoreDir = join(setup.stylesPath, 'config', 'ignore');
    const wanted = new Set<string>();
    const usesValeSpelling = [setup.global, ...setup.sections].some(
      (s) => s?.basedOnStyles?.includes('Vale') || s?.checks.get('Vale.Spelling')?.value === 'YES',
    );
    if (usesValeSpelling) {
      folders.push(ignoreDir);
      for (const f of await reader.listFiles(ignoreDir)) if (dirname(f) === ignoreDir) wanted.add(f);
    }
    for (const rule of setup.rules) {
      if (rule.definition?.extends !== 'spelling') continue;
      const ignore = rule.definition.ignore;
      for (const name of typeof ignore === 'string' ? [ignore] : Array.isArray(ignore) ? ignore : []) {
        if (typeof name !== 'string') continue;
        for (const candidate of [join(setup.stylesPath, name), join(ignoreDir, name)]) if (inside(candidate)) wanted.add(candidate);
      }
    }
    for (const path of [...wanted].sort()) {
      const text = await guarded.readFile(path);
      if (text === undefined) continue;
      setup.ignoreFiles.set(
        path,
        text
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => l && !l.startsWith('#')),
      );
    }
  }
  return setup;
}

/** A rule file's YAML as plain values, with its keys' lines; what is wrong with it goes to `problems`. */
export function readRuleFile(name: string, path: string, text: string, problems: ValeProblem[]): ValeRuleFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const keyLines = new Map<string, number>();
  if (doc.errors.length) {
    const e = doc.errors[0];
    problems.push({
      path,
      line: (e.linePos?.[0].line ?? 1) - 1,
      message: `${name} is not used: its YAML does not parse (${e.message.split('\n')[0]}).`,
      severity: 'error',
    });
    return { name, path, keyLines };
  }
  if (!isMap(doc.contents)) {
    problems.push({ path, line: 0, message: `${name} is not used: a rule is a YAML mapping (extends, message, ...).`, severity: 'error' });
    return { name, path, keyLines };
  }
  for (const pair of doc.contents.items) {
    if (isScalar(pair.key) && pair.key.range) keyLines.set(String(pair.key.value), lineCounter.linePos(pair.key.range[0]).line - 1);
  }
  const value = doc.toJS({ maxAliasCount: 50 }) as unknown;
  return { name, path, definition: value as Record<string, unknown>, keyLines };
}

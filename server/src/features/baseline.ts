// Baselines: the findings a site had when its baseline was recorded, so a check reports (and fails on)
// only the ones added since. A finding is known by its rule, its site-relative file and a fingerprint of
// its message (numbers blanked) and of the text of its line(s), never its line number, so lines moving
// above or below it leave it matched. The same fingerprint twice in a file is two entries: an entry
// matches at most one finding. Pure: the host reads the baseline file and hands the texts over.
import type { Finding } from '../types';
import { relativeInside } from '../util/paths';

/** The baseline file a check reads at a site's root, and `--baseline-write` writes by default. */
export const BASELINE_FILE_NAME = '.docwright-baseline.json';

/** The format's version: a change of fingerprint or of shape is a new version. */
export const BASELINE_VERSION = 1;

/** One recorded finding. `file` is site-relative with forward slashes. */
export interface BaselineEntry {
  rule: string;
  file: string;
  fingerprint: string;
  /** The finding's message when it was recorded: for the reader of the file and of stale entries. */
  message?: string;
}

export interface Baseline {
  version: typeof BASELINE_VERSION;
  findings: BaselineEntry[];
}

/** The text of a site file by its site-relative path; undefined when the host has none (a binary file, one gone). */
export type TextOf = (file: string) => string | undefined;

/** What a check against a baseline reports. */
export interface BaselineMatch {
  /** Findings the baseline does not hold: reported, and the only ones that fail a check. */
  new: Finding[];
  /** Findings the baseline holds. */
  baselined: Finding[];
  /** Entries no finding matched: fixed since, removable by writing the baseline again. */
  stale: BaselineEntry[];
  /** Each finding's fingerprint (none for a finding outside the site). */
  fingerprints: Map<Finding, string>;
}

/** How many lines of a long finding's range its context keeps at each end. */
const CONTEXT_EDGE = 4;
const FINGERPRINT = /^[0-9a-f]{16}$/;

/** A 64-bit hash of a string, as 16 hex digits: two multiply-xor lanes over the UTF-16 code units, mixed at the end. */
function hash64(s: string): string {
  let a = 0x9e3779b9;
  let b = 0x85ebca6b;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x9e3779b1);
    b = Math.imul(b ^ c, 0x5f356495);
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  return (b >>> 0).toString(16).padStart(8, '0') + (a >>> 0).toString(16).padStart(8, '0');
}

/** A line as the fingerprint reads it: trimmed, runs of white space as one space, a trailing comma dropped (a list entry that became the last one). */
function normalLine(line: string): string {
  const t = line.replace(/\s+/g, ' ').trim();
  return t.endsWith(',') ? t.slice(0, -1).trim() : t;
}

/** A message as the fingerprint reads it: numbers blanked ("on line 12", "3 problems" move and change with the text around them). */
function normalMessage(message: string): string {
  return message.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** Reads each file's lines once for all its findings. */
function linesReader(textOf: TextOf): (file: string) => readonly string[] {
  const lines = new Map<string, readonly string[]>();
  return (file) => {
    let l = lines.get(file);
    if (!l) {
      l = (textOf(file) ?? '').split(/\r?\n/);
      lines.set(file, l);
    }
    return l;
  };
}

/** The normalised text of a finding's lines: all of them, or the first and last few of a long range. */
function contextOf(f: Finding, lines: readonly string[]): string {
  const start = Math.max(0, f.range.start.line);
  const end = Math.max(start, f.range.end.line);
  const pick = (from: number, to: number) => lines.slice(from, to + 1).map(normalLine);
  const kept = end - start + 1 <= 2 * CONTEXT_EDGE ? pick(start, end) : [...pick(start, start + CONTEXT_EDGE - 1), '…', ...pick(end - CONTEXT_EDGE + 1, end)];
  return kept.join('\n');
}

function fingerprint(rule: string, file: string, message: string, context: string): string {
  return hash64([rule, file, normalMessage(message), context].join('\0'));
}

/** The site-relative file and fingerprint of each finding of the site at `root` (findings outside it have none). */
function fingerprintsOf(findings: readonly Finding[], root: string, textOf: TextOf): Map<Finding, { file: string; fingerprint: string }> {
  const linesOf = linesReader(textOf);
  const out = new Map<Finding, { file: string; fingerprint: string }>();
  for (const f of findings) {
    const file = relativeInside(root, f.path);
    if (file === undefined) continue;
    out.set(f, { file, fingerprint: fingerprint(f.ruleId, file, f.message, contextOf(f, linesOf(file))) });
  }
  return out;
}

/** The fingerprint of one finding of the site at `root`; undefined when it is outside the site. */
export function fingerprintOf(finding: Finding, root: string, textOf: TextOf): string | undefined {
  return fingerprintsOf([finding], root, textOf).get(finding)?.fingerprint;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  return (
    compareText(a.file, b.file) || compareText(a.rule, b.rule) || compareText(a.message ?? '', b.message ?? '') || compareText(a.fingerprint, b.fingerprint)
  );
}

/** The baseline of a site's findings (every severity), its entries sorted (file, rule, message, fingerprint): the same findings give the same file. */
export function createBaseline(findings: readonly Finding[], root: string, textOf: TextOf): Baseline {
  const entries: BaselineEntry[] = [];
  for (const [f, { file, fingerprint }] of fingerprintsOf(findings, root, textOf)) entries.push({ rule: f.ruleId, file, fingerprint, message: f.message });
  return { version: BASELINE_VERSION, findings: entries.sort(compareEntries) };
}

/** The baseline file's text: one entry per line (a change reads as a line in a diff), keys in a fixed order, sorted. */
export function writeBaseline(baseline: Baseline): string {
  const rows = [...baseline.findings]
    .sort(compareEntries)
    .map((e) => JSON.stringify({ rule: e.rule, file: e.file, fingerprint: e.fingerprint, ...(e.message !== undefined ? { message: e.message } : {}) }));
  return `{\n  "version": ${BASELINE_VERSION},\n  "findings": [${rows.length ? `\n    ${rows.join(',\n    ')}\n  ` : ''}]\n}\n`;
}

/** Why a site-relative path may not be an entry's file, or undefined when it may. */
function badFile(file: string): string | undefined {
  if (file === '') return 'is empty';
  if (file.includes('\\')) return 'has a backslash (write paths with /)';
  if (file.startsWith('/') || /^[A-Za-z]:/.test(file)) return 'is absolute (write it relative to the site root)';
  if (file.split('/').some((part) => part === '..')) return 'is outside the site';
  if (file.split('/').some((part) => part === '' || part === '.')) return 'is not a plain relative path';
  return undefined;
}

/** Reads a baseline file's text: the baseline, or what is wrong with it (one sentence naming the entry). */
export function parseBaseline(text: string): { baseline: Baseline } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { error: `not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { error: 'not a baseline: expected an object with "version" and "findings"' };
  const { version, findings } = data as Record<string, unknown>;
  if (version !== BASELINE_VERSION)
    return {
      error:
        version === undefined
          ? `no "version": this Docwright reads baselines of version ${BASELINE_VERSION}`
          : `version ${JSON.stringify(version)} is not one this Docwright reads (${BASELINE_VERSION}); write it again with --baseline-write`,
    };
  if (!Array.isArray(findings)) return { error: '"findings" is not a list' };
  const entries: BaselineEntry[] = [];
  for (const [i, item] of findings.entries()) {
    const where = `entry ${i + 1} of "findings"`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { error: `${where} is not an object` };
    const { rule, file, fingerprint, message } = item as Record<string, unknown>;
    if (typeof rule !== 'string' || rule === '') return { error: `${where} has no "rule"` };
    if (typeof file !== 'string') return { error: `${where} has no "file"` };
    const bad = badFile(file);
    if (bad) return { error: `${where}: the file ${JSON.stringify(file)} ${bad}` };
    if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint)) return { error: `${where} has no "fingerprint" of 16 hex digits` };
    if (message !== undefined && typeof message !== 'string') return { error: `${where}: "message" is not a string` };
    entries.push({ rule, file, fingerprint, ...(message !== undefined ? { message } : {}) });
  }
  return { baseline: { version: BASELINE_VERSION, findings: entries } };
}

const keyOf = (rule: string, file: string, fingerprint: string) => `${rule}\0${file}\0${fingerprint}`;

/**
 * Sorts the findings of the site at `root` against its baseline: each entry matches at most one
 * finding with its rule, file and fingerprint (the first in the findings' order); what is left of
 * the entries is stale. `textOf` gives the texts of the files the findings are in.
 */
export function matchBaseline(findings: readonly Finding[], baseline: Baseline, root: string, textOf: TextOf): BaselineMatch {
  const left = new Map<string, BaselineEntry[]>();
  for (const e of baseline.findings) {
    const key = keyOf(e.rule, e.file, e.fingerprint);
    const same = left.get(key);
    if (same) same.push(e);
    else left.set(key, [e]);
  }
  const prints = fingerprintsOf(findings, root, textOf);
  const match: BaselineMatch = { new: [], baselined: [], stale: [], fingerprints: new Map() };
  for (const f of findings) {
    const print = prints.get(f);
    if (print) match.fingerprints.set(f, print.fingerprint);
    const entries = print && left.get(keyOf(f.ruleId, print.file, print.fingerprint));
    if (entries?.length) {
      entries.pop();
      match.baselined.push(f);
    } else match.new.push(f);
  }
  for (const entries of left.values()) for (const e of entries) match.stale.push(e);
  match.stale.sort(compareEntries);
  return match;
}

/** The findings a baseline holds, for a host that marks them (the editor shows them at their severity, tagged). */
export function baselinedFindings(findings: readonly Finding[], baseline: Baseline, root: string, textOf: TextOf): Set<Finding> {
  return new Set(matchBaseline(findings, baseline, root, textOf).baselined);
}

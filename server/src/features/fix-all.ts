// The one fix-all engine of every host (reached through Docwright.fixAll): applies the findings' fixes
// in memory, checks again, and repeats until nothing changes; what differs between the editor's fix
// all, the MCP server's and `docwright check --fix` is a FixPolicy. Returns texts; the host writes.
import { checkPage, type CheckOptions } from '../check';
import { parsePage } from '../pages/parse';
import { createSiteIndex, type SiteIndex } from '../site/site-index';
import type { Finding, Fix, TextEdit } from '../types';
import { PARSE_FAILURE_RULES } from '../rules/index';
import { LineIndex } from '../util/text';
import { append } from '../util/array';
import { jsxAttributes } from '../pages/jsx';
import { nodesOf } from '../pages/nodes';

/** The fix "fix all" applies for a finding: its preferred one, if it only edits this page. */
function autoFix(f: Finding) {
  const fix = f.fixes?.find((x) => x.isPreferred) ?? (f.fixes?.length === 1 ? f.fixes[0] : undefined);
  if (!fix || fix.createFiles?.length || fix.edits.some((e) => e.path !== f.path)) return undefined;
  return fix;
}

/**
 * The fix `docwright check --fix` applies unseen: fix all's, and only when the rule marks it preferred
 * (the one right fix, not one guess among several).
 */
export function safeFix(f: Finding) {
  const fix = autoFix(f);
  return fix?.isPreferred ? fix : undefined;
}

/** A file's text with the safe fixes of its findings applied (those that do not overlap); how many were. */
export function applySafeFixes(text: string, findings: Finding[]): { text: string; applied: number } {
  return applyFixes(text, findings, safeFix);
}

/** A file's text with the fixes `choose` picks for its findings applied (those that do not overlap); how many were. */
function applyFixes(text: string, findings: Finding[], choose: (f: Finding) => Fix | undefined): { text: string; applied: number } {
  const fixes = findings.map(choose).filter((f) => f !== undefined);
  return applyGuarded(
    findings[0]?.path ?? 'page.mdx',
    text,
    fixes.map((f) => f.edits.flatMap((e) => e.edits)),
  );
}

export function fixableFindings(findings: Finding[]): Finding[] {
  return findings.filter((f) => autoFix(f) !== undefined);
}

/**
 * Attributes given twice on one element, counted over the page: the later one wins, so a fix that
 * makes one (renaming `tittle` beside a `title`) changes what the page shows. Undefined when the page is not read.
 */
export function repeatedAttributes(path: string, text: string): number | undefined {
  const page = parsePage(path, text);
  if (page.tooLarge) return undefined;
  let repeated = 0;
  for (const node of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    const names = jsxAttributes(node).map((a) => a.name);
    repeated += names.length - new Set(names).size;
  }
  return repeated;
}

/** Applies the fix groups as applyNonOverlapping does, leaving out any group that gives an element an attribute twice. */
function applyGuarded(path: string, text: string, groups: TextEdit[][]): { text: string; applied: number } {
  const all = applyNonOverlapping(text, groups);
  if (all.applied === 0) return all;
  const before = repeatedAttributes(path, text);
  const grew = (after: string) => before !== undefined && (repeatedAttributes(path, after) ?? 0) > before;
  if (!grew(all.text)) return all;
  return applyNonOverlapping(
    text,
    groups.filter((g) => !grew(applyNonOverlapping(text, [g]).text)),
  );
}

/** Applies non-overlapping edits; returns the new text and how many were applied. */
function applyNonOverlapping(text: string, edits: TextEdit[][]): { text: string; applied: number } {
  const index = new LineIndex(text);
  const groups = edits
    .map((group) => group.map((e) => ({ start: index.offsetAt(e.range.start), end: index.offsetAt(e.range.end), newText: e.newText })))
    .sort((a, b) => Math.min(...a.map((e) => e.start)) - Math.min(...b.map((e) => e.start)));
  const taken: { start: number; end: number; newText: string }[] = [];
  let applied = 0;
  for (const group of groups) {
    const clash = group.some((e) => taken.some((t) => (e.start < t.end && t.start < e.end) || (e.start === e.end && e.start === t.start)));
    if (clash) continue;
    append(taken, group);
    applied++;
  }
  taken.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of taken) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return { text: out, applied };
}

/** Which fix of a finding a policy applies; either way only one that edits the finding's own file and creates none. */
export type FixChoice = 'preferred' | 'preferred-or-only';

/** How fix all runs: what differs between the hosts is named here, one engine (fixFiles) runs them all. */
export interface FixPolicy {
  /**
   * 'preferred': only the fix the rule marks as the one right fix (`docwright check --fix`, applied
   * unseen); 'preferred-or-only': also a finding's only fix (the editor's and the MCP server's fix all).
   */
  fixes: FixChoice;
  /** Rounds of fixing and checking again, at most (a fix may uncover the next finding: heading levels). */
  rounds: number;
  /** Leave a file with a syntax error (PARSE_FAILURE_RULES) alone: its findings come from a broken parse. */
  skipBroken: boolean;
  /**
   * Only remove findings: a round that adds one is undone and those fixes are not tried again, and a
   * file that ends with a finding it did not have goes back to its last text that had none.
   */
  onlyRemove: boolean;
}

/** The editor's "Fix all" (and the MCP server's fix tool): what the user sees applied, in a few rounds. */
export const EDITOR_FIX_POLICY: Readonly<FixPolicy> = Object.freeze({ fixes: 'preferred-or-only', rounds: 5, skipBroken: false, onlyRemove: false });

/** `docwright check --fix`: safe fixes only, until nothing changes, never adding a finding. */
export const CHECK_FIX_POLICY: Readonly<FixPolicy> = Object.freeze({ fixes: 'preferred', rounds: 20, skipBroken: true, onlyRemove: true });

/** What the engine fixes: the host's texts and a check over them, both given by the facade. */
export interface FixSource {
  /** The findings with the texts of `overlay` (absolute path -> text) standing for the files'; undefined when there is no site. */
  check(overlay: ReadonlyMap<string, string>): Promise<Finding[] | undefined>;
  /** A file's text as the host has it (an editor's unsaved buffer included). */
  read(path: string): Promise<string | undefined>;
  /** Fix only this file (absolute path): a page. Without it, every file the check reports on. */
  only?: string;
}

/** What fix all changed, for the host to write (the core never does). */
export interface FixResult {
  /** Absolute path -> its text before and after, for each file the fixes change. */
  files: Map<string, { before: string; after: string }>;
  /** How many findings the fixes removed in all (at least one per changed file). */
  applied: number;
  /** Files left alone for a syntax error that had fixes (skipBroken). */
  skipped: string[];
  /** Findings whose fix was not applied, outside skipped files (onlyRemove: because it adds a finding), with the fix's title. */
  refused: { finding: Finding; title: string }[];
  /** The findings of the changed files that the fixes removed (rule and message: positions move). */
  fixed: Finding[];
}

/** A finding as the subset check compares them: rule and message (positions move as text is fixed). */
const keyOf = (f: Finding) => `${f.ruleId}\0${f.message}`;

interface Tally {
  keys: Set<string>;
  rules: Map<string, number>;
}

/** Per file: its findings' keys, and how many findings of each rule. */
function tally(findings: Finding[]): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const f of findings) {
    const t = out.get(f.path) ?? out.set(f.path, { keys: new Set(), rules: new Map() }).get(f.path)!;
    t.keys.add(keyOf(f));
    t.rules.set(f.ruleId, (t.rules.get(f.ruleId) ?? 0) + 1);
  }
  return out;
}

const NONE: Tally = { keys: new Set(), rules: new Map() };
const count = (t: Tally | undefined) => [...(t ?? NONE).rules.values()].reduce((a, b) => a + b, 0);

/**
 * THE fix all: applies each finding's fix (as `policy` chooses) in memory, checks again through
 * `source`, and repeats until nothing changes or `policy.rounds` have passed. Returns the new texts.
 */
export async function fixFiles(source: FixSource, policy: FixPolicy): Promise<FixResult> {
  const choose = policy.fixes === 'preferred' ? safeFix : autoFix;
  const overlay = new Map<string, string>();
  const before = new Map<string, string>();
  const skipped = new Set<string>();
  const check = async () => (await source.check(overlay))?.filter((f) => source.only === undefined || f.path === source.only);
  const read = async (p: string) => overlay.get(p) ?? (await source.read(p));
  const brokenIn = (all: Finding[]) => new Set(policy.skipBroken ? all.filter((f) => PARSE_FAILURE_RULES.has(f.ruleId)).map((f) => f.path) : []);
  let findings = await check();
  if (!findings) return { files: new Map(), applied: 0, skipped: [], refused: [], fixed: [] };
  const originalFindings = findings;
  const original = tally(findings);
  /** No finding of a rule more than before (a fix may uncover the next one, as heading levels do: the next round fixes it). */
  const noMore = (p: string, now: Map<string, Tally>) => [...(now.get(p) ?? NONE).rules].every(([r, n]) => n <= ((original.get(p) ?? NONE).rules.get(r) ?? 0));
  /** Every finding one that was there before. */
  const subset = (p: string, now: Map<string, Tally>) => [...(now.get(p) ?? NONE).keys].every((k) => (original.get(p) ?? NONE).keys.has(k));
  /** Each changed file's last text whose findings were a subset of before. */
  const lastGood = new Map<string, string>();
  /** Fixes that added findings: not applied again (file and rule). */
  const excluded = new Set<string>();
  /** Files where a round of several rules' fixes added findings: fixed one rule at a time since, to find which. */
  const careful = new Set<string>();
  /** The files the last round changed: their text before it and the rules whose fixes it applied. */
  let last = new Map<string, { previous: string; rules: Set<string> }>();
  for (let round = 0; round < policy.rounds && findings; round++) {
    const now = tally(findings);
    const grew = [...now.keys()].filter((p) => !noMore(p, now));
    if (policy.onlyRemove && grew.length > 0 && last.size > 0) {
      // Undo the last round where it added findings (everywhere it changed when the new ones are elsewhere).
      const culprits = grew.filter((p) => last.has(p));
      for (const p of culprits.length ? culprits : [...last.keys()]) {
        const step = last.get(p)!;
        overlay.set(p, step.previous);
        if (step.rules.size === 1) excluded.add(`${p}\0${[...step.rules][0]}`);
        else careful.add(p);
      }
      last = new Map();
      findings = await check();
      continue;
    }
    for (const p of overlay.keys()) if (subset(p, now)) lastGood.set(p, overlay.get(p)!);
    last = new Map();
    const broken = brokenIn(findings);
    const byPath = new Map<string, Finding[]>();
    for (const f of findings) {
      if (!choose(f) || excluded.has(`${f.path}\0${f.ruleId}`)) continue;
      if (broken.has(f.path)) {
        skipped.add(f.path);
        continue;
      }
      (byPath.get(f.path) ?? byPath.set(f.path, []).get(f.path)!).push(f);
    }
    for (const [p, all] of byPath) {
      const first = [...new Set(all.map((f) => f.ruleId))].sort()[0];
      const list = careful.has(p) ? all.filter((f) => f.ruleId === first) : all;
      const text = await read(p);
      if (text === undefined) continue;
      const r = applyFixes(text, list, choose);
      if (r.applied === 0 || r.text === text) continue;
      if (!before.has(p)) before.set(p, text);
      overlay.set(p, r.text);
      last.set(p, { previous: text, rules: new Set(list.map((f) => f.ruleId)) });
    }
    if (last.size === 0) break;
    findings = await check();
  }
  // What remains must be a subset of what was there: a file that ends otherwise goes back to its last text that was.
  for (let pass = 0; policy.onlyRemove && pass < 2 && findings; pass++) {
    const now = tally(findings);
    const bad = [...overlay.keys()].filter((p) => !subset(p, now) || !noMore(p, now));
    if (bad.length === 0) break;
    for (const p of bad) overlay.set(p, pass === 0 ? (lastGood.get(p) ?? before.get(p)!) : before.get(p)!);
    findings = await check();
  }
  const files = new Map<string, { before: string; after: string }>();
  for (const [p, text] of before) if (overlay.get(p) !== text) files.set(p, { before: text, after: overlay.get(p)! });
  // Fixes applied: the findings that are gone from the changed files.
  const now = findings ? tally(findings) : new Map<string, Tally>();
  let applied = 0;
  for (const p of files.keys()) applied += count(original.get(p)) - count(now.get(p));
  const broken = brokenIn(findings ?? []);
  const refused = (findings ?? []).filter((f) => choose(f) && !broken.has(f.path)).map((f) => ({ finding: f, title: choose(f)!.title }));
  const fixed = originalFindings.filter((f) => files.has(f.path) && !(now.get(f.path) ?? NONE).keys.has(keyOf(f)));
  return { files, applied: Math.max(applied, files.size), skipped: [...skipped].sort(), refused, fixed };
}

/**
 * The source of a page's fix all: its text in `index`, checked alone on the index with the page's
 * new text (the editor's and the MCP server's page). Undefined when `id` is no page of the index.
 */
export function pageFixSource(index: SiteIndex, id: string, options: CheckOptions = {}): FixSource | undefined {
  const page = index.pages.get(id);
  if (!page) return undefined;
  return {
    only: page.path,
    read: async (p) => (p === page.path ? page.text : undefined),
    check: async (overlay) => {
      const text = overlay.get(page.path);
      if (text === undefined) return checkPage(index, id, options);
      const pages = new Map(index.pages);
      pages.set(id, parsePage(page.path, text));
      return checkPage(createSiteIndex(index.site, pages), id, options);
    },
  };
}

/** The page text after the editor's fix all; undefined when nothing changes. */
export async function fixAllText(index: SiteIndex, id: string, options: CheckOptions = {}): Promise<string | undefined> {
  const source = pageFixSource(index, id, options);
  return source && (await fixFiles(source, EDITOR_FIX_POLICY)).files.get(source.only!)?.after;
}

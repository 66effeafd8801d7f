// `docwright check --fix` / `--fix-dry-run`: the safe fixes of a site (features/fix-all.ts: safeFix),
// applied in memory, re-checked and applied again until nothing changes (a few rounds at most).
// A file with a syntax error is never touched: its findings come from a broken parse. A round that
// adds a finding anywhere is undone and those fixes are not tried again: --fix only removes findings.
import { DiskWorkspace } from '../node/disk-workspace';
import { checkSiteFiles, readSiteTexts } from '../node/check-run';
import { applySafeFixes, safeFix } from '../features/fix-all';
import { PARSE_FAILURE_RULES } from '../rules/index';
import { loadSite } from '../site/site';
import type { Finding } from '../types';

const MAX_ROUNDS = 20;

export interface SiteFixes {
  /** Absolute path -> its text before and after, for each file the fixes change. */
  files: Map<string, { before: string; after: string }>;
  /** How many fixes were applied in all. */
  applied: number;
  /** Files left alone for a syntax error that had safe fixes. */
  skipped: string[];
  /** Findings whose safe fix was not applied because it adds a finding (after the fixes that were). */
  refused: Finding[];
}

/** A finding as the subset check compares them: rule and message (positions move as text is fixed). */
const keyOf = (f: Finding) => `${f.ruleId}\0${f.message}`;

/** Per file: its findings' keys, and how many findings of each rule. */
function tally(findings: Finding[]): Map<string, { keys: Set<string>; rules: Map<string, number> }> {
  const out = new Map<string, { keys: Set<string>; rules: Map<string, number> }>();
  for (const f of findings) {
    const t = out.get(f.path) ?? out.set(f.path, { keys: new Set(), rules: new Map() }).get(f.path)!;
    t.keys.add(keyOf(f));
    t.rules.set(f.ruleId, (t.rules.get(f.ruleId) ?? 0) + 1);
  }
  return out;
}

export async function fixSite(root: string, threads: number): Promise<SiteFixes> {
  const overlay = new Map<string, string>();
  const before = new Map<string, string>();
  const ws = new DiskWorkspace((p) => overlay.get(p));
  const skipped = new Set<string>();
  const check = async () => {
    const site = await loadSite(ws, root);
    if (!site) return undefined;
    return (await checkSiteFiles(site, await readSiteTexts(site, (p) => ws.readFile(p)), { threads })).findings;
  };
  let findings = await check();
  if (!findings) return { files: new Map(), applied: 0, skipped: [], refused: [] };
  const original = tally(findings);
  const none = { keys: new Set<string>(), rules: new Map<string, number>() };
  /** No finding of a rule more than before (a fix may uncover the next one, as heading levels do: the next round fixes it). */
  const noMore = (p: string, now: ReturnType<typeof tally>) =>
    [...(now.get(p) ?? none).rules].every(([r, n]) => n <= ((original.get(p) ?? none).rules.get(r) ?? 0));
  /** Every finding one that was there before. */
  const subset = (p: string, now: ReturnType<typeof tally>) => [...(now.get(p) ?? none).keys].every((k) => (original.get(p) ?? none).keys.has(k));
  /** Each changed file's last text whose findings were a subset of before. */
  const lastGood = new Map<string, string>();
  /** Fixes that added findings: not applied again (file and rule). */
  const excluded = new Set<string>();
  /** Files where a round of several rules' fixes added findings: fixed one rule at a time since, to find which. */
  const careful = new Set<string>();
  /** The files the last round changed: their text before it and the rules whose fixes it applied. */
  let last = new Map<string, { previous: string; rules: Set<string> }>();
  for (let round = 0; round < MAX_ROUNDS && findings; round++) {
    const now = tally(findings);
    const grew = [...now.keys()].filter((p) => !noMore(p, now));
    if (grew.length > 0 && last.size > 0) {
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
    const broken = new Set(findings.filter((f) => PARSE_FAILURE_RULES.has(f.ruleId)).map((f) => f.path));
    const byPath = new Map<string, Finding[]>();
    for (const f of findings) {
      if (!safeFix(f) || excluded.has(`${f.path}\0${f.ruleId}`)) continue;
      if (broken.has(f.path)) {
        skipped.add(f.path);
        continue;
      }
      (byPath.get(f.path) ?? byPath.set(f.path, []).get(f.path)!).push(f);
    }
    for (const [p, all] of byPath) {
      const first = [...new Set(all.map((f) => f.ruleId))].sort()[0];
      const list = careful.has(p) ? all.filter((f) => f.ruleId === first) : all;
      const text = await ws.readFile(p);
      if (text === undefined) continue;
      const r = applySafeFixes(text, list);
      if (r.applied === 0 || r.text === text) continue;
      if (!before.has(p)) before.set(p, text);
      overlay.set(p, r.text);
      last.set(p, { previous: text, rules: new Set(list.map((f) => f.ruleId)) });
    }
    if (last.size === 0) break;
    findings = await check();
  }
  // What remains must be a subset of what was there: a file that ends otherwise goes back to its last text that was.
  for (let pass = 0; pass < 2 && findings; pass++) {
    const now = tally(findings);
    const bad = [...overlay.keys()].filter((p) => !subset(p, now) || !noMore(p, now));
    if (bad.length === 0) break;
    for (const p of bad) overlay.set(p, pass === 0 ? (lastGood.get(p) ?? before.get(p)!) : before.get(p)!);
    findings = await check();
  }
  const files = new Map<string, { before: string; after: string }>();
  let applied = 0;
  for (const [p, text] of before) {
    if (overlay.get(p) === text) continue;
    files.set(p, { before: text, after: overlay.get(p)! });
  }
  // Fixes applied: the findings with a safe fix that are gone from the changed files.
  const now = findings ? tally(findings) : new Map();
  for (const p of files.keys())
    applied +=
      [...(original.get(p) ?? none).rules.values()].reduce((a, b) => a + b, 0) -
      [...(now.get(p) ?? none).rules.values()].reduce((a: number, b: number) => a + b, 0);
  const broken = new Set((findings ?? []).filter((f) => PARSE_FAILURE_RULES.has(f.ruleId)).map((f) => f.path));
  const refused = (findings ?? []).filter((f) => safeFix(f) && !broken.has(f.path));
  return { files, applied: Math.max(applied, files.size), skipped: [...skipped].sort(), refused };
}

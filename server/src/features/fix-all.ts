// "Fix all" for a page: applies every finding's preferred fix that edits only this page, re-checks,
// and repeats until nothing fixable is left (or a few rounds have passed).
import { checkPage, type CheckOptions } from '../check';
import { parsePage } from '../pages/parse';
import { createSiteIndex, type SiteIndex } from '../site/site-index';
import type { Finding, TextEdit } from '../types';
import { LineIndex } from '../util/text';
import { append } from '../util/array';
import { jsxAttributes } from '../pages/jsx';
import { nodesOf } from '../pages/nodes';

const MAX_ROUNDS = 5;

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
  const fixes = findings.map(safeFix).filter((f) => f !== undefined);
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

/** The page text after fixing everything that can be fixed automatically. */
export function fixAllText(index: SiteIndex, id: string, options: CheckOptions = {}): string | undefined {
  const original = index.pages.get(id);
  if (!original) return undefined;
  let current = index;
  let text = original.text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const fixes = checkPage(current, id, options)
      .map(autoFix)
      .filter((f) => f !== undefined);
    if (fixes.length === 0) break;
    const result = applyGuarded(
      original.path,
      text,
      fixes.map((f) => f.edits.flatMap((e) => e.edits)),
    );
    if (result.applied === 0) break;
    text = result.text;
    const pages = new Map(current.pages);
    pages.set(id, parsePage(original.path, text));
    current = createSiteIndex(current.site, pages);
  }
  return text === original.text ? undefined : text;
}

// `docwright check --fix` / `--fix-dry-run`: the safe fixes of a site (features/fix-all.ts: safeFix),
// applied in memory, re-checked and applied again until nothing changes (a few rounds at most).
// A file with a syntax error is never touched: its findings come from a broken parse.
import { DiskWorkspace } from '../node/disk-workspace';
import { checkSiteFiles, readSiteTexts } from '../node/check-run';
import { applySafeFixes, safeFix } from '../features/fix-all';
import { loadSite } from '../site/site';
import type { Finding } from '../types';

const MAX_ROUNDS = 10;

/** The rules whose findings mean the file did not parse. */
const SYNTAX_RULES = new Set(['mdx-syntax', 'frontmatter-syntax', 'config-syntax']);

export interface SiteFixes {
  /** Absolute path -> its text before and after, for each file the fixes change. */
  files: Map<string, { before: string; after: string }>;
  /** How many fixes were applied in all. */
  applied: number;
  /** Files left alone for a syntax error that had safe fixes. */
  skipped: string[];
}

export async function fixSite(root: string, threads: number): Promise<SiteFixes> {
  const overlay = new Map<string, string>();
  const before = new Map<string, string>();
  const ws = new DiskWorkspace((p) => overlay.get(p));
  let applied = 0;
  const skipped = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const site = await loadSite(ws, root);
    if (!site) break;
    const texts = await readSiteTexts(site, (p) => ws.readFile(p));
    const { findings } = await checkSiteFiles(site, texts, { threads });
    const broken = new Set(findings.filter((f) => SYNTAX_RULES.has(f.ruleId)).map((f) => f.path));
    const byPath = new Map<string, Finding[]>();
    for (const f of findings) {
      if (!safeFix(f)) continue;
      if (broken.has(f.path)) {
        skipped.add(f.path);
        continue;
      }
      (byPath.get(f.path) ?? byPath.set(f.path, []).get(f.path)!).push(f);
    }
    let round_applied = 0;
    for (const [p, list] of byPath) {
      const text = await ws.readFile(p);
      if (text === undefined) continue;
      const r = applySafeFixes(text, list);
      if (r.applied === 0 || r.text === text) continue;
      if (!before.has(p)) before.set(p, text);
      overlay.set(p, r.text);
      round_applied += r.applied;
    }
    if (round_applied === 0) break;
    applied += round_applied;
  }
  const files = new Map<string, { before: string; after: string }>();
  for (const [p, text] of before) if (overlay.get(p) !== text) files.set(p, { before: text, after: overlay.get(p)! });
  return { files, applied, skipped: [...skipped].sort() };
}

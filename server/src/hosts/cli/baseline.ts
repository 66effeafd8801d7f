// `docwright check --baseline <file> | --baseline-write | --no-baseline`: where each site's baseline is
// (its root's .docwright-baseline.json, used when it exists, or the file named), reading it (a bad file
// is a clear error, exit 2), writing it safely after the check, and what the check then reports: only
// the findings the baseline does not hold fail, with the count of baselined ones and the stale entries.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import type { Finding } from '../../types';
import {
  type Baseline,
  BASELINE_FILE_NAME,
  type BaselineEntry,
  type BaselineMatch,
  createBaseline,
  matchBaseline,
  parseBaseline,
  writeBaseline,
  compareFindings,
} from '../../docwright';
import { writeFileSafe } from '../../node/safe-write';
import { inlineSafe } from '../../util/controls';
import { join, relativeInside, toPosix } from '../../util/paths';
import { UsageError } from './args';
import type { SarifBaseline } from './ci-format';
import { shownPath } from './output';

export interface BaselineArgs {
  /** The baseline file (relative to the working folder; inside the site). */
  baseline?: string;
  /** Record the site's findings as its baseline after the check. */
  baselineWrite?: boolean;
  /** Ignore the site's .docwright-baseline.json. */
  noBaseline?: boolean;
}

/** A baseline that cannot be read or written: its message names the file; exit 2. */
export class BaselineError extends Error {}

/** One site's baseline: where it is, what it held when the check began (none: no baseline in use), whether to write it. */
interface SitePlan {
  file: string;
  baseline?: Baseline;
  write: boolean;
}

/** Per-site states, fingerprints and stale entries of a check, and what it prints about them. */
export interface BaselineReport {
  /** Whether any site's findings were matched against a baseline (every finding then has a state). */
  used: boolean;
  state: Map<Finding, 'new' | 'unchanged'>;
  fingerprints: Map<Finding, string>;
  stale: { root: string; entry: BaselineEntry }[];
  /** Lines for the summary: written baselines, notes. */
  notes: string[];
  baselined: number;
}

/** The baselines of one check: each site's plan, and the report its sites' matches fill. */
export class CheckBaselines implements BaselineReport {
  used = false;
  state = new Map<Finding, 'new' | 'unchanged'>();
  fingerprints = new Map<Finding, string>();
  stale: { root: string; entry: BaselineEntry }[] = [];
  notes: string[] = [];
  baselined = 0;

  constructor(
    private readonly plans: ReadonlyMap<string, SitePlan>,
    private readonly cwd: string,
    /** A file's text by its absolute path (the host's workspace). */
    private readonly readText: (file: string) => Promise<string | undefined>,
  ) {}

  /**
   * After a site's check: writes its baseline when asked (not after an incomplete check), then matches
   * the site's findings against it: all its rules' findings and what else is reported (git and
   * external-link findings), given as lists that may overlap. `texts` are the site's page texts.
   */
  async site(
    root: string,
    lists: readonly (readonly Finding[])[],
    texts: ReadonlyMap<string, string>,
    incomplete: boolean,
  ): Promise<BaselineMatch | undefined> {
    const plan = this.plans.get(root);
    if (!plan) return undefined;
    const findings = [...new Set(lists.flat())].sort(compareFindings);
    const more = new Map<string, string | undefined>();
    for (const f of findings) {
      const rel = relativeInside(root, f.path);
      if (rel !== undefined && !texts.has(rel) && !more.has(rel)) more.set(rel, await this.readText(f.path));
    }
    const textOf = (rel: string) => texts.get(rel) ?? more.get(rel);
    let baseline = plan.baseline;
    if (plan.write) {
      if (incomplete) {
        this.notes.push(`The check of ${shownPath(root, this.cwd, '.')} is incomplete (a rule failed): its baseline was not written.`);
        return undefined;
      }
      baseline = createBaseline(findings, root, textOf);
      await writeFileSafe(root, plan.file, writeBaseline(baseline));
      const n = baseline.findings.length;
      this.notes.push(`Baseline written to ${shownPath(plan.file, this.cwd)}: ${n} finding${n === 1 ? '' : 's'}.`);
    }
    if (!baseline) return undefined;
    const match = matchBaseline(findings, baseline, root, textOf);
    this.used = true;
    this.baselined += match.baselined.length;
    for (const f of match.new) this.state.set(f, 'new');
    for (const f of match.baselined) this.state.set(f, 'unchanged');
    for (const [f, print] of match.fingerprints) this.fingerprints.set(f, print);
    for (const entry of match.stale) this.stale.push({ root, entry });
    return match;
  }
}

/**
 * Reads the baseline of each site before the check, so a bad file stops it at once. `scoped`: the
 * check reports on some files only; `readText` reads a file with findings that is not a page.
 */
export async function planBaselines(
  roots: readonly string[],
  args: BaselineArgs,
  cwd: string,
  scoped: boolean,
  readText: (file: string) => Promise<string | undefined>,
): Promise<CheckBaselines> {
  const plans = new Map<string, SitePlan>();
  if (args.noBaseline) return new CheckBaselines(plans, cwd, readText);
  if (args.baselineWrite && scoped)
    throw new UsageError('--baseline-write records every finding of a site: it takes a folder, not files, globs or --changed-since.', 'check');
  if (args.baseline !== undefined && roots.length > 1)
    throw new UsageError(`--baseline names one file, and ${roots.length} sites were found: check one site, or use each site's ${BASELINE_FILE_NAME}.`, 'check');
  for (const root of roots) {
    const file = args.baseline !== undefined ? toPosix(path.resolve(cwd, args.baseline)) : join(root, BASELINE_FILE_NAME);
    if (relativeInside(root, file) === undefined)
      throw new BaselineError(`the baseline ${shownPath(file, cwd)} is outside the site ${shownPath(root, cwd, '.')}.`);
    if (!file.endsWith('.json')) throw new BaselineError(`the baseline ${shownPath(file, cwd)} is not a .json file.`);
    const text = await fs.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw new BaselineError(`the baseline ${shownPath(file, cwd)} could not be read: ${e.message}`);
    });
    if (args.baselineWrite) {
      if (text !== undefined && path.basename(file) !== BASELINE_FILE_NAME && !looksLikeBaseline(text))
        throw new BaselineError(`${shownPath(file, cwd)} exists and is not a Docwright baseline: nothing was written.`);
      plans.set(root, { file, write: true });
      continue;
    }
    if (text === undefined) {
      if (args.baseline !== undefined) throw new BaselineError(`the baseline ${shownPath(file, cwd)} does not exist (write it with --baseline-write).`);
      continue;
    }
    const read = parseBaseline(text);
    if ('error' in read) throw new BaselineError(`the baseline ${shownPath(file, cwd)} cannot be used: ${inlineSafe(read.error)}.`);
    plans.set(root, { file, baseline: read.baseline, write: false });
  }
  return new CheckBaselines(plans, cwd, readText);
}

/** A file --baseline-write may replace: a JSON object with a "findings" list (a baseline of any version). */
function looksLikeBaseline(text: string): boolean {
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && Array.isArray((data as { findings?: unknown }).findings);
  } catch {
    return false;
  }
}

/** Whether a finding counts: not one a baseline holds. */
export function isNew(report: BaselineReport, f: Finding): boolean {
  return report.state.get(f) !== 'unchanged';
}

/**
 * What the check prints about its baselines before the summary: the notes, the stale entries (each
 * behind a fixed word, so no site text starts a line) and the counts; nothing when none is in use.
 */
export function baselineLines(report: BaselineReport, reported: readonly Finding[], cwd: string): string[] {
  const lines = [...report.notes];
  if (!report.used) return lines;
  if (report.stale.length) {
    lines.push('Stale baseline entries (no finding matches them; --baseline-write removes them):');
    for (const { root, entry } of report.stale)
      lines.push(`  stale: ${shownPath(join(root, entry.file), cwd)}  ${inlineSafe(entry.message ?? '(no message)')}  ${inlineSafe(entry.rule)}`);
  }
  const fresh = reported.filter((f) => isNew(report, f)).length;
  const stale = report.stale.length;
  lines.push(`Baseline: ${fresh} new, ${report.baselined} baselined, ${stale} stale ${stale === 1 ? 'entry' : 'entries'}.`);
  return lines;
}

/** The report as the SARIF log states it: stale files relative to the working folder, as result locations are. */
export function sarifBaseline(report: BaselineReport, cwd: string): SarifBaseline {
  return {
    state: report.state,
    fingerprints: report.fingerprints,
    stale: report.stale.map(({ root, entry }) => ({
      file: toPosix(path.relative(cwd, join(root, entry.file))),
      rule: entry.rule,
      ...(entry.message !== undefined ? { message: entry.message } : {}),
    })),
  };
}

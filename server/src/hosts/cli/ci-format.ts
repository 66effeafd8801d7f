// `docwright check --format github|sarif`: findings as GitHub Actions workflow commands (annotations,
// one group per site) and as a SARIF 2.1.0 log (one run: the rules, then the results with their fixes).
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALL_RULES } from '../../docwright';
import type { Finding, Fix, Range, Severity } from '../../types';
import { ruleDocsPage } from '../../util/rule-docs';

/** Where the documentation is published: docs/ of the repository (util/rule-docs.ts names each rule's page). */
const DOCS_BASE = 'https://github.com/docwright/docwright/blob/main/docs/';

/** The README's CI section: the documentation of the checks that run against a git base. */
const CI_DOCS = 'https://github.com/docwright/docwright#continuous-integration';

export function ruleDocsUrl(ruleId: string): string {
  return DOCS_BASE + ruleDocsPage(ruleId).split('/').map(encodeURIComponent).join('/');
}

/** One site's findings, for the per-site groups. */
export interface SiteFindings {
  root: string;
  findings: Finding[];
}

/** A workflow command's message: `%`, CR and LF escaped (the runner decodes them). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: the message escapes, and `:` and `,` that would end it. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const GITHUB_LEVEL: Record<Severity, 'error' | 'warning' | 'notice'> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** A path as GitHub annotates it: relative to the working directory (the checkout), with forward slashes. */
function shownPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel).split(path.sep).join('/');
}

/** One annotation line of a finding. */
export function githubAnnotation(f: Finding, cwd: string): string {
  const props = [
    `file=${escapeProperty(shownPath(f.path, cwd))}`,
    `line=${f.range.start.line + 1}`,
    `col=${f.range.start.character + 1}`,
    `endLine=${f.range.end.line + 1}`,
    `endColumn=${f.range.end.character + 1}`,
    `title=${escapeProperty(`docwright ${f.ruleId}`)}`,
  ];
  return `::${GITHUB_LEVEL[f.severity]} ${props.join(',')}::${escapeData(f.message)}`;
}

/** The annotations, one `::group::` per site that has findings. */
export function formatGithub(sites: SiteFindings[], cwd: string): string {
  const lines: string[] = [];
  for (const site of sites) {
    if (site.findings.length === 0) continue;
    const name = path.relative(cwd, site.root) === '' ? '.' : shownPath(site.root, cwd);
    lines.push(`::group::${escapeData(`docwright: ${name} (${site.findings.length} finding${site.findings.length === 1 ? '' : 's'})`)}`);
    for (const f of site.findings) lines.push(githubAnnotation(f, cwd));
    lines.push('::endgroup::');
  }
  return lines.join('\n');
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** The base every relative artifact URI is read against: the working directory. */
const SRCROOT = 'SRCROOT';

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

function artifactLocation(file: string, cwd: string): ArtifactLocation {
  const rel = path.relative(cwd, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return { uri: pathToFileURL(file).href };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

/** 1-based lines and columns (UTF-16 code units, as the run's columnKind says). */
function region(r: Range) {
  return { startLine: r.start.line + 1, startColumn: r.start.character + 1, endLine: r.end.line + 1, endColumn: r.end.character + 1 };
}

function sarifFix(fix: Fix, cwd: string) {
  const artifactChanges = fix.edits
    .filter((e) => e.edits.length > 0)
    .map((e) => ({
      artifactLocation: artifactLocation(e.path, cwd),
      replacements: e.edits.map((t) => ({ deletedRegion: region(t.range), insertedContent: { text: t.newText } })),
    }));
  // A fix that only creates files has no change SARIF can state (artifactChanges needs one).
  if (artifactChanges.length === 0) return undefined;
  return { description: { text: fix.title }, artifactChanges };
}

/** A check against a baseline, as SARIF states it (§3.27.24). */
export interface SarifBaseline {
  /** Each finding's state; every result then has one ("new" when the map lacks it: its site had no baseline). */
  state: ReadonlyMap<Finding, 'new' | 'unchanged'>;
  /** The fingerprints the baseline matched on, given as partialFingerprints. */
  fingerprints: ReadonlyMap<Finding, string>;
  /**
   * Entries no finding matched, in the run's properties: not as results with baselineState "absent",
   * which code scanning services that ignore baselineState would show as alerts.
   */
  stale: { file: string; rule: string; message?: string }[];
}

/** The partialFingerprints key of the baseline's fingerprint: versioned with the baseline format. */
export const SARIF_FINGERPRINT_KEY = 'docwrightBaseline/v1';

/** The SARIF 2.1.0 log of the findings: every rule in tool.driver.rules, each result pointing at its rule. */
export function formatSarif(
  findings: Finding[],
  cwd: string,
  version: string,
  extraRules: readonly { id: string; description: string; severity: Severity }[] = [],
  baseline?: SarifBaseline,
): string {
  const rules = [...ALL_RULES.map((r) => ({ ...r, helpUri: ruleDocsUrl(r.id) })), ...extraRules.map((r) => ({ ...r, helpUri: CI_DOCS, fixable: false }))];
  const known = new Set(rules.map((r) => r.id));
  const extra = [...new Set(findings.map((f) => f.ruleId).filter((id) => !known.has(id)))];
  const descriptors = [
    ...rules.map((r) => ({
      id: r.id,
      shortDescription: { text: r.description },
      helpUri: r.helpUri,
      defaultConfiguration: { level: SARIF_LEVEL[r.severity] },
      properties: { fixable: r.fixable },
    })),
    ...extra.map((id) => ({ id, shortDescription: { text: id }, helpUri: ruleDocsUrl(id) })),
  ];
  const indexOf = new Map(descriptors.map((d, i) => [d.id, i]));
  const results = findings.map((f) => {
    const fixes = (f.fixes ?? []).map((x) => sarifFix(x, cwd)).filter((x) => x !== undefined);
    return {
      ruleId: f.ruleId,
      ruleIndex: indexOf.get(f.ruleId)!,
      level: SARIF_LEVEL[f.severity],
      message: { text: f.message },
      locations: [{ physicalLocation: { artifactLocation: artifactLocation(f.path, cwd), region: region(f.range) } }],
      ...(f.related?.length
        ? {
            relatedLocations: f.related.map((r, id) => ({
              id,
              message: { text: r.message },
              physicalLocation: { artifactLocation: artifactLocation(r.path, cwd), region: region(r.range) },
            })),
          }
        : {}),
      ...(fixes.length ? { fixes } : {}),
      ...(baseline ? baselineOf(f, baseline) : {}),
    };
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'docwright',
            informationUri: 'https://github.com/docwright/docwright',
            ...(/^\d+\.\d+\.\d+/.test(version) ? { semanticVersion: version } : {}),
            version,
            rules: descriptors,
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(cwd.endsWith(path.sep) ? cwd : cwd + path.sep).href } },
        columnKind: 'utf16CodeUnits',
        results,
        ...(baseline ? { properties: { baseline: baselineSummary(findings, baseline) } } : {}),
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

function baselineOf(f: Finding, baseline: SarifBaseline) {
  const fingerprint = baseline.fingerprints.get(f);
  return { baselineState: baseline.state.get(f) ?? 'new', ...(fingerprint ? { partialFingerprints: { [SARIF_FINGERPRINT_KEY]: fingerprint } } : {}) };
}

/** The run's counts of new and unchanged results, and its stale baseline entries. */
function baselineSummary(findings: readonly Finding[], baseline: SarifBaseline) {
  const unchanged = findings.filter((f) => baseline.state.get(f) === 'unchanged').length;
  return { new: findings.length - unchanged, unchanged, stale: baseline.stale };
}

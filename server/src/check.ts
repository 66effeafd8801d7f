// Runs the rules: site rules over the config and file set, page rules over each parsed page.
// Findings come back with their final severity, in file and position order.
import { nodeRange } from './rules/edits';
import { PAGE_FACTS, PAGE_RULES, SITE_RULES, SNIPPET_RULES } from './rules/index';
import { inlineSuppressions, resolveSeverity, type SeverityOptions, type Suppressed } from './rules/severity';
import { isCrossPageRule, type AnyPageRule, type PageReport, type PageShell, type RuleMeta, type SiteRule } from './rules/types';
import { unistRange } from './pages/range';
import { createSiteIndex, factOf, type FactSources, type PageFacts, type SiteIndex } from './site/site-index';
import { pageId } from './site/navigation';
import type { PageDocument } from './pages/parse';
import type { Site } from './site/site';
import type { Finding, Range, Severity } from './types';
import { append } from './util/array';
import type { MermaidCheck } from './pages/mermaid';
import type { Speller } from './util/speller';

export interface CheckOptions extends SeverityOptions {
  /** Called when a rule throws (with the file it was checking); the other rules still run. */
  onRuleError?: (ruleId: string, error: unknown, path: string) => void;
  /** Checks Mermaid diagrams (the host's, see pages/mermaid.ts); without it, diagrams are not checked. */
  mermaid?: MermaidCheck;
  /** The spelling dictionary (the host's, see util/speller.ts); without it, spelling is not checked. */
  speller?: Speller;
}

const NOWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function severityOf(rule: RuleMeta, site: Site, options: CheckOptions) {
  return resolveSeverity(rule.id, rule.severity, options.rules, site.projectRules);
}

/** Site-level findings: docs.json (schema and cross-file checks) and the file set. */
export function checkSite(site: Site, options: CheckOptions = {}, rules: readonly SiteRule[] = SITE_RULES, index?: SiteIndex): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    const severity = severityOf(rule, site, options);
    if (severity === 'off') continue;
    try {
      rule.check({
        site,
        index,
        report(r) {
          const range = r.range ?? (r.node ? nodeRange(site.config, r.node) : NOWHERE);
          findings.push({ ruleId: rule.id, severity, message: r.message, path: r.path ?? site.config.path, range, fixes: r.fixes, related: r.related });
        },
      });
    } catch (error) {
      options.onRuleError?.(rule.id, error, site.config.path);
    }
  }
  return findings.sort(compareFindings);
}

/**
 * A page's check after the work that needs its tree: each page-only rule's findings, and what each
 * cross-page rule collected. It holds no tree, so a site's check can keep one per page while it
 * waits for every page's facts (finishPageCheck does the rest).
 */
export interface StartedPageCheck {
  page: PageShell;
  /** By rule, in the rules' order: a rule's findings, what a cross-page rule collected (and its severity), or nothing (off, skipped, failed). */
  steps: ({ findings: Finding[] } | { data: unknown; severity: Severity } | undefined)[];
  suppressed: Suppressed;
}

/** A page-only rule's step that found nothing: one object for all (a site's check keeps a step per rule and page). */
const NOTHING_FOUND: { findings: Finding[] } = Object.freeze({ findings: Object.freeze([]) as unknown as Finding[] });

/** The tree-free part of a page: everything but `tree`. */
function shellOf(page: PageDocument): PageShell {
  const { tree: _tree, ...shell } = page;
  return shell;
}

/** Runs a page's page-only rules and its cross-page rules' `collect`. */
export function startPageCheck(
  index: SiteIndex,
  id: string,
  page: PageDocument,
  options: CheckOptions = {},
  rules: readonly AnyPageRule[] = PAGE_RULES,
): StartedPageCheck {
  const site = index.site;
  const suppressed = inlineSuppressions(page);
  const resolve = (ruleId: string, s: Severity) => resolveSeverity(ruleId, s, options.rules, site.projectRules);
  const ruleOff = (ruleId: string) => resolve(ruleId, 'information') === 'off';
  const steps: StartedPageCheck['steps'] = rules.map((rule) => {
    const severity = severityOf(rule, site, options);
    if (severity === 'off') return undefined;
    if (rule.skipOnSyntaxError && page.syntaxError) return undefined;
    try {
      const context = { page, id, index, mermaid: options.mermaid, speller: options.speller, ruleOff };
      if (isCrossPageRule(rule)) return { data: rule.collect(context), severity };
      const findings: Finding[] = [];
      rule.check({ ...context, report: reporter(rule, severity, page, suppressed, findings, resolve) });
      return findings.length ? { findings } : NOTHING_FOUND;
    } catch (error) {
      options.onRuleError?.(rule.id, error, page.path);
      return undefined;
    }
  });
  return { page: shellOf(page), steps, suppressed };
}

/** Runs the cross-page rules of a started check; the page's findings, in file and position order. */
export function finishPageCheck(
  index: SiteIndex,
  id: string,
  started: StartedPageCheck,
  options: CheckOptions = {},
  rules: readonly AnyPageRule[] = PAGE_RULES,
): Finding[] {
  const { page, suppressed } = started;
  const findings: Finding[] = [];
  rules.forEach((rule, i) => {
    const step = started.steps[i];
    if (!step) return;
    if ('findings' in step) {
      append(findings, step.findings);
      return;
    }
    if (!isCrossPageRule(rule)) return;
    const own: Finding[] = [];
    try {
      rule.check({ page, id, index, data: step.data, report: reporter(rule, step.severity, page, suppressed, own) });
      append(findings, own);
    } catch (error) {
      options.onRuleError?.(rule.id, error, page.path);
    }
  });
  return findings.sort(compareFindings);
}

/**
 * Where a rule's reports on a page go: located, unless suppressed inline, into `findings`. A
 * report under its own id (`ruleId`) takes its severity, or what the settings say for that id.
 */
function reporter(
  rule: RuleMeta,
  severity: Severity,
  page: PageShell,
  suppressed: Suppressed,
  findings: Finding[],
  resolve?: (id: string, s: Severity) => Severity | 'off',
): (r: PageReport) => void {
  return (r) => {
    const range = r.range ?? (r.node ? unistRange(page, r.node) : NOWHERE);
    if (suppressed(rule.id, range.start.line)) return;
    const ruleId = r.ruleId ?? rule.id;
    let s: Severity | 'off' = r.severity ?? severity;
    if (ruleId !== rule.id) {
      if (suppressed(ruleId, range.start.line)) return;
      s = resolve ? resolve(ruleId, s) : s;
      if (s === 'off') return;
    }
    findings.push({ ruleId, severity: s, message: r.message, path: page.path, range, fixes: r.fixes, related: r.related });
  };
}

/** Page-level findings for one page. */
export function checkPage(index: SiteIndex, id: string, options: CheckOptions = {}, rules: readonly AnyPageRule[] = PAGE_RULES): Finding[] {
  const page = index.pages.get(id);
  if (!page) return [];
  return finishPageCheck(index, id, startPageCheck(index, id, page, options, rules), options, rules);
}

/**
 * A page's findings from its page-only rules alone, on an index of that page only: what can be said
 * of it before the other pages' facts are known (the cross-page rules, such as broken links, wait).
 */
export function checkPageAlone(site: Site, id: string, page: PageDocument, options: CheckOptions = {}): Finding[] {
  const index = createSiteIndex(site, new Map([[id, page]]), { ids: [...site.pages.keys()], pageOnly: true });
  const findings: Finding[] = [];
  for (const step of startPageCheck(index, id, page, options).steps) if (step && 'findings' in step) append(findings, step.findings);
  return findings.sort(compareFindings);
}

/** Findings of a snippet file (`snippets/**`): only the rules that apply to a fragment. */
export function checkSnippet(index: SiteIndex, rel: string, page: PageDocument, options: CheckOptions = {}): Finding[] {
  return checkPage(index.withPage(pageId(rel), page), pageId(rel), options, SNIPPET_RULES);
}

/** A site checked on one thread: the findings of its site rules and of each page and snippet checked. */
export interface IndexCheck {
  /** The site rules' findings (docs.json, any file). */
  site: Finding[];
  /** Each checked page's or snippet's findings, by absolute path. */
  files: Map<string, Finding[]>;
  /** The parsed pages and snippets checked, by absolute path. */
  parsed: Map<string, PageDocument>;
}

/**
 * THE check of a whole site on one thread: its site rules, then each page and snippet that `keep`
 * lets through. The threaded check (node/check-run.ts) gives the same findings (test/unit/facade.test.ts).
 */
export function checkIndex(
  index: SiteIndex,
  options: CheckOptions = {},
  snippets: ReadonlyMap<string, PageDocument> = new Map(),
  keep: (path: string) => boolean = () => true,
): IndexCheck {
  const check: IndexCheck = { site: checkSite(index.site, options, SITE_RULES, index), files: new Map(), parsed: new Map() };
  for (const [id, page] of index.pages) {
    if (!keep(page.path)) continue;
    check.files.set(page.path, checkPage(index, id, options));
    check.parsed.set(page.path, page);
  }
  for (const [rel, page] of snippets) {
    if (!keep(page.path)) continue;
    check.files.set(page.path, checkSnippet(index, rel, page, options));
    check.parsed.set(page.path, page);
  }
  return check;
}

/** A site check's findings in one sorted list. */
export function sortedFindings(check: IndexCheck): Finding[] {
  const findings = [...check.site];
  for (const list of check.files.values()) append(findings, list);
  return findings.sort(compareFindings);
}

/** Every finding of checkIndex, sorted. */
export function checkAll(index: SiteIndex, options: CheckOptions = {}, snippets: ReadonlyMap<string, PageDocument> = new Map()): Finding[] {
  return sortedFindings(checkIndex(index, options, snippets));
}

/** The facts other pages' rules read of a page (PAGE_FACTS), as plain data. */
export function pageFacts(page: PageDocument, sources?: FactSources): PageFacts {
  const out: PageFacts = {};
  for (const fact of PAGE_FACTS) out[fact.key] = factOf(page, fact, sources);
  return out;
}

/** A check and what it read of other pages (an index built with `track`): the check cache's dependencies. */
export interface TrackedFindings {
  findings: Finding[];
  deps: string[];
}

/** checkPage (or checkSnippet when `snippet` holds the snippet's parse), with what it read of other pages. */
export function checkPageTracked(index: SiteIndex, id: string, options: CheckOptions = {}, snippet?: { rel: string; page: PageDocument }): TrackedFindings {
  if (snippet) {
    const withSnippet = index.withPage(pageId(snippet.rel), snippet.page);
    const { value, deps } = withSnippet.tracked(() => checkPage(withSnippet, pageId(snippet.rel), options, SNIPPET_RULES));
    return { findings: value, deps };
  }
  const { value, deps } = index.tracked(() => checkPage(index, id, options));
  return { findings: value, deps };
}

/** checkSite over an index, with what it read of the pages. */
export function checkSiteTracked(index: SiteIndex, options: CheckOptions = {}): TrackedFindings {
  const { value, deps } = index.tracked(() => checkSite(index.site, options, SITE_RULES, index));
  return { findings: value, deps };
}

/** Orders findings by file, then position. */
export function compareFindings(a: Finding, b: Finding): number {
  return (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

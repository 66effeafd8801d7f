// What a rule is: metadata (id, description, default severity, docs with examples) and a check.
// A rule never decides its final severity: rules/severity.ts does.
import type { Node } from 'unist';
import type { ASTNode } from '../config/ast';
import type { PageDocument } from '../pages/parse';
import type { SiteIndex } from '../site/site-index';
import type { Site } from '../site/site';
import type { Fix, Range, RelatedLocation, Severity } from '../types';
import type { MermaidCheck } from '../pages/mermaid';
import type { Speller } from '../util/speller';

/** A whole site as files (site-relative path -> text), for rule examples and tests. */
export type SiteFiles = Record<string, string>;

export interface RuleDocs {
  /** Why the rule exists and what it expects, in a few sentences of Markdown. */
  rationale: string;
  /** A site on which the rule reports at least once, and no other rule reports. */
  bad: SiteFiles;
  /** The same site, corrected: no rule reports. */
  good: SiteFiles;
}

export interface RuleMeta {
  id: string;
  /** One line: what the rule checks. */
  description: string;
  severity: Severity;
  /** Whether the rule offers quick fixes. */
  fixable: boolean;
  /** Its findings say the file could not be parsed: the file's other findings come from a broken parse. */
  parseFailure?: boolean;
  docs: RuleDocs;
  /** Whether a finding id other than `id` is this rule's (a rule that runs the site's own rules reports under their names). */
  ownsId?: (id: string) => boolean;
}

export interface RuleReport {
  message: string;
  /** The file the finding belongs to; the site's config file when omitted. */
  path?: string;
  /** A config AST node to locate the finding on, or an explicit range. */
  node?: ASTNode;
  range?: Range;
  fixes?: Fix[];
  related?: RelatedLocation[];
}

export interface SiteRuleContext {
  site: Site;
  /** The parsed pages, when the check covers page content (not while only docs.json is checked). */
  index?: SiteIndex;
  report(report: RuleReport): void;
}

export interface SiteRule extends RuleMeta {
  check(ctx: SiteRuleContext): void;
}

export interface PageReport {
  message: string;
  /** A tree node to locate the finding on, or an explicit range. */
  node?: Node;
  range?: Range;
  fixes?: Fix[];
  related?: RelatedLocation[];
  /**
   * The id the finding carries instead of the rule's, for a rule that runs the site's own rules
   * (`vale` reports `Mintlify.Will`): settings, `.docwright.json` and inline comments may name
   * either id.
   */
  ruleId?: string;
  /** The severity the site's own rule gives it (before settings under `ruleId` apply). */
  severity?: Severity;
}

export interface PageRuleContext {
  page: PageDocument;
  /** The page id (site-relative path without extension). */
  id: string;
  index: SiteIndex;
  /** The host's check of Mermaid diagrams, when it has one. */
  mermaid?: MermaidCheck;
  /** The host's spelling dictionary, when it has one. */
  speller?: Speller;
  /** Whether the settings turn a rule off, by its id or (the site's Vale rules) its name: a rule that gives way to another asks. */
  ruleOff?(ruleId: string): boolean;
  report(report: PageReport): void;
}

/** A rule of one page that reads that page alone (and the site): never another page's facts. */
export interface PageRule extends RuleMeta {
  /** Skip the rule while the page has an MDX syntax error (its findings would echo that error). */
  skipOnSyntaxError?: boolean;
  check(ctx: PageRuleContext): void;
}

/** A page without its tree: what a cross-page rule's check reads of its page. */
export type PageShell = Omit<PageDocument, 'tree'>;

export interface CrossPageRuleContext<D> {
  page: PageShell;
  id: string;
  index: SiteIndex;
  /** What `collect` read of the page's tree. */
  data: D;
  report(report: PageReport): void;
}

/**
 * A page rule that reads other pages' facts through the index. It works in two steps, so that a
 * site's check can drop each page's tree before every page's facts are known: `collect` reads the
 * page alone; `check` reads what was collected, the page without its tree, and the index.
 */
export interface CrossPageRule<D = unknown> extends RuleMeta {
  skipOnSyntaxError?: boolean;
  /** Reads the page: its index holds that page alone (a fact of another page throws). */
  collect(ctx: Omit<PageRuleContext, 'report'>): D;
  check(ctx: CrossPageRuleContext<D>): void;
}

/** Any rule of a page. */
export type AnyPageRule = PageRule | CrossPageRule;

export function isCrossPageRule(rule: AnyPageRule): rule is CrossPageRule {
  return 'collect' in rule;
}

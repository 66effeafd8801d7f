// Runs the rules over a site and returns findings with their final severity.
import { nodeRange } from './rules/edits';
import { SITE_RULES } from './rules/index';
import { resolveSeverity, type SeverityOptions } from './rules/severity';
import type { SiteRule } from './rules/types';
import type { Site } from './site/site';
import type { Finding } from './types';

export interface CheckOptions extends SeverityOptions {
  /** Called once per rule that throws; the other rules still run. */
  onRuleError?: (ruleId: string, error: unknown) => void;
}

/** Site-level findings: docs.json (schema and cross-file checks) and site-wide page checks. */
export function checkSite(site: Site, options: CheckOptions = {}, rules: readonly SiteRule[] = SITE_RULES): Finding[] {
  const findings: Finding[] = [];
  const schemaOnly = site.config.generation !== 'classic';
  for (const rule of rules) {
    const severity = resolveSeverity(rule.id, rule.severity, options);
    if (severity === 'off') continue;
    // For the current format only syntax and the format notice apply until it is supported.
    if (schemaOnly && rule.id !== 'config-syntax' && rule.id !== 'config-current-format') continue;
    try {
      rule.check({
        site,
        report(r) {
          const range = r.range ?? (r.node ? nodeRange(site.config, r.node) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
          findings.push({
            ruleId: rule.id,
            severity,
            message: r.message,
            path: r.path ?? site.config.path,
            range,
            fixes: r.fixes,
            related: r.related,
          });
        },
      });
    } catch (error) {
      options.onRuleError?.(rule.id, error);
    }
  }
  return findings.sort(compareFindings);
}

/** Orders findings by file, then position. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character
  );
}

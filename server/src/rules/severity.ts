// The one place that decides a finding's severity: the rule's default, then the editor setting
// `docwright.rules`, then the site's `.docwright.json` (shared with the team and CI), and inline
// comments in a page: {/* docwright-disable rule-id */}, {/* docwright-enable rule-id */},
// {/* docwright-disable-next-line rule-id */} (no ids: every rule).
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { SEVERITY_SETTINGS, type RuleSettings, type SeveritySetting } from '../site/project-config';
import type { Severity } from '../types';

export { SEVERITY_SETTINGS, type RuleSettings, type SeveritySetting };

export interface SeverityOptions {
  /** From the editor's `docwright.rules` setting. */
  rules?: RuleSettings;
}

export function resolveSeverity(ruleId: string, defaultSeverity: Severity, settings: RuleSettings = {}, project: RuleSettings = {}): SeveritySetting {
  return project[ruleId] ?? settings[ruleId] ?? defaultSeverity;
}

const DIRECTIVE = /^\s*\/\*\s*docwright-(disable-next-line|disable|enable)\b([^*]*)\*\/\s*$/;

/** Whether a rule is switched off at a (0-based) line of a page by inline comments. */
export type Suppressed = (ruleId: string, line: number) => boolean;

export function inlineSuppressions(page: PageDocument): Suppressed {
  const directives: { kind: string; ids: string[]; line: number }[] = [];
  for (const node of nodesOf(page, 'mdxFlowExpression', 'mdxTextExpression')) {
    if ('value' in node && node.position) {
      const m = DIRECTIVE.exec(String(node.value));
      if (m) directives.push({ kind: m[1], ids: m[2].split(/[\s,]+/).filter(Boolean), line: node.position.end.line - 1 });
    }
  }
  if (directives.length === 0) return () => false;
  return (ruleId, line) => {
    let off = false;
    for (const d of directives) {
      const applies = d.ids.length === 0 || d.ids.includes(ruleId);
      if (!applies) continue;
      if (d.kind === 'disable-next-line' && d.line + 1 === line) return true;
      if (d.line < line) {
        if (d.kind === 'disable') off = true;
        else if (d.kind === 'enable') off = false;
      }
    }
    return off;
  };
}

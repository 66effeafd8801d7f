// The one place that decides a finding's severity: the rule's default, then the editor setting
// `docwright.rules`, then the site's `.docwright.json` (shared with the team and CI), and inline
// comments in a page: {/* docwright-disable rule-id */}, {/* docwright-enable rule-id */},
// {/* docwright-disable-next-line rule-id */} (no ids: every rule).
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import type { Severity } from '../types';

export type SeveritySetting = Severity | 'off';
export type RuleSettings = Record<string, SeveritySetting>;

export interface SeverityOptions {
  /** From the editor's `docwright.rules` setting. */
  rules?: RuleSettings;
}

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

export function resolveSeverity(ruleId: string, defaultSeverity: Severity, settings: RuleSettings = {}, project: RuleSettings = {}): SeveritySetting {
  return project[ruleId] ?? settings[ruleId] ?? defaultSeverity;
}

/** Reads `.docwright.json` ({"rules": {"id": "off"}}); bad entries are ignored, not fatal. */
export function parseProjectConfig(text: string | undefined): RuleSettings {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as { rules?: Record<string, unknown> };
    const out: RuleSettings = {};
    for (const [id, s] of Object.entries(value.rules ?? {})) {
      if (SEVERITY_SETTINGS.includes(s as SeveritySetting)) out[id] = s as SeveritySetting;
    }
    return out;
  } catch {
    return {};
  }
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

// The one place that decides a finding's severity: rule default, overridden by settings.
import type { Severity } from '../types';

export type SeveritySetting = Severity | 'off';

export interface SeverityOptions {
  /** Per-rule overrides, e.g. from the `docwright.rules` setting. */
  rules?: Record<string, SeveritySetting>;
}

export function resolveSeverity(ruleId: string, defaultSeverity: Severity, options: SeverityOptions = {}): SeveritySetting {
  return options.rules?.[ruleId] ?? defaultSeverity;
}

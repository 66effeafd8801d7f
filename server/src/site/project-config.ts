// The site's `.docwright.json`, shared by the team and CI: rule severities and the team's
// terminology. Bad entries are ignored, never fatal.
import type { Severity } from '../types';

export type SeveritySetting = Severity | 'off';
export type RuleSettings = Record<string, SeveritySetting>;
export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

/** The team's terminology from `.docwright.json`: words to replace, and words that are right as written. */
export interface Terms {
  /** Rejected term (as written in the file) -> the term to use instead. */
  reject: ReadonlyMap<string, string>;
  accept: readonly string[];
}

/** Both parts of `.docwright.json`: rule severities and `terms` ({"reject": {"e-mail": "email"}, "accept": [...]}). */
export function readProjectConfig(text: string | undefined): { rules: RuleSettings; terms: Terms } {
  const rules: RuleSettings = {};
  const reject = new Map<string, string>();
  const accept: string[] = [];
  let value: { rules?: unknown; terms?: { reject?: unknown; accept?: unknown } } = {};
  try {
    value = text ? (JSON.parse(text) as typeof value) : {};
  } catch {
    value = {};
  }
  const object = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  for (const [id, s] of Object.entries(object(value?.rules))) {
    if (SEVERITY_SETTINGS.includes(s as SeveritySetting)) rules[id] = s as SeveritySetting;
  }
  for (const [bad, good] of Object.entries(object(value?.terms?.reject))) {
    if (bad.trim() && typeof good === 'string') reject.set(bad.trim(), good);
  }
  if (Array.isArray(value?.terms?.accept)) for (const a of value.terms.accept) if (typeof a === 'string' && a.trim()) accept.push(a.trim());
  return { rules, terms: { reject, accept } };
}

// The site's `.docwright.json`, shared by the team and CI: rule severities, the team's
// terminology, the formatter's options and the external-link patterns. Bad entries are ignored,
// never fatal.
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

/** The parts of `.docwright.json`: rule severities, `terms` ({"reject": {"e-mail": "email"}, "accept": [...]}) and `format` (the formatter's options, read by features/format.ts). */
export function readProjectConfig(text: string | undefined): { rules: RuleSettings; terms: Terms; format: { options: FormatOptions; notes: string[] } } {
  const rules: RuleSettings = {};
  const reject = new Map<string, string>();
  const accept: string[] = [];
  let value: { rules?: unknown; terms?: { reject?: unknown; accept?: unknown }; format?: unknown } = {};
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
  return { rules, terms: { reject, accept }, format: readFormatOptions(value?.format) };
}

// The formatter's options (`format` in .docwright.json): `docwright format` and the editor read the same.
export interface FormatOptions {
  /** Lines longer than this get a JSX opening tag's attributes one per line. */
  lineWidth: number;
  /** The bullet of unordered lists. */
  listMarker: '-' | '*' | '+';
  /** Prose rewrapping: only `never` (prose is kept as written). */
  wrap: 'never';
}

export const DEFAULT_FORMAT_OPTIONS: Readonly<FormatOptions> = { lineWidth: 100, listMarker: '-', wrap: 'never' };

/** The `format` options of `.docwright.json`, bad entries ignored; notes say what was ignored and why. */
export function readFormatOptions(value: unknown): { options: FormatOptions; notes: string[] } {
  const options: FormatOptions = { ...DEFAULT_FORMAT_OPTIONS };
  const notes: string[] = [];
  if (value === undefined) return { options, notes };
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { options, notes: ['"format" in .docwright.json must be an object; the defaults apply.'] };
  const v = value as Record<string, unknown>;
  if (v.lineWidth !== undefined) {
    if (typeof v.lineWidth === 'number' && Number.isInteger(v.lineWidth) && v.lineWidth >= 20 && v.lineWidth <= 1000) options.lineWidth = v.lineWidth;
    else
      notes.push(`format.lineWidth must be a whole number from 20 to 1000, not ${JSON.stringify(v.lineWidth)}; ${DEFAULT_FORMAT_OPTIONS.lineWidth} applies.`);
  }
  if (v.listMarker !== undefined) {
    if (v.listMarker === '-' || v.listMarker === '*' || v.listMarker === '+') options.listMarker = v.listMarker;
    else notes.push(`format.listMarker must be "-", "*" or "+", not ${JSON.stringify(v.listMarker)}; "-" applies.`);
  }
  if (v.wrap !== undefined && v.wrap !== 'never')
    notes.push(`format.wrap ${JSON.stringify(v.wrap)} is not supported: prose is never rewrapped (a rewrap can change what a page says in MDX).`);
  return { options, notes };
}

/** The external-link options of `.docwright.json` (`externalLinks`), read by `docwright check --external`. */
export interface ExternalLinksConfig {
  /** URL patterns never requested nor reported (`*`: any run of characters; the whole URL must match). */
  ignore: string[];
  /** When not empty: only URLs matching one of these patterns are checked. */
  include: string[];
}

/**
 * `externalLinks` of `.docwright.json` (`{"ignore": ["https://internal.acme.dev/*"], "include": [...]}`),
 * bad entries ignored; notes say what was ignored and why. Which hosts may be requested is not set
 * here: a file in the repository must not turn requests to private addresses on.
 */
export function readExternalLinksConfig(text: string | undefined): { config: ExternalLinksConfig; notes: string[] } {
  const config: ExternalLinksConfig = { ignore: [], include: [] };
  const notes: string[] = [];
  let value: unknown;
  try {
    value = text ? (JSON.parse(text) as { externalLinks?: unknown }).externalLinks : undefined;
  } catch {
    return { config, notes };
  }
  if (value === undefined) return { config, notes };
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { config, notes: ['"externalLinks" in .docwright.json must be an object; it is ignored.'] };
  const v = value as Record<string, unknown>;
  for (const key of ['ignore', 'include'] as const) {
    const list = v[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      notes.push(`externalLinks.${key} must be a list of URL patterns, not ${JSON.stringify(list)}; it is ignored.`);
      continue;
    }
    for (const p of list) {
      if (typeof p === 'string' && p.trim() !== '') config[key].push(p.trim());
      else notes.push(`externalLinks.${key}: ${JSON.stringify(p)} is not a URL pattern; it is ignored.`);
    }
  }
  for (const key of Object.keys(v))
    if (key !== 'ignore' && key !== 'include') notes.push(`externalLinks.${key} is not an option (ignore, include); it is ignored.`);
  return { config, notes };
}

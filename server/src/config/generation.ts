// Which generation of docs.json a config is: THE one test, for the parsed document and for plain values.
import classicJson from '../../../schemas/docs.schema.json';

export type ConfigGeneration = 'classic' | 'current';

/** The classic format's preset themes (its schema's enum); the current format has others. */
const CLASSIC_THEMES: ReadonlySet<string> = new Set(classicJson.properties.theme.enum);

/**
 * Classic: `navigation` is an array of groups. Current: `navigation` is an object; or, while the file
 * is being written and has no navigation yet, a `theme` that is not a classic one, or a `$schema`
 * naming the current format's schema. Anything else (not an object, nothing to tell) is classic.
 */
export function configGeneration(config: unknown): ConfigGeneration {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return 'classic';
  const c = config as Record<string, unknown>;
  const nav = c.navigation;
  if (typeof nav === 'object' && nav !== null) return Array.isArray(nav) ? 'classic' : 'current';
  if (c.theme !== undefined && !(typeof c.theme === 'string' && CLASSIC_THEMES.has(c.theme))) return 'current';
  if (typeof c.$schema === 'string' && /\/docs\.json$/.test(c.$schema)) return 'current';
  return 'classic';
}

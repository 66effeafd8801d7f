// Reading parsed JSON/YAML values of unknown shape (docs.json, OpenAPI files, x-mint): each helper
// gives the value when it has the expected type, else undefined (or an empty list).

export type Json = Record<string, unknown>;

/** The value when it is a plain object (not an array, not null). */
export const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** The value when it is an array, else an empty one. */
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The value when it is a string. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A table's own entry for a key that comes from content (never `valueOf`, `__proto__`… of Object.prototype). */
export const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

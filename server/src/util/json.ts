// Reading parsed JSON/YAML values of unknown shape (docs.json, OpenAPI files, x-mint): each helper
// gives the value when it has the expected type, else undefined (or an empty list). A value read
// against a generated schema type (`Unchecked<T>`, config/docs-json-*.ts) keeps that type, so its
// readers can name only the keys the schema has; each value is still checked where it is used.

export type Json = Record<string, unknown>;

declare const schemaType: unique symbol;

/** A value the schema types as T, not yet checked: any JSON value, or none, at run time. */
export type Unchecked<T> = { readonly [schemaType]?: T } | string | number | boolean | null | undefined;

/** The schema type of an Unchecked value (of each member of a union of them). */
type SchemaOf<V> = V extends string | number | boolean | null | undefined ? never : V extends { readonly [schemaType]?: infer T } ? T : never;

/** The keys of the object members of T (each member of a union gives its own; strings and arrays none). */
type ObjectKeys<T> = T extends readonly unknown[] ? never : T extends object ? keyof T & string : never;
/** The type of key K in the object members of T that have it. */
type Property<T, K extends string> = T extends readonly unknown[] ? never : T extends object ? (K extends keyof T ? T[K] : never) : never;

/** An object read as the schema's T: only T's keys, each value unchecked. */
export type Untrusted<T> = { readonly [K in ObjectKeys<NonNullable<T>>]?: Unchecked<Property<NonNullable<T>, K>> };

/** Whether V carries no schema type (a plain value, `unknown`, or a type without the brand). */
type Plain<V> = unknown extends SchemaOf<V> ? true : [NonNullable<SchemaOf<V>>] extends [never] ? true : false;

/** The element type of the array members of T. */
export type ItemOf<T> = T extends readonly (infer E)[] ? E : never;

/** A checked-in config value as the schema type T describes it (the value itself is not checked). */
export const unchecked = <T>(v: unknown): Unchecked<T> => v as Unchecked<T>;

/** The value when it is a plain object (not an array, not null); read as its schema type when it has one. */
export function obj<V extends Unchecked<unknown>>(v: V): (Plain<V> extends true ? Json : Untrusted<SchemaOf<V>>) | undefined;
export function obj(v: unknown): Json | undefined;
export function obj(v: unknown): Json | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

/** The value when it is an array, else an empty one; its items keep their schema type. */
export function arr<V extends Unchecked<unknown>>(v: V): Plain<V> extends true ? unknown[] : Unchecked<ItemOf<NonNullable<SchemaOf<V>>>>[];
export function arr(v: unknown): unknown[];
export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The value when it is a string. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A table's own entry for a key that comes from content (never `valueOf`, `__proto__`… of Object.prototype). */
export const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

// Key paths of a JSON Schema and the values each accepts, for comparing our docs.json schemas with
// the reference package's JSON-schema form: every path the reference defines must exist in ours
// with the same primitive types and, where the reference fixes the values, the same enum.

type Schema = Record<string, unknown>;

export interface PathDomain {
  /** JSON types the path accepts: string, number, boolean, object, array, null (integer counts as number). */
  types: Set<string>;
  /** Allowed string/number/boolean values, or undefined when every value of the accepted types is allowed. */
  values: Set<string> | undefined;
}

function resolvePointer(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#')) throw new Error(`external $ref ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown>)[key];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return node as Schema;
}

/** The alternatives a schema node stands for: `$ref`, `anyOf`, `oneOf` followed; `allOf` parts kept together. */
function alternatives(root: Schema, schema: Schema | boolean | undefined, seen = new Set<Schema>()): Schema[] {
  if (schema === undefined || schema === false) return [];
  if (schema === true) return [{}];
  if (seen.has(schema)) return [];
  // `{ not: {} }` (a key the place does not support) accepts nothing.
  if (schema.not && typeof schema.not === 'object' && !Object.keys(schema.not).length) return [];
  seen.add(schema);
  const out: Schema[] = [];
  if (typeof schema.$ref === 'string') out.push(...alternatives(root, resolvePointer(root, schema.$ref), seen));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) out.push(...alternatives(root, s as Schema, seen));
  }
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) out.push(...alternatives(root, s as Schema, seen));
  const own = Object.keys(schema).some(
    (k) =>
      ![
        '$ref',
        'anyOf',
        'oneOf',
        'allOf',
        'description',
        'markdownDescription',
        'default',
        'deprecationMessage',
        'title',
        'examples',
        '$schema',
        'definitions',
        '$id',
        'defaultSnippets',
        'x-strict',
      ].includes(k),
  );
  const composite = typeof schema.$ref === 'string' || Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf) || Array.isArray(schema.allOf);
  if (own || !composite) out.push(schema);
  return out;
}

function typesOf(s: Schema): string[] {
  const t = s.type;
  const list = Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
  if (list.length) return list.map((x) => (x === 'integer' ? 'number' : x));
  if (s.enum) return [...new Set((s.enum as unknown[]).map(jsonType))];
  if ('const' in s) return [jsonType(s.const)];
  if (s.properties || s.additionalProperties !== undefined || s.patternProperties) return ['object'];
  if (s.items) return ['array'];
  return ['string', 'number', 'boolean', 'object', 'array', 'null'];
}

function jsonType(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v;
}

/** The domain of values the alternatives accept at one place. */
export function domainOf(alts: Schema[]): PathDomain {
  const types = new Set<string>();
  let values: Set<string> | undefined = new Set();
  let free = new Set<string>();
  for (const s of alts) {
    for (const t of typesOf(s)) types.add(t);
    if (s.enum) for (const v of s.enum as unknown[]) values?.add(JSON.stringify(v));
    else if ('const' in s) values?.add(JSON.stringify(s.const));
    else for (const t of typesOf(s)) if (t !== 'object' && t !== 'array') free.add(t);
  }
  if (free.size) {
    // A free primitive type accepts every value of that type: enum values of it say nothing more.
    const kept = [...(values ?? [])].filter((v) => !free.has(jsonType(JSON.parse(v))));
    values = kept.length || [...types].some((t) => t !== 'object' && t !== 'array' && !free.has(t)) ? new Set(kept) : undefined;
    if (values && !values.size) values = undefined;
  } else if (!values.size) values = undefined;
  free = new Set();
  return { types, values };
}

/** Each step: a property name, `[]` for array items, `*` for a map's values. */
export type KeyPath = string[];

/** The alternatives one step below `alts` (a property name, `[]` or `*`). */
function step(root: Schema, alts: Schema[], key: string): Schema[] {
  const next: Schema[] = [];
  for (const s of alts) {
    if (key === '[]') {
      if (s.items) next.push(...alternatives(root, (Array.isArray(s.items) ? { anyOf: s.items } : s.items) as Schema));
      continue;
    }
    const props = s.properties as Record<string, Schema> | undefined;
    const names = (s.propertyNames as Schema | undefined)?.enum as string[] | undefined;
    if (names && !names.includes(key)) continue;
    if (key !== '*' && props && Object.hasOwn(props, key)) next.push(...alternatives(root, props[key]));
    else if (s.additionalProperties && typeof s.additionalProperties === 'object') next.push(...alternatives(root, s.additionalProperties as Schema));
    else if (s.patternProperties) {
      for (const [re, v] of Object.entries(s.patternProperties as Record<string, Schema>))
        if (key === '*' || new RegExp(re, 'u').test(key)) next.push(...alternatives(root, v));
    }
  }
  return next;
}

/** The keys one step below `alts`: property names, `*` for maps, `[]` for arrays. */
function childKeys(alts: Schema[]): string[] {
  const keys = new Set<string>();
  for (const s of alts) {
    if (s.properties) for (const k of Object.keys(s.properties as object)) keys.add(k);
    const names = (s.propertyNames as Schema | undefined)?.enum as string[] | undefined;
    // A map whose keys are a fixed list is compared key by key.
    if (names && s.additionalProperties && typeof s.additionalProperties === 'object') for (const k of names) keys.add(k);
    else if ((s.additionalProperties && typeof s.additionalProperties === 'object') || s.patternProperties) keys.add('*');
    if (s.items) keys.add('[]');
  }
  return [...keys];
}

/** The domain a schema gives one key path (undefined when the path does not exist in it). */
export function lookupPath(root: Schema, path: KeyPath): PathDomain | undefined {
  let alts = alternatives(root, root);
  for (const key of path) {
    alts = step(root, alts, key);
    if (!alts.length) return undefined;
  }
  return domainOf(alts);
}

export interface PathDifference {
  path: string;
  problem: string;
  ours?: { types: string[]; values?: string[] };
  theirs: { types: string[]; values?: string[] };
}

const shown = (d: PathDomain) => ({ types: [...d.types].sort(), ...(d.values ? { values: [...d.values].sort() } : {}) });

/**
 * Paths of `theirs` that `ours` lacks, or where the types or fixed values differ. Both schemas are
 * walked together; a pair of places already compared is not walked again, so recursive navigation
 * ends. `tried` counts the pairs compared.
 */
export function comparePaths(theirs: Schema, ours: Schema): { tried: number; differences: PathDifference[] } {
  const ids = new Map<Schema, number>();
  const id = (s: Schema) => {
    let n = ids.get(s);
    if (n === undefined) ids.set(s, (n = ids.size));
    return n;
  };
  const keyOf = (t: Schema[], o: Schema[]) => [...new Set(t.map(id))].sort().join(',') + '|' + [...new Set(o.map(id))].sort().join(',');
  const seen = new Set<string>();
  const differences: PathDifference[] = [];
  const queue: [Schema[], Schema[], KeyPath][] = [[alternatives(theirs, theirs), alternatives(ours, ours), []]];
  while (queue.length) {
    const [t, o, path] = queue.shift()!;
    const k = keyOf(t, o);
    if (seen.has(k)) continue;
    seen.add(k);
    if (path.length) {
      const d = domainOf(t);
      // An object that only loads the value from another file (`"$ref"`) is ours alone: not a type of the value.
      const mine = domainOf(o.filter((x) => !(Array.isArray(x.required) && x.required.length === 1 && x.required[0] === '$ref')));
      const sameTypes = d.types.size === mine.types.size && [...d.types].every((x) => mine.types.has(x));
      const sameValues =
        (d.values === undefined) === (mine.values === undefined) &&
        (!d.values || (d.values.size === mine.values!.size && [...d.values].every((v) => mine.values!.has(v))));
      if (!sameTypes || !sameValues)
        differences.push({ path: path.join('.'), problem: !sameTypes ? 'types differ' : 'values differ', ours: shown(mine), theirs: shown(d) });
    }
    for (const key of childKeys(t)) {
      const tc = step(theirs, t, key);
      if (!tc.length) continue;
      const oc = step(ours, o, key);
      if (!oc.length) differences.push({ path: [...path, key].join('.'), problem: 'missing', theirs: shown(domainOf(tc)) });
      else queue.push([tc, oc, [...path, key]]);
    }
  }
  return { tried: seen.size, differences };
}

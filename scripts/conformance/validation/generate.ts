// Deterministic docs.json inputs for the differential tests: values sampled from a JSON Schema
// (the reference's or ours), and mutations of valid configs (keys dropped, added or misspelt, wrong
// types, other enum values, values nested one level deeper). One seed gives one sequence.

type Schema = Record<string, unknown>;

/** mulberry32: a small seeded PRNG, so every run tries the same inputs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  constructor(readonly next: () => number) {}
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

function resolve(root: Schema, s: Schema): Schema {
  let node = s;
  for (let i = 0; i < 20 && typeof node.$ref === 'string'; i++) {
    let n: unknown = root;
    for (const k of (node.$ref as string).slice(2).split('/')) n = (n as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')];
    node = n as Schema;
  }
  return node;
}

const WORDS = [
  'intro',
  'guides/setup',
  'api/auth',
  'Overview',
  'Getting started',
  'v2',
  'en',
  'book-open',
  'https://example.com/docs',
  '/quickstart',
  '#0B6E4F',
  '#fff',
  'openapi.json',
  'Acme',
];

function sampleString(rng: Rng, s: Schema): string {
  if (s.format === 'uri') return rng.pick(['https://example.com', 'https://acme.dev/x', 'http://localhost:3000', 'example.com', '/relative']);
  if (typeof s.pattern === 'string') {
    if ((s.pattern as string).includes('#')) return rng.pick(['#0B6E4F', '#fff', '#12345G', 'green', '#ABCDEF']);
    return rng.pick(['G-123', 'phc_abc', 'abc_DEF-1', 'x y', 'https://plausible.io', 'plausible.io']);
  }
  const w = rng.pick(WORDS);
  return typeof s.minLength === 'number' && w.length < s.minLength ? w.padEnd(s.minLength as number, 'x') : w;
}

/** A value the schema describes (mostly valid; formats and patterns are sometimes missed on purpose). */
export function sample(root: Schema, schema: Schema, rng: Rng, depth = 0): unknown {
  const s = resolve(root, schema);
  if (s.not && typeof s.not === 'object' && !Object.keys(s.not as object).length) return undefined;
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alts) {
    const usable = alts.filter((a) => !resolve(root, a).not);
    return usable.length ? sample(root, rng.pick(usable), rng, depth) : undefined;
  }
  if (Array.isArray(s.allOf)) return sample(root, s.allOf[0] as Schema, rng, depth);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return rng.pick(s.enum);
  const type = Array.isArray(s.type) ? rng.pick(s.type as string[]) : (s.type as string | undefined);
  switch (type) {
    case 'string':
      return sampleString(rng, s);
    case 'number':
    case 'integer':
      return rng.pick([0, 1, 2, 3.5, 10, -1]);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (!s.items || depth > 7) return [];
      const min = typeof s.minItems === 'number' ? (s.minItems as number) : 0;
      const n = Math.max(min, rng.int(depth > 4 ? 2 : 3));
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const v = sample(root, s.items as Schema, rng, depth + 1);
        if (v !== undefined) out.push(v);
      }
      return out;
    }
    case 'object':
    default: {
      const out: Record<string, unknown> = {};
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const names = (s.propertyNames as Schema | undefined)?.enum as string[] | undefined;
      for (const [k, v] of Object.entries(props)) {
        if (k === '$ref' || k === '$schema') continue;
        if (!required.has(k) && (depth > 5 || !rng.chance(0.3))) continue;
        const value = sample(root, v, rng, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      if (names && s.additionalProperties && typeof s.additionalProperties === 'object') {
        for (let i = 0; i < 2; i++) out[rng.pick(names)] = sample(root, s.additionalProperties as Schema, rng, depth + 1);
      }
      return out;
    }
  }
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every place in a value: its parent container and the key or index there. */
function places(value: Json): { parent: Json[] | { [k: string]: Json }; key: string | number }[] {
  const out: { parent: Json[] | { [k: string]: Json }; key: string | number }[] = [];
  const walk = (v: Json) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        out.push({ parent: v, key: i });
        walk(x);
      });
    } else if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        out.push({ parent: v, key: k });
        walk(v[k]);
      }
    }
  };
  walk(value);
  return out;
}

function typo(rng: Rng, word: string): string {
  if (word.length < 2) return word + 'x';
  const i = rng.int(word.length - 1);
  switch (rng.int(4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + 'e' + word.slice(i);
    default:
      return word.toUpperCase() === word ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1);
  }
}

/** One mutation of a config (a deep copy; the input is not changed). `known` are key names and enum values to borrow. */
export function mutate(config: unknown, rng: Rng, known: { keys: string[]; values: unknown[] }): { value: unknown; how: string } {
  const value = structuredClone(config) as Json;
  const all = places(value);
  if (!all.length) return { value: { name: 'Acme' }, how: 'replace empty' };
  const { parent, key } = rng.pick(all);
  const get = () => (parent as Record<string | number, Json>)[key];
  const set = (v: Json) => ((parent as Record<string | number, Json>)[key] = v);
  const kind = rng.int(9);
  const at = `${String(key)}`;
  switch (kind) {
    case 0: // drop
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      return { value, how: `drop ${at}` };
    case 1: {
      // add a known key next to it
      if (Array.isArray(parent)) return { value, how: 'none' };
      const k = rng.pick(known.keys);
      parent[k] = structuredClone(get());
      return { value, how: `add ${k} beside ${at}` };
    }
    case 2: {
      // misspell the key
      if (Array.isArray(parent)) return { value, how: 'none' };
      const k = typo(rng, key as string);
      const v = get();
      delete parent[key as string];
      parent[k] = v;
      return { value, how: `rename ${at} to ${k}` };
    }
    case 3: {
      // wrong type
      const v = rng.pick<Json>([1, true, 'text', [], {}, null, ['a'], { a: 1 }, '', 0]);
      set(v);
      return { value, how: `set ${at} to ${JSON.stringify(v)}` };
    }
    case 4: {
      // another known value
      const v = rng.pick(known.values) as Json;
      set(structuredClone(v));
      return { value, how: `set ${at} to ${JSON.stringify(v)}` };
    }
    case 5: {
      // misspell a string value
      const v = get();
      if (typeof v !== 'string') return { value, how: 'none' };
      const t = typo(rng, v);
      set(t);
      return { value, how: `set ${at} to ${JSON.stringify(t)}` };
    }
    case 6: // nest one level deeper
      set(rng.chance(0.5) ? [get()] : { [typeof key === 'string' ? key : 'value']: get() });
      return { value, how: `nest ${at}` };
    case 7: {
      // duplicate an array item or unwrap a one-item array
      const v = get();
      if (Array.isArray(v) && v.length) {
        if (v.length === 1 && rng.chance(0.5)) set(v[0]);
        else v.push(structuredClone(v[0]));
        return { value, how: `array ${at}` };
      }
      set(typeof v === 'number' ? String(v) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
      return { value, how: `retype ${at}` };
    }
    default: {
      // move a key one level up
      const v = get();
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const keys = Object.keys(v);
        if (keys.length && !Array.isArray(parent)) {
          const k = rng.pick(keys);
          parent[k] = v[k];
          return { value, how: `hoist ${k} from ${at}` };
        }
      }
      return { value, how: 'none' };
    }
  }
}

/** Key names and enum/const values of a schema, for mutations that borrow them. */
export function vocabulary(root: Schema): { keys: string[]; values: unknown[] } {
  const keys = new Set<string>();
  const values: unknown[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    const o = v as Schema;
    if (o.properties && typeof o.properties === 'object') for (const k of Object.keys(o.properties)) keys.add(k);
    if (Array.isArray(o.enum)) values.push(...o.enum);
    if ('const' in o) values.push(o.const);
    for (const x of Object.values(o)) walk(x);
  };
  walk(root);
  keys.delete('$ref');
  return { keys: [...keys].sort(), values: [...new Set(values.map((x) => JSON.stringify(x)))].sort().map((x) => JSON.parse(x)) };
}

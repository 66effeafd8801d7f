// The site model (server/src/site/model.ts) reads docs.json through untyped readers; this ties what it
// reads to the schemas, the one description of the format's keys: every key path the model reads of
// a valid config exists in the schema of its generation. Configs: samples of each schema, the example
// sites, the benchmark's generated site and one config with every kind of navigation division nested.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import currentSchema from '../../schemas/docs-current.schema.json';
import classicSchema from '../../schemas/docs.schema.json';
import { prng, Rng, sample } from '../../scripts/conformance/validation/generate';
import { lookupPath } from '../../scripts/conformance/validation/schema-paths';
import { generateSite } from '../../bench/generate';
import type { ConfigDocument, ConfigGeneration } from '../../server/src/config/parse';
import { buildSiteModel } from '../../server/src/site/model';
import { CLASSIC_SITE, EXAMPLE_SITE } from '../helpers';

type Json = Record<string, unknown>;

/** The value behind a proxy that records each key path read of it (`[]` for any array item), present or not. */
function recorded(value: unknown, at: string[], paths: Map<string, string[]>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const note = (target: object, key: string | symbol): string[] | undefined => {
    if (typeof key === 'symbol') return undefined;
    if (Array.isArray(target)) return /^\d+$/.test(key) ? [...at, '[]'] : undefined;
    if (key in Object.prototype) return undefined;
    const p = [...at, key];
    paths.set(p.join('.'), p);
    return p;
  };
  return new Proxy(value, {
    get(target, key, receiver) {
      const p = note(target, key);
      const v = Reflect.get(target, key, receiver);
      return p ? recorded(v, p, paths) : v;
    },
    getOwnPropertyDescriptor(target, key) {
      note(target, key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}

/** The key paths the model reads of these configs that the schema does not have. */
function unknownReads(generation: ConfigGeneration, schema: Json, configs: unknown[]): string[] {
  const paths = new Map<string, string[]>();
  for (const value of configs) buildSiteModel({ generation, value: recorded(value, [], paths), root: undefined, refs: undefined } as unknown as ConfigDocument);
  assert.ok(paths.size > 60, `${paths.size} key paths read`);
  return [...paths.values()].filter((p) => !lookupPath(schema, p)).map((p) => p.join('.'));
}

const samples = (schema: Json, seed: number) => {
  const rng = new Rng(prng(seed));
  return Array.from({ length: 300 }, () => sample(schema, schema, rng));
};
const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const page = (id: string) => [id];
const divisions = (depth: number): Json => ({
  groups: [{ group: 'G', icon: 'book', pages: page('a'), tag: 'New', expanded: true }],
  ...(depth > 0
    ? {
        tabs: [
          { tab: 'T', icon: 'code', hidden: false, menu: [{ item: 'M', icon: 'list', description: 'd', ...divisions(depth - 1) }], ...divisions(depth - 1) },
        ],
        anchors: [{ anchor: 'A', icon: 'star', color: { light: '#000000', dark: '#ffffff' }, ...divisions(depth - 1) }],
        dropdowns: [{ dropdown: 'D', icon: 'box', description: 'd', ...divisions(depth - 1) }],
        products: [{ product: 'P', icon: 'cube', description: 'd', ...divisions(depth - 1) }],
        versions: [{ version: 'v1', default: true, ...divisions(depth - 1) }],
        languages: [{ language: 'en', default: true, ...divisions(depth - 1) }],
      }
    : {}),
});

describe('the site model reads only keys the schema has', () => {
  it('current format', () => {
    const rich = {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'N',
      colors: { primary: '#0B6E4F', light: '#07C983', dark: '#0B6E4F' },
      navigation: {
        ...divisions(2),
        global: { tabs: [{ tab: 'Blog', href: 'https://blog.example' }], anchors: [{ anchor: 'Status', href: 'https://status.example', icon: 'signal' }] },
      },
      api: {
        openapi: 'openapi.json',
        mdx: { server: 'https://api.example', auth: { method: 'bearer', name: 'Authorization' } },
        playground: { display: 'interactive', credentials: true },
      },
    };
    const configs = [
      rich,
      json(path.join(EXAMPLE_SITE, 'docs.json')),
      JSON.parse(generateSite(20, 2).files.get('docs.json')!),
      ...samples(currentSchema as Json, 11),
    ];
    assert.deepEqual(unknownReads('current', currentSchema as Json, configs), []);
  });

  it('classic format', () => {
    const configs = [json(path.join(CLASSIC_SITE, 'docs.json')), ...samples(classicSchema as Json, 12)];
    assert.deepEqual(unknownReads('classic', classicSchema as Json, configs), []);
  });
});

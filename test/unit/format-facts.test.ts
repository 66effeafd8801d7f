// Facts of the format kept in one place: the `iconType` styles (from the schema), the test of a
// docs.json's generation (config/generation.ts) and the defaults (config/defaults.ts). Each is
// checked against the other places that state it, and for what it changes downstream.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import classicJson from '../../schemas/docs.schema.json';
import currentJson from '../../schemas/docs-current.schema.json';
import { COMPONENTS } from '../../server/src/components/catalog';
import { DEFAULT_ANCHOR_ICON, DEFAULT_TITLE } from '../../server/src/config/defaults';
import { configGeneration } from '../../server/src/config/generation';
import { migrateConfig } from '../../server/src/config/migrate';
import { parseConfig } from '../../server/src/config/parse';
import { ICON_TYPES } from '../../server/src/config/schema';
import { iconElement } from '../../server/src/render/icons';
import { newSiteFiles, siteNameFromFolder } from '../../server/src/scaffold';
import { buildSiteModel } from '../../server/src/site/model';

/** Every `enum` of a property named `name` in a schema, `$ref`s followed. */
function enumsOf(schema: unknown, name: string): string[][] {
  const root = schema as { definitions?: Record<string, unknown> };
  const found: string[][] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const props = (node as { properties?: Record<string, unknown> }).properties;
    if (props && typeof props[name] === 'object') {
      let p = props[name] as { enum?: string[]; $ref?: string };
      if (p.$ref) p = root.definitions![p.$ref.replace('#/definitions/', '')] as typeof p;
      if (p.enum) found.push(p.enum);
    }
    for (const v of Object.values(node)) visit(v);
  };
  visit(schema);
  return found;
}

const config = (value: unknown) => parseConfig('/s/docs.json', JSON.stringify(value, null, 2));

describe('iconType', () => {
  it('has one list: every schema enum and the catalogue attribute hold the same 11 styles', () => {
    assert.equal(ICON_TYPES.length, 11);
    const lists = [...enumsOf(classicJson, 'iconType'), ...enumsOf(currentJson, 'iconType')];
    assert.ok(lists.length >= 4, `${lists.length} iconType enums found`);
    for (const l of lists) assert.deepEqual([...l].sort(), [...ICON_TYPES].sort());
    const attrs = COMPONENTS.flatMap((c) => c.attributes.filter((a) => a.name === 'iconType'));
    assert.ok(attrs.length > 0);
    for (const a of attrs) assert.deepEqual(a.values, [...ICON_TYPES]);
  });

  it('keeps "sharp-light" on anchors of both generations, and draws it as the light (regular) icon', async () => {
    const classic = buildSiteModel(await config({ name: 'A', navigation: [], topAnchor: { iconType: 'sharp-light' }, anchors: [{ name: 'Blog', url: 'https://blog.example', icon: 'star', iconType: 'sharp-light' }] }));
    assert.equal(classic.topAnchor.iconType, 'sharp-light');
    assert.equal(classic.anchors[0].iconType, 'sharp-light');
    const current = buildSiteModel(await config({ theme: 'mint', name: 'A', navigation: { global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example', icon: 'star', iconType: 'sharp-light' }] }, pages: ['a'] } }));
    assert.equal(current.anchors[0].iconType, 'sharp-light');
    assert.deepEqual(iconElement('star', 'sharp-light'), iconElement('star', 'light'));
    assert.notDeepEqual(iconElement('star', 'sharp-light'), iconElement('star', 'solid'), 'the free set draws a regular star apart from a solid one');
    assert.equal(buildSiteModel(await config({ name: 'A', navigation: [], topAnchor: { iconType: 'sharp-bold' } })).topAnchor.iconType, undefined, 'a style no schema lists');
  });
});

describe('the generation of a docs.json', () => {
  const cases: [unknown, 'classic' | 'current'][] = [
    [{ theme: 'venus' }, 'classic'],
    [{ theme: 'quill', name: 'A' }, 'classic'],
    [{ theme: 'mint' }, 'current'],
    [{ theme: 'maple', navigation: [] }, 'classic'],
    [{ theme: 'venus', navigation: { pages: [] } }, 'current'],
    [{ navigation: [] }, 'classic'],
    [{ navigation: {} }, 'current'],
    [{ $schema: 'https://mintlify.com/docs.json' }, 'current'],
    [{ $schema: 'https://mintlify.com/schema.json' }, 'classic'],
    [{ name: 'A' }, 'classic'],
    [[], 'classic'],
  ];

  it('is told by one function, and the parser and the migration give its answer', async () => {
    for (const [value, expected] of cases) {
      const what = JSON.stringify(value);
      assert.equal(configGeneration(value), expected, what);
      assert.equal((await config(value)).generation, expected, `parseConfig ${what}`);
      if (!Array.isArray(value)) assert.equal(migrateConfig(JSON.stringify(value)).alreadyCurrent, expected === 'current', `migrateConfig ${what}`);
    }
  });
});

describe('defaults', () => {
  it('agree with the classic schema\'s defaults for the top anchor', () => {
    const top = classicJson.properties.topAnchor.properties;
    assert.equal(top.name.default, DEFAULT_TITLE);
    assert.equal(top.icon.default, DEFAULT_ANCHOR_ICON);
  });

  it('name the site, the top anchor, the migrated anchor and a new site that say nothing', async () => {
    const model = buildSiteModel(await config({ navigation: [{ group: 'G', pages: ['a'] }] }));
    assert.equal(model.name, DEFAULT_TITLE);
    assert.deepEqual([model.topAnchor.name, model.topAnchor.icon], [DEFAULT_TITLE, DEFAULT_ANCHOR_ICON]);
    const current = buildSiteModel(await config({ theme: 'mint', navigation: { pages: ['a'] } }));
    assert.deepEqual([current.name, current.topAnchor.name, current.topAnchor.icon], [DEFAULT_TITLE, DEFAULT_TITLE, DEFAULT_ANCHOR_ICON]);
    const migrated = JSON.parse(migrateConfig(JSON.stringify({ name: 'A', navigation: [{ group: 'G', pages: ['a'] }], anchors: [{ name: 'API', url: 'api' }] })).text);
    assert.deepEqual(migrated.navigation.anchors[0], { anchor: DEFAULT_TITLE, icon: DEFAULT_ANCHOR_ICON, groups: [{ group: 'G', pages: ['a'] }] });
    assert.equal(siteNameFromFolder('--'), DEFAULT_TITLE);
    assert.equal(JSON.parse(newSiteFiles(' ').find((f) => f.path === 'docs.json')!.text).name, DEFAULT_TITLE);
  });
});

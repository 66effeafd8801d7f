// Facts of the format kept in one place: the `iconType` styles (from the schemas), component roles
// and element ids (the catalogue), the test of a docs.json's generation (config/generation.ts) and
// the defaults (config/defaults.ts). Each is checked against the other places that state it, and
// for what it changes downstream.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import classicJson from '../../schemas/docs.schema.json';
import currentJson from '../../schemas/docs-current.schema.json';
import {
  COMPONENTS,
  COMPONENTS_WITHOUT_ID,
  componentsOfRole,
  HEADING_HIDING_COMPONENTS,
  ID_FREE_COMPONENTS,
  IMAGE_FRAMING_COMPONENTS,
  TITLED_COMPONENTS,
  type ComponentRole,
} from '../../server/src/components/catalog';
import { DEFAULT_ANCHOR_ICON, DEFAULT_TITLE } from '../../server/src/config/defaults';
import { configGeneration } from '../../server/src/config/generation';
import { migrateConfig } from '../../server/src/config/migrate';
import { parseConfig } from '../../server/src/config/parse';
import { ICON_TYPES } from '../../server/src/config/schema';
import { FRONTMATTER_KEYS, frontMatterKeyDocs, resolveSiblingRefs, validateFrontMatter } from '../../server/src/pages/frontmatter-schema';
import { pageHeadingIds } from '../../server/src/pages/heading-ids';
import { parsePage } from '../../server/src/pages/parse';
import { iconElement } from '../../server/src/render/icons';
import { ALL_RULES, PARSE_FAILURE_RULES } from '../../server/src/rules/index';
import { CLASSIC_CONFIG_FILE_NAME, CONFIG_FILE_NAME, CONFIG_NAMES, PROJECT_CONFIG_NAME } from '../../server/src/config/files';
import { configPathIn, IGNORE_FILE_NAME, LLMS_TXT_NAME } from '../../server/src/site/site';
import { LLMS_FULL_TXT } from '../../server/src/export/llms';
import { newSiteFiles, siteNameFromFolder } from '../../server/src/scaffold';
import { buildSiteModel } from '../../server/src/site/model';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '../..');

/** Every `enum` anywhere in a JSON value. */
function allEnums(node: unknown, out: unknown[][] = []): unknown[][] {
  if (typeof node !== 'object' || node === null) return out;
  if (Array.isArray((node as { enum?: unknown }).enum)) out.push((node as { enum: unknown[] }).enum);
  for (const v of Object.values(node)) allEnums(v, out);
  return out;
}

/** The source files under a folder of the repository (TypeScript and JavaScript). */
function sourcesUnder(rel: string): string[] {
  return readdirSync(path.join(REPO, rel), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f))
    .map((f) => path.join(rel, f));
}

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

  it('is the one list wherever a schema names icon styles, written once per docs.json schema (a $ref names it); page front matter holds none of its own', () => {
    // The classic schema keeps its copy: its readers (the bundled JSON language service, gen-config-types,
    // the conformance sampler) resolve only references inside one file. The test above keeps it equal.
    const schemas = readdirSync(path.join(REPO, 'schemas')).filter((f) => f.endsWith('.json'));
    assert.ok(schemas.includes('page-frontmatter.schema.json'));
    const lists = new Map<string, number>();
    for (const file of schemas) {
      for (const e of allEnums(JSON.parse(readFileSync(path.join(REPO, 'schemas', file), 'utf8')))) {
        if (!e.some((v) => typeof v === 'string' && ICON_TYPES.includes(v) && (v === 'duotone' || v.startsWith('sharp-')))) continue;
        lists.set(file, (lists.get(file) ?? 0) + 1);
        assert.deepEqual([...e].sort(), [...ICON_TYPES].sort(), `an iconType enum of ${file}`);
      }
    }
    assert.deepEqual(Object.fromEntries(lists), { 'docs.schema.json': 1, 'docs-current.schema.json': 1 });
  });

  it("is the current docs.json schema's in page front matter: a $ref found beside the file and under its $id, read as that list", () => {
    const raw = JSON.parse(readFileSync(path.join(REPO, 'schemas', 'page-frontmatter.schema.json'), 'utf8')) as {
      $id: string;
      properties: Record<string, { $ref?: string; enum?: unknown }>;
    };
    const ref = raw.properties.iconType.$ref;
    assert.equal(ref, 'docs-current.schema.json#/definitions/iconType');
    assert.equal(raw.properties.iconType.enum, undefined);
    // Editors load a "$schema" by its location, validators by its $id: the reference resolves both ways.
    const [file, pointer] = ref.split('#');
    assert.ok(readdirSync(path.join(REPO, 'schemas')).includes(file));
    assert.equal(new URL(ref, raw.$id).href, `${currentJson.$id}#${pointer}`);
    assert.equal(pointer, '/definitions/iconType');
    // The checker, completion and hover read the resolved list, in the current schema's order, and keep their own wording.
    assert.deepEqual(FRONTMATTER_KEYS.iconType.enum, ICON_TYPES);
    assert.deepEqual(validateFrontMatter({ iconType: 'sharp-light' }), []);
    assert.equal(validateFrontMatter({ iconType: 'sharp-bold' }).length, 1);
    assert.match(frontMatterKeyDocs('iconType')!, /^\*\*iconType\*\* \(one of "regular", .*"sharp-duotone-solid"\): The Font Awesome style of `icon`/);
  });

  it('is read from the sibling file by the front matter loader, which refuses a reference it cannot follow', () => {
    const siblings = { 'other.json': { definitions: { styles: { type: 'string', enum: ['a', 'b'], description: 'Theirs.' } } } };
    assert.deepEqual(resolveSiblingRefs({ properties: { s: { $ref: 'other.json#/definitions/styles', description: 'Ours.' } } }, siblings), {
      properties: { s: { type: 'string', enum: ['a', 'b'], description: 'Ours.' } },
    });
    assert.throws(() => resolveSiblingRefs({ $ref: 'other.json#/definitions/none' }, siblings), /names no part of a sibling schema/);
    assert.throws(() => resolveSiblingRefs({ $ref: 'missing.json#/definitions/styles' }, siblings), /names no part of a sibling schema/);
  });

  it('is spelled out by no code: rules, renderer, features and scripts take it from config/schema.ts', () => {
    const styleLiteral = new RegExp(`['"\`](${ICON_TYPES.filter((t) => t === 'duotone' || t.startsWith('sharp-')).join('|')})['"\`]`);
    // The types generated from the schemas (npm run check:generated keeps them equal to what the schemas give).
    const generated = (text: string) => text.startsWith('// Generated from schemas/');
    const offenders = ['server/src', 'client/src', 'media', 'scripts'].flatMap(sourcesUnder).filter((f) => {
      const text = readFileSync(path.join(REPO, f), 'utf8');
      return styleLiteral.test(text) && !generated(text);
    });
    assert.deepEqual(offenders, []);
  });

  it('keeps "sharp-light" on anchors of both generations, and draws it as the light (regular) icon', async () => {
    const classic = buildSiteModel(
      await config({
        name: 'A',
        navigation: [],
        topAnchor: { iconType: 'sharp-light' },
        anchors: [{ name: 'Blog', url: 'https://blog.example', icon: 'star', iconType: 'sharp-light' }],
      }),
    );
    assert.equal(classic.topAnchor.iconType, 'sharp-light');
    assert.equal(classic.anchors[0].iconType, 'sharp-light');
    const current = buildSiteModel(
      await config({
        theme: 'mint',
        name: 'A',
        navigation: { global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example', icon: 'star', iconType: 'sharp-light' }] }, pages: ['a'] },
      }),
    );
    assert.equal(current.anchors[0].iconType, 'sharp-light');
    assert.deepEqual(iconElement('star', 'sharp-light'), iconElement('star', 'light'));
    assert.notDeepEqual(iconElement('star', 'sharp-light'), iconElement('star', 'solid'), 'the free set draws a regular star apart from a solid one');
    assert.equal(
      buildSiteModel(await config({ name: 'A', navigation: [], topAnchor: { iconType: 'sharp-bold' } })).topAnchor.iconType,
      undefined,
      'a style no schema lists',
    );
  });
});

describe('the schemas', () => {
  /** The same value with its object keys in order, so equal subschemas print alike. */
  const sortKeys = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sortKeys)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, sortKeys(x)]),
          )
        : v;

  /** How often each subschema of a schema file appears, as JSON (maps such as `properties` are not subschemas; a `$ref` is a reference). */
  function subschemas(node: unknown, key: string | number | undefined, out: Map<string, number>): Map<string, number> {
    if (Array.isArray(node)) node.forEach((v, i) => subschemas(v, i, out));
    else if (typeof node === 'object' && node !== null) {
      if (!['properties', 'patternProperties', 'definitions', 'dependencies'].includes(String(key)) && !('$ref' in node)) {
        const text = JSON.stringify(sortKeys(node));
        out.set(text, (out.get(text) ?? 0) + 1);
      }
      for (const [k, v] of Object.entries(node)) subschemas(v, k, out);
    }
    return out;
  }

  it('write each shared part once: no subschema of 120 characters or more appears twice in a file (a $ref names it)', () => {
    // Read afresh: the JSON language service resolves the imported schemas' `$ref`s in place.
    for (const file of ['docs.schema.json', 'docs-current.schema.json', 'page-frontmatter.schema.json']) {
      const schema: unknown = JSON.parse(readFileSync(path.join(REPO, 'schemas', file), 'utf8'));
      const repeated = [...subschemas(schema, undefined, new Map())].filter(([text, n]) => n > 1 && text.length >= 120).map(([text]) => text.slice(0, 100));
      assert.deepEqual(repeated, [], file);
    }
  });
});

describe('component roles', () => {
  const ROLES: ComponentRole[] = ['api-field', 'api-example'];

  it('come from the catalogue: API fields and API examples', () => {
    assert.deepEqual([...componentsOfRole('api-field')].sort(), ['ParamField', 'ResponseField']);
    assert.deepEqual([...componentsOfRole('api-example')].sort(), ['RequestExample', 'ResponseExample']);
  });

  it('are listed by no code: no line outside the catalogue lists two components of one role and none without a role', () => {
    const offenders: string[] = [];
    const quoted = (name: string) => new RegExp(`['"\`]${name.replace('.', '\\.')}['"\`]`);
    for (const file of ['server/src', 'client/src', 'media'].flatMap(sourcesUnder)) {
      if (file === path.join('server/src', 'components/catalog.ts')) continue;
      readFileSync(path.join(REPO, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const named = COMPONENTS.filter((c) => quoted(c.name).test(line));
          // A list that holds components of no role too (ids, nesting) states another fact.
          if (!named.every((c) => c.role)) return;
          for (const role of ROLES) {
            if (named.filter((c) => c.role === role).length > 1) offenders.push(`${file}:${i + 1} (${role}: ${named.map((c) => c.name).join(', ')})`);
          }
        });
    }
    assert.deepEqual(offenders, []);
  });
});

describe('component ids', () => {
  const idsOf = (body: string) => pageHeadingIds(parsePage('/s/page.mdx', body)).map((a) => a.anchor);
  /** The component written as a block with these attributes. */
  const element = (name: string, attributes: string) => `<${name} ${attributes}>\n  Text.\n</${name}>\n`;

  it('come from the catalogue: a component gives its `id` attribute an element unless its `anchor` says it renders none', () => {
    for (const c of COMPONENTS) {
      const ids = idsOf(element(c.name, 'id="target"'));
      assert.equal(ids.includes('target'), !COMPONENTS_WITHOUT_ID.has(c.name), `<${c.name} id="target">: ${JSON.stringify(ids)}`);
    }
    for (const name of ID_FREE_COMPONENTS) assert.ok(COMPONENTS_WITHOUT_ID.has(name), name);
    assert.deepEqual(idsOf(element('Popup', 'id="target"')), [], "a name of the format's list the catalogue lacks");
  });

  it('come from the catalogue: exactly the components whose `anchor` is title, label or text make an id from it', () => {
    const made = COMPONENTS.filter((c) => {
      const text = c.name === 'Heading' ? `<Heading>Made here</Heading>\n` : element(c.name, 'title="Made here" label="Made here" titleSize="h2"');
      return idsOf(text).includes('made-here');
    }).map((c) => c.name);
    assert.deepEqual(made.sort(), [...TITLED_COMPONENTS].sort());
  });

  it('come from the catalogue: the table of contents leaves out the headings of `hidesHeadings` components alone', () => {
    // A left-out heading's id is not de-duplicated with the page's: both headings keep the id written.
    const hiding = COMPONENTS.filter((c) => {
      const ids = idsOf(`## Setup {#same}\n\n<${c.name} title="T" label="L">\n\n## Install {#same}\n\n</${c.name}>\n`);
      return ids.filter((id) => id === 'same').length === 2;
    }).map((c) => c.name);
    assert.deepEqual(hiding.sort(), [...HEADING_HIDING_COMPONENTS].sort());
  });

  it('are listed by no code: no string list outside the catalogue holds mostly the names of one of its sets', () => {
    const sets: [string, ReadonlySet<string>][] = [
      ['COMPONENTS_WITHOUT_ID', COMPONENTS_WITHOUT_ID],
      ['ID_FREE_COMPONENTS', ID_FREE_COMPONENTS],
      ['TITLED_COMPONENTS', TITLED_COMPONENTS],
      ['HEADING_HIDING_COMPONENTS', HEADING_HIDING_COMPONENTS],
      ['IMAGE_FRAMING_COMPONENTS', IMAGE_FRAMING_COMPONENTS],
    ];
    const known = new Set([...COMPONENTS.map((c) => c.name), ...COMPONENTS_WITHOUT_ID]);
    const offenders: string[] = [];
    for (const file of ['server/src', 'client/src', 'media', 'scripts'].flatMap(sourcesUnder)) {
      if (file === path.join('server/src', 'components/catalog.ts')) continue;
      const text = readFileSync(path.join(REPO, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
      const visit = (node: ts.Node) => {
        if (ts.isArrayLiteralExpression(node)) {
          const strings = node.elements.filter(ts.isStringLiteralLike).map((e) => e.text);
          // Component names among other words (h1-h4 beside Heading) still make a copy.
          const names = new Set(strings.filter((n) => known.has(n)));
          if (names.size >= 2 && names.size * 2 >= node.elements.length)
            for (const [what, set] of sets) {
              const shared = [...names].filter((n) => set.has(n)).length;
              if (shared / (names.size + set.size - shared) >= 0.6)
                offenders.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} (${what})`);
            }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    assert.deepEqual(offenders, []);
  });
});

describe('rules whose findings mean a file did not parse', () => {
  /** Whether a file of a rule example fails to parse (pages and docs.json; other files are not read here). */
  const unparsed = async (rel: string, text: string) => {
    if (rel === 'docs.json') return (await parseConfig(`/s/${rel}`, text)).problems.some((p) => p.kind === 'syntax');
    if (!/\.mdx?$/.test(rel)) return false;
    const page = parsePage(`/s/${rel}`, text);
    return !!page.syntaxError || !!page.frontmatter.error;
  };

  it('say so in their metadata (`parseFailure`): exactly their bad examples hold a file that does not parse', async () => {
    const broken: string[] = [];
    for (const rule of ALL_RULES) {
      let any = false;
      for (const [rel, text] of Object.entries(rule.docs.bad)) any ||= await unparsed(rel, text);
      if (any) broken.push(rule.id);
    }
    assert.deepEqual(broken.sort(), [...PARSE_FAILURE_RULES].sort());
    assert.ok(PARSE_FAILURE_RULES.has('mdx-syntax') && PARSE_FAILURE_RULES.size >= 3);
  });

  it('are listed by no code: no source outside rules/ spells two of their ids', () => {
    const quoted = (id: string) => new RegExp(`['"\`]${id}['"\`]`);
    const offenders = ['server/src', 'client/src', 'media', 'scripts']
      .flatMap(sourcesUnder)
      .filter((f) => !f.startsWith(path.join('server/src', 'rules') + path.sep))
      .filter((f) => {
        const text = readFileSync(path.join(REPO, f), 'utf8');
        return [...PARSE_FAILURE_RULES].filter((id) => quoted(id).test(text)).length >= 2;
      });
    assert.deepEqual(offenders, []);
  });
});

describe('file names of the format', () => {
  it('are the config file names a folder is searched for, docs.json first', () => {
    assert.deepEqual(CONFIG_NAMES, ['docs.json', 'mint.json']);
    assert.equal(configPathIn('/s', new Set([CLASSIC_CONFIG_FILE_NAME, CONFIG_FILE_NAME])), '/s/docs.json');
    assert.equal(configPathIn('/s', new Set([CLASSIC_CONFIG_FILE_NAME])), '/s/mint.json');
    assert.equal(newSiteFiles('A')[0].path, CONFIG_FILE_NAME);
  });

  it('are written by no code but their constants: no string is exactly docs.json, mint.json, .docwright.json, .mintignore, llms.txt or llms-full.txt elsewhere', () => {
    const homes = new Map<string, string>([
      ...CONFIG_NAMES.map((n): [string, string] => [n, 'server/src/config/files.ts']),
      [IGNORE_FILE_NAME, 'server/src/site/site.ts'],
      [PROJECT_CONFIG_NAME, 'server/src/config/files.ts'],
      [LLMS_TXT_NAME, 'server/src/site/site.ts'],
      [LLMS_FULL_TXT, 'server/src/export/llms.ts'],
    ]);
    const offenders: string[] = [];
    // Plain JavaScript scripts run without TypeScript and cannot import the constants.
    for (const file of ['server/src', 'client/src', 'scripts'].flatMap(sourcesUnder).filter((f) => /\.m?ts$/.test(f))) {
      const rel = file.split(path.sep).join('/');
      const source = ts.createSourceFile(file, readFileSync(path.join(REPO, file), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        // A site's files as a map (rule examples) name the file by its key; messages hold more than the name.
        const home = ts.isStringLiteralLike(node) ? homes.get(node.text) : undefined;
        if (home !== undefined && home !== rel && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node))
          offenders.push(`${rel}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} '${(node as ts.StringLiteralLike).text}'`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    assert.deepEqual(offenders, []);
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
  it("agree with the classic schema's defaults for the top anchor", () => {
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
    const migrated = JSON.parse(
      migrateConfig(JSON.stringify({ name: 'A', navigation: [{ group: 'G', pages: ['a'] }], anchors: [{ name: 'API', url: 'api' }] })).text,
    );
    assert.deepEqual(migrated.navigation.anchors[0], { anchor: DEFAULT_TITLE, icon: DEFAULT_ANCHOR_ICON, groups: [{ group: 'G', pages: ['a'] }] });
    assert.equal(siteNameFromFolder('--'), DEFAULT_TITLE);
    assert.equal(JSON.parse(newSiteFiles(' ').find((f) => f.path === 'docs.json')!.text).name, DEFAULT_TITLE);
  });
});

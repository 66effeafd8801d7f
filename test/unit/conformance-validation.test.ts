// Differential conformance with @mintlify/validation (the format's own validator), by the same
// functions `npm run conformance` runs: every key path of the reference schemas is in ours with its
// types and enum; Docwright reports a config error exactly when the reference rejects the config;
// `migrate` writes the navigation the reference's upgrade writes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareMigrations,
  compareVerdicts,
  corpusConfigs,
  exampleConfigs,
  extraSeeds,
  generatedConfigs,
  ourErrors,
  pathConformance,
  theirErrors,
} from '../../scripts/conformance/validation';
import type { Disagreement } from '../../scripts/conformance/report';
import { parseConfig } from '../../server/src/config/parse';

/** The disagreements, each with its input, as the failure message. */
function shown(disagreements: Disagreement[], max = 10): string {
  return (
    `${disagreements.length} disagreement(s):\n` +
    disagreements
      .slice(0, max)
      .map((d) => JSON.stringify(d).slice(0, 1500))
      .join('\n')
  );
}

describe('conformance with @mintlify/validation', () => {
  it('knows every key path of the reference schemas, with the same types and enum values', () => {
    for (const r of pathConformance()) {
      assert.ok(r.tried > 100, `${r.inputSet}: ${r.tried} paths compared`);
      assert.deepEqual(r.disagreements, [], `${r.inputSet}: ${shown(r.disagreements)}`);
    }
  });

  it('reports keys the reference defines without an error, and the errors the reference reports', async () => {
    const config = {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      seo: { trailingSlash: true },
      integrations: { transcend: { bundleId: 'abc-123' } },
      navigation: {
        tabs: [
          { tab: 'API', graphql: 'schema.graphql', align: 'end' },
          { tab: 'Guides', groups: [{ group: 'Start', searchable: false, pages: ['index'] }] },
        ],
      },
    };
    assert.deepEqual([await ourErrors(config), theirErrors(config)], [[], []]);
    // Twin: a value of a key the reference fixes (tab alignment) that it rejects.
    const bad = { ...config, navigation: { tabs: [{ tab: 'API', graphql: 'schema.graphql', align: 'middle' }] } };
    assert.ok(theirErrors(bad).length > 0);
    assert.ok((await ourErrors(bad)).length > 0);
  });

  it('rejects what the reference rejects in ids, links and OpenAPI paths, and accepts their correct twins', async () => {
    const current = (extra: Record<string, unknown>) => ({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      navigation: { pages: ['index'] },
      ...extra,
    });
    const classic = (extra: Record<string, unknown>) => ({
      name: 'Acme',
      favicon: '/f.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'G', pages: ['index'] }],
      ...extra,
    });
    const twins: [unknown, unknown][] = [
      [current({ integrations: { ga4: { measurementId: 'UA-123' } } }), current({ integrations: { ga4: { measurementId: 'G-123' } } })],
      [current({ integrations: { posthog: { apiKey: 'abc' } } }), current({ integrations: { posthog: { apiKey: 'phc_abc' } } })],
      [current({ integrations: { intercom: { appId: 'abc' } } }), current({ integrations: { intercom: { appId: 'abc123' } } })],
      [current({ footer: { socials: { x: 'x.com/acme' } } }), current({ footer: { socials: { x: 'https://x.com/acme' } } })],
      [
        current({ footer: { links: [{ header: 'A', items: [{ label: 'L', href: 'http://acme.dev' }] }] } }),
        current({ footer: { links: [{ header: 'A', items: [{ label: 'L', href: '/about' }] }] } }),
      ],
      [current({ navbar: { links: [{ label: 'Blog', href: 'blog' }] } }), current({ navbar: { links: [{ label: 'Blog', href: 'https://acme.dev/blog' }] } })],
      [classic({ tabs: [{ name: 'API', url: 'api', openapi: 'openapi.json' }] }), classic({ tabs: [{ name: 'API', url: 'api', openapi: '/openapi.json' }] })],
    ];
    for (const [bad, good] of twins) {
      assert.ok(theirErrors(bad).length > 0 && (await ourErrors(bad)).length > 0, JSON.stringify(bad));
      assert.deepEqual([theirErrors(good), await ourErrors(good)], [[], []], JSON.stringify(good));
    }
  });

  it('rejects a group version missing from versions and a relative global link, as the reference does, and accepts their twins', async () => {
    const classic = (extra: Record<string, unknown>) => ({
      name: 'Acme',
      favicon: '/f.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'G', pages: ['index'] }],
      ...extra,
    });
    const current = (global: unknown) => ({ theme: 'mint', name: 'Acme', colors: { primary: '#0B6E4F' }, navigation: { global, pages: ['index'] } });
    const twins: [unknown, unknown][] = [
      [
        classic({ versions: ['v2'], navigation: [{ group: 'G', pages: ['index', { group: 'Old', version: 'v1', pages: ['old'] }] }] }),
        classic({ versions: ['v2', 'v1'], navigation: [{ group: 'G', pages: ['index', { group: 'Old', version: 'v1', pages: ['old'] }] }] }),
      ],
      [
        classic({ navigation: [{ group: 'G', version: 'v1', pages: ['index'] }] }),
        classic({ versions: [{ name: 'v1' }], navigation: [{ group: 'G', version: 'v1', pages: ['index'] }] }),
      ],
      [current({ products: [{ product: 'API', href: 'api/auth' }] }), current({ products: [{ product: 'API', href: '/api/auth' }] })],
      [current({ languages: [{ language: 'fr', href: 'fr' }] }), current({ languages: [{ language: 'fr', href: 'https://acme.dev/fr' }] })],
    ];
    for (const [bad, good] of twins) {
      assert.ok(theirErrors(bad).length > 0, JSON.stringify(bad));
      assert.ok((await ourErrors(bad)).length > 0, JSON.stringify(bad));
      assert.deepEqual([theirErrors(good), await ourErrors(good)], [[], []], JSON.stringify(good));
    }
  });

  it('follows the reference on classic buttons, footer columns, primaryTab and OpenAPI lists, and accepts their twins', async () => {
    const classic = (extra: Record<string, unknown>) => ({
      name: 'Acme',
      favicon: '/f.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'G', pages: ['index'] }],
      ...extra,
    });
    const twins: [unknown, unknown][] = [
      [
        classic({ topbarCtaButton: { type: 'github', url: '/acme/notes' } }),
        classic({ topbarCtaButton: { type: 'github', url: 'https://github.com/acme/notes' } }),
      ],
      [
        classic({ topbarCtaButton: { type: 'github', url: 'https://github.com/acme/notes', arrow: true } }),
        classic({ topbarCtaButton: { url: 'https://github.com/acme/notes', name: 'GitHub', arrow: true } }),
      ],
      [classic({ topbarLinks: [{ url: 'https://acme.dev/blog' }] }), classic({ topbarLinks: [{ name: 'Blog', url: 'https://acme.dev/blog' }] })],
      [
        classic({ footer: { links: [{ title: 'Company' }] } }),
        classic({ footer: { links: [{ title: 'Company', links: [{ label: 'About', url: '/about' }] }] } }),
      ],
      [
        classic({ footer: { links: [{ links: [{ label: 'About', url: 'about' }] }] } }),
        classic({ footer: { links: [{ links: [{ label: 'About', url: 'https://acme.dev/about' }] }] } }),
      ],
      [classic({ primaryTab: {} }), classic({ primaryTab: { name: 'Guides' } })],
      [classic({ openapi: [''] }), classic({ openapi: [] })],
    ];
    for (const [bad, good] of twins) {
      assert.ok(theirErrors(bad).length > 0, JSON.stringify(bad));
      assert.ok((await ourErrors(bad)).length > 0, JSON.stringify(bad));
      assert.deepEqual([theirErrors(good), await ourErrors(good)], [[], []], JSON.stringify(good));
    }
  });

  it('makes an unknown key an error in the objects whose unknown keys the reference refuses, and a warning elsewhere', async () => {
    const classic = (extra: Record<string, unknown>) => ({
      name: 'Acme',
      favicon: '/f.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'G', pages: ['index'] }],
      ...extra,
    });
    const current = (extra: Record<string, unknown>) => ({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      navigation: { pages: ['index'] },
      ...extra,
    });
    const twins: [unknown, unknown][] = [
      [classic({ colors: { primary: '#0B6E4F', ligth: '#4ADE80' } }), classic({ colors: { primary: '#0B6E4F', light: '#4ADE80' } })],
      [
        classic({ navigation: [{ group: 'G', pages: ['index'], hidden: true }] }),
        classic({ navigation: [{ group: 'G', pages: ['index'], version: 'v1' }], versions: ['v1'] }),
      ],
      [current({ colors: { primary: '#0B6E4F', ligth: '#4ADE80' } }), current({ colors: { primary: '#0B6E4F', light: '#4ADE80' } })],
      [current({ integrations: { heeap: { appId: '1' } } }), current({ integrations: { heap: { appId: '1' } } })],
    ];
    for (const [bad, good] of twins) {
      assert.ok(theirErrors(bad).length > 0, JSON.stringify(bad));
      assert.match((await ourErrors(bad)).join('\n'), /the format refuses keys it does not define here/, JSON.stringify(bad));
      assert.deepEqual([theirErrors(good), await ourErrors(good)], [[], []], JSON.stringify(good));
    }
    // Where the reference drops unknown keys (the top level, footer columns), they stay warnings.
    const loose = classic({ colours: { primary: '#0B6E4F' }, footer: { links: [{ links: [{ label: 'About', url: '/about' }], note: 'x' }] } });
    assert.deepEqual([theirErrors(loose), await ourErrors(loose)], [[], []]);
    const doc = await parseConfig('/site/docs.json', JSON.stringify(loose));
    assert.deepEqual(
      doc.problems.map((p) => [p.kind, p.actual]),
      [['unknown-property', 'colours']],
    );
  });

  it('follows the reference on division lists, global links, redirects, SEO paths and strict tabs, and accepts their twins', async () => {
    const current = (navigation: unknown, extra: Record<string, unknown> = {}) => ({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      navigation,
      ...extra,
    });
    const pages = { pages: ['index'] };
    const twins: [unknown, unknown][] = [
      [current({ tabs: [] }), current({ tabs: [{ tab: 'Docs', ...pages }] })],
      [
        current({ ...pages, global: { anchors: [{ href: 'https://acme.dev' }] } }),
        current({ ...pages, global: { anchors: [{ anchor: 'Blog', href: 'https://acme.dev' }] } }),
      ],
      [current({ groups: [{ group: 'G', pages: ['index'], graphql: 'schema.graphql' }] }), current({ tabs: [{ tab: 'API', graphql: 'schema.graphql' }] })],
      [
        current({ tabs: [{ tab: 'API', graphql: 'schema.graphql', pages: ['index'] }] }),
        current({ tabs: [{ tab: 'API', graphql: 'schema.graphql', groups: [{ group: 'G', pages: ['index'] }] }] }),
      ],
      [current({ tabs: [{ tab: 'API', graphql: 'schema.graphql', openapi: 'openapi.json' }] }), current({ tabs: [{ tab: 'API', openapi: 'openapi.json' }] })],
      [
        current({ tabs: [{ tab: 'API', graphql: 'http://acme.dev/schema.graphql' }] }),
        current({ tabs: [{ tab: 'API', graphql: 'https://acme.dev/schema.graphql' }] }),
      ],
      [
        current({ tabs: [{ tab: 'API', asyncapi: 'wss://acme.dev/asyncapi.yaml' }] }),
        current({ tabs: [{ tab: 'API', asyncapi: 'http://acme.dev/asyncapi.yaml' }] }),
      ],
      [current({ tabs: [{ tab: 'API', asyncapi: ['asyncapi.yaml', ' '] }] }), current({ tabs: [{ tab: 'API', asyncapi: ['asyncapi.yaml', 'events.json'] }] })],
      [
        current({ anchors: [{ anchor: 'API', asyncapi: { source: 'c:asyncapi.yaml', directory: 'ws' } }] }),
        current({ anchors: [{ anchor: 'API', asyncapi: { source: '/specs/asyncapi.yaml', directory: 'ws' } }] }),
      ],
      [
        current({ tabs: [{ tab: 'API', sdk: { format: 'typedoc', source: 'sdk' }, diretcory: 'none' }] }),
        current({ tabs: [{ tab: 'API', sdk: { format: 'typedoc', source: 'sdk' }, directory: 'none' }] }),
      ],
      [
        current(pages, {
          redirects: [
            { source: '/a', destination: '/b' },
            { source: '/a', destination: '/c' },
          ],
        }),
        current(pages, {
          redirects: [
            { source: '/a', destination: '/b' },
            { source: '/c', destination: '/b' },
          ],
        }),
      ],
      [
        current(pages, { seo: { paths: [{ path: '/guides', metatags: { robots: 'noindex' } }] } }),
        current(pages, { seo: { paths: [{ path: 'guides/v2', metatags: { robots: 'noindex' } }] } }),
      ],
      [current(pages, { logo: 'a' }), current(pages, { logo: 'a.svg' })],
    ];
    for (const [bad, good] of twins) {
      assert.ok(theirErrors(bad).length > 0, JSON.stringify(bad));
      assert.ok((await ourErrors(bad)).length > 0, JSON.stringify(bad));
      assert.deepEqual([theirErrors(good), await ourErrors(good)], [[], []], JSON.stringify(good));
    }
    // A group's asyncapi the format drops when invalid, and beside openapi: never an error.
    const dropped = current({
      groups: [
        { group: 'G', pages: ['index'], asyncapi: 'ftp://acme.dev/a.yaml' },
        { group: 'H', openapi: 'o.json', asyncapi: 'a.yaml' },
      ],
    });
    assert.deepEqual([theirErrors(dropped), await ourErrors(dropped)], [[], []]);
    // A tab whose two division keys are both invalid: the union's plain variant passes over both, as over one.
    const passed = current({
      tabs: [
        { tab: 'Docs', dropdowns: {}, products: '#fff' },
        { tab: 'More', ...pages },
      ],
    });
    assert.deepEqual([theirErrors(passed), await ourErrors(passed)], [[], []]);
  });

  it('agrees on the example site and the corpus configs', async (t) => {
    const examples = await compareVerdicts(exampleConfigs());
    assert.ok(examples.tried >= 1);
    assert.deepEqual(examples.disagreements, [], shown(examples.disagreements));
    const corpus = await corpusConfigs();
    if (!corpus) {
      t.skip('no corpus copies (set DOCWRIGHT_CORPUS): the corpus set is not compared here');
      return;
    }
    const r = await compareVerdicts(corpus);
    assert.equal(r.tried, corpus.length);
    assert.deepEqual(r.disagreements, [], shown(r.disagreements));
  });

  it('generates the same configs for the same seed, others for another', () => {
    const a = [...generatedConfigs(200, 7)].map((c) => JSON.stringify(c));
    const b = [...generatedConfigs(200, 7)].map((c) => JSON.stringify(c));
    assert.deepEqual(a, b);
    assert.notDeepEqual(
      a,
      [...generatedConfigs(200, 8)].map((c) => JSON.stringify(c)),
    );
  });

  it("migrate writes the navigation the reference's upgrade writes, on the corpus and on the generated classic configs", async () => {
    const corpus = await corpusConfigs();
    if (corpus) {
      const mc = await compareMigrations(corpus.map((c) => ({ label: c.label, value: c.resolved })));
      assert.ok(mc.tried >= 1);
      assert.deepEqual(mc.disagreements, [], shown(mc.disagreements));
    }
    const m = await compareMigrations(generatedConfigs(10_000, 35, extraSeeds(corpus)));
    assert.ok(m.tried > 50, `${m.tried} classic configs upgraded`);
    assert.deepEqual(m.disagreements, [], shown(m.disagreements));
  });

  it('agrees on 10,000 generated and mutated configs', async () => {
    const r = await compareVerdicts(generatedConfigs(10_000, 35, extraSeeds(await corpusConfigs())));
    assert.equal(r.tried, 10_000);
    assert.deepEqual(r.disagreements, [], shown(r.disagreements));
  });
});

// Spec resolution as the format does it, in one place (openapi/load.ts + operations.ts): the paths
// docs.json and front matter write (leading `/`, no extension, end of the path), specs found in the
// site folder without docs.json naming them, URL copies, method case and trailing slashes, webhooks.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { findEndpoint, specsNamed } from '../../server/src/openapi/operations';
import type { SiteFiles } from '../../server/src/rules/types';
import { check, siteFrom, summarize } from '../helpers';

const spec = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths, ...extra }, null, 2);
const op = (summary: string) => ({ summary, responses: { '200': { description: 'ok' } } });
const page = (value: string) => `---\ntitle: "P"\ndescription: "A page about one operation of the API."\nopenapi: ${value}\n---\n\nText.\n`;

function files(docs: Record<string, unknown>, pages: Record<string, string>, extra: SiteFiles): SiteFiles {
  return {
    'docs.json': JSON.stringify(
      {
        name: 'Acme',
        favicon: 'https://acme.dev/favicon.svg',
        colors: { primary: '#0B6E4F' },
        navigation: [{ group: 'API', pages: Object.keys(pages).map((p) => p.replace(/\.mdx$/, '')) }],
        ...docs,
      },
      null,
      2,
    ),
    ...pages,
    ...extra,
  };
}

const unknown = async (f: SiteFiles) => summarize((await check(f)).filter((x) => x.ruleId === 'api-endpoint-unknown'));

test('a spec path in docs.json with a leading slash, or without its extension, names the site file', async () => {
  for (const value of ['/specs/v3-openapi.yaml', 'specs/v3-openapi', '/specs/v3-openapi']) {
    const { site } = await siteFrom(
      files(
        { openapi: value },
        {},
        {
          'specs/v3-openapi.yaml':
            'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /runs:\n    get:\n      responses:\n        "200": {description: ok}\n',
        },
      ),
    );
    assert.equal(site.openapi!.entries[0].status.kind, 'loaded', value);
    assert.equal(site.openapi!.files.length, 1, value);
    assert.equal(site.openapi!.files[0].rel, 'specs/v3-openapi.yaml');
  }
});

test('front matter names a spec by its path, with a leading slash, without its extension, or by the end of its path', async () => {
  const extra = {
    'v3-openapi.yaml':
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /api/v1/runs:\n    get:\n      responses:\n        "200": {description: ok}\n',
    'openapi/v1.json': spec({ '/users/{id}': { get: op('Get a user') } }),
  };
  const pages = {
    'a.mdx': page('"v3-openapi GET /api/v1/runs"'),
    'b.mdx': page('"/v3-openapi.yaml GET /api/v1/runs"'),
    'c.mdx': page('"v1 GET /users/{id}"'),
    'd.mdx': page('"openapi/v1 GET /users/{id}"'),
    'e.mdx': page('"/openapi/v1.json GET /users/{id}"'),
    'f.mdx': page('"v1 GET /user/{id}"'),
  };
  assert.deepEqual(await unknown(files({ openapi: ['v3-openapi.yaml', 'openapi/v1.json'] }, pages, extra)), ['api-endpoint-unknown f.mdx:4:10']);
});

test("with no openapi setting, the site folder's specs are used: lower-case methods, trailing slash as the spec writes it, first match in alphabetical order", async () => {
  const extra = {
    'api/openapi.json': spec({ '/v3/memories/add/': { post: op('Add memory') }, '/v3/items': { get: op('Items from api/') } }),
    'b/openapi.yaml':
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /v3/items:\n    get:\n      summary: Items from b/\n      responses:\n        "200": {description: ok}\n',
    'data/not-a-spec.json': JSON.stringify({ openapi: 'this is not a version', paths: {} }),
    'broken.json': '{ "openapi": "3.0.0", ',
  };
  const pages = {
    'a.mdx': page('post /v3/memories/add/'),
    'b.mdx': page('POST /v3/memories/add'),
    'c.mdx': page('get /v3/items'),
    'd.mdx': page('get /v3/nothing'),
  };
  const f = files({}, pages, extra);
  const { site } = await siteFrom(f);
  assert.deepEqual(
    site.openapi!.files.map((s) => [s.rel, s.entries.length]),
    [
      ['api/openapi.json', 0],
      ['b/openapi.yaml', 0],
    ],
  );
  assert.deepEqual(await unknown(f), ['api-endpoint-unknown d.mdx:4:10']);
  // Without a file name the first spec in alphabetical order that has the operation wins.
  const found = findEndpoint(site.openapi!.files, 'GET /v3/items');
  assert.ok(found.kind === 'found');
  assert.equal(found.spec.rel, 'api/openapi.json');
  assert.equal(found.operation.path, '/v3/items');
  const slash = findEndpoint(site.openapi!.files, 'POST /v3/memories/add');
  assert.ok(slash.kind === 'found');
  assert.equal(slash.operation.path, '/v3/memories/add/', 'the path as the spec writes it');
  // The broken file and the JSON that only looks like a spec are not specs, and block nothing.
  assert.deepEqual(
    (await check(f)).filter((x) => x.ruleId.startsWith('openapi')),
    [],
  );
});

test('a URL entry is resolved through the site copy, and front matter may name the spec by that URL', async () => {
  const url = 'https://api.acme.example/v1/openapi.json';
  const pages = { 'a.mdx': page(`"${url} GET /notes"`), 'b.mdx': page('"openapi.json GET /notes"'), 'c.mdx': page(`"${url} GET /nope"`) };
  const f = files({ openapi: url }, pages, { 'openapi.json': spec({ '/notes': { get: op('List') } }) });
  const { site } = await siteFrom(f);
  assert.deepEqual(
    site.openapi!.files.map((s) => s.aliases),
    [[url]],
  );
  assert.deepEqual(await unknown(f), ['api-endpoint-unknown c.mdx:4:10']);
});

test('webhooks are named with `webhook <name>`; specsNamed prefers an exact path over the end of a path', async () => {
  const extra = { 'openapi.json': spec({}, { webhooks: { orderUpdated: { post: op('Order updated') } } }), 'old/openapi.json': spec({}) };
  const pages = { 'a.mdx': page('"openapi.json webhook orderUpdated"'), 'b.mdx': page('"openapi.json webhook orderDeleted"') };
  const f = files({ openapi: 'openapi.json' }, pages, extra);
  const findings = (await check(f)).filter((x) => x.ruleId === 'api-endpoint-unknown');
  assert.deepEqual(summarize(findings), ['api-endpoint-unknown b.mdx:4:10']);
  assert.match(findings[0].message, /webhook orderDeleted is not an operation of openapi\.json\. Did you mean "openapi\.json webhook orderUpdated"\?/);
  const { site } = await siteFrom(f);
  assert.deepEqual(
    specsNamed(site.openapi!.files, 'openapi.json').map((s) => s.rel),
    ['openapi.json'],
  );
  assert.deepEqual(
    specsNamed(site.openapi!.files, 'old/openapi').map((s) => s.rel),
    ['old/openapi.json'],
  );
});

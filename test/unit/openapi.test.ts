// OpenAPI files and API pages: loading (JSON, YAML, URLs), located diagnostics, endpoint lookup and
// completion, the api settings of both docs.json generations, and the API reference renderer with
// each playground mode and auth method (the browser test sends real requests).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { completeEndpoint } from '../../server/src/features/api-completion';
import { parsePage } from '../../server/src/pages/parse';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { curlExample } from '../../server/src/render/api-examples';
import { buildSiteModel } from '../../server/src/site/model';
import { MemoryWorkspace } from '../../server/src/workspace';
import type { SiteFiles } from '../../server/src/rules/types';
import { applyFix, check, cursor, EXAMPLE_SITE, ROOT, siteFrom, summarize, checkProject } from '../helpers';
import { assertNoScriptSurface } from '../xss-corpus';
import { readFileSync } from 'node:fs';
import { parseFragment } from 'parse5';
import * as path from 'node:path';

const FM = (extra: string) => `---\ntitle: "List notes"\ndescription: "Return the notes of your account, newest first."\n${extra}\n---\n\n`;
const BODY = 'Lists notes.\n\n**Rate limit:** 100 requests per minute per API key.\n';

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Acme API', version: '1.0.0' },
  servers: [{ url: 'https://api.acme.example/{version}', variables: { version: { default: 'v2' } } }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, key: { type: 'apiKey', in: 'query', name: 'api_key' } },
    schemas: {
      Note: {
        type: 'object',
        required: ['title', 'id'],
        properties: {
          title: { type: 'string', description: 'The title.' },
          id: { type: 'string', example: 'note_1' },
          author: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } } },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
  security: [{ bearer: [] }],
  paths: {
    '/notes': {
      get: {
        summary: 'List notes',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', default: 20, minimum: 1, maximum: 100 } },
          { name: 'cursor', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'The notes.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } },
          '401': { description: 'No key.', content: { 'application/json': { example: { error: 'unauthorized' } } } },
        },
      },
      post: {
        summary: 'Create a note',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
        responses: { '201': { description: 'Created.' } },
      },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      delete: { summary: 'Delete a note', responses: { '204': { description: 'Deleted.' } } },
    },
  },
};

function site(docs: Record<string, unknown>, pages: Record<string, string>, extra: SiteFiles = {}): SiteFiles {
  const nav = [{ group: 'API', pages: Object.keys(pages).map((p) => p.replace(/\.mdx$/, '')) }];
  return {
    'docs.json': JSON.stringify({ name: 'Acme', favicon: 'https://acme.dev/favicon.svg', colors: { primary: '#0B6E4F' }, navigation: nav, ...docs }, null, 2),
    'openapi.json': JSON.stringify(SPEC, null, 2),
    ...pages,
    ...extra,
  };
}

async function render(files: SiteFiles, page = 'list.mdx') {
  const ws = new MemoryWorkspace(files, ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  const out = await renderPreview(project, `${ROOT}/${page}`, 'https://assets/');
  assert.ok(out);
  return out;
}

/** The text of the code blocks (tags stripped, entities decoded). */
function codeText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x3C;/g, '<')
    .replace(/&#x26;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&#x22;/g, '"')
    .replace(/&quot;/g, '"');
}

/** Tag names of every element of an HTML fragment, as a browser parses it. */
function elementsIn(html: string): string[] {
  const out: string[] = [];
  const walk = (n: { tagName?: string; childNodes?: unknown[] }) => {
    if (n.tagName) out.push(n.tagName);
    for (const c of n.childNodes ?? []) walk(c as never);
  };
  walk(parseFragment(html) as never);
  return out;
}

// ---- loading and diagnostics ----

test('a JSON syntax error is located in the OpenAPI file, and docs.json says the file is broken on its openapi entry', async () => {
  const files = site(
    { openapi: 'openapi.json' },
    { 'list.mdx': FM('openapi: "GET /notes"') + BODY },
    { 'openapi.json': '{\n  "openapi": "3.0.3",\n  "info": { "title": "A" "version": "1" }\n}\n' },
  );
  const findings = (await check(files)).filter((f) => f.ruleId === 'openapi-invalid');
  const inFile = findings.find((f) => f.path === `${ROOT}/openapi.json`);
  assert.ok(inFile, JSON.stringify(findings));
  assert.deepEqual(inFile.range.start, { line: 2, character: 25 });
  assert.match(inFile.message, /comma/i);
  const inConfig = findings.find((f) => f.path === `${ROOT}/docs.json`);
  assert.ok(inConfig);
  assert.match(inConfig.message, /openapi\.json is not a valid OpenAPI document: 1 problem, the first on line 3/);
  assert.equal(inConfig.related?.[0].path, `${ROOT}/openapi.json`);
  const text = files['docs.json'];
  const line = text.split('\n')[inConfig.range.start.line];
  assert.equal(line.slice(inConfig.range.start.character, inConfig.range.end.character), '"openapi.json"');
});

test('YAML files: syntax errors and schema errors get the line and column of the YAML source, through $refs to where the value is written', async () => {
  const yaml = [
    'openapi: 3.0.3', //             1
    'info:',
    '  title: Acme',
    '  version: "1"',
    'paths:', //                     5
    '  /users/{id}:',
    '    get:',
    '      parameters:',
    '        - name: idx', //        9
    '          in: path',
    '          required: true',
    '          schema: { type: string }',
    '      responses:',
    '        "200":',
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    "                $ref: '#/components/schemas/User'",
    '      summary: Get a user',
    '      colour: red', //          21
    'components:',
    '  schemas:',
    '    User:',
    '      type: objec', //          25
    '',
  ].join('\n');
  const { site: s } = await siteFrom(site({ openapi: 'specs/openapi.yaml' }, {}, { 'specs/openapi.yaml': yaml }));
  const file = s.openapi!.files[0];
  assert.equal(file.rel, 'specs/openapi.yaml');
  const at = (re: RegExp) => file.problems.find((p) => re.test(p.message))?.range.start;
  assert.deepEqual(at(/"colour" is not allowed/), { line: 20, character: 6 }, 'an unknown key is reported on the key');
  assert.deepEqual(
    at(/components\.schemas\.User\.type: Must be one of/),
    { line: 24, character: 12 },
    'an error inside a $ref target is reported where the target is written',
  );
  assert.deepEqual(at(/has \{id\} but no path parameter "id"/), { line: 6, character: 4 });
  assert.deepEqual(at(/path parameter "idx" does not appear/), { line: 8, character: 16 });

  const broken = await siteFrom(site({ openapi: 'openapi.yaml' }, {}, { 'openapi.yaml': 'openapi: 3.0.3\ninfo:\n  title: [a\npaths: {}\n' }));
  const syntax = broken.site.openapi!.files[0].problems[0];
  assert.equal(syntax.range.start.line, 3);
  assert.equal(broken.site.openapi!.files[0].operations.length, 0);
});

test('local $refs that point nowhere, duplicate operationIds and external $refs are located; external files are not followed', async () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'A', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'same',
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } },
        },
      },
      '/b': { get: { operationId: 'same', responses: { '200': { $ref: 'responses.yaml#/Ok' } } } },
    },
  };
  const files = site({ openapi: 'openapi.json' }, {}, { 'openapi.json': JSON.stringify(spec, null, 2) });
  const findings = await check(files);
  const messages = findings.filter((f) => f.path.endsWith('openapi.json')).map((f) => `${f.ruleId} ${f.range.start.line + 1}: ${f.message}`);
  assert.ok(
    messages.some((m) => /^openapi-invalid \d+: \$ref "#\/components\/schemas\/Nope" points to nothing/.test(m)),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m) => /^openapi-invalid \d+: operationId "same" is already used by GET \/a/.test(m)),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m) => /^openapi-not-fetched \d+: \$ref "responses.yaml#\/Ok" names another file/.test(m)),
    messages.join('\n'),
  );
});

test('a URL is not fetched (information on the entry) unless the site holds a copy, which is then used', async () => {
  const url = 'https://api.acme.example/specs/openapi.json';
  const pages = { 'list.mdx': FM('openapi: "GET /notes"') + BODY };
  const noCopy = site({ openapi: url }, pages);
  delete noCopy['openapi.json'];
  const findings = await check(noCopy);
  assert.deepEqual(summarize(findings), ['openapi-not-fetched docs.json:15:14']);
  assert.match(findings[0].message, /is not fetched \(Docwright works offline\)\. Save a copy as "openapi\.json"/);

  const withCopy = site({ openapi: url }, pages);
  assert.deepEqual(summarize(await check(withCopy)), []);
  const { site: s } = await siteFrom(withCopy);
  assert.equal(s.openapi!.files[0].rel, 'openapi.json');
  assert.equal(s.openapi!.entries[0].status.kind, 'loaded');
});

test('the example site has valid OpenAPI 3 files with several endpoints, and every API page names one of them', async () => {
  const spec = JSON.parse(readFileSync(path.join(EXAMPLE_SITE, 'openapi.json'), 'utf8'));
  assert.match(spec.openapi, /^3\./);
  const project = new Project(new DiskWorkspace(), [EXAMPLE_SITE]);
  await project.scan();
  const loaded = (await project.site(EXAMPLE_SITE))!.openapi!;
  // The API's spec, and version 1's, which a group of the v1 navigation names.
  assert.deepEqual(
    loaded.files.map((f) => f.rel),
    ['openapi.json', 'v1/openapi.json'],
  );
  for (const f of loaded.files) assert.deepEqual(f.problems, [], f.rel);
  const ops = loaded.files[0].operations.map((o) => `${o.method} ${o.path}`);
  assert.ok(ops.length >= 7, ops.join(', '));
  for (const op of [
    'GET /notes',
    'POST /notes',
    'GET /notes/{note_id}',
    'PATCH /notes/{note_id}',
    'DELETE /notes/{note_id}',
    'POST /notes/{note_id}/share',
    'GET /notebooks',
  ])
    assert.ok(ops.includes(op), op);
  assert.deepEqual(
    loaded.files[1].operations.map((o) => `${o.method} ${o.path}`),
    ['GET /notes', 'POST /notes'],
  );
  assert.deepEqual(
    (await checkProject(project, EXAMPLE_SITE)).filter(
      (f) => f.ruleId.startsWith('openapi') || f.ruleId.startsWith('api-') || f.ruleId === 'nav-operation-unknown',
    ),
    [],
  );
});

test('editing the OpenAPI file re-loads it: the project treats it as part of the config', async () => {
  const files = site({ openapi: 'openapi.json' }, { 'list.mdx': FM('openapi: "GET /notes"') + BODY });
  const ws = new MemoryWorkspace(files, ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  assert.deepEqual(await checkProject(project, ROOT), []);
  assert.equal(project.isConfigPart(`${ROOT}/openapi.json`), true);
  ws.files.set(`${ROOT}/openapi.json`, JSON.stringify({ ...SPEC, paths: {} }));
  project.contentChanged(`${ROOT}/openapi.json`);
  assert.deepEqual(summarize(await checkProject(project, ROOT)), ['api-endpoint-unknown list.mdx:4:10']);
});

// ---- endpoints named by pages ----

test('an unknown endpoint is reported on the front matter value with the closest endpoints as fixes', async () => {
  const files = site({ openapi: 'openapi.json' }, { 'list.mdx': FM('openapi: "GET /note"') + BODY });
  const findings = await check(files);
  assert.deepEqual(summarize(findings), ['api-endpoint-unknown list.mdx:4:10']);
  assert.match(findings[0].message, /GET \/note is not an operation of openapi\.json\. Did you mean "GET \/notes"\?/);
  const ws = new MemoryWorkspace(files, ROOT);
  applyFix(ws, findings[0].fixes![0]);
  assert.match(ws.files.get(`${ROOT}/list.mdx`)!, /openapi: "GET \/notes"/);
  assert.deepEqual(await check(ws), []);
});

test('endpoint references: file prefixes with several specs, full URLs in api:, malformed values; api: pages that document themselves are not checked', async () => {
  const other = { openapi: '3.0.3', info: { title: 'B', version: '1' }, paths: { '/users': { get: { responses: { '200': { description: 'ok' } } } } } };
  const pages = {
    'a.mdx': FM('openapi: "openapi.json GET /notes"') + BODY,
    'b.mdx': FM('openapi: "/specs/users.json GET /users"') + BODY,
    'c.mdx': FM('openapi: "users.json GET /notes"') + BODY,
    'd.mdx': FM('openapi: "notes"') + BODY,
    'e.mdx': FM('api: "DELETE https://api.acme.example/v2/notes/{id}"') + BODY,
    'f.mdx':
      FM('api: "POST /comments"') +
      BODY +
      '\n<ParamField body="text" type="string">The comment.</ParamField>\n\n<ResponseExample>\n\n```json 404\n{ "error": "not_found" }\n```\n\n</ResponseExample>\n',
    'g.mdx': FM('openapi: "other.json GET /notes"') + BODY,
  };
  const files = site({ openapi: ['openapi.json', 'specs/users.json'] }, pages, { 'specs/users.json': JSON.stringify(other) });
  const findings = (await check(files)).filter((f) => f.ruleId === 'api-endpoint-unknown');
  assert.deepEqual(summarize(findings), ['api-endpoint-unknown c.mdx:4:10', 'api-endpoint-unknown d.mdx:4:10', 'api-endpoint-unknown g.mdx:4:10']);
  assert.match(findings[0].message, /GET \/notes is not an operation of specs\/users\.json/);
  assert.equal(findings[0].fixes?.[0].title, 'Change to "openapi.json GET /notes"');
  assert.match(findings[1].message, /expected a method and a path/);
  assert.match(findings[2].message, /"other\.json" is not one of the site's OpenAPI files \(openapi\.json, specs\/users\.json\)/);
});

test('completion of openapi/api values lists the endpoints with their summaries, inside the quotes', async () => {
  const { site: s } = await siteFrom(site({ openapi: 'openapi.json' }, {}));
  const specs = s.openapi!.files;
  const { text, position } = cursor('---\ntitle: "T"\nopenapi: "GET /no|"\n---\n\nText.\n');
  const page = parsePage(`${ROOT}/list.mdx`, text);
  const items = completeEndpoint(page, page.index.offsetAt(position), specs)!;
  assert.deepEqual(
    items.map((i) => i.label),
    ['GET /notes', 'POST /notes', 'DELETE /notes/{id}'],
  );
  assert.equal(items[0].detail, 'List notes');
  assert.equal(items[0].insertText, 'GET /notes');
  assert.deepEqual(items[0].range, { start: { line: 2, character: 10 }, end: { line: 2, character: 17 } });
  const bare = cursor('---\ntitle: "T"\napi: |\n---\n');
  const p2 = parsePage(`${ROOT}/x.mdx`, bare.text);
  assert.equal(completeEndpoint(p2, p2.index.offsetAt(bare.position), specs)![0].insertText, '"GET /notes"');
  const elsewhere = cursor('---\ntitle: "|T"\n---\n');
  const p3 = parsePage(`${ROOT}/y.mdx`, elsewhere.text);
  assert.equal(completeEndpoint(p3, p3.index.offsetAt(elsewhere.position), specs), undefined);
});

// ---- settings ----

test('api settings are read from both generations of docs.json', async () => {
  const classic = await siteFrom(
    site(
      {
        openapi: ['openapi.json'],
        api: {
          baseUrl: ['https://a.example', 'https://b.example'],
          auth: { method: 'key', name: 'X-Key', inputPrefix: 'k_' },
          playground: { mode: 'simple' },
          maintainOrder: true,
        },
      },
      {},
    ),
  );
  assert.deepEqual(buildSiteModel(classic.site.config).api, {
    baseUrls: ['https://a.example', 'https://b.example'],
    auth: { method: 'key', name: 'X-Key', inputPrefix: 'k_' },
    playground: 'simple',
    maintainOrder: true,
    openapi: ['openapi.json'],
    credentials: false,
    autogenerate: true,
  });
  const current = {
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      navigation: { tabs: [{ tab: 'API', openapi: 'specs/tab.json', pages: ['list'] }] },
      api: {
        openapi: { source: 'openapi.json', directory: 'api' },
        playground: { display: 'none', credentials: true },
        mdx: { server: 'https://c.example', auth: { method: 'bearer' } },
        examples: { autogenerate: false },
      },
    }),
    'openapi.json': JSON.stringify(SPEC),
    'specs/tab.json': JSON.stringify(SPEC),
    'list.mdx': FM('openapi: "GET /notes"') + BODY,
  };
  const cur = await siteFrom(current);
  assert.deepEqual(buildSiteModel(cur.site.config).api, {
    baseUrls: ['https://c.example'],
    auth: { method: 'bearer', name: undefined },
    playground: 'hide',
    maintainOrder: true,
    openapi: ['openapi.json'],
    credentials: true,
    autogenerate: false,
  });
  assert.deepEqual(
    cur.site.openapi!.files.map((f) => f.rel),
    ['openapi.json', 'specs/tab.json'],
  );
  assert.deepEqual(
    cur.site.openapi!.entries.map((e) => e.entry.field),
    ['api.openapi.source', 'tab "API" openapi'],
  );
});

// ---- rendering ----

test('show mode: a playground form with the base URL switcher, auth pre-filled with inputPrefix, parameters and body; examples in curl, JavaScript and Python', async () => {
  const files = site(
    {
      openapi: 'openapi.json',
      api: { baseUrl: ['https://api.acme.example/v2', 'https://sandbox.acme.example/v2'], auth: { method: 'bearer', inputPrefix: 'sk_' } },
    },
    { 'list.mdx': FM('openapi: "POST /notes"') + BODY },
  );
  const { page } = await render(files);
  const html = page.html;
  assert.match(
    html,
    /<div class="dw-playground" data-dw-playground="[^"]+" data-dw-pg-method="POST" data-dw-pg-path="\/notes" data-dw-pg-bases="\[&#x22;https:\/\/api\.acme\.example\/v2&#x22;,&#x22;https:\/\/sandbox\.acme\.example\/v2&#x22;\]" data-dw-pg-credentials="omit" data-dw-pg-auth="bearer" data-dw-pg-auth-in="header" data-dw-pg-auth-name="Authorization">/,
  );
  assert.match(
    html,
    /<select class="dw-pg-base" aria-label="Base URL" data-dw-pg-field="base"><option value="https:\/\/api\.acme\.example\/v2" selected>https:\/\/api\.acme\.example\/v2<\/option><option value="https:\/\/sandbox\.acme\.example\/v2">/,
  );
  assert.match(
    html,
    /<input id="[\w-]+" type="password" class="dw-pg-input" autocomplete="off" spellcheck="false" value="sk_" placeholder="&#x3C;token&#x3E;" data-dw-pg-field="auth:token">/,
  );
  assert.match(
    html,
    /<textarea [^>]*data-dw-pg-field="body" data-dw-pg-media-type="application\/json"[^>]*>\{\n {2}"title": "&#x3C;string>",\n {2}"id": "note_1",/,
  );
  assert.match(html, /<button type="button" class="dw-pg-send" data-dw-pg-send="">Send<\/button>/);
  // Request examples: three languages, the auth as a placeholder, never the prefix or a real value.
  const code = codeText(html);
  assert.match(
    code,
    /curl --request POST \\\n {2}--url https:\/\/api\.acme\.example\/v2\/notes \\\n {2}--header 'Authorization: Bearer <token>' \\\n {2}--header 'Content-Type: application\/json' \\\n {2}--data '\{/,
  );
  assert.match(
    code,
    /const options = \{\n {2}method: "POST",\n {2}headers: \{\n {4}Authorization: "Bearer <token>",\n {4}"Content-Type": "application\/json"\n {2}\},\n {2}body: JSON\.stringify\(\{/,
  );
  assert.match(code, /import requests\n\nurl = "https:\/\/api\.acme\.example\/v2\/notes"\npayload = \{\n {4}"title": "<string>",/);
  assert.match(code, /response = requests\.request\("POST", url, json=payload, headers=headers\)/);
  // No inline script, nothing executable.
  assertNoScriptSurface(html, 'API page');
});

test('simple mode shows the endpoint without a form; hide shows neither; a page can override the mode', async () => {
  const pages = { 'list.mdx': FM('openapi: "GET /notes"') + BODY, 'over.mdx': FM('openapi: "GET /notes"\nplayground: "hide"') + BODY };
  const simple = (await render(site({ openapi: 'openapi.json', api: { playground: { mode: 'simple' } } }, pages))).page.html;
  assert.doesNotMatch(simple, /data-dw-playground=/);
  assert.match(
    simple,
    /<div class="dw-api-endpoint" data-playground-mode="simple"><span class="dw-method dw-method-get">GET<\/span><code class="dw-api-url"><span class="dw-api-base">https:\/\/api\.acme\.example\/v2<\/span><span class="dw-api-path">\/notes<\/span><\/code><\/div>/,
  );
  assert.doesNotMatch(simple, /<input|<select|<textarea/);
  const hide = (await render(site({ openapi: 'openapi.json', api: { playground: { mode: 'hide' } } }, pages))).page.html;
  assert.doesNotMatch(hide, /data-dw-playground|dw-api-endpoint/);
  assert.match(hide, /id="api-query-parameters"/, 'the reference itself is still shown');
  const overridden = (await render(site({ openapi: 'openapi.json', api: { playground: { mode: 'show' } } }, pages), 'over.mdx')).page.html;
  assert.doesNotMatch(overridden, /data-dw-playground|dw-api-endpoint/);
});

test('auth methods: basic asks for the two names of api.auth.name, key goes where the spec puts it, and without api.auth the spec security is used', async () => {
  const pages = { 'list.mdx': FM('openapi: "GET /notes"') + BODY };
  const basic = (
    await render(site({ openapi: 'openapi.json', api: { auth: { method: 'basic', name: 'client_id:client_secret', inputPrefix: 'acme_' } } }, pages))
  ).page.html;
  assert.match(basic, /data-dw-pg-auth="basic" data-dw-pg-auth-in="header" data-dw-pg-auth-name="client_id:client_secret"/);
  assert.match(basic, /<code>client_id<\/code><\/label><input [^>]*value="acme_"[^>]*data-dw-pg-field="auth:username"/);
  assert.match(basic, /<code>client_secret<\/code><\/label><input [^>]*type="password"[^>]*data-dw-pg-field="auth:password"/);
  assert.match(codeText(basic), /--user '<client_id>:<client_secret>'/);
  const key = (await render(site({ openapi: 'openapi.json', api: { auth: { method: 'key', name: 'api_key' } } }, pages))).page.html;
  assert.match(key, /data-dw-pg-auth="key" data-dw-pg-auth-in="query" data-dw-pg-auth-name="api_key"/);
  assert.match(codeText(key), /api_key=<api-key>/);
  const header = (await render(site({ openapi: 'openapi.json', api: { auth: { method: 'key', name: 'X-Api-Key' } } }, pages))).page.html;
  assert.match(header, /data-dw-pg-auth="key" data-dw-pg-auth-in="header" data-dw-pg-auth-name="X-Api-Key"/);
  assert.match(codeText(header), /--header 'X-Api-Key: <api-key>'/);
  const fromSpec = (await render(site({ openapi: 'openapi.json' }, pages))).page.html;
  assert.match(fromSpec, /data-dw-pg-auth="bearer"/, "the spec's bearer scheme");
  assert.match(
    fromSpec,
    /data-dw-pg-bases="\[&#x22;https:\/\/api\.acme\.example\/v2&#x22;\]".*<span class="dw-pg-base">https:\/\/api\.acme\.example\/v2</s,
    'one base URL from the spec servers, variables filled in',
  );
});

test('the reference: parameters by location with types, required and defaults, nested objects as Expandable, responses per status with examples; key order per maintainOrder', async () => {
  const pages = { 'list.mdx': FM('openapi: "GET /notes"') + BODY, 'create.mdx': FM('openapi: "POST /notes"') + BODY };
  const sorted = await render(site({ openapi: 'openapi.json' }, pages));
  const html = sorted.page.html;
  assert.match(html, /<h2 id="api-query-parameters" class="dw-api-heading">Query Parameters<\/h2>/, "the published pages' title");
  // Required first when the file's order is not kept: cursor before limit.
  assert.ok(html.indexOf('id="api-param-query-cursor"') < html.indexOf('id="api-param-query-limit"'));
  assert.match(
    html,
    /<code class="dw-field-name">limit<\/code><span class="dw-badge dw-field-type">integer<\/span><span class="dw-badge dw-field-default"><span class="dw-field-default-label">default:<\/span>20<\/span>/,
  );
  assert.match(html, /Required range: 1 &#x3C;= x &#x3C;= 100/);
  assert.match(html, /<span class="dw-badge dw-api-status dw-api-status-2">200<\/span>/);
  assert.match(html, /<span class="dw-badge dw-api-status dw-api-status-4">401<\/span>/);
  assert.match(html, /<button [^>]*data-dw-tab="1">401<\/button>/, 'a response example tab per status code');
  assert.match(html, /Show item properties/);
  assert.deepEqual(
    sorted.page.toc.filter((t) => t.id.startsWith('api-')).map((t) => t.text),
    ['Authorizations', 'Query Parameters', 'Response'],
  );

  const body = (await render(site({ openapi: 'openapi.json' }, pages), 'create.mdx')).page.html;
  assert.match(body, /<h2 id="api-body" class="dw-api-heading">Body<\/h2>/);
  const names = (h: string) => [...h.slice(h.indexOf('id="api-body"')).matchAll(/<code class="dw-field-name">(\w+)<\/code>/g)].map((m) => m[1]).slice(0, 6);
  assert.deepEqual(names(body), ['id', 'title', 'author', 'email', 'name', 'tags'], 'required first, then by name; nested fields inside');
  assert.match(
    body,
    /<details class="dw-expandable expandable"><summary>Show properties<\/summary><div class="dw-expandable-body"><div class="dw-field dw-param-field"><div class="dw-field-header"><code class="dw-field-name">email<\/code>/,
  );
  const kept = (await render(site({ openapi: 'openapi.json', api: { maintainOrder: true } }, pages), 'create.mdx')).page.html;
  assert.deepEqual(names(kept), ['title', 'id', 'author', 'name', 'email', 'tags'], "the file's order");
  const keptList = (await render(site({ openapi: 'openapi.json', api: { maintainOrder: true } }, pages))).page.html;
  assert.ok(keptList.indexOf('id="api-param-query-limit"') < keptList.indexOf('id="api-param-query-cursor"'));
});

test('api: pages documented by hand get the endpoint and a playground built from their ParamFields, and no generated reference', async () => {
  const page =
    FM('api: "POST https://api.acme.example/v2/comments"') +
    BODY +
    '\n<ParamField query="notify" type="boolean">Send an email.</ParamField>\n\n<ParamField body="text" type="string" required>The comment.</ParamField>\n\n<ResponseExample>\n\n```json 404\n{ "error": "not_found" }\n```\n\n</ResponseExample>\n';
  const html = (await render(site({ api: { baseUrl: 'https://api.acme.example/v2', auth: { method: 'bearer' } } }, { 'list.mdx': page }))).page.html;
  assert.match(html, /data-dw-pg-method="POST" data-dw-pg-path="\/comments"/);
  assert.match(html, /data-dw-pg-bases="\[&#x22;https:\/\/api\.acme\.example\/v2&#x22;\]"/);
  assert.match(html, /data-dw-pg-field="param" data-dw-pg-in="query" data-dw-pg-name="notify"/);
  assert.match(html, /data-dw-pg-field="body"[^>]*>\{\n {2}"text": "&#x3C;string>"\n\}/);
  assert.doesNotMatch(html, /dw-api-heading|dw-requestexample/, 'the page documents itself and has its own examples');
});

test('everything from the OpenAPI file is data: markup in names, summaries and descriptions is escaped, script links are dropped', async () => {
  const evil = {
    openapi: '3.0.3',
    info: { title: '<script>alert(1)</script>', version: '1' },
    servers: [{ url: 'javascript:alert(1)//' }],
    paths: {
      '/x': {
        get: {
          summary: '<img src=x onerror=alert(1)>',
          description: 'See [this](javascript:alert(1)) and <b onclick="alert(1)">bold</b> <script>alert(2)</script>',
          parameters: [
            {
              name: '"><script>alert(3)</script>',
              in: 'query',
              description: '<iframe srcdoc="<script>alert(4)</script>">',
              schema: { type: 'string', enum: ['"><svg onload=alert(5)>'], default: '</textarea><script>alert(6)</script>' },
            },
          ],
          requestBody: { content: { 'application/json': { example: { a: '</textarea><script>alert(7)</script>' } } } },
          responses: { '200': { description: '<style>*{display:none}</style>ok', content: { 'application/json': { example: { b: "'; alert(8); '" } } } } },
        },
      },
    },
  };
  const files = site(
    { openapi: 'openapi.json', api: { playground: { mode: 'show' } } },
    { 'list.mdx': FM('openapi: "GET /x"') + '' },
    { 'openapi.json': JSON.stringify(evil) },
  );
  const out = await render(files);
  assertNoScriptSurface(out.body, 'API page from a hostile spec');
  assert.deepEqual(
    elementsIn(out.body).filter((t) => ['script', 'img', 'iframe', 'style', 'svg'].includes(t) && t !== 'svg'),
    [],
  );
  assert.match(out.page.html, /data-dw-pg-name="&#x22;&#x3E;&#x3C;script&#x3E;alert\(3\)&#x3C;\/script&#x3E;"/, 'an attribute value, quoted');
  assert.doesNotMatch(out.page.html, /javascript:/, 'a server URL that is not http(s) is not offered');
  assert.ok(out.page.html.includes('&#x3C;/textarea>&#x3C;script>alert(7)&#x3C;/script>'));
});

test('curl examples quote a word only when the shell needs it, as the format writes them', () => {
  const endpoint = { method: 'GET' } as Parameters<typeof curlExample>[0];
  const code = curlExample(endpoint, { url: 'https://api.acme.example/v2/notes?limit=10&tag=a', headers: [['Accept', 'application/json']] });
  assert.match(code, /--url 'https:\/\/api\.acme\.example\/v2\/notes\?limit=10&tag=a'/);
  assert.match(code, /--header 'Accept: application\/json'/);
  const plain = curlExample(endpoint, { url: 'https://api.acme.example/v2/notes/note_1', headers: [], basic: ["it's", 'x'] });
  assert.match(plain, /--url https:\/\/api\.acme\.example\/v2\/notes\/note_1 \\/);
  assert.match(plain, /--user 'it'\\''s:x'/);
});

test('x-codeSamples: the spec’s own request examples come first, a tab per language (the format’s names) with each sample under its label, in place of the generated example of their language; alone with api.examples.autogenerate false', async () => {
  const spec = structuredClone(SPEC) as typeof SPEC & { paths: { '/notes': { post: Record<string, unknown> } } };
  spec.paths['/notes'].post['x-codeSamples'] = [
    { lang: 'typescript', label: 'TypeScript SDK', source: 'const note = await acme.notes.create({ title: "Hi" });\n' },
    { lang: 'shell', source: 'acme notes create --title Hi\n' },
    { lang: 'python' },
    { lang: 'TypeScript', label: 'With a tag', source: 'await acme.notes.create({ title: "Hi", tags: ["a"] });' },
  ];
  const files = (docs: Record<string, unknown>) => ({
    ...site(docs, { 'list.mdx': FM('openapi: "POST /notes"') + BODY }),
    'openapi.json': JSON.stringify(spec),
  });
  const requestTabs = (html: string) => {
    const request = /data-api-examples="request"[^]*?<\/div>\s*<div class="dw-tab-panel"/.exec(html)?.[0] ?? '';
    return [...request.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1]);
  };
  const both = (await render(files({ openapi: 'openapi.json' }))).page.html;
  assert.deepEqual(requestTabs(both), ['TypeScript', 'cURL', 'JavaScript', 'Python']);
  // The first tab holds both TypeScript samples, each under its label.
  const first = both.slice(both.indexOf('id="dw-api-request-0"'), both.indexOf('id="dw-api-request-1"'));
  assert.deepEqual(
    [...first.matchAll(/class="dw-code-title"[^>]*>([^<]*)</g)].map((m) => m[1]),
    ['TypeScript SDK', 'With a tag'],
  );
  assert.match(codeText(both), /const note = await acme\.notes\.create\(\{ title: "Hi" \}\);/);
  assert.match(codeText(both), /acme notes create --title Hi/);
  assert.doesNotMatch(codeText(both), /curl --request/, 'the shell sample stands for the generated cURL');
  assert.match(codeText(both), /const options = \{/, 'the generated JavaScript stays');

  const current = {
    theme: 'mint',
    navigation: { groups: [{ group: 'API', pages: ['list'] }] },
    api: { openapi: 'openapi.json', examples: { autogenerate: false } },
  };
  const own = (await render(files(current))).page.html;
  assert.deepEqual(requestTabs(own), ['TypeScript', 'cURL']);
  assert.doesNotMatch(codeText(own), /const options = \{|import requests/);

  // With neither, no request examples at all (the responses still show).
  delete spec.paths['/notes'].post['x-codeSamples'];
  const none = (await render(files(current))).page.html;
  assert.doesNotMatch(none, /dw-requestexample/);
});

test('api.examples.languages: the generated examples in the languages and order it gives, by key or alias, each once; unknown names left out; a sample of the spec still stands for its language', async () => {
  const spec = structuredClone(SPEC) as typeof SPEC & { paths: { '/notes': { post: Record<string, unknown> } } };
  spec.paths['/notes'].post['x-codeSamples'] = [{ lang: 'go', source: 'acme.Notes.Create("Hi")\n' }];
  const files = {
    ...site(
      {
        theme: 'mint',
        navigation: { groups: [{ group: 'API', pages: ['list'] }] },
        api: {
          openapi: 'openapi.json',
          examples: { languages: ['golang', 'php', 'rs', 'cobol', 'java', 'curl', 'Node.js', 'php', 'dotnet', 'flutter', 'cpp'] },
        },
      },
      { 'list.mdx': FM('openapi: "POST /notes"') + BODY, 'get.mdx': FM('openapi: "GET /notes"') + BODY },
    ),
    'openapi.json': JSON.stringify(spec),
  };
  const html = (await render(files)).page.html;
  assert.match(
    codeText((await render(files, 'get.mdx')).page.html),
    /CURLOPT_URL => "https:\/\/api\.acme\.example\/v2\/notes\?cursor=<cursor>"/,
    'placeholders as written',
  );
  const request = /data-api-examples="request"[^]*?<\/div>\s*<div class="dw-tab-panel"/.exec(html)?.[0] ?? '';
  assert.deepEqual(
    [...request.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1]),
    ['Go', 'PHP', 'Rust', 'Java', 'cURL', 'Node.js', '.NET', 'Dart', 'C++'],
  );
  const code = codeText(html);
  assert.match(code, /acme\.Notes\.Create\("Hi"\)/, "the spec's Go sample");
  assert.doesNotMatch(code, /http\.NewRequest/, 'no generated Go beside it');
  assert.match(code, /curl_setopt_array\(\$curl/, 'PHP through cURL');
  assert.match(code, /Unirest\.post\("https:\/\/api\.acme\.example\/v2\/notes"\)/, 'Java through Unirest, to the base URL and path');
  assert.match(code, /fetch\(url, options\)/, 'Node.js');
  assert.match(code, /new RestClient/, '.NET through RestSharp');
  assert.match(code, /\.request\(reqwest::Method::POST, "https:\/\/api\.acme\.example\/v2\/notes"\)/, 'Rust through reqwest');
  assert.match(code, /http\.Request\('POST', Uri\.parse\('https:\/\/api\.acme\.example\/v2\/notes'\)\)/, 'Dart through package:http');
  assert.match(code, /curl_easy_setopt\(hnd, CURLOPT_CUSTOMREQUEST, "POST"\)/, "C++ through libcurl's C");
  assert.match(code, /curl --request POST/);
  assert.doesNotMatch(code, /import requests/, 'Python is not listed');
  assert.match(code, /"tags": \[/, 'optional body properties by default');

  // api.examples.defaults "required": optional body properties and parameters left out.
  const docs = JSON.parse((files as SiteFiles)['docs.json']) as { api: { examples: Record<string, unknown> } };
  docs.api.examples = { languages: ['curl'], defaults: 'required' };
  const required = { ...files, 'docs.json': JSON.stringify(docs) };
  const lean = codeText((await render(required)).page.html);
  assert.match(lean, /"title": "<string>"/);
  assert.doesNotMatch(lean, /"tags"|"author"/);
});

test('a server URL that does not parse gives no HTTPSnippet example and still renders the page', async () => {
  const spec = structuredClone(SPEC);
  spec.servers = [{ url: 'https://api acme.example/v2', variables: {} } as (typeof SPEC.servers)[0]];
  const files = {
    ...site(
      {
        theme: 'mint',
        navigation: { groups: [{ group: 'API', pages: ['list'] }] },
        api: { openapi: 'openapi.json', examples: { languages: ['curl', 'php'] } },
      },
      { 'list.mdx': FM('openapi: "GET /notes"') + BODY },
    ),
    'openapi.json': JSON.stringify(spec),
  };
  const code = codeText((await render(files)).page.html);
  assert.match(code, /curl --request GET/);
  assert.doesNotMatch(code, /curl_setopt_array/);
});

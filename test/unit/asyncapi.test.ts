// AsyncAPI files read by the format's parser (@asyncapi/parser, the hosts' reader): 3.0 and 2.x,
// YAML and JSON, into channels, operations and messages; its problems located in the file; no
// reference outside the file read; the files a site names (docs.json divisions, page front matter)
// and the findings asyncapi-invalid and asyncapi-channel-unknown.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostAsyncapiReader } from '../../server/src/node/asyncapi';
import { ASYNCAPI_3 } from '../asyncapi-site';
import { check, cursor, ROOT, siteFrom, summarize } from '../helpers';
import { parsePage } from '../../server/src/pages/parse';
import { completeChannel } from '../../server/src/features/asyncapi-completion';
import { siteApi } from '../../server/src/site/api-pages';
import { page } from '../../server/src/rules/examples';
import type { SiteFiles } from '../../server/src/rules/types';
import { checkAll } from '../../server/src/check';
import { loadSite } from '../../server/src/site/site';
import { createSiteIndex } from '../../server/src/site/site-index';
import { join } from '../../server/src/util/paths';
import { MemoryWorkspace } from '../../server/src/workspace';

test('an AsyncAPI 3.0 file is read into channels with their messages and operations', async () => {
  const { problems, model } = await hostAsyncapiReader(ASYNCAPI_3);
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error'),
    [],
  );
  assert.ok(model);
  assert.equal(model.version, '3.0.0');
  assert.deepEqual(
    model.channels.map((c) => [c.id, c.address, c.title, c.description, c.messages.map((m) => `${m.id}: ${m.title}`)]),
    [['noteUpdates', '/notes', 'Note updates', 'Every change to a note.', ['NoteChanged: Note changed', 'Ping: Ping']]],
  );
  const payload = model.channels[0].messages[0].payload as { properties: Record<string, { description?: string }>; required: string[] };
  assert.equal(payload.properties.id.description, "The note's id.");
  assert.deepEqual(payload.required, ['id']);
  assert.deepEqual(
    model.operations.map((o) => [o.id, o.action, o.channels, o.messages]),
    [
      ['receiveNote', 'receive', ['noteUpdates'], ['NoteChanged']],
      ['sendPing', 'send', ['noteUpdates'], ['Ping']],
    ],
  );
});

test('an AsyncAPI 2.x file in JSON gives its channels and its publish/subscribe operations', async () => {
  const doc = {
    asyncapi: '2.6.0',
    info: { title: 'Signups', version: '1' },
    channels: {
      'user/signedup': {
        description: 'A user signed up.',
        subscribe: { operationId: 'onSignup', message: { messageId: 'UserSignedUp', title: 'Signed up', payload: { type: 'object' } } },
      },
    },
  };
  const { problems, model } = await hostAsyncapiReader(JSON.stringify(doc, null, 2));
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error'),
    [],
  );
  assert.deepEqual(
    model?.channels.map((c) => [c.id, c.description, c.messages.map((m) => m.title)]),
    [['user/signedup', 'A user signed up.', ['Signed up']]],
  );
  assert.deepEqual(
    model?.operations.map((o) => [o.id, o.action, o.channels]),
    [['onSignup', 'subscribe', ['user/signedup']]],
  );
});

test("the parser's errors are located in the file, and a reference outside it is refused where it is written", async () => {
  const broken = ASYNCAPI_3.replace("$ref: '#/components/messages/Ping'", "$ref: '#/components/messages/Pong'").replace(
    'title: Ping\n      payload:',
    'title: Ping\n      payload:\n        $ref: "https://example.com/ping.json"\n      x-old:',
  );
  const { problems, model } = await hostAsyncapiReader(broken);
  const lines = broken.split('\n');
  const errors = problems.filter((p) => p.severity === 'error');
  assert.equal(model, undefined);
  const at = (p: (typeof errors)[number]) => lines[p.range.start.line].slice(p.range.start.character, p.range.end.character);
  // The parser reports a broken reference at the reference that reached it (the operation's, here).
  const pong = errors.find((p) => /Pong/.test(p.message));
  assert.ok(pong, JSON.stringify(errors));
  assert.equal(at(pong), "'#/channels/noteUpdates/messages/Ping'");
  const remote = errors.find((p) => /example\.com/.test(p.message));
  assert.ok(remote, JSON.stringify(errors));
  assert.match(remote.message, /outside the file/);
  assert.equal(at(remote), '"https://example.com/ping.json"');
});

test('a text that is not an AsyncAPI document is one located problem, not a throw', async () => {
  for (const text of ['{', 'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {}\n', '['.repeat(5000)]) {
    const { problems, model } = await hostAsyncapiReader(text);
    assert.equal(model, undefined, text.slice(0, 20));
    assert.ok(
      problems.some((p) => p.severity === 'error'),
      text.slice(0, 20),
    );
  }
});

/** A current-format site: `nav` is its navigation, `files` its other files. */
function site(nav: unknown, files: SiteFiles): SiteFiles {
  const config = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0D6E4F' }, navigation: nav };
  return { 'docs.json': JSON.stringify(config, null, 2) + '\n', 'introduction.mdx': page('Introduction'), ...files };
}

const socket = (value: string) =>
  `---\ntitle: "Note updates"\ndescription: "Every change to your notes, live."\nasyncapi: "${value}"\n---\n\nConnect to hear about every change.\n`;

test('the files divisions, groups and api.asyncapi name are read, with a URL left unread and a file only pages name read too', async () => {
  const files = site(
    {
      tabs: [
        {
          tab: 'Guides',
          groups: [
            { group: 'Start', pages: ['introduction', 'socket'] },
            { group: 'WS', asyncapi: { source: '/specs/a.yaml', directory: 'ws' } },
          ],
        },
        { tab: 'Events', asyncapi: ['specs/a.yaml', 'https://acme.dev/remote.yaml'] },
      ],
    },
    {
      'specs/a.yaml': ASYNCAPI_3,
      'other.json': JSON.stringify({ asyncapi: '2.6.0', info: { title: 'T', version: '1' }, channels: {} }),
      'socket.mdx': socket('/other.json x'),
    },
  );
  const { site: loaded } = await siteFrom(files);
  const set = loaded.asyncapi!;
  assert.deepEqual(
    set.entries.map((e) => [e.entry.field, e.entry.value, e.entry.directory, e.status.kind]),
    [
      ['group "WS" asyncapi', '/specs/a.yaml', 'ws', 'loaded'],
      ['tab "Events" asyncapi', 'specs/a.yaml', 'api-reference', 'loaded'],
      ['tab "Events" asyncapi', 'https://acme.dev/remote.yaml', 'api-reference', 'url'],
    ],
  );
  assert.deepEqual(
    set.files.map((f) => [f.rel, f.entries.length, f.model?.channels.map((c) => c.id)]),
    [
      ['other.json', 0, []],
      ['specs/a.yaml', 2, ['noteUpdates']],
    ],
  );
});

test("asyncapi-invalid reports each of the parser's errors in the file and sums them up on the docs.json entry", async () => {
  const broken = ASYNCAPI_3.replace('  version: 1.0.0\n', '  version: 1\n');
  const findings = await check(
    site(
      {
        tabs: [
          { tab: 'Guides', pages: ['introduction'] },
          { tab: 'Events', asyncapi: 'asyncapi.yaml' },
        ],
      },
      { 'asyncapi.yaml': broken },
    ),
  );
  const lines = broken.split('\n');
  const inFile = findings.filter((f) => f.path.endsWith('asyncapi.yaml'));
  assert.deepEqual(
    inFile.map((f) => [f.ruleId, lines[f.range.start.line].trim()]),
    [['asyncapi-invalid', 'version: 1']],
  );
  const summary = findings.find((f) => f.path.endsWith('docs.json'));
  assert.match(summary?.message ?? '', /asyncapi\.yaml is not a valid AsyncAPI document: 1 error, the first on line 4/);
  // Style advice of the parser's ruleset (no contact, license or servers) is not reported.
  assert.deepEqual(summarize(await check(site({ pages: ['introduction'] }, { 'asyncapi.yaml': ASYNCAPI_3 }))), []);
});

test('a host with no AsyncAPI reader (the web worker) says nothing of AsyncAPI files: no site set, no finding', async () => {
  const files = site(
    {
      tabs: [
        { tab: 'Guides', pages: ['introduction', 'socket'] },
        { tab: 'Events', asyncapi: 'asyncapi.yaml' },
      ],
    },
    { 'asyncapi.yaml': ASYNCAPI_3, 'socket.mdx': socket('/asyncapi.yaml noteUpdates') },
  );
  const ws = new MemoryWorkspace(files, ROOT);
  const unread = (await loadSite(ws, ROOT, {}))!;
  assert.equal(unread.asyncapi, undefined);
  const pages = new Map([...unread.pages].map(([id, rel]) => [id, parsePage(join(ROOT, rel), ws.files.get(join(ROOT, rel)) ?? '')]));
  const findings = checkAll(createSiteIndex(unread, pages), {});
  assert.deepEqual(
    findings.filter((f) => f.ruleId.startsWith('asyncapi')),
    [],
  );
  // The same site, read: its channel is known, so the check is silent for the right reason too.
  assert.ok((await siteFrom(files)).site.asyncapi?.files.length === 1);
});

test('asyncapi-channel-unknown: a channel the named file lacks, a file the site lacks, a channel of no file; silent on a URL and a broken file', async () => {
  const run = async (value: string, spec = ASYNCAPI_3) =>
    (await check(site({ pages: ['introduction', 'socket'] }, { 'asyncapi.yaml': spec, 'socket.mdx': socket(value) }))).map((f) => `${f.ruleId}: ${f.message}`);
  assert.deepEqual(await run('/asyncapi.yaml noteUpdates'), []);
  assert.deepEqual(await run('asyncapi noteUpdates'), []);
  assert.deepEqual(await run('noteUpdates'), []);
  assert.deepEqual(await run('/asyncapi.yaml noteUpdate'), [
    'asyncapi-channel-unknown: asyncapi: "noteUpdate" is not a channel of asyncapi.yaml. Did you mean "noteUpdates"?',
  ]);
  assert.deepEqual(await run('nothing'), ['asyncapi-channel-unknown: asyncapi: "nothing" is not a channel of asyncapi.yaml. Its channels: noteUpdates.']);
  assert.deepEqual(await run('/events.yaml noteUpdates'), [
    'asyncapi-channel-unknown: asyncapi: "/events.yaml" is not an AsyncAPI file of the site (asyncapi.yaml).',
  ]);
  assert.deepEqual(await run('https://acme.dev/events.yaml noteUpdates'), []);
  const broken = await run('/asyncapi.yaml nothing', ASYNCAPI_3.replace('NoteChanged:\n        $ref', 'NoteChanged:\n        $ref: x\n        x-ref'));
  assert.ok(broken.length > 0 && broken.every((f) => f.startsWith('asyncapi-invalid')), JSON.stringify(broken));
});

test('a page per channel after the division’s own pages, in <directory>/<kebab-case id>; a group’s asyncapi beside openapi makes none', async () => {
  const two = ASYNCAPI_3.replace('operations:\n', '  user_status:\n    address: /status\n    messages: {}\noperations:\n');
  const { site: loaded } = await siteFrom(
    site(
      {
        tabs: [
          { tab: 'Events', asyncapi: 'asyncapi.yaml' },
          {
            tab: 'Guides',
            groups: [
              { group: 'Live', pages: ['introduction'], asyncapi: { source: '/asyncapi.yaml', directory: 'ws/' } },
              { group: 'REST', openapi: 'openapi.json', asyncapi: 'asyncapi.yaml' },
            ],
          },
        ],
      },
      { 'asyncapi.yaml': two, 'openapi.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'A', version: '1' }, paths: {} }) },
    ),
  );
  const api = siteApi(loaded);
  assert.deepEqual(
    api.model.groups.map((g) => [g.tab, g.name, g.items.map((i) => (i.kind === 'page' ? i.id : i.kind))]),
    [
      // The first tab is the model's primary tab (groups without a tab).
      [undefined, '', ['api-reference/note-updates', 'api-reference/user-status']],
      [0, 'Live', ['introduction', 'ws/note-updates', 'ws/user-status']],
      [0, 'REST', []],
    ],
  );
  const page = api.pages.get('api-reference/note-updates')!;
  assert.equal(page.title, 'Note updates');
  const doc = api.doc(page.rel)!;
  assert.equal(doc.syntaxError, undefined);
  assert.deepEqual(doc.frontmatter.data, { title: 'Note updates', description: 'Every change to a note.', asyncapi: 'asyncapi.yaml noteUpdates' });
  assert.match(page.text, /```text Address\n\/notes\n```/);
  assert.match(page.text, /- \*\*receive\*\* `receiveNote` \(`NoteChanged`\)/);
  assert.match(
    page.text,
    /### Note changed\n\nA note was edited\.\n\n<ResponseField name="id" type="string" required>\n\nThe note's id\.\n\n<\/ResponseField>/,
  );
  assert.match(page.text, /<ResponseField name="text" type="string">/);
  // A payload written as { schema }, as the format's own docs write it.
  assert.match(page.text, /### Ping\n\n<ResponseField name="payload" type="string">\n\nAny text\.\n\n<\/ResponseField>/);
  assert.equal(api.pages.get('api-reference/user-status')?.title, 'user_status');
  // Links into the generated folder are checked like links to any page.
  const link = (to: string) => ({ 'introduction.mdx': `---\ntitle: "Introduction"\ndescription: "Start here."\n---\n\nSee [it](${to}).\n` });
  const nav = {
    tabs: [
      { tab: 'Guides', pages: ['introduction'] },
      { tab: 'Events', asyncapi: 'asyncapi.yaml' },
    ],
  };
  assert.deepEqual(summarize(await check(site(nav, { 'asyncapi.yaml': ASYNCAPI_3, ...link('/api-reference/note-updates') }))), []);
  assert.deepEqual(summarize(await check(site(nav, { 'asyncapi.yaml': ASYNCAPI_3, ...link('/api-reference/note-update') }))), [
    'link-broken introduction.mdx:6:10',
  ]);
});

test('payload objects, arrays and oneOf options expand inside their fields; a recursive schema and hostile descriptions stay bounded', async () => {
  const spec = {
    asyncapi: '3.0.0',
    info: { title: 'T', version: '1' },
    channels: { tree: { address: '/t', messages: { Node: { $ref: '#/components/messages/Node' } } } },
    components: {
      messages: { Node: { payload: { $ref: '#/components/schemas/Node' } } },
      schemas: {
        Node: {
          type: 'object',
          properties: {
            label: { type: 'string', description: 'A {label} <b>bold</b>\nimport x from "y"' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            tags: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
            shape: {
              oneOf: [
                { title: 'Circle', type: 'object', properties: { r: { type: 'number' } } },
                { type: 'object', properties: { side: { type: 'number' } } },
              ],
            },
          },
        },
      },
    },
  };
  const { site: loaded } = await siteFrom(site({ tabs: [{ tab: 'Events', asyncapi: 'tree.json' }] }, { 'tree.json': JSON.stringify(spec, null, 2) }));
  const api = siteApi(loaded);
  const page = api.pages.get('api-reference/tree')!;
  assert.ok(page.text.length < 100_000, `${page.text.length} characters`);
  assert.equal(api.doc(page.rel)!.syntaxError, undefined);
  assert.match(
    page.text,
    /<ResponseField name="children" type="object\[\]">\n\nEach item has the schema of an enclosing field \(recursive\)\.\n\n<\/ResponseField>/,
  );
  assert.match(
    page.text,
    /<ResponseField name="tags" type="object\[\]">\n\n<Expandable title="item properties">\n\n<ResponseField name="name" type="string" required>/,
  );
  assert.match(page.text, /<ResponseField name="shape" type="one of">\n\n<Expandable title="Circle">\n\n<ResponseField name="r" type="number">/);
  assert.match(page.text, /<Expandable title="Option 2">\n\n<ResponseField name="side"/);
  assert.match(page.text, /A \\\{label\\\} \\<b\\>bold\\<\/b\\>\n&#105;mport x/);
});

test('completion of asyncapi values lists the channels of every AsyncAPI file as /<file> <channel>, inside the quotes', async () => {
  const { site: loaded } = await siteFrom(site({ pages: ['introduction'] }, { 'asyncapi.yaml': ASYNCAPI_3 }));
  const files = loaded.asyncapi!.files;
  const { text, position } = cursor('---\ntitle: "T"\nasyncapi: "/asyncapi.yaml no|"\n---\n\nText.\n');
  const page = parsePage(`${ROOT}/socket.mdx`, text);
  const items = completeChannel(page, page.index.offsetAt(position), files)!;
  assert.deepEqual(
    items.map((i) => [i.label, i.detail, i.insertText]),
    [['/asyncapi.yaml noteUpdates', 'Note updates', '/asyncapi.yaml noteUpdates']],
  );
  assert.deepEqual(items[0].range, { start: { line: 2, character: 11 }, end: { line: 2, character: 28 } });
  const bare = cursor('---\ntitle: "T"\nasyncapi: |\n---\n');
  const p2 = parsePage(`${ROOT}/x.mdx`, bare.text);
  assert.equal(completeChannel(p2, p2.index.offsetAt(bare.position), files)![0].insertText, '"/asyncapi.yaml noteUpdates"');
  const elsewhere = cursor('---\ntitle: "|T"\nasyncapi: "x"\n---\n');
  const p3 = parsePage(`${ROOT}/y.mdx`, elsewhere.text);
  assert.equal(completeChannel(p3, p3.index.offsetAt(elsewhere.position), files), undefined);
});

test('problems of a cut file stay inside it (the parser points past its end)', async () => {
  for (const text of ['{\n ', ASYNCAPI_3.slice(0, 200)]) {
    const lines = text.split('\n');
    const { problems } = await hostAsyncapiReader(text);
    assert.ok(problems.length > 0);
    for (const p of problems)
      for (const at of [p.range.start, p.range.end]) assert.ok(at.line < lines.length && at.character <= lines[at.line].length, JSON.stringify(p));
  }
});

test("a 3.1 document the parser's rules throw on is one problem that names the versions it reads, without a stack trace", async () => {
  const { problems, model } = await hostAsyncapiReader(ASYNCAPI_3.replace('asyncapi: 3.0.0', 'asyncapi: 3.1.0'));
  assert.equal(model, undefined);
  const errors = problems.filter((p) => p.severity === 'error');
  assert.equal(errors.length, 1, JSON.stringify(errors));
  assert.match(
    errors[0].message,
    /^The format's parser \(@asyncapi\/parser 3\.4\.0\) failed on this file: .*AsyncAPI 3\.1\.0 is not one it reads: it reads 2\.0 to 2\.6 and 3\.0/,
  );
  assert.doesNotMatch(errors[0].message, /stack|\n/);
});

test("a channel page lists its servers and its address's parameters with their allowed values and default", async () => {
  const spec = `asyncapi: 3.0.0
info:
  title: Lights
  version: 1.0.0
servers:
  production:
    host: broker.acme.dev:8883
    protocol: mqtts
channels:
  lightMeasured:
    address: lights/{lightId}/{unit}
    parameters:
      lightId:
        description: The light's id.
      unit:
        enum: [lux, lumen]
        default: lux
    messages: {}
`;
  const { site: loaded } = await siteFrom(site({ tabs: [{ tab: 'Events', asyncapi: 'lights.yaml' }] }, { 'lights.yaml': spec }));
  const api = siteApi(loaded);
  const page = api.pages.get('api-reference/light-measured')!;
  assert.equal(api.doc(page.rel)!.syntaxError, undefined);
  assert.match(page.text, /## Servers\n\n- `production`: `mqtts:\/\/broker\.acme\.dev:8883\/?` \(mqtts\)/);
  assert.match(page.text, /## Parameters\n\n<ParamField path="lightId" type="string" required>\n\nThe light's id\.\n\n<\/ParamField>/);
  assert.match(page.text, /<ParamField path="unit" type="string" required>\n\nAllowed values: `"lux"`, `"lumen"`\n\nDefault: `"lux"`\n\n<\/ParamField>/);
});

test("each message's first example (else its payload schema's) is shown beside the page", async () => {
  const spec = ASYNCAPI_3.replace(
    '      title: Note changed\n',
    '      title: Note changed\n      examples:\n        - name: Edited\n          payload:\n            id: n1\n            text: Buy milk\n',
  ).replace('          description: Any text.\n', "          description: Any text.\n          examples:\n            - 'ping 1'\n");
  const { site: loaded } = await siteFrom(site({ tabs: [{ tab: 'Events', asyncapi: 'asyncapi.yaml' }] }, { 'asyncapi.yaml': spec }));
  const api = siteApi(loaded);
  const page = api.pages.get('api-reference/note-updates')!;
  assert.equal(api.doc(page.rel)!.syntaxError, undefined);
  assert.match(
    page.text,
    /<ResponseExample>\n\n```json Note changed\n\{\n {2}"id": "n1",\n {2}"text": "Buy milk"\n\}\n```\n\n```json Ping\n"ping 1"\n```\n\n<\/ResponseExample>/,
  );
});

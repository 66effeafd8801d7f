// SDK reference (sdk-reference-setup.mdx): the TypeDoc and DocFX converters on small artifacts, the
// pages and navigation groups a tab's `sdk` generates, links between symbol pages, a division with
// a page of `sdk` front matter left unpopulated, a format not read yet, and hostile artifacts.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SDK_FORMATS as MODEL_FORMATS, SDK_SYMBOL_KINDS as MODEL_KINDS } from '@mintlify/models';
import { readTypedoc } from '../../server/src/sdk/formats/typedoc';
import { readDocfx } from '../../server/src/sdk/formats/docfx';
import { readJavadoc } from '../../server/src/sdk/formats/javadoc';
import { readPhpdoc } from '../../server/src/sdk/formats/phpdoc';
import { readSphinx } from '../../server/src/sdk/formats/sphinx';
import { SDK_FORMATS, SDK_SYMBOL_KINDS } from '../../server/src/sdk/model';
import { siteApi } from '../../server/src/site/api-pages';
import { Editor } from '../../server/src/features/editor';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';
import { check, siteFrom } from '../helpers';
import { DOCFX_CLASS, DOCFX_USER, JAVADOC_CLIENT, JAVADOC_USER, PHPDOC, sdkExportSite, sdkSite, SPHINX_PAGE, TYPEDOC } from '../sdk-site';

const SDK_ROOT = '/sdk-site';

describe('SDK converters', () => {
  it('lists the formats and symbol kinds of the format package', () => {
    assert.deepEqual([...SDK_FORMATS], [...MODEL_FORMATS]);
    assert.deepEqual([...SDK_SYMBOL_KINDS], [...MODEL_KINDS]);
  });

  it('reads a TypeDoc JSON export: symbols, members, signatures, links and deprecation', () => {
    const { model, problems } = readTypedoc('typedoc.json', JSON.stringify(TYPEDOC));
    assert.deepEqual(problems, []);
    const tops = model.symbols.filter((s) => s.parent === undefined).map((s) => `${s.kind} ${s.name} (${s.group})`);
    assert.deepEqual(tops, [
      'class Client (Classes)',
      'interface User (Interfaces)',
      'enum Role (Enumerations)',
      'type UserId (Type Aliases)',
      'function createClient (Functions)',
    ]);
    const client = model.byId.get('Client')!;
    assert.deepEqual(client.members, ['Client.constructor', 'Client.baseUrl', 'Client.getUser']);
    const getUser = model.byId.get('Client.getUser')!;
    assert.equal(getUser.kind, 'method');
    assert.equal(getUser.signatures[0].text, 'getUser(id: UserId): Promise<User | null>');
    assert.deepEqual(getUser.signatures[0].params[0], { name: 'id', type: 'UserId', description: 'The user id.', refs: ['UserId'] });
    assert.deepEqual(getUser.signatures[0].returns, { type: 'Promise<User | null>', description: 'The user, or null when none has this id.', refs: ['User'] });
    assert.deepEqual(model.byId.get('Client.baseUrl')!.deprecated, { reason: 'Set it in the constructor.' });
    assert.equal(model.byId.get('createClient')!.description, 'Makes a [`Client`](sdk:Client) from the environment <b>now</b> {x}.');
    assert.equal(model.byId.get('createClient')!.signatures[0].text, 'createClient(options?: { retries?: number }): Client');
  });

  it('locates a TypeDoc file that is not JSON, and says what a JSON file that is no export lacks', () => {
    const bad = readTypedoc('t.json', '{\n  "kind": 1,\n  "children": [1,]\n}');
    assert.equal(bad.problems.length, 1);
    assert.equal(bad.problems[0].range?.start.line, 2);
    const other = readTypedoc('t.json', '{ "name": "x" }');
    assert.match(other.problems[0].message, /Not a TypeDoc JSON export/);
  });

  it('reads a DocFX metadata folder: namespace groups, members in order, xref links, obsolete members', () => {
    const { model, problems } = readDocfx(
      'api',
      new Map([
        ['api/Acme.Client.yml', DOCFX_CLASS],
        ['api/Acme.User.yml', DOCFX_USER],
        ['api/toc.yml', 'items: []'],
      ]),
    );
    assert.deepEqual(problems, []);
    const client = model.byId.get('Acme.Client')!;
    assert.equal(client.group, 'Acme');
    assert.equal(client.description, 'Calls the **Acme** API. See [`User`](sdk:Acme.User).');
    assert.deepEqual(client.members, ['Acme.Client.#ctor(System.String)', 'Acme.Client.GetUser(System.String)']);
    const get = model.byId.get('Acme.Client.GetUser(System.String)')!;
    assert.equal(get.signatures[0].text, 'public Task<User> GetUser(string id)');
    assert.deepEqual(get.signatures[0].params, [{ name: 'id', type: 'string', description: 'The user id.', refs: [] }]);
    assert.deepEqual(get.signatures[0].returns, { type: 'User', description: 'The user.', refs: ['Acme.User'] });
    assert.deepEqual(get.deprecated, { reason: 'Use GetUserAsync.' });
  });

  it('locates a DocFX YAML error in its file, and says when a folder has no ManagedReference file', () => {
    const { problems } = readDocfx('api', new Map([['api/A.yml', '### YamlMime:ManagedReference\nitems:\n- uid: A\n  name: [unclosed\n']]));
    assert.equal(problems[0].rel, 'api/A.yml');
    assert.ok(problems[0].range);
    assert.match(readDocfx('api', new Map()).problems[0].message, /No ManagedReference YAML file/);
  });

  it('reads a phpDocumentor structure.xml: namespaces, members, arguments with their param tags, return and deprecation', () => {
    const { model, problems } = readPhpdoc('structure.xml', PHPDOC);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      model.symbols.filter((s) => !s.parent).map((s) => `${s.kind} ${s.name} (${s.group})`),
      ['interface UserSource (Acme)', 'class Client (Acme)', 'class User (Acme)', 'function client (Acme)'],
    );
    const client = model.byId.get('\\Acme\\Client')!;
    assert.equal(client.signatures[0].text, 'class Client implements UserSource');
    assert.deepEqual(client.bases, ['\\Acme\\UserSource']);
    assert.deepEqual(
      client.members.map((id) => model.byId.get(id)!.signatures[0].text),
      ["const VERSION = '1.0'", 'private string $apiKey', 'public function getUser(string $id, bool $fresh = false): User|null'],
    );
    const get = model.byId.get('\\Acme\\Client::getUser()')!;
    assert.deepEqual(get.signatures[0].params[0], { name: '$id', type: 'string', description: 'The user id.', refs: [] });
    assert.deepEqual(get.signatures[0].returns, { type: 'User|null', description: 'The user.', refs: ['\\Acme\\User'] });
    assert.deepEqual(get.deprecated, { reason: 'Use fetchUser().' });
    assert.equal(model.byId.get('\\Acme\\Client::$apiKey')!.description, 'Your API key.');
  });

  it('locates a structure.xml that is not XML, and says what an XML file that is no structure lacks', () => {
    const bad = readPhpdoc('s.xml', '<project>\n  <file>\n  </fil>\n</project>');
    assert.equal(bad.problems.length, 1);
    assert.equal(bad.problems[0].range?.start.line, 2);
    assert.match(readPhpdoc('s.xml', '<html></html>').problems[0].message, /Not a phpDocumentor structure\.xml/);
    // Nesting past the bound is not kept, and does not overflow the stack.
    assert.deepEqual(readPhpdoc('s.xml', `<project>${'<x>'.repeat(100_000)}${'</x>'.repeat(100_000)}</project>`).model.symbols, []);
  });

  it('reads a Sphinx JSON build: modules, a class method with its field list, links, deprecation, code blocks', () => {
    const { model, problems } = readSphinx(
      '_build/json',
      new Map([
        ['_build/json/acme.fjson', SPHINX_PAGE],
        ['_build/json/searchindex.json', '{}'],
      ]),
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(
      model.symbols.map((s) => `${s.kind} ${s.id}${s.parent ? ` of ${s.parent}` : ` (${s.group})`}`),
      ['class acme.Client (acme)', 'method acme.Client.get_user of acme.Client', 'class acme.User (acme)', 'function acme.connect (acme)'],
    );
    const client = model.byId.get('acme.Client')!;
    assert.equal(client.signatures[0].text, 'class acme.Client(api_key)');
    assert.equal(client.description, 'Calls the Acme API. Returns [`User`](sdk:acme.User) objects <b>{x}.');
    const get = model.byId.get('acme.Client.get_user')!;
    assert.deepEqual(get.signatures[0].params, [{ name: 'user_id', type: 'str', description: 'The user id.', refs: [] }]);
    assert.deepEqual(get.signatures[0].returns, { type: 'acme.User', description: 'The user, or `None`.', refs: ['acme.User'] });
    assert.deepEqual(get.deprecated, { reason: 'Use fetch_user.' });
    assert.equal(model.byId.get('acme.connect')!.description, 'Makes a client.\n\n```\nacme.connect()\n```');
  });

  it('reads a Javadoc folder: packages, members by detail section, parameters with their types, links and deprecation', () => {
    const { model, problems } = readJavadoc(
      'javadoc',
      new Map([
        ['javadoc/com/acme/Client.html', JAVADOC_CLIENT],
        ['javadoc/com/acme/User.html', JAVADOC_USER],
        ['javadoc/com/acme/package-summary.html', '<html><body><h1 class="title">Package com.acme</h1></body></html>'],
      ]),
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(
      model.symbols.filter((s) => !s.parent).map((s) => `${s.kind} ${s.id} (${s.group})`),
      ['class com.acme.Client (com.acme)', 'class com.acme.User (com.acme)'],
    );
    const client = model.byId.get('com.acme.Client')!;
    assert.equal(client.signatures[0].text, 'public class Client extends Object');
    assert.equal(client.description, 'Calls the Acme API.\n\nSee [`User`](sdk:com.acme.User) <b>{x}.');
    assert.deepEqual(
      client.members.map((id) => `${model.byId.get(id)!.kind} ${model.byId.get(id)!.name}`),
      ['property BASE_URL', 'method Client', 'method getUser', 'method fetchUser'],
    );
    const get = model.byId.get('com.acme.Client#getUser(java.lang.String)')!;
    assert.deepEqual(get.signatures[0].params, [{ name: 'id', refs: [], description: 'the user id', type: 'String' }]);
    assert.deepEqual(get.signatures[0].returns, { type: 'User', description: 'the user, or `null`', refs: ['com.acme.User'] });
    assert.deepEqual(get.deprecated, { reason: 'Use [`fetchUser(String)`](sdk:com.acme.Client%23fetchUser%28java.lang.String%29).' });
    assert.match(readJavadoc('javadoc', new Map([['javadoc/index.html', '<html></html>']])).problems[0].message, /No Javadoc type page/);
  });

  it('bounds hostile artifacts: deep nesting, huge type trees, a long summary', () => {
    let deep: Record<string, unknown> = { id: 99999, name: 'Leaf', kind: 128, flags: {} };
    for (let i = 0; i < 1000; i++) deep = { id: i + 1000, name: `m${i}`, kind: 4, flags: {}, children: [deep] };
    let type: Record<string, unknown> = { type: 'intrinsic', name: 'string' };
    for (let i = 0; i < 1000; i++) type = { type: 'array', elementType: type };
    const wide = { type: 'union', types: Array.from({ length: 100_000 }, (_, i) => ({ type: 'literal', value: `v${i}` })) };
    const project = {
      id: 0,
      name: 'p',
      kind: 1,
      children: [
        deep,
        { id: 1, name: 'Deep', kind: 2097152, flags: {}, type, comment: { summary: [{ kind: 'text', text: 'x'.repeat(1_000_000) }] } },
        { id: 2, name: 'Wide', kind: 2097152, flags: {}, type: wide },
      ],
    };
    const started = performance.now();
    const { model, problems } = readTypedoc('p.json', JSON.stringify(project));
    assert.ok(performance.now() - started < 5000);
    assert.ok(problems.some((p) => /deeper than/.test(p.message)));
    for (const s of model.symbols) {
      assert.ok((s.type?.length ?? 0) <= 601, s.name);
      assert.ok((s.description?.length ?? 0) <= 8001, s.name);
    }
  });
});

describe('SDK pages', () => {
  const typedocSite = (groups: unknown[] = [], files: Record<string, string> = {}) =>
    sdkSite({ format: 'typedoc', source: 'artifacts/typedoc.json' }, { 'artifacts/typedoc.json': JSON.stringify(TYPEDOC), ...files }, groups);

  it('lists generated groups after the tab groups, a page per symbol, members on their parent page', async () => {
    const { site } = await siteFrom(typedocSite([{ group: 'Overview', pages: ['introduction'] }]));
    const api = siteApi(site);
    const sdkTab = api.model.groups.filter((g) => g.tab === 0);
    assert.deepEqual(
      sdkTab.map((g) => [g.name, g.items.map((i) => (i.kind === 'page' ? i.id : i.kind))]),
      [
        ['Overview', ['introduction']],
        ['Classes', ['sdk-reference/classes/client']],
        ['Interfaces', ['sdk-reference/interfaces/user']],
        ['Enumerations', ['sdk-reference/enumerations/role']],
        ['Type Aliases', ['sdk-reference/type-aliases/user-id']],
        ['Functions', ['sdk-reference/functions/create-client']],
      ],
    );
    const text = api.pages.get('sdk-reference/classes/client')!.text;
    assert.match(text, /^---\ntitle: "Client"\ndescription: "Calls the Acme API."\n---/);
    assert.match(text, /### getUser/);
    assert.match(text, /Type: \[`UserId`\]\(\/sdk-reference\/type-aliases\/user-id\)/);
    assert.match(text, /Type: \[`User`\]\(\/sdk-reference\/interfaces\/user\)/);
    // The function's page links its description's `{@link}` and escapes MDX syntax from the artifact.
    const fn = api.pages.get('sdk-reference/functions/create-client')!.text;
    assert.match(fn, /Type: \[`Client`\]\(\/sdk-reference\/classes\/client\)/);
    const user = api.pages.get('sdk-reference/interfaces/user')!.text;
    assert.match(user, /\[`Role`\]\(\/sdk-reference\/enumerations\/role\)/);
  });

  it('checks the site without findings, and a link to a generated page is known', async () => {
    assert.deepEqual(await check(typedocSite()), []);
  });

  it('a group with sdk lists its pages first, then the generated groups; DocFX namespaces are groups', async () => {
    const files = sdkSite({ format: 'typedoc', source: 'x.json' }, {}, []);
    const config = JSON.parse(files['docs.json']);
    config.navigation.tabs[1] = {
      tab: 'SDK',
      groups: [{ group: '.NET SDK', sdk: { format: 'docfx', source: 'api', directory: 'dotnet' }, pages: ['introduction'] }],
    };
    const { site } = await siteFrom({ ...files, 'docs.json': JSON.stringify(config), 'api/Acme.Client.yml': DOCFX_CLASS, 'api/Acme.User.yml': DOCFX_USER });
    const group = siteApi(site).model.groups.find((g) => g.name === '.NET SDK')!;
    assert.deepEqual(
      group.items.map((i) =>
        i.kind === 'page' ? i.id : i.kind === 'group' ? `${i.name}: ${i.items.map((p) => (p.kind === 'page' ? p.id : '')).join(', ')}` : '',
      ),
      ['introduction', 'Acme: dotnet/acme/client, dotnet/acme/user'],
    );
    assert.match(siteApi(site).pages.get('dotnet/acme/client')!.text, /See \[`User`\]\(\/dotnet\/acme\/user\)/);
  });

  it('does not auto-populate a tab holding a page with sdk front matter', async () => {
    const { site } = await siteFrom(
      typedocSite([{ group: 'Client', pages: ['sdk/client'] }], {
        'sdk/client.mdx': '---\ntitle: "Client"\nsdk: "class Client"\n---\n\nCreate one per process.\n',
      }),
    );
    const api = siteApi(site);
    assert.deepEqual(
      api.model.groups.filter((g) => g.tab === 0).map((g) => g.name),
      ['Client'],
    );
    assert.equal(api.pages.size, 0);
  });

  it('links a member of another symbol to its parent page and anchor', async () => {
    const files = sdkSite(
      { format: 'javadoc', source: 'javadoc', directory: 'java' },
      { 'javadoc/com/acme/Client.html': JAVADOC_CLIENT, 'javadoc/com/acme/User.html': JAVADOC_USER },
    );
    const api = siteApi((await siteFrom(files)).site);
    assert.deepEqual([...api.pages.keys()], ['java/com-acme/client', 'java/com-acme/user']);
    assert.match(api.pages.get('java/com-acme/client')!.text, /\*\*Deprecated\*\*: Use \[`fetchUser\(String\)`\]\(\/java\/com-acme\/client#fetchuser\)\./);
  });

  it('reads an artifact in .mintignore (a build input), and says when the source names nothing', async () => {
    const ignored = typedocSite([], { '.mintignore': 'artifacts/\n' });
    assert.equal(siteApi((await siteFrom(ignored)).site).pages.size, 5);
    const findings = await check(sdkSite({ format: 'docfx', source: 'api' }, {}));
    assert.deepEqual(
      findings.filter((f) => f.ruleId === 'sdk-invalid').map((f) => f.message),
      ['tab "SDK" sdk: no file or folder "api" in the site folder.'],
    );
  });
});

describe('sdk: front matter completion', () => {
  it('offers the symbols of the artifact of the tab that lists the page, in the string form, members by their parent', async () => {
    const files = sdkExportSite();
    files['sdk/overview.mdx'] = '---\ntitle: "Overview"\nsdk: ""\n---\n\nInstall it.\n';
    files['introduction.mdx'] = '---\ntitle: "Introduction"\nsdk: ""\n---\n\nWelcome.\n';
    const ws = new MemoryWorkspace(files, SDK_ROOT);
    const project = new Project(ws, [SDK_ROOT]);
    await project.scan();
    const editor = new Editor(project);
    const line = files['sdk/overview.mdx'].split('\n').indexOf('sdk: ""');
    const items = (await editor.complete(`${SDK_ROOT}/sdk/overview.mdx`, { line, character: 6 })).items;
    const labels = items.map((i) => i.label);
    assert.ok(labels.includes('class Client'), labels.join(', '));
    assert.ok(labels.includes('method Client.getUser'), labels.join(', '));
    assert.ok(labels.includes('interface User'), labels.join(', '));
    assert.equal(items.find((i) => i.label === 'class Client')?.insertText, 'class Client', 'inside the quotes');
    // A page in no tab or group with sdk: nothing to inherit, so no symbol is offered.
    const other = (await editor.complete(`${SDK_ROOT}/introduction.mdx`, { line: 2, character: 6 })).items;
    assert.ok(!other.some((i) => i.label === 'class Client'));
  });
});

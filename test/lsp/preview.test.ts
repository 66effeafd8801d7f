// The preview's requests through the real language server: the rendered page follows unsaved
// edits of the page and of docs.json; page ids resolve to files inside the site only.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { PAGE_FILE_REQUEST, type PageFileResult, RENDER_PAGE_REQUEST, type RenderPageResult } from '../../server/src/hosts/lsp/protocol';
import { startOnSite, type TestClient, uri } from './lsp-client';

const FM = (t: string) => `---\ntitle: "${t}"\ndescription: "About ${t}."\n---\n\n`;
const DOCS = { name: 'Acme Docs', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Start here', pages: ['index', 'guides/setup'] }] };

describe('preview through the language server', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;

  before(async () => {
    server = await startOnSite({ 'docs.json': JSON.stringify(DOCS), 'index.mdx': FM('Home') + 'Welcome.\n', 'guides/setup.mdx': FM('Set up') + 'Steps.\n' });
    ({ dir, client } = server);
  });

  after(() => server.dispose());

  const render = (file: string) =>
    client.connection.sendRequest<RenderPageResult | null>(RENDER_PAGE_REQUEST, { uri: uri(path.join(dir, file)), assetBase: 'https://assets/' });

  it('renders a page with its site chrome, and follows unsaved edits of the page and of docs.json', async () => {
    const first = await render('index.mdx');
    assert.ok(first);
    assert.equal(first.inSite, true);
    assert.equal(first.siteRootUri, uri(dir));
    assert.equal(first.pageId, 'index');
    assert.equal(first.title, 'Home');
    assert.match(first.body, /<div class="dw-nav-group-title sidebar-group-header">Start here<\/div>/);
    assert.match(first.body, /<span class="dw-site-name">Acme Docs<\/span>/);
    assert.match(first.css, /--dw-primary:#0B6E4F/);

    client.open(path.join(dir, 'index.mdx'), FM('Home') + 'Welcome.\n', 'mdx');
    client.change(path.join(dir, 'index.mdx'), 2, FM('Home again') + 'A sentence typed just now.\n');
    const edited = await render('index.mdx');
    assert.equal(edited?.title, 'Home again');
    assert.match(edited!.body, /<p data-dw-line="5">A sentence typed just now\.<\/p>/);

    client.open(path.join(dir, 'docs.json'), JSON.stringify(DOCS));
    client.change(
      path.join(dir, 'docs.json'),
      2,
      JSON.stringify({ ...DOCS, name: 'Renamed Docs', navigation: [{ group: 'Renamed group', pages: ['index'] }] }),
    );
    const chrome = await render('index.mdx');
    assert.match(chrome!.body, /<span class="dw-site-name">Renamed Docs<\/span>/);
    assert.match(chrome!.body, /<div class="dw-nav-group-title sidebar-group-header">Renamed group<\/div>/);
  });

  it('finds the file of a page id, and nothing outside the site', async () => {
    const from = uri(path.join(dir, 'index.mdx'));
    const found = await client.connection.sendRequest<PageFileResult | null>(PAGE_FILE_REQUEST, { fromUri: from, pageId: 'guides/setup' });
    assert.equal(found?.uri, uri(path.join(dir, 'guides/setup.mdx')));
    assert.equal(await client.connection.sendRequest(PAGE_FILE_REQUEST, { fromUri: from, pageId: '../../etc/passwd' }), null);
    assert.equal(await client.connection.sendRequest(PAGE_FILE_REQUEST, { fromUri: from, pageId: 'nowhere' }), null);
  });

  it('renders a page outside any site on its own, and a page too large to parse with a notice', async () => {
    const big = FM('Big') + 'x'.repeat(600 * 1024) + '\n';
    client.open(path.join(dir, 'guides/setup.mdx'), big, 'mdx');
    const out = await render('guides/setup.mdx');
    assert.match(out!.body, /class="dw-problem"[^>]*>This page is \d+ KB, over the 512 KB/);
  });
});

describe('renaming files through the language server', () => {
  it('answers workspace/willRenameFiles with the import edits for a moved snippet', async () => {
    const FMX = '---\ntitle: "Install the Acme CLI on your machine"\ndescription: "Install the CLI, check its version and sign in."\n---\n\n';
    const server = await startOnSite({
      'docs.json': JSON.stringify({
        name: 'Acme',
        favicon: 'https://acme.dev/favicon.svg',
        colors: { primary: '#0B6E4F' },
        navigation: [{ group: 'Start', pages: ['index'] }],
      }),
      'index.mdx': FMX + 'import Prereq from "/snippets/prereq.mdx";\n\n<Prereq />\n',
      'snippets/prereq.mdx': 'Install it.\n',
    });
    try {
      const edit = await server.client.connection.sendRequest<{ changes: Record<string, { range: unknown; newText: string }[]> } | null>(
        'workspace/willRenameFiles',
        {
          files: [{ oldUri: uri(path.join(server.dir, 'snippets/prereq.mdx')), newUri: uri(path.join(server.dir, 'snippets/setup.mdx')) }],
        },
      );
      assert.deepEqual(edit, {
        changes: {
          [uri(path.join(server.dir, 'index.mdx'))]: [
            { range: { start: { line: 5, character: 20 }, end: { line: 5, character: 40 } }, newText: '/snippets/setup.mdx' },
          ],
        },
      });
    } finally {
      await server.dispose();
    }
  });
});

describe('components in a trusted preview', () => {
  it('answers with an error box for a component that loops where the renderer would read its output, then renders the next edit', async () => {
    const hostile = [
      'export const Spin = () => { Promise.resolve().then(() => { for (;;) {} }); return <p>x</p>; };',
      'export const Trap = () => new Proxy({}, { get() { for (;;) {} } });',
      'export const Where = () => <pre className="where">{new Error("here").stack}|{typeof gc}|{typeof process}</pre>;',
    ].join('\n');
    // One looping component per render: once one has run out of time, the page's later components are not started.
    const page = (use: string) => FM('Hostile') + hostile + `\n\n<${use} />\n\nAfter.\n`;
    const server = await startOnSite({ 'docs.json': JSON.stringify(DOCS), 'index.mdx': page('Spin'), 'guides/setup.mdx': FM('Set up') + 'Steps.\n' });
    try {
      const file = path.join(server.dir, 'index.mdx');
      const render = () =>
        server.client.connection.sendRequest<RenderPageResult | null>(RENDER_PAGE_REQUEST, { uri: uri(file), assetBase: 'https://assets/', trusted: true });
      const out = await render();
      assert.match(out!.body, /&#x3C;Spin> failed to render: did not finish within 1000 ms/);
      assert.match(out!.body, /After\./);
      server.client.open(file, page('Trap'), 'mdx');
      assert.match((await render())!.body, /&#x3C;Trap> failed to render: did not finish within 1000 ms/);
      server.client.change(file, 2, page('Where'));
      const where = (await render())!.body;
      assert.match(where, /<pre class="where"[^>]*>Error: here\n {4}at Where \(component\.jsx:\d+:\d+\)\|undefined\|undefined<\/pre>/);
      assert.ok(!where.includes(path.resolve(__dirname, '../..')), 'no path of the installation');
      server.client.change(file, 3, FM('Calm') + 'export const Calm = ({ n }) => <b>calm {n}</b>;\n\n<Calm n={2} />\n');
      assert.match((await render())!.body, /<b>calm 2<\/b>/);
    } finally {
      await server.dispose();
    }
  });
});

describe('what the server logs', () => {
  it('never logs page contents, even when a page is broken or a request fails', async () => {
    const SECRET = 'sk_live_51Hx9LogCanaryDoNotPrint';
    const body = `## Keys\n\nUse ${SECRET} <Broken attr={ here.\n`;
    const server = await startOnSite({
      'docs.json': JSON.stringify({
        name: 'Acme',
        favicon: 'https://acme.dev/favicon.svg',
        colors: { primary: '#0B6E4F' },
        navigation: [{ group: 'Start', pages: ['index'] }],
      }),
      'index.mdx': `---\ntitle: "Keys"\ndescription: "Keys."\n---\n\n${body}`,
    });
    try {
      const file = path.join(server.dir, 'index.mdx');
      server.client.open(file, `---\ntitle: "Keys"\ndescription: "Keys."\n---\n\n${body}`, 'mdx');
      await server.client.waitForDiagnostics(file, (d) => d.some((x) => x.code === 'mdx-syntax'));
      await server.client.connection.sendRequest('textDocument/completion', { textDocument: { uri: uri(file) }, position: { line: 7, character: 10 } });
      await server.client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uri(file) }, position: { line: 7, character: 10 } });
      await server.client.connection.sendRequest(RENDER_PAGE_REQUEST, { uri: uri(file), assetBase: 'https://assets/' });
      // A request that fails inside the server (a file that does not exist).
      await server.client.connection
        .sendRequest(RENDER_PAGE_REQUEST, { uri: uri(path.join(server.dir, 'missing.mdx')), assetBase: 'https://assets/' })
        .catch(() => undefined);
      assert.ok(server.client.logs.length > 0, 'the server logged something (the scan summary at least)');
      assert.deepEqual(
        server.client.logs.filter((l) => l.includes(SECRET) || l.includes('<Broken')),
        [],
      );
    } finally {
      await server.dispose();
    }
  });
});

describe('pages generated from an OpenAPI file, through the language server', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Acme', version: '1' },
    servers: [{ url: 'https://api.acme.example' }],
    paths: { '/notes': { get: { tags: ['Notes'], summary: 'List notes', description: 'Every note.', responses: { '200': { description: 'OK' } } } } },
  };
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: {
      tabs: [
        { tab: 'Guides', pages: ['index'] },
        { tab: 'API', openapi: 'openapi.json' },
      ],
    },
  };

  before(async () => {
    server = await startOnSite({
      'docs.json': JSON.stringify(docs),
      'openapi.json': JSON.stringify(spec),
      'index.mdx': FM('Home') + 'See [the notes](/api-reference/notes/list-notes).\n',
    });
    ({ dir, client } = server);
  });

  after(() => server.dispose());

  it('a generated page has no file: pageFile says so, and renderPage shows it by id from any page of the site', async () => {
    const from = uri(path.join(dir, 'index.mdx'));
    assert.deepEqual(
      await client.connection.sendRequest<PageFileResult | null>(PAGE_FILE_REQUEST, { fromUri: from, pageId: 'api-reference/notes/list-notes' }),
      { generated: true },
    );
    const page = await client.connection.sendRequest<RenderPageResult | null>(RENDER_PAGE_REQUEST, {
      uri: from,
      assetBase: 'https://assets/',
      pageId: 'api-reference/notes/list-notes',
    });
    assert.ok(page);
    assert.equal(page.pageId, 'api-reference/notes/list-notes');
    assert.equal(page.title, 'List notes');
    assert.match(page.body, /<p class="dw-description">Every note\.<\/p>/);
    assert.match(page.body, /data-dw-playground="/);
    assert.match(
      page.body,
      /<a class="dw-nav-link dw-current" href="#" data-dw-page="api-reference\/notes\/list-notes" aria-current="page" data-dw-current=""><span class="dw-method dw-nav-method dw-method-get">GET<\/span>List notes<\/a>/,
    );
    // The page it links from has the generated page in its sidebar, openable by id.
    const home = await client.connection.sendRequest<RenderPageResult | null>(RENDER_PAGE_REQUEST, { uri: from, assetBase: 'https://assets/' });
    assert.match(home!.body, /href="#" data-dw-page="api-reference\/notes\/list-notes">the notes<\/a>/);
    assert.equal(await client.connection.sendRequest(RENDER_PAGE_REQUEST, { uri: from, assetBase: 'https://assets/', pageId: 'api-reference/nothing' }), null);
  });
});

describe('pages generated from a GraphQL schema, through the language server', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: {
      tabs: [
        { tab: 'Guides', pages: ['index'] },
        { tab: 'GraphQL', graphql: 'schema.graphql' },
      ],
    },
  };
  // A schema error graphql-js still builds the schema through: the pages are generated.
  const schema =
    'interface Node {\n  id: ID!\n}\n\n"A note."\ntype Note implements Node {\n  "Its words."\n  body: String\n}\n\ntype Query {\n  "One note."\n  note(id: ID!): Note\n}\n';

  before(async () => {
    server = await startOnSite({
      'docs.json': JSON.stringify(docs),
      'schema.graphql': schema,
      'index.mdx': FM('Home') + 'See [a note](/graphql-reference/queries/note).\n',
    });
    ({ dir, client } = server);
  });

  after(() => server.dispose());

  it('a schema error is a diagnostic in the .graphql file; the query page renders by id with its type linked', async () => {
    const diagnostics = await client.waitForDiagnostics(path.join(dir, 'schema.graphql'), (d) => d.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message]),
      [['graphql-invalid', 5, 5, 'Interface field Node.id expected but Note does not provide it.']],
    );
    const from = uri(path.join(dir, 'index.mdx'));
    const page = await client.connection.sendRequest<RenderPageResult | null>(RENDER_PAGE_REQUEST, {
      uri: from,
      assetBase: 'https://assets/',
      pageId: 'graphql-reference/queries/note',
    });
    assert.ok(page);
    assert.equal(page.title, 'note');
    assert.match(page.body, /<p class="dw-description">One note\.<\/p>/);
    assert.match(page.body, /data-dw-page="graphql-reference\/types\/note"><code>Note<\/code><\/a>/);
  });
});

describe('pages generated from an AsyncAPI file, through the language server', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: {
      tabs: [
        {
          tab: 'Guides',
          groups: [
            { group: 'Start', pages: ['index'] },
            { group: 'Old', asyncapi: 'broken.yaml' },
          ],
        },
        { tab: 'Events', asyncapi: 'asyncapi.yaml' },
      ],
    },
  };
  const spec =
    'asyncapi: 3.0.0\ninfo:\n  title: Notes\n  version: 1.0.0\nchannels:\n  noteUpdates:\n    title: Note updates\n    description: Every change to a note.\n    address: /notes\n    messages:\n      NoteChanged:\n        payload:\n          type: object\n          properties:\n            id:\n              type: string\n              description: The note id.\n';

  before(async () => {
    server = await startOnSite({
      'docs.json': JSON.stringify(docs),
      'asyncapi.yaml': spec,
      'broken.yaml': spec.replace('version: 1.0.0', 'version: 1'),
      'index.mdx': FM('Home') + 'See [the updates](/api-reference/note-updates).\n',
    });
    ({ dir, client } = server);
  });

  after(() => server.dispose());

  it("the parser's error is a diagnostic in the YAML file; the channel page renders by id with its fields", async () => {
    const diagnostics = await client.waitForDiagnostics(path.join(dir, 'broken.yaml'), (d) => d.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message]),
      [['asyncapi-invalid', 3, 11, '"version" property type must be string']],
    );
    const from = uri(path.join(dir, 'index.mdx'));
    const page = await client.connection.sendRequest<RenderPageResult | null>(RENDER_PAGE_REQUEST, {
      uri: from,
      assetBase: 'https://assets/',
      pageId: 'api-reference/note-updates',
    });
    assert.ok(page);
    assert.equal(page.title, 'Note updates');
    assert.match(page.body, /<p class="dw-description">Every change to a note\.<\/p>/);
    assert.match(page.body, /<code class="dw-field-name">id<\/code><span class="dw-badge dw-field-type">string<\/span>/);
  });
});

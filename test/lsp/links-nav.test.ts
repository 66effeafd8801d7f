// Links in the editor through the real language server: path and anchor completion, document
// links, go-to-definition, hover on links and snippets, workspace symbols and "wrap in component".
// Each response is compared whole.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { startOnSite, type TestClient, uri } from './lsp-client';
import { linkUri } from '../../server/src/hosts/lsp/navigation';

const FM = (t: string, d: string) => `---\ntitle: "${t}"\ndescription: "${d}"\n---\n\n`;

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({ name: 'Acme', logo: '/images/logo.svg', navigation: [{ group: 'Start', pages: ['index', 'guides/setup'] }] }, null, 2),
  'index.mdx':
    FM('Home', 'Welcome to Acme.') +
    'Read [setup](/guides/setup#install).\n\n<Snippet file="note.mdx" />\n\n![Flow](/images/flow.svg)\n\n## Local\n\nSee [local](#local).\n',
  'guides/setup.mdx': FM('Setup', 'Install and configure Acme.') + '## Install\n\nRun it.\n\n## Configure\n\nSet keys.\n',
  'snippets/note.mdx': 'A note shared by pages.\n',
  'images/flow.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

describe('links through the language server', () => {
  let server: Awaited<ReturnType<typeof startOnSite>>;
  let client: TestClient;
  let dir: string;
  const file = (rel: string) => path.join(dir, rel);
  const req = <T>(method: string, params: unknown) => client.connection.sendRequest<T>(method, params);

  before(async () => {
    server = await startOnSite(FILES);
    ({ client, dir } = server);
    client.open(file('index.mdx'), FILES['index.mdx'], 'mdx');
    client.open(file('docs.json'), FILES['docs.json'], 'json');
  });
  after(() => server.dispose());

  const r = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });

  it('gives the document links of a page: link with #anchor to the heading line, snippet, image, bare #anchor', async () => {
    const links = await req('textDocument/documentLink', { textDocument: { uri: uri(file('index.mdx')) } });
    assert.deepStrictEqual(links, [
      { range: r(5, 13, 5, 34), target: `${uri(file('guides/setup.mdx'))}#L6` },
      { range: r(7, 15, 7, 23), target: uri(file('snippets/note.mdx')) },
      { range: r(9, 8, 9, 24), target: uri(file('images/flow.svg')) },
      { range: r(13, 12, 13, 18), target: `${uri(file('index.mdx'))}#L12` },
    ]);
    assert.equal(linkUri(file('guides/setup.mdx'), 5), `${uri(file('guides/setup.mdx'))}#L6`);
  });

  it('gives the document links of docs.json: a file value and the navigation entries', async () => {
    const links = await req('textDocument/documentLink', { textDocument: { uri: uri(file('docs.json')) } });
    assert.deepStrictEqual(links, [
      { range: r(2, 11, 2, 27), target: uri(file('images/logo.svg')) },
      { range: r(7, 9, 7, 14), target: uri(file('index.mdx')) },
      { range: r(8, 9, 8, 21), target: uri(file('guides/setup.mdx')) },
    ]);
  });

  it('goes to the heading a link names, and to the page of a navigation entry', async () => {
    const def = await req('textDocument/definition', { textDocument: { uri: uri(file('index.mdx')) }, position: { line: 5, character: 30 } });
    assert.deepStrictEqual(def, { uri: uri(file('guides/setup.mdx')), range: r(5, 0, 5, 0) });
    const nav = await req('textDocument/definition', { textDocument: { uri: uri(file('docs.json')) }, position: { line: 8, character: 12 } });
    assert.deepStrictEqual(nav, { uri: uri(file('guides/setup.mdx')), range: r(0, 0, 0, 0) });
  });

  it('shows the target page and heading on hover over a link, and the snippet text over <Snippet file>', async () => {
    const hover = await req('textDocument/hover', { textDocument: { uri: uri(file('index.mdx')) }, position: { line: 5, character: 30 } });
    assert.deepStrictEqual(hover, {
      contents: { kind: 'markdown', value: '**Setup** › Install\n\nInstall and configure Acme.\n\n`guides/setup.mdx`' },
      range: r(5, 13, 5, 34),
    });
    const snippet = await req('textDocument/hover', { textDocument: { uri: uri(file('index.mdx')) }, position: { line: 7, character: 18 } });
    assert.deepStrictEqual(snippet, {
      contents: { kind: 'markdown', value: '`snippets/note.mdx`\n\n```mdx\nA note shared by pages.\n```' },
      range: r(7, 15, 7, 23),
    });
  });

  it('finds page titles and headings of the site as workspace symbols', async () => {
    const symbols = await req('workspace/symbol', { query: 'conf' });
    assert.deepStrictEqual(symbols, [
      { name: 'Configure', kind: 15, location: { uri: uri(file('guides/setup.mdx')), range: r(9, 3, 9, 12) }, containerName: 'Setup' },
    ]);
    const pages = await req('workspace/symbol', { query: 'home' });
    assert.deepStrictEqual(pages, [{ name: 'Home', kind: 1, location: { uri: uri(file('index.mdx')), range: r(1, 7, 1, 13) }, containerName: 'index.mdx' }]);
  });

  it('completes a page path and then an anchor of that page while typing a link', async () => {
    const text = FM('Home', 'Welcome to Acme.') + 'See [it](/gu\n';
    client.change(file('index.mdx'), 2, text);
    const paths = await req('textDocument/completion', { textDocument: { uri: uri(file('index.mdx')) }, position: { line: 5, character: 12 } });
    assert.deepStrictEqual(paths, {
      isIncomplete: false,
      items: [
        {
          label: '/guides/setup',
          kind: 17,
          detail: 'Setup',
          insertTextFormat: 1,
          textEdit: { range: r(5, 9, 5, 12), newText: '/guides/setup' },
          data: 'guides/setup',
        },
      ],
    });
    // The description comes when the editor resolves the item it shows.
    const resolved = await req('completionItem/resolve', (paths as { items: unknown[] }).items[0]);
    assert.deepStrictEqual(resolved, {
      label: '/guides/setup',
      kind: 17,
      detail: 'Setup',
      insertTextFormat: 1,
      textEdit: { range: r(5, 9, 5, 12), newText: '/guides/setup' },
      data: 'guides/setup',
      documentation: { kind: 'markdown', value: 'Install and configure Acme.\n\n`guides/setup.mdx`' },
    });
    client.change(file('index.mdx'), 3, FM('Home', 'Welcome to Acme.') + 'See [it](/guides/setup#con\n');
    const anchors = await req('textDocument/completion', { textDocument: { uri: uri(file('index.mdx')) }, position: { line: 5, character: 26 } });
    assert.deepStrictEqual(anchors, {
      isIncomplete: false,
      items: [
        { label: 'install', kind: 18, detail: '## Install', insertTextFormat: 1, textEdit: { range: r(5, 23, 5, 26), newText: 'install' }, sortText: '00000' },
        {
          label: 'configure',
          kind: 18,
          detail: '## Configure',
          insertTextFormat: 1,
          textEdit: { range: r(5, 23, 5, 26), newText: 'configure' },
          sortText: '00001',
        },
      ],
    });
  });

  it('completes asset paths in src', async () => {
    client.change(file('index.mdx'), 4, FM('Home', 'Welcome to Acme.') + '<img src="/im" />\n');
    const assets = await req('textDocument/completion', { textDocument: { uri: uri(file('index.mdx')) }, position: { line: 5, character: 13 } });
    assert.deepStrictEqual(assets, {
      isIncomplete: false,
      items: ['/images/flow.svg', '/images/logo.svg'].map((p) => ({
        label: p,
        kind: 17,
        detail: 'file',
        insertTextFormat: 1,
        textEdit: { range: r(5, 10, 5, 13), newText: p },
      })),
    });
  });

  it('completes docs.json page entries with the page title and description', async () => {
    const position = { line: 8, character: 10 };
    const list = await req<{ isIncomplete: boolean; items: { label: string }[] }>('textDocument/completion', {
      textDocument: { uri: uri(file('docs.json')) },
      position,
    });
    assert.deepStrictEqual(list, {
      isIncomplete: false,
      items: [
        {
          label: 'guides/setup',
          kind: 17,
          detail: 'Setup',
          documentation: 'Install and configure Acme.\n\n`guides/setup.mdx`: Already in the navigation.',
          sortText: '1guides/setup',
          filterText: '"guides/setup"',
          textEdit: { range: r(8, 8, 8, 22), newText: '"guides/setup"' },
        },
        {
          label: 'index',
          kind: 17,
          detail: 'Home',
          documentation: 'Welcome to Acme.\n\n`index.mdx`: Already in the navigation.',
          sortText: '1index',
          filterText: '"index"',
          textEdit: { range: r(8, 8, 8, 22), newText: '"index"' },
        },
      ],
    });
  });

  it('offers to wrap a selection in each component, as refactor.rewrite actions', async () => {
    const text = FM('Home', 'Welcome to Acme.') + '## Start\n\n- One\n- Two\n';
    client.change(file('index.mdx'), 5, text);
    const u = uri(file('index.mdx'));
    const actions = await req('textDocument/codeAction', { textDocument: { uri: u }, range: r(7, 0, 8, 5), context: { diagnostics: [], only: ['refactor'] } });
    const edit = (newText: string) => ({ changes: { [u]: [{ range: r(7, 0, 8, 5), newText }] } });
    assert.deepStrictEqual(actions, [
      { title: 'Wrap in <Note>', kind: 'refactor.rewrite', edit: edit('<Note>\n  - One\n  - Two\n</Note>') },
      { title: 'Wrap in <Warning>', kind: 'refactor.rewrite', edit: edit('<Warning>\n  - One\n  - Two\n</Warning>') },
      { title: 'Wrap in <Tip>', kind: 'refactor.rewrite', edit: edit('<Tip>\n  - One\n  - Two\n</Tip>') },
      { title: 'Wrap in <Steps>', kind: 'refactor.rewrite', edit: edit('<Steps>\n  <Step title="Title">\n    - One\n    - Two\n  </Step>\n</Steps>') },
      { title: 'Wrap in <Tabs>', kind: 'refactor.rewrite', edit: edit('<Tabs>\n  <Tab title="Title">\n    - One\n    - Two\n  </Tab>\n</Tabs>') },
      { title: 'Wrap in <Accordion>', kind: 'refactor.rewrite', edit: edit('<Accordion title="Title">\n  - One\n  - Two\n</Accordion>') },
    ]);
    const none = await req('textDocument/codeAction', { textDocument: { uri: u }, range: r(7, 1, 7, 1), context: { diagnostics: [], only: ['refactor'] } });
    assert.deepStrictEqual(none, []);
  });
});

describe('link completion for a client that takes a shared edit range', () => {
  it('sends the range once, in itemDefaults, and items without their own edit', async () => {
    const server = await startOnSite(FILES, undefined, { completion: { completionList: { itemDefaults: ['editRange', 'data'] } } });
    try {
      const page = path.join(server.dir, 'index.mdx');
      server.client.open(page, FM('Home', 'Welcome to Acme.') + '[x](/\n', 'mdx');
      const list = await server.client.connection.sendRequest('textDocument/completion', {
        textDocument: { uri: uri(page) },
        position: { line: 5, character: 5 },
      });
      assert.deepStrictEqual(list, {
        isIncomplete: false,
        itemDefaults: { editRange: { start: { line: 5, character: 4 }, end: { line: 5, character: 5 } } },
        items: [{ label: '/guides/setup', kind: 17, detail: 'Setup', data: 'guides/setup' }],
      });
    } finally {
      await server.dispose();
    }
  });
});

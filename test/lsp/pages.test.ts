// Pages through the real language server: diagnostics while typing, completion, hover, outline
// and "fix all".
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CodeAction, CompletionItem, CompletionList, DocumentSymbol, Hover } from 'vscode-languageserver-protocol';
import { pageSite } from '../../server/src/rules/page-utils';
import { startOnSite, type TestClient, uri } from './lsp-client';

const FRONT = '---\ntitle: "Create your first note"\ndescription: "Create, tag and find a note with the Acme API in five minutes."\n---\n\n';

describe('pages through the language server', () => {
  let dir: string;
  let client: TestClient;
  let page: string;

  let server: Awaited<ReturnType<typeof startOnSite>>;

  before(async () => {
    server = await startOnSite(pageSite('## Start\n\nText.\n'));
    ({ dir, client } = server);
    page = path.join(dir, 'example.mdx');
  });

  after(() => server.dispose());

  it('reports a problem typed into a page, and clears it when it is fixed', async () => {
    const text = FRONT + '# Start\n\nText.\n';
    client.open(page, FRONT + '## Start\n\nText.\n', 'mdx');
    client.change(page, 2, text);
    const diagnostics = await client.waitForDiagnostics(page, (d) => d.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.source]),
      [['heading-h1', 5, 'docwright']],
    );
    client.change(page, 3, FRONT + '## Start\n\nText.\n');
    assert.deepEqual(await client.waitForDiagnostics(page, (d) => d.length === 0), []);
  });

  it('reports broken MDX as one located error', async () => {
    client.change(page, 4, FRONT + '## Start\n\nNotes hold <5 MB.\n');
    const diagnostics = await client.waitForDiagnostics(page, (d) => d.some((x) => x.code === 'mdx-syntax'));
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]),
      [['mdx-syntax', 7, 11]],
    );
  });

  it('completes component names with their closing tag', async () => {
    const text = FRONT + '## Start\n\n<Ste\n';
    client.change(page, 5, text);
    const list: CompletionList = await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri(page) },
      position: { line: 7, character: 4 },
    });
    const steps = list.items.find((i) => i.label === 'Steps')!;
    assert.ok(steps, list.items.map((i) => i.label).join(', '));
    assert.equal(steps.insertTextFormat, 2);
    assert.deepEqual((steps.textEdit as { range: unknown }).range, { start: { line: 7, character: 1 }, end: { line: 7, character: 4 } });
    assert.match((steps.textEdit as { newText: string }).newText, /^Steps>[\s\S]*<Step title="\$1">[\s\S]*<\/Steps>$/);
  });

  it('completes attributes and enum values inside a tag', async () => {
    const text = FRONT + '## Start\n\n<Icon icon="rocket" iconType="" />\n';
    client.change(page, 6, text);
    const values: CompletionList = await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri(page) },
      position: { line: 7, character: 30 },
    });
    assert.ok(
      values.items.some((i) => i.label === 'duotone'),
      values.items.map((i) => i.label).join(', '),
    );
    const attrs: CompletionList = await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri(page) },
      position: { line: 7, character: 19 },
    });
    assert.ok(attrs.items.some((i) => i.label === 'color'));
    assert.ok(!attrs.items.some((i) => i.label === 'icon'), 'icon is already there');
  });

  it('shows component docs on hover and the heading outline', async () => {
    const text = FRONT + '## Start\n\n<Note>\n  Hi\n</Note>\n\n### Inner\n\n## Next\n';
    client.change(page, 7, text);
    const hover: Hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uri(page) }, position: { line: 7, character: 3 } });
    // The heading names the component: `**<Note>**` renders as an empty bold (the renderer drops the tag).
    assert.match((hover.contents as { value: string }).value, /^\*\*Note\*\* — Callout/);
    const symbols: DocumentSymbol[] = await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri(page) } });
    assert.deepEqual(
      symbols.map((s) => [s.name, s.children?.map((c) => c.name)]),
      [
        ['Start', ['Inner']],
        ['Next', []],
      ],
    );
  });

  it('offers fix all, which leaves nothing fixable', async () => {
    const text = FRONT + '# Start\n\n#### Deep\n\n<Tipp>\n  Hi\n</Tipp>\n';
    client.change(page, 8, text);
    await client.waitForDiagnostics(page, (d) => d.length === 3);
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri(page) },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind]),
      [['Fix all auto-fixable Docwright problems', 'source.fixAll.docwright']],
    );
    const edit = actions[0].edit!.changes![uri(page)][0];
    assert.equal(edit.newText, FRONT + '## Start\n\n### Deep\n\n<Tip>\n  Hi\n</Tip>\n');
  });

  const complete = (line: number, character: number): Promise<CompletionList> =>
    client.connection.sendRequest('textDocument/completion', { textDocument: { uri: uri(page) }, position: { line, character } });
  const labels = (list: CompletionList) => list.items.map((i) => i.label);

  it('offers the closing tag matched on its name alone (a typed ">" closes the list), and nothing in a closing tag already written', async () => {
    client.change(page, 9, FRONT + '## Start\n\n<Note>hi</\n\n<Tip>ok</Tip>\n');
    const list = await complete(7, 10);
    assert.deepEqual(labels(list), ['</Note>']);
    // VS Code filters the list by the text typed since `</` ("Note>" once the tag is typed): "Note" does not match it, "</Note>" would.
    assert.equal(list.items[0].filterText, 'Note');
    // The cursor inside `</Tip>` (after `</`): the tag is closed, nothing to offer.
    assert.deepEqual(labels(await complete(9, 9)), []);
  });

  it('completes icon names of the icon library in icon="…", with a picture of the icon on resolve, and files once the value is a path', async () => {
    client.change(page, 10, FRONT + '## Start\n\n<Card title="A" icon="">\n  Hi\n</Card>\n\n<Card title="B" icon="/">\n  Hi\n</Card>\n');
    const names = await complete(7, 22);
    const rocket = names.items.find((i) => i.label === 'rocket');
    assert.ok(rocket, labels(names).slice(0, 20).join(', '));
    assert.ok(
      names.items.some((i) => i.label === 'github'),
      'brands are icon names too',
    );
    assert.equal(rocket.detail, 'Font Awesome icon');
    const resolved: CompletionItem = await client.connection.sendRequest('completionItem/resolve', rocket);
    const doc = (resolved.documentation as { value: string }).value;
    const svg = atob(/!\[rocket\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/.exec(doc)?.[1] ?? '');
    assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><path d="M/, doc);
    // A path: files, not icon names.
    const files = await complete(11, 23);
    assert.ok(!files.items.some((i) => i.label === 'rocket'), labels(files).join(', '));
  });

  it('offers an alt-text action on an image without alt text: a snippet with the cursor where the alt text goes, and no text of its own', async () => {
    const text = FRONT + '## Start\n\n![](/images/shot.png)\n\n<img src="/images/shot.png" />\n';
    client.change(page, 11, text);
    const diagnostics = await client.waitForDiagnostics(page, (d) => d.filter((x) => x.code === 'image-alt').length === 2);
    const actionsAt = async (line: number): Promise<CodeAction[]> =>
      client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: uri(page) },
        range: { start: { line, character: 1 }, end: { line, character: 1 } },
        context: { diagnostics: diagnostics.filter((d) => d.range.start.line === line), only: ['quickfix'] },
      });
    const markdown = (await actionsAt(7)).find((a) => a.title === 'Write alt text for this image');
    assert.ok(markdown);
    assert.equal(markdown.edit, undefined);
    assert.deepEqual(markdown.command?.command, 'docwright.insertSnippet');
    assert.deepEqual(markdown.command?.arguments, [uri(page), { start: { line: 7, character: 2 }, end: { line: 7, character: 2 } }, '${1:}']);
    const html = (await actionsAt(9)).find((a) => a.title === 'Write alt text for this image');
    assert.deepEqual(html?.command?.arguments, [uri(page), { start: { line: 9, character: 4 }, end: { line: 9, character: 4 } }, ' alt="$1"']);
  });
});

describe('icon completion on a Lucide site', () => {
  it('completes Lucide names (icons.library "lucide")', async () => {
    const files = pageSite('<Card title="A" icon="">\n  Hi\n</Card>\n');
    files['docs.json'] = JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      icons: { library: 'lucide' },
      navigation: { groups: [{ group: 'Guides', pages: ['example'] }] },
    });
    const server = await startOnSite(files);
    try {
      const page = path.join(server.dir, 'example.mdx');
      server.client.open(page, files['example.mdx'], 'mdx');
      const line = files['example.mdx'].split('\n').findIndex((l) => l.startsWith('<Card'));
      const list: CompletionList = await server.client.connection.sendRequest('textDocument/completion', {
        textDocument: { uri: uri(page) },
        position: { line, character: 22 },
      });
      const names = list.items.map((i) => i.label);
      assert.ok(names.includes('square-pen') && names.includes('rocket'), names.slice(0, 20).join(', '));
      assert.ok(!names.includes('github-alt'), 'no Font Awesome names');
      assert.equal(list.items[0].detail, 'Lucide icon');
    } finally {
      await server.dispose();
    }
  });
});

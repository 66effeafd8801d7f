// Pages through the real language server: diagnostics while typing, completion, hover, outline
// and "fix all".
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CodeAction, CompletionList, DocumentSymbol, Hover } from 'vscode-languageserver-protocol';
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
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.source]), [['heading-h1', 5, 'docwright']]);
    client.change(page, 3, FRONT + '## Start\n\nText.\n');
    assert.deepEqual(await client.waitForDiagnostics(page, (d) => d.length === 0), []);
  });

  it('reports broken MDX as one located error', async () => {
    client.change(page, 4, FRONT + '## Start\n\nNotes hold <5 MB.\n');
    const diagnostics = await client.waitForDiagnostics(page, (d) => d.some((x) => x.code === 'mdx-syntax'));
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character]), [['mdx-syntax', 7, 11]]);
  });

  it('completes component names with their closing tag', async () => {
    const text = FRONT + '## Start\n\n<Ste\n';
    client.change(page, 5, text);
    const list: CompletionList = await client.connection.sendRequest('textDocument/completion', { textDocument: { uri: uri(page) }, position: { line: 7, character: 4 } });
    const steps = list.items.find((i) => i.label === 'Steps')!;
    assert.ok(steps, list.items.map((i) => i.label).join(', '));
    assert.equal(steps.insertTextFormat, 2);
    assert.deepEqual((steps.textEdit as { range: unknown }).range, { start: { line: 7, character: 1 }, end: { line: 7, character: 4 } });
    assert.match((steps.textEdit as { newText: string }).newText, /^Steps>[\s\S]*<Step title="\$1">[\s\S]*<\/Steps>$/);
  });

  it('completes attributes and enum values inside a tag', async () => {
    const text = FRONT + '## Start\n\n<Icon icon="rocket" iconType="" />\n';
    client.change(page, 6, text);
    const values: CompletionList = await client.connection.sendRequest('textDocument/completion', { textDocument: { uri: uri(page) }, position: { line: 7, character: 30 } });
    assert.ok(values.items.some((i) => i.label === 'duotone'), values.items.map((i) => i.label).join(', '));
    const attrs: CompletionList = await client.connection.sendRequest('textDocument/completion', { textDocument: { uri: uri(page) }, position: { line: 7, character: 19 } });
    assert.ok(attrs.items.some((i) => i.label === 'color'));
    assert.ok(!attrs.items.some((i) => i.label === 'icon'), 'icon is already there');
  });

  it('shows component docs on hover and the heading outline', async () => {
    const text = FRONT + '## Start\n\n<Note>\n  Hi\n</Note>\n\n### Inner\n\n## Next\n';
    client.change(page, 7, text);
    const hover: Hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uri(page) }, position: { line: 7, character: 3 } });
    assert.match(JSON.stringify(hover.contents), /<Note>/);
    const symbols: DocumentSymbol[] = await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri(page) } });
    assert.deepEqual(symbols.map((s) => [s.name, s.children?.map((c) => c.name)]), [['Start', ['Inner']], ['Next', []]]);
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
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [['Fix all auto-fixable Docwright problems', 'source.fixAll.docwright']]);
    const edit = actions[0].edit!.changes![uri(page)][0];
    assert.equal(edit.newText, FRONT + '## Start\n\n### Deep\n\n<Tip>\n  Hi\n</Tip>\n');
  });
});

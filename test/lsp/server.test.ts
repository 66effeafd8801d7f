// The real language server over stdio: diagnostics, completion and code actions for docs.json.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CodeAction, CompletionList, Diagnostic } from 'vscode-languageserver-protocol';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import { CHECK_SITES_REQUEST } from '../../server/src/hosts/lsp/protocol';
import { startOnSite, type TestClient, uri } from './lsp-client';
import { valeSite, yml } from '../vale-helpers';

const CONFIG = JSON.stringify(minimalConfig(['introduction', 'quickstart'], { modeToggle: { default: 'lihgt' } }), null, 2) + '\n';

describe('language server over stdio', () => {
  let dir: string;
  let client: TestClient;
  let docsJson: string;

  let server: Awaited<ReturnType<typeof startOnSite>>;

  before(async () => {
    server = await startOnSite({ ...exampleSite({}, ['introduction', 'guides/setup']), 'docs.json': CONFIG });
    ({ dir, client } = server);
    docsJson = path.join(dir, 'docs.json');
  });

  after(() => server.dispose());

  it('publishes the diagnostics of docs.json', async () => {
    client.open(docsJson, CONFIG);
    const diagnostics = await client.waitForDiagnostics(docsJson, (d) => d.length > 0);
    const plain = diagnostics.map((d: Diagnostic) => ({ ...d, codeDescription: undefined }));
    assert.deepEqual(plain, [
      {
        range: { start: { line: 11, character: 8 }, end: { line: 11, character: 20 } },
        severity: 1,
        source: 'docwright',
        code: 'nav-missing-page',
        codeDescription: undefined,
        message: 'No page file for navigation entry "quickstart": expected quickstart.mdx or quickstart.md in the site folder.',
      },
      {
        range: { start: { line: 16, character: 15 }, end: { line: 16, character: 22 } },
        severity: 1,
        source: 'docwright',
        code: 'config-invalid-value',
        codeDescription: undefined,
        message: '"lihgt" is not a valid value here. Expected one of: "light", "dark".',
      },
    ]);
    assert.match(diagnostics[0].codeDescription!.href, /docs\/rules\/nav-missing-page\.md$/);
  });

  it('reports the orphan page in its own file', async () => {
    const setup = path.join(dir, 'guides', 'setup.mdx');
    const diagnostics = await client.waitForDiagnostics(setup, (d) => d.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity]),
      [['orphan-page', 3]],
    );
  });

  it('offers quick fixes for a missing page', async () => {
    const [missing] = (await client.waitForDiagnostics(docsJson, (d) => d.length > 0)).filter((d) => d.code === 'nav-missing-page');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri(docsJson) },
      range: missing.range,
      context: { diagnostics: [missing] },
    });
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Create page "quickstart.mdx"', 'Remove "quickstart" from navigation'],
    );
    const create = actions[0].edit!.documentChanges!;
    assert.deepEqual(create[0], { kind: 'create', uri: uri(path.join(dir, 'quickstart.mdx')), options: { ignoreIfExists: true } });
  });

  it('completes page paths in a pages array', async () => {
    const text = CONFIG.replace('"quickstart"', '"gui"');
    client.change(docsJson, 2, text);
    const line = text.split('\n').findIndex((l) => l.includes('"gui"'));
    const character = text.split('\n')[line].indexOf('"gui"') + 4;
    const list: CompletionList = await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri(docsJson) },
      position: { line, character },
    });
    assert.deepEqual(list.items.map((i) => i.label).sort(), ['guides/setup', 'introduction']);
  });

  it('publishes diagnostics for the latest version after a burst of edits', async () => {
    const good = JSON.stringify(minimalConfig(['introduction', 'guides/setup'], { modeToggle: { default: 'light' } }), null, 2);
    for (let v = 3; v < 60; v++) client.change(docsJson, v, v % 2 ? CONFIG : '{ "name": ');
    client.change(docsJson, 60, good);
    const diagnostics = await client.waitForDiagnostics(docsJson, (d) => d.length === 0);
    assert.deepEqual(diagnostics, []);
    // The orphan is listed now, so its diagnostic is cleared too.
    assert.deepEqual(await client.waitForDiagnostics(path.join(dir, 'guides', 'setup.mdx'), (d) => d.length === 0), []);
  });

  it('checks every site on request and counts what it found', async () => {
    const result = await client.connection.sendRequest(CHECK_SITES_REQUEST);
    assert.deepEqual(result, { sites: 1, pages: 2, errors: 0, warnings: 0, information: 0, hints: 0 });
  });
});

describe('language server over stdio: the documentation link of a Vale finding', () => {
  let server: Awaited<ReturnType<typeof startOnSite>>;
  before(async () => {
    const will = yml({ extends: 'existence', message: "Avoid '%s'.", ignorecase: true, level: 'warning', tokens: ['will'] });
    server = await startOnSite(valeSite('The page will load.\n', { Will: will }));
  });
  after(() => server.dispose());

  it("leads to the page on a site's Vale styles, not to a rule page of Docwright", async () => {
    const page = path.join(server.dir, 'example.mdx');
    const diagnostics = await server.client.waitForDiagnostics(page, (d) => d.some((x) => x.code === 'Acme.Will'));
    const vale = diagnostics.find((d) => d.code === 'Acme.Will')!;
    assert.match(vale.codeDescription!.href, /\/docs\/vale\.md$/);
  });
});

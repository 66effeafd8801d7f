// Format Document and Format Selection through the real language server: the formatter of
// `docwright format`, with the site's `.docwright.json` format options.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { pageSite } from '../../server/src/rules/page-utils';
import { startOnSite, type TestClient, uri } from './lsp-client';

const FRONT = '---\ntitle: "Create your first note"\ndescription: "Create, tag and find a note with the Acme API in five minutes."\n---\n\n';

describe('formatting through the language server', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;

  before(async () => {
    server = await startOnSite(pageSite('## Start\n\nText.\n', { extra: { '.docwright.json': JSON.stringify({ format: { listMarker: '*' } }) } }));
    ({ dir, client } = server);
  });

  after(() => server.dispose());

  const options = { tabSize: 2, insertSpaces: true };

  it('formats a document with the site options (textDocument/formatting)', async () => {
    const page = path.join(dir, 'example.mdx');
    client.open(page, FRONT + 'Start\n-----\nText.   \n\n- one\n- two\n', 'mdx');
    const edits: TextEdit[] = await client.connection.sendRequest('textDocument/formatting', { textDocument: { uri: uri(page) }, options });
    assert.equal(edits.length, 1);
    assert.equal(edits[0].newText, FRONT + '## Start\n\nText.\n\n* one\n* two\n');
  });

  it('formats only the selected lines (textDocument/rangeFormatting)', async () => {
    const page = path.join(dir, 'other.mdx');
    client.open(page, FRONT + '## Start\n\nText.   \n\n## End\n\nMore.   \n', 'mdx');
    const edits: TextEdit[] = await client.connection.sendRequest('textDocument/rangeFormatting', {
      textDocument: { uri: uri(page) },
      range: { start: { line: 11, character: 0 }, end: { line: 11, character: 5 } },
      options,
    });
    assert.equal(edits.length, 1);
    assert.equal(edits[0].newText, FRONT + '## Start\n\nText.   \n\n## End\n\nMore.\n');
  });

  it('returns no edits for a page with a syntax error', async () => {
    const page = path.join(dir, 'broken.mdx');
    client.open(page, FRONT + '## Start\n\nNotes hold <5 MB.   \n', 'mdx');
    const edits: TextEdit[] = await client.connection.sendRequest('textDocument/formatting', { textDocument: { uri: uri(page) }, options });
    assert.deepEqual(edits, []);
  });
});

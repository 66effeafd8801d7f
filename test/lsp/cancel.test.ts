// Whole-site requests honour cancellation: a request cancelled while the server still reads the site
// (here, during the first check of a 400-page site, which the site's index waits for) ends with the
// protocol's "request cancelled" error instead of the work; the same request not cancelled answers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { rmSync } from 'node:fs';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { generateSite, makeTempDir, writeSite } from '../../bench/generate';
import { TestClient, uri } from './lsp-client';

const REQUEST_CANCELLED = -32800;

describe('whole-site requests', () => {
  let dir: string;
  let page: string;
  before(() => {
    dir = makeTempDir();
    const site = generateSite(400, 5);
    writeSite(site, dir);
    page = path.join(dir, site.pageFiles[0]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [name, method, params] of [
    ['workspace symbols', 'workspace/symbol', () => ({ query: 'a' })],
    [
      'references',
      'textDocument/references',
      () => ({ textDocument: { uri: uri(page) }, position: { line: 0, character: 0 }, context: { includeDeclaration: true } }),
    ],
    ['file moves', 'workspace/willRenameFiles', () => ({ files: [{ oldUri: uri(page), newUri: uri(page.replace(/\.mdx$/, '-moved.mdx')) }] })],
  ] as const) {
    it(`${name}: cancelled while the site is read, the request ends as cancelled; not cancelled, it answers`, async () => {
      const client = new TestClient();
      try {
        await client.initialize(dir);
        const source = new CancellationTokenSource();
        const cancelled = client.connection.sendRequest(method, params(), source.token);
        source.cancel();
        await assert.rejects(cancelled, (e: { code?: number }) => e.code === REQUEST_CANCELLED);
        const answer = await client.connection.sendRequest(method, params());
        if (method === 'workspace/symbol') assert.ok(Array.isArray(answer) && answer.length > 0, 'symbols');
        else assert.notEqual(answer, undefined);
      } finally {
        await client.stop();
      }
    });
  }
});

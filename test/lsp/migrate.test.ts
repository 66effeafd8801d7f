// The real language server: docwright/migrateConfig, and diagnostics for a current-format docs.json.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import { migrateConfig } from '../../server/src/config/migrate';
import { MIGRATE_CONFIG_REQUEST, type MigrateConfigResult } from '../../server/src/hosts/lsp/protocol';
import { startOnSite, type TestClient, uri } from './lsp-client';

const CONFIG =
  JSON.stringify(minimalConfig(['introduction', 'guides/setup'], { colors: { primary: '#0B6E4F' }, feedback: { raiseIssue: true } }), null, 2) + '\n';

describe('language server: migration to the current format', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;

  before(async () => {
    server = await startOnSite({ ...exampleSite({}, ['introduction', 'guides/setup']), 'docs.json': CONFIG });
    ({ dir, client } = server);
  });
  after(() => server.dispose());

  it('answers the converted text and its notes, writing nothing', async () => {
    const docsJson = path.join(dir, 'docs.json');
    const result: MigrateConfigResult = await client.connection.sendRequest(MIGRATE_CONFIG_REQUEST, { uri: uri(path.join(dir, 'introduction.mdx')) });
    assert.equal(result.status, 'migrated');
    assert.equal(result.sourceUri, uri(docsJson));
    assert.equal(result.targetUri, uri(docsJson));
    assert.equal(result.text, migrateConfig(CONFIG).text);
    assert.deepEqual(
      result.notes.map((n) => [n.kind, n.path]),
      [['dropped', 'feedback']],
    );
  });

  it('refuses to hand back a docs.json the client would write through a symbolic link out of the site', async () => {
    const docsJson = path.join(dir, 'docs.json');
    const kept = readFileSync(docsJson, 'utf8');
    const outside = mkdtempSync(path.join(tmpdir(), 'docwright-lsp-outside-'));
    const target = path.join(outside, 'config.json');
    writeFileSync(target, CONFIG);
    try {
      rmSync(docsJson);
      symlinkSync(target, docsJson);
      const result: MigrateConfigResult = await client.connection.sendRequest(MIGRATE_CONFIG_REQUEST, { uri: uri(docsJson) });
      assert.equal(result.status, 'error');
      assert.match(result.error ?? '', /symbolic link/);
      assert.equal(result.text, undefined);
      assert.equal(readFileSync(target, 'utf8'), CONFIG);
    } finally {
      rmSync(docsJson, { force: true });
      writeFileSync(docsJson, kept);
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('checks the written current-format config, and then has nothing more to migrate', async () => {
    const docsJson = path.join(dir, 'docs.json');
    const current = JSON.parse(migrateConfig(CONFIG).text);
    current.navigation.groups[0].pages.push('gone');
    const text = JSON.stringify(current, null, 2) + '\n';
    writeFileSync(docsJson, text);
    client.open(docsJson, text);
    const diagnostics = await client.waitForDiagnostics(docsJson, (d) => d.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line]),
      [['nav-missing-page', text.split('\n').findIndex((l) => l.includes('"gone"'))]],
    );
    const again: MigrateConfigResult = await client.connection.sendRequest(MIGRATE_CONFIG_REQUEST, { uri: uri(docsJson) });
    assert.equal(again.status, 'already-current');
  });

  it('says when no site holds the file', async () => {
    const result: MigrateConfigResult = await client.connection.sendRequest(MIGRATE_CONFIG_REQUEST, { uri: 'file:///nowhere/docs.json' });
    assert.equal(result.status, 'no-site');
    assert.deepEqual(result.sites, [uri(dir)]);
  });
});

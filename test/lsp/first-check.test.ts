// The server's first check with the check cache in the folder the client names
// (initializationOptions.storage): the same diagnostics with and without it, a cache written for
// the next session, and a damaged one ignored with a note.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { writeSiteToDisk } from '../helpers';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import type { InitializationOptions } from '../../server/src/hosts/lsp/protocol';
import { TestClient } from './lsp-client';

const SITE = {
  ...exampleSite(minimalConfig(['introduction', 'guides/setup']), ['introduction', 'guides/setup', 'guides/extra']),
  'guides/setup.mdx':
    '---\ntitle: "Set up the project"\ndescription: "Install the tools and create a project."\n---\n\n## Install\n\nSee [the intro](/introduction#missing-part).\n',
};

describe('first check with the storage cache', () => {
  let dir: string;
  let storage: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-lsp-first-'));
    storage = mkdtempSync(path.join(tmpdir(), 'docwright-lsp-storage-'));
    writeSiteToDisk(dir, SITE);
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(storage, { recursive: true, force: true });
  });

  /** Starts a server with `options`, waits for the diagnostics of both files, stops it. */
  async function session(options: InitializationOptions | undefined): Promise<{ setup: Diagnostic[]; extra: Diagnostic[]; logs: string[] }> {
    const client = new TestClient();
    try {
      await client.initialize(dir, options);
      const setup = await client.waitForDiagnostics(path.join(dir, 'guides', 'setup.mdx'), (d) => d.length > 0);
      const extra = await client.waitForDiagnostics(path.join(dir, 'guides', 'extra.mdx'), (d) => d.length > 0);
      return { setup, extra, logs: client.logs };
    } finally {
      await client.stop();
    }
  }

  it('publishes the same diagnostics without storage, with an empty one, from its cache, and after a damaged cache', async () => {
    const plain = await session(undefined);
    assert.deepEqual(
      plain.setup.map((d) => d.code),
      ['link-broken'],
    );
    assert.deepEqual(
      plain.extra.map((d) => d.code),
      ['orphan-page'],
    );
    const first = await session({ storage });
    assert.deepEqual(first, { ...plain, logs: first.logs });
    const files = readdirSync(path.join(storage, 'check-cache'));
    assert.equal(files.length, 1, 'one cache file for the site');
    const cached = await session({ storage });
    assert.deepEqual({ setup: cached.setup, extra: cached.extra }, { setup: plain.setup, extra: plain.extra });
    const file = path.join(storage, 'check-cache', files[0]);
    writeFileSync(file, 'not a cache');
    const damaged = await session({ storage });
    assert.deepEqual({ setup: damaged.setup, extra: damaged.extra }, { setup: plain.setup, extra: plain.extra });
    assert.ok(
      damaged.logs.some((l) => /check cache .* was ignored/.test(l)),
      damaged.logs.join('\n'),
    );
    assert.ok(existsSync(file));
  });
});

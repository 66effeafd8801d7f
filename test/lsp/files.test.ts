// File changes through the real server, each a case the model test (model.test.ts) found or guards:
// the published diagnostics follow the disk and the buffers, whatever the watcher reports.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { SITE_CHANGED_NOTIFICATION } from '../../server/src/hosts/lsp/protocol';
import { startOnSite, type TestClient, uri } from './lsp-client';

const CONFIG = JSON.stringify(
  { theme: 'mint', name: 'Files', colors: { primary: '#0B6E4F' }, navigation: { groups: [{ group: 'Guides', pages: ['index', 'guides/setup'] }] } },
  null,
  2,
);
const FRONT = (title: string) => `---\ntitle: "${title}"\ndescription: "A page of the file-change tests, long enough to pass the description check."\n---\n\n`;

describe('file changes through the language server', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;
  const at = (rel: string) => path.join(dir, rel);
  /** Rule ids published per site-relative file, after the server is idle. */
  const shown = async () => {
    await client.idle();
    const out: Record<string, string[]> = {};
    for (const [p, list] of client.published()) out[path.relative(dir, p)] = list.map((d) => String(d.code)).sort();
    return out;
  };

  before(async () => {
    server = await startOnSite(
      {
        'docs.json': CONFIG,
        'index.mdx': FRONT('Home') + '## Start\n\nSee [setup](/guides/setup#install).\n',
        'guides/setup.mdx': FRONT('Setup') + '## Install\n\nRun it.\n',
        'part.mdx': '## Part\n\nShared text.\n',
      },
      { delays: { checkMs: 0, pageCheckMs: 0, siteRecheckMs: 0 } },
    );
    ({ dir, client } = server);
  });
  after(() => server.dispose());

  it('starts with the orphan part page', async () => {
    assert.deepEqual(await shown(), { 'part.mdx': ['orphan-page', 'page-title'] });
  });

  it('a known file reported created or changed on disk is checked again (after the first check)', async () => {
    try {
      writeFileSync(at('guides/setup.mdx'), FRONT('Setup') + '## Installing\n\nRun it.\n');
      client.watched([{ path: at('guides/setup.mdx'), type: 'created' }]);
      assert.deepEqual(await shown(), { 'index.mdx': ['link-broken'], 'part.mdx': ['orphan-page', 'page-title'] });
    } finally {
      writeFileSync(at('guides/setup.mdx'), FRONT('Setup') + '## Install\n\nRun it.\n');
      client.watched([{ path: at('guides/setup.mdx'), type: 'changed' }]);
    }
    assert.deepEqual(await shown(), { 'part.mdx': ['orphan-page', 'page-title'] });
  });

  it('a page imported by an edit becomes a snippet: its own findings go', async () => {
    const text = FRONT('Home') + "import Part from '/part.mdx';\n\n<Part />\n\n## Start\n\nSee [setup](/guides/setup#install).\n";
    client.open(at('index.mdx'), text.replace("import Part from '/part.mdx';\n\n<Part />\n\n", ''), 'mdx');
    client.change(at('index.mdx'), 2, text);
    assert.deepEqual(await shown(), {});
    client.close(at('index.mdx'));
    assert.deepEqual(await shown(), { 'part.mdx': ['orphan-page', 'page-title'] });
  });

  it('a folder moved in a terminal (one event per folder) takes its pages and their findings along', async () => {
    renameSync(at('guides'), at('manual'));
    client.watched([
      { path: at('guides'), type: 'deleted' },
      { path: at('manual'), type: 'created' },
    ]);
    assert.deepEqual(await shown(), {
      'docs.json': ['nav-missing-page'],
      'index.mdx': ['link-broken'],
      'manual/setup.mdx': ['orphan-page'],
      'part.mdx': ['orphan-page', 'page-title'],
    });
    renameSync(at('manual'), at('guides'));
    // Reported late and in the other order: the disk decides.
    client.watched([{ path: at('guides'), type: 'created' }]);
    client.watched([{ path: at('manual'), type: 'deleted' }]);
    assert.deepEqual(await shown(), { 'part.mdx': ['orphan-page', 'page-title'] });
  });

  it('a deleted page keeps no diagnostics, and its return brings them back', async () => {
    rmSync(at('part.mdx'));
    client.watched([{ path: at('part.mdx'), type: 'deleted' }]);
    assert.deepEqual(await shown(), {});
    writeFileSync(at('part.mdx'), '## Part\n\nShared text.\n');
    client.watched([{ path: at('part.mdx'), type: 'created' }]);
    assert.deepEqual(await shown(), { 'part.mdx': ['orphan-page', 'page-title'] });
  });

  it('tells the client the site changed when a snippet changes on disk or in its buffer (the preview renders again)', async () => {
    const seen: { rootUri: string; uri?: string }[] = [];
    const sub = client.connection.onNotification(SITE_CHANGED_NOTIFICATION, (p: { rootUri: string; uri?: string }) => void seen.push(p));
    mkdirSync(at('snippets'), { recursive: true });
    writeFileSync(at('snippets/note.mdx'), 'Shared.\n');
    client.watched([{ path: at('snippets/note.mdx'), type: 'created' }]);
    await client.idle();
    assert.ok(
      seen.some((p) => p.rootUri === uri(dir) && p.uri === undefined),
      JSON.stringify(seen),
    );
    seen.length = 0;
    client.open(at('snippets/note.mdx'), 'Shared.\n', 'mdx');
    client.change(at('snippets/note.mdx'), 2, 'Shared, changed.\n');
    await client.idle();
    assert.deepEqual(seen, [{ rootUri: uri(dir), uri: uri(at('snippets/note.mdx')) }]);
    client.close(at('snippets/note.mdx'));
    rmSync(at('snippets'), { recursive: true });
    client.watched([{ path: at('snippets'), type: 'deleted' }]);
    await client.idle();
    sub.dispose();
  });

  it('.mintignore changes re-check the site', async () => {
    writeFileSync(at('.mintignore'), 'part.mdx\n');
    client.watched([{ path: at('.mintignore'), type: 'created' }]);
    assert.deepEqual(await shown(), {});
    writeFileSync(at('.mintignore'), '# nothing\n');
    client.watched([{ path: at('.mintignore'), type: 'changed' }]);
    assert.deepEqual(await shown(), { 'part.mdx': ['orphan-page', 'page-title'] });
  });

  it('files in dot folders are not pages', async () => {
    mkdirSync(at('.cache'), { recursive: true });
    writeFileSync(at('.cache/stray.mdx'), '# Stray\n');
    client.watched([{ path: at('.cache/stray.mdx'), type: 'created' }]);
    assert.deepEqual(await shown(), { 'part.mdx': ['orphan-page', 'page-title'] });
  });
});

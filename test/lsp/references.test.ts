// References, heading rename and moves through the real language server, on a copy of the example
// site: whole responses, and the returned WorkspaceEdits applied to disk (then the files moved, as
// the editor does) leave `docwright check` with no new finding.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { MOVE_REDIRECTS_REQUEST } from '../../server/src/hosts/lsp/protocol';
import { applyEdits, EXAMPLE_SITE, writeSiteToDisk } from '../helpers';
import { TestClient, uri } from './lsp-client';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

type Edit = { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string };
type WorkspaceEdit = { changes: Record<string, Edit[]> };

function readTree(dir: string, base = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) readTree(p, base, out);
    else out[path.relative(base, p).split(path.sep).join('/')] = readFileSync(p, 'utf8');
  }
  return out;
}

/** The example site with two #anchor links to headings of guides/authentication. */
function exampleFiles(): Record<string, string> {
  const files = readTree(EXAMPLE_SITE);
  files['quickstart.mdx'] = files['quickstart.mdx'].replace(
    '[how authentication works](/guides/authentication)',
    '[how authentication works](/guides/authentication#send-the-api-key)',
  );
  files['guides/organizing-notes.mdx'] += '\nKeys expire: see [rotating a key](authentication#rotate-a-key-without-downtime).\n';
  return files;
}

/** `docwright check` findings as `file rule`, files named by where they are after the moves. */
function findings(dir: string, moves: [string, string][] = []): string[] {
  const r = spawnSync(process.execPath, [BIN, 'check', dir, '--format', 'json'], { encoding: 'utf8' });
  const list = JSON.parse(r.stdout) as { file: string; ruleId: string }[];
  return list
    .map((f) => {
      let rel = path.relative(dir, path.resolve(f.file)).split(path.sep).join('/');
      for (const [from, to] of moves) if (rel === from || rel.startsWith(from + '/')) rel = to + rel.slice(from.length);
      return `${rel} ${f.ruleId}`;
    })
    .sort();
}

/** A WorkspaceEdit with its files and edits in a fixed order, for comparing. */
function sorted(edit: WorkspaceEdit | null): [string, Edit[]][] {
  const key = (e: Edit) => e.range.start.line * 1e6 + e.range.start.character;
  return Object.entries(edit?.changes ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([u, list]) => [u, [...list].sort((a, b) => key(a) - key(b))]);
}

/** Applies a WorkspaceEdit to the files on disk. */
function applyToDisk(edit: WorkspaceEdit | null): void {
  for (const [u, edits] of Object.entries(edit?.changes ?? {})) {
    const file = URI.parse(u).fsPath;
    writeFileSync(file, applyEdits(readFileSync(file, 'utf8'), edits));
  }
}

/** The range of the `n`th `needle` (0-based) in a text, optionally only its part from `from`. */
function rangeOf(text: string, needle: string, n = 0, from = 0) {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`no ${needle} in the text`);
  const pos = (o: number) => ({ line: text.slice(0, o).split('\n').length - 1, character: o - (text.lastIndexOf('\n', o - 1) + 1) });
  return { start: pos(at + from), end: pos(at + needle.length) };
}

async function start(dir: string, redirect?: string): Promise<TestClient> {
  const client = new TestClient();
  client.connection.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
    p.items.map((i) => (i.section === 'docwright.moves' ? { redirect } : {})),
  );
  await client.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uri(dir),
    capabilities: { workspace: { configuration: redirect !== undefined, workspaceEdit: { documentChanges: true } } },
    workspaceFolders: [{ uri: uri(dir), name: 'site' }],
  });
  await client.connection.sendNotification('initialized', {});
  return client;
}

describe('references through the language server', () => {
  let dir: string;
  let client: TestClient;
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-refs-'));
    writeSiteToDisk(dir, exampleFiles());
    client = await start(dir);
  });
  after(async () => {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const refs = (file: string, line: number, character: number, includeDeclaration = false) =>
    client.connection.sendRequest('textDocument/references', {
      textDocument: { uri: uri(path.join(dir, file)) },
      position: { line, character },
      context: { includeDeclaration },
    });
  const loc = (file: string, needle: string, n = 0) => ({
    uri: uri(path.join(dir, file)),
    range: rangeOf(readFileSync(path.join(dir, file), 'utf8'), needle, n),
  });
  const at = (file: string, needle: string, delta = 1) =>
    rangeOf(readFileSync(path.join(dir, file), 'utf8'), needle).start.line +
    '/' +
    (rangeOf(readFileSync(path.join(dir, file), 'utf8'), needle).start.character + delta);
  const refsAt = (file: string, needle: string, delta = 1, includeDeclaration = false) => {
    const [line, character] = at(file, needle, delta).split('/').map(Number);
    return refs(file, line, character, includeDeclaration);
  };

  it('lists every reference to a page, asked from a link to it, its nav entry or its own front matter', async () => {
    const expected = [
      loc('api-reference/overview.mdx', '/guides/authentication'),
      loc('docs.json', 'guides/authentication', 0),
      loc('docs.json', 'guides/authentication', 1),
      loc('guides/organizing-notes.mdx', 'authentication#rotate-a-key-without-downtime'),
      loc('introduction.mdx', '/guides/authentication'),
      loc('quickstart.mdx', '/guides/authentication#send-the-api-key'),
    ].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.range.start.line - b.range.start.line));
    assert.deepEqual(await refsAt('introduction.mdx', '/guides/authentication', 3), expected);
    assert.deepEqual(await refsAt('docs.json', '"guides/authentication"', 3), expected);
    assert.deepEqual(await refsAt('guides/authentication.mdx', 'title:'), expected);
    assert.deepEqual(await refsAt('guides/authentication.mdx', 'title:', 1, true), [
      { uri: uri(path.join(dir, 'guides/authentication.mdx')), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
      ...expected,
    ]);
  });

  it('lists the references to a heading, asked from the heading or from an #anchor that names it', async () => {
    const expected = [loc('quickstart.mdx', '/guides/authentication#send-the-api-key')];
    assert.deepEqual(await refsAt('guides/authentication.mdx', '## Send the API key', 5), expected);
    assert.deepEqual(await refsAt('quickstart.mdx', '#send-the-api-key', 3), expected);
    assert.deepEqual(await refsAt('guides/authentication.mdx', '## Send the API key', 5, true), [
      loc('guides/authentication.mdx', 'Send the API key'),
      ...expected,
    ]);
    assert.deepEqual(await refsAt('guides/organizing-notes.mdx', '#rotate-a-key', 3), [
      loc('guides/organizing-notes.mdx', 'authentication#rotate-a-key-without-downtime'),
    ]);
    const blank = rangeOf(readFileSync(path.join(dir, 'guides/authentication.mdx'), 'utf8'), '## Troubleshooting').start.line + 1;
    assert.equal(await refs('guides/authentication.mdx', blank, 0), null, 'a blank line names nothing');
  });
});

describe('moves and heading renames through the language server', () => {
  let dir: string;
  let client: TestClient;
  let before0: string[];
  const file = (rel: string) => path.join(dir, rel);
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-moves-'));
    writeSiteToDisk(dir, exampleFiles());
    before0 = findings(dir);
    client = await start(dir, 'ask');
  });
  after(async () => {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the editor does: ask the server, apply its edit, move the files, tell the server. */
  async function move(from: string, to: string): Promise<WorkspaceEdit | null> {
    const edit = await client.connection.sendRequest<WorkspaceEdit | null>('workspace/willRenameFiles', {
      files: [{ oldUri: uri(file(from)), newUri: uri(file(to)) }],
    });
    applyToDisk(edit);
    const moved = statSync(file(from)).isDirectory()
      ? readdirSync(file(from), { recursive: true })
          .map((f) => String(f))
          .filter((f) => !statSync(path.join(file(from), f)).isDirectory())
      : [''];
    mkdirSync(path.dirname(file(to)), { recursive: true });
    renameSync(file(from), file(to));
    const changes = moved.flatMap((f) => [
      { uri: uri(f ? path.join(file(from), f) : file(from)), type: 3 },
      { uri: uri(f ? path.join(file(to), f) : file(to)), type: 1 },
    ]);
    const edited = Object.keys(edit?.changes ?? {}).map((u) => ({ uri: u, type: 2 }));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [...changes, ...edited] });
    return edit;
  }

  it('moves a page: the edit rewrites nav entries and links in their styles; after it, nothing new is found; redirects on request', async () => {
    const text = (rel: string) => readFileSync(file(rel), 'utf8');
    const r = (rel: string, needle: string, newText: string, n = 0) => ({ range: rangeOf(text(rel), needle, n), newText });
    const expected = {
      changes: {
        [uri(file('api-reference/overview.mdx'))]: [r('api-reference/overview.mdx', '/guides/authentication', '/security/api-keys')],
        [uri(file('guides/organizing-notes.mdx'))]: [
          r('guides/organizing-notes.mdx', 'authentication#rotate-a-key-without-downtime', '../security/api-keys#rotate-a-key-without-downtime'),
        ],
        [uri(file('introduction.mdx'))]: [r('introduction.mdx', '/guides/authentication', '/security/api-keys')],
        [uri(file('quickstart.mdx'))]: [r('quickstart.mdx', '/guides/authentication#send-the-api-key', '/security/api-keys#send-the-api-key')],
        [uri(file('docs.json'))]: [
          r('docs.json', 'guides/authentication', 'security/api-keys', 0),
          r('docs.json', 'guides/authentication', 'security/api-keys', 1),
        ],
      },
    };
    const edit = await move('guides/authentication.mdx', 'security/api-keys.mdx');
    assert.deepEqual(sorted(edit), sorted(expected));
    assert.deepEqual(findings(dir), before0.map((f) => f.replace('guides/authentication.mdx', 'security/api-keys.mdx')).sort());
    // The "ask" setting: the client asks after the move, then requests the redirects.
    const redirects = await client.connection.sendRequest<WorkspaceEdit | null>(MOVE_REDIRECTS_REQUEST, {
      files: [{ oldUri: uri(file('guides/authentication.mdx')), newUri: uri(file('security/api-keys.mdx')) }],
    });
    applyToDisk(redirects);
    assert.deepEqual(JSON.parse(readFileSync(file('docs.json'), 'utf8')).redirects, [{ source: '/guides/authentication', destination: '/security/api-keys' }]);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(file('docs.json')), type: 2 }] });
  });

  it('moves a folder: every page in it follows, and nothing new is found', async () => {
    const beforeMove = findings(dir);
    const text = (rel: string) => readFileSync(file(rel), 'utf8');
    const r = (rel: string, needle: string, newText: string, n = 0) => ({ range: rangeOf(text(rel), needle, n), newText });
    const expected = {
      changes: {
        [uri(file('beta/realtime-sync.mdx'))]: [r('beta/realtime-sync.mdx', '/guides/advanced/webhooks', '/handbook/advanced/webhooks')],
        [uri(file('docs.json'))]: [
          r('docs.json', 'guides/organizing-notes', 'handbook/organizing-notes', 0),
          r('docs.json', 'guides/advanced/webhooks', 'handbook/advanced/webhooks', 0),
          r('docs.json', 'guides/organizing-notes', 'handbook/organizing-notes', 1),
          r('docs.json', 'guides/advanced/webhooks', 'handbook/advanced/webhooks', 1),
        ],
        [uri(file('introduction.mdx'))]: [r('introduction.mdx', '/guides/advanced/webhooks', '/handbook/advanced/webhooks')],
        [uri(file('quickstart.mdx'))]: [r('quickstart.mdx', '/guides/organizing-notes', '/handbook/organizing-notes')],
      },
    };
    const edit = await move('guides', 'handbook');
    // The relative link of organizing-notes to security/api-keys is the same from the new folder: no edit.
    assert.deepEqual(sorted(edit), sorted(expected));
    assert.match(readFileSync(file('handbook/organizing-notes.mdx'), 'utf8'), /\(\.\.\/security\/api-keys#rotate-a-key-without-downtime\)/);
    assert.deepEqual(findings(dir), beforeMove.map((f) => f.replace(/^guides\//, 'handbook/')).sort());
  });

  it('renames a heading from an #anchor that names it: the heading and every link follow, nothing new is found', async () => {
    const beforeRename = findings(dir);
    const quick = readFileSync(file('quickstart.mdx'), 'utf8');
    const anchor = rangeOf(quick, '/security/api-keys#send-the-api-key', 0, '/security/api-keys#'.length);
    const at = { textDocument: { uri: uri(file('quickstart.mdx')) }, position: { line: anchor.start.line, character: anchor.start.character + 2 } };
    assert.deepEqual(await client.connection.sendRequest('textDocument/prepareRename', at), { range: anchor, placeholder: 'Send the API key' });
    const edit = await client.connection.sendRequest<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'Authenticate each request' });
    assert.deepEqual(
      sorted(edit),
      sorted({
        changes: {
          [uri(file('security/api-keys.mdx'))]: [
            { range: rangeOf(readFileSync(file('security/api-keys.mdx'), 'utf8'), 'Send the API key'), newText: 'Authenticate each request' },
          ],
          [uri(file('quickstart.mdx'))]: [{ range: anchor, newText: 'authenticate-each-request' }],
        },
      }),
    );
    applyToDisk(edit);
    assert.deepEqual(findings(dir), beforeRename);
    await assert.rejects(
      client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri(file('quickstart.mdx')) }, position: { line: 20, character: 0 } }),
      /Only a heading/,
    );
  });
});

describe('a move with docwright.moves.redirect set to "always"', () => {
  it("puts the redirect into the move's own edit", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docwright-always-'));
    writeSiteToDisk(dir, exampleFiles());
    const client = await start(dir, 'always');
    try {
      const edit = await client.connection.sendRequest<WorkspaceEdit>('workspace/willRenameFiles', {
        files: [{ oldUri: uri(path.join(dir, 'changelog.mdx')), newUri: uri(path.join(dir, 'releases.mdx')) }],
      });
      const docs = applyEdits(readFileSync(path.join(dir, 'docs.json'), 'utf8'), edit.changes[uri(path.join(dir, 'docs.json'))]);
      assert.deepEqual(JSON.parse(docs).redirects, [{ source: '/changelog', destination: '/releases' }]);
      assert.match(docs, /"pages": \["releases"\]/);
    } finally {
      await client.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a move and a move back before the file watcher reports either', () => {
  it('knows of the first move from workspace/didRenameFiles, so the second edit is right', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docwright-back-'));
    writeSiteToDisk(dir, exampleFiles());
    const client = await start(dir);
    const a = path.join(dir, 'changelog.mdx');
    const b = path.join(dir, 'news/releases.mdx');
    try {
      const there = await client.connection.sendRequest<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: uri(a), newUri: uri(b) }] });
      applyToDisk(there);
      mkdirSync(path.dirname(b), { recursive: true });
      renameSync(a, b);
      await client.connection.sendNotification('workspace/didRenameFiles', { files: [{ oldUri: uri(a), newUri: uri(b) }] });
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(path.join(dir, 'docs.json')), type: 2 }] });
      const back = await client.connection.sendRequest<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: uri(b), newUri: uri(a) }] });
      applyToDisk(back);
      assert.equal(readFileSync(path.join(dir, 'docs.json'), 'utf8'), exampleFiles()['docs.json']);
    } finally {
      await client.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The web extension's client (client/src/web/): its answers to the web server's workspace
// requests over a file system like `vscode.workspace.fs`, its bundle (for the browser, no Node
// built-in), and its commands: every command package.json declares is either run by the web client
// or answered with a message saying why not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import {
  answeringWorkspaceRequests,
  DIRECTORY,
  FILE,
  isSkippedFolder,
  KIND_OF_REQUEST,
  LIST_FILES_REQUEST,
  READ_FILE_REQUEST,
  SYMBOLIC_LINK,
  workspaceAnswers,
  type FileReader,
} from '../../client/src/web/workspace-requests';
import { UNAVAILABLE_ON_WEB } from '../../client/src/web/unavailable';
import * as server from '../../server/src/hosts/web/client-workspace';
import { isSkippedFolder as coreSkipped } from '../../server/src/workspace';

/** A file system of paths under `mem://site`, with folders implied by the files and links listed apart. */
function memoryFs(files: Record<string, string>, linkedFolders: string[] = [], linkedFiles: string[] = []): FileReader & { reads: string[] } {
  const pathOf = (uri: string) => decodeURIComponent(new URL(uri).pathname).replace(/\/$/, '');
  const isFolder = (p: string) => Object.keys(files).some((f) => f.startsWith(p + '/')) || linkedFolders.includes(p);
  const reads: string[] = [];
  return {
    reads,
    async readFile(uri) {
      const text = files[pathOf(uri)];
      if (text === undefined) throw new Error(`ENOENT ${uri}`);
      return new TextEncoder().encode(text);
    },
    async readDirectory(uri) {
      const p = pathOf(uri);
      reads.push(p);
      if (!isFolder(p)) throw new Error(`ENOTDIR ${uri}`);
      const entries = new Map<string, number>();
      for (const f of Object.keys(files)) {
        if (!f.startsWith(p + '/')) continue;
        const [name, ...rest] = f.slice(p.length + 1).split('/');
        const link = linkedFiles.includes(`${p}/${name}`) ? SYMBOLIC_LINK : 0;
        entries.set(name, (rest.length > 0 ? DIRECTORY : FILE) | link);
      }
      for (const l of linkedFolders)
        if (l.startsWith(p + '/') && !l.slice(p.length + 1).includes('/')) entries.set(l.slice(p.length + 1), DIRECTORY | SYMBOLIC_LINK);
      return [...entries];
    },
    async stat(uri) {
      const p = pathOf(uri);
      if (files[p] !== undefined) return { type: FILE };
      if (isFolder(p)) return { type: DIRECTORY };
      throw new Error(`ENOENT ${uri}`);
    },
  };
}

const FOLDERS = () => ['mem://site/site'];

const site = {
  '/site/docs.json': '{"name":"Acme"}',
  '/site/intro.mdx': '# Café\n',
  '/site/guides/a b.mdx': 'A',
  '/site/guides/deep/c.md': 'C',
  '/site/node_modules/pkg/readme.md': 'dependency',
  '/site/.git/HEAD': 'ref',
  '/site/guides/.hidden/x.mdx': 'dot folder',
  '/site/.env.mdx': 'a dot file is a file',
  '/site/shared.mdx': 'linked file',
};

test('the request names are the web server’s', () => {
  assert.equal(READ_FILE_REQUEST, server.READ_FILE_REQUEST);
  assert.equal(LIST_FILES_REQUEST, server.LIST_FILES_REQUEST);
  assert.equal(KIND_OF_REQUEST, server.KIND_OF_REQUEST);
  for (const name of ['node_modules', '.git', '.hidden', 'guides', 'node_modules2', 'a.b', '_site'])
    assert.equal(isSkippedFolder(name), coreSkipped(name), name);
});

test('readFile answers a file’s text, and null for a missing file or a folder', async () => {
  const answers = workspaceAnswers(memoryFs(site), FOLDERS);
  assert.equal(await answers.readFile({ uri: 'mem://site/site/intro.mdx' }), '# Café\n');
  assert.equal(await answers.readFile({ uri: 'mem://site/site/guides/a%20b.mdx' }), 'A');
  assert.equal(await answers.readFile({ uri: 'mem://site/site/missing.mdx' }), null);
  assert.equal(await answers.readFile({ uri: 'mem://site/site/guides' }), null);
});

test('listFiles walks every folder but dependencies, dot-folders and linked folders, giving URIs the server reads back', async () => {
  const fs = memoryFs(site, ['/site/loop'], ['/site/shared.mdx']);
  const answers = workspaceAnswers(fs, FOLDERS);
  const uris = await answers.listFiles({ uri: 'mem://site/site' });
  assert.deepEqual(
    uris.map((u) => decodeURIComponent(new URL(u).pathname)),
    ['/site/.env.mdx', '/site/docs.json', '/site/guides/a b.mdx', '/site/guides/deep/c.md', '/site/intro.mdx', '/site/shared.mdx'],
  );
  assert.ok(!fs.reads.some((p) => /node_modules|\.git|\.hidden|loop/.test(p)), `walked: ${fs.reads.join(', ')}`);
  // Each URI reads back through readFile.
  for (const u of uris) assert.notEqual(await answers.readFile({ uri: u }), null, u);
  assert.deepEqual(await answers.listFiles({ uri: 'mem://site/nowhere' }), []);
});

test('no answer outside the workspace folders: another folder, another authority, a climbing path', async () => {
  const fs = memoryFs({ ...site, '/secret/key.mdx': 'secret', '/site2/a.mdx': 'other' });
  const answers = workspaceAnswers(fs, FOLDERS);
  for (const uri of [
    'mem://site/secret/key.mdx',
    'mem://site/site2/a.mdx',
    'mem://other/site/intro.mdx',
    'mem://site/site/../secret/key.mdx',
    'mem://site/site/%2e%2e/secret/key.mdx',
    'mem://site/site/guides/%2E%2E/%2E%2E/secret/key.mdx',
    'mem://site/site/%E0%A4%A.mdx',
  ]) {
    assert.equal(await answers.readFile({ uri }), null, uri);
    assert.equal(await answers.kindOf({ uri }), null, uri);
  }
  assert.deepEqual(await answers.listFiles({ uri: 'mem://site/secret' }), []);
  assert.deepEqual(await answers.listFiles({ uri: 'mem://site/site/..' }), []);
  assert.ok(!fs.reads.some((p) => p.startsWith('/secret') || p.startsWith('/site2')), `read: ${fs.reads.join(', ')}`);
  // The folder itself and what is under it are answered.
  assert.equal(await answers.kindOf({ uri: 'mem://site/site' }), 'folder');
  assert.equal(await answers.readFile({ uri: 'mem://site/site/intro.mdx' }), '# Café\n');
});

test('kindOf tells a file from a folder, and null for neither', async () => {
  const answers = workspaceAnswers(memoryFs(site), FOLDERS);
  assert.equal(await answers.kindOf({ uri: 'mem://site/site/docs.json' }), 'file');
  assert.equal(await answers.kindOf({ uri: 'mem://site/site/guides' }), 'folder');
  assert.equal(await answers.kindOf({ uri: 'mem://site/site/gone' }), null);
});

test('the web client bundles for the browser with no Node built-in, and answers every command package.json declares', async () => {
  const out = await esbuild.build({
    entryPoints: ['client/src/web/extension.ts'],
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    mainFields: ['browser', 'module', 'main'],
    external: ['vscode'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const names = builtinModules.flatMap((m) => [m, `node:${m}`]);
  assert.deepEqual(
    Object.keys(out.metafile.inputs).filter((p) => names.includes(p)),
    [],
  );
  // The commands the bundled client files register, and those the web client answers with a reason.
  const sources = Object.keys(out.metafile.inputs).filter((p) => p.startsWith('client/src/'));
  const registered = new Set(sources.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/registerCommand\(\s*'([\w.]+)'/g)].map((m) => m[1])));
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { browser: string; contributes: { commands: { command: string }[] } };
  assert.equal(manifest.browser, './dist/web/client.js');
  for (const { command } of manifest.contributes.commands) {
    const ran = registered.has(command);
    const why = UNAVAILABLE_ON_WEB[command];
    assert.ok(ran || why, `${command}: neither run nor answered on the web`);
    assert.ok(!(ran && why), `${command}: both run and answered as unavailable`);
  }
  for (const [command, why] of Object.entries(UNAVAILABLE_ON_WEB)) {
    assert.ok(
      manifest.contributes.commands.some((c) => c.command === command),
      `${command} is not in package.json`,
    );
    assert.match(why, /browser/, command);
  }
});

test('the workspace requests are answered in the transports, before the client has handlers, and the rest passes through', async () => {
  const written: unknown[] = [];
  let deliver: (m: unknown) => void = () => undefined;
  const none = () => ({ dispose: () => undefined });
  const reader = {
    onError: none,
    onClose: none,
    onPartialMessage: none,
    listen: (callback: (m: unknown) => void) => {
      deliver = callback;
      return { dispose: () => undefined };
    },
    dispose: () => undefined,
  };
  const writer = { write: async (m: unknown) => void written.push(m), onError: none, onClose: none, end: () => undefined, dispose: () => undefined };
  const { reader: answering } = answeringWorkspaceRequests({ reader, writer } as never, workspaceAnswers(memoryFs(site), FOLDERS));
  const seen: unknown[] = [];
  answering.listen((m) => void seen.push(m));
  const answered = new Promise<void>((resolve) => {
    const write = writer.write;
    writer.write = async (m) => {
      await write(m);
      if (written.length === 2) resolve();
    };
  });
  deliver({ jsonrpc: '2.0', id: 7, method: READ_FILE_REQUEST, params: { uri: 'mem://site/site/intro.mdx' } });
  deliver({ jsonrpc: '2.0', id: 8, method: KIND_OF_REQUEST, params: { uri: 'mem://site/site/guides' } });
  deliver({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'x', diagnostics: [] } });
  deliver({ jsonrpc: '2.0', id: 9, method: 'workspace/configuration', params: { items: [] } });
  await answered;
  assert.deepEqual(
    written.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id),
    [
      { jsonrpc: '2.0', id: 7, result: '# Café\n' },
      { jsonrpc: '2.0', id: 8, result: 'folder' },
    ],
  );
  assert.deepEqual(
    seen.map((m) => (m as { method: string }).method),
    ['textDocument/publishDiagnostics', 'workspace/configuration'],
  );
});

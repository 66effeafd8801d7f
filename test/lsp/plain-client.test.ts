// `docwright lsp --stdio` driven by a plain LSP client (vscode-languageserver-protocol's own
// connection, as any editor's client would be): no initializationOptions, no workspace/configuration,
// no custom requests. Checks, completion, hover, quick fix and rename must all work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Hover,
  type PublishDiagnosticsParams,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { URI } from 'vscode-uri';
import { writeSiteToDisk } from '../helpers';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');
const LANGUAGE_SERVER_BIN = path.resolve(__dirname, '../../bin/docwright-language-server.js');

const DOCS = JSON.stringify({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Plain',
  colors: { primary: '#0D9373' },
  favicon: '/favicon.svg',
  navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] },
});
const GUIDE = `---
title: Guide
description: How to use the product.
---

## Install the tool

Read the [overview](/indx) first.
`;

const uri = (file: string) => URI.file(file).toString();

async function startPlain(bin: string, args: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dw-plain-lsp-'));
  writeSiteToDisk(dir, {
    'docs.json': DOCS,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'index.mdx': '---\ntitle: Overview\ndescription: The overview.\n---\n\nSee the [guide](/guide#install-the-tool).\n',
    'guide.mdx': GUIDE,
  });
  const proc = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const diagnostics = new Map<string, PublishDiagnosticsParams>();
  const waiters: { uri: string; code: string; resolve(p: PublishDiagnosticsParams): void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    diagnostics.set(p.uri, p);
    for (const w of waiters.filter((w) => w.uri === p.uri && p.diagnostics.some((d) => d.code === w.code))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(p);
    }
  });
  const registered: unknown[] = [];
  connection.onRequest('client/registerCapability', (p: { registrations: unknown[] }) => {
    registered.push(...p.registrations);
    return null;
  });
  connection.listen();
  /** The diagnostics of `u` once they hold one of rule `code` (the page-only rules come first, the cross-page ones after). */
  const diagnosed = (u: string, code: string) =>
    new Promise<PublishDiagnosticsParams>((resolve) => {
      const have = diagnostics.get(u);
      if (have && have.diagnostics.some((d) => d.code === code)) resolve(have);
      else waiters.push({ uri: u, code, resolve });
    });
  return {
    dir,
    connection,
    registered,
    diagnosed,
    stderr: () => stderr,
    async dispose() {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      await new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', () => resolve())));
      connection.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('docwright lsp --stdio serves a plain LSP client: diagnostics, completion, hover, code action, rename', async () => {
  const s = await startPlain(BIN, ['lsp', '--stdio']);
  try {
    // What Neovim, Helix or Sublime send: a root, plain capabilities, no initializationOptions.
    const init = await s.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri(s.dir),
      capabilities: {
        workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { completion: { completionItem: { snippetSupport: true } }, rename: { prepareSupport: true } },
      },
    });
    assert.ok((init as { capabilities: { completionProvider?: unknown } }).capabilities.completionProvider);
    await s.connection.sendNotification('initialized', {});
    const file = path.join(s.dir, 'guide.mdx');
    const opened = `${GUIDE}\n<Note>Mind the gap.</Note>\n`;
    await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(file), languageId: 'mdx', version: 1, text: opened } });

    const published = await s.diagnosed(uri(file), 'link-broken');
    const broken = published.diagnostics.find((d) => d.code === 'link-broken')!;
    assert.equal(broken.range.start.line, 7);

    // Typing a component: the page is broken MDX while `<` stands alone.
    const text = `${opened}\n<\n`;
    await s.connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(file), version: 2 }, contentChanges: [{ text }] });
    const lines = text.split('\n');
    const lt = lines.findIndex((l) => l === '<');
    const completion = (await s.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri(file) },
      position: { line: lt, character: 1 },
    })) as CompletionList | CompletionItem[] | null;
    const items = Array.isArray(completion) ? completion : (completion?.items ?? []);
    assert.ok(
      items.some((i) => i.label === 'Callout' || i.label === 'Note'),
      `component completion expected, got ${items
        .slice(0, 5)
        .map((i) => i.label)
        .join(', ')}`,
    );

    const note = lines.findIndex((l) => l.startsWith('<Note>'));
    const hover = (await s.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri(file) },
      position: { line: note, character: 2 },
    })) as Hover | null;
    assert.ok(hover, 'hover on <Note> answered');
    assert.match(JSON.stringify(hover.contents), /Note/);

    const actions = (await s.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri(file) },
      range: broken.range,
      context: { diagnostics: [broken], only: ['quickfix'] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.edit !== undefined && JSON.stringify(a.edit).includes('/index'));
    // The client watches the files for the server (changes made outside the editor reach the checks).
    assert.deepEqual(
      s.registered.map((r) => (r as { method: string }).method),
      ['workspace/didChangeWatchedFiles'],
    );
    assert.ok(fix, `a quick fix pointing the link at /index expected, got ${JSON.stringify(actions.map((a) => a.title))}`);

    const heading = lines.findIndex((l) => l === '## Install the tool');
    const at = { textDocument: { uri: uri(file) }, position: { line: heading, character: 5 } };
    const prepared = await s.connection.sendRequest('textDocument/prepareRename', at);
    assert.ok(prepared, 'prepareRename answered');
    const edit = (await s.connection.sendRequest('textDocument/rename', { ...at, newName: 'Install it' })) as WorkspaceEdit | null;
    // The heading and the link to its anchor in index.mdx both change.
    const changes = edit?.changes ?? {};
    assert.deepEqual(
      changes[uri(file)]?.map((e) => e.newText),
      ['Install it'],
    );
    assert.deepEqual(
      changes[uri(path.join(s.dir, 'index.mdx'))]?.map((e) => e.newText),
      ['install-it'],
    );
  } finally {
    await s.dispose();
  }
  assert.doesNotMatch(s.stderr(), /error/i);
});

test('the docwright-language-server bin starts the same server over stdio', async () => {
  const s = await startPlain(LANGUAGE_SERVER_BIN, []);
  try {
    const init = (await s.connection.sendRequest('initialize', { processId: process.pid, rootUri: uri(s.dir), capabilities: {} })) as {
      serverInfo?: { name: string };
    };
    assert.equal(init.serverInfo?.name, 'docwright');
    await s.connection.sendNotification('initialized', {});
    const file = path.join(s.dir, 'guide.mdx');
    await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(file), languageId: 'mdx', version: 1, text: GUIDE } });
    await s.diagnosed(uri(file), 'link-broken');
  } finally {
    await s.dispose();
  }
});

test('page math that would print leaves the stdio channel to the protocol', { timeout: 60_000 }, async () => {
  const s = await startPlain(BIN, ['lsp', '--stdio']);
  try {
    // Pages on disk (read by the first check's worker threads) and the open page, each printing through KaTeX.
    const loud = 'Math $\\message{Content-Length: 2}$, $\\errmessage{Content-Length: 3}$ and $\\show\\alpha$.\n';
    writeSiteToDisk(s.dir, { 'index.mdx': `---\ntitle: Overview\ndescription: The overview.\n---\n\n${loud}\nSee the [guide](/guid).\n` });
    await s.connection.sendRequest('initialize', { processId: process.pid, rootUri: uri(s.dir), capabilities: {} });
    await s.connection.sendNotification('initialized', {});
    await s.diagnosed(uri(path.join(s.dir, 'index.mdx')), 'link-broken');
    const file = path.join(s.dir, 'guide.mdx');
    await s.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(file), languageId: 'mdx', version: 1, text: `${GUIDE}\n${loud}` } });
    await s.diagnosed(uri(file), 'link-broken');
    const symbols = (await s.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri(file) } })) as { name: string }[];
    assert.deepEqual(
      symbols.map((x) => x.name),
      ['Install the tool'],
      'the server still answers',
    );
  } finally {
    await s.dispose();
  }
  assert.doesNotMatch(s.stderr(), /Content-Length|Header must provide/);
});

// The web extension's language server (scripts/web-server.mjs): the bundle builds for the browser
// with no Node built-in left in it (no allow-list: what it reaches of Node is a shim of
// hosts/web/shims/ or the build fails), and it runs as a web worker would, with none of Node's
// globals: it reads a site through the client's requests and publishes the page's findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { createContext, runInContext } from 'node:vm';
import * as esbuild from 'esbuild';
// @ts-expect-error: a build script (JavaScript), read for its options.
import { webServerOptions } from '../../scripts/web-server.mjs';

const built = esbuild.build({ ...(webServerOptions() as esbuild.BuildOptions), sourcemap: false, write: false, metafile: true });

test('the web bundle builds for the browser and names no Node built-in', async () => {
  const out = await built;
  assert.deepEqual(out.errors, []);
  const code = out.outputFiles![0].text;
  const names = builtinModules.flatMap((m) => [m, `node:${m}`]);
  const reached = Object.keys(out.metafile!.inputs).filter((p) => names.includes(p));
  assert.deepEqual(reached, []);
  // esbuild leaves a require() inside a try as it is (`__require("stream")`), to fail at run time;
  // a `require('querystring')` inside a string (HTTPSnippet's Node.js example code) is text, not a call.
  const required = [...code.matchAll(/\b__require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]).filter((n) => names.includes(n));
  assert.deepEqual(required, [], 'no require() of a built-in left to fail at run time');
});

test('the web bundle checks a site read through the client, as a web worker with no Node globals', { timeout: 120_000 }, async () => {
  const code = (await built).outputFiles![0].text;
  const files: Record<string, string> = {
    '/site/docs.json': JSON.stringify({
      name: 'Acme',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Start', pages: ['intro'] }] },
    }),
    '/site/intro.mdx':
      '---\ntitle: Intro\ndescription: Where to start.\n---\n\n<Cardd title="Setup">Read [the guide](/missing).</Cardd>\n\n```xml\n<config><item></config>\n```\n',
  };
  const toPath = (uri: string) => decodeURIComponent(new URL(uri).pathname);
  let onmessage: ((e: { data: unknown }) => void) | undefined;
  const diagnostics = new Map<string, { code: string }[]>();
  let published: () => void;
  const intro = new Promise<void>((resolve) => (published = resolve));
  const send = (data: unknown) => queueMicrotask(() => onmessage?.({ data }));
  const answer = (m: { method: string; params: { uri: string } }): unknown => {
    const p = toPath(m.params.uri);
    if (m.method === 'docwright/web/readFile') return files[p] ?? null;
    if (m.method === 'docwright/web/listFiles')
      return Object.keys(files)
        .filter((f) => f.startsWith(p + '/'))
        .map((f) => `vscode-test-web://mount${f}`);
    if (m.method === 'docwright/web/kindOf') return files[p] !== undefined ? 'file' : Object.keys(files).some((f) => f.startsWith(p + '/')) ? 'folder' : null;
    return null;
  };
  const self = {
    set onmessage(f: (e: { data: unknown }) => void) {
      onmessage = f;
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    postMessage(m: { id?: number; method?: string; params?: { uri: string; diagnostics: { code: string }[] } }) {
      if (m.method?.startsWith('docwright/web/')) send({ jsonrpc: '2.0', id: m.id, result: answer(m as never) });
      else if (m.method === 'textDocument/publishDiagnostics') {
        diagnostics.set(toPath(m.params!.uri), m.params!.diagnostics);
        if (toPath(m.params!.uri) === '/site/intro.mdx' && m.params!.diagnostics.length) published();
      } else if (m.method && m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, result: null });
    },
  };
  // What a worker has; none of Node's (require, process, Buffer, __dirname).
  const worker = createContext({
    self,
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    performance,
    URL,
    TextEncoder,
    TextDecoder,
    structuredClone,
  });
  runInContext(code, worker);
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      processId: null,
      rootUri: 'vscode-test-web://mount/site',
      capabilities: {},
      workspaceFolders: [{ uri: 'vscode-test-web://mount/site', name: 'site' }],
    },
  });
  send({ jsonrpc: '2.0', method: 'initialized', params: {} });
  await intro;
  const codes = diagnostics.get('/site/intro.mdx')!.map((d) => d.code);
  assert.ok(codes.includes('component-unknown'), codes.join(', '));
  assert.ok(codes.includes('link-broken'), codes.join(', '));
  assert.ok(codes.includes('code-sample-syntax'), codes.join(', '));
});

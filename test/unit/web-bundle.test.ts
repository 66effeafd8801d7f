// The server side's bundles over one core (scripts/web-server.mjs): the core builds for the browser
// with no Node built-in left in it (no allow-list: what it reaches of Node is a shim of
// hosts/web/shims/ or the build fails), no file is in both the core and a host's bundle (the hosts
// read every core module from the loaded core: one instance of each), and the pair core + web host
// runs as a web worker would, with none of Node's globals: the host loads the core with
// importScripts, reads a site through the client's requests and publishes the page's findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { createContext, runInContext } from 'node:vm';
import * as esbuild from 'esbuild';
// @ts-expect-error: a build script (JavaScript), read for its options.
import { coreModules, coreOptions, coreRedirect, webServerOptions } from '../../scripts/web-server.mjs';

const build = (options: object) => esbuild.build({ ...(options as esbuild.BuildOptions), sourcemap: false, write: false, metafile: true });
const core = coreModules().then((modules: string[]) => build(coreOptions({ modules })));
const web = build(webServerOptions());
// The Node hosts' bundle as scripts/build.mjs makes dist/server.js.
const node = build({
  entryPoints: ['server/src/main.ts'],
  outdir: 'out/node-scan',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  mainFields: ['module', 'main'],
  external: ['vscode'],
  define: { DOCWRIGHT_VERSION: '""' },
  logLevel: 'silent',
  plugins: [coreRedirect('require("./core.js")')],
});

test('the core and the web host build for the browser and name no Node built-in', async () => {
  const names = builtinModules.flatMap((m) => [m, `node:${m}`]);
  for (const out of [await core, await web]) {
    assert.deepEqual(out.errors, []);
    const reached = Object.keys(out.metafile!.inputs).filter((p) => names.includes(p));
    assert.deepEqual(reached, []);
    // esbuild leaves a require() inside a try as it is (`__require("stream")`), to fail at run time;
    // a `require('querystring')` inside a string (HTTPSnippet's Node.js example code) is text, not a call.
    const code = out.outputFiles![0].text;
    const required = [...code.matchAll(/\b__require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]).filter((n) => names.includes(n));
    assert.deepEqual(required, [], 'no require() of a built-in left to fail at run time');
  }
});

test('no file is in the core and in a host bundle: the hosts take core modules and shared libraries from the core', async () => {
  const inCore = new Set(Object.keys((await core).metafile!.inputs));
  assert.ok(inCore.has('server/src/docwright.ts') && inCore.has('server/src/util/time-limit.ts'));
  for (const host of [await node, await web]) {
    const inputs = Object.keys(host.metafile!.inputs);
    assert.ok(inputs.some((p) => p.startsWith('server/src/hosts/')));
    assert.deepEqual(
      inputs.filter((p) => inCore.has(p)),
      [],
    );
  }
});

/**
 * Runs the pair as a web worker with no Node globals: the host loads the core by importScripts from
 * its own URL, or (`oneScript`: a worker started from a blob, which has no URL beside the
 * extension's files) the core's text comes first in the same script; then checks a site read
 * through the client.
 */
async function checkSiteInWorker(oneScript: boolean): Promise<void> {
  const coreCode = (await core).outputFiles![0].text;
  const hostCode = (await web).outputFiles![0].text;
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
  const EXTENSION = 'https://extension.example/docwright';
  const loaded: string[] = [];
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
    // A classic worker's loader: the host asks for the core beside its folder, by its own URL.
    importScripts: (...urls: string[]) => {
      loaded.push(...urls);
      for (const url of urls) if (url === `${EXTENSION}/dist/core.js`) runInContext(coreCode, worker, { filename: url });
    },
  });
  if (oneScript) runInContext(`${coreCode}\n${hostCode}`, worker, { filename: 'blob:https://workbench.example/0b5e' });
  else runInContext(hostCode, worker, { filename: `${EXTENSION}/dist/web/server.js` });
  assert.deepEqual(loaded, oneScript ? [] : [`${EXTENSION}/dist/core.js`]);
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
}

test('the core and the web host check a site read through the client, as a web worker with no Node globals', { timeout: 120_000 }, () =>
  checkSiteInWorker(false),
);

test('the same from one script, the core first (a worker started from a blob)', { timeout: 120_000 }, () => checkSiteInWorker(true));

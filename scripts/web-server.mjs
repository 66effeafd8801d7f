// The server side's bundles over ONE core (docs/design/web.md): esbuild options shared by
// scripts/build.mjs and the tests. dist/core.js holds the core (server/src but the hosts, node/ and
// main.ts) and the libraries both sides use, built for the browser: what it reaches of Node
// resolves to the shims of server/src/hosts/web/shims/ (docs/design/web.md says why each is safe),
// anything else of Node fails the build. dist/server.js (the Node hosts) and dist/web/server.js
// (the web worker's host) import no core file: coreRedirect reads each from the loaded core, so a
// process has one instance of each core module (its registries, its memos).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'server/src') + path.sep;
const shim = (name) => path.join(root, 'server/src/hosts/web/shims', `${name}.ts`);

/** Node built-ins the core bundle reaches, and what stands in for each. */
export const WEB_SHIMS = {
  'node:path': shim('path'),
  'node:path/posix': shim('path'),
  path: shim('path'),
  'node:vm': shim('vm'),
  util: shim('util'),
  fs: shim('unavailable'),
  url: shim('url'),
  crypto: shim('unavailable'),
  stream: shim('empty'),
};

// Lucide's icon shapes (render/lucide.ts, for sites with `icons.library: "lucide"`) go in as one
// string that JSON.parse reads, far cheaper to load than the same data as a JavaScript literal.
export const compactJson = {
  name: 'compact-json',
  setup(build) {
    build.onLoad({ filter: /lucide-static[\\/]icon-nodes\.json$/ }, (args) => ({
      contents: `module.exports = JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8'))))});`,
      loader: 'js',
    }));
  },
};

/** The global the core bundle assigns (its exports), which the web host reads. */
export const CORE_GLOBAL = 'docwrightCore';

/**
 * Libraries (as imported) that the hosts' code and the core's both use: the hosts take the core's
 * copy (ajv-formats, under the MCP SDK, reaches into ajv's codegen). test/unit/web-bundle.test.ts
 * fails on a file in both bundles, which names the import to add here.
 */
export const SHARED_PACKAGES = ['ajv', 'ajv/dist/compile/codegen', 'ignore', 'vscode-uri', 'vscode-languageserver-textdocument'];

/** A file of the core bundle: server/src but main.ts, node/ and the hosts (the shims are the core's). */
export function isCoreFile(file) {
  if (!file.startsWith(src)) return false;
  const rel = file.slice(src.length).split(path.sep).join('/');
  return rel !== 'main.ts' && !rel.startsWith('node/') && (!rel.startsWith('hosts/') || rel.startsWith('hosts/web/shims/'));
}

/** The name a core module is exported under: its path in server/src without the extension. */
const keyOf = (file) =>
  path
    .relative(src, file)
    .split(path.sep)
    .join('/')
    .replace(/\.tsx?$/, '');

/**
 * Resolves a host's import of a core file (or of a SHARED_PACKAGES library) to that module in the
 * loaded core: `from` is the expression that gives the core's exports. Adds each core module's key
 * to `keys` when given.
 */
export function coreRedirect(from, keys) {
  const shared = new RegExp(`^(${SHARED_PACKAGES.map((p) => p.replace(/[-/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'core-redirect',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData?.inner || args.namespace !== 'file' || isCoreFile(args.importer)) return undefined;
        const r = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { inner: true } });
        if (r.errors.length || !isCoreFile(r.path)) return undefined;
        keys?.add(keyOf(r.path));
        return { path: keyOf(r.path), namespace: 'docwright-core' };
      });
      build.onResolve({ filter: shared }, (args) => ({ path: `package:${args.path}`, namespace: 'docwright-core' }));
      build.onResolve({ filter: /^\.\/core\.js$/, namespace: 'docwright-core' }, () => ({ path: './core.js', external: true }));
      build.onLoad({ filter: /.*/, namespace: 'docwright-core' }, (args) => ({
        contents: args.path.startsWith('package:')
          ? `module.exports = ${from}.packages[${JSON.stringify(args.path.slice('package:'.length))}];`
          : `module.exports = ${from}.modules[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

/** Host entries whose imports of the core the core bundle exports. */
const HOST_ENTRIES = ['server/src/main.ts', 'server/src/hosts/web/main.ts', 'server/src/node/spelling-engine.ts'];

/** The core modules the hosts import (keys of coreRedirect), found by resolving the hosts' own files. */
export async function coreModules() {
  const keys = new Set();
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: HOST_ENTRIES.map((e) => path.join(root, e)),
    bundle: true,
    platform: 'node',
    packages: 'external',
    outdir: path.join(root, 'out/core-scan'),
    write: false,
    logLevel: 'silent',
    define: { DOCWRIGHT_VERSION: '""' },
    plugins: [coreRedirect('core', keys)],
  });
  return [...keys].sort();
}

const browser = {
  absWorkingDir: root,
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  mainFields: ['browser', 'module', 'main'],
  // A web worker has no DOM: packages' `worker` builds (decode-named-character-reference's `browser` one reads `document`).
  conditions: ['worker'],
  alias: WEB_SHIMS,
};

/**
 * esbuild options of the core bundle (the caller adds outfile or write: false): `modules` are the
 * keys of coreModules(). An IIFE assigning one global, which the web worker reads after
 * importScripts and Node gets as module.exports (the footer): the same file loads in both, with no
 * loader of modules in either.
 */
export function coreOptions({ modules, production = false, version = '0.0.0' }) {
  const entry = [
    ...modules.map((k) => `import * as m${modules.indexOf(k)} from './server/src/${k}';`),
    `export const modules = { ${modules.map((k, i) => `${JSON.stringify(k)}: m${i}`).join(', ')} };`,
    `export const packages = { ${SHARED_PACKAGES.map((p) => `${JSON.stringify(p)}: require(${JSON.stringify(p)})`).join(', ')} };`,
  ].join('\n');
  return {
    ...browser,
    stdin: { contents: entry, resolveDir: root, sourcefile: 'core-entry.ts', loader: 'ts' },
    inject: [shim('process'), shim('buffer')],
    format: 'iife',
    globalName: CORE_GLOBAL,
    footer: { js: `if (typeof module === "object" && module) module.exports = ${CORE_GLOBAL};` },
    define: { DOCWRIGHT_VERSION: JSON.stringify(version) },
    minify: production,
    sourcemap: !production,
    logLevel: 'silent',
    plugins: [compactJson],
  };
}

/**
 * Loads the core in the web worker before the host runs: dist/core.js beside dist/web/, found from
 * this script's own URL. VS Code starts a worker from a blob that importScripts the script, so
 * `location` is the blob's: the script's URL is the one in the stack of an error made here. Where
 * the core is loaded already (the web client's blob worker for an extension on a remote
 * importScripts the core, then this; or one script of both texts), nothing is loaded.
 */
/* global self, importScripts -- the web worker's, where this runs */
function loadCore() {
  if (typeof docwrightCore !== 'undefined') return;
  const own = /([a-z][\w+.-]*:\/\/[^\s()]+?):\d+:\d+/i.exec(new Error().stack ?? '')?.[1] ?? self.location.href;
  importScripts(new URL('../core.js', own).href);
}

/** esbuild options of the web worker's host, dist/web/server.js (the caller adds outfile or write: false). */
export function webServerOptions({ production = false, version = '0.0.0' } = {}) {
  return {
    ...browser,
    entryPoints: [path.join(root, 'server/src/hosts/web/main.ts')],
    // The language server's handlers (hosts/lsp/) name the Node entry of the protocol library for its types; the browser entry has the same.
    alias: { ...WEB_SHIMS, 'vscode-languageserver/node': 'vscode-languageserver/browser' },
    format: 'iife',
    banner: { js: `(${loadCore.toString()})();` },
    define: { DOCWRIGHT_VERSION: JSON.stringify(version) },
    minify: production,
    sourcemap: !production,
    logLevel: 'silent',
    plugins: [coreRedirect(CORE_GLOBAL)],
  };
}

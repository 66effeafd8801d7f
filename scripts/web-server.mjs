// The web extension's language server bundle (server/src/hosts/web/main.ts, a web worker): esbuild
// options shared by the build and test/unit/web-bundle.test.ts. What the core and its libraries
// import of Node resolves to the shims of server/src/hosts/web/shims/ (docs/design/web.md says
// why each is safe); anything else of Node fails the build.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shim = (name) => path.join(root, 'server/src/hosts/web/shims', `${name}.ts`);

/** Node built-ins the web bundle reaches, and what stands in for each. */
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

/** esbuild options of the web server bundle (the caller adds outfile or write: false). */
export function webServerOptions({ production = false, version = '0.0.0' } = {}) {
  return {
    absWorkingDir: root,
    entryPoints: [path.join(root, 'server/src/hosts/web/main.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    // A web worker has no DOM: packages' `worker` builds (decode-named-character-reference's `browser` one reads `document`).
    conditions: ['worker'],
    alias: WEB_SHIMS,
    inject: [shim('process')],
    define: { DOCWRIGHT_VERSION: JSON.stringify(version) },
    minify: production,
    sourcemap: !production,
    logLevel: 'silent',
  };
}

// The Node hosts' AsyncAPI reader: @asyncapi/parser (node/asyncapi-engine.ts) is 2.4 MB of bundle
// and half a second to load, so it is a bundle of its own (dist/asyncapi.js) required on the first
// AsyncAPI file a thread reads; a site that names none never loads it. The VSIX carries it
// brotli-compressed (dist/asyncapi.js.br, 0.3 MB against the zip's 0.5 MB: the 5 MB budget), run
// as Node runs a CommonJS module. Running from source, the engine module itself is required.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { runInThisContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import type { AsyncapiReader } from '../asyncapi/schema';

type Engine = typeof import('./asyncapi-engine');

/** The engine bundle's file name, beside the server bundle. */
export const ASYNCAPI_ENGINE_FILE = 'asyncapi.js';

let engine: Engine | undefined;

/** A CommonJS bundle kept brotli-compressed, run with the module wrapper Node gives a file of its own. */
export function requireCompressed(file: string, filename: string): unknown {
  const code = brotliDecompressSync(readFileSync(file)).toString('utf8');
  const run = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename }) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  run(module.exports, createRequire(filename), module, filename, path.dirname(filename));
  return module.exports;
}

function loadEngine(): Engine {
  if (engine) return engine;
  const bundled = path.join(__dirname, ASYNCAPI_ENGINE_FILE);
  // A name esbuild does not follow: the engine stays out of the server bundle.
  if (existsSync(bundled)) return (engine = createRequire(__filename)(bundled) as Engine);
  if (existsSync(`${bundled}.br`)) return (engine = requireCompressed(`${bundled}.br`, bundled) as Engine);
  return (engine = createRequire(__filename)('./asyncapi-engine') as Engine);
}

/** The hosts' AsyncAPI reader (one engine per thread, loaded on its first file). */
export const hostAsyncapiReader: AsyncapiReader = (text) => loadEngine().readAsyncapi(text);

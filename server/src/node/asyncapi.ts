// The Node hosts' AsyncAPI reader: @asyncapi/parser (node/asyncapi-engine.ts) is 2.4 MB of bundle
// and half a second to load, so it is a bundle of its own (dist/asyncapi.js) required on the first
// AsyncAPI file a thread reads; a site that names none never loads it. Running from source, the
// engine module itself is required.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { AsyncapiReader } from '../asyncapi/schema';

type Engine = typeof import('./asyncapi-engine');

/** The engine bundle's file name, beside the server bundle. */
export const ASYNCAPI_ENGINE_FILE = 'asyncapi.js';

let engine: Engine | undefined;

function loadEngine(): Engine {
  const bundled = path.join(__dirname, ASYNCAPI_ENGINE_FILE);
  // A name esbuild does not follow: the engine stays out of the server bundle.
  const name = existsSync(bundled) ? bundled : './asyncapi-engine';
  return (engine ??= createRequire(__filename)(name) as Engine);
}

/** The hosts' AsyncAPI reader (one engine per thread, loaded on its first file). */
export const hostAsyncapiReader: AsyncapiReader = (text) => loadEngine().readAsyncapi(text);

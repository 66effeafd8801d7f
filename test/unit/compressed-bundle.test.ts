// The AsyncAPI engine ships brotli-compressed (dist/asyncapi.js.br, scripts/build.mjs): run as Node
// runs a CommonJS file, with its own require (relative to the bundle), module, exports and paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { requireCompressed } from '../../server/src/node/asyncapi';

test('a compressed CommonJS bundle runs with its own require, module, exports, __filename and __dirname', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docwright-br-'));
  writeFileSync(path.join(dir, 'beside.js'), 'module.exports = { answer: 42 };\n');
  const code = [
    "const path = require('node:path');",
    "exports.beside = require('./beside.js').answer;",
    'exports.file = path.basename(__filename);',
    'exports.dir = __dirname;',
    'module.exports.same = module.exports === exports;',
  ].join('\n');
  const file = path.join(dir, 'engine.js.br');
  writeFileSync(file, brotliCompressSync(Buffer.from(code)));
  const loaded = requireCompressed(file, path.join(dir, 'engine.js')) as Record<string, unknown>;
  assert.deepEqual(loaded, { beside: 42, file: 'engine.js', dir, same: true });
});

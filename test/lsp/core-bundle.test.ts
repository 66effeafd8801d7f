// The built server over the shared core (dist/server.js + dist/core.js, scripts/web-server.mjs):
// the core has no Node built-in, so dist/server.js plugs Node's vm into it as it loads, and the
// watchdog that stops hostile highlighting (and parsing, and Vale) runs in the Node hosts as it
// does from source. Without the server, the same core has no watchdog (as in a web worker).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';

const DIST = path.resolve(__dirname, '../../dist');

/**
 * Highlights a CSS name of 24 `a\` (exponential in the grammar, within the bounds: about 1.5 s of work)
 * with a page budget of 20 ms, as the hosts do (the build's table), in a new process.
 */
function highlightSlowBlock(loadServer: boolean): { stopped: number; ms: number; plugged: boolean } {
  const program = `
    const path = require('node:path');
    ${loadServer ? `require(path.join(${JSON.stringify(DIST)}, 'server.js'));` : ''}
    const core = require(path.join(${JSON.stringify(DIST)}, 'core.js'));
    const { Highlighter } = core.modules['render/highlight'];
    const { brotliDecompressSync } = require('node:zlib');
    const table = JSON.parse(brotliDecompressSync(require('node:fs').readFileSync(path.join(${JSON.stringify(DIST)}, 'shiki-regex.json.br')))).expressions;
    const highlighter = new Highlighter(() => new Map(Object.entries(table)));
    // Shiki loads on a page of its own, which the 20 ms would not cover.
    highlighter.forPage().highlightHtml('const a = 1;', 'js');
    const page = highlighter.forPage(20);
    const start = performance.now();
    page.highlightHtml('a\\\\'.repeat(24) + ' { color: red }', 'css');
    const ms = performance.now() - start;
    console.log(JSON.stringify({ stopped: page.stoppedBlocks, ms, plugged: core.modules['hosts/web/shims/vm'].vmPlugged() }));`;
  const r = spawnSync(process.execPath, ['-e', program], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { stopped: number; ms: number; plugged: boolean };
}

test("dist/server.js stops a hostile block's highlighting within the page's budget", { timeout: 120_000 }, () => {
  const served = highlightSlowBlock(true);
  assert.ok(served.plugged, "the server plugs Node's vm into the core");
  assert.equal(served.stopped, 1, 'the watchdog stopped the block');
  assert.ok(served.ms < 1000, `stopped after ${Math.round(served.ms)} ms`);
  // The same core alone has no watchdog: the block runs to its end (and is then past the page's time).
  const alone = highlightSlowBlock(false);
  assert.equal(alone.plugged, false);
  assert.ok(alone.ms > 4 * served.ms, `${Math.round(alone.ms)} ms alone, ${Math.round(served.ms)} ms in the server`);
});

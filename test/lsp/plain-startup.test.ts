// Startup on a 1,000-page site with a plain LSP client (`docwright lsp --stdio` over a bare JSON-RPC
// connection) that answers null to every request of the server, workspace/configuration included, as
// minimal clients do: a page with broken links opened right after `initialized` gets
// them from its own check while the site's first check runs, exactly as that check gives them later.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { generateSite, makeTempDir, writeSite } from '../../bench/generate';
import { CHECK_STATUS_NOTIFICATION, type CheckStatusParams } from '../../server/src/lsp/protocol';
import { uri } from './lsp-client';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

type Event =
  | { kind: 'diagnostics'; uri: string; links: string[]; codes: string[]; ms: number }
  | { kind: 'status'; status: CheckStatusParams }
  | { kind: 'request'; method: string };

describe('a plain client on a 1,000-page site', () => {
  let dir: string;
  let pageFile: string;
  let text: string;
  before(() => {
    dir = makeTempDir();
    const site = generateSite(1000, 3);
    writeSite(site, dir);
    const rel = site.pageFiles.find((r) => r.startsWith('guides/') && r !== site.bigRel)!;
    const other = site.pageFiles.find((r) => r !== rel && r !== site.bigRel && r.endsWith('.mdx'))!.replace(/\.mdx$/, '');
    // Its only problems: a link to a page that does not exist, and one to a heading another page lacks (known once that page is read).
    pageFile = path.join(dir, rel);
    text = `---\ntitle: "Set up the webhooks"\ndescription: "Create a webhook and test it."\n---\n\n## Create a webhook\n\nSee [the missing page](/guides/no-such-page) and [the missing heading](/${other}#no-such-heading).\n`;
    writeFileSync(pageFile, text);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("publishes the open page's broken links before the first check's result, as that result gives them", { timeout: 600_000 }, async (t) => {
    const proc = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    const page = uri(pageFile);
    const events: Event[] = [];
    let opened = 0;
    let ended: () => void = () => undefined;
    const end = new Promise<void>((resolve) => (ended = resolve));
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const links = p.diagnostics.filter((d) => d.code === 'link-broken').map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`);
      events.push({ kind: 'diagnostics', uri: p.uri, links, codes: p.diagnostics.map((d) => String(d.code)), ms: performance.now() - opened });
    });
    connection.onNotification(CHECK_STATUS_NOTIFICATION, (status: CheckStatusParams) => {
      events.push({ kind: 'status', status });
      if (status.checking === 0) ended();
    });
    // Every request of the server (workspace/configuration, client/registerCapability) is answered null.
    connection.onRequest((method: string) => {
      events.push({ kind: 'request', method });
      return null;
    });
    connection.listen();
    try {
      await connection.sendRequest('initialize', {
        processId: process.pid,
        rootUri: uri(dir),
        capabilities: { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } },
      });
      await connection.sendNotification('initialized', {});
      opened = performance.now();
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: page, languageId: 'mdx', version: 1, text } });
      await end;
    } finally {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      await new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', () => resolve())));
      connection.dispose();
    }
    const requests = events.flatMap((e) => (e.kind === 'request' ? [e.method] : []));
    assert.ok(requests.includes('workspace/configuration'), `the server asked for its settings: ${requests.join(', ')}`);
    const ofPage = events.filter((e): e is Extract<Event, { kind: 'diagnostics' }> => e.kind === 'diagnostics' && e.uri === page);
    assert.ok(ofPage.length >= 2, JSON.stringify(ofPage));
    const final = ofPage.at(-1)!;
    assert.equal(final.links.length, 2, `the first check's result has both broken links: ${JSON.stringify(final)}`);
    // The first check's result: every page's findings (other pages have planted problems), after the last pages are parsed.
    const result = events.findIndex(
      (e) => (e.kind === 'diagnostics' && e.uri !== page) || (e.kind === 'status' && e.status.total > 0 && e.status.done === e.status.total),
    );
    const first = events.findIndex((e) => e.kind === 'diagnostics' && e.uri === page);
    const early = events.findIndex((e) => e.kind === 'diagnostics' && e.uri === page && e.links.length === final.links.length);
    const trace = JSON.stringify(events.slice(0, 12));
    assert.ok(result > 0, `the first check's result was published: ${trace}`);
    assert.ok(first >= 0 && first < result, `the page's diagnostics come before the first check's result: ${trace}`);
    assert.ok(early >= 0 && early < result, `its broken links come before the first check's result: ${trace}`);
    assert.deepEqual(
      (events[early] as Extract<Event, { kind: 'diagnostics' }>).links,
      final.links,
      'the early broken links are the ones the first check finds',
    );
    // Every publication of the page before the result gives findings of the result only.
    for (const e of ofPage.filter((_, k) => events.indexOf(ofPage[k]) < result))
      assert.ok(
        e.codes.every((c) => final.codes.includes(c)),
        JSON.stringify(e),
      );
    const endAt = events.findIndex((e) => e.kind === 'status' && e.status.checking === 0);
    const resultMs = (events.slice(result).find((e) => e.kind === 'diagnostics') as Extract<Event, { kind: 'diagnostics' }> | undefined)?.ms;
    t.diagnostic(
      `didOpen -> the page's first diagnostics ${Math.round(ofPage[0].ms)} ms, its broken links ${Math.round((events[early] as { ms: number }).ms)} ms; the first check's result after ${Math.round(resultMs ?? NaN)} ms (end reported at event ${endAt})`,
    );
  });
});

// Startup on a 1,000-page site with a plain LSP client (`docwright lsp --stdio` over a bare JSON-RPC
// connection) that answers null to every request of the server, workspace/configuration included, as
// minimal clients do: a page with broken links opened right after `initialized` gets them from its
// own check while the site's first check runs, exactly as that check gives them later; and when the
// client answers the settings request late, the schedule is the same (one site check, no parse of
// the whole site beside the first check).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { generateSite, makeTempDir, writeSite } from '../../bench/generate';
import { CHECK_STATUS_NOTIFICATION, type CheckStatusParams, IDLE_REQUEST, SITE_CHANGED_NOTIFICATION } from '../../server/src/hosts/lsp/protocol';
import { uri } from './lsp-client';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

type Diagnostics = { kind: 'diagnostics'; uri: string; links: string[]; codes: string[]; ms: number };
type Event = Diagnostics | { kind: 'status'; status: CheckStatusParams } | { kind: 'request'; method: string } | { kind: 'siteChanged' };

/**
 * Starts the server on `dir`, opens `file` with `text` right after `initialized` and records what
 * the server sends until its first check has ended and it is idle. Every request is answered null;
 * with `late`, workspace/configuration only once the page's first diagnostics have come.
 */
async function session(dir: string, file: string, text: string, late = false): Promise<Event[]> {
  const proc = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const page = uri(file);
  const events: Event[] = [];
  let opened = 0;
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  let diagnosed: () => void = () => undefined;
  const pageDiagnosed = new Promise<void>((resolve) => (diagnosed = resolve));
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    const links = p.diagnostics.filter((d) => d.code === 'link-broken').map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`);
    events.push({ kind: 'diagnostics', uri: p.uri, links, codes: p.diagnostics.map((d) => String(d.code)), ms: performance.now() - opened });
    if (p.uri === page) diagnosed();
  });
  connection.onNotification(CHECK_STATUS_NOTIFICATION, (status: CheckStatusParams) => {
    events.push({ kind: 'status', status });
    if (status.checking === 0) ended();
  });
  connection.onNotification(SITE_CHANGED_NOTIFICATION, () => {
    events.push({ kind: 'siteChanged' });
  });
  connection.onRequest(async (method: string) => {
    events.push({ kind: 'request', method });
    if (late && method === 'workspace/configuration') await pageDiagnosed;
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
    await connection.sendRequest(IDLE_REQUEST);
  } finally {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    await new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', () => resolve())));
    connection.dispose();
  }
  return events;
}

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

  /** The page's publications, the first check's result (its first publication of another page, or the status once every page is parsed) and its broken links there. */
  function read(events: Event[]) {
    const page = uri(pageFile);
    const ofPage = events.filter((e): e is Diagnostics => e.kind === 'diagnostics' && e.uri === page);
    const result = events.findIndex(
      (e) => (e.kind === 'diagnostics' && e.uri !== page) || (e.kind === 'status' && e.status.total > 0 && e.status.done === e.status.total),
    );
    return { ofPage, result, final: ofPage.at(-1), trace: JSON.stringify(events.slice(0, 12)) };
  }

  it("publishes the open page's broken links before the first check's result, as that result gives them", { timeout: 600_000 }, async (t) => {
    const events = await session(dir, pageFile, text);
    const { ofPage, result, final, trace } = read(events);
    const requests = events.flatMap((e) => (e.kind === 'request' ? [e.method] : []));
    assert.ok(requests.includes('workspace/configuration'), `the server asked for its settings: ${requests.join(', ')}`);
    assert.ok(final && ofPage.length >= 2, JSON.stringify(ofPage));
    assert.equal(final.links.length, 2, `the first check's result has both broken links: ${JSON.stringify(final)}`);
    const first = events.indexOf(ofPage[0]);
    const early = events.findIndex((e) => e.kind === 'diagnostics' && e.uri === final.uri && e.links.length === final.links.length);
    assert.ok(result > 0, `the first check's result was published: ${trace}`);
    assert.ok(first < result, `the page's diagnostics come before the first check's result: ${trace}`);
    assert.ok(early >= 0 && early < result, `its broken links come before the first check's result: ${trace}`);
    assert.deepEqual((events[early] as Diagnostics).links, final.links, 'the early broken links are the ones the first check finds');
    // Every publication of the page before the result gives findings of the result only.
    for (const e of ofPage)
      if (events.indexOf(e) < result)
        assert.ok(
          e.codes.every((c) => final.codes.includes(c)),
          JSON.stringify(e),
        );
    const resultMs = (events.slice(result).find((e) => e.kind === 'diagnostics') as Diagnostics | undefined)?.ms;
    t.diagnostic(
      `didOpen -> the page's first diagnostics ${Math.round(ofPage[0].ms)} ms, its broken links ${Math.round((events[early] as Diagnostics).ms)} ms; the first check's result ${Math.round(resultMs ?? NaN)} ms`,
    );
  });

  it('keeps the same schedule when the client answers the settings request only after the page is diagnosed', { timeout: 600_000 }, async () => {
    const events = await session(dir, pageFile, text, true);
    const { ofPage, result, final, trace } = read(events);
    assert.ok(final && final.links.length === 2, JSON.stringify(ofPage));
    assert.ok(events.indexOf(ofPage[0]) < result, `the page's diagnostics come before the first check's result: ${trace}`);
    // The page's own full check waits for the first check (whose result it is) instead of parsing the whole site beside it.
    assert.equal(events.filter((e) => e.kind === 'siteChanged').length, 1, `one site check: ${JSON.stringify(events.filter((e) => e.kind !== 'status'))}`);
    assert.ok(
      ofPage.every((e) => events.indexOf(e) < result || e === final),
      `after the result the page is published once: ${JSON.stringify(ofPage)}`,
    );
  });
});

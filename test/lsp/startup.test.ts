// Startup on a large site: an open page's own findings are published while the site's first check
// runs (before its end is announced), none that the whole site's check does not give, and the
// server's check status says "checking" until the whole site's findings are out.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { generateSite, makeTempDir, writeSite } from '../../bench/generate';
import { CHECK_STATUS_NOTIFICATION, type CheckStatusParams, SITE_CHANGED_NOTIFICATION } from '../../server/src/hosts/lsp/protocol';
import { TestClient, uri } from './lsp-client';

type Event = { kind: 'diagnostics'; uri: string; codes: string[] } | { kind: 'status'; status: CheckStatusParams } | { kind: 'siteChanged' };

describe('startup on a 1,000-page site', () => {
  let dir: string;
  let pageFile: string;
  let text: string;
  let pages: string[];
  before(() => {
    dir = makeTempDir();
    const site = generateSite(1000, 3);
    writeSite(site, dir);
    // One page with an error of its own (a code block without a language) and a link to a page that does not exist.
    const rel = site.pageFiles.find((r) => r.startsWith('guides/') && r !== site.bigRel)!;
    pageFile = path.join(dir, rel);
    text = readFileSync(pageFile, 'utf8') + '\n```\nnpm install example-sdk\n```\n\nSee [the missing page](/guides/no-such-page).\n';
    writeFileSync(pageFile, text);
    pages = site.pageFiles.filter((r) => r !== rel).map((r) => path.join(dir, r));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("publishes the open page's own findings before the first check ends, and says checking until then", async () => {
    const client = new TestClient();
    const events: Event[] = [];
    let ended: () => void = () => undefined;
    let reported = false;
    const end = new Promise<void>((resolve) => (ended = resolve));
    client.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      events.push({ kind: 'diagnostics', uri: p.uri, codes: p.diagnostics.map((d) => String(d.code)) });
    });
    client.connection.onNotification(CHECK_STATUS_NOTIFICATION, (status: CheckStatusParams) => {
      events.push({ kind: 'status', status });
      // Once the first check runs, as a checkout or a bulk copy just before the server started reports them: every page, texts unchanged.
      if (status.total > 0 && !reported) {
        reported = true;
        client.watched(pages.map((p) => ({ path: p, type: 'created' as const })));
      }
      if (status.checking === 0) ended();
    });
    // The site's check has ended at the latest when the site is announced as changed.
    client.connection.onNotification(SITE_CHANGED_NOTIFICATION, () => {
      events.push({ kind: 'siteChanged' });
      ended();
    });
    try {
      await client.initialize(dir);
      // As VS Code's client does once it has started (its configuration section), with no setting changed.
      void client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      client.open(pageFile, text, 'mdx');
      await end;
      await client.idle();
      assert.equal(events.filter((e) => e.kind === 'siteChanged').length, 1, 'one site check: events for the texts it read re-check nothing');
      const page = uri(pageFile);
      const endAt = events.findIndex((e) => (e.kind === 'status' && e.status.checking === 0) || e.kind === 'siteChanged');
      const firstOfPage = events.findIndex((e) => e.kind === 'diagnostics' && e.uri === page);
      const firstOfOthers = events.findIndex((e) => e.kind === 'diagnostics' && e.uri !== page);
      const trace = JSON.stringify(events.slice(0, 6));
      assert.ok(firstOfPage >= 0 && firstOfPage < endAt, `the open page's diagnostics come before the first check's end: ${trace}`);
      assert.ok(firstOfOthers === -1 || firstOfPage < firstOfOthers, `the open page's diagnostics come before the whole site's: ${trace}`);
      const early = events[firstOfPage] as Extract<Event, { kind: 'diagnostics' }>;
      assert.ok(early.codes.includes('code-language'), `its own error is in the early diagnostics: ${early.codes.join(', ')}`);
      // Until the end, every status says checking, with the pages done so far of the site's.
      const statuses = events.slice(0, endAt).flatMap((e) => (e.kind === 'status' ? [e.status] : []));
      assert.deepEqual(events[endAt], { kind: 'status', status: { checking: 0, done: 0, total: 0 } }, 'the end of the first check is announced');
      assert.ok(statuses.length > 0 && statuses.every((s) => s.checking === 1 && s.done <= s.total), JSON.stringify(statuses));
      assert.ok(
        statuses.some((s) => s.total >= 1000),
        JSON.stringify(statuses.slice(-3)),
      );
      // The whole site's findings, published before the end is announced, include the broken link.
      const final = events.slice(firstOfPage + 1, endAt).filter((e) => e.kind === 'diagnostics' && e.uri === page) as Extract<Event, { kind: 'diagnostics' }>[];
      assert.ok(final.length > 0 && final.at(-1)!.codes.includes('link-broken') && final.at(-1)!.codes.includes('code-language'), JSON.stringify(final));
      // Nothing early that the whole site's check does not give (no finding an index of the page alone would get wrong).
      const all = final.at(-1)!.codes;
      assert.ok(
        early.codes.every((c) => all.filter((x) => x === c).length >= early.codes.filter((x) => x === c).length),
        `${early.codes.join(', ')} within ${all.join(', ')}`,
      );
    } finally {
      await client.stop();
    }
  });
});

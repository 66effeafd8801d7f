// Startup on a 1,000-page site in the real editor: the server starts (restarted, as when a window
// opens) with a page of that site open; the page's own diagnostics arrive while the first check
// runs, and the status bar says "checking" until that check's result is in, never a count before.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocwrightApi } from '../../client/src/extension';
import { generateSite } from '../../bench/generate';
import { activateExtension, diagnosticCode, waitForDiagnostics, workspaceRoot } from './util';

type Event = { kind: 'status'; text: string } | { kind: 'diagnostics'; codes: string[] };

/** The language server's resident memory now and at its peak: the extension host's child running dist/server.js (Linux /proc). */
function serverMemory(): string {
  // `PPid:\t123`, `VmRSS:\t  456 kB`
  const field = (status: string, key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  for (const pid of existsSync('/proc') ? readdirSync('/proc').filter((d) => /^\d+$/.test(d)) : []) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (field(status, 'PPid') !== process.pid || !/dist[\\/]server\.js/.test(cmdline)) continue;
      return `server memory ${Math.round(field(status, 'VmRSS') / 1024)} MB resident, ${Math.round(field(status, 'VmHWM') / 1024)} MB at its peak`;
    } catch {
      // A process that ended while listed.
    }
  }
  return 'server memory not measured (no /proc, or no server process found)';
}

suite('startup', () => {
  let dir: string | undefined;
  suiteTeardown(() => dir && rmSync(dir, { recursive: true, force: true }));

  test("a page's own diagnostics arrive during the first check of a 1,000-page site; the status bar never counts before it ends", async function () {
    this.timeout(300_000);
    const api = (await activateExtension()).exports as DocwrightApi;
    dir = path.join(workspaceRoot().fsPath, 'startup-site');
    const site = generateSite(1000, 3);
    const rel = site.pageFiles.find((r) => r.startsWith('guides/') && r !== site.bigRel)!;
    // Its own error (a code block without a language), and a link to a heading another page lacks (known only once every page is read).
    const other = site.pageFiles.find((r) => r !== rel && r.endsWith('.mdx'))!.replace(/\.mdx$/, '');
    site.files.set(rel, site.files.get(rel)! + `\n\`\`\`\nnpm install example-sdk\n\`\`\`\n\nSee [the missing heading](/${other}#no-such-heading).\n`);
    for (const [file, text] of [...site.files].sort(([a], [b]) => Number(a === 'docs.json') - Number(b === 'docs.json'))) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const page = vscode.Uri.file(path.join(dir, rel));
    const t0 = Date.now();
    const note = (what: string) => console.log(`    startup: ${what} (+${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(page));
    assert.equal(vscode.window.activeTextEditor?.document.getText(), readFileSync(page.fsPath, 'utf8'));

    // From the restart on: what the status bar shows and the page's diagnostics, in order.
    const events: Event[] = [];
    const subs = [
      api.onStatus((s) => events.push({ kind: 'status', text: s.text })),
      vscode.languages.onDidChangeDiagnostics((e) => {
        if (!e.uris.some((u) => u.toString() === page.toString())) return;
        const codes = vscode.languages.getDiagnostics(page).map((d) => diagnosticCode(d) ?? '');
        if (codes.includes('code-language') && !events.some((x) => x.kind === 'diagnostics' && x.codes.includes('code-language')))
          note(`the page's own diagnostics arrived; status: ${api.status().text}`);
        events.push({ kind: 'diagnostics', codes });
      }),
    ];
    try {
      note('site written, page open; restarting the server');
      await vscode.commands.executeCommand('docwright.restartServer');
      note('server restarted');
      // The whole site's findings for the page (the missing heading needs every page read).
      await waitForDiagnostics(page, (d) => d.some((x) => diagnosticCode(x) === 'link-broken'), 240_000, 'the first check of the site');
      note(`the site's findings for the page arrived; status: ${api.status().text}`);
      const ended = () => !/checking/.test(api.status().text);
      if (!ended()) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            sub.dispose();
            reject(
              new Error(
                `the status bar still says "${api.status().text}" 120 s after the site's findings: ${JSON.stringify(events.filter((e) => e.kind === 'status').slice(-8))}`,
              ),
            );
          }, 120_000);
          const sub = api.onStatus(() => {
            if (!ended()) return;
            clearTimeout(timer);
            sub.dispose();
            resolve();
          });
        });
      }
    } finally {
      for (const s of subs) s.dispose();
    }
    const trace = JSON.stringify(events.slice(0, 12));
    const full = events.findIndex((e) => e.kind === 'diagnostics' && e.codes.includes('link-broken'));
    const early = events.findIndex((e) => e.kind === 'diagnostics' && e.codes.includes('code-language'));
    assert.ok(early >= 0 && early < full, `the page's own diagnostics arrive before the whole site's: ${trace}`);
    assert.ok(!(events[early] as Extract<Event, { kind: 'diagnostics' }>).codes.includes('link-broken'), trace);
    const firstEnd = events.findIndex((e) => e.kind === 'status' && !/checking/.test(e.text));
    assert.ok(firstEnd > early, `the page's own diagnostics arrive while the status bar says checking: ${trace}`);
    const before = events.slice(0, firstEnd).filter((e) => e.kind === 'status');
    assert.ok(
      before.length > 0 && before.every((e) => e.kind === 'status' && /\$\(sync~spin\) checking/.test(e.text)),
      `the status bar says checking until the first check ends: ${trace}`,
    );
  });

  // On a real site copied in with run.mjs --site: DOCWRIGHT_E2E_OPEN_PAGE names a page of it; the timings and the server's memory are printed (30 min: a 25,000-page site).
  test('on the workspace site: the open page diagnosed, then the first check ended (timings printed)', async function () {
    const rel = process.env.DOCWRIGHT_E2E_OPEN_PAGE;
    if (!rel) return this.skip();
    this.timeout(1_800_000);
    const api = (await activateExtension()).exports as DocwrightApi;
    const page = vscode.Uri.joinPath(workspaceRoot(), rel);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(page));
    const t0 = Date.now();
    let restarted = false;
    let diagnosed: number | undefined;
    // The new server's first diagnostics of the page (the old server's are cleared as it stops).
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (restarted && diagnosed === undefined && e.uris.some((u) => u.toString() === page.toString()) && vscode.languages.getDiagnostics(page).length > 0)
        diagnosed = Date.now() - t0;
    });
    const statuses: string[] = [];
    const ended = new Promise<number>((resolve) => {
      const s = api.onStatus((st) => {
        statuses.push(st.text);
        if (!/checking/.test(st.text)) {
          s.dispose();
          resolve(Date.now() - t0);
        }
      });
    });
    try {
      await vscode.commands.executeCommand('docwright.restartServer');
      restarted = true;
      const started = Date.now() - t0;
      const end = await ended;
      console.log(
        `    real site: server restarted after ${started} ms; ${rel} diagnosed after ${diagnosed ?? '-'} ms; first check ended after ${end} ms; status then: ${api.status().text}; ${serverMemory()}`,
      );
      assert.ok(
        statuses.slice(0, -1).every((t) => /checking/.test(t)),
        statuses.join(' | '),
      );
    } finally {
      sub.dispose();
    }
  });
});

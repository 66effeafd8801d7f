// `docwright dev` on a 1,000-page site keeps its problems with the language server's check session:
// a page asked for while the site's first check runs gets its own problems at once (its broken links,
// read from the few pages they name), before that check ends, and they are the ones the first check
// then gives; a page edited on disk afterwards is checked again alone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateSite, makeTempDir, writeSite } from '../../bench/generate';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

interface Problem {
  ruleId: string;
  line: number;
  message: string;
}

function get(port: number, p: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: p, headers: { Host: `localhost:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

describe('docwright dev during the first check of a 1,000-page site', () => {
  let dir: string;
  let id: string;
  let pageFile: string;
  let proc: ChildProcess;
  let out = '';
  let port = 0;
  const printed = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const look = () => re.test(out) && (proc.stdout!.off('data', look), resolve());
      proc.stdout!.on('data', look);
      proc.once('exit', (code) => reject(new Error(`docwright dev exited (${code}) before printing ${re}: ${out}`)));
      look();
    });

  before(async () => {
    dir = makeTempDir();
    const site = generateSite(1000, 3);
    writeSite(site, dir);
    const rel = site.pageFiles.find((r) => r.startsWith('guides/') && r !== site.bigRel && r.endsWith('.mdx'))!;
    const other = site.pageFiles.find((r) => r !== rel && r !== site.bigRel && r.endsWith('.mdx'))!.replace(/\.mdx$/, '');
    id = rel.replace(/\.mdx$/, '');
    pageFile = path.join(dir, rel);
    // Its only problems: a link to a page that does not exist, and one to a heading another page lacks (known once that page is read).
    writeFileSync(
      pageFile,
      `---\ntitle: "Set up the webhooks"\ndescription: "Create a webhook and test it."\n---\n\n## Create a webhook\n\nSee [the missing page](/guides/no-such-page) and [the missing heading](/${other}#no-such-heading).\n`,
    );
    proc = spawn(process.execPath, [BIN, 'dev', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await printed(/Serving .* at http:\/\/localhost:\d+\//);
    port = Number(/at http:\/\/localhost:(\d+)\//.exec(out)![1]);
  });

  after(async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      await once(proc, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the page's problems before the first check ends, as that check gives them; an edit is checked again", { timeout: 600_000 }, async (t) => {
    const checked = printed(/Checked \d+ pages:/);
    let ended = false;
    void checked.then(() => (ended = true));
    // Serving a page starts the site's first check.
    await get(port, `/${id}`);
    const t0 = performance.now();
    const early = JSON.parse(await get(port, `/__docwright/problems?page=${encodeURIComponent(id)}`)) as Problem[];
    const ms = performance.now() - t0;
    assert.equal(ended, false, `the first check had ended before the page's problems were answered: ${out}`);
    const links = (list: Problem[]) =>
      list
        .filter((p) => p.ruleId === 'link-broken')
        .map((p) => `${p.line} ${p.message}`)
        .sort();
    assert.equal(links(early).length, 2, JSON.stringify(early));
    await checked;
    const full = JSON.parse(await get(port, `/__docwright/problems?page=${encodeURIComponent(id)}`)) as Problem[];
    assert.deepEqual(links(early), links(full), 'the early broken links are the ones the first check finds');
    for (const p of early)
      assert.ok(
        full.some((f) => f.ruleId === p.ruleId && f.line === p.line && f.message === p.message),
        JSON.stringify(p),
      );
    t.diagnostic(`problems of a page during the first check answered in ${Math.round(ms)} ms`);

    // Fixed on disk while a tab shows the page: the page alone is checked again and its problems go.
    const tab = request({ host: '127.0.0.1', port, path: `/__docwright/events?page=${encodeURIComponent(id)}`, headers: { Host: `localhost:${port}` } });
    tab.on('error', () => undefined);
    tab.end();
    await printed(new RegExp(`${id.replace(/[/]/g, '\\/')}\\.mdx: 2 problems`));
    writeFileSync(pageFile, `---\ntitle: "Set up the webhooks"\ndescription: "Create a webhook and test it."\n---\n\n## Create a webhook\n\nNothing to see.\n`);
    await printed(new RegExp(`${id.replace(/[/]/g, '\\/')}\\.mdx: no problems`));
    assert.deepEqual(JSON.parse(await get(port, `/__docwright/problems?page=${encodeURIComponent(id)}`)), []);
    tab.destroy();
  });
});

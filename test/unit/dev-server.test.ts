// `docwright dev` over real HTTP (the built CLI as a child process, on 127.0.0.1, a free port): it
// answers only its own host names (a DNS-rebinding name gets 403), only its own pages among
// browsers' requests (Sec-Fetch-Site, Origin), gives its search index as JSON to its own pages
// only (no script another site could include), serves the site's HTML files as the export writes
// them (UTF-8 only, with the export's policy in a header too), answers other requests while a page
// renders, and exits on SIGTERM.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { crossSiteRequest, isOwnHost } from '../../server/src/hosts/dev/dev';
import { SITE_HTML_CSP } from '../../server/src/export/document';
import { EXAMPLE_SITE } from '../helpers';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

/** The example site's introduction page made slow: three components that take 0.6 s each (a call blocks the thread it runs on). */
function slowIntroduction(dir: string, more = ''): void {
  mkdirSync(path.join(dir, 'snippets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'snippets/slow.jsx'),
    // Each says when it ran, on the clock the test reads too.
    'export const Slow = ({ n }) => { const start = Date.now(); while (Date.now() < start + 600) {} return <p>slow part {n} ran from {start} to {Date.now()}</p>; };\n',
  );
  const intro = path.join(dir, 'introduction.mdx');
  const [, fm, body] = readFileSync(intro, 'utf8').split(/^---\n/m);
  writeFileSync(intro, `---\n${fm}---\nimport { Slow } from '/snippets/slow.jsx';\n\n<Slow n="1" />\n\n<Slow n="2" />\n\n<Slow n="3" />\n\n${more}${body}`);
}

interface Dev {
  proc: ChildProcess;
  origin: string;
  port: number;
  output(): string;
  /** Resolves once stdout has a match of `re` after what it held when asked. */
  line(re: RegExp, from?: number): Promise<void>;
}

/** `docwright dev` as a child process: resolves once it prints the address it serves. */
async function startDev(dir: string, args: string[] = []): Promise<Dev> {
  const proc = spawn(process.execPath, [BIN, 'dev', dir, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const line = (re: RegExp, from = out.length) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (!re.test(out.slice(from))) return;
        proc.stdout!.off('data', look);
        resolve();
      };
      proc.stdout!.on('data', look);
      proc.once('exit', (code) => reject(new Error(`docwright dev exited (${code}) before printing ${re}: ${out}`)));
      look();
    });
  await line(/Serving .* at http:\/\/localhost:\d+\//, 0);
  const port = Number(/at http:\/\/localhost:(\d+)\//.exec(out)![1]);
  return { proc, origin: `http://127.0.0.1:${port}`, port, output: () => out, line };
}

async function stopDev(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
  proc.kill('SIGTERM');
  const [code] = (await once(proc, 'exit')) as [number | null];
  return code;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with exactly these headers (Host included), the path as given. */
function get(origin: string, rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: rawPath, headers: { Host: `localhost:${u.port}`, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a browser sends with a request from a page of another site (Chromium's Fetch Metadata). */
const FROM_ELSEWHERE = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script' };

describe('the host names and requests dev answers', () => {
  it('takes exactly localhost, 127.0.0.1, [::1] and the --host given, with its port', () => {
    for (const h of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) assert.ok(isOwnHost(h, '127.0.0.1', 3000), h);
    for (const h of [
      '127.attacker.example:3000',
      '127.0.0.1.attacker.example:3000',
      'localhost.attacker.example:3000',
      'attacker.example:3000',
      '127.0.0.2:3000',
      '0.0.0.0:3000',
      'localhost:3001',
      'localhost',
      'localhost:3000:3000',
      '',
      undefined,
    ])
      assert.ok(!isOwnHost(h, '127.0.0.1', 3000), String(h));
    assert.ok(isOwnHost('localhost', '127.0.0.1', 80), 'no port: 80');
    assert.ok(isOwnHost('docs.test:8080', 'docs.test', 8080));
    assert.ok(isOwnHost('[fd00::1]:8080', 'fd00::1', 8080));
    assert.ok(!isOwnHost('docs.test:8080', '127.0.0.1', 8080));
    // Every interface: the machine's own addresses (loopback among them), never a name.
    assert.ok(isOwnHost('127.0.0.1:8080', '0.0.0.0', 8080));
    assert.ok(!isOwnHost('rebound.example:8080', '0.0.0.0', 8080));
  });

  it("answers browsers' requests from its own pages or the reader, and curl; never another site's page", () => {
    const host = 'localhost:3000';
    for (const h of [{}, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { origin: 'http://localhost:3000' }])
      assert.equal(crossSiteRequest({ host, ...h }), undefined);
    for (const h of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'http://localhost:8080' }, { origin: 'null' }])
      assert.match(crossSiteRequest({ host, ...h }) ?? '', /another/, JSON.stringify(h));
  });
});

describe('docwright dev over HTTP', () => {
  let dir: string;
  let dev: Awaited<ReturnType<typeof startDev>>;
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dw-dev-server-'));
    cpSync(EXAMPLE_SITE, dir, { recursive: true });
    mkdirSync(path.join(dir, 'files'));
    // Linked from a page: served as the export copies them.
    writeFileSync(path.join(dir, 'files/jis.html'), '<!DOCTYPE html \x1b$B>\x1b(B<meta charset="iso-2022-jp"><script>alert(1)</script>');
    writeFileSync(path.join(dir, 'files/good.html'), '<!DOCTYPE html><p>Grüße</p><script>alert(1)</script>');
    slowIntroduction(dir, '[jis](/files/jis.html) [good](/files/good.html)\n');
    dev = await startDev(dir);
  });
  after(async () => {
    if (dev) await stopDev(dev.proc);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a rebinding host name gets 403 on every address; its own names are answered', async () => {
    for (const host of [`127.attacker.example:${dev.port}`, `attacker.example:${dev.port}`, `localhost:${dev.port + 1}`])
      for (const p of [
        '/',
        '/quickstart.html',
        '/favicon.svg',
        '/__docwright/problems?page=quickstart',
        '/__docwright/search-index.json',
        '/__docwright/events',
      ]) {
        const r = await get(dev.origin, p, { Host: host });
        assert.equal(r.status, 403, `${host} ${p}`);
        assert.doesNotMatch(r.body, /Quickstart|<svg|"title"|"fields"/, `${host} ${p}`);
      }
    for (const host of [`localhost:${dev.port}`, `127.0.0.1:${dev.port}`])
      assert.equal((await get(dev.origin, '/favicon.svg', { Host: host })).status, 200, host);
  });

  it('the search index is JSON for its own pages only: no script, nothing for another site', async () => {
    const own = await get(dev.origin, '/__docwright/search-index.json', {
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'cors',
      'Sec-Fetch-Dest': 'empty',
    });
    assert.equal(own.status, 200);
    assert.match(String(own.headers['content-type']), /^application\/json/);
    assert.equal(own.headers['cross-origin-resource-policy'], 'same-origin');
    const data = JSON.parse(own.body) as { fields: string[]; index: unknown };
    assert.deepEqual(data.fields, ['title', 'headings', 'description', 'text']);
    assert.match(own.body, /"webhooks?"/);
    // The export's script form, which assigns the index to a global, is not served.
    const script = await get(dev.origin, '/_docwright/search-index.js');
    assert.equal(script.status, 404);
    assert.doesNotMatch(script.body, /DOCWRIGHT_SEARCH|webhook/);
    // Included or fetched by another site's page (another port of this machine is another origin too).
    for (const headers of [
      FROM_ELSEWHERE as Record<string, string>,
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', Origin: 'http://localhost:8080' },
      { Origin: 'http://attacker.example' },
    ]) {
      const r = await get(dev.origin, '/__docwright/search-index.json', headers);
      assert.equal(r.status, 403, JSON.stringify(headers));
      assert.doesNotMatch(r.body, /webhook/);
    }
    // The dev page tells its search where the index is.
    const page = await get(dev.origin, '/quickstart.html');
    assert.match(page.body, /<script nonce="[^"]+" src="[^"]*_docwright\/search\.js" data-index="\/__docwright\/search-index\.json">/);
  });

  it("every address refuses another site's page, and answers the reader and curl", async () => {
    for (const p of [
      '/quickstart.html',
      '/quickstart.md',
      '/favicon.svg',
      '/_docwright/docwright.js',
      '/__docwright/dev.js',
      '/__docwright/problems?page=quickstart',
      '/nowhere',
    ])
      assert.equal((await get(dev.origin, p, FROM_ELSEWHERE)).status, 403, p);
    assert.equal(
      (await get(dev.origin, '/quickstart.html', { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' })).status,
      200,
    );
    assert.equal((await get(dev.origin, '/quickstart.html')).status, 200);
  });

  it("serves the site's HTML files as the export writes them: UTF-8 (said twice) and the policy first; other encodings refused", async () => {
    const good = await get(dev.origin, '/files/good.html');
    assert.equal(good.status, 200);
    assert.equal(good.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(good.headers['content-security-policy'], `${SITE_HTML_CSP}; frame-ancestors 'self'`);
    assert.ok(good.body.startsWith(`\uFEFF<!DOCTYPE html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${SITE_HTML_CSP}">`));
    const jis = await get(dev.origin, '/files/jis.html');
    assert.equal(jis.status, 403);
    assert.match(jis.body, /files\/jis\.html is HTML with control characters, or text in another encoding than UTF-8: it is not copied/);
  });

  it('answers other requests while a page renders', async () => {
    // The page changed: it is rendered again when asked for (its components take 1.8 s).
    const intro = path.join(dir, 'introduction.mdx');
    await dev.line(/Watching files/, 0);
    const changed = dev.line(/Changed .*introduction\.mdx/);
    writeFileSync(intro, readFileSync(intro, 'utf8').replace('<Slow n="3" />', '<Slow n="3" />\n\nEdited.'));
    await changed;
    // The page is asked for; meanwhile another file, again each time one is answered, until the page comes.
    let rendered = false;
    const page = get(dev.origin, '/introduction.html').finally(() => (rendered = true));
    const others: { sent: number; answered: number }[] = [];
    while (!rendered) {
      const sent = Date.now();
      assert.equal((await get(dev.origin, '/favicon.svg')).status, 200);
      others.push({ sent, answered: Date.now() });
    }
    const p = await page;
    assert.equal(p.status, 200);
    const times = [...p.body.matchAll(/slow part \d ran from (\d+) to (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    assert.equal(times.length, 3);
    const [start, end] = [Math.min(...times.map((t) => t[0])), Math.max(...times.map((t) => t[1]))];
    // Asked for after the components began and answered before they ended.
    const during = others.filter((o) => o.sent > start && o.answered < end);
    assert.ok(during.length > 0, `no request answered while the page rendered (${start} to ${end}): ${JSON.stringify(others.slice(-5))}`);
  });
});

describe('docwright dev stops on SIGTERM', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dw-dev-stop-'));
    cpSync(EXAMPLE_SITE, dir, { recursive: true });
    slowIntroduction(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // A server that does not stop fails here, not by hanging the run.
  it('right after it starts serving', { timeout: 60_000 }, async () => {
    const dev = await startDev(dir);
    assert.equal(await stopDev(dev.proc), 0, dev.output());
  });

  it('after serving a page, its tab still connected', { timeout: 60_000 }, async () => {
    const dev = await startDev(dir);
    assert.equal((await get(dev.origin, '/quickstart.html')).status, 200);
    // An open tab's event stream: the server ends it as it stops.
    const u = new URL(dev.origin);
    const events = request({ host: u.hostname, port: u.port, path: '/__docwright/events?page=quickstart', headers: { Host: `localhost:${u.port}` } });
    events.end();
    const [res] = (await once(events, 'response')) as [import('node:http').IncomingMessage];
    await once(res, 'data');
    const ended = once(res, 'close');
    assert.equal(await stopDev(dev.proc), 0, dev.output());
    await ended;
  });

  it('while a page renders', { timeout: 60_000 }, async () => {
    const dev = await startDev(dir);
    const u = new URL(dev.origin);
    const page = request({ host: u.hostname, port: u.port, path: '/introduction.html', headers: { Host: `localhost:${u.port}` } });
    // The request cut short by the stop is no failure of the test.
    page.on('error', () => undefined);
    page.end();
    await once(page, 'finish');
    assert.equal(await stopDev(dev.proc), 0, dev.output());
  });
});

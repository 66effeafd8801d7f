// `docwright check --external`: the external URLs a site names (core, features/external-links.ts) and
// their check over HTTP (node/external-links.ts) against a server the test starts on 127.0.0.1:
// statuses, HEAD refused, redirects, 429 with Retry-After, timeouts, names that do not resolve, the
// cache and its expiry, the ignore list, private addresses, and what requests carry.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyEdits, siteFrom, writeSiteToDisk } from '../helpers';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import {
  ExternalLinkChecker,
  isPrivateAddress,
  linksCacheFile,
  retryAfterMs,
  siteExternalLinkFindings,
  type LinkCheckOptions,
} from '../../server/src/node/external-links';
import { EXTERNAL_LINK_RULES, configExternalLinks, pageExternalLinks, requestUrl } from '../../server/src/features/external-links';
import { parsePage } from '../../server/src/pages/parse';
import { readExternalLinksConfig } from '../../server/src/site/project-config';
import type { SiteFiles } from '../../server/src/rules/types';

interface Hit {
  method: string;
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
}

let server: http.Server;
let base = '';
const hits: Hit[] = [];
let inFlight = 0;
let maxInFlight = 0;
const busy = new Map<string, number>();

const hitsOf = (p: string) => hits.filter((h) => h.path === p);

before(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push({ method: req.method ?? '', path: url.pathname, at: performance.now(), headers: req.headers });
    const send = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : 'body');
    };
    switch (url.pathname) {
      case '/ok':
        return send(200);
      case '/missing':
        return send(404);
      case '/error':
        return send(500);
      case '/head-refused':
        return send(req.method === 'HEAD' ? 405 : 200);
      case '/moved':
        return send(301, { location: '/moved-again' });
      case '/moved-again':
        return send(308, { location: `${base}/ok` });
      case '/temporary':
        return send(302, { location: '/ok' });
      case '/moved-to-missing':
        return send(301, { location: '/missing' });
      case '/loop':
        return send(301, { location: '/loop' });
      case '/busy': {
        // The first request of each query is refused for a second; the next one answers.
        const n = (busy.get(url.search) ?? 0) + 1;
        busy.set(url.search, n);
        return n === 1 ? send(429, { 'retry-after': '1' }) : send(200);
      }
      case '/unavailable':
        return send(503, { 'retry-after': '0' });
      case '/hang':
        return; // never answered
      case '/held': {
        // Answered after a moment, to see how many requests one host gets at once.
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        setTimeout(() => {
          inFlight--;
          send(200);
        }, 40);
        return;
      }
      default:
        return send(404);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'docwright-links-'));
  dirs.push(d);
  return d;
}

/** A checker allowed to reach the test's server, with no spacing between requests unless asked. */
function checker(options: Partial<LinkCheckOptions> = {}, cacheDir?: string): ExternalLinkChecker {
  const cache = cacheDir ? { file: linksCacheFile(cacheDir), base: cacheDir } : undefined;
  return new ExternalLinkChecker({ allowPrivate: true, hostIntervalMs: 0, backoffMs: 10, timeoutMs: 2_000, ...options }, cache);
}

const FM = (title: string) => `---\ntitle: "${title}"\ndescription: "The ${title.toLowerCase()} page of the external link tests."\n---\n\n`;

function site(pages: Record<string, string>, extra: SiteFiles = {}, config: Record<string, unknown> = {}): SiteFiles {
  const files: SiteFiles = {
    'docs.json': JSON.stringify(
      {
        $schema: 'https://mintlify.com/docs.json',
        name: 'Acme',
        theme: 'mint',
        colors: { primary: '#0D6E4F' },
        navigation: { pages: Object.keys(pages) },
        ...config,
      },
      null,
      2,
    ),
    ...extra,
  };
  for (const [id, body] of Object.entries(pages)) files[`${id}.mdx`] = FM(id) + body;
  return files;
}

/** The site's findings with `--external`, through `c`; and the texts of its files. */
async function externalFindings(files: SiteFiles, c: ExternalLinkChecker) {
  const { site: s } = await siteFrom(files);
  const texts = new Map(Object.entries(files).filter(([rel]) => rel.endsWith('.mdx')));
  return siteExternalLinkFindings(s, texts, c);
}

describe('external URLs of a site (core)', () => {
  it('requests URLs without fragment, user or password; leaves out placeholders, templates and other schemes', () => {
    assert.equal(requestUrl('https://user:secret@Docs.Acme.dev/a#part'), 'https://docs.acme.dev/a');
    assert.equal(requestUrl('http://acme.dev'), 'http://acme.dev/');
    for (const skipped of [
      'https://example.com/x',
      'https://api.example.org',
      'https://shop.acme.example/',
      'mailto:a@acme.dev',
      '//cdn.acme.dev/x.png',
      'https://{host}/v1',
      '/guides/setup',
    ])
      assert.equal(requestUrl(skipped), undefined, skipped);
  });

  it('finds links, images, file attributes, bare URLs and front matter URLs of a page, located', () => {
    const text = [
      '---',
      'title: "Links"',
      'url: "https://acme.dev/front"',
      'openapi: "https://acme.dev/openapi.json"',
      '---',
      '',
      'See [the guide](https://acme.dev/guide#setup) and https://acme.dev/bare.',
      '',
      '![A chart](https://cdn.acme.dev/chart.png)',
      '',
      '<Card title="Blog" href="https://blog.acme.dev" img="https://cdn.acme.dev/card.png" />',
      '',
      '<video src="https://cdn.acme.dev/demo.mp4" />',
      '',
      '[the api](https://api.example.com/v1) and `https://acme.dev/in-code`',
      '',
      '[ref]: https://acme.dev/definition',
      '',
    ].join('\n');
    const page = parsePage('/site/links.mdx', text);
    const uses = pageExternalLinks(page);
    assert.deepEqual(uses.map((u) => u.url).sort(), [
      'https://acme.dev/bare',
      'https://acme.dev/definition',
      'https://acme.dev/front',
      'https://acme.dev/guide#setup',
      'https://blog.acme.dev',
      'https://cdn.acme.dev/card.png',
      'https://cdn.acme.dev/chart.png',
      'https://cdn.acme.dev/demo.mp4',
    ]);
    for (const u of uses) {
      const start = page.index.offsetAt(u.urlRange!.start);
      assert.equal(text.slice(start, page.index.offsetAt(u.urlRange!.end)), u.url, `the URL range of ${u.url}`);
    }
  });

  it('finds the URLs of docs.json, not the schema, API servers or specs', async () => {
    const { site: s } = await siteFrom(
      site(
        { index: 'Home.\n' },
        {},
        {
          navbar: { links: [{ label: 'Blog', href: 'https://blog.acme.dev' }] },
          footer: { socials: { github: 'https://github.com/acme' } },
          api: { openapi: 'https://acme.dev/openapi.json', mdx: { server: 'https://api.acme.dev' } },
          logo: { light: 'https://cdn.acme.dev/logo.svg', dark: '/logo-dark.svg' },
        },
      ),
    );
    assert.deepEqual(
      configExternalLinks(s)
        .map((u) => u.url)
        .sort(),
      ['https://blog.acme.dev', 'https://cdn.acme.dev/logo.svg', 'https://github.com/acme'],
    );
  });

  it('reads externalLinks of .docwright.json, with a note for each bad entry', () => {
    const read = readExternalLinksConfig(JSON.stringify({ externalLinks: { ignore: ['https://internal.acme.dev/*', 3], include: 'x', allowPrivate: true } }));
    assert.deepEqual(read.config, { ignore: ['https://internal.acme.dev/*'], include: [] });
    assert.equal(read.notes.length, 3);
  });

  it('registers its two rules with their default severities', () => {
    assert.deepEqual(
      EXTERNAL_LINK_RULES.map((r) => [r.id, r.severity, r.fixable]),
      [
        ['link-external-broken', 'warning', false],
        ['link-external-redirect', 'information', true],
      ],
    );
  });
});

describe('checking external URLs over HTTP', () => {
  it('tells working, broken, redirected and unanswered URLs apart', async () => {
    const c = checker({ timeoutMs: 300 });
    const urls = ['/ok', '/missing', '/error', '/temporary', '/moved', '/moved-to-missing', '/loop', '/hang', '/unavailable'].map((p) => base + p);
    urls.push('http://docwright-test.invalid/');
    const results = await c.check(urls);
    c.close();
    const r = (p: string) => results.get(p.startsWith('http') ? p : base + p);
    assert.deepEqual(r('/ok'), { kind: 'ok' });
    assert.deepEqual(r('/missing'), { kind: 'broken', status: 404, reason: '404 Not Found' });
    assert.deepEqual(r('/error'), { kind: 'broken', status: 500, reason: '500 Internal Server Error' });
    assert.deepEqual(r('/temporary'), { kind: 'ok' }, 'a temporary redirect is not reported');
    assert.deepEqual(r('/moved'), { kind: 'redirect', status: 301, to: `${base}/ok` }, 'a chain of permanent redirects gives its end');
    assert.deepEqual(r('/moved-to-missing'), { kind: 'broken', status: 404, reason: `404 Not Found (at ${base}/missing, after 1 redirect)` });
    assert.deepEqual(r('/loop'), { kind: 'broken', reason: 'more than 5 redirects' });
    assert.equal(hitsOf('/loop').filter((h) => h.method === 'HEAD').length, 6);
    assert.deepEqual(r('/hang'), { kind: 'broken', reason: 'no answer within 0.3 s' });
    assert.deepEqual(r('/unavailable'), { kind: 'broken', status: 503, reason: '503 Service Unavailable' });
    assert.equal(hitsOf('/unavailable').length, 3, 'a 503 is tried again twice');
    assert.deepEqual(r('http://docwright-test.invalid/'), { kind: 'broken', reason: 'the host docwright-test.invalid was not found (DNS)' });
  });

  it('asks with GET when HEAD is refused', async () => {
    const c = checker();
    const results = await c.check([`${base}/head-refused`]);
    c.close();
    assert.deepEqual(results.get(`${base}/head-refused`), { kind: 'ok' });
    assert.deepEqual(
      hitsOf('/head-refused').map((h) => h.method),
      ['HEAD', 'GET'],
    );
  });

  it('waits as long as Retry-After says on 429, then asks again once', async () => {
    const c = checker();
    const url = `${base}/busy?retry-after`;
    const results = await c.check([url]);
    c.close();
    assert.deepEqual(results.get(url), { kind: 'ok' });
    const seen = hits.filter((h) => h.path === '/busy');
    assert.equal(seen.length, 2);
    assert.ok(seen[1].at - seen[0].at >= 1000, `the retry came ${Math.round(seen[1].at - seen[0].at)} ms after the 429`);
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(retryAfterMs('2', now), 2000);
    assert.equal(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now), 5000);
    assert.equal(retryAfterMs('Tue, 31 Dec 2024 23:00:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), undefined);
  });

  it('sends at most two requests to a host at once, spaced as asked', async () => {
    maxInFlight = 0;
    const starts: number[] = [];
    const c = checker({ hostIntervalMs: 30, onRequest: (_m, _u, at) => starts.push(at) });
    await c.check([1, 2, 3, 4, 5, 6].map((i) => `${base}/held?${i}`));
    c.close();
    assert.equal(maxInFlight, 2);
    assert.equal(starts.length, 6);
    for (let i = 1; i < starts.length; i++)
      assert.ok(starts[i] - starts[i - 1] >= 30, `request ${i} was sent ${starts[i] - starts[i - 1]} ms after the one before`);
  });

  it('sends no credentials or cookies, and names itself', async () => {
    const c = checker();
    const port = new URL(base).port;
    await c.check([requestUrl(`http://someone:secret@127.0.0.1:${port}/ok?credentials`)!]);
    c.close();
    const hit = hits.filter((h) => h.path === '/ok').at(-1)!;
    assert.equal(hit.headers.authorization, undefined);
    assert.equal(hit.headers.cookie, undefined);
    assert.match(hit.headers['user-agent'] ?? '', /^docwright\//);
  });

  it('requests no private or loopback address unless allowed', async () => {
    assert.ok(isPrivateAddress('127.0.0.1') && isPrivateAddress('10.1.2.3') && isPrivateAddress('169.254.169.254') && isPrivateAddress('::1'));
    assert.ok(isPrivateAddress('::ffff:192.168.0.1') && isPrivateAddress('fd00::1'));
    assert.ok(!isPrivateAddress('93.184.216.34') && !isPrivateAddress('2606:4700::1111'));
    const before = hits.length;
    const port = new URL(base).port;
    const c = new ExternalLinkChecker({ hostIntervalMs: 0 });
    const urls = [`http://127.0.0.1:${port}/ok?private`, `http://localhost:${port}/ok?private`];
    const results = await c.check(urls);
    c.close();
    assert.equal(hits.length, before, 'no request reached the server');
    for (const u of urls) assert.deepEqual(results.get(u), { kind: 'unknown', reason: 'a private or loopback address' });
    assert.deepEqual(c.uncheckedNotes(), ['2 external links not checked: a private or loopback address.']);
  });

  it('reports nothing when no host name resolves at all: the network is away', async () => {
    const c = checker();
    const results = await c.check(['http://docwright-one.invalid/', 'https://docwright-two.invalid/']);
    c.close();
    assert.deepEqual(
      [...results.values()].map((r) => r.kind),
      ['unknown', 'unknown'],
    );
    assert.deepEqual(c.uncheckedNotes(), ['2 external links not checked: no host name could be resolved (is the network available?).']);
  });
});

describe('external link findings of a site', () => {
  it('reports broken links and permanent redirects where they are written, with a fix, under inline comments and .docwright.json', async () => {
    const files = site(
      {
        index: [
          `Read [the guide](${base}/missing#setup) and ${base}/moved.`,
          '',
          `![Chart](${base}/error)`,
          '',
          `<Card title="Later" href="${base}/temporary" />`,
          '',
          '{/* docwright-disable-next-line link-external-broken */}',
          `[Known broken](${base}/missing?quiet)`,
          '',
          `[Left out](${base}/missing?ignored)`,
          '',
        ].join('\n'),
      },
      { '.docwright.json': JSON.stringify({ rules: { 'link-external-redirect': 'warning' }, externalLinks: { ignore: [`${base}/missing?ignored*`] } }) },
      { navbar: { links: [{ label: 'Status', href: `${base}/moved` }] } },
    );
    const hrefLine = files['docs.json'].split('\n').findIndex((l) => l.includes('"href"')) + 1;
    const before = hits.length;
    const c = checker();
    const findings = await externalFindings(files, c);
    c.close();
    assert.deepEqual(
      findings.map((f) => `${path.basename(f.path)}:${f.range.start.line + 1} ${f.severity} ${f.ruleId} ${f.message}`),
      [
        `docs.json:${hrefLine} warning link-external-redirect ${base}/moved permanently redirects (301) to ${base}/ok: link to the new address.`,
        `index.mdx:6 warning link-external-broken External link ${base}/missing is broken: 404 Not Found.`,
        `index.mdx:6 warning link-external-redirect ${base}/moved permanently redirects (301) to ${base}/ok: link to the new address.`,
        `index.mdx:8 warning link-external-broken External link ${base}/error is broken: 500 Internal Server Error.`,
      ],
    );
    const requested = hits.slice(before).map((h) => h.path);
    assert.equal(requested.filter((p) => p === '/moved').length, 1, 'one request for a URL written twice');
    assert.equal(requested.filter((p) => p === '/missing').length, 2, 'the disabled link is still asked for: the other rule may report it');
    const fixed = findings.find((f) => f.ruleId === 'link-external-redirect' && f.path.endsWith('index.mdx'))!;
    assert.match(applyEdits(files['index.mdx'], fixed.fixes![0].edits[0].edits), new RegExp(`and ${base.replace(/[.]/g, '\\.')}/ok\\.`));
    const config = findings.find((f) => f.ruleId === 'link-external-redirect' && f.path.endsWith('docs.json'))!;
    assert.equal(JSON.parse(applyEdits(files['docs.json'], config.fixes![0].edits[0].edits)).navbar.links[0].href, `${base}/ok`);
  });

  it('requests no URL the ignore list matches', async () => {
    const files = site(
      { index: `[Internal](${base}/missing?internal-only)\n` },
      { '.docwright.json': JSON.stringify({ externalLinks: { ignore: [`${base}/*internal-*`] } }) },
    );
    const before = hits.length;
    const c = checker();
    assert.deepEqual(await externalFindings(files, c), []);
    c.close();
    assert.equal(hits.length, before);
  });

  it('keeps results in links.json: a second run within the expiry sends no request; expired ones are asked again', async () => {
    const dir = tempDir();
    const files = site({ index: `[Fine](${base}/ok?cached) and [gone](${base}/missing?cached)\n` });
    let now = Date.parse('2025-01-01T00:00:00Z');
    const run = async () => {
      const c = checker({ now: () => now }, dir);
      await c.load();
      const findings = await externalFindings(files, c);
      await c.save();
      c.close();
      return { findings, requests: c.stats.requests };
    };
    const first = await run();
    assert.equal(first.requests, 2);
    assert.equal(first.findings.length, 1);
    const cache = JSON.parse(readFileSync(path.join(dir, 'links.json'), 'utf8'));
    assert.deepEqual(Object.keys(cache.entries).sort(), [`${base}/missing?cached`, `${base}/ok?cached`]);

    const before = hits.length;
    const second = await run();
    assert.equal(hits.length, before, 'no request within the expiry');
    assert.equal(second.requests, 0);
    assert.deepEqual(second.findings, first.findings);

    now += 2 * 3600_000; // failures are kept an hour, working links a day
    const third = await run();
    assert.deepEqual(
      hits.slice(before).map((h) => h.path),
      ['/missing'],
    );
    assert.equal(third.requests, 1);
  });
});

describe('docwright check --external', () => {
  it('reports external links only with the flag, and a second run within the expiry sends no request', async () => {
    const dir = tempDir();
    const body = `[Gone](${base}/missing?cli) and [moved](${base}/moved?cli).`;
    const column = (url: string) => body.indexOf(url) + 1;
    writeSiteToDisk(dir, site({ index: body + '\n' }));
    const run = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const args = { ...parseCheckArgs(argv), externalOptions: { allowPrivate: true, hostIntervalMs: 0 } };
      const code = await runCheck(
        args,
        (s) => out.push(s),
        dir,
        (s) => err.push(s),
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const before = hits.length;
    const plain = await run(['.']);
    assert.equal(hits.length, before, 'no request without --external');
    assert.ok(!existsSync(path.join(dir, 'node_modules/.cache/docwright/links.json')));
    assert.doesNotMatch(plain.out, /link-external/);

    const first = await run(['.', '--external']);
    assert.equal(first.code, 0, 'a broken external link is a warning');
    const lines = first.out.split('\n').filter((l) => l.includes('link-external'));
    assert.deepEqual(
      lines.map((l) => l.replace(/\s+/g, ' ')),
      [
        `index.mdx:6:${column(`${base}/missing`)} warning External link ${base}/missing?cli is broken: 404 Not Found. link-external-broken`,
        `index.mdx:6:${column(`${base}/moved`)} information ${base}/moved?cli permanently redirects (301) to ${base}/ok: link to the new address. link-external-redirect`,
      ].map((l) => l.replace(/\s+/g, ' ')),
    );
    assert.match(first.err, /external links: 2 URLs \(0 from the cache\), 4 requests\./);
    assert.ok(existsSync(path.join(dir, 'node_modules/.cache/docwright/links.json')));

    const cached = hits.length;
    const second = await run(['.', '--external']);
    assert.equal(hits.length, cached, 'the second run asks nothing');
    assert.equal(second.out, first.out);
    assert.match(second.err, /external links: 2 URLs \(2 from the cache\), 0 requests\./);
  });
});

describe('external links turned off', () => {
  it('requests nothing when .docwright.json turns both rules off', async () => {
    const files = site(
      { index: `[Gone](${base}/missing?off)\n` },
      { '.docwright.json': JSON.stringify({ rules: { 'link-external-broken': 'off', 'link-external-redirect': 'off' } }) },
    );
    const before = hits.length;
    const c = checker();
    assert.deepEqual(await externalFindings(files, c), []);
    c.close();
    assert.equal(hits.length, before);
  });
});

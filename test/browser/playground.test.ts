// The API playground in headless Chromium: an API page rendered by the core is served, as a static
// page with media/docwright.js and media/playground.js under a strict CSP (no inline script), by a
// tiny HTTP server this test starts on 127.0.0.1, which is also the API. The test fills the form
// and clicks Send; the server must see the right method, URL, Authorization header and body, and
// the page must show its response. Nothing may land in localStorage, sessionStorage or cookies.
import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { IncomingHttpHeaders } from 'node:http';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { MemoryWorkspace } from '../../server/src/workspace';
import { CLASSIC_SITE, EXAMPLE_SITE, ROOT } from '../helpers';
import { runExport } from '../../server/src/hosts/cli/export';
import { launch, sendFile, serve } from './browser';

const MEDIA = path.resolve(__dirname, '../../media');
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'";

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Acme API', version: '1.0.0' },
  paths: {
    '/notes/{note_id}/comments': {
      post: {
        summary: 'Add a comment',
        parameters: [
          { name: 'note_id', in: 'path', required: true, schema: { type: 'string' }, example: 'note_8f2k' },
          { name: 'notify', in: 'query', schema: { type: 'boolean' } },
          { name: 'Acme-Version', in: 'header', schema: { type: 'string', default: '2025-01-15' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', example: 'Looks good' } } } } },
        },
        responses: {
          '201': { description: 'The comment.', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } },
        },
      },
    },
  },
};

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Awaited<ReturnType<typeof serve>> | undefined;
let origin = '';
let browser: Browser;
/** The HTML served at `/`, set per test. */
let served = '';
/** The folder of an exported site, served under /export/. */
let exported = '';
const seen: Seen[] = [];

before(async () => {
  server = await serve((req, res) => {
    const url = req.url ?? '/';
    if (url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(served);
      return;
    }
    const media = /^\/media\/(docwright\.css|docwright\.js|playground\.js)$/.exec(url);
    if (media) {
      res.writeHead(200, { 'Content-Type': media[1].endsWith('.css') ? 'text/css' : 'text/javascript' });
      res.end(readFileSync(path.join(MEDIA, media[1])));
      return;
    }
    if (url.startsWith('/export/') && exported && sendFile(res, exported, url.slice('/export'.length))) return;
    if (url.startsWith('/api/') || url.startsWith('/sandbox/')) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ id: 'cmt_42', received: url }));
      });
      return;
    }
    res.writeHead(url === '/favicon.ico' ? 204 : 404).end();
  });
  origin = server.origin;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The page as a static document, the way the export writes pages (scripts as files, no inline script). */
async function servePage(api: Record<string, unknown>, content = 'Adds a comment.', csp = CSP): Promise<void> {
  const docs = {
    name: 'Acme',
    favicon: 'https://acme.dev/favicon.svg',
    colors: { primary: '#0B6E4F' },
    navigation: [{ group: 'API', pages: ['comment'] }],
    openapi: 'openapi.json',
    api,
  };
  const page = `---\ntitle: "Add a comment"\ndescription: "Add a comment to a note."\nopenapi: "POST /notes/{note_id}/comments"\n---\n\n${content}\n`;
  const ws = new MemoryWorkspace({ 'docs.json': JSON.stringify(docs), 'openapi.json': JSON.stringify(SPEC), 'comment.mdx': page }, ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  const out = await renderPreview(project, `${ROOT}/comment.mdx`, `${origin}/site/`);
  assert.ok(out);
  serveRendered(out, csp);
}

function serveRendered(out: NonNullable<Awaited<ReturnType<typeof renderPreview>>>, csp: string): void {
  served = `<!DOCTYPE html>
<html lang="en" data-theme="${out.theme}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/media/docwright.css">
<style id="dw-site-css">${out.css}</style>
<title>${out.page.title}</title>
</head>
<body>
<div id="dw-app">${out.body}</div>
<script src="/media/docwright.js"></script>
<script src="/media/playground.js"></script>
</body>
</html>`;
}

async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${origin}/`);
  return { page, errors };
}

async function sendAndWait(page: Page): Promise<{ status: string; output: string }> {
  seen.length = 0;
  await page.click('[data-dw-pg-send]');
  await page.waitForSelector('[data-dw-pg-response][data-dw-pg-state="done"], [data-dw-pg-response][data-dw-pg-state="error"]');
  return { status: (await page.textContent('[data-dw-pg-status]')) ?? '', output: (await page.textContent('[data-dw-pg-output]')) ?? '' };
}

async function storageIsEmpty(page: Page): Promise<void> {
  const stored = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: window.document.cookie }));
  assert.deepEqual(stored, { local: 0, session: 0, cookie: '' });
}

test('basic auth: username (pre-filled with inputPrefix) and password become Authorization: Basic; parameters and body are sent; the response is shown', async () => {
  await servePage({
    baseUrl: [`${origin}/api`, `${origin}/sandbox`],
    auth: { method: 'basic', name: 'username:password', inputPrefix: 'acme_' },
    playground: { mode: 'show' },
  });
  const { page, errors } = await open();
  try {
    assert.equal(await page.inputValue('[data-dw-pg-field="auth:username"]'), 'acme_', 'the username input starts with inputPrefix');
    await page.fill('[data-dw-pg-field="auth:username"]', 'acme_key_id');
    await page.fill('[data-dw-pg-field="auth:password"]', 'p4ss wörd');
    await page.fill('[data-dw-pg-field="param"][data-dw-pg-name="note_id"]', 'note 1');
    await page.selectOption('[data-dw-pg-field="param"][data-dw-pg-name="notify"]', 'true');
    await page.fill('[data-dw-pg-field="body"]', '{ "text": "Ship it" }');
    const shown = await sendAndWait(page);
    assert.equal(seen.length, 1, JSON.stringify(shown));
    const req = seen[0];
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/api/notes/note%201/comments?notify=true');
    assert.equal(req.headers.authorization, `Basic ${Buffer.from('acme_key_id:p4ss wörd', 'utf8').toString('base64')}`);
    assert.equal(req.headers['acme-version'], '2025-01-15', 'the header parameter keeps its default');
    assert.equal(req.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(req.body), { text: 'Ship it' });
    assert.match(shown.status, /^201 Created/);
    assert.deepEqual(JSON.parse(shown.output), { id: 'cmt_42', received: '/api/notes/note%201/comments?notify=true' });
    await storageIsEmpty(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('bearer auth and the base URL switcher: the second base URL is called with Authorization: Bearer <token>', async () => {
  await servePage({ baseUrl: [`${origin}/api`, `${origin}/sandbox`], auth: { method: 'bearer' } });
  const { page, errors } = await open();
  try {
    assert.equal(await page.locator('select[data-dw-pg-field="base"] option').count(), 2);
    await page.selectOption('[data-dw-pg-field="base"]', `${origin}/sandbox`);
    await page.fill('[data-dw-pg-field="auth:token"]', 'tok_live_123');
    const shown = await sendAndWait(page);
    assert.equal(seen.length, 1, JSON.stringify(shown));
    assert.equal(seen[0].url, '/sandbox/notes/note_8f2k/comments');
    assert.equal(seen[0].headers.authorization, 'Bearer tok_live_123');
    assert.deepEqual(JSON.parse(seen[0].body), { text: 'Looks good' }, 'the body starts as the example made from the schema');
    assert.match(shown.output, /cmt_42/);
    await storageIsEmpty(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('key auth in the query: the key goes in the parameter named by api.auth.name; an empty required path parameter is not sent', async () => {
  // The spec says where the key goes.
  (SPEC as Record<string, unknown>).components = { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' } } };
  await servePage({ baseUrl: `${origin}/api`, auth: { method: 'key', name: 'api_key', inputPrefix: 'ak_' } });
  const { page, errors } = await open();
  try {
    await page.fill('[data-dw-pg-field="param"][data-dw-pg-name="note_id"]', '');
    let shown = await sendAndWait(page);
    assert.equal(seen.length, 0, 'nothing is sent without the path parameter');
    assert.match(shown.output, /note_id/);
    await page.fill('[data-dw-pg-field="param"][data-dw-pg-name="note_id"]', 'note_9');
    await page.fill('[data-dw-pg-field="auth:key"]', 'ak_secret');
    shown = await sendAndWait(page);
    assert.equal(seen.length, 1);
    assert.equal(seen[0].url, '/api/notes/note_9/comments?api_key=ak_secret');
    assert.equal(seen[0].headers.authorization, undefined);
    assert.match(shown.status, /^201/);
    await storageIsEmpty(page);
    assert.deepEqual(errors, []);
  } finally {
    delete (SPEC as Record<string, unknown>).components;
    await page.close();
  }
});

test('simple and hide modes render no form, so there is nothing to send', async () => {
  for (const mode of ['simple', 'hide']) {
    await servePage({ baseUrl: `${origin}/api`, playground: { mode } });
    const { page, errors } = await open();
    try {
      assert.equal(await page.locator('[data-dw-playground]').count(), 0);
      assert.equal(await page.locator('.dw-api-endpoint').count(), mode === 'simple' ? 1 : 0);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  }
});

/** Exports a copy of `dir` with its API pointed at this server (`setBaseUrls` edits docs.json); runs `check` on the exported page. */
async function withExportedCopy(
  dir: string,
  setBaseUrls: (docs: { api: { baseUrl?: string[]; mdx?: { server?: string[] } } }, urls: string[]) => void,
  check: () => Promise<void>,
): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'docwright-playground-'));
  try {
    const site = path.join(tmp, 'site');
    cpSync(dir, site, { recursive: true });
    const docs = JSON.parse(readFileSync(path.join(site, 'docs.json'), 'utf8'));
    setBaseUrls(docs, [`${origin}/api`, `${origin}/sandbox`]);
    writeFileSync(path.join(site, 'docs.json'), JSON.stringify(docs, null, 2));
    const err: string[] = [];
    const code = await runExport(
      { dir: site, out: path.join(tmp, 'out'), strict: false, jobs: 1 },
      { out: () => undefined, err: (m) => err.push(m), cwd: tmp },
    );
    assert.equal(code, 0, err.join('\n'));
    exported = path.join(tmp, 'out');
    await check();
  } finally {
    exported = '';
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Opens an exported API page of POST /notes, fills the Basic credentials, sends, and checks what the API received. */
async function createNoteWithBasicAuth(pagePath: string, prefix: string): Promise<void> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  try {
    await page.goto(`${origin}/export/${pagePath}`);
    assert.equal(await page.inputValue('[data-dw-pg-field="auth:username"]'), prefix, 'the username field starts with the prefix docs.json sets, if any');
    await page.fill('[data-dw-pg-field="auth:username"]', 'acme_id');
    await page.fill('[data-dw-pg-field="auth:password"]', 'secret');
    const shown = await sendAndWait(page);
    assert.equal(seen.length, 1, JSON.stringify(shown));
    assert.equal(seen[0].method, 'POST');
    assert.equal(seen[0].url, '/api/notes');
    assert.equal(seen[0].headers.authorization, `Basic ${Buffer.from('acme_id:secret').toString('base64')}`);
    assert.match(shown.status, /^201/);
    await storageIsEmpty(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}

test('the exported example site: the playground of a page generated from its OpenAPI file sends the request with Basic auth and shows the response', async () => {
  // The current format's api.mdx.server and api.mdx.auth; it has no prefix for the credential field.
  await withExportedCopy(
    EXAMPLE_SITE,
    (docs, urls) => (docs.api.mdx!.server = urls),
    () => createNoteWithBasicAuth('api-reference/notes/create-a-note.html', ''),
  );
});

test('the exported classic example site: the playground of its API page sends the request with Basic auth and shows the response', async () => {
  await withExportedCopy(
    CLASSIC_SITE,
    (docs, urls) => (docs.api.baseUrl = urls),
    () => createNoteWithBasicAuth('api-reference/notes/create-note.html', 'acme_'),
  );
});

/**
 * A playground form written by page content: the attributes playground.js reads (the former
 * `data-*` names and the renderer's reserved `data-dw-*` ones), a base URL of `attacker`, cookies
 * asked for, a token field and a Send button.
 */
function forgedForm(attacker: string): string {
  const form = [
    'data-playground=""',
    'data-method="POST"',
    'data-path="/notes/{note_id}/comments"',
    'data-auth="bearer"',
    'data-credentials="include"',
    `data-dw-playground='${JSON.stringify(['POST', '/notes/{note_id}/comments', [`${origin}/api`]])}'`,
    'data-dw-pg-method="POST"',
    'data-dw-pg-path="/notes/{note_id}/comments"',
    'data-dw-pg-auth="bearer"',
    'data-dw-pg-credentials="include"',
    `data-dw-pg-bases='${JSON.stringify([`${attacker}/steal`])}'`,
  ].join(' ');
  return [
    `<div id="forged" ${form}>`,
    `<span data-pg-base="" data-url="${attacker}/steal" data-dw-pg-field="base" data-dw-pg-url="${attacker}/steal">base</span>`,
    '<input data-pg-auth="token" data-dw-pg-field="auth:token" />',
    '<button id="forged-send" data-pg-send="" data-dw-pg-send="">Send</button>',
    '</div>',
  ].join('');
}

test('a playground form forged by page content or by an OpenAPI x-mint.content block never receives the token typed into the real form', async () => {
  const attackerSeen: { method: string; url: string; authorization?: string }[] = [];
  const attacker = await serve((req, res) => {
    attackerSeen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    // Lets every cross-origin request through, so that only the page's scripts decide what is sent.
    res.writeHead(200, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'authorization, content-type',
      'Access-Control-Allow-Methods': 'GET, POST',
    });
    res.end('{}');
  });
  // As the preview allows: any local server may be called.
  const csp = CSP.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:*");
  const forged = forgedForm(attacker.origin);
  const api = { baseUrl: `${origin}/api`, auth: { method: 'bearer' }, playground: { mode: 'show' } };
  const fromSpec = async () => {
    // A page generated from the spec, its x-mint.content holding the forged form.
    const spec = structuredClone(SPEC);
    Object.assign(spec.paths['/notes/{note_id}/comments'].post, { 'x-mint': { content: forged } });
    const docs = {
      name: 'Acme',
      api: { mdx: { server: `${origin}/api`, auth: { method: 'bearer' } } },
      navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] },
    };
    const ws = new MemoryWorkspace({ 'docs.json': JSON.stringify(docs), 'openapi.json': JSON.stringify(spec) }, ROOT);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    const out = await renderPreview(project, `${ROOT}/docs.json`, `${origin}/site/`, { pageId: 'api-reference/add-a-comment' });
    assert.ok(out, 'the generated page renders');
    serveRendered(out, csp);
  };
  const other = new Project(
    new MemoryWorkspace(
      {
        'docs.json': JSON.stringify({
          name: 'Acme',
          favicon: 'https://acme.dev/favicon.svg',
          colors: { primary: '#0B6E4F' },
          navigation: [{ group: 'G', pages: ['other'] }],
        }),
        'other.mdx': `---\ntitle: Other\n---\n\n${forged}\n`,
      },
      ROOT,
    ),
    [ROOT],
  );
  await other.scan();
  const nextPage = (await renderPreview(other, `${ROOT}/other.mdx`, `${origin}/site/`))!.body;
  try {
    for (const [where, setUp] of [
      ['page content', () => servePage(api, forged, csp)],
      ['x-mint.content', fromSpec],
    ] as const) {
      await setUp();
      const { page, errors } = await open();
      const outside: string[] = [];
      page.on(
        'request',
        (r) =>
          void r.allHeaders().then((h) => {
            if (h.authorization && !r.url().startsWith(`${origin}/api/`)) outside.push(`${r.method()} ${r.url()}`);
          }),
      );
      try {
        assert.equal(await page.locator('#forged').count(), 1, `${where}: the forged form is on the page`);
        await page.fill('.dw-playground input[type="password"]', 'SECRET_TOKEN');
        // The reader clicks around, on the forged button too, then sends with the real form.
        await page.click('#forged-send');
        await page.click('h1');
        const shown = await sendAndWait(page);
        assert.equal(seen.length, 1, `${where}: ${JSON.stringify(shown)}`);
        assert.equal(seen[0].headers.authorization, 'Bearer SECRET_TOKEN', `${where}: the real form sends to the API`);
        // The preview puts the next page into the same document: a page holding only the forged form.
        await page.evaluate((html) => {
          document.getElementById('dw-app')!.innerHTML = html;
        }, nextPage);
        await page.click('#forged-send');
        await page.click('#forged-send');
        // A request of the reader's own, after the clicks, proves the clicks' effects would have been seen by now.
        await page.evaluate((url) => fetch(url).then((r) => r.text()), `${attacker.origin}/probe`);
        assert.deepEqual(
          attackerSeen.filter((r) => r.url !== '/probe'),
          [],
          `${where}: the attacker's server received a request`,
        );
        assert.deepEqual(outside, [], `${where}: Authorization sent outside the API's base URL`);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    }
  } finally {
    await attacker.close();
  }
});

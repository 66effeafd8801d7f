// A fuzz property at the network level for the API playground: hostile mixes of an OpenAPI spec,
// docs.json and pages (forged playground markup in page content, x-mint.content and descriptions,
// with the scripts' old and reserved attribute names, pointed at "attacker" addresses) are checked
// and exported; every page of the export is opened in headless Chromium, a marked credential is
// typed into every credential field, everything is clicked, Enter is pressed in every input and
// the real forms are sent. Every request the pages make is seen (a route on the browser context):
// none may go anywhere but the site itself and the API's configured base URLs, none but those to
// the base URLs may carry the credential, and the attacker's server must receive nothing.
// `npm test` runs a few cases (DOCWRIGHT_BROWSER_FUZZ_RUNS, default 10); scripts/fuzz.ts runs
// BROWSER_PROPERTIES for longer (it sets DOCWRIGHT_FUZZ_SCRIPT so that importing this file registers no tests).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { trimTrailingSlashes } from '../../server/src/util/paths';
import { check, writeSiteToDisk } from '../helpers';
import { exportSite } from '../export-helpers';
import type { FuzzProperty } from '../unit/fuzz.test';
import { launch, sendFile, serve } from './browser';

/** What the reader types into credential fields: no request but those to the API's base URLs may carry it. */
const CREDENTIAL = 'Cr3dMark';
/** Placeholders of the addresses, filled in when a case is written (the ports are known only then). */
const API = '@@api@@';
const SLOTS = ['attacker', 'attacker-localhost', 'closed', 'closed-localhost', 'remote'] as const;
type Slot = (typeof SLOTS)[number];
const slot = (s: Slot) => `@@${s}@@`;

// ---- the hostile markup ----

/** How a reserved name is written: the renderer's spelling, other cases, the old `data-` name, JSX camel case. */
type Spelling = 'dw' | 'DW' | 'old' | 'camel';
interface Attr {
  name: string;
  spelling: Spelling | 'plain';
  value: string;
}
interface ForgedElement {
  tag: string;
  attrs: Attr[];
  inner: string;
}
interface Forged {
  /** A component or element the forged markup sits in. */
  wrapper: string;
  container: Attr[];
  /** Inside the forged container, or loose beside it. */
  children: ForgedElement[];
  loose: ForgedElement[];
}

const spellingArb = fc.constantFrom<Spelling>('dw', 'dw', 'DW', 'old', 'camel');
const attackerArb = fc.constantFrom(...SLOTS);
const reserved = (name: string, value: fc.Arbitrary<string> | string) =>
  fc.record({ name: fc.constant(name), spelling: spellingArb, value: typeof value === 'string' ? fc.constant(value) : value }) as fc.Arbitrary<Attr>;
const plain = (name: string, value: string): Attr => ({ name, spelling: 'plain', value });
/** A URL on an attacker address. */
const stealUrl = fc.tuple(attackerArb, fc.constantFrom('/steal', '', '/')).map(([s, p]) => slot(s) + p);

/**
 * The forged form's own attributes: each of the names playground.js reads (and the ones it read
 * before), most of the time, each in some spelling; so that most forms are complete enough to send.
 */
const CONTAINER: [string, fc.Arbitrary<string>][] = [
  [
    'playground',
    fc.oneof(
      fc.constant(''),
      fc.tuple(fc.constantFrom('POST', 'GET'), stealUrl).map(([m, u]) => JSON.stringify([m, '/steal', [u]])),
    ),
  ],
  ['pg-bases', stealUrl.map((u) => JSON.stringify([u]))],
  ['pg-method', fc.constantFrom('POST', 'GET')],
  ['pg-path', fc.constantFrom('/steal', '/../steal', '//steal', '/{id}')],
  ['pg-auth', fc.constantFrom('bearer', 'basic', 'key')],
  ['pg-auth-in', fc.constantFrom('query', 'header')],
  ['pg-auth-name', fc.constant('X-Steal')],
  ['pg-credentials', fc.constant('include')],
  ['bases', stealUrl.map((u) => JSON.stringify([u]))],
  ['url', stealUrl],
  ['method', fc.constantFrom('POST', 'GET')],
  ['path', fc.constantFrom('/steal', '/{id}')],
  ['auth', fc.constantFrom('bearer', 'basic', 'key')],
  ['credentials', fc.constant('include')],
];
const containerAttrs: fc.Arbitrary<Attr[]> = fc
  .tuple(fc.tuple(...CONTAINER.map(([n, v]) => fc.option(reserved(n, v), { freq: 3 }))), fc.boolean())
  .map(([list, withClass]) => [...list.filter((a): a is Attr => a !== null), ...(withClass ? [plain('class', 'dw-playground')] : [])]);

/** A credential field, by its reserved name and by the one playground.js read before. */
const credentialField: fc.Arbitrary<ForgedElement> = fc
  .tuple(fc.constantFrom('auth:token', 'auth:key', 'auth:username', 'auth:password'), spellingArb, fc.constantFrom('password', 'text'))
  .map(([f, s, type]) => ({
    tag: 'input',
    attrs: [plain('type', type), { name: 'pg-field', spelling: s, value: f }, { name: 'pg-auth', spelling: 'old', value: f.slice(5) }],
    inner: '',
  }));
/** A Send button: a button, a link to `#`, anything with role=button. */
const sendButton: fc.Arbitrary<ForgedElement> = fc
  .tuple(fc.constantFrom('button', 'a', 'span', 'div'), reserved('pg-send', ''), reserved('send', ''))
  .map(([tag, a, b]) => ({
    tag,
    attrs: [...(tag === 'a' ? [plain('href', '#')] : tag === 'button' ? [] : [plain('role', 'button')]), a, b],
    inner: 'Send',
  }));

const forgedElement: fc.Arbitrary<ForgedElement> = fc.oneof(
  // Base URL fields.
  fc
    .tuple(stealUrl, reserved('pg-field', 'base'), reserved('pg-url', stealUrl), reserved('pg-base', ''), reserved('url', stealUrl))
    .map(([u, ...a]) => ({ tag: 'span', attrs: a, inner: u })),
  fc.tuple(stealUrl, reserved('pg-field', 'base')).map(([u, a]) => ({ tag: 'input', attrs: [plain('type', 'text'), plain('value', u), a], inner: '' })),
  fc.tuple(stealUrl, reserved('pg-field', 'base')).map(([u, a]) => ({ tag: 'select', attrs: [a], inner: `<option value="${u}" selected="">${u}</option>` })),
  credentialField,
  // A path parameter that tries to leave the base URL.
  fc
    .tuple(reserved('pg-field', 'param'), reserved('pg-in', 'path'), reserved('pg-name', 'id'), fc.constantFrom('x/../../steal', '..%2F..%2Fsteal', '//steal'))
    .map(([a, b, c, v]) => ({ tag: 'input', attrs: [a, b, c, plain('value', v)], inner: '' })),
  // A body.
  fc.tuple(reserved('pg-field', 'body'), reserved('pg-media-type', 'application/json')).map((a) => ({ tag: 'textarea', attrs: a, inner: '{"a":1}' })),
  sendButton,
  // A response box for the forged form to write into.
  fc.tuple(reserved('pg-response', ''), spellingArb).map(([a, s]) => ({ tag: 'div', attrs: [a], inner: `<div ${name('pg-status', s, false)}=""></div>` })),
  // Links: one to the attacker (shown, not clicked: following a link is the reader's choice), one to `#` naming it.
  stealUrl.map((u) => ({ tag: 'a', attrs: [plain('href', u)], inner: 'docs' })),
  fc.tuple(stealUrl, reserved('url', stealUrl)).map(([u, a]) => ({ tag: 'a', attrs: [plain('href', '#'), a, plain('title', u)], inner: 'Try it' })),
);

const WRAPPERS = ['', 'Note', 'Warning', 'Card', 'Accordion', 'Tabs', 'Steps', 'Frame', 'div', 'details'];
const forgedArb: fc.Arbitrary<Forged> = fc.record({
  wrapper: fc.constantFrom(...WRAPPERS),
  container: containerAttrs,
  // A credential field and a Send button, and what else a form may have.
  children: fc.tuple(fc.array(forgedElement, { maxLength: 4 }), credentialField, sendButton).map(([more, field, send]) => [...more, field, send]),
  loose: fc.array(forgedElement, { maxLength: 2 }),
});

function name(n: string, s: Spelling | 'plain', jsx: boolean): string {
  switch (s) {
    case 'plain':
      return jsx && n === 'class' ? 'className' : n;
    case 'dw':
      return `data-dw-${n}`;
    case 'DW':
      return `data-DW-${n.toUpperCase()}`;
    case 'old':
      return `data-${n}`;
    case 'camel':
      return jsx ? `dataDw${n.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}` : `data-Dw-${n}`;
  }
}

/** The attribute in HTML or JSX; JSON values in single quotes (HTML) or a JS string (JSX). */
function attr(a: Attr, jsx: boolean): string {
  const n = name(a.name, a.spelling, jsx);
  if (jsx && a.value.includes('"')) return `${n}={'${a.value}'}`;
  return a.value.includes('"') ? `${n}='${a.value}'` : `${n}="${a.value}"`;
}

function element(e: ForgedElement, jsx: boolean): string {
  const attrs = e.attrs.map((a) => ' ' + attr(a, jsx)).join('');
  if (e.tag === 'input') return `<input${attrs} />`;
  return `<${e.tag}${attrs}>${e.inner}</${e.tag}>`;
}

/** The forged markup as a page or description writes it: JSX (MDX) or raw HTML (Markdown). */
export function forgedMarkup(f: Forged, jsx: boolean): string {
  const inner = `<div${f.container.map((a) => ' ' + attr(a, jsx)).join('')}>${f.children.map((c) => element(c, jsx)).join('')}</div>${f.loose.map((c) => element(c, jsx)).join('')}`;
  switch (f.wrapper) {
    case '':
      return inner;
    case 'Card':
    case 'Accordion':
      return jsx ? `<${f.wrapper} title="Try it">\n${inner}\n</${f.wrapper}>` : inner;
    case 'Tabs':
      return jsx ? `<Tabs>\n<Tab title="A">\n${inner}\n</Tab>\n<Tab title="B">\nB\n</Tab>\n</Tabs>` : inner;
    case 'Steps':
      return jsx ? `<Steps>\n<Step title="Send">\n${inner}\n</Step>\n</Steps>` : inner;
    case 'details':
      return `<details><summary>Try it</summary>${inner}</details>`;
    default:
      return jsx || /^[a-z]/.test(f.wrapper) ? `<${f.wrapper}>\n${inner}\n</${f.wrapper}>` : inner;
  }
}

// ---- the site ----

type Where = 'guide page' | 'endpoint page' | 'manual page' | 'x-mint.content' | 'operation description' | 'parameter description';
const BASE_NAMES = ['v1', 'sandbox'] as const;
type AuthConfig = { method: 'bearer' | 'basic' | 'key'; name?: string; inputPrefix?: string } | undefined;

interface Case {
  format: 'current' | 'classic';
  /** docs.json's base URLs (classic `api.baseUrl`, current `api.mdx.server`), on the API server. */
  docsBases: string[];
  /** The spec's `servers`: on the API server, or ones the playground cannot call. */
  specServers: string[];
  docsAuth: AuthConfig;
  security: 'none' | 'bearer' | 'basic' | 'apiKey-header' | 'apiKey-query' | 'apiKey-cookie' | 'oauth2';
  securityAt: 'file' | 'operation';
  display: string;
  /** A page's own `playground` front matter, on the endpoint page. */
  pageDisplay: string;
  credentials: boolean;
  ext: 'mdx' | 'md';
  /** The `api:` of the hand-documented page. */
  manualApi: string;
  forged: { where: Where; forged: Forged }[];
}

const authArb: fc.Arbitrary<AuthConfig> = fc.oneof(
  fc.constant(undefined),
  fc.record({ method: fc.constant('bearer' as const), inputPrefix: fc.constantFrom(undefined, 'tok_') }),
  fc.record({ method: fc.constant('basic' as const), name: fc.constantFrom(undefined, 'user:pass'), inputPrefix: fc.constantFrom(undefined, 'acme_') }),
  fc.record({ method: fc.constant('key' as const), name: fc.constantFrom('X-Api-Key', 'api_key', 'session'), inputPrefix: fc.constantFrom(undefined, 'ak_') }),
);

const caseArb: fc.Arbitrary<Case> = fc.record({
  format: fc.constantFrom('current' as const, 'classic' as const),
  docsBases: fc.subarray([...BASE_NAMES]).map((b) => b.map((n) => `${API}/${n}`)),
  specServers: fc.subarray([`${API}/v1`, `${API}/sandbox`, '/relative', 'ftp://files.example', `${API}/{version}`]),
  docsAuth: authArb,
  security: fc.constantFrom(
    'none' as const,
    'bearer' as const,
    'basic' as const,
    'apiKey-header' as const,
    'apiKey-query' as const,
    'apiKey-cookie' as const,
    'oauth2' as const,
  ),
  securityAt: fc.constantFrom('file' as const, 'operation' as const),
  display: fc.constantFrom('interactive', 'interactive', 'simple', 'none', 'auth', 'show', 'hide'),
  pageDisplay: fc.constantFrom('', '', 'show', 'interactive', 'simple', 'hide'),
  credentials: fc.boolean(),
  ext: fc.constantFrom('mdx' as const, 'mdx' as const, 'md' as const),
  manualApi: fc.constantFrom('POST /items/{id}', `POST ${API}/v1/items/{id}`, 'GET /items'),
  forged: fc.array(
    fc.record({
      where: fc.constantFrom<Where>('guide page', 'endpoint page', 'manual page', 'x-mint.content', 'operation description', 'parameter description'),
      forged: forgedArb,
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer' },
  basic: { type: 'http', scheme: 'basic' },
  'apiKey-header': { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
  'apiKey-query': { type: 'apiKey', in: 'query', name: 'api_key' },
  'apiKey-cookie': { type: 'apiKey', in: 'cookie', name: 'session' },
  oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: {} } } },
};

/** The site's files for a case, with the addresses filled in. */
function siteFiles(c: Case, addresses: Record<string, string>): Record<string, string> {
  const fill = (s: string) => s.replace(/@@([a-z-]+)@@/g, (_, k: string) => addresses[k] ?? k);
  const at = (where: Where, jsx: boolean) =>
    c.forged
      .filter((f) => f.where === where)
      .map((f) => forgedMarkup(f.forged, jsx))
      .join('\n\nWords.\n\n');
  const jsxPages = c.ext === 'mdx';
  const security = c.security === 'none' ? undefined : [{ scheme: [] }];
  const opDescription = at('operation description', false);
  const paramDescription = at('parameter description', false);
  const xMint = at('x-mint.content', true);
  const post: Record<string, unknown> = {
    summary: 'Create an item',
    ...(opDescription ? { description: opDescription } : {}),
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' }, ...(paramDescription ? { description: paramDescription } : {}) },
      { name: 'q', in: 'query', schema: { type: 'string' } },
    ],
    requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', example: 'Widget' } } } } } },
    responses: { '200': { description: 'The item.' } },
    ...(xMint ? { 'x-mint': { content: xMint } } : {}),
    ...(security && c.securityAt === 'operation' ? { security } : {}),
  };
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Items', version: '1.0.0' },
    servers: c.specServers.map((url) => (url.includes('{version}') ? { url, variables: { version: { default: 'v1' } } } : { url })),
    ...(security && c.securityAt === 'file' ? { security } : {}),
    ...(c.security === 'none' ? {} : { components: { securitySchemes: { scheme: SECURITY_SCHEMES[c.security] } } }),
    paths: {
      '/items/{id}': { post },
      '/items': { get: { summary: 'List items', responses: { '200': { description: 'The items.' } } } },
    },
  };
  const pages = ['guide', 'endpoint', 'manual'];
  const docs =
    c.format === 'current'
      ? {
          $schema: 'https://mintlify.com/docs.json',
          theme: 'mint',
          name: 'Fuzz',
          colors: { primary: '#0B6E4F' },
          api: {
            openapi: 'openapi.json',
            mdx: { ...(c.docsBases.length ? { server: c.docsBases } : {}), ...(c.docsAuth ? { auth: c.docsAuth } : {}) },
            playground: { display: c.display, credentials: c.credentials },
          },
          navigation: {
            groups: [
              { group: 'Guides', pages },
              { group: 'API', openapi: 'openapi.json' },
            ],
          },
        }
      : {
          name: 'Fuzz',
          colors: { primary: '#0B6E4F' },
          openapi: 'openapi.json',
          api: { ...(c.docsBases.length ? { baseUrl: c.docsBases } : {}), ...(c.docsAuth ? { auth: c.docsAuth } : {}), playground: { mode: c.display } },
          navigation: [{ group: 'Guides', pages }],
        };
  const page = (fm: string, where: Where) => `---\n${fm}\n---\n\nSome words.\n\n${at(where, jsxPages)}\n\nMore words.\n`;
  return {
    'docs.json': fill(JSON.stringify(docs, null, 2)),
    'openapi.json': fill(JSON.stringify(spec, null, 2)),
    [`guide.${c.ext}`]: fill(page('title: Guide', 'guide page')),
    [`endpoint.${c.ext}`]: fill(page(`title: Create\nopenapi: "POST /items/{id}"${c.pageDisplay ? `\nplayground: ${c.pageDisplay}` : ''}`, 'endpoint page')),
    [`manual.${c.ext}`]: fill(page(`title: Manual\napi: "${c.manualApi}"`, 'manual page')),
  };
}

/** The http(s) base URLs the site's config gives (docs.json's and the spec's): the only places a request may go besides the site. */
function configuredBases(c: Case, addresses: Record<string, string>): string[] {
  const fill = (s: string) => s.replace(/@@([a-z-]+)@@/g, (_, k: string) => addresses[k] ?? k).replace('{version}', 'v1');
  return [...c.docsBases, ...c.specServers, ...(c.manualApi.includes(API) ? [`${API}/v1`] : [])].map(fill).filter((b) => /^https?:\/\//.test(b));
}

/** Whether a form is expected to send the credential to the API (so that the property does not pass by sending nothing). */
function expectsCredentialSent(c: Case): boolean {
  const hidden = (d: string) => ['simple', 'none', 'hide'].includes(d);
  const endpointShown = c.pageDisplay ? !hidden(c.pageDisplay) : !hidden(c.display);
  const bases = c.docsBases.length > 0 || c.specServers.some((s) => s.startsWith(API));
  return endpointShown && bases && (c.docsAuth !== undefined || c.security !== 'none');
}

// ---- the browser side ----

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface Env {
  browser: Browser;
  /** One browser context and page for every case; `seen` is every request made in the context. */
  context: BrowserContext;
  page: Page;
  seen: Seen[];
  settled(): Promise<void>;
  site: Awaited<ReturnType<typeof serve>>;
  api: Awaited<ReturnType<typeof serve>>;
  attacker: Awaited<ReturnType<typeof serve>>;
  addresses: Record<string, string>;
  /** The exported site the site server serves. */
  root: { dir: string };
  apiSeen: Seen[];
  attackerSeen: Seen[];
}

function recorder(into: Seen[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      into.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      // Any page may call, with any header and cookies: only the page's scripts decide what is sent.
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*',
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Content-Type': 'application/json',
      });
      res.end(req.method === 'OPTIONS' ? undefined : '{"ok":true}');
    });
  };
}

let envPromise: Promise<Env> | undefined;

function env(): Promise<Env> {
  envPromise ??= (async () => {
    const root = { dir: '' };
    const apiSeen: Seen[] = [];
    const attackerSeen: Seen[] = [];
    const site = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (url === '/__probe') return void res.writeHead(204).end();
      if (!root.dir || !sendFile(res, root.dir, url)) res.writeHead(404).end();
    });
    const api = await serve(recorder(apiSeen));
    const attacker = await serve(recorder(attackerSeen));
    // A port nothing listens on any more.
    const gone = await serve(() => undefined);
    await gone.close();
    const port = (origin: string) => new URL(origin).port;
    const addresses: Record<string, string> = {
      api: api.origin,
      attacker: attacker.origin,
      'attacker-localhost': `http://localhost:${port(attacker.origin)}`,
      closed: gone.origin,
      'closed-localhost': `http://localhost:${port(gone.origin)}`,
      remote: 'https://attacker.example',
    };
    const browser = await launch();
    const context = await browser.newContext();
    const watched = await watch(context);
    return { browser, context, page: await context.newPage(), ...watched, site, api, attacker, addresses, root, apiSeen, attackerSeen };
  })();
  return envPromise;
}

/** Closes the browser and the servers of the property (after the last run). */
export async function closeBrowserFuzz(): Promise<void> {
  if (!envPromise) return;
  const e = await envPromise;
  envPromise = undefined;
  await e.browser.close();
  await Promise.all([e.site.close(), e.api.close(), e.attacker.close()]);
}

/** Whether a URL is under a base URL (same origin, path inside the base's), as playground.js decides. */
function under(url: URL, base: string): boolean {
  const b = new URL(base);
  const prefix = trimTrailingSlashes(b.pathname) + '/';
  return url.origin === b.origin && (url.pathname + '/').startsWith(prefix);
}

/** Whether a request carries the credential: in its URL, a header (Basic decoded too) or its body. */
function carriesCredential(r: Seen): boolean {
  const basic = Object.values(r.headers).flatMap((v) =>
    [...String(v).matchAll(/Basic\s+([A-Za-z0-9+/=]+)/gi)].map((m) => Buffer.from(m[1], 'base64').toString('utf8')),
  );
  let url = r.url;
  try {
    url += decodeURIComponent(r.url);
  } catch {
    // as sent
  }
  return [url, JSON.stringify(r.headers), r.body, ...basic].some((s) => s.includes(CREDENTIAL));
}

/** Every request of a browser context (all its pages and frames), seen before it leaves; and a wait until none is in flight. */
async function watch(context: BrowserContext): Promise<{ seen: Seen[]; settled(): Promise<void> }> {
  const seen: Seen[] = [];
  const inFlight = new Set<Request>();
  let wake: (() => void) | undefined;
  const done = (r: Request) => {
    inFlight.delete(r);
    if (inFlight.size === 0) wake?.();
  };
  context.on('request', (r) => void inFlight.add(r));
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  await context.route('**/*', async (route) => {
    const r = route.request();
    seen.push({ method: r.method(), url: r.url(), headers: await r.allHeaders(), body: r.postData() ?? '' });
    // Addresses outside this machine are answered here (no DNS), as an attacker would: with anything.
    if (new URL(r.url()).hostname.endsWith('.example')) await route.fulfill({ status: 200, headers: { 'Access-Control-Allow-Origin': '*' }, body: '{}' });
    else await route.continue();
  });
  return {
    seen,
    // A request that never ends fails the case (with its address) instead of hanging it.
    settled: () =>
      inFlight.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`requests still in flight after 15 s: ${[...inFlight].map((r) => r.url()).join(', ')}`)), 15000);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
  };
}

/** Types the credential into every credential field (and every other free text field page content put in). */
async function typeCredentials(page: Page): Promise<number> {
  const fields = page.locator('[data-dw-playground] [data-dw-pg-field^="auth:"]');
  const n = await fields.count();
  for (let i = 0; i < n; i++) {
    const f = fields.nth(i);
    const which = (await f.getAttribute('data-dw-pg-field')) ?? '';
    if ((await f.isVisible()) && (await f.isEditable())) await f.fill(`${CREDENTIAL}-${which.slice(5)}`);
    else await f.evaluate((el, v) => ((el as HTMLInputElement).value = v), `${CREDENTIAL}-${which.slice(5)}`);
  }
  // Lookalike fields of page content: what a reader types there must not leave either.
  await page.evaluate((v) => {
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([data-dw-pg-field]):not([type=checkbox]):not([type=search]), textarea:not([data-dw-pg-field])',
    )) {
      if (el.closest('[data-dw-playground]') || el.closest('[role=dialog], .dw-search')) continue;
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, `${CREDENTIAL}-typed`);
  // Path parameters the real forms need, so that they send.
  const params = page.locator('[data-dw-playground] input[data-dw-pg-field="param"][data-dw-pg-in="path"]');
  for (let i = 0; i < (await params.count()); i++) if ((await params.nth(i).inputValue()) === '') await params.nth(i).fill('p1');
  return n;
}

/** Clicks every element of the page but links that leave it; presses Enter in every input; sends every form. */
async function clickEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    // Everything page content and the playground are made of; the site's own controls around them.
    const content = [...document.querySelectorAll('#content-area *')];
    const chrome = [...document.body.querySelectorAll('button, summary, a[href^="#"], [role=button], [role=tab]')].filter((el) => !el.closest('#content-area'));
    for (const el of [...content, ...chrome]) {
      // Following a link is the reader's choice of address, not a script's.
      if (el.closest('a[href]:not([href^="#"]), area[href]')) continue;
      if (el instanceof HTMLElement) el.click();
      else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
  });
  const inputs = page.locator('main input:not([type=checkbox]), article input:not([type=checkbox]), [data-dw-playground] input');
  for (let i = 0; i < (await inputs.count()); i++) {
    await inputs.nth(i).evaluate((el) => (el as HTMLElement).focus());
    await page.keyboard.press('Enter');
  }
  const sends = page.locator('[data-dw-playground] [data-dw-pg-send]');
  for (let i = 0; i < (await sends.count()); i++) {
    const b = sends.nth(i);
    if (await b.isVisible()) await b.click({ timeout: 2000 });
    else await b.evaluate((el) => (el as HTMLElement).click());
  }
}

function htmlFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? htmlFiles(dir, path.join(rel, d.name)) : d.name.endsWith('.html') ? [path.join(rel, d.name)] : [],
  );
}

/** Cases run (scripts/fuzz.ts counts them with the others). */
export const browserCounts = { cases: 0 };

/** One case: check and export the site, then open, type, click and send on every page; the network must keep the credential. */
async function runCase(c: Case): Promise<void> {
  browserCounts.cases++;
  const e = await env();
  const files = siteFiles(c, e.addresses);
  await check(files);
  const tmp = mkdtempSync(path.join(tmpdir(), 'docwright-pgfuzz-'));
  const { page, seen, settled } = e;
  try {
    writeSiteToDisk(path.join(tmp, 'site'), files);
    const out = path.join(tmp, 'out');
    const run = await exportSite({ dir: path.join(tmp, 'site'), out });
    assert.equal(run.code, 0, run.err.join('\n'));
    e.root.dir = out;
    e.apiSeen.length = 0;
    e.attackerSeen.length = 0;
    seen.length = 0;
    let typed = 0;
    // The API pages: those the export gave the playground's script.
    const apiPages = htmlFiles(out)
      .filter((f) => readFileSync(path.join(out, f), 'utf8').includes('/playground.js"'))
      .sort();
    for (const file of apiPages) {
      await page.goto(`${e.site.origin}/${file.split(path.sep).join('/')}`, { waitUntil: 'domcontentloaded' });
      typed += await typeCredentials(page);
      await clickEverything(page);
      // A request of the page's own after the clicks: every request they started has been seen by then.
      await page.evaluate(() => fetch('/__probe').then((r) => r.status));
      await settled();
    }
    const bases = configuredBases(c, e.addresses);
    const allowed = (r: Seen) => {
      const url = new URL(r.url);
      return bases.some((b) => under(url, b)) || (url.origin === e.site.origin && !carriesCredential(r));
    };
    const show = (r: Seen) => `${r.method} ${r.url}${carriesCredential(r) ? ' (with the credential)' : ''}`;
    assert.deepEqual(seen.filter((r) => !allowed(r)).map(show), [], 'a request left for an address that is not the site or a configured base URL');
    assert.deepEqual(e.attackerSeen.map(show), [], "the attacker's server received a request");
    if (expectsCredentialSent(c)) {
      assert.ok(typed > 0, 'the page has a credential field');
      assert.ok(e.apiSeen.some(carriesCredential), `the real form sent the credential to the API: ${JSON.stringify(e.apiSeen.map(show))}`);
    }
  } finally {
    e.root.dir = '';
    // Pages a click opened, and cookies: the next case starts clean.
    for (const p of e.context.pages()) if (p !== page) await p.close();
    await e.context.clearCookies();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export const BROWSER_PROPERTIES: FuzzProperty[] = [
  {
    name: 'playground network: hostile pages, docs.json and OpenAPI specs: no request leaves for an address the page chose while a credential is typed',
    runsFactor: 0.05,
    property: () => fc.asyncProperty(caseArb, runCase) as never,
  },
];

// ---------------------------------------------------------------------------------------------
// node:test (CI mode)

if (!process.env.DOCWRIGHT_FUZZ_SCRIPT) {
  const RUNS = Number(process.env.DOCWRIGHT_BROWSER_FUZZ_RUNS ?? 10);
  const SEED = Number(process.env.DOCWRIGHT_FUZZ_SEED ?? 20240601);
  describe('browser fuzz', () => {
    after(closeBrowserFuzz);
    for (const p of BROWSER_PROPERTIES) {
      it(p.name, async () => {
        await fc.assert(p.property(), { numRuns: RUNS, seed: SEED, includeErrorInReport: true });
      });
    }
  });
}

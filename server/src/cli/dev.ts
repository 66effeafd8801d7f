// `docwright dev [dir] [--port n] [--host address] [--open]`: the site in any browser, as the preview
// and the export render it, kept current as files change. Node's HTTP server and chokidar; no
// bundler. The pages come from features/dev-site.ts; this file serves them, watches the files,
// tells open tabs (Server-Sent Events) and runs the checks and the rendering off the serving path
// (worker threads). It answers only its own host names (DNS rebinding) and, from a browser, only
// its own pages (Sec-Fetch-Site, Origin): another site can neither read nor include what it serves.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import * as path from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { checkPageAlone } from '../check';
import { DevSite, safeSegments } from '../features/dev-site';
import { escapeHtml, SITE_HTML_CSP } from '../export/document';
import type { CheckCacheData } from '../node/check-cache';
import { checkSiteFiles, readSiteTexts } from '../node/check-run';
import { readMediaFile, readStaticAssets } from '../node/export-disk';
import { DevRenderWorker, type DevChange } from '../node/dev-render';
import { readSiteFile } from '../node/site-file';
import type { Finding } from '../types';
import { relativeInside, toPosix } from '../util/paths';
import { isSkippedFolder } from '../workspace';
import { PAGE_RULES } from '../rules/index';
import { isCrossPageRule } from '../rules/types';
import { parseCommandArgs, UsageError } from './args';
import { projectIn } from './sites';
import { isMarkdownFile } from '../util/page-files';

export interface DevArgs {
  dir: string;
  port: number;
  host: string;
  open: boolean;
}

export const DEFAULT_PORT = 3000;

export function parseDevArgs(args: string[]): DevArgs {
  const a = parseCommandArgs('dev', args);
  const portText = a.value('port');
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${portText}".`, 'dev');
  const host = a.value('host') ?? '127.0.0.1';
  if (!host.trim()) throw new UsageError('--host needs an address.', 'dev');
  return { dir: a.positionals[0] ?? '.', port, host, open: a.flag('open') };
}

export interface DevIo {
  out(s: string): void;
  err(s: string): void;
  cwd?: string;
  /** Stops the server (the CLI stops on SIGINT and SIGTERM). */
  signal?: AbortSignal;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  yaml: 'text/yaml; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  vtt: 'text/vtt; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
};
const typeOf = (name: string) => TYPES[/\.([^./]+)$/.exec(name)?.[1].toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Loopback addresses, as --host gives them. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
/** Addresses that listen on every interface of the machine. */
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);
/** An address as a Host header writes it (IPv6 in brackets), lower case. */
const hostName = (address: string) => {
  const a = address.toLowerCase();
  return isIP(a) === 6 ? `[${a}]` : a;
};

/**
 * Whether a request's Host header names this server: exactly `localhost`, `127.0.0.1`, `[::1]` or
 * the --host given (every address of the machine's interfaces for 0.0.0.0 and ::), with the port
 * it listens on. Any other name is a page of some other site whose name now leads here (DNS
 * rebinding); a browser sends the name of the page's own address, so that page gets nothing.
 */
export function isOwnHost(header: string | undefined, bindHost: string, port: number): boolean {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d+))?$/i.exec(header ?? '');
  if (!m) return false;
  if ((m[2] === undefined ? 80 : Number(m[2])) !== port) return false;
  const name = m[1].toLowerCase();
  if (name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name === hostName(bindHost)) return true;
  if (!WILDCARD.has(bindHost)) return false;
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => hostName(i.address) === name));
}

/**
 * Why a browser's request comes from another site's page (a fetch, an included script or image, a
 * frame, a link followed), or undefined when it comes from this server's own pages or from the
 * reader (the address typed, a bookmark). Requests with neither Sec-Fetch-Site nor Origin are
 * not a browser's (curl, scripts) and are answered.
 */
export function crossSiteRequest(headers: IncomingMessage['headers']): string | undefined {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a request from another site (Sec-Fetch-Site: ${site})`;
  const origin = headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${headers.host ?? ''}`.toLowerCase()) return `a request from another origin (${origin})`;
  return undefined;
}

/** The search index of `docwright dev`'s pages: JSON, for this server's own pages only. */
const SEARCH_INDEX = '/__docwright/search-index.json';

/** How long the full check waits after the last change (edits come in bursts). */
const RECHECK_MS = 1000;
/** How long after a file event or a page request the search indexing stays paused. */
const QUIET_MS = 1500;

/** Rules that read other pages' facts: a page checked alone does not run their check. */
const CROSS_PAGE = new Set(PAGE_RULES.filter(isCrossPageRule).map((r) => r.id));

interface Client {
  res: ServerResponse;
  page: string;
}

/** Exit code: 0 stopped, 2 bad usage, no site, or the address could not be used. */
export async function runDev(args: DevArgs, io: DevIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const { docwright, project } = await projectIn(args.dir, cwd, 'dev');
  if (project.roots.length > 1) {
    const list = project.roots.map((r) => toPosix(path.relative(cwd, r)) || '.').join(', ');
    throw new UsageError(`"${args.dir}" holds ${project.roots.length} sites (${list}): serve one at a time, e.g. docwright dev ${list.split(', ')[0]}.`, 'dev');
  }
  const root = project.roots[0];
  /** A site file as the terminal names it: from the working folder when the site is in it, else from the site folder. */
  const shown = (rel: string) => {
    const fromCwd = toPosix(path.relative(cwd, path.join(root, rel)));
    return fromCwd === '' || fromCwd.startsWith('../') ? rel : fromCwd;
  };
  const [assets, devJs] = await Promise.all([readStaticAssets(), readMediaFile('dev.js')]);
  // Pages are rendered on a worker: their components block the thread they run on.
  const renderer = new DevRenderWorker(root);
  const site = new DevSite(project, root, { assets, ...docwright.renderOptions(true), renderPage: (id) => renderer.render(id) });
  const clients = new Set<Client>();

  // ---- problems: the whole site's on worker threads, a changed page's own at once ----
  let full: Map<string, Finding[]> | undefined;
  /** Page-only findings of pages changed since the last full check began (or asked for before the first). */
  const quick = new Map<string, Finding[]>();
  let cache: CheckCacheData | undefined;
  let checking = false;
  let recheck = false;
  let recheckTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const visible = (list: Finding[]) => list.filter((f) => f.severity !== 'hint');
  async function problemsOf(rel: string): Promise<Finding[]> {
    const known = quick.get(rel) ?? full?.get(rel);
    if (known) return known;
    if (full) return [];
    // Before the first full check: the page's own rules, now (one page).
    const s = await project.site(root);
    const id = s ? project.pageIdOf(s, path.posix.join(root, rel)) : undefined;
    if (!s || id === undefined) return [];
    const list = checkPageAlone(s, id, await project.page(path.posix.join(root, rel)), docwright.checkOptions());
    quick.set(rel, list);
    return list;
  }

  async function fullCheck(): Promise<void> {
    if (checking) {
      recheck = true;
      return;
    }
    checking = true;
    try {
      do {
        recheck = false;
        // Its reading of every page and the site rules run on this thread: not while the reader saves or browses.
        while (Date.now() < quietUntil && !stopped) await new Promise((resolve) => setTimeout(resolve, quietUntil - Date.now()));
        if (stopped) return;
        const started = new Set(quick.keys());
        const s = await project.site(root);
        if (!s) break;
        const texts = await readSiteTexts(s, (p) => project.text(p));
        // idle: the server's thread only coordinates; a worker parses and checks.
        const result = await checkSiteFiles(s, texts, { threads: 1, idle: true, cache });
        if (stopped) return;
        cache = result.cache;
        const byRel = new Map<string, Finding[]>();
        for (const f of result.findings) {
          const rel = relativeInside(root, f.path) ?? f.path;
          const list = byRel.get(rel) ?? [];
          list.push(f);
          byRel.set(rel, list);
        }
        const first = full === undefined;
        full = byRel;
        // Page-only results asked for before this check began are now covered by it.
        for (const rel of started) quick.delete(rel);
        if (first) {
          const counts = (sev: Finding['severity']) => result.findings.filter((f) => f.severity === sev).length;
          io.out(
            `Checked ${s.pages.size} page${s.pages.size === 1 ? '' : 's'}: ${counts('error')} error(s), ${counts('warning')} warning(s), ${counts('information')} info.`,
          );
        }
        broadcast('problems', {});
        await reportOpenPages();
      } while (recheck && !stopped);
    } catch (e) {
      io.err(`docwright: the site check failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      checking = false;
    }
  }

  /** The terminal shows each open page's problems when they change. */
  const printed = new Map<string, string>();
  async function reportOpenPages(): Promise<void> {
    const pages = new Set([...clients].map((c) => c.page));
    for (const id of pages) {
      const planned = await site.planned(id);
      if (!planned) continue;
      const list = visible(await problemsOf(planned.rel));
      const text = list
        .map(
          (f) =>
            `  ${shown(relativeInside(root, f.path) ?? f.path)}:${f.range.start.line + 1}:${f.range.start.character + 1}  ${f.severity.padEnd(11)} ${f.message}  ${f.ruleId}`,
        )
        .join('\n');
      if (printed.get(id) === text) continue;
      printed.set(id, text);
      io.out(list.length ? `${shown(planned.rel)}: ${list.length} problem${list.length === 1 ? '' : 's'}\n${text}` : `${shown(planned.rel)}: no problems`);
    }
  }

  // ---- Server-Sent Events ----
  function broadcast(event: string, data: unknown): void {
    const message = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of clients) c.res.write(message);
  }
  const keepAlive = setInterval(() => {
    for (const c of clients) c.res.write(': ping\n\n');
  }, 20_000);
  keepAlive.unref();

  // ---- file changes ----
  let pending = new Map<string, 'change' | 'set'>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const skipped = (p: string) => {
    const rel = relativeInside(root, toPosix(p));
    return rel !== undefined && rel.split('/').some(isSkippedFolder);
  };
  let watcher: FSWatcher | undefined;
  let watching: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (watching = resolve));
  /** Started once the first page is served: listing the site's files must not slow that page down. */
  function startWatching(): void {
    // A save seen between its truncate and its write would be read empty: a file counts as changed once its size has held for a moment.
    watcher = watch(root, { ignoreInitial: true, ignored: skipped, awaitWriteFinish: { stabilityThreshold: 25, pollInterval: 10 } });
    watcher.once('ready', watching);
    watcher.on('all', onFileEvent);
    watcher.on('error', (e) => io.err(`docwright: watching files: ${e instanceof Error ? e.message : String(e)}`));
  }
  function onFileEvent(event: string, p: string): void {
    busy();
    const file = toPosix(path.resolve(p));
    pending.set(file, event === 'change' && pending.get(file) !== 'set' ? 'change' : 'set');
    // Events of one save (or one `git checkout`) arrive together: handled as one change.
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      flushing = flushing
        .then(flush)
        .catch((e: unknown) => io.err(`docwright: handling a file change: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    }, 5);
  }

  async function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return;
    renderer.changed([...batch].map(([p, kind]): DevChange => [p, kind]));
    const named: string[] = [];
    for (const [p, kind] of batch) {
      if (kind === 'change' && project.hasFile(p)) project.contentChanged(p);
      else named.push(p);
    }
    try {
      if (named.length) await project.reconcile(named);
    } catch (e) {
      io.err(`docwright: reading changed files: ${e instanceof Error ? e.message : String(e)}`);
    }
    await site.changed([...batch.keys()]);
    const rels = [...batch.keys()].map((p) => relativeInside(root, p) ?? p);
    for (const rel of rels) quick.delete(rel);
    broadcast('change', { files: rels });
    io.out(`Changed ${rels.map(shown).join(', ')}${clients.size ? `: ${clients.size} open tab${clients.size === 1 ? '' : 's'} told` : ''}.`);
    clearTimeout(recheckTimer);
    recheckTimer = setTimeout(() => void fullCheck(), RECHECK_MS);
    scheduleIndexing();
    // The changed pages' own problems once the tabs have their new page (or soon, with none open);
    // the whole site's (links into them...) after a pause.
    void afterNextPage().then(async () => {
      for (const rel of rels) if (full && isMarkdownFile(rel)) await quickCheck(rel);
      broadcast('problems', {});
      await reportOpenPages();
    });
  }

  /** Resolves once the next page has been served, or after a short wait when no tab asks for one. */
  const pageWaiters: (() => void)[] = [];
  function afterNextPage(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, clients.size ? 300 : 0);
      pageWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async function quickCheck(rel: string): Promise<void> {
    const s = await project.site(root);
    const p = path.posix.join(root, rel);
    const id = s ? project.pageIdOf(s, p) : undefined;
    if (!s || id === undefined) return;
    // The page's own rules now; what the cross-page rules (links into other pages) said stands until the next full check.
    const kept = (full?.get(rel) ?? []).filter((f) => CROSS_PAGE.has(f.ruleId) || f.path !== p);
    quick.set(rel, [...checkPageAlone(s, id, await project.page(p), docwright.checkOptions()), ...kept]);
  }

  // ---- the search index, off the serving path: one page per turn of the event loop, in quiet moments ----
  let indexing = false;
  /** Until when the indexing waits (file events and page requests push it back). */
  let quietUntil = 0;
  const busy = () => (quietUntil = Date.now() + QUIET_MS);
  let indexTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleIndexing(delay = 500): void {
    clearTimeout(indexTimer);
    indexTimer = setTimeout(() => void indexPages(), delay);
    indexTimer.unref();
  }
  async function indexPages(): Promise<void> {
    if (indexing || stopped) return;
    indexing = true;
    try {
      for (const id of await site.unindexed()) {
        if (stopped) return;
        await new Promise((resolve) => setImmediate(resolve));
        // Each page indexed is a render on this thread: none while the reader is saving or browsing.
        while (Date.now() < quietUntil && !stopped) await new Promise((resolve) => setTimeout(resolve, quietUntil - Date.now()));
        await site.index(id).catch(() => undefined);
      }
    } finally {
      indexing = false;
    }
  }

  // ---- HTTP ----
  let backgroundStarted = false;
  let pageServed: () => void = () => undefined;
  const firstPageServed = new Promise<void>((resolve) => (pageServed = resolve));
  const nonceOf = () => randomBytes(16).toString('base64');
  const policy = (nonce: string) => `script-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
  /**
   * A page as the export writes it, each script given this response's nonce, the search told to
   * fetch its index as JSON from this server, and the dev script added.
   */
  function withDevScript(html: string, nonce: string, page: string, etag: string): string {
    const scripts = withNonce(html, nonce);
    const tag = `<script nonce="${nonce}" src="/__docwright/dev.js" data-page="${escapeHtml(page)}" data-etag="${escapeHtml(etag)}"></script>\n`;
    const at = scripts.lastIndexOf('</body>');
    return at < 0 ? scripts + tag : scripts.slice(0, at) + tag + scripts.slice(at);
  }
  const withNonce = (html: string, nonce: string) =>
    html
      .replace(/<script src="([^"]*_docwright\/search\.js)"/g, `<script src="$1" data-index="${SEARCH_INDEX}"`)
      .replace(/<script src="/g, `<script nonce="${nonce}" src="`);
  /** What every answer says: never cached unchecked, never sniffed, never embedded by another site's page. */
  const COMMON = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' };
  const send = (res: ServerResponse, status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': type, ...COMMON, ...headers });
    res.end(body);
  };
  let port = args.port;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Only GET and HEAD.\n', { Allow: 'GET, HEAD' });
    if (!isOwnHost(req.headers.host, args.host, port))
      return send(
        res,
        403,
        'text/plain; charset=utf-8',
        `This server answers only to localhost, 127.0.0.1 and [::1]${isLoopback(args.host) ? '' : ` and ${args.host}`}.\n`,
      );
    const foreign = crossSiteRequest(req.headers);
    if (foreign !== undefined)
      return send(res, 403, 'text/plain; charset=utf-8', `docwright dev answers only its own pages, not ${foreign}: open the address it printed yourself.\n`);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return send(res, 400, 'text/plain; charset=utf-8', 'Bad address.\n');
    }
    // What the request line says, before the URL parser resolved any `..`: a request for a path above the site is refused outright.
    const raw = (req.url ?? '/').split(/[?#]/)[0];
    if (safeSegments(raw) === undefined) return send(res, 403, 'text/plain; charset=utf-8', 'The address leaves the site folder.\n');
    const pathname = url.pathname;
    if (pathname === '/__docwright/dev.js') return send(res, 200, TYPES.js, devJs);
    if (pathname === SEARCH_INDEX) {
      busy();
      const index = await site.searchIndex();
      return index === undefined ? notFound(res) : send(res, 200, TYPES.json, index);
    }
    if (pathname === '/__docwright/events') return events(req, res, url.searchParams.get('page') ?? '');
    if (pathname === '/__docwright/problems') {
      const planned = await site.planned(url.searchParams.get('page') ?? '');
      const list = planned ? visible(await problemsOf(planned.rel)) : [];
      const json = list.map((f) => ({
        file: relativeInside(root, f.path) ?? f.path,
        line: f.range.start.line + 1,
        column: f.range.start.character + 1,
        severity: f.severity,
        ruleId: f.ruleId,
        message: f.message,
      }));
      return send(res, 200, TYPES.json, JSON.stringify(json));
    }
    const route = await site.route(pathname);
    switch (route.kind) {
      case 'page': {
        busy();
        const got = await site.page(route.id, route.file);
        if (!got) return notFound(res);
        const etag = `"${createHash('sha1').update(got.text).digest('base64url')}"`;
        const nonce = nonceOf();
        send(res, 200, TYPES.html, withDevScript(got.text, nonce, route.id, etag), { ETag: etag, 'Content-Security-Policy': policy(nonce) });
        res.once('finish', () => {
          pageServed();
          for (const w of pageWaiters.splice(0)) w();
        });
        return;
      }
      case 'markdown': {
        const planned = await site.planned(route.id);
        const got = planned && (await site.page(route.id, planned.md));
        return got ? send(res, 200, TYPES.md, got.text) : notFound(res);
      }
      case 'asset': {
        const body = await site.asset(route.name);
        return body === undefined ? notFound(res) : send(res, 200, typeOf(route.name), body);
      }
      case 'file': {
        const got = await readSiteFile(root, route.rel);
        if (!got) return notFound(res);
        if ('refused' in got) return send(res, 403, 'text/plain; charset=utf-8', got.refused + '\n');
        // A site HTML file carries the export's policy (no script runs) and is UTF-8; the headers say the same.
        return send(
          res,
          200,
          typeOf(route.rel),
          got.bytes,
          /\.html?$/i.test(route.rel) ? { 'Content-Security-Policy': `${SITE_HTML_CSP}; frame-ancestors 'self'` } : {},
        );
      }
      case 'redirect':
        res.writeHead(302, { Location: route.location, ...COMMON });
        return void res.end();
      case 'refused':
        return send(res, 403, 'text/plain; charset=utf-8', route.why + '\n');
      case 'notFound':
        return notFound(res);
    }
  }

  async function notFound(res: ServerResponse): Promise<void> {
    const html = await site.notFound();
    if (html === undefined) return send(res, 404, 'text/plain; charset=utf-8', 'Not found.\n');
    const nonce = nonceOf();
    send(res, 404, TYPES.html, withNonce(html, nonce), { 'Content-Security-Policy': policy(nonce) });
  }

  function events(req: IncomingMessage, res: ServerResponse, page: string): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', ...COMMON, Connection: 'keep-alive' });
    res.write('retry: 500\n\nevent: hello\ndata: {}\n\n');
    const client = { res, page };
    clients.add(client);
    req.on('close', () => clients.delete(client));
    void reportOpenPages();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // A render the stop cut short: the connection is closing anyway.
      if (stopped) return void res.end();
      const message = e instanceof Error ? e.message : String(e);
      io.err(`docwright: ${req.url}: ${message}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `Docwright could not render this page: ${message}\n`);
      else res.end();
    });
  });
  const listening = await new Promise<AddressInfo | NodeJS.ErrnoException>((resolve) => {
    server.once('error', (e: NodeJS.ErrnoException) => resolve(e));
    server.listen(args.port, args.host, () => resolve(server.address() as AddressInfo));
  });
  if (listening instanceof Error) {
    clearInterval(keepAlive);
    const where = `${args.host}:${args.port}`;
    if (listening.code === 'EADDRINUSE')
      io.err(
        `docwright: port ${args.port} is in use on ${args.host} (another server is running there). Stop it, or choose another port: docwright dev --port ${args.port + 1}`,
      );
    else if (listening.code === 'EACCES')
      io.err(`docwright: not allowed to listen on ${where} (ports below 1024 need privileges). Choose another port with --port.`);
    else if (listening.code === 'EADDRNOTAVAIL' || listening.code === 'ENOTFOUND')
      io.err(`docwright: ${args.host} is not an address of this machine. Use --host 127.0.0.1 (the default) or one of its addresses.`);
    else io.err(`docwright: could not listen on ${where}: ${listening.message}`);
    return 2;
  }
  port = listening.port;
  const host = listening.family === 'IPv6' ? `[${listening.address}]` : listening.address;
  const origin = `http://${host === '127.0.0.1' || host === '[::1]' ? 'localhost' : host}:${listening.port}`;
  const siteNow = await project.site(root);
  const rel = toPosix(path.relative(cwd, root));
  io.out(`Serving ${rel === '' ? '.' : rel.startsWith('../') ? root : rel} (${siteNow?.pages.size ?? 0} pages) at ${origin}/`);
  if (!isLoopback(args.host)) io.out(`Listening on ${args.host}: other machines on the network can read the site.`);
  // Said once the watcher has listed the files: from then on every change is seen.
  void ready.then(() => io.out('Watching files: open pages reload as they change. Ctrl+C stops.'));
  // Warm the navigation (front matter of every page) now. The site's check and search index wait
  // for the first page served (or a few seconds without one): they must not slow it down.
  void site.ctx();
  const backgroundWork = () => {
    if (backgroundStarted || stopped) return;
    backgroundStarted = true;
    clearTimeout(backgroundTimer);
    startWatching();
    void fullCheck();
    scheduleIndexing(1000);
  };
  const backgroundTimer = setTimeout(backgroundWork, 3000);
  firstPageServed.then(backgroundWork, () => undefined);
  if (args.open) openBrowser(`${origin}/`, io);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    if (io.signal?.aborted) stop();
    io.signal?.addEventListener('abort', stop, { once: true });
  });
  stopped = true;
  clearInterval(keepAlive);
  clearTimeout(backgroundTimer);
  clearTimeout(recheckTimer);
  clearTimeout(indexTimer);
  clearTimeout(flushTimer);
  for (const c of clients) c.res.end();
  await Promise.all([watcher?.close(), renderer.stop()]);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
  return 0;
}

/** The system's opener; a failure is a note, the server runs on. */
function openBrowser(url: string, io: DevIo): void {
  const [command, ...args] =
    process.platform === 'darwin' ? ['open', url] : process.platform === 'win32' ? ['cmd', '/c', 'start', '""', url] : ['xdg-open', url];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => io.err(`docwright: could not open a browser; open ${url} yourself.`));
    child.unref();
  } catch {
    io.err(`docwright: could not open a browser; open ${url} yourself.`);
  }
}

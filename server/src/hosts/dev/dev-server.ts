// The server behind `docwright dev` (cli/dev.ts starts it): pages from features/dev-site.ts rendered on
// a worker, the files watched, open tabs told (Server-Sent Events), the problems of the pages they
// show kept by the facade's check session (the language server's policy: the first check on worker
// threads, an open page checked at once meanwhile, then changed pages alone), and the search index
// built page by page in quiet moments.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import * as path from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { SITE_HTML_CSP, type CheckSession, type DevSite, type Docwright, type StaticAssets } from '../../docwright';
import { DevRenderWorker, type DevChange } from '../../node/dev-render';
import { nodeFirstChecker } from '../../node/first-check';
import { readSiteFile } from '../../node/site-file';
import type { Finding } from '../../types';
import { join, relativeInside, safeSegments, toPosix } from '../../util/paths';
import { escapeHtml } from '../../util/text';
import { isSkippedFolder } from '../../workspace';
import type { DevArgs, DevIo } from './dev';

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
const TEXT = 'text/plain; charset=utf-8';

/** The search index of `docwright dev`'s pages: JSON, for this server's own pages only. */
const SEARCH_INDEX = '/__docwright/search-index.json';
/** How long after a file event or a page request the search indexing stays paused. */
const QUIET_MS = 1500;
/** The session's pauses: a save comes as a burst of events, and the reader looks at one page at a time. */
const DELAYS = { check: 300, page: 30, siteRecheck: 1000 };
/** What every answer says: never cached unchecked, never sniffed, never embedded by another site's page. */
const COMMON = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' };

/** Loopback addresses, as --host gives them. */
export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
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

interface Client {
  res: ServerResponse;
  /** The page id the tab shows, and its file (absolute). */
  page: string;
  file?: string;
}

const visible = (list: Finding[]) => list.filter((f) => f.severity !== 'hint');

function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, ...COMMON, ...headers });
  res.end(body);
}

const nonceOf = () => randomBytes(16).toString('base64');
const policy = (nonce: string) => `script-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
const withNonce = (html: string, nonce: string) =>
  html
    .replace(/<script src="([^"]*_docwright\/search\.js)"/g, `<script src="$1" data-index="${SEARCH_INDEX}"`)
    .replace(/<script src="/g, `<script nonce="${nonce}" src="`);

/** A page as the export writes it, each script given this response's nonce, the search told to fetch its index from this server, and the dev script added. */
function withDevScript(html: string, nonce: string, page: string, etag: string): string {
  const scripts = withNonce(html, nonce);
  const tag = `<script nonce="${nonce}" src="/__docwright/dev.js" data-page="${escapeHtml(page)}" data-etag="${escapeHtml(etag)}"></script>\n`;
  const at = scripts.lastIndexOf('</body>');
  return at < 0 ? scripts + tag : scripts.slice(0, at) + tag + scripts.slice(at);
}

/** A pause that file events and page requests push back, and what waits for its end (no clock polled). */
class Quiet {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiters: (() => void)[] = [];

  busy(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      for (const resolve of this.waiters.splice(0)) resolve();
    }, QUIET_MS);
    this.timer.unref();
  }

  /** Resolves at once when nothing happened lately, else when the pause ends. */
  whenQuiet(): Promise<void> {
    return this.timer === undefined ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

export class DevServer {
  private readonly renderer: DevRenderWorker;
  private readonly site: DevSite;
  private readonly session: CheckSession;
  private readonly clients = new Set<Client>();
  /** What the terminal last printed of each open page's problems. */
  private readonly printed = new Map<string, string>();
  private readonly quiet = new Quiet();
  private readonly keepAlive: ReturnType<typeof setInterval>;
  private readonly server: Server;
  private port: number;
  private stopped = false;
  private summarized = false;
  private reportQueued = false;
  private watcher: FSWatcher | undefined;
  private pending = new Map<string, string>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private indexing = false;
  private indexTimer: ReturnType<typeof setTimeout> | undefined;
  private backgroundTimer: ReturnType<typeof setTimeout> | undefined;
  private backgroundStarted = false;

  constructor(
    private readonly args: DevArgs,
    private readonly io: DevIo,
    private readonly docwright: Docwright,
    private readonly root: string,
    private readonly cwd: string,
    assets: StaticAssets,
    private readonly devJs: string,
  ) {
    this.port = args.port;
    // Pages are rendered on a worker: their components block the thread they run on.
    this.renderer = new DevRenderWorker(root);
    this.site = docwright.devSite(root, { assets, renderPage: (id) => this.renderer.render(id) });
    const err = (message: string) => io.err(`docwright: ${message.replace(/^Docwright: /, '')}`);
    this.session = docwright.session({
      timers: { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined) },
      delays: DELAYS,
      firstCheck: nodeFirstChecker(() => docwright, { rules: () => undefined, storage: () => undefined, log: err }),
      // The watcher starts with the server: a change it reports is one made since.
      lateDiskEvents: false,
      publish: () => this.problemsChanged(),
      siteChanged: (_root, file) => file === undefined && this.summarize(),
      checkOptions: () => ({}),
      log: err,
    });
    this.keepAlive = setInterval(() => {
      for (const c of this.clients) c.res.write(': ping\n\n');
    }, 20_000);
    this.keepAlive.unref();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        // A render the stop cut short: the connection is closing anyway.
        if (this.stopped) return void res.end();
        const message = e instanceof Error ? e.message : String(e);
        io.err(`docwright: ${req.url}: ${message}`);
        if (!res.headersSent) send(res, 500, TEXT, `Docwright could not render this page: ${message}\n`);
        else res.end();
      });
    });
  }

  /** A site file as the terminal names it: from the working folder when the site is in it, else from the site folder. */
  private shown(rel: string): string {
    const fromCwd = toPosix(path.relative(this.cwd, join(this.root, rel)));
    return fromCwd === '' || fromCwd.startsWith('../') ? rel : fromCwd;
  }

  /** Listens; the exit code when the address cannot be used (said on stderr), else the origin it serves. */
  async listen(): Promise<{ origin: string } | { exit: number }> {
    const { args, io } = this;
    const listening = await new Promise<AddressInfo | NodeJS.ErrnoException>((resolve) => {
      this.server.once('error', (e: NodeJS.ErrnoException) => resolve(e));
      this.server.listen(args.port, args.host, () => resolve(this.server.address() as AddressInfo));
    });
    if (listening instanceof Error) {
      clearInterval(this.keepAlive);
      await this.renderer.stop();
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
      return { exit: 2 };
    }
    this.port = listening.port;
    const host = listening.family === 'IPv6' ? `[${listening.address}]` : listening.address;
    return { origin: `http://${host === '127.0.0.1' || host === '[::1]' ? 'localhost' : host}:${listening.port}` };
  }

  /**
   * Warms the navigation (front matter of every page) now. The site's check, the watcher and the
   * search index wait for the first page served (or a few seconds without one): they must not slow it down.
   */
  warm(): void {
    void this.site.ctx();
    this.backgroundTimer = setTimeout(() => this.background(), 3000);
  }

  private background(): void {
    if (this.backgroundStarted || this.stopped) return;
    this.backgroundStarted = true;
    clearTimeout(this.backgroundTimer);
    this.startWatching();
    void this.session.start();
    this.scheduleIndexing(1000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.keepAlive);
    for (const timer of [this.backgroundTimer, this.indexTimer, this.flushTimer]) clearTimeout(timer);
    this.quiet.stop();
    for (const c of this.clients) c.res.end();
    await Promise.all([this.watcher?.close(), this.renderer.stop()]);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  // ---- problems: the session's, for the pages the tabs show ----

  /** The problems of a page file (site-relative), checked at once when the site's first check has not ended. */
  private async problemsOf(rel: string): Promise<Finding[]> {
    const file = join(this.root, rel);
    await this.session.show(file);
    return visible(this.session.findingsOf(file));
  }

  /** Some file's findings changed: the tabs are told and the terminal updated, once per turn of the event loop. */
  private problemsChanged(): void {
    if (this.reportQueued || this.stopped) return;
    this.reportQueued = true;
    setImmediate(() => {
      this.reportQueued = false;
      this.broadcast('problems', {});
      void this.reportOpenPages();
    });
  }

  /** After the first check of the site: its count, once. */
  private summarize(): void {
    if (this.summarized) return;
    this.summarized = true;
    const counts = this.session.counts(this.root);
    void this.docwright.project.site(this.root).then((site) => {
      const pages = site?.pages.size ?? 0;
      this.io.out(`Checked ${pages} page${pages === 1 ? '' : 's'}: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.information} info.`);
    });
  }

  /** The terminal shows each open page's problems when they change. */
  private async reportOpenPages(): Promise<void> {
    for (const id of new Set([...this.clients].map((c) => c.page))) {
      const planned = await this.site.planned(id);
      if (!planned) continue;
      const list = await this.problemsOf(planned.rel);
      const text = list
        .map(
          (f) =>
            `  ${this.shown(relativeInside(this.root, f.path) ?? f.path)}:${f.range.start.line + 1}:${f.range.start.character + 1}  ${f.severity.padEnd(11)} ${f.message}  ${f.ruleId}`,
        )
        .join('\n');
      if (this.printed.get(id) === text) continue;
      this.printed.set(id, text);
      const name = this.shown(planned.rel);
      this.io.out(list.length ? `${name}: ${list.length} problem${list.length === 1 ? '' : 's'}\n${text}` : `${name}: no problems`);
    }
  }

  private broadcast(event: string, data: unknown): void {
    const message = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of this.clients) c.res.write(message);
  }

  // ---- file changes ----

  private startWatching(): void {
    const skipped = (p: string) => {
      const rel = relativeInside(this.root, toPosix(p));
      return rel !== undefined && rel.split('/').some(isSkippedFolder);
    };
    // A save seen between its truncate and its write would be read empty: a file counts as changed once its size has held for a moment.
    const watcher = watch(this.root, { ignoreInitial: true, ignored: skipped, awaitWriteFinish: { stabilityThreshold: 25, pollInterval: 10 } });
    this.watcher = watcher;
    // Said once the watcher has listed the files: from then on every change is seen.
    watcher.once('ready', () => this.io.out('Watching files: open pages reload as they change. Ctrl+C stops.'));
    watcher.on('all', (event, p) => this.fileEvent(event, p));
    watcher.on('error', (e) => this.io.err(`docwright: watching files: ${e instanceof Error ? e.message : String(e)}`));
  }

  private fileEvent(event: string, p: string): void {
    this.quiet.busy();
    const file = toPosix(path.resolve(p));
    // A path's last event stands, except that a change never hides the creation or deletion before it.
    const before = this.pending.get(file);
    this.pending.set(file, event === 'change' && before !== undefined ? before : event);
    // Events of one save (or one `git checkout`) arrive together: handled as one change.
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flushing = this.flushing
        .then(() => this.flush())
        .catch((e: unknown) => this.io.err(`docwright: handling a file change: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    }, 5);
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return;
    this.renderer.changed([...batch].map(([p, event]): DevChange => [p, event === 'change' ? 'change' : 'set']));
    await this.session.filesChanged([...batch].map(([p, event]) => ({ path: p, deleted: event === 'unlink' || event === 'unlinkDir' })));
    await this.site.changed([...batch.keys()]);
    const rels = [...batch.keys()].map((p) => relativeInside(this.root, p) ?? p);
    this.broadcast('change', { files: rels });
    const told = this.clients.size ? `: ${this.clients.size} open tab${this.clients.size === 1 ? '' : 's'} told` : '';
    this.io.out(`Changed ${rels.map((rel) => this.shown(rel)).join(', ')}${told}.`);
    this.scheduleIndexing();
  }

  // ---- the search index, off the serving path: one page per turn of the event loop, in quiet moments ----

  private scheduleIndexing(delay = 500): void {
    clearTimeout(this.indexTimer);
    this.indexTimer = setTimeout(() => void this.indexPages(), delay);
    this.indexTimer.unref();
  }

  private async indexPages(): Promise<void> {
    if (this.indexing || this.stopped) return;
    this.indexing = true;
    try {
      for (const id of await this.site.unindexed()) {
        await new Promise((resolve) => setImmediate(resolve));
        // Each page indexed is a render on this thread: none while the reader is saving or browsing.
        await this.quiet.whenQuiet();
        if (this.stopped) return;
        await this.site.index(id).catch(() => undefined);
      }
    } finally {
      this.indexing = false;
    }
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { args } = this;
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, TEXT, 'Only GET and HEAD.\n', { Allow: 'GET, HEAD' });
    if (!isOwnHost(req.headers.host, args.host, this.port))
      return send(res, 403, TEXT, `This server answers only to localhost, 127.0.0.1 and [::1]${isLoopback(args.host) ? '' : ` and ${args.host}`}.\n`);
    const foreign = crossSiteRequest(req.headers);
    if (foreign !== undefined) return send(res, 403, TEXT, `docwright dev answers only its own pages, not ${foreign}: open the address it printed yourself.\n`);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return send(res, 400, TEXT, 'Bad address.\n');
    }
    // What the request line says, before the URL parser resolved any `..`: a request for a path above the site is refused outright.
    if (safeSegments((req.url ?? '/').split(/[?#]/)[0]) === undefined) return send(res, 403, TEXT, 'The address leaves the site folder.\n');
    switch (url.pathname) {
      case '/__docwright/dev.js':
        return send(res, 200, TYPES.js, this.devJs);
      case SEARCH_INDEX: {
        this.quiet.busy();
        const index = await this.site.searchIndex();
        return index === undefined ? this.notFound(res) : send(res, 200, TYPES.json, index);
      }
      case '/__docwright/events':
        return this.events(req, res, url.searchParams.get('page') ?? '');
      case '/__docwright/problems':
        return this.problems(res, url.searchParams.get('page') ?? '');
      default:
        return this.serveSite(url.pathname, res);
    }
  }

  private async serveSite(pathname: string, res: ServerResponse): Promise<void> {
    const route = await this.site.route(pathname);
    switch (route.kind) {
      case 'page': {
        this.quiet.busy();
        const got = await this.site.page(route.id, route.file);
        if (!got) return this.notFound(res);
        const etag = `"${createHash('sha1').update(got.text).digest('base64url')}"`;
        const nonce = nonceOf();
        send(res, 200, TYPES.html, withDevScript(got.text, nonce, route.id, etag), { ETag: etag, 'Content-Security-Policy': policy(nonce) });
        res.once('finish', () => this.background());
        return;
      }
      case 'markdown': {
        const planned = await this.site.planned(route.id);
        const got = planned && (await this.site.page(route.id, planned.md));
        return got ? send(res, 200, TYPES.md, got.text) : this.notFound(res);
      }
      case 'asset': {
        const body = await this.site.asset(route.name);
        return body === undefined ? this.notFound(res) : send(res, 200, typeOf(route.name), body);
      }
      case 'file': {
        const got = await readSiteFile(this.root, route.rel);
        if (!got) return this.notFound(res);
        if ('refused' in got) return send(res, 403, TEXT, got.refused + '\n');
        // A site HTML file carries the export's policy (no script runs) and is UTF-8; the headers say the same.
        const headers = /\.html?$/i.test(route.rel) ? { 'Content-Security-Policy': `${SITE_HTML_CSP}; frame-ancestors 'self'` } : undefined;
        return send(res, 200, typeOf(route.rel), got.bytes, headers);
      }
      case 'redirect':
        res.writeHead(302, { Location: route.location, ...COMMON });
        return void res.end();
      case 'refused':
        return send(res, 403, TEXT, route.why + '\n');
      case 'notFound':
        return this.notFound(res);
    }
  }

  private async problems(res: ServerResponse, page: string): Promise<void> {
    const planned = await this.site.planned(page);
    const list = planned ? await this.problemsOf(planned.rel) : [];
    const json = list.map((f) => ({
      file: relativeInside(this.root, f.path) ?? f.path,
      line: f.range.start.line + 1,
      column: f.range.start.character + 1,
      severity: f.severity,
      ruleId: f.ruleId,
      message: f.message,
    }));
    send(res, 200, TYPES.json, JSON.stringify(json));
  }

  private async notFound(res: ServerResponse): Promise<void> {
    const html = await this.site.notFound();
    if (html === undefined) return send(res, 404, TEXT, 'Not found.\n');
    const nonce = nonceOf();
    send(res, 404, TYPES.html, withNonce(html, nonce), { 'Content-Security-Policy': policy(nonce) });
  }

  private events(req: IncomingMessage, res: ServerResponse, page: string): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', ...COMMON, Connection: 'keep-alive' });
    res.write('retry: 500\n\nevent: hello\ndata: {}\n\n');
    const client: Client = { res, page };
    this.clients.add(client);
    void this.site.planned(page).then((planned) => {
      if (planned) client.file = join(this.root, planned.rel);
    });
    req.on('close', () => {
      this.clients.delete(client);
      if (client.file !== undefined && ![...this.clients].some((c) => c.file === client.file)) this.session.hide(client.file);
    });
    void this.reportOpenPages();
  }
}

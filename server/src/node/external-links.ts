// The requests of `docwright check --external`: each external URL a site names is asked for once,
// HEAD first and GET when HEAD is refused, a few at a time per host and in all, spaced per host;
// redirects followed by hand (5 at most), 429 and 503 retried after their `Retry-After` (capped) or a
// growing pause. Requests carry no cookies and no credentials, only a User-Agent naming Docwright,
// and go to no private or loopback address unless the caller allows it (tests, by option: a file in
// a repository cannot). Results are kept in links.json beside the check cache, with an expiry.
import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROJECT_CONFIG_NAME } from '../config/files';
import {
  EXTERNAL_LINK_RULES,
  configExternalLinks,
  externalLinkFindings,
  externalTargets,
  pageExternalLinks,
  usesToCheck,
  type ExternalLinkResult,
  type ExternalLinkUse,
} from '../features/external-links';
import { isMarkdownFile } from '../util/page-files';
import { parsePage } from '../pages/parse';
import { resolveSeverity, type RuleSettings } from '../rules/severity';
import { readExternalLinksConfig } from '../site/project-config';
import type { Site } from '../site/site';
import type { Finding } from '../types';
import { append } from '../util/array';
import { join } from '../util/paths';
import { DOCWRIGHT_BUILD } from './check-cache';
import { writeFileSafe } from './safe-write';

export interface LinkCheckOptions {
  /** Time for an answer's headers, per request (ms). */
  timeoutMs: number;
  /** Requests open at once to one host, and in all. */
  perHost: number;
  concurrency: number;
  /** Least time between the starts of two requests to one host (ms). */
  hostIntervalMs: number;
  /** Retries of a request answered 429 or 503. */
  retries: number;
  /** The pause before the first retry when the answer has no `Retry-After` (doubled at each retry, ms). */
  backoffMs: number;
  /** The longest pause before a retry, whatever `Retry-After` asks (ms). */
  maxRetryWaitMs: number;
  maxRedirects: number;
  /** Whether private, loopback and link-local addresses may be requested (never from a site's files). */
  allowPrivate: boolean;
  /** How long results are kept: a working link, and one that failed (ms). */
  okTtlMs: number;
  failTtlMs: number;
  /** The clock of the cache's expiry. */
  now: () => number;
  /** Called as each request is sent, with the monotonic time its host's spacing counts from (a trace, or a test's watch on the spacing). */
  onRequest?: (method: string, url: string, at: number) => void;
}

export const LINK_CHECK_DEFAULTS: Readonly<LinkCheckOptions> = {
  timeoutMs: 10_000,
  perHost: 2,
  concurrency: 8,
  hostIntervalMs: 200,
  retries: 2,
  backoffMs: 1_000,
  maxRetryWaitMs: 30_000,
  maxRedirects: 5,
  allowPrivate: false,
  okTtlMs: 24 * 3600_000,
  failTtlMs: 3600_000,
  now: () => Date.now(),
};

const USER_AGENT = `docwright/${DOCWRIGHT_BUILD} (link check; +https://github.com/docwright/docwright)`;
/** Answers to HEAD after which GET is tried: servers that do not implement HEAD, or refuse it. */
const HEAD_REFUSED = new Set([403, 405, 501]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);
const DNS_ERRORS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'EAI_FAIL']);

/** Addresses that are not on the public internet: loopback, private, link-local, shared, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is private, loopback or otherwise not public (IPv4-mapped IPv6 addresses by their IPv4 part). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? PRIVATE.check(mapped[1], 'ipv4') : PRIVATE.check(address, 'ipv6');
}

class PrivateAddressError extends Error {
  readonly code = 'EPRIVATE';
}

/** dns.lookup that refuses names resolving to a private address: the check is on the address connected to. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as (e: Error) => void)(err);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))
      return (callback as (e: Error) => void)(new PrivateAddressError(`${hostname} resolves to a private address`));
    if (options.all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    else callback(null, list[0].address, list[0].family);
  });
};

/** The pause a `Retry-After` value asks for (seconds, or an HTTP date), in ms from `now`; undefined when it is neither. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type Answer = { status: number; location?: string; retryAfter?: string } | { error: string; code: string };

/** Turns: at most `max` holders at once, the others served in the order they asked. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The cache file of the external links, in the check cache's folder. */
export function linksCacheFile(cacheDir: string): string {
  return path.join(cacheDir, 'links.json');
}

const CACHE_FORMAT = 'docwright-links-cache';
const CACHE_VERSION = 1;

interface CacheEntry {
  at: number;
  result: ExternalLinkResult;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function isResult(v: unknown): v is ExternalLinkResult {
  if (!isObject(v)) return false;
  switch (v.kind) {
    case 'ok':
      return true;
    case 'redirect':
      return typeof v.status === 'number' && typeof v.to === 'string';
    case 'broken':
      return typeof v.reason === 'string' && (v.status === undefined || typeof v.status === 'number');
    default:
      return false;
  }
}

/** What the run found out, for the summary line. */
export interface LinkCheckStats {
  urls: number;
  cached: number;
  requests: number;
}

/**
 * Checks external URLs for one run of `docwright check --external`: results are kept for the run
 * (a URL of two sites is asked for once) and in the cache file, read by `load` and written by `save`.
 */
export class ExternalLinkChecker {
  readonly options: LinkCheckOptions;
  readonly stats: LinkCheckStats = { urls: 0, cached: 0, requests: 0 };
  /** Notes for the user (a cache ignored, links not checked and why). */
  readonly notes: string[] = [];
  private readonly results = new Map<string, ExternalLinkResult>();
  private cache = new Map<string, CacheEntry>();
  private changed = false;
  private readonly global: Limiter;
  private readonly hosts = new Map<string, { limit: Limiter; next: number }>();
  private readonly agents: { http: http.Agent; https: https.Agent };
  private readonly unchecked = new Map<string, number>();

  constructor(
    options: Partial<LinkCheckOptions> = {},
    private readonly cacheFile?: { file: string; base: string },
    private readonly onProgress?: (done: number, total: number) => void,
  ) {
    this.options = { ...LINK_CHECK_DEFAULTS, ...options };
    this.global = new Limiter(this.options.concurrency);
    this.agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  }

  /** Reads the cache file: missing, silently nothing; damaged or not ours, nothing and a note. */
  async load(): Promise<void> {
    if (!this.cacheFile) return;
    let text: string;
    try {
      text = await fs.readFile(this.cacheFile.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.notes.push(`the link cache ${this.cacheFile.file} could not be read (${(e as Error).message}).`);
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (!isObject(data) || data.format !== CACHE_FORMAT || !isObject(data.entries)) {
      this.notes.push(`the link cache ${this.cacheFile.file} was ignored (not a Docwright link cache).`);
      return;
    }
    // Another version's results may have been judged otherwise: started again quietly.
    if (data.version !== CACHE_VERSION) return;
    for (const [url, e] of Object.entries(data.entries)) {
      if (isObject(e) && typeof e.at === 'number' && isResult(e.result)) this.cache.set(url, { at: e.at, result: e.result });
    }
  }

  /** Writes the cache file when this run added to it, without the expired entries (temporary file, renamed). */
  async save(): Promise<void> {
    if (!this.cacheFile || !this.changed) return;
    const entries: Record<string, CacheEntry> = {};
    for (const url of [...this.cache.keys()].sort()) {
      const e = this.cache.get(url)!;
      if (this.fresh(e)) entries[url] = e;
    }
    const text = JSON.stringify({ format: CACHE_FORMAT, version: CACHE_VERSION, entries }) + '\n';
    try {
      await writeFileSafe(this.cacheFile.base, this.cacheFile.file, text);
      this.changed = false;
    } catch (e) {
      this.notes.push(`the link cache could not be written to ${this.cacheFile.file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Closes the connections kept open. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Notes on the links left unchecked this run (private addresses, hosts that kept answering 429, no network). */
  uncheckedNotes(): string[] {
    return [...this.unchecked]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([why, n]) => `${n} external link${n === 1 ? '' : 's'} not checked: ${why}.`);
  }

  private fresh(e: CacheEntry): boolean {
    const ttl = e.result.kind === 'broken' ? this.options.failTtlMs : this.options.okTtlMs;
    const age = this.options.now() - e.at;
    return age >= 0 && age < ttl;
  }

  /** The results of `targets` (request URLs): from this run, the cache, or a request. */
  async check(targets: readonly string[]): Promise<Map<string, ExternalLinkResult>> {
    const out = new Map<string, ExternalLinkResult>();
    const todo: string[] = [];
    for (const url of targets) {
      const known = this.results.get(url);
      if (known) {
        out.set(url, known);
        continue;
      }
      this.stats.urls++;
      const cached = this.cache.get(url);
      if (cached && this.fresh(cached)) {
        this.stats.cached++;
        this.results.set(url, cached.result);
        out.set(url, cached.result);
      } else todo.push(url);
    }
    let done = 0;
    const fetched = await Promise.all(
      todo.map(async (url) => {
        const r = await this.request(url);
        this.onProgress?.(++done, todo.length);
        return [url, r] as const;
      }),
    );
    // Not one answer and every failure a name not resolved: the network is away, not the hosts.
    const offline = fetched.length > 0 && !fetched.some(([, r]) => r.answered) && fetched.some(([, r]) => r.dns);
    for (const [url, r] of fetched) {
      let result = r.result;
      if (offline && r.dns) result = { kind: 'unknown', reason: 'no host name could be resolved (is the network available?)' };
      this.results.set(url, result);
      out.set(url, result);
      if (result.kind === 'unknown') this.unchecked.set(result.reason, (this.unchecked.get(result.reason) ?? 0) + 1);
      else {
        this.cache.set(url, { at: this.options.now(), result });
        this.changed = true;
      }
    }
    return out;
  }

  /** One URL: HEAD through its redirects, then GET when HEAD was refused. */
  private async request(url: string): Promise<{ result: ExternalLinkResult; answered: boolean; dns: boolean }> {
    let followed = await this.follow(url, 'HEAD');
    if (followed.answer && 'status' in followed.answer && HEAD_REFUSED.has(followed.answer.status)) followed = await this.follow(url, 'GET');
    const { answer, chain, at } = followed;
    const answered = followed.answered;
    const after = chain.length ? ` (at ${at}, after ${chain.length} redirect${chain.length === 1 ? '' : 's'})` : '';
    if (!answer) return { result: { kind: 'broken', reason: `more than ${this.options.maxRedirects} redirects` }, answered, dns: false };
    if ('error' in answer) {
      if (answer.code === 'EPRIVATE') return { result: { kind: 'unknown', reason: 'a private or loopback address' }, answered, dns: false };
      return { result: { kind: 'broken', reason: answer.error + after }, answered, dns: DNS_ERRORS.has(answer.code) };
    }
    const { status } = answer;
    if (status === 429) return { result: { kind: 'unknown', reason: 'the host kept answering 429 Too Many Requests' }, answered, dns: false };
    if (status >= 400) {
      const text = `${status}${http.STATUS_CODES[status] ? ' ' + http.STATUS_CODES[status] : ''}`;
      const hint =
        status === 403 ? ' (the host may refuse automated requests: if the page opens in a browser, add it to externalLinks.ignore in .docwright.json)' : '';
      return { result: { kind: 'broken', status, reason: text + after + hint }, answered, dns: false };
    }
    // Permanent from the URL as written: the leading run of 301/308 says where the link should go.
    let permanent = 0;
    while (permanent < chain.length && PERMANENT.has(chain[permanent].status)) permanent++;
    if (permanent > 0) return { result: { kind: 'redirect', status: chain[0].status, to: chain[permanent - 1].to }, answered, dns: false };
    return { result: { kind: 'ok' }, answered, dns: false };
  }

  /** Follows redirects from `url` (no answer: too many of them). */
  private async follow(
    url: string,
    method: 'HEAD' | 'GET',
  ): Promise<{ answer?: Answer; chain: { status: number; to: string }[]; at: string; answered: boolean }> {
    const chain: { status: number; to: string }[] = [];
    let current = new URL(url);
    let answered = false;
    for (;;) {
      const answer = await this.attempt(current, method);
      if ('status' in answer) answered = true;
      if (!('status' in answer) || !REDIRECTS.has(answer.status) || answer.location === undefined) return { answer, chain, at: current.href, answered };
      let next: URL;
      try {
        next = new URL(answer.location, current);
      } catch {
        return { answer: { error: `a redirect (${answer.status}) to an invalid address`, code: 'EBADREDIRECT' }, chain, at: current.href, answered };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') return { answer: { status: 200 }, chain, at: current.href, answered };
      next.hash = '';
      next.username = '';
      next.password = '';
      chain.push({ status: answer.status, to: next.href });
      if (chain.length > this.options.maxRedirects) return { chain, at: current.href, answered };
      current = next;
    }
  }

  /** One request, again after a pause while the host answers 429 or 503 (its `Retry-After`, capped, or a doubling pause). */
  private async attempt(url: URL, method: 'HEAD' | 'GET'): Promise<Answer> {
    const o = this.options;
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (!o.allowPrivate && isPrivateAddress(hostname)) return { error: 'a private address', code: 'EPRIVATE' };
    for (let tries = 0; ; tries++) {
      const host = this.host(url.host);
      const { at, release } = await this.turn(host);
      let answer: Answer;
      try {
        answer = await this.send(url, method, at);
      } finally {
        release();
      }
      this.stats.requests++;
      if (!('status' in answer) || (answer.status !== 429 && answer.status !== 503) || tries >= o.retries) return answer;
      const wait = Math.min(retryAfterMs(answer.retryAfter, Date.now()) ?? o.backoffMs * 2 ** tries, o.maxRetryWaitMs);
      host.next = Math.max(host.next, performance.now() + wait);
    }
  }

  private host(key: string): { limit: Limiter; next: number } {
    let h = this.hosts.get(key);
    if (!h) this.hosts.set(key, (h = { limit: new Limiter(this.options.perHost), next: 0 }));
    return h;
  }

  /**
   * Waits for the host's share of requests, a place among all requests, then the host's spacing (or a retry's pause).
   * The spacing is waited for last and stamped in the same step, so no two requests of a host start closer than it.
   */
  private async turn(host: { limit: Limiter; next: number }): Promise<{ at: number; release: () => void }> {
    await host.limit.acquire();
    await this.global.acquire();
    // A monotonic clock: the spacing holds whatever the wall clock does.
    for (let wait = host.next - performance.now(); wait > 0; wait = host.next - performance.now()) await pause(wait);
    const at = performance.now();
    host.next = at + this.options.hostIntervalMs;
    return {
      at,
      release: () => {
        this.global.release();
        host.limit.release();
      },
    };
  }

  /** Sends one request and takes its status and headers; the body is never read. */
  private send(url: URL, method: 'HEAD' | 'GET', at: number): Promise<Answer> {
    const secure = url.protocol === 'https:';
    this.options.onRequest?.(method, url.href, at);
    return new Promise<Answer>((resolve) => {
      let settled = false;
      const settle = (a: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(a);
      };
      const options: https.RequestOptions = {
        method,
        agent: secure ? this.agents.https : this.agents.http,
        // No cookie, no Authorization: only what any client sends.
        headers: { 'user-agent': USER_AGENT, accept: '*/*' },
        ...(this.options.allowPrivate ? {} : { lookup: publicLookup }),
      };
      const req = (secure ? https : http).request(url, options, (res) => {
        const header = (name: string) => {
          const v = res.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        settle({ status: res.statusCode ?? 0, location: header('location'), retryAfter: header('retry-after') });
        res.destroy();
      });
      const timer = setTimeout(() => {
        settle({ error: `no answer within ${this.options.timeoutMs / 1000} s`, code: 'ETIMEDOUT' });
        req.destroy();
      }, this.options.timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => settle(errorAnswer(e, url)));
      req.end();
    });
  }
}

/** What a failed request says, for the finding. */
function errorAnswer(e: NodeJS.ErrnoException, url: URL): Answer {
  const code = e.code ?? 'ERROR';
  if (e instanceof PrivateAddressError) return { error: e.message, code: 'EPRIVATE' };
  if (DNS_ERRORS.has(code)) return { error: `the host ${url.hostname} was not found (DNS)`, code };
  if (code === 'ECONNREFUSED') return { error: 'the connection was refused', code };
  if (code === 'ECONNRESET') return { error: 'the connection was reset', code };
  if (code === 'ETIMEDOUT') return { error: 'the connection timed out', code };
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO/.test(code)) return { error: `its TLS certificate was refused (${e.message})`, code };
  if (code.startsWith('HPE_')) return { error: 'the answer was not valid HTTP', code };
  return { error: e.message, code };
}

/** What `docwright check --external` needs of the host for a site. */
export interface SiteLinkCheck {
  /** Only the findings of files this accepts (absolute paths): the files named on the command line, or changed since a ref. */
  inScope?: (path: string) => boolean;
  /** The editor's severities (the site's `.docwright.json` applies anyway). */
  rules?: RuleSettings;
  note?: (message: string) => void;
}

/**
 * The external-link findings of a site: the URLs of its docs.json and of its pages and snippets
 * (parsed from `texts`, one at a time), less those `.docwright.json` `externalLinks` leaves out,
 * requested through `checker`.
 */
export async function siteExternalLinkFindings(
  site: Site,
  texts: ReadonlyMap<string, string>,
  checker: ExternalLinkChecker,
  o: SiteLinkCheck = {},
): Promise<Finding[]> {
  // Both rules off: nothing to report, so nothing is requested.
  if (EXTERNAL_LINK_RULES.every((r) => resolveSeverity(r.id, r.severity, o.rules, site.projectRules) === 'off')) return [];
  const { config, notes } = readExternalLinksConfig(site.inputs?.get(join(site.root, PROJECT_CONFIG_NAME)));
  for (const n of notes) o.note?.(n);
  const inScope = o.inScope ?? (() => true);
  const uses: ExternalLinkUse[] = [];
  append(uses, configExternalLinks(site));
  for (const [rel, text] of [...texts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const file = join(site.root, rel);
    if (!isMarkdownFile(rel) || !inScope(file)) continue;
    append(uses, pageExternalLinks(parsePage(file, text)));
  }
  const checked = usesToCheck(
    uses.filter((u) => inScope(u.path)),
    config,
  );
  const results = await checker.check(externalTargets(checked));
  return externalLinkFindings(site, checked, results, o.rules);
}

// The full check of one site for the CLI and the editor's first check: pages spread over worker
// threads, and a content-hash cache of each page's facts and findings.
//
// Phase 1: the threads take the pages whose facts are not cached from one queue, parse them and
// send back their facts (what other pages' rules read of them: anchors, links, imports...).
// Phase 2: with every page's facts known, a page's cached findings stand when the site key, its text
// and what its check read of other pages (each fact's hash) are unchanged; every other page and
// snippet is checked by the thread holding its parse (or by any thread, which parses it then), on
// an index holding that thread's parses and everyone's facts. Findings are put together in the
// order a one-thread check gives, so they are the same whatever the thread count.
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import {
  checkPageTracked,
  checkSiteTracked,
  compareFindings,
  finishPageCheck,
  pageFacts,
  startPageCheck,
  type CheckOptions,
  type StartedPageCheck,
  type TrackedFindings,
} from '../check';
import { eachWithinParseLimit, parsePage, type PageDocument } from '../pages/parse';
import type { RuleSettings } from '../rules/severity';
import { isCodeFile, isSnippetFile } from '../site/imports';
import { createSiteIndex, factReads, type FactSources, type PageFacts, type SiteIndex } from '../site/site-index';
import { kindKey, listingKey, loadSite, type Site } from '../site/site';
import { hostAsyncapiReader } from './asyncapi';
import type { Finding } from '../types';
import { append } from '../util/array';
import { join } from '../util/paths';
import type { Workspace } from '../workspace';
import { hostMermaidCheck } from './mermaid-file';
import { hostSpeller } from './speller';
import { contentHash, DOCWRIGHT_BUILD, type CachedFile, type CachedSite, type CheckCacheData } from './check-cache';
import { shareTexts, SharedTexts, type SharedTextsData } from './shared-texts';
import { PageQueue, startWorker } from './threads';

export interface SiteCheckOptions {
  rules?: RuleSettings;
  /** Threads in all (the calling one included). */
  threads: number;
  /** The cache as read (undefined: a cold check); the result carries the new one either way. */
  cache?: CheckCacheData;
  /**
   * The calling thread only coordinates (the language server, which must answer requests meanwhile):
   * `threads` workers do all the parsing and page checks, whatever the site's size.
   */
  idle?: boolean;
  /** Work (pages) from which worker threads start (default THREADS_FROM_PAGES). */
  threadsFrom?: number;
  /** How many of the site's pages are parsed or answered by the cache (reported while the threads parse, then once at the end of parsing). */
  onProgress?(done: number, total: number): void;
  /** A rule threw on a file (the check goes on; that file's findings are not cached). */
  onRuleError?(ruleId: string, message: string, path: string): void;
}

export interface SiteCheckResult {
  findings: Finding[];
  /** The same findings apart: the site rules' (any file) and each page's or snippet's (by site-relative path). */
  siteFindings: Finding[];
  fileFindings: Map<string, Finding[]>;
  cache: CheckCacheData;
  /** Pages parsed and files (pages, snippets) checked: what the cache spared is the rest. */
  parsed: number;
  checked: number;
  /** Worker threads started. */
  workers: number;
  /** Whether the cache differs from the one given (nothing to write back when not). */
  changed: boolean;
}

/** Sites whose work is at least this many pages use worker threads (below, starting one costs more than it saves). */
export const THREADS_FROM_PAGES = Number(process.env.DOCWRIGHT_CHECK_THREADS_FROM ?? 128);

interface RuleFailure {
  ruleId: string;
  message: string;
  path: string;
}

interface FileResult extends TrackedFindings {
  rel: string;
  failures: RuleFailure[];
}

interface Job {
  kind: 'docwright-check';
  root: string;
  files: string[];
  inputs: Map<string, string | undefined>;
  /** The texts in shared memory: a worker decodes only those it parses. */
  texts: SharedTextsData;
  parse: string[];
  queue: SharedArrayBuffer;
  rules?: RuleSettings;
}

/** A page's facts, with the other files they read (site-relative) and whether they read the site's file list. */
type ParsedFacts = [rel: string, facts: PageFacts, files: string[], fileList: boolean];

type ToWorker = { type: 'check'; facts: [string, PageFacts][]; check: string[]; rest: string[]; queue: SharedArrayBuffer };
type FromWorker = { type: 'parsed'; facts: ParsedFacts[] } | { type: 'checked'; results: FileResult[] } | { type: 'error'; message: string };

/** A page parsed in phase 1: its facts are out, its check is started, its tree is gone. */
interface StartedPage {
  started: StartedPageCheck;
  deps: string[];
  failures: RuleFailure[];
}

/** The work of one thread (the calling one or a worker). */
class CheckThread {
  private readonly started = new Map<string, StartedPage>();
  private readonly ids: string[];
  private readonly idOf: Map<string, string>;

  constructor(
    private readonly site: Site,
    private readonly texts: ReadonlyMap<string, string>,
    private readonly rules: RuleSettings | undefined,
  ) {
    this.ids = [...site.pages.keys()];
    this.idOf = new Map([...site.pages].map(([id, rel]) => [rel, id]));
  }

  /** The index of the last checkAll (the site check shares its memos). */
  private index?: SiteIndex;

  holds(rel: string): boolean {
    return this.started.has(rel);
  }

  private options(failures: RuleFailure[]): CheckOptions {
    return {
      rules: this.rules,
      mermaid: hostMermaidCheck(),
      speller: hostSpeller(),
      onRuleError: (ruleId, e, path) => failures.push({ ruleId, message: e instanceof Error ? e.message : String(e), path }),
    };
  }

  private parse(rel: string): PageDocument {
    return parsePage(join(this.site.root, rel), this.texts.get(rel) ?? '');
  }

  /** Parses of the files pages render as snippets (read by their facts), kept for the thread's work. */
  private readonly files = new Map<string, PageDocument | undefined>();

  /** A snippet or page file's parse, for the facts of the pages that render it (undefined when the site has no such text). */
  private file(rel: string): PageDocument | undefined {
    // A code file has a text but no parse: its components are read from the text (`code`).
    if (!this.files.has(rel)) this.files.set(rel, this.texts.has(rel) && !isCodeFile(rel) ? this.parse(rel) : undefined);
    return this.files.get(rel);
  }

  /** A code file's text (components pages import), for the facts of the pages that use them. */
  private code(rel: string): string | undefined {
    return isCodeFile(rel) ? this.texts.get(rel) : undefined;
  }

  private get sources(): FactSources {
    return { site: this.site, read: (rel) => this.file(rel), code: (rel) => this.code(rel) };
  }

  /**
   * Phase 1: parses pages from the queue and returns their facts. Each page's page-only rules run
   * at once, on an index of that page alone; what its cross-page rules need is collected, and the
   * tree is dropped, so a thread holds no trees however large the site.
   */
  parseAll(queue: PageQueue): ParsedFacts[] {
    const out: ParsedFacts[] = [];
    const current = new Map<string, PageDocument>();
    const local = createSiteIndex(this.site, current, {
      ids: this.ids,
      track: true,
      pageOnly: true,
      files: (rel) => this.file(rel),
      code: (rel) => this.code(rel),
    });
    for (let batch = queue.nextBatch(); batch.length > 0; batch = queue.nextBatch()) {
      const docs = new Map<string, PageDocument>();
      eachWithinParseLimit(batch, (rel) => docs.has(rel) || docs.set(rel, this.parse(rel)));
      for (const rel of batch) {
        const doc = docs.get(rel)!;
        const id = this.idOf.get(rel)!;
        const facts = pageFacts(doc, this.sources);
        const reads = factReads(doc);
        out.push([rel, facts, reads.files, reads.site]);
        const failures: RuleFailure[] = [];
        current.set(id, doc);
        const { value: started, deps } = local.tracked(() => startPageCheck(local, id, doc, this.options(failures)));
        current.delete(id);
        this.started.set(rel, { started, deps, failures });
      }
    }
    return out;
  }

  /** Phase 2: finishes the checks it started that are needed, then takes the rest from the queue (parsing them). */
  checkAll(facts: ReadonlyMap<string, PageFacts>, check: readonly string[], queue: PageQueue): FileResult[] {
    const pages = new Map<string, PageDocument>();
    const index = createSiteIndex(this.site, pages, { facts, ids: this.ids, track: true, files: (rel) => this.file(rel), code: (rel) => this.code(rel) });
    this.index = index;
    const results: FileResult[] = [];
    const finish = (rel: string, s: StartedPage) => {
      const failures = [...s.failures];
      const id = this.idOf.get(rel)!;
      const { value: findings, deps } = index.tracked(() => finishPageCheck(index, id, s.started, this.options(failures)));
      results.push({ rel, findings, deps: [...new Set([...s.deps, ...deps])], failures });
    };
    const one = (rel: string) => {
      const doc = this.parse(rel);
      const id = this.idOf.get(rel);
      const failures: RuleFailure[] = [];
      if (id !== undefined) pages.set(id, doc);
      const tracked =
        id !== undefined ? checkPageTracked(index, id, this.options(failures)) : checkPageTracked(index, '', this.options(failures), { rel, page: doc });
      if (id !== undefined) pages.delete(id);
      results.push({ rel, ...tracked, failures });
    };
    for (const rel of check) {
      const s = this.started.get(rel);
      if (s) finish(rel, s);
    }
    this.started.clear();
    for (let rel = queue.next(); rel !== undefined; rel = queue.next()) one(rel);
    this.files.clear();
    return results;
  }

  /** The site-level findings (config, file set, orphans: every page's facts). */
  checkSite(facts: ReadonlyMap<string, PageFacts>): { tracked: TrackedFindings; failures: RuleFailure[] } {
    const index = this.index ?? createSiteIndex(this.site, new Map(), { facts, ids: this.ids, track: true });
    const failures: RuleFailure[] = [];
    const tracked = checkSiteTracked(index, this.options(failures));
    return { tracked, failures };
  }
}

/** A workspace over the texts the main thread's site load read: a worker loads the same site without the disk. */
export function inputsWorkspace(inputs: ReadonlyMap<string, string | undefined>, files: string[]): Workspace {
  const set = new Set(files);
  return {
    readFile: async (p) => inputs.get(p),
    // What the load listed and asked besides the site's files (a style folder, a repository's `.git`), as it was.
    listFiles: async (dir) => {
      const listed = inputs.get(listingKey(dir));
      return listed !== undefined ? (JSON.parse(listed) as string[]) : files;
    },
    kindOf: async (p) => {
      const kind = inputs.get(kindKey(p));
      if (kind !== undefined) return kind === 'file' || kind === 'folder' ? kind : undefined;
      return set.has(p) ? 'file' : files.some((f) => f.startsWith(p + '/')) ? 'folder' : undefined;
    },
  };
}

async function work(job: Job): Promise<void> {
  const site = await loadSite(inputsWorkspace(job.inputs, job.files), job.root, { files: job.files, asyncapi: hostAsyncapiReader });
  if (!site) throw new Error(`No site in ${job.root}.`);
  const thread = new CheckThread(site, new SharedTexts(job.texts), job.rules);
  const port = parentPort!;
  const facts = thread.parseAll(new PageQueue(job.parse, job.queue));
  const next = new Promise<ToWorker>((resolve) => port.once('message', resolve));
  port.postMessage({ type: 'parsed', facts } satisfies FromWorker);
  const m = await next;
  const results = thread.checkAll(new Map(m.facts), m.check, new PageQueue(m.rest, m.queue));
  port.postMessage({ type: 'checked', results } satisfies FromWorker);
}

if (!isMainThread && (workerData as Job | undefined)?.kind === 'docwright-check') {
  work(workerData as Job).catch((e: unknown) =>
    parentPort!.postMessage({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies FromWorker),
  );
}

const WORKER_SCRIPT = __filename;

/** A worker and the messages it sends, one awaited at a time. */
class CheckWorker {
  private readonly worker: Worker;
  private readonly inbox: FromWorker[] = [];
  private waiting?: { resolve(m: FromWorker): void; reject(e: Error): void };
  private failure?: Error;
  readonly parsed = new Set<string>();

  constructor(job: Job) {
    this.worker = startWorker(WORKER_SCRIPT, job);
    this.worker.on('message', (m: FromWorker) => {
      if (m.type === 'error') return this.fail(new Error(`A check worker failed: ${m.message}`));
      if (this.waiting) {
        this.waiting.resolve(m);
        this.waiting = undefined;
      } else this.inbox.push(m);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`A check worker stopped before it finished (exit code ${code}).`)));
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.waiting?.reject(this.failure);
    this.waiting = undefined;
  }

  next(): Promise<FromWorker> {
    const m = this.inbox.shift();
    if (m) return Promise.resolve(m);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  send(m: ToWorker): void {
    this.worker.postMessage(m);
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/** What the site's findings depend on besides page texts: the build, the rule settings, every file the site load read, the file set. */
export function siteKey(site: Site, rules: RuleSettings | undefined): string {
  const inputs = [...(site.inputs ?? new Map<string, string | undefined>())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return contentHash(JSON.stringify([DOCWRIGHT_BUILD, site.root, rules ?? {}, inputs, [...site.files].sort()]));
}

/** The hashes of the facts dependencies name (`id\0key`, `*\0key`), computed once each. */
function depHasher(ids: readonly string[], facts: ReadonlyMap<string, PageFacts>): (dep: string) => string {
  const known = new Map<string, string>();
  const valueOf = (id: string, key: string) => JSON.stringify(facts.get(id)?.[key] ?? null);
  return (dep) => {
    let h = known.get(dep);
    if (h === undefined) {
      const cut = dep.indexOf('\0');
      const id = dep.slice(0, cut);
      const key = dep.slice(cut + 1);
      h = contentHash(id === '*' ? ids.map((i) => valueOf(i, key)).join('\n') : valueOf(id, key));
      known.set(dep, h);
    }
    return h;
  };
}

/** How often the progress of the parse is reported. */
const PROGRESS_MS = 250;

/** How many files are read at once. */
const READ_BATCH = 64;

/** The text of every page, snippet and code file (`.jsx`, …) of a site (site-relative path -> text; '' when unreadable). */
export async function readSiteTexts(site: Site, read: (path: string) => Promise<string | undefined>): Promise<Map<string, string>> {
  const rels = [...site.pages.values(), ...[...site.files].filter((rel) => isSnippetFile(rel) || isCodeFile(rel))];
  const out = new Map<string, string>();
  for (let i = 0; i < rels.length; i += READ_BATCH) {
    const batch = rels.slice(i, i + READ_BATCH);
    const texts = await Promise.all(batch.map((rel) => read(join(site.root, rel))));
    batch.forEach((rel, k) => out.set(rel, texts[k] ?? ''));
  }
  return out;
}

/**
 * Checks one site: `texts` holds the text of every page, snippet and code file (site-relative path).
 * The findings equal `checkAll` over the same texts, in the same order.
 */
export async function checkSiteFiles(site: Site, texts: ReadonlyMap<string, string>, o: SiteCheckOptions): Promise<SiteCheckResult> {
  const t0 = Date.now();
  const mark = process.env.DOCWRIGHT_CHECK_TIMINGS
    ? (what: string) => process.stderr.write(`[${((Date.now() - t0) / 1000).toFixed(2)} s] ${what}\n`)
    : () => undefined;
  const key = siteKey(site, o.rules);
  const ids = [...site.pages.keys()];
  const pageRels = [...site.pages.values()];
  const snippetRels = [...site.files].filter(isSnippetFile);
  const old = o.cache?.files ?? {};
  const hashes = new Map<string, string>();
  for (const rel of [...pageRels, ...snippetRels]) hashes.set(rel, contentHash(texts.get(rel) ?? ''));

  // Phase 1: the facts of every page, from the cache or a parse.
  const factsByRel = new Map<string, PageFacts>();
  /** What each page's facts read besides its text (the snippets it renders): the cache entry keeps their hashes. */
  const factDeps = new Map<string, Pick<CachedFile, 'factFiles' | 'factSite'>>();
  const fileList = contentHash(JSON.stringify([...site.files].sort()));
  const textHash = (rel: string) => hashes.get(rel) ?? (texts.has(rel) ? contentHash(texts.get(rel)!) : '');
  const depsOf = (files: string[], list: boolean): Pick<CachedFile, 'factFiles' | 'factSite'> =>
    files.length || list ? { factFiles: files.map((f): [string, string] => [f, textHash(f)]), factSite: fileList } : {};
  const factsFresh = (entry: CachedFile) =>
    (entry.factSite === undefined || entry.factSite === fileList) && (entry.factFiles ?? []).every(([f, h]) => textHash(f) === h);
  const toParse: string[] = [];
  for (const rel of pageRels) {
    const entry = old[rel];
    if (entry?.facts && entry.text === hashes.get(rel) && factsFresh(entry)) {
      factsByRel.set(rel, entry.facts);
      factDeps.set(rel, { ...(entry.factFiles ? { factFiles: entry.factFiles } : {}), ...(entry.factSite ? { factSite: entry.factSite } : {}) });
    } else toParse.push(rel);
  }
  const parsed = ([rel, f, files, list]: ParsedFacts) => {
    factsByRel.set(rel, f);
    factDeps.set(rel, depsOf(files, list));
  };
  const thread = new CheckThread(site, texts, o.rules);
  const workers: CheckWorker[] = [];
  let shared: SharedTextsData | undefined;
  const start = (parse: string[], queue: PageQueue) => {
    const files = [...site.files].map((rel) => join(site.root, rel));
    shared ??= shareTexts(texts);
    for (let k = workers.length; k < (o.idle ? Math.max(1, o.threads) : o.threads - 1); k++) {
      workers.push(
        new CheckWorker({
          kind: 'docwright-check',
          root: site.root,
          files,
          inputs: new Map(site.inputs),
          texts: shared,
          parse,
          queue: queue.buffer,
          rules: o.rules,
        }),
      );
    }
  };
  const cachedFacts = pageRels.length - toParse.length;
  let progress: ReturnType<typeof setInterval> | undefined;
  try {
    const parseQueue = new PageQueue(toParse);
    if (o.onProgress) {
      const report = o.onProgress;
      report(cachedFacts, pageRels.length);
      // The queue's counter is shared memory: the pages taken so far, read while the workers parse.
      progress = setInterval(() => report(cachedFacts + parseQueue.taken(), pageRels.length), PROGRESS_MS);
    }
    if (o.idle ? toParse.length > 0 : o.threads > 1 && toParse.length >= (o.threadsFrom ?? THREADS_FROM_PAGES)) start(toParse, parseQueue);
    mark('workers started');
    if (!o.idle) for (const p of thread.parseAll(parseQueue)) parsed(p);
    mark('main parsed');
    for (const w of workers) {
      const m = await w.next();
      if (m.type !== 'parsed') throw new Error('A check worker answered out of turn.');
      for (const p of m.facts) {
        parsed(p);
        w.parsed.add(p[0]);
      }
    }
    mark('workers parsed');
    clearInterval(progress);
    o.onProgress?.(pageRels.length, pageRels.length);
    const facts = new Map<string, PageFacts>();
    for (const [id, rel] of site.pages) facts.set(id, factsByRel.get(rel)!);

    // Phase 2: what the cache cannot answer is checked.
    const depHash = depHasher(ids, facts);
    const fresh = (entry: { site?: string; deps?: [string, string][] } | undefined) =>
      entry?.site === key && entry.deps !== undefined && entry.deps.every(([d, h]) => depHash(d) === h);
    const toCheck = [...pageRels, ...snippetRels].filter((rel) => !(old[rel]?.findings && old[rel].text === hashes.get(rel) && fresh(old[rel])));
    const unparsed = toCheck.filter((rel) => !thread.holds(rel) && !workers.some((w) => w.parsed.has(rel)));
    const checkQueue = new PageQueue(unparsed);
    if (workers.length === 0 && (o.idle ? unparsed.length > 0 : o.threads > 1 && unparsed.length >= (o.threadsFrom ?? THREADS_FROM_PAGES))) {
      start([], new PageQueue([]));
      for (const w of workers) await w.next();
    }
    const factList = [...facts];
    for (const w of workers)
      w.send({ type: 'check', facts: factList, check: toCheck.filter((rel) => w.parsed.has(rel)), rest: unparsed, queue: checkQueue.buffer });
    const results = new Map<string, FileResult>();
    if (!o.idle) for (const r of thread.checkAll(facts, toCheck, checkQueue)) results.set(r.rel, r);
    mark('main checked');
    const siteCached = o.cache?.site && fresh(o.cache.site) ? o.cache.site : undefined;
    let siteEntry: CachedSite | undefined = siteCached;
    let siteFailures: RuleFailure[] = [];
    if (!siteEntry) {
      const { tracked, failures } = thread.checkSite(facts);
      siteFailures = failures;
      siteEntry = { site: key, findings: tracked.findings, deps: tracked.deps.map((d) => [d, depHash(d)]) };
    }
    for (const w of workers) {
      const m = await w.next();
      if (m.type !== 'checked') throw new Error('A check worker answered out of turn.');
      for (const r of m.results) results.set(r.rel, r);
    }

    mark('workers checked');
    // The findings in checkAll's order, the rule failures in file order, the new cache.
    for (const f of siteFailures) o.onRuleError?.(f.ruleId, f.message, f.path);
    const findings: Finding[] = [...siteEntry.findings];
    const fileFindings = new Map<string, Finding[]>();
    const files: Record<string, CachedFile> = {};
    for (const rel of [...pageRels, ...snippetRels]) {
      const r = results.get(rel);
      const entry: CachedFile = { text: hashes.get(rel)!, ...(factsByRel.has(rel) ? { facts: factsByRel.get(rel), ...factDeps.get(rel) } : {}) };
      if (r) {
        for (const f of r.failures) o.onRuleError?.(f.ruleId, f.message, f.path);
        append(findings, r.findings);
        fileFindings.set(rel, r.findings);
        if (r.failures.length === 0) Object.assign(entry, { findings: r.findings, site: key, deps: r.deps.map((d): [string, string] => [d, depHash(d)]) });
      } else {
        const cached = old[rel];
        append(findings, cached.findings!);
        fileFindings.set(rel, cached.findings!);
        Object.assign(entry, { findings: cached.findings, site: cached.site, deps: cached.deps });
      }
      files[rel] = entry;
    }
    const cache: CheckCacheData = { root: site.root, files, ...(siteFailures.length === 0 ? { site: siteEntry } : {}) };
    const oldRels = Object.keys(old);
    const changed =
      !o.cache || !siteCached || toParse.length + toCheck.length > 0 || oldRels.length !== Object.keys(files).length || oldRels.some((rel) => !(rel in files));
    return {
      findings: findings.sort(compareFindings),
      siteFindings: siteEntry.findings,
      fileFindings,
      cache,
      parsed: toParse.length + unparsed.length,
      checked: toCheck.length,
      workers: workers.length,
      changed,
    };
  } finally {
    clearInterval(progress);
    await Promise.all(workers.map((w) => w.stop()));
  }
}

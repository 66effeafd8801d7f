// The language server's checks of a site and of a page as the editor changes them: the first check
// of a site on worker threads (its result published unless a newer check began), a site's check on
// this thread after that, and an edited page's check, on its own while the first check runs. Which
// check runs when is the schedule's (features/check-schedule.ts); what the editor shows is Diagnostics'.
import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { checkPage, checkSnippet, compareFindings, finishPageCheck, startPageCheck, type CheckOptions, type StartedPageCheck } from '../check';
import type { Docwright } from '../docwright';
import type { CheckSchedule } from '../features/check-schedule';
import { firstCheck, sameText } from '../node/first-check';
import { pageEsm } from '../pages/esm';
import { pageLinks } from '../pages/links';
import type { PageDocument } from '../pages/parse';
import { PAGE_RULES } from '../rules/index';
import type { RuleSettings } from '../rules/severity';
import { isCodeFile, isSnippetFile } from '../site/imports';
import { pageId } from '../site/navigation';
import type { Site } from '../site/site';
import { createSiteIndex, factReads, headingSlugs } from '../site/site-index';
import type { Finding } from '../types';
import { append } from '../util/array';
import { isMarkdownFile } from '../util/page-files';
import { relativeInside } from '../util/paths';
import type { CheckStatus, Diagnostics } from './diagnostics';
import { describeError } from './open-files';

export interface SiteChecksHost {
  /** The server's Docwright (made again when the client names the workspace folders). */
  docwright(): Docwright;
  schedule: CheckSchedule;
  /** The documents open in the editor, by path. */
  open: ReadonlyMap<string, TextDocument>;
  diagnostics: Diagnostics;
  status: CheckStatus;
  checkOptions(): CheckOptions;
  /** The rule settings of the first check (it runs on worker threads: no functions cross). */
  rules(): RuleSettings | undefined;
  /** The folder of the check cache (the extension's storage), if any. */
  storage(): string | undefined;
  /** Tells the client a site's findings changed (a file's, when given). */
  siteChanged(root: string, path?: string): void;
  track(work: () => Promise<void>): Promise<void>;
  log(message: string): void;
  trace(what: string): void;
}

/** What other pages' findings read of a page: its anchors, links, front matter, imports (an imported page is a snippet) and exports. */
function signature(page: PageDocument): string {
  const esm = pageEsm(page);
  return [
    headingSlugs(page).join('\n'),
    pageLinks(page)
      .map((l) => l.url)
      .join('\n'),
    JSON.stringify(page.frontmatter.data),
    esm.imports.map((i) => i.source).join('\n'),
    [...esm.exports].join('\n'),
  ].join('\0');
}

/** Other pages and snippet files an open page's early check may parse (the pages it links to, what they render). */
const EARLY_READS = 40;

/**
 * A page's findings before its site's other pages are parsed (its site's first check runs), each
 * exactly as the whole site's check gives it: the page-only rules, and every cross-page rule whose
 * check read only facts of pages parsed here. What a rule reads is tracked (as for the check cache),
 * so the pages it names (a link's target, for its anchors) and the files their facts read (the
 * snippets they render) are parsed through `read` and the rules run again, up to EARLY_READS files;
 * a rule that reads every page (`everyFact`), more than that, or fails on what is not parsed is left
 * out: the first check gives it. Code files (`.jsx`, …) are read as text through `readText` (by
 * default the text of what `read` gives).
 * Yields the findings known so far after each round, the last time with all it can know.
 */
export async function* earlyPageFindings(
  site: Site,
  id: string,
  page: PageDocument,
  read: (rel: string) => Promise<PageDocument>,
  options: CheckOptions = {},
  readText: (rel: string) => Promise<string | undefined> = async (rel) => (await read(rel)).text,
): AsyncGenerator<Finding[]> {
  const pages = new Map([[id, page]]);
  const files = new Map<string, PageDocument>();
  const codes = new Map<string, string | undefined>();
  const ids = [...site.pages.keys()];
  /** Whether a fact's read of `rel` gives what it gives in the whole site's index (undefined for a file the site lacks). */
  const held = (rel: string) => files.has(rel) || codes.has(rel) || (site.pages.get(pageId(rel)) === rel && pages.has(pageId(rel))) || !site.files.has(rel);
  /**
   * What a check that read `deps` lacks to be exact: the files to parse, and whether it read every
   * page (then it is never exact here, unless the files it lacks change what it reads).
   */
  const lacks = (deps: string[]): { need: Set<string>; every: boolean } => {
    const need = new Set<string>();
    let every = false;
    for (const dep of deps) {
      const of = dep.slice(0, dep.indexOf('\0'));
      if (of === '*') every = true;
      const rel = site.pages.get(of);
      if (rel === undefined) continue; // no such page: nothing in the whole site's index either
      const doc = pages.get(of);
      if (!doc) need.add(rel);
      else for (const f of factReads(doc).files) if (!held(f)) need.add(f);
    }
    return { need, every };
  };
  /** Each rule's findings (by its place in PAGE_RULES) once they are exact. */
  const known = new Map<number, Finding[]>();
  /** Cross-page rules that read every page: only the first check gives them. */
  const unknowable = new Set<number>();
  let started: { value: StartedPageCheck; deps: string[] } | undefined;
  for (;;) {
    const index = createSiteIndex(site, pages, { ids, track: true, files: (rel) => files.get(rel), code: (rel) => codes.get(rel) });
    const wanted = new Set<string>();
    /** Whether what a check read is all here (else what it lacks is wanted); undefined when it read every page and lacks nothing else. */
    const exact = (deps: string[]): boolean | undefined => {
      const { need, every } = lacks(deps);
      for (const rel of need) wanted.add(rel);
      return need.size > 0 ? false : every ? undefined : true;
    };
    // The page-only rules (and the collect steps) run again only while what they read of the page's own facts is not all here.
    if (!started || !known.has(-1)) {
      started = index.tracked(() => startPageCheck(index, id, page, options, PAGE_RULES));
      if (exact(started.deps)) {
        known.set(-1, []);
        started.value.steps.forEach((step, i) => step && 'findings' in step && known.set(i, step.findings));
      }
    }
    const { value: check, deps: collected } = started;
    PAGE_RULES.forEach((rule, i) => {
      const step = check.steps[i];
      if (!step || 'findings' in step || known.has(i) || unknowable.has(i)) return;
      // A rule may fail on what the index lacks (a value of a page not parsed here): not exact, and not a failure to log.
      let failed = false;
      const quiet = { ...options, onRuleError: () => (failed = true) };
      const finished = index.tracked(() => finishPageCheck(index, id, { ...check, steps: [step] }, quiet, [rule]));
      const done = exact([...collected, ...finished.deps]);
      if (done === undefined) unknowable.add(i);
      else if (done && !failed && known.has(-1)) known.set(i, finished.value);
    });
    // In the rules' order, as checkPage gives them (findings at one place keep it).
    const findings: Finding[] = [];
    for (let i = 0; i < PAGE_RULES.length; i++) append(findings, known.get(i) ?? []);
    yield findings.sort(compareFindings);
    if (wanted.size === 0 || pages.size - 1 + files.size + codes.size + wanted.size > EARLY_READS) return;
    const codeRels = [...wanted].filter((rel) => isCodeFile(rel) && site.pages.get(pageId(rel)) !== rel);
    const rels = [...wanted].filter((rel) => !codeRels.includes(rel));
    const [docs, texts] = await Promise.all([Promise.all(rels.map(read)), Promise.all(codeRels.map(readText))]);
    rels.forEach((rel, k) => (site.pages.get(pageId(rel)) === rel ? pages.set(pageId(rel), docs[k]) : files.set(rel, docs[k])));
    codeRels.forEach((rel, k) => codes.set(rel, texts[k]));
  }
}

export class SiteChecks {
  /** The `signature` of each page at its last check, to know when other pages need a re-check. */
  private readonly structure = new Map<string, string>();
  /** Config path -> the text the last completed check of its site read (see the server's onDidChangeContent). */
  readonly checkedConfig = new Map<string, string>();
  /** Path -> hash of the text the first check read, until the file changes. */
  readonly firstTexts = new Map<string, string>();
  /** The last early check per open page (running or done), and the document (a reopened page is another) and version it checks. */
  private readonly early = new Map<string, { doc: TextDocument | undefined; version: number | undefined; done: Promise<void> }>();

  constructor(private readonly host: SiteChecksHost) {}

  /** Everything of one site: config, files and every page. */
  async site(root: string): Promise<void> {
    const h = this.host;
    // Asked for while the site's first check runs: wait for its result rather than parse the site beside it.
    await h.schedule.whileFirstCheckRuns(root);
    const run = h.schedule.beginSite(root);
    h.trace(`site check of ${root} starts`);
    // The first check of a site: worker threads and the cache (node/first-check.ts).
    const progress = (done: number, total: number) => h.status.counted(root, done, total, h.schedule.firstCheckEnded(root));
    const running = h.schedule.firstCheck(root, () => {
      progress(0, 0);
      // Pages open before the site was known (or before its check began) are checked alone at once too.
      for (const [p] of h.open) if (isMarkdownFile(p) && h.docwright().project.rootFor(p) === root) void h.track(() => this.pageAlone(root, p));
      return firstCheck(h.docwright(), root, h.rules(), h.storage(), h.log, progress).catch(
        (e: unknown) => void h.log(`Docwright: the first check of ${root} failed: ${describeError(e)}`),
      );
    });
    if (running) {
      const first = await running;
      if (!run.current()) {
        h.trace(`first check of ${root} superseded: not published`);
        return;
      }
      if (first) {
        const before = new Set(h.diagnostics.shownIn(root));
        this.checkedConfig.set(first.site.config.path, first.site.config.text);
        h.diagnostics.setSite(root, first.siteFindings);
        const paths = new Set(first.siteFindings.map((f) => f.path));
        // A file changed since the check began keeps its findings only if its text is the one checked (opened, not edited).
        const unchanged = (p: string) => run.unchanged(p) || sameText(first.checkedTexts, p, h.open.get(p)?.getText() ?? '\0');
        for (const [p, list] of first.fileFindings) {
          if (!unchanged(p)) continue;
          h.diagnostics.setFile(p, list);
          paths.add(p);
        }
        for (const p of new Set([...before, ...paths])) h.diagnostics.publish(p, root);
        for (const [p, hash] of first.checkedTexts) if (unchanged(p)) this.firstTexts.set(p, hash);
        h.status.sitePublished(root);
        h.siteChanged(root);
        return;
      }
    }
    // Pages and snippet files (their MDX must compile too); a page edited since this check began has
    // (or will have) its own, newer page check.
    const checked = await h.docwright().checkSite(root, h.checkOptions(), (p) => run.unchanged(p));
    if (!run.current()) return; // A newer check of this site is under way.
    const before = new Set(h.diagnostics.shownIn(root));
    if (!checked) {
      h.diagnostics.deleteSite(root);
      for (const p of before) {
        h.diagnostics.deleteFile(p);
        h.diagnostics.publish(p, root);
      }
      h.status.sitePublished(root);
      return;
    }
    const site = checked.index.site;
    this.checkedConfig.set(site.config.path, site.config.text);
    h.diagnostics.setSite(root, checked.site);
    const paths = new Set<string>(checked.site.map((f) => f.path));
    for (const [p, findings] of checked.files) {
      h.diagnostics.setFile(p, findings);
      this.structure.set(p, signature(checked.parsed.get(p)!));
      paths.add(p);
    }
    // Files that are no page or snippet of the site any more (deleted, renamed, ignored) keep nothing.
    const files = new Set([...checked.index.pages.values()].map((page) => page.path));
    for (const rel of site.files) if (isSnippetFile(rel)) files.add(path.join(root, rel));
    for (const p of before) {
      if (files.has(p)) continue;
      h.diagnostics.deleteFile(p);
      this.structure.delete(p);
    }
    for (const p of new Set([...before, ...paths])) h.diagnostics.publish(p, root);
    h.status.sitePublished(root);
    h.siteChanged(root);
  }

  /**
   * An open page while its site's first check runs: at once, on this thread, its findings that need
   * no more than a few other files parsed (earlyPageFindings); the rest wait for the first check.
   * Published even when there are none, so that every client hears that the page was checked.
   */
  pageAlone(root: string, p: string): Promise<void> {
    const doc = this.host.open.get(p);
    const last = this.early.get(p);
    // Opened before the first check began, the page is checked when it begins and by its own check: once a version is enough.
    if (doc && last?.doc === doc && last.version === doc.version) return last.done;
    const done = this.earlyCheck(root, p);
    this.early.set(p, { doc, version: doc?.version, done });
    return done;
  }

  private async earlyCheck(root: string, p: string): Promise<void> {
    const h = this.host;
    const project = h.docwright().project;
    const doc = h.open.get(p);
    const site = await project.site(root);
    const id = site ? project.pageIdOf(site, p) : undefined;
    if (!doc || !site || id === undefined) return;
    const version = doc.version;
    let shown: string | undefined;
    const rounds = earlyPageFindings(
      site,
      id,
      await project.page(p),
      (rel) => project.page(path.posix.join(root, rel)),
      h.checkOptions(),
      (rel) => project.text(path.posix.join(root, rel)),
    );
    for await (const findings of rounds) {
      // The whole site's findings, once published, are the fuller ones; an edit since has its own check.
      if (h.schedule.firstCheckEnded(root) || h.open.get(p)?.version !== version) return;
      const key = JSON.stringify(findings);
      if (key === shown) continue;
      shown = key;
      h.diagnostics.setFile(p, findings);
      h.diagnostics.publish(p, root, true);
      h.trace(`early findings of ${p} published (${findings.length})`);
    }
  }

  /** One page's content, after an edit. */
  async page(root: string, p: string): Promise<void> {
    const h = this.host;
    if (!h.schedule.firstCheckEnded(root)) await this.pageAlone(root, p);
    // A page opened while the first check runs waits for it rather than parse the site beside it.
    await h.schedule.afterFirstCheck(root);
    const doc = h.open.get(p);
    if (doc && sameText(this.firstTexts, p, doc.getText())) return; // opened as the first check read it: its findings stand
    const run = h.schedule.beginPage(p);
    const index = await h.docwright().project.index(root);
    const id = index ? h.docwright().project.pageIdOf(index.site, p) : undefined;
    if (index && id === undefined) {
      // A snippet file: only the rules for fragments.
      const rel = relativeInside(root, p);
      if (rel === undefined || !isSnippetFile(rel) || !index.site.files.has(rel)) return;
      const page = await h.docwright().project.page(p);
      if (!run.current()) return;
      h.diagnostics.setFile(p, checkSnippet(index, rel, page, h.checkOptions()));
      h.diagnostics.publish(p, root);
      h.siteChanged(root, p);
      // The pages rendering the snippet have its headings as anchors: links to them are checked again.
      const sig = signature(page);
      if (this.structure.get(p) !== sig) {
        this.structure.set(p, sig);
        h.schedule.recheckSite(root);
      }
      return;
    }
    if (!index || id === undefined) return;
    if (!run.current()) return; // superseded by a newer edit
    h.diagnostics.setFile(p, checkPage(index, id, h.checkOptions()));
    h.diagnostics.publish(p, root);
    const page = index.pages.get(id)!;
    const sig = signature(page);
    if (this.structure.get(p) !== sig) {
      this.structure.set(p, sig);
      h.schedule.recheckSite(root);
    }
  }
}

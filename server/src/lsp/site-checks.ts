// The language server's checks of a site and of a page as the editor changes them: the first check
// of a site on worker threads (its result published unless a newer check began), a site's check on
// this thread after that, and an edited page's check, alone while the first check runs. Which check
// runs when is the schedule's (features/check-schedule.ts); what the editor shows is Diagnostics'.
import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { checkPage, checkPageAlone, checkSnippet, type CheckOptions } from '../check';
import type { Docwright } from '../docwright';
import type { CheckSchedule } from '../features/check-schedule';
import { firstCheck, sameText } from '../node/first-check';
import { pageEsm } from '../pages/esm';
import { pageLinks } from '../pages/links';
import type { PageDocument } from '../pages/parse';
import type { RuleSettings } from '../rules/severity';
import { isSnippetFile } from '../site/imports';
import { headingSlugs } from '../site/site-index';
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

export class SiteChecks {
  /** The `signature` of each page at its last check, to know when other pages need a re-check. */
  private readonly structure = new Map<string, string>();
  /** Config path -> the text the last completed check of its site read (see the server's onDidChangeContent). */
  readonly checkedConfig = new Map<string, string>();
  /** Path -> hash of the text the first check read, until the file changes. */
  readonly firstTexts = new Map<string, string>();

  constructor(private readonly host: SiteChecksHost) {}

  /** Everything of one site: config, files and every page. */
  async site(root: string): Promise<void> {
    const h = this.host;
    // Asked for while the site's first check runs: wait for its result rather than parse the site beside it.
    await h.schedule.afterFirstCheck(root);
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
   * An open page while its site's first check runs: its page-only rules at once, on this thread (one
   * page's parse); the cross-page rules (links into other pages) wait for the first check's result.
   */
  async pageAlone(root: string, p: string): Promise<void> {
    const h = this.host;
    const doc = h.open.get(p);
    const site = await h.docwright().project.site(root);
    const id = site ? h.docwright().project.pageIdOf(site, p) : undefined;
    if (!doc || !site || id === undefined) return;
    const version = doc.version;
    const findings = checkPageAlone(site, id, await h.docwright().project.page(p), h.checkOptions());
    // The whole site's findings, once published, are the fuller ones; an edit since has its own check.
    if (h.schedule.firstCheckEnded(root) || h.open.get(p)?.version !== version) return;
    h.diagnostics.setFile(p, findings);
    h.diagnostics.publish(p, root);
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

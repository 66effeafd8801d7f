// What a check session shows of its checks: the findings per site and per file, published to the host
// (Diagnostics: the editor's diagnostics, the dev server's problems), and how far the sites' first
// checks are (CheckStatus, the status bar's "checking"). The session's checks put their results here;
// nothing here runs a check.
import type { Finding } from '../types';

/** How far the sites' first checks are (the language server sends it as is: lsp/protocol.ts CheckStatusParams). */
export interface CheckStatusParams {
  /** Sites whose first check has not ended. */
  checking: number;
  /** Their pages checked so far, and their pages in all (0 while not yet known). */
  done: number;
  total: number;
}

/** The findings the editor shows: a site's site-rule findings, each page's and snippet's own, and which files show some. */
export class Diagnostics {
  /** Site-level findings per site root (any file of the site). */
  private readonly siteFindings = new Map<string, Finding[]>();
  /** Page-level findings per page or snippet path. */
  private readonly fileFindings = new Map<string, Finding[]>();
  /** Paths that currently show diagnostics, per site root. */
  private readonly shown = new Map<string, Set<string>>();

  /** `send` hands a file's findings to the client (its whole list: an empty one clears it). */
  constructor(private readonly send: (path: string, findings: Finding[]) => void) {}

  /** A file's findings: its site's site-rule findings about it, then its own. */
  of(path: string, root: string | undefined): Finding[] {
    return [...(root ? (this.siteFindings.get(root) ?? []).filter((f) => f.path === path) : []), ...(this.fileFindings.get(path) ?? [])];
  }

  /**
   * Sends a file's findings; a file that shows nothing and has nothing needs no message (most pages
   * of a first check) unless `always` (an open page's own check: the client hears it was checked).
   */
  publish(path: string, root: string, always = false): void {
    const list = this.of(path, root);
    const set = this.shown.get(root) ?? new Set<string>();
    if (list.length === 0 && !set.has(path) && !always) return;
    this.send(path, list);
    if (list.length) set.add(path);
    else set.delete(path);
    this.shown.set(root, set);
  }

  /** The files of a site that show diagnostics now. */
  shownIn(root: string): ReadonlySet<string> {
    return this.shown.get(root) ?? new Set();
  }

  setSite(root: string, findings: Finding[]): void {
    this.siteFindings.set(root, findings);
  }

  deleteSite(root: string): void {
    this.siteFindings.delete(root);
  }

  setFile(path: string, findings: Finding[]): void {
    this.fileFindings.set(path, findings);
  }

  deleteFile(path: string): void {
    this.fileFindings.delete(path);
  }
}

/**
 * How far the sites' first checks are, for the client's status: sites counted as checking (with the
 * pages parsed so far and in all) until their findings are published. Sent only when it changed,
 * except the end, which is always said: a client that missed or reordered an earlier one must not
 * stay "checking".
 */
export class CheckStatus {
  /** Sites whose first findings are not published yet: their pages parsed so far and in all. */
  private readonly progress = new Map<string, { done: number; total: number }>();
  /** Sites whose whole findings have been published at least once. */
  private readonly published = new Set<string>();
  private sent = '';

  constructor(
    private readonly notify: (params: CheckStatusParams) => void,
    private readonly trace: (what: string) => void = () => undefined,
  ) {}

  /** Counts a site as checking from now, unless its first check has ended or its findings are out. */
  expect(root: string, firstCheckEnded: boolean): void {
    if (!firstCheckEnded && !this.published.has(root) && !this.progress.has(root)) this.progress.set(root, { done: 0, total: 0 });
  }

  /** A first check's count of pages parsed; a late count (findings out, or the check ended) must not bring "checking" back. */
  counted(root: string, done: number, total: number, firstCheckEnded: boolean): void {
    if (this.published.has(root) || firstCheckEnded) return;
    this.progress.set(root, { done, total });
    this.send();
  }

  /** The site's findings are published: its first check (if that was it) has its result. */
  sitePublished(root: string): void {
    this.published.add(root);
    this.trace(`site ${root} published; still checking: ${[...this.progress.keys()].filter((r) => r !== root).join(', ') || 'none'}`);
    // Only a site counted as checking ends anything: one published before the first checks were counted must not say "done" early.
    if (this.progress.delete(root)) this.send();
  }

  send(): void {
    const params: CheckStatusParams = { checking: this.progress.size, done: 0, total: 0 };
    for (const p of this.progress.values()) {
      params.done += p.done;
      params.total += p.total;
    }
    const key = JSON.stringify(params);
    if (key === this.sent && params.checking > 0) return;
    this.sent = key;
    this.trace(`check status ${key}`);
    this.notify(params);
  }
}

// `docwright check --external`: the external links of every site checked over HTTP, once per URL for
// the whole run, with the link cache (links.json beside the check cache) read first and written
// at the end. Progress goes to stderr on a terminal; notes (links left unchecked and why) and a
// one-line count after the run go to stderr; findings join the check's, sorted with them.
import * as path from 'node:path';
import { compareFindings, type Site } from '../../docwright';
import type { GitChange } from '../../node/git';
import { ExternalLinkChecker, linksCacheFile, siteExternalLinkFindings, type LinkCheckOptions } from '../../node/external-links';
import type { Finding } from '../../types';
import { inlineSafe } from '../../util/controls';

export interface ExternalLinksRun {
  /**
   * `reported` with the site's external-link findings added, sorted. When the check reports on some
   * files only (`matches`: those named; `changes`: those changed since a ref), only theirs.
   */
  add(
    reported: readonly Finding[],
    site: Site,
    texts: ReadonlyMap<string, string>,
    matches: ((file: string) => boolean) | undefined,
    changes: readonly GitChange[] | undefined,
  ): Promise<Finding[]>;
  /** Writes the cache, closes the connections and says what was left unchecked. */
  finish(): Promise<void>;
}

/**
 * Starts the external-link check of a run: links.json in `cacheDir` (the check cache's folder), written
 * under the folder `--cache-location` names, or `dir` checked. `externalOptions` are the checker's
 * (tests reach their own server through `allowPrivate`; the command line offers no way to).
 */
export async function startExternalLinks(
  args: { cacheLocation?: string; externalOptions?: Partial<LinkCheckOptions> },
  cacheDir: string,
  dir: string,
  err: (s: string) => void,
): Promise<ExternalLinksRun> {
  const base = args.cacheLocation !== undefined ? cacheDir : dir;
  const checker = new ExternalLinkChecker(args.externalOptions, { file: linksCacheFile(cacheDir), base: path.resolve(base) }, terminalProgress());
  const note = (message: string) => err(`docwright: note: ${inlineSafe(message)}`);
  await checker.load();
  return {
    async add(reported, site, texts, matches, changes) {
      const found = await siteExternalLinkFindings(site, texts, checker, { inScope: externalScope(matches, changes), note });
      return [...reported, ...found].sort(compareFindings);
    },
    async finish() {
      await checker.save();
      checker.close();
      for (const n of [...checker.notes, ...checker.uncheckedNotes()]) note(n);
      const { urls, cached, requests } = checker.stats;
      err(`docwright: external links: ${urls} URL${urls === 1 ? '' : 's'} (${cached} from the cache), ${requests} request${requests === 1 ? '' : 's'}.`);
    },
  };
}

/** The files the external links are reported in when the check reports on some files only: those named, or changed since the ref. */
function externalScope(matches: ((file: string) => boolean) | undefined, changes: readonly GitChange[] | undefined): ((file: string) => boolean) | undefined {
  if (!matches && !changes) return undefined;
  const changed = new Set((changes ?? []).filter((c) => c.status !== 'deleted').map((c) => c.path));
  return (file) => changed.has(file) || (matches?.(file) ?? false);
}

/** A progress line on a terminal (none in CI logs). */
function terminalProgress(): ((done: number, total: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  return (done, total) => process.stderr.write(`\rExternal links: ${done}/${total}${done === total ? '\n' : ''}`);
}

// A check session's first full check of a site (the Node hosts' FirstChecker): worker threads do the
// parsing and the page checks (the host's thread stays free for completion, hover and serving pages),
// and the check cache in the extension's storage answers for the pages unchanged since the last
// session.
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import type { FirstCheck, FirstChecker } from '../check-session';
import type { Docwright } from '../docwright';
import type { RuleSettings } from '../rules/severity';
import type { Finding } from '../types';
import { contentHash } from './check-cache';
import { checkSiteFully } from './host';
import { defaultThreads } from './threads';

/** The folder the client names in `initializationOptions.storage` (its storageUri or globalStorageUri), if any. */
export function storageFolder(initializationOptions: unknown): string | undefined {
  const storage = (initializationOptions as { storage?: unknown } | null | undefined)?.storage;
  return typeof storage === 'string' && path.isAbsolute(storage) ? storage : undefined;
}

export interface FirstCheckOptions {
  /** The rule settings it runs with (worker threads: no functions cross), read when it begins. */
  rules(): RuleSettings | undefined;
  /** The folder of the check cache (none: threads only), read when it begins. */
  storage(): string | undefined;
  /** Notes: an ignored cache, a rule that failed. */
  log(message: string): void;
}

/** The first check of each site of `docwright()` on worker threads, with the check cache under the storage folder. */
export function nodeFirstChecker(docwright: () => Docwright, o: FirstCheckOptions): FirstChecker {
  return { check: (root, onProgress) => firstCheck(docwright(), root, o.rules(), o.storage(), o.log, onProgress), hash: contentHash };
}

/**
 * Checks the site at `root` with the cache under `storage` (none: threads only), and writes the
 * cache back. Undefined when there is no site. Notes (an ignored cache) go to `log`;
 * `onProgress` hears how many of its pages are parsed so far.
 */
export async function firstCheck(
  docwright: Docwright,
  root: string,
  rules: RuleSettings | undefined,
  storage: string | undefined,
  log: (message: string) => void,
  onProgress?: (done: number, total: number) => void,
): Promise<FirstCheck | undefined> {
  const t0 = Date.now();
  const checked = await checkSiteFully(docwright, root, {
    threads: defaultThreads(availableParallelism()),
    idle: true,
    rules,
    cacheDir: storage ? path.join(storage, 'check-cache') : undefined,
    onProgress,
    onRuleError: (ruleId, message, where) => log(`Docwright: rule ${ruleId} failed on ${where} and was skipped: ${message}`),
    note: (message) => log(`Docwright: ${message}`),
    // DOCWRIGHT_CHECK_TIMINGS=1: when each step ends, on stderr.
    mark: process.env.DOCWRIGHT_CHECK_TIMINGS
      ? (what: string) => process.stderr.write(`[first check ${((Date.now() - t0) / 1000).toFixed(2)} s] ${what}\n`)
      : undefined,
  });
  if (!checked) return undefined;
  const { site, result } = checked;
  const fileFindings = new Map<string, Finding[]>();
  for (const [rel, findings] of result.fileFindings) fileFindings.set(path.posix.join(root, rel), findings);
  const checkedTexts = new Map(Object.entries(result.cache.files).map(([rel, f]) => [path.posix.join(root, rel), f.text]));
  return { site, siteFindings: result.siteFindings, fileFindings, checkedTexts };
}

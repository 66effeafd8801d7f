// The language server's first full check of a site: worker threads do the parsing and the page
// checks (the server's thread stays free for completion and hover), and the check cache in the
// extension's storage answers for the pages unchanged since the last session.
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import type { Project } from '../project';
import type { RuleSettings } from '../rules/severity';
import type { Site } from '../site/site';
import type { Finding } from '../types';
import { cacheFileFor, readCheckCache, writeCheckCache } from '../node/check-cache';
import { checkSiteFiles, readSiteTexts } from '../node/check-run';
import { defaultThreads } from '../node/threads';

export interface FirstCheck {
  site: Site;
  /** The site rules' findings (any file) and each page's or snippet's, by absolute path. */
  siteFindings: Finding[];
  fileFindings: Map<string, Finding[]>;
}

/** The folder the client names in `initializationOptions.storage` (its storageUri or globalStorageUri), if any. */
export function storageFolder(initializationOptions: unknown): string | undefined {
  const storage = (initializationOptions as { storage?: unknown } | null | undefined)?.storage;
  return typeof storage === 'string' && path.isAbsolute(storage) ? storage : undefined;
}

/**
 * Checks the site at `root` with the cache under `storage` (none: threads only), and writes the
 * cache back. Undefined when there is no site. Notes (an ignored cache) go to `log`.
 */
export async function firstCheck(project: Project, root: string, rules: RuleSettings | undefined, storage: string | undefined, log: (message: string) => void): Promise<FirstCheck | undefined> {
  const site = await project.site(root);
  if (!site) return undefined;
  const texts = await readSiteTexts(site, (p) => project.text(p));
  const file = storage ? cacheFileFor(path.join(storage, 'check-cache'), root) : undefined;
  const read = file ? await readCheckCache(file, root) : {};
  if (read.note) log(`Docwright: ${read.note}`);
  const result = await checkSiteFiles(site, texts, {
    threads: defaultThreads(availableParallelism()),
    idle: true,
    rules,
    cache: read.data,
    onRuleError: (ruleId, message, where) => log(`Docwright: rule ${ruleId} failed on ${where} and was skipped: ${message}`),
  });
  if (file && result.changed) await writeCheckCache(file, result.cache).catch((e: unknown) => log(`Docwright: the check cache could not be written to ${file}: ${String(e)}`));
  const fileFindings = new Map<string, Finding[]>();
  for (const [rel, findings] of result.fileFindings) fileFindings.set(path.posix.join(root, rel), findings);
  return { site, siteFindings: result.siteFindings, fileFindings };
}

// The Docwright of a Node host (the language server, the CLI and its dev and MCP servers): the disk
// as its workspace, with the editor's open buffers on top, and the Node services the core is handed:
// the component sandbox, the highlighter with the build's table, the Mermaid check, the speller. Also the whole
// check of a site on worker threads with the check cache, which the CLI's check and the editor's
// first check both run.
import { createDocwright, type Docwright } from '../docwright';
import type { RuleSettings } from '../rules/severity';
import type { Site } from '../site/site';
import { cacheFileFor, readCheckCache, writeCheckCache } from './check-cache';
import { checkSiteFiles, readSiteTexts, type SiteCheckResult } from './check-run';
import { DiskWorkspace } from './disk-workspace';
import { hostMermaidCheck } from './mermaid-file';
import { hostSpeller } from './speller';
import { hostAsyncapiReader } from './asyncapi';
import { hostHighlighter } from './regex-table-file';
import { runSandboxed } from './sandbox';

export interface HostOptions {
  /** The text of a file open in the editor, which stands for the disk's. */
  openText?: (path: string) => string | undefined;
  /** See Project: the language server holds a site's index until its first check has ended. */
  beforeIndex?: (root: string) => Promise<void>;
}

/** A Docwright over the disk with the Node host's services. */
export function hostDocwright(folders: readonly string[], options: HostOptions = {}): Docwright {
  return createDocwright({
    workspace: new DiskWorkspace(options.openText),
    folders,
    components: runSandboxed,
    highlighter: hostHighlighter(),
    mermaid: hostMermaidCheck(),
    speller: hostSpeller(),
    asyncapi: hostAsyncapiReader,
    beforeIndex: options.beforeIndex,
  });
}

export interface FullCheckOptions {
  /** Threads in all (the calling one included). */
  threads: number;
  /** The calling thread only coordinates (the language server): see SiteCheckOptions. */
  idle?: boolean;
  rules?: RuleSettings;
  /** The folder of the check cache (none: no cache is read or written). */
  cacheDir?: string;
  /** The folder the cache file may be written under (safe writes stay inside it; default cacheDir). */
  cacheBase?: string;
  onProgress?(done: number, total: number): void;
  onRuleError?(ruleId: string, message: string, path: string): void;
  /** A note for the user: an ignored cache, a cache that could not be written. */
  note?(message: string): void;
  /** Called as each step ends (DOCWRIGHT_CHECK_TIMINGS). */
  mark?(step: string): void;
  /** Called with the site before its files are read (the CLI bounds its heap for a large one). */
  beforeRead?(site: Site): void;
}

/**
 * The whole check of the site at `root`: its pages spread over worker threads, the check cache read
 * first and written back when it changed. Undefined when there is no site there. The same findings
 * as `Docwright.checkSite` on one thread.
 */
export async function checkSiteFully(
  docwright: Docwright,
  root: string,
  o: FullCheckOptions,
): Promise<{ site: Site; texts: ReadonlyMap<string, string>; result: SiteCheckResult } | undefined> {
  const mark = o.mark ?? (() => undefined);
  const project = docwright.project;
  const site = await project.site(root);
  if (!site) return undefined;
  mark('site loaded');
  o.beforeRead?.(site);
  const texts = await readSiteTexts(site, (p) => project.text(p));
  mark('texts read');
  const file = o.cacheDir !== undefined ? cacheFileFor(o.cacheDir, root) : undefined;
  const read = file ? await readCheckCache(file, root) : {};
  if (read.note) o.note?.(read.note);
  mark('cache read');
  const result = await checkSiteFiles(site, texts, {
    threads: o.threads,
    idle: o.idle,
    rules: o.rules,
    cache: read.data,
    onProgress: o.onProgress,
    onRuleError: o.onRuleError,
  });
  mark('checked');
  if (file && o.cacheDir !== undefined && result.changed)
    await writeCheckCache(file, result.cache, o.cacheBase ?? o.cacheDir).catch((e: unknown) =>
      o.note?.(`the check cache could not be written to ${file}: ${e instanceof Error ? e.message : String(e)}`),
    );
  mark('cache written');
  return { site, texts, result };
}

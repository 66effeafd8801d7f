// Checks only a diff can show (`docwright check --base <ref>`): a page removed or renamed since the
// base that nothing leads to any more, and a translation older than its source page. Git itself is
// read by the host (node/git.ts); these functions take what it found.
import { siteModelOf } from '../site/api-pages';
import { siteLanguages } from '../site/languages';
import { pageId } from '../site/navigation';
import { redirectsOf } from '../site/redirects';
import { isPageFile, type Site } from '../site/site';
import type { Finding, Range, Severity } from '../types';
import { join, relativeInside } from '../util/paths';

/** The metadata of the git-aware checks (they run only with a base ref, outside the rule set). */
export const GIT_RULES: readonly { id: string; description: string; severity: Severity }[] = [
  {
    id: 'page-removed-without-redirect',
    description: 'A page removed or renamed since the base ref has no redirect, and no navigation entry names its new place.',
    severity: 'warning',
  },
  { id: 'translation-outdated', description: 'A translated page whose source-language page changed after the translation last changed.', severity: 'warning' },
];

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** A page file of the site that is gone since the base: its old path, and its new one for a rename (site-relative). */
export interface RemovedPage {
  from: string;
  to?: string;
}

/** Removed or renamed pages with no redirect from the old path and no navigation entry for the new one. */
export function removedPageFindings(site: Site, removed: readonly RemovedPage[], base: string): Finding[] {
  const redirects = redirectsOf(siteModelOf(site));
  const listed = new Set(site.nav.entries.map((e) => pageId(e.page)));
  const out: Finding[] = [];
  for (const { from, to } of removed) {
    if (!isPageFile(from)) continue;
    const oldId = pageId(from);
    // The old id still a page (another file took its place), or a redirect from it: its links still lead somewhere.
    if (site.pages.has(oldId) || redirects.matches(oldId)) continue;
    const newId = to !== undefined && isPageFile(to) ? pageId(to) : undefined;
    if (newId !== undefined && listed.has(newId)) continue;
    const message =
      newId !== undefined
        ? `This page was "/${oldId}" at ${base}: add a redirect from "/${oldId}" to "/${newId}" (or a navigation entry for "${newId}"), or links to the old address break.`
        : `The page "/${oldId}" (${from}) was removed since ${base} with no redirect: links to it now break. Add a redirect from "/${oldId}".`;
    out.push({
      ruleId: 'page-removed-without-redirect',
      severity: 'warning',
      message,
      path: newId !== undefined ? join(site.root, to!) : site.config.path,
      range: START,
    });
  }
  return out;
}

/** A translated page and its source-language page (site-relative files). */
export interface TranslationPair {
  translation: string;
  source: string;
  language: string;
  sourceLanguage: string;
}

/** Each page of a non-default language paired with the default language's page of the same key (docs.json `navigation.languages`). */
export function translationPairs(site: Site): TranslationPair[] {
  const languages = siteLanguages(site);
  if (!languages) return [];
  const sources = languages.pages.get(languages.defaultCode)!;
  const out: TranslationPair[] = [];
  for (const code of languages.codes) {
    if (code === languages.defaultCode) continue;
    for (const [key, entry] of languages.pages.get(code)!) {
      const sourceEntry = sources.get(key);
      const translation = site.pages.get(pageId(entry.page));
      const source = sourceEntry && site.pages.get(pageId(sourceEntry.page));
      if (translation && source && translation !== source) out.push({ translation, source, language: code, sourceLanguage: languages.defaultCode });
    }
  }
  return out;
}

/** The finding on a translation whose source changed after it (`commit`: the source's last commit, or undefined for uncommitted changes). */
export function outdatedTranslationFinding(site: Site, pair: TranslationPair, commit: string | undefined): Finding {
  const when = commit ? `in commit ${commit.slice(0, 12)}` : 'in the working tree (not committed)';
  return {
    ruleId: 'translation-outdated',
    severity: 'warning',
    message: `Outdated translation (${pair.language}): its source page ${pair.source} (${pair.sourceLanguage}) changed ${when}, after this page last changed.`,
    path: join(site.root, pair.translation),
    range: START,
  };
}

/** What the host read of git for a check with a base ref (node/git.ts), and how it asks for more. */
export interface GitReader {
  /** The ref as given (named in messages). */
  ref: string;
  /** The files changed since the ref: absolute paths; `from` is a rename's old path. */
  changes: readonly { status: 'added' | 'modified' | 'deleted' | 'renamed'; path: string; from?: string }[];
  /** The last commit that changed `file` (absolute), and whether the working tree changes it since. */
  lastChange(file: string): Promise<{ commit?: string; dirty: boolean }>;
  /** Whether commit `a` is an ancestor of `b`. */
  isAncestor(a: string, b: string): Promise<boolean>;
}

/** The git-aware findings of a site: removed pages with nothing leading on, translations older than their changed source. */
export async function gitFindings(site: Site, git: GitReader): Promise<Finding[]> {
  const removed: RemovedPage[] = [];
  const changedSources = new Set<string>();
  for (const c of git.changes) {
    const rel = relativeInside(site.root, c.path);
    const from = c.from !== undefined ? relativeInside(site.root, c.from) : c.status === 'deleted' ? rel : undefined;
    if (from !== undefined) removed.push({ from, to: c.status === 'renamed' ? rel : undefined });
    if (rel !== undefined && c.status !== 'deleted') changedSources.add(rel);
  }
  const out = removedPageFindings(site, removed, git.ref);
  for (const pair of translationPairs(site)) {
    if (!changedSources.has(pair.source)) continue;
    const source = await git.lastChange(join(site.root, pair.source));
    const translation = await git.lastChange(join(site.root, pair.translation));
    if (translation.dirty) continue;
    if (source.dirty) {
      out.push(outdatedTranslationFinding(site, pair, undefined));
      continue;
    }
    if (!source.commit || source.commit === translation.commit) continue;
    if (!translation.commit || (await git.isAncestor(translation.commit, source.commit))) out.push(outdatedTranslationFinding(site, pair, source.commit));
  }
  return out;
}

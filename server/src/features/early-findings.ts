// An open page's findings before its site's first check ends (earlyPageFindings: exact, from the few
// files it reads), and what other pages read of a page (signature: when it changes, they are checked
// again). Pure: the pages come through the caller's reads.
import { compareFindings, finishPageCheck, startPageCheck, type CheckOptions, type StartedPageCheck } from '../check';
import { pageEsm } from '../pages/esm';
import { pageLinks } from '../pages/links';
import type { PageDocument } from '../pages/parse';
import { PAGE_RULES } from '../rules/index';
import { CODE_WORDS } from '../rules/page/spelling';
import { isCodeFile } from '../site/imports';
import { pageId } from '../site/navigation';
import type { Site } from '../site/site';
import { createSiteIndex, factOf, factReads, headingSlugs } from '../site/site-index';
import type { Finding } from '../types';
import { append } from '../util/array';

/** What other pages' findings read of a page: its anchors, links, front matter, imports (an imported page is a snippet), exports and code words (spelling). */
export function signature(page: PageDocument): string {
  const esm = pageEsm(page);
  return [
    headingSlugs(page).join('\n'),
    pageLinks(page)
      .map((l) => l.url)
      .join('\n'),
    JSON.stringify(page.frontmatter.data),
    esm.imports.map((i) => i.source).join('\n'),
    [...esm.exports].join('\n'),
    factOf(page, CODE_WORDS).join('\n'),
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

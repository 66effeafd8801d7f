// file-untracked in `docwright check`: when a site is in a git work tree, git is asked once which of
// its files it tracks and, for the untracked ones the site uses, which it ignores; the core finds the
// places that use them and words the findings.
import { gitFiles } from '../../node/git';
import { Docwright, type Site } from '../../docwright';
import type { Finding } from '../../types';

/** The file-untracked findings of a site (none outside a git work tree). `texts`: the pages, snippets and code files the check read. */
export async function untrackedFindings(site: Site, texts: ReadonlyMap<string, string>): Promise<Finding[]> {
  const git = await gitFiles(site.root);
  return git ? Docwright.untrackedFindings(site, texts, git) : [];
}

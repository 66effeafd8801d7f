import { siteApi } from '../../site/api-pages';
import { LLMS_TXT_MAX_CHARS, LLMS_TXT_PASS_CHARS, llmsTxtSize, markdownLinks, validateLlmsTxt } from '../../site/llms-txt';
import { pageId } from '../../site/navigation';
import { siteLanguages } from '../../site/languages';
import { LLMS_TXT_NAME } from '../../site/site';
import { isExternalUrl, join, resolveRel } from '../../util/paths';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

const GOOD = `# Acme

> Acme's API documentation: authentication, notes and webhooks.

New here? Start with the [quickstart](quickstart.md).

## Get started

- [Introduction](introduction.md): What Acme does and where to start.
- [Quickstart](quickstart.md): Create a key and make your first request.
`;

const BAD = `Acme API documentation.

## Get started

- [Introduction](introduction.md): What Acme does and where to start.
- [Setup](setup.md): Install the SDK.
`;

const chars = (n: number) => n.toLocaleString('en-US');

export const llmsTxt: SiteRule = {
  id: 'llms-txt',
  description:
    'A hand-written `llms.txt` at the site root starts with the site name, its links lead to pages or files of the site, and it fits what agents read.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      "An `llms.txt` is the index that AI tools read before they read your pages. The llms.txt format (llmstxt.org) requires one thing, the site name as a `# Name` heading first; a `> summary` quote, notes and `## Section` lists of `- [Title](url): description` are optional, and other Markdown is allowed, so only a missing name and what is broken are reported: a link to a page or file that does not exist misleads the tools that follow it. Relative links and links from the site root are checked against the site (`page.md`, `page.html` and `page` all name a page), outside code; absolute URLs are not fetched. On a site with `navigation.languages`, a link to a page of another language than the default is reported: the format's llms.txt holds the default language (and version) only. " +
      `A file over ${chars(LLMS_TXT_PASS_CHARS)} characters is reported, as some agents read no further, and one over ${chars(LLMS_TXT_MAX_CHARS)}, where agents cut it off and the format cuts its own llms.txt: the sizes at which \`docwright score\` warns and fails. \`docwright export\` writes one in the full form for you.`,
    bad: exampleSite(minimalConfig(['introduction', 'quickstart']), ['introduction', 'quickstart'], { 'llms.txt': BAD }),
    good: exampleSite(minimalConfig(['introduction', 'quickstart']), ['introduction', 'quickstart'], { 'llms.txt': GOOD }),
  },
  check({ site, report }) {
    const text = site.llmsTxt;
    if (text === undefined) return;
    const resolve = (url: string): boolean | undefined => {
      if (isExternalUrl(url)) return undefined;
      let path: string;
      try {
        path = decodeURIComponent(url.split(/[?#]/)[0]);
      } catch {
        return false;
      }
      const rel = resolveRel(LLMS_TXT_NAME, path);
      if (rel === undefined) return false;
      if (rel === '' || site.files.has(rel)) return true;
      const id = pageId(rel.replace(/\.html?$/i, '')).replace(/\/$/, '');
      const pages = siteApi(site).allPages;
      return pages.has(id) || pages.has(`${id}/index`) || (id.endsWith('/index') && pages.has(id.slice(0, -'/index'.length)));
    };
    const lines = text.split(/\r?\n/);
    const file = join(site.root, LLMS_TXT_NAME);
    const lineRange = (line: number) => ({ start: { line, character: 0 }, end: { line, character: (lines[line] ?? '').length } });
    const size = llmsTxtSize(text);
    if (size.message) report({ message: size.message, path: file, range: lineRange(0) });
    for (const p of validateLlmsTxt(text, { resolve, form: 'required' })) report({ message: p.message, path: file, range: lineRange(p.line) });
    // The format's llms.txt lists the default language's pages only.
    const langs = siteLanguages(site);
    if (!langs) return;
    for (const { url, line, character } of markdownLinks(text)) {
      if (!url || isExternalUrl(url)) continue;
      const rel = resolveRel(LLMS_TXT_NAME, url.split(/[?#]/)[0]);
      if (!rel) continue;
      const id = pageId(rel.replace(/\.(md|html?)$/i, ''));
      const codes = langs.languagesOf.get(id);
      if (!codes || codes.has(langs.defaultCode)) continue;
      report({
        message: `"${id}" is a page of ${[...codes].join(', ')}: llms.txt lists the default language (${langs.defaultCode}) only.`,
        path: file,
        range: { start: { line, character }, end: { line, character: character + url.length } },
      });
    }
  },
};

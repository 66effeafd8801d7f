import { siteApi } from '../../site/api-pages';
import { validateLlmsTxt } from '../../site/llms-txt';
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

export const llmsTxt: SiteRule = {
  id: 'llms-txt',
  description: 'A hand-written `llms.txt` at the site root starts with the site name, and its links lead to pages or files of the site.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      "An `llms.txt` is the index that AI tools read before they read your pages. The llms.txt format (llmstxt.org) requires one thing, the site name as a `# Name` heading first; a `> summary` quote, notes and `## Section` lists of `- [Title](url): description` are optional, and other Markdown is allowed, so only a missing name and what is broken are reported: a link to a page or file that does not exist misleads the tools that follow it. Relative links and links from the site root are checked against the site (`page.md`, `page.html` and `page` all name a page), outside code; absolute URLs are not fetched. On a site with `navigation.languages`, a link to a page of another language than the default is reported: the format's llms.txt holds the default language (and version) only. Files over 500 KB are reported too. `docwright export` writes one in the full form for you.",
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
    for (const p of validateLlmsTxt(text, { resolve, form: 'required' })) {
      const end = (lines[p.line] ?? '').length;
      report({
        message: p.message,
        path: join(site.root, LLMS_TXT_NAME),
        range: { start: { line: p.line, character: 0 }, end: { line: p.line, character: end } },
      });
    }
    // The format's llms.txt lists the default language's pages only.
    const langs = siteLanguages(site);
    if (!langs) return;
    lines.forEach((line, n) => {
      for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (isExternalUrl(m[1])) continue;
        const rel = resolveRel(LLMS_TXT_NAME, m[1].split(/[?#]/)[0]);
        if (!rel) continue;
        const id = pageId(rel.replace(/\.(md|html?)$/i, ''));
        const codes = langs.languagesOf.get(id);
        if (!codes || codes.has(langs.defaultCode)) continue;
        const start = m.index + 2;
        report({
          message: `"${id}" is a page of ${[...codes].join(', ')}: llms.txt lists the default language (${langs.defaultCode}) only.`,
          path: join(site.root, LLMS_TXT_NAME),
          range: { start: { line: n, character: start }, end: { line: n, character: start + m[1].length } },
        });
      }
    });
  },
};

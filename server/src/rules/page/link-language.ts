import { siteLanguages } from '../../site/languages';
import { pageId } from '../../site/navigation';
import { twoLanguageSite } from '../examples';
import { pageFix } from '../page-utils';
import type { CrossPageRule } from '../types';
import { internalLinks, resolvedLinks, type LinkAt } from './link-broken';

const PAGE = (link: string) =>
  `---\ntitle: "Introduction"\ndescription: "Ce que fait Acme et par où commencer."\n---\n\n## Aperçu\n\nLisez le [démarrage rapide](${link}).\n`;

export const linkLanguage: CrossPageRule<LinkAt[]> = {
  id: 'link-language',
  description: 'A page of one language links to pages of the same language.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      "On a site with `navigation.languages`, a link from a translated page to a page of another language drops the reader out of their language, usually because a link was copied from the original. Links to a page every language lists are fine. The fix points the link at the same page in the linking page's language, when it exists.",
    bad: twoLanguageSite(['fr/introduction', 'fr/quickstart'], { 'fr/introduction.mdx': PAGE('/quickstart') }),
    good: twoLanguageSite(['fr/introduction', 'fr/quickstart'], { 'fr/introduction.mdx': PAGE('/fr/quickstart') }),
  },
  collect: ({ page }) => internalLinks(page),
  check({ page, id, index, data, report }) {
    const langs = siteLanguages(index.site);
    const mine = langs?.languagesOf.get(id);
    if (!langs || !mine) return;
    for (const { link, target } of resolvedLinks(index, id, data)) {
      if (!target.ok || target.id === undefined || target.id === id) continue;
      const theirs = langs.languagesOf.get(target.id);
      if (!theirs || [...theirs].some((c) => mine.has(c))) continue;
      const code = [...mine][0];
      const from = [...theirs][0];
      const same = langs.pages.get(code)?.get(langs.keyOf(target.id, from));
      const range = link.urlRange ?? link.range;
      const hash = link.url.includes('#') ? link.url.slice(link.url.indexOf('#')) : '';
      const fixed = same ? `/${pageId(same.page)}${hash}` : undefined;
      report({
        message: `This ${code} page links to "${target.id}", a page of ${[...theirs].join(', ')}.${fixed ? ` Its ${code} version is "${fixed}".` : ''}`,
        range,
        fixes: fixed && link.urlRange ? [pageFix(page, `Link to ${fixed}`, [{ range, newText: fixed }], true)] : [],
      });
    }
  },
};

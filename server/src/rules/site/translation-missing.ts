import { siteLanguages } from '../../site/languages';
import { pageId } from '../../site/navigation';
import { nodeRange } from '../edits';
import { twoLanguageSite } from '../examples';
import type { SiteRule } from '../types';

export const translationMissing: SiteRule = {
  id: 'translation-missing',
  description:
    'Every page of the default language has its translation in each other language of `navigation.languages`, and no translation lacks its original.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      "A reader who switches language on a page with no translation lands elsewhere, and a translated page with no original is one nobody keeps up to date. Translations are paired as translated sites lay them out: `fr/guides/setup` is the French `guides/setup` (or `en/guides/setup`, when the default language has a folder too). A language whose pages are not mostly in a folder named by its code cannot be paired and is not checked. The missing translation is reported on the original's navigation entry, the orphaned one on its own.",
    bad: twoLanguageSite(['fr/introduction']),
    good: twoLanguageSite(['fr/introduction', 'fr/quickstart']),
  },
  check({ site, report }) {
    const langs = siteLanguages(site);
    if (!langs) return;
    const original = langs.pages.get(langs.defaultCode)!;
    for (const code of langs.codes) {
      if (code === langs.defaultCode) continue;
      const translated = langs.pages.get(code)!;
      const inFolder = [...translated.values()].filter((e) =>
        pageId(e.page)
          .toLowerCase()
          .startsWith(code.toLowerCase() + '/'),
      ).length;
      if (translated.size === 0 || inFolder * 2 < translated.size) continue;
      // Entries whose page does not exist are nav-missing-page's, not a translation's.
      const exists = (page: string) => site.pages.has(pageId(page));
      for (const [key, entry] of original) {
        if (translated.has(key) || !exists(entry.page)) continue;
        report({
          message: `"${entry.page}" has no ${code} translation: "${code}/${key}" is not in the ${code} navigation.`,
          path: entry.config.path,
          range: nodeRange(entry.config, entry.node),
        });
      }
      for (const [key, entry] of translated) {
        if (original.has(key) || !exists(entry.page)) continue;
        report({
          message: `"${entry.page}" (${code}) has no original in the default language (${langs.defaultCode}): "${key}" is not in its navigation.`,
          path: entry.config.path,
          range: nodeRange(entry.config, entry.node),
        });
      }
    }
  },
};

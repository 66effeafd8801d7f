import { validateFrontMatter, yamlKey } from '../../pages/frontmatter-schema';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

const GOOD_FM =
  '---\ntitle: "Create your first note"\ndescription: "Create, tag and find a note with the Acme API in five minutes."\nsidebarTitle: "First note"\nmode: "wide"\nhideFooterPagination: true\n---\n\n';

export const frontmatterSchema: PageRule = {
  id: 'frontmatter-schema',
  description: 'The front matter keys the format documents are spelt right and hold values of the right kind.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'Keys such as `sidebarTitle`, `mode`, `hidden`, `icon`, `tag`, `noindex`, `keywords` and the API keys change how a page is shown; a misspelt key or a value of the wrong kind is ignored without a word, so the page silently looks wrong. Every documented key is in `schemas/page-frontmatter.schema.json` (see [front matter keys](../frontmatter.md)); values are checked against it (`mode` is one of its layouts, `hidden` is `true` or `false`, `keywords` is a list). The format allows custom keys (any metadata, meta tags such as `"og:image"`), so an unknown key is reported only when it is one typo away from a documented key (another case, two letters swapped, one letter off, two for long keys) and holds a value of a shape that key can take: a list or mapping under a key whose namesake takes a single value (`tags: [beta, api]` beside `tag`) is a custom key; a custom key that is not near a documented one is never reported. Numbers and dates count as text where text is expected, since YAML writes them bare. The same keys are checked in `x-mint.metadata` of OpenAPI operations by `openapi-metadata`.',
    bad: pageSite('## Overview\n\nNotes hold text.\n', {
      frontmatter:
        '---\ntitle: "Create your first note"\ndescription: "Create, tag and find a note with the Acme API in five minutes."\nsidebarTitel: "First note"\nmode: "wdie"\nhidden: "yes"\n---\n\n',
    }),
    good: pageSite('## Overview\n\nNotes hold text.\n', { frontmatter: GOOD_FM }),
  },
  check({ page, report }) {
    const fm = page.frontmatter;
    if (!fm.present || fm.error) return;
    for (const p of validateFrontMatter(fm.data)) {
      const where = fm.keys.get(p.key);
      if (p.kind === 'key') {
        report({
          message: p.message,
          range: where?.key,
          fixes:
            where && p.suggestedKey
              ? [
                  pageFix(
                    page,
                    `Rename to ${p.suggestedKey}`,
                    [
                      {
                        range: where.key,
                        newText: quoted(page.index.lineText(where.key.start.line), where.key.start.character) ? p.suggestedKey : yamlKey(p.suggestedKey),
                      },
                    ],
                    true,
                  ),
                ]
              : [],
        });
      } else {
        const range = where && where.value.start.character !== where.value.end.character ? where.value : where?.key;
        report({
          message: p.message,
          range,
          fixes:
            where && p.suggestedValue !== undefined && range === where.value
              ? [pageFix(page, `Change to ${p.suggestedValue}`, [{ range: where.value, newText: p.suggestedValue }], true)]
              : [],
        });
      }
    }
  },
};

/** Whether the key starting at `character` is written inside quotes. */
function quoted(line: string, character: number): boolean {
  return character > 0 && (line[character - 1] === '"' || line[character - 1] === "'");
}

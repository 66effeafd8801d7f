// The prose rules share one shape: a pattern over prose text, reported as hints.
import { pageSite, proseTexts } from './page-utils';
import type { PageRule, SiteFiles } from './types';

export function proseRule(meta: {
  id: string;
  description: string;
  rationale: string;
  bad: SiteFiles;
  good: SiteFiles;
  pattern: RegExp;
  message: (match: string) => string;
}): PageRule {
  return {
    id: meta.id,
    description: meta.description,
    severity: 'hint',
    fixable: false,
    docs: { rationale: meta.rationale, bad: meta.bad, good: meta.good },
    check({ page, report }) {
      for (const { value, offset } of proseTexts(page)) {
        for (const m of value.matchAll(meta.pattern)) {
          report({ message: meta.message(m[0]), range: page.index.range(offset + m.index, m[0].length) });
        }
      }
    },
  };
}

export { pageSite };

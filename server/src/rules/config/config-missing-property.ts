import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const configMissingProperty: SiteRule = {
  id: 'config-missing-property',
  description: 'Required fields of docs.json are present.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'The format requires some fields: `name` and `navigation` at the top, `primary` in `colors`, `light` and `dark` in `colors.background`, `group` and `pages` in a navigation group. Without them the site cannot be built as intended.',
    bad: exampleSite(minimalConfig(['introduction'], { colors: { light: '#4ADE80' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { colors: { primary: '#0B6E4F', light: '#4ADE80' } }), ['introduction']),
  },
  check({ site, report }) {
    for (const p of site.config.problems) {
      if (p.kind === 'missing-property') {
        report({ message: `Missing required property "${p.actual}".`, range: site.config.index.range(p.offset, p.length) });
      }
    }
  },
};

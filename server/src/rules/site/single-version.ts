import { child, isArray } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const singleVersion: SiteRule = {
  id: 'single-version',
  description: '`versions` lists at least two versions.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'The versions dropdown is for sites that show several versions of their docs. With a single entry it offers no choice; remove `versions` or add the other versions.',
    bad: exampleSite(minimalConfig(['introduction'], { versions: ['v2'] }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { versions: ['v2', 'v1'] }), ['introduction']),
  },
  check({ site, report }) {
    const versions = child(site.config.root, 'versions');
    if (isArray(versions) && versions.items.length === 1) {
      report({ message: '"versions" has a single entry; the versions dropdown is meant for two or more versions.', node: versions });
    }
  },
};

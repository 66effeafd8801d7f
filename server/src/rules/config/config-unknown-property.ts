import { nearestKey } from '../../util/suggest';
import { configFix } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const configUnknownProperty: SiteRule = {
  id: 'config-unknown-property',
  description: 'Every key in docs.json is one the format knows.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'A misspelt key (`colours`, `topbarCTAButton`) is silently ignored by the site build, so the setting never takes effect. The quick fix replaces it with the nearest known key.',
    bad: exampleSite(minimalConfig(['introduction'], { modeToogle: { default: 'dark' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { modeToggle: { default: 'dark' } }), ['introduction']),
  },
  check({ site, report }) {
    const config = site.config;
    for (const p of config.problems) {
      // An invalid navigation key that the format's union passes over is ignored like an unknown one.
      if (p.kind === 'ignored-value') report({ message: p.message, range: config.index.range(p.offset, p.length) });
      if (p.kind !== 'unknown-property' || p.actual === undefined) continue;
      const range = config.index.range(p.offset, p.length);
      const suggestion = nearestKey(p.actual, p.allowed ?? []);
      report({
        message: `Unknown property "${p.actual}".` + (suggestion ? ` Did you mean "${suggestion}"?` : ''),
        range,
        fixes: suggestion ? [configFix(config, `Replace with "${suggestion}"`, [{ range, newText: JSON.stringify(suggestion) }], true)] : [],
      });
    }
  },
};

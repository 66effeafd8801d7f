import { nearest } from '../../util/suggest';
import { configFix } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const configInvalidValue: SiteRule = {
  id: 'config-invalid-value',
  description: 'Fields with a fixed set of values hold one of them.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'Fields such as `modeToggle.default`, `iconType`, `api.auth.method` and `api.playground.mode` accept only the values the format defines. Any other value is ignored or breaks the page. The quick fix replaces a misspelt value with the nearest valid one.',
    bad: exampleSite(minimalConfig(['introduction'], { modeToggle: { default: 'lihgt' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { modeToggle: { default: 'light' } }), ['introduction']),
  },
  check({ site, report }) {
    const config = site.config;
    for (const p of config.problems) {
      if (p.kind !== 'invalid-value') continue;
      const range = config.index.range(p.offset, p.length);
      const allowed = p.allowed ?? [];
      const suggestion = p.actual !== undefined ? nearest(p.actual, allowed) : undefined;
      const expected = allowed.length ? ` Expected one of: ${allowed.map((v) => `"${v}"`).join(', ')}.` : '';
      report({
        message: p.because ?? `${p.actual !== undefined ? `"${p.actual}" is not a valid value here.` : p.message}${expected}`,
        range,
        fixes: suggestion ? [configFix(config, `Replace with "${suggestion}"`, [{ range, newText: JSON.stringify(suggestion) }], true)] : [],
      });
    }
  },
};

// What of the site's Vale setup cannot be used (vale-config) or is not run here (vale-unsupported),
// on the file and line it is about: `.vale.ini` settings, rule files, vocabulary entries.
import type { ValeProblem } from '../../site/vale';
import type { Range } from '../../types';
import { LineIndex } from '../../util/text';
import { pageSite } from '../page-utils';
import type { SiteRule, SiteRuleContext } from '../types';
import { compiledOf } from '../vale/compile';

const INI = 'StylesPath = .vale/styles\n\n[*.mdx]\nBasedOnStyles = Acme\n';
const site = (rules: Record<string, string>, ini = INI) =>
  pageSite('## Send a report\n\nThe API sends the report.\n', {
    extra: { '.vale.ini': ini, ...Object.fromEntries(Object.entries(rules).map(([n, t]) => [`.vale/styles/Acme/${n}.yml`, t])) },
  });
const LIST = 'extends: existence\nmessage: "Avoid \'%s\'."\nscope: list\ntokens:\n  - simply\n';

function report(ctx: SiteRuleContext, wanted: (p: ValeProblem) => boolean): void {
  const setup = ctx.site.vale;
  if (!setup) return;
  for (const p of compiledOf(setup).problems) {
    if (!wanted(p)) continue;
    const text = ctx.site.inputs?.get(p.path);
    let range: Range = { start: { line: p.line, character: 0 }, end: { line: p.line, character: 0 } };
    if (text !== undefined) {
      const index = new LineIndex(text);
      const start = index.offsetAt({ line: p.line, character: 0 });
      const end = text.indexOf('\n', start);
      range = index.range(start, (end < 0 ? text.length : end) - start);
    }
    ctx.report({ message: p.message, path: p.path, range });
  }
}

export const valeConfig: SiteRule = {
  id: 'vale-config',
  description: 'The site’s Vale setup (`.vale.ini`, its styles and vocabularies) can be read and used.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'A `.vale.ini` setting, a rule file or a vocabulary entry that cannot be read leaves part of the team’s style unchecked, and Vale itself stops on most of them. Reported on the line at fault: a core setting in a section (or the other way round), a `MinAlertLevel` that is no level, a missing `StylesPath` or style, a rule file that is not YAML or lacks `extends` or `message`, an unknown scope or key, a pattern that does not compile or that can backtrack without end in JavaScript (such as `(a+)+`), a formula that does not read.',
    bad: site({ Simply: LIST.replace('scope: list', 'scope: bullet') }),
    good: site({ Simply: LIST }),
  },
  check(ctx) {
    report(ctx, (p) => p.severity !== 'information');
  },
};

export const valeUnsupported: SiteRule = {
  id: 'vale-unsupported',
  description: 'Parts of the site’s Vale setup that this check does not run are named, once each.',
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      'Vale rule types and settings that are not run here are said once each, on their file, so that nothing is skipped unseen: `sequence` rules (they need part-of-speech tagging) and `script` rules (Tengo scripts), `Packages` (install them with `vale sync`; the styles are then read from StylesPath), `Transform` and `Lang`. Run Vale itself for those.',
    bad: site({ Adverbs: 'extends: sequence\nmessage: "Avoid \'%s\'."\ntokens:\n  - tag: RB\n' }),
    good: site({ Simply: LIST }),
  },
  check(ctx) {
    report(ctx, (p) => p.severity === 'information');
  },
};

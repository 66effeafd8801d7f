// The site's own Vale styles, run over the page as it renders (rules/vale/): each finding carries
// the Vale rule's name (`Mintlify.Will`) and its level (suggestion: information, warning, error),
// which `.docwright.json`, the editor's settings and inline comments may change or turn off under
// that name. Substitution, capitalization and rules with an action give their fix. A page whose
// rules run longer than the time limit keeps the findings of the rules that finished, and says
// which did not.
import type { ValeLevel } from '../../site/vale';
import type { Fix, Severity } from '../../types';
import { runWithinCpu, TimeLimitExceeded } from '../../util/time-limit';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';
import { compiledOf } from '../vale/compile';
import { runVale, settingsFor, type PageAlert, type ValePageInput } from '../vale/engine';
import { siteKnows } from './spelling';
import { relativeInside } from '../../util/paths';
import { isValeName } from '../../util/rule-docs';

/** Vale's levels as Docwright's severities. */
export const VALE_SEVERITY: Record<ValeLevel, Severity> = { suggestion: 'information', warning: 'warning', error: 'error' };

/** CPU time the Vale rules get on one page, and one rule alone when the page's run is stopped. */
export const VALE_PAGE_MS = 2000;
export const VALE_RULE_MS = 500;

const INI = 'StylesPath = .vale/styles\nMinAlertLevel = suggestion\n\n[*.mdx]\nBasedOnStyles = Acme\n';
const WILL = 'extends: existence\nmessage: "Avoid using \'%s\': say what happens now."\nlevel: warning\nignorecase: true\ntokens:\n  - will\n';
const EMAIL = "extends: substitution\nmessage: \"Use '%s' instead of '%s'.\"\nlevel: error\nignorecase: true\nswap:\n  e-mail: email\n";
const styleSite = (body: string) =>
  pageSite(`## Send a report\n\n${body}\n`, { extra: { '.vale.ini': INI, '.vale/styles/Acme/Will.yml': WILL, '.vale/styles/Acme/Email.yml': EMAIL } });

function fixesOf(page: ValePageInput['page'], a: PageAlert): Fix[] | undefined {
  if (!a.exact || !a.replacements?.length) return undefined;
  const written = page.text.slice(a.start, a.end);
  const range = page.index.range(a.start, a.end - a.start);
  const choices = a.replacements.filter((r, i, all) => r !== written && all.indexOf(r) === i);
  return choices.map((r) =>
    pageFix(page, r === '' ? `Remove "${written}"` : `Change to "${r}"`, [{ range, newText: r }], a.preferred === true && choices.length === 1),
  );
}

export const vale: PageRule = {
  id: 'vale',
  description: 'The prose follows the site’s own Vale styles (`.vale.ini`), read as the page renders.',
  severity: 'warning',
  fixable: true,
  ownsId: isValeName,
  docs: {
    rationale:
      'Teams keep their prose rules as Vale styles. When the site (or the repository holding it) has a `.vale.ini`, its styles run here with Vale’s semantics, on the prose the reader sees: headings, paragraphs, sentences, lists, table cells, image alt text, front matter `title` and `description`, and the text and `title`/`description` of components, which Vale itself reads poorly in MDX; code, expressions, imports and attribute values are never prose. Findings carry the Vale rule’s name (`Acme.Will`) and its level (suggestion: information, warning, error); turn one off with `"Acme.Will": "off"` in `.docwright.json` or `{/* vale Acme.Will = NO */}` on the page, or all of them with `"vale": "off"`. Substitution and capitalization rules offer their fix. What is supported and what differs from Vale: docs/vale.md.',
    bad: styleSite('The API sends the report by e-mail.'),
    good: styleSite('The API sends the report by email.'),
  },
  check({ page, index, speller, report }) {
    const setup = index.site.vale;
    if (!setup) return;
    const compiled = compiledOf(setup);
    const spell = speller ? siteKnows(index.site, speller) : undefined;
    const input: ValePageInput = {
      page,
      setup,
      compiled,
      spell,
      suggest: speller ? (word) => speller.suggest(word, 3) : undefined,
    };
    let alerts: PageAlert[] = [];
    const slow: string[] = [];
    try {
      alerts = runWithinCpu(VALE_PAGE_MS, () => runVale(input));
    } catch (e) {
      if (!(e instanceof TimeLimitExceeded)) throw e;
      // One rule at a time, to keep what finishes and name what does not.
      const rel = relativeInside(setup.folder, page.path) ?? page.path;
      for (const rule of settingsFor(setup, compiled, rel).rules) {
        try {
          alerts.push(...runWithinCpu(VALE_RULE_MS, () => runVale({ ...input, only: new Set([rule.name]) })));
        } catch (e2) {
          if (!(e2 instanceof TimeLimitExceeded)) throw e2;
          slow.push(rule.name);
        }
      }
    }
    for (const a of alerts) {
      report({
        ruleId: a.rule.name,
        severity: VALE_SEVERITY[a.rule.level],
        message: a.message,
        range: page.index.range(a.start, a.end - a.start),
        fixes: fixesOf(page, a),
      });
    }
    if (slow.length) {
      report({
        message: `${slow.join(', ')} ran longer than ${VALE_RULE_MS} ms on this page and ${slow.length === 1 ? 'was' : 'were'} stopped: ${slow.length === 1 ? 'its pattern' : 'their patterns'} may backtrack without end in JavaScript (see docs/vale.md).`,
        range: page.index.range(0, 0),
      });
    }
  },
};

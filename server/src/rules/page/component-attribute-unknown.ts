import { jsxAttributes } from '../../pages/jsx';
import { nearest } from '../../util/suggest';
import { attributeKnown, specOf, walkElements } from '../component-utils';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

/** A group of attributes of which exactly one is required and none is given (`present`: the element's attribute names). */
export function unmetChoice(groups: readonly string[][] | undefined, present: ReadonlySet<string>): string[] | undefined {
  return groups?.find((g) => !g.some((name) => present.has(name)));
}

export const componentAttributeUnknown: PageRule = {
  id: 'component-attribute-unknown',
  description: 'Components get only the attributes they support.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'An attribute a component does not support is ignored: a misspelt `tilte` on a Step leaves the step without its title. The quick fix renames the attribute to the nearest supported one.',
    bad: pageSite('## Install\n\n<Steps>\n  <Step tilte="Install the SDK">\n    Run the installer.\n  </Step>\n</Steps>\n'),
    good: pageSite('## Install\n\n<Steps>\n  <Step title="Install the SDK">\n    Run the installer.\n  </Step>\n</Steps>\n'),
  },
  check({ page, report }) {
    walkElements(page, (element) => {
      const spec = specOf(element.name);
      if (!spec || spec.openAttributes) return;
      const known = spec.attributes.map((a) => a.name);
      const attrs = jsxAttributes(element, page.text);
      // Read once per element, not per unknown attribute (a page of 20,000 unknown attributes was quadratic).
      const unmet = unmetChoice(spec.exactlyOneOf, new Set(attrs.map((a) => a.name)));
      const supported = ` It supports: ${known.join(', ') || 'none'}.`;
      for (const attr of attrs) {
        if (attributeKnown(spec, attr.name)) continue;
        const similar = nearest(attr.name, known);
        const range = attr.nameOffset ? page.index.range(attr.nameOffset.start, attr.nameOffset.end - attr.nameOffset.start) : undefined;
        report({
          message:
            `<${element.name}> has no attribute "${attr.name}".` +
            (similar
              ? ` Did you mean "${similar}"?`
              : // An attribute standing where a required choice is missing (`name` for a ParamField's `query`) says what to write instead.
                unmet
                ? ` Write one of ${unmet.map((g) => `"${g}"`).join(', ')} instead.`
                : supported),
          range,
          node: attr.node,
          fixes: similar && range ? [pageFix(page, `Change to "${similar}"`, [{ range, newText: similar }], true)] : [],
        });
      }
    });
  },
};

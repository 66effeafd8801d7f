import { jsxAttributes } from '../../pages/jsx';
import { nearest } from '../../util/suggest';
import { attributeKnown, specOf, tagNameRange, walkElements } from '../component-utils';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const componentAttributeMissing: PageRule = {
  id: 'component-attribute-missing',
  description: 'Components have the attributes they require.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'Some attributes carry the content itself: a Step, Tab or Accordion without `title`, a Tooltip without `tip`, an Update without `label`, a ResponseField without `name` and `type`. A ParamField names its parameter with exactly one of `path`, `body`, `query` or `header`, which also says where the parameter goes.',
    bad: pageSite('## Install\n\n<Steps>\n  <Step>\n    Run the installer.\n  </Step>\n</Steps>\n'),
    good: pageSite('## Install\n\n<Steps>\n  <Step title="Install the SDK">\n    Run the installer.\n  </Step>\n</Steps>\n'),
  },
  check({ page, report }) {
    walkElements(page, (element) => {
      const spec = specOf(element.name);
      if (!spec) return;
      const present = new Set(jsxAttributes(element).map((a) => a.name));
      const known = spec.attributes.map((a) => a.name);
      // A misspelt attribute (`tilte`) is reported, with its fix, by component-attribute-unknown.
      const misspelt = new Set([...present].filter((a) => !known.includes(a)).map((a) => nearest(a, known)));
      // A {...spread} may supply anything.
      if (element.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute')) return;
      const range = tagNameRange(page, element);
      const unknownPresent = [...present].some((a) => !attributeKnown(spec, a));
      const missing = spec.attributes.filter((a) => a.required && !present.has(a.name) && !misspelt.has(a.name)).map((a) => a.name);
      if (missing.length) {
        report({ message: `<${element.name}> needs ${missing.map((m) => `"${m}"`).join(' and ')}.`, range, node: element });
      }
      for (const group of spec.exactlyOneOf ?? []) {
        const given = group.filter((g) => present.has(g));
        // An unknown attribute in place of the choice (`name` on a ParamField) is reported, with the choice, by component-attribute-unknown.
        if (given.length === 1 || (given.length === 0 && (group.some((g) => misspelt.has(g)) || unknownPresent))) continue;
        report({
          message:
            given.length === 0
              ? `<${element.name}> needs exactly one of ${group.map((g) => `"${g}"`).join(', ')}.`
              : `<${element.name}> has ${given.map((g) => `"${g}"`).join(' and ')}; give exactly one of ${group.map((g) => `"${g}"`).join(', ')}.`,
          range,
          node: element,
        });
      }
    });
  },
};

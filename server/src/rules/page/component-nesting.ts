import { specOf, tagNameRange, walkElements } from '../component-utils';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const componentNesting: PageRule = {
  id: 'component-nesting',
  description: 'Components that belong inside another component are placed there.',
  severity: 'warning',
  fixable: false,
  skipOnSyntaxError: true,
  docs: {
    rationale:
      'A `<Step>` is numbered by its `<Steps>`, a `<Tab>` is switched by its `<Tabs>`, and an `<Expandable>` opens the nested properties of a `<ResponseField>`, `<ParamField>` or another `<Expandable>`. Outside their parent they render wrongly or not at all.',
    bad: pageSite('## Install\n\n<Step title="Install the SDK">\n  Run the installer.\n</Step>\n'),
    good: pageSite('## Install\n\n<Steps>\n  <Step title="Install the SDK">\n    Run the installer.\n  </Step>\n</Steps>\n'),
  },
  check({ page, report }) {
    walkElements(page, (element, parent) => {
      const parents = specOf(element.name)?.parents;
      if (!parents || (parent && parents.includes(parent.name))) return;
      // An imported or page-defined wrapper may render the right parent itself.
      if (parent && !specOf(parent.name)) return;
      report({
        message: `<${element.name}> belongs inside ${parents.map((p) => `<${p}>`).join(' or ')}` + (parent ? `, not <${parent.name}>.` : '.'),
        range: tagNameRange(page, element),
        node: element,
      });
    });
  },
};

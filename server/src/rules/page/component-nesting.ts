import type { Node } from 'unist';
import { isJsxElement, type JsxElement } from '../../pages/jsx';
import { specOf, tagNameRange, walkElements } from '../component-utils';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';
import { append } from '../../util/array';

/** The JSX elements directly inside an element, looking through paragraphs and other Markdown. */
function jsxChildren(node: Node): JsxElement[] {
  const out: JsxElement[] = [];
  for (const c of (node as { children?: Node[] }).children ?? []) {
    if (isJsxElement(c)) out.push(c);
    else append(out, jsxChildren(c));
  }
  return out;
}

export const componentNesting: PageRule = {
  id: 'component-nesting',
  description: 'Components that belong inside another component are placed there.',
  severity: 'warning',
  fixable: false,
  skipOnSyntaxError: true,
  docs: {
    rationale:
      'A `<Step>` is numbered by its `<Steps>`, a `<Tab>` is switched by its `<Tabs>`, and an `<Expandable>` opens the nested properties of a `<ResponseField>`, `<ParamField>` or another `<Expandable>` (or, at the top level of the page or of a step, tab or accordion, stands on its own or wraps a list of such fields). Outside their parent they render wrongly or not at all.',
    bad: pageSite('## Install\n\n<Step title="Install the SDK">\n  Run the installer.\n</Step>\n'),
    good: pageSite('## Install\n\n<Steps>\n  <Step title="Install the SDK">\n    Run the installer.\n  </Step>\n</Steps>\n'),
  },
  check({ page, report }) {
    walkElements(page, (element, parent) => {
      const spec = specOf(element.name);
      const parents = spec?.parents;
      if (!parents || (parent && parents.includes(parent.name))) return;
      const contains = spec?.anywhereIfContains;
      if (contains && jsxChildren(element).some((c) => c.name !== null && contains.includes(c.name))) return;
      // The format's own docs also use it on its own at the top level, where it renders as a
      // collapsible, and so inside a step, tab or accordion, whose content is page content too.
      if (contains && (!parent || specOf(parent.name)?.holdsPageContent)) return;
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

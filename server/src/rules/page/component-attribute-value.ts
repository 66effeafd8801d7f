import { jsxAttributes } from '../../pages/jsx';
import { nearest } from '../../util/suggest';
import { specOf, walkElements } from '../component-utils';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const componentAttributeValue: PageRule = {
  id: 'component-attribute-value',
  description: 'Attribute values have the type and, for fixed sets, one of the values the component accepts.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'Some attributes take one of a fixed set of values (a Callout `iconType`, a Badge `color`), a number (`cols={2}`) or a boolean (`required`). Other values are ignored, but for booleans: the components test them for truth, so any text reads as true (`defaultOpen="True"` opens as meant; `defaultOpen="False"` opens too, and is reported). The quick fix replaces a misspelt value with the nearest valid one.',
    bad: pageSite('## Plans\n\n<Icon icon="rocket" iconType="solidd" />\n'),
    good: pageSite('## Plans\n\n<Icon icon="rocket" iconType="solid" />\n'),
  },
  check({ page, report }) {
    walkElements(page, (element) => {
      const spec = specOf(element.name);
      if (!spec) return;
      for (const attr of jsxAttributes(element, page.text)) {
        const def = spec.attributes.find((a) => a.name === attr.name);
        if (!def || typeof attr.value !== 'string') continue; // expressions are not checked
        const range = attr.valueOffset ? page.index.range(attr.valueOffset.start, attr.valueOffset.end - attr.valueOffset.start) : undefined;
        if (def.type === 'enum' && def.values && !def.values.includes(attr.value)) {
          const similar = nearest(attr.value, def.values);
          report({
            message: `"${attr.value}" is not a valid ${attr.name} for <${element.name}>. Expected one of: ${def.values.join(', ')}.`,
            range,
            node: attr.node,
            fixes: similar && range ? [pageFix(page, `Change to "${similar}"`, [{ range, newText: similar }], true)] : [],
          });
        } else if (def.type === 'number' && !/^\s*-?\d+(\.\d+)?\s*$/.test(attr.value)) {
          report({ message: `${attr.name} of <${element.name}> is a number; "${attr.value}" is not.`, range, node: attr.node });
        } else if (def.type === 'boolean' && attr.value !== 'true' && attr.value !== 'false') {
          // Components test the prop for truth, so any text reads as true: "True" is what was meant, "False" is not.
          const word = attr.value.trim().toLowerCase();
          if (word === 'true') continue;
          report({
            message:
              word === 'false'
                ? `${attr.name}="${attr.value}" of <${element.name}> is text, which <${element.name}> reads as true: write ${attr.name}={false} or leave it out.`
                : `${attr.name} of <${element.name}> is true or false; the text "${attr.value}" reads as true: write it bare (${attr.name}) or as ${attr.name}={false}.`,
            range,
            node: attr.node,
          });
        }
      }
    });
  },
};

import { COMPONENT_NAMES } from '../../components/catalog';
import { isHtmlElementName } from '../../components/html-elements';
import { pageEsm } from '../../pages/esm';
import { nearest } from '../../util/suggest';
import { renameTagEdits, specOf, tagNameRange, walkElements } from '../component-utils';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const componentUnknown: PageRule = {
  id: 'component-unknown',
  description: 'Every component is a built-in one, or imported or defined by the page.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'A component the site does not know stops the page from rendering. Built-in components (Note, Steps, Card, …) need no import; others must be imported (`import { Prerequisites } from "/snippets/prerequisites.mdx"`) or defined with `export const`. The quick fix renames a misspelt component to the nearest built-in one.',
    bad: pageSite('## Install\n\n<Tipp>\n  Use Node 20 or later.\n</Tipp>\n'),
    good: pageSite('## Install\n\n<Tip>\n  Use Node 20 or later.\n</Tip>\n'),
  },
  check({ page, report }) {
    const defined = pageEsm(page).defined;
    walkElements(page, (element) => {
      const name = element.name;
      if (specOf(name) || defined.has(name) || defined.has(name.split('.')[0])) return;
      // As the renderer reads the name: lower-case is an HTML element (html-element-dropped's concern).
      if (isHtmlElementName(name)) return;
      const similar = nearest(name, COMPONENT_NAMES);
      const edits = similar ? renameTagEdits(page, element, similar) : [];
      report({
        message:
          `Unknown component <${name}>: it is not built in, and the page neither imports nor defines it.` + (similar ? ` Did you mean <${similar}>?` : ''),
        range: tagNameRange(page, element),
        node: element,
        fixes: edits.length ? [pageFix(page, `Change to <${similar}>`, edits, true)] : [],
      });
    });
  },
};

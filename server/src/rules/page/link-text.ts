import type { Link } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { nodesOf } from '../../pages/nodes';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';
import { trimEndOf } from '../../util/text';

const GENERIC = /^(click here|here|this link|this|link|read more|more|learn more|this page|go here|click|see here|this article)$/i;

export const linkText: PageRule = {
  id: 'link-text',
  description: 'Link text says where the link goes.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'Screen-reader users often move from link to link, hearing only the link text. "Click here" or "read more" says nothing out of context; name the destination instead ("see the authentication guide").',
    bad: pageSite('## Next steps\n\nTo set up authentication, [click here](/guide).\n', { pages: ['guide'] }),
    good: pageSite('## Next steps\n\nRead the [authentication guide](/guide) to set up authentication.\n', { pages: ['guide'] }),
  },
  check({ page, report }) {
    for (const link of nodesOf<Link>(page, 'link')) {
      const text = trimEndOf(toString(link).trim(), '.!:');
      if (GENERIC.test(text))
        report({ message: `The link text "${toString(link).trim()}" does not say where the link goes; name the destination.`, node: link });
    }
  },
};

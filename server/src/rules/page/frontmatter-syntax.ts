import { pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const frontmatterSyntax: PageRule = {
  id: 'frontmatter-syntax',
  description: 'The front matter is valid YAML.',
  severity: 'error',
  fixable: false,
  parseFailure: true,
  docs: {
    rationale:
      'The block between the `---` lines at the top of a page is YAML. If it cannot be read, the page loses its title and description. Quote values that contain a colon, `#`, or start with `[`, `{` or `*`.',
    bad: pageSite('## Overview\n\nNotes hold text.\n', {
      frontmatter: '---\ntitle: Notes: the basics\ndescription: "What a note is and what it holds."\n---\n\n',
    }),
    good: pageSite('## Overview\n\nNotes hold text.\n', {
      frontmatter: '---\ntitle: "Notes: the basics"\ndescription: "What a note is and what it holds."\n---\n\n',
    }),
  },
  check({ page, report }) {
    const error = page.frontmatter.error;
    if (error) report({ message: `Front matter is not valid YAML: ${error.message}`, range: error.range });
  },
};

import { exceptImportedOnly, fmString, pageSite } from '../page-utils';

export const MAX_DESCRIPTION_LENGTH = 160;

export const pageDescription = exceptImportedOnly({
  id: 'page-description',
  description: 'The front matter holds a concise `description`.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      "The `description` states the purpose of the page in one sentence. It is shown under the title, used as the search-result snippet and listed in `llms.txt`. Keep it under 160 characters, and make it say more than the title. A page whose front matter has `url:` is a link in the navigation to that address, never shown itself, and needs none; a page with `sdk:` front matter without one shows its symbol's.",
    bad: pageSite('## Overview\n\nNotes hold text.\n', { frontmatter: '---\ntitle: "Create your first note"\n---\n\n' }),
    good: pageSite('## Overview\n\nNotes hold text.\n'),
  },
  check({ page, report }) {
    const fm = page.frontmatter;
    // A page with `url:` is a navigation link to that address: its body and description are never shown.
    if (!fm.present || fm.error || typeof fm.data.openapi === 'string' || typeof fm.data.url === 'string') return;
    const description = fmString(page, 'description');
    const keys = fm.keys.get('description');
    const blockStart = { start: fm.range!.start, end: { line: fm.range!.start.line, character: 3 } };
    // A page naming an SDK symbol takes the symbol's description when it gives none (sdk-reference-setup.mdx).
    if (description === undefined && fm.data.sdk !== undefined) return;
    if (description === undefined)
      report({ message: 'The front matter has no description: add one sentence that states what the page is for.', range: blockStart });
    else if (description === '')
      report({ message: 'The description is empty: write one sentence that states what the page is for.', range: keys?.key ?? blockStart });
    else if (description.length > MAX_DESCRIPTION_LENGTH)
      report({
        message: `The description is ${description.length} characters long; keep it under ${MAX_DESCRIPTION_LENGTH} so search results show it whole.`,
        range: keys?.value,
      });
    else if (description.toLowerCase() === fmString(page, 'title')?.toLowerCase())
      report({ message: 'The description repeats the title; say what the page helps the reader do.', range: keys?.value });
  },
});

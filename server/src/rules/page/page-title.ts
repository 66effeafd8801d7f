import type { Heading, Literal } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { exceptImportedOnly, fileStem, fmString, pageFix, pageSite } from '../page-utils';
import type { PageDocument } from '../../pages/parse';
import { nodesOf } from '../../pages/nodes';

export const MAX_TITLE_LENGTH = 70;

/** A file name of several words joined by - or _ ("getting-started"); one token ("pgvector", "n8n", "storage.buckets.create") is a name a reader searches for. */
const SLUG_OF_WORDS = /^[\p{L}\p{N}]+(?:[-_]+[\p{L}\p{N}]+)+$/u;

/** A constant's name in capitals (`GRAPH_RECURSION_LIMIT`, an error code or setting): written so on purpose. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * Whether the page writes `name` itself, in code or in its text (`pip install prefect-azure`, "the
 * prefect-azure library"): then it is an identifier (a package, a provider, a command), not a slug
 * left behind, which a page names only in links.
 */
function namedInPage(page: PageDocument, name: string): boolean {
  if (nodesOf<Literal>(page, 'code', 'inlineCode').some((n) => n.value.includes(name))) return true;
  // `name` is a slug (letters, digits, - and _ only), so it goes into the pattern as it is.
  const word = new RegExp(`(?<![\\p{L}\\p{N}_-])${name}(?![\\p{L}\\p{N}_-])`, 'u');
  return nodesOf<Literal>(page, 'text').some((n) => word.test(n.value));
}

function suggestedTitle(page: PageDocument): string {
  const h1 = page.tree.children.find((n): n is Heading => n.type === 'heading' && n.depth === 1);
  if (h1) return toString(h1).trim();
  return fileStem(page)
    .replace(/[-_]+/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());
}

export const pageTitle = exceptImportedOnly({
  id: 'page-title',
  description: 'A page starts with front matter holding a specific `title`.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'The `title` in the front matter is the page heading, the browser tab text and the search-result title. It should be clear, specific and keyword-rich: not empty, not the file name left as a slug of several words (`getting-started`; a one-word title such as `pgvector` or `n8n`, a constant such as `GRAPH_RECURSION_LIMIT`, or one the page writes itself, in code or text, such as `aws-bedrock` or `prefect-azure`, is taken as a name), and short enough (70 characters) not to be cut off. Pages generated from an OpenAPI operation (`openapi:` in front matter) take their title from it. Front matter without a `title` is left alone: the format then makes the title from the file path (`quick_start` becomes "Quick start"); a page without front matter is reported, for its description.',
    bad: pageSite('## Overview\n\nNotes hold text.\n', {
      frontmatter: '---\ntitle: ""\ndescription: "Create, tag and find a note with the Acme API in five minutes."\n---\n\n',
    }),
    good: pageSite('## Overview\n\nNotes hold text.\n'),
  },
  check({ page, report }) {
    const fm = page.frontmatter;
    const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    if (!fm.present) {
      const title = suggestedTitle(page);
      report({
        message: 'The page has no front matter: start it with a --- block holding title and description.',
        range: { start: zero.start, end: { line: 0, character: page.index.lineText(0).length } },
        fixes: [
          pageFix(page, 'Add front matter with title and description', [
            { range: zero, newText: `---\ntitle: ${JSON.stringify(title)}\ndescription: ""\n---\n\n` },
          ]),
        ],
      });
      return;
    }
    if (fm.error || typeof fm.data.openapi === 'string') return;
    const title = fmString(page, 'title');
    const keyRange = fm.keys.get('title');
    // No title key: the format makes the title from the file path ("quick_start" -> "Quick start"), what a fix would write.
    if (title === undefined) return;
    if (!title) {
      const value = keyRange?.value;
      report({
        message: 'The title is empty.',
        range: keyRange?.key ?? { start: fm.range!.start, end: { line: fm.range!.start.line, character: 3 } },
        fixes: value ? [pageFix(page, `Write title "${suggestedTitle(page)}"`, [{ range: value, newText: JSON.stringify(suggestedTitle(page)) }], true)] : [],
      });
      return;
    }
    if (title === fileStem(page) && SLUG_OF_WORDS.test(title) && !CONSTANT_NAME.test(title) && !namedInPage(page, title)) {
      report({ message: `The title "${title}" is the file name; write the title a reader would search for.`, range: keyRange?.value });
    } else if (title.length > MAX_TITLE_LENGTH) {
      report({
        message: `The title is ${title.length} characters long; keep it under ${MAX_TITLE_LENGTH} so tabs and search results show it whole.`,
        range: keyRange?.value,
      });
    }
  },
});

import { pageEsm } from '../../pages/esm';
import { pageSite } from '../page-utils';
import type { PageRule } from '../types';
import { resolveImport } from '../../site/imports';
import { importIgnoringCase } from '../../site/file-case';

export const importNotFound: PageRule = {
  id: 'import-not-found',
  description: 'Imported snippet and component files exist.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'A page can import reusable snippets (`import Prerequisites from "/snippets/prerequisites.mdx"`) and components from `.jsx` files. A path that names no file stops the page from building. Paths starting with `/` are read from the site folder, others from the page\'s folder; imports of packages are not checked.',
    bad: pageSite('import Prerequisites from "/snippets/prerequisite.mdx";\n\n## Setup\n\n<Prerequisites />\n', {
      extra: { 'snippets/prerequisites.mdx': 'Install Node 20 or later.\n' },
    }),
    good: pageSite('import Prerequisites from "/snippets/prerequisites.mdx";\n\n## Setup\n\n<Prerequisites />\n', {
      extra: { 'snippets/prerequisites.mdx': 'Install Node 20 or later.\n' },
    }),
  },
  check({ page, id, index, report }) {
    const pageRel = index.site.pages.get(id) ?? `${id}.mdx`;
    for (const imp of pageEsm(page).imports) {
      if (!imp.source.startsWith('/') && !imp.source.startsWith('.')) continue; // a package
      const found = resolveImport(index.site, pageRel, imp.source);
      // A file that is there when case is ignored is link-case's.
      if (found.rel || importIgnoringCase(index.site, pageRel, imp.source)) continue;
      const range = imp.sourceOffset ? page.index.range(imp.sourceOffset.start, imp.sourceOffset.end - imp.sourceOffset.start) : undefined;
      report({
        message: found.outside ? `The import "${imp.source}" points outside the site folder.` : `No file "${imp.source}" in the site folder to import.`,
        range,
        node: imp.node,
      });
    }
  },
};

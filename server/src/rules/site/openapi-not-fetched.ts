import { reportNotFetched } from './spec-files';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

const SPEC =
  JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Acme API', version: '1.0.0' },
      paths: { '/notes': { get: { summary: 'List notes', responses: { '200': { description: 'The notes.' } } } } },
    },
    null,
    2,
  ) + '\n';

export const openapiNotFetched: SiteRule = {
  id: 'openapi-not-fetched',
  description: 'OpenAPI files given as URLs (and `$ref`s to other files) are not fetched: keep a copy in the site folder.',
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      "Docwright works offline and never downloads anything, so an `openapi` URL cannot be checked and its endpoints cannot be previewed or completed. Save a copy of the file in the site folder, at the URL's path or under its file name at the root (for `https://api.acme.example/openapi.json`: `openapi.json`), and Docwright uses the copy. `$ref`s that name another file or a URL are not followed either.",
    bad: exampleSite(minimalConfig(['introduction'], { openapi: 'https://api.acme.example/openapi.json' }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { openapi: 'https://api.acme.example/openapi.json' }), ['introduction'], { 'openapi.json': SPEC }),
  },
  check({ site, report }) {
    reportNotFetched(site.openapi?.entries ?? [], 'openapi.json', 'check it and to preview and complete its endpoints', report);
    for (const file of site.openapi?.files ?? []) {
      for (const p of file.problems) if (p.kind === 'not-followed') report({ path: file.path, range: p.range, message: p.message });
    }
  },
};

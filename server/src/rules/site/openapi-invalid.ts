import { reportInvalidFile } from './spec-files';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

const SPEC = (responses: Record<string, unknown>) =>
  JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Acme API', version: '1.0.0' },
      paths: { '/notes': { get: { summary: 'List notes', responses } } },
    },
    null,
    2,
  ) + '\n';

export const openapiInvalid: SiteRule = {
  id: 'openapi-invalid',
  description: 'The OpenAPI files named by `openapi` (current format: `api.openapi` and `openapi` in the navigation) are valid OpenAPI documents.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'API pages are generated from the OpenAPI file: a file that does not parse, or breaks the OpenAPI format (checked against the official schemas of Swagger 2.0 and OpenAPI 3.0/3.1 with `@apidevtools/swagger-parser`, plus `$ref`s that point nowhere, path parameters missing from the path or from the parameters, and duplicate `operationId`s), gives broken or missing API pages. Each problem is shown where it is in the file, and `docs.json` says on the `openapi` entry that the file has problems. JSON and YAML files are both read.',
    bad: exampleSite(minimalConfig(['introduction'], { openapi: 'openapi.json' }), ['introduction'], { 'openapi.json': SPEC({}) }),
    good: exampleSite(minimalConfig(['introduction'], { openapi: 'openapi.json' }), ['introduction'], {
      'openapi.json': SPEC({ '200': { description: 'The notes.' } }),
    }),
  },
  check({ site, report }) {
    for (const file of site.openapi?.files ?? []) {
      reportInvalidFile(
        file,
        file.problems.filter((p) => p.kind === 'invalid'),
        'a valid OpenAPI document',
        'problem',
        report,
      );
    }
  },
};

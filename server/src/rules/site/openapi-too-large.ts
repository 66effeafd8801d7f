import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';
import { MAX_EXPANDED_DEPTH, MAX_EXPANDED_VALUES } from '../../openapi/validate';

/** An OpenAPI file whose schemas each refer to the next one `fanOut` times, `count` schemas long. */
const SPEC = (count: number, fanOut: number) => {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const next = { $ref: `#/components/schemas/Level${i + 1}` };
    schemas[`Level${i}`] =
      i === count - 1 ? { type: 'string' } : { type: 'object', properties: Object.fromEntries(Array.from({ length: fanOut }, (_, k) => [`child${k}`, next])) };
  }
  const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Level0' } } } };
  return (
    JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'Acme API', version: '1.0.0' },
        paths: { '/notes': { post: { summary: 'Create a note', requestBody: body, responses: { '200': { description: 'The note.' } } } } },
        components: { schemas },
      },
      null,
      2,
    ) + '\n'
  );
};

export const openapiTooLarge: SiteRule = {
  id: 'openapi-too-large',
  description: `OpenAPI files whose \`$ref\`s expand to over ${MAX_EXPANDED_VALUES.toLocaleString('en-US')} values (or ${MAX_EXPANDED_DEPTH} levels) are not checked against the OpenAPI schema.`,
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      'The OpenAPI schema check reads the file with every `$ref` replaced by what it points to, so a schema used twice is read twice. When schemas refer to shared schemas several times each, the resolved document doubles with every level: thirty levels make a billion values, which would take the check hours; a chain of hundreds of schemas each referring to the next nests too deep for it. Docwright measures the resolved size and depth first (each schema once) and, over the limit, skips the schema check and says so here; its own checks (`$ref`s that point nowhere, path parameters, duplicate `operationId`s) still run, and API pages still show each schema to a limited depth. Give repeated structures one shared parent schema instead of several references to the same chain.',
    bad: exampleSite(minimalConfig(['introduction'], { openapi: 'openapi.json' }), ['introduction'], { 'openapi.json': SPEC(24, 3) }),
    good: exampleSite(minimalConfig(['introduction'], { openapi: 'openapi.json' }), ['introduction'], { 'openapi.json': SPEC(4, 3) }),
  },
  check({ site, report }) {
    for (const file of site.openapi?.files ?? []) {
      for (const p of file.problems) if (p.kind === 'too-large') report({ path: file.path, range: p.range, message: p.message });
    }
  },
};

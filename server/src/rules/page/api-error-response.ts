import { fmString, pageSite } from '../page-utils';
import type { PageRule } from '../types';

const ERROR_SIGN = /\b[45]\d\d\b|"error"|\berror (response|code|status)/i;

export const apiErrorResponse: PageRule = {
  id: 'api-error-response',
  description: 'An endpoint page shows an error response as well as a success.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'Readers need to handle failures as well as success. A page that documents an endpoint by hand (front matter `api: "POST /notes"`) shows at least one error response: its HTTP status code (4xx or 5xx) and body. Pages generated from an OpenAPI file (`openapi:`) take their responses from the file.',
    bad: pageSite(
      '## Rate limits\n\nEach key can make 100 requests per minute.\n\n## Response\n\n<ResponseExample>\n\n```json 201\n{ "id": "note_123", "title": "Groceries" }\n```\n\n</ResponseExample>\n',
      {
        frontmatter:
          '---\ntitle: "Create a note"\ndescription: "Create a note with a title, a body and tags."\napi: "POST https://api.acme.example/v2/notes"\n---\n\n',
      },
    ),
    good: pageSite(
      '## Rate limits\n\nEach key can make 100 requests per minute.\n\n## Response\n\n<ResponseExample>\n\n```json 201\n{ "id": "note_123", "title": "Groceries" }\n```\n\n```json 422\n{ "error": "title_required", "message": "A note needs a title." }\n```\n\n</ResponseExample>\n',
      {
        frontmatter:
          '---\ntitle: "Create a note"\ndescription: "Create a note with a title, a body and tags."\napi: "POST https://api.acme.example/v2/notes"\n---\n\n',
      },
    ),
  },
  check({ page, report }) {
    if (!fmString(page, 'api')) return;
    const body = page.frontmatter.range ? page.text.slice(page.index.offsetAt(page.frontmatter.range.end)) : page.text;
    if (ERROR_SIGN.test(body)) return;
    report({
      message: 'This endpoint page shows no error response: add one (status code and body), for example in <ResponseExample>.',
      range: page.frontmatter.keys.get('api')?.key,
    });
  },
};

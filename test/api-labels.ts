// A site whose API pages exercise the labels of the format's API reference, shared by the unit test
// (exported HTML) and the browser test (innerText): the authorization field's head, section titles,
// enum type labels, schema examples, and readOnly/writeOnly properties per direction.
import type { SiteFiles } from '../server/src/rules/types';

export const LABELS_SPEC = {
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1' },
  servers: [{ url: 'https://api.acme.example/v1' }],
  security: [{ bearer: [] }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A workspace token.' } },
    schemas: {
      Status: { type: 'string', enum: ['draft', 'published'], description: 'Where the note is.' },
      Audit: {
        type: 'object',
        properties: {
          revision: { type: 'integer', readOnly: true, description: 'Set by the server on each save.' },
          reviewer: { type: 'string', description: 'Who reviews the note.' },
        },
      },
      Note: {
        type: 'object',
        required: ['title'],
        allOf: [{ $ref: '#/components/schemas/Audit' }],
        properties: {
          id: { type: 'string', readOnly: true, description: 'Given by the server.', example: 'note_8f2k' },
          password: { type: 'string', writeOnly: true, description: 'Locks the note; never returned.' },
          title: { type: 'string', description: 'The title.', example: 'Groceries' },
          status: { $ref: '#/components/schemas/Status' },
          weight: { type: 'number', enum: [0.5, 1.5], description: 'How much the note counts.' },
          labels: { type: 'array', items: { type: 'string', enum: ['home', 'work'] }, description: 'Labels of the note.' },
          meta: { type: 'object', description: 'Free-form metadata.', example: { source: 'import', pages: [1, 2] } },
          due: { type: 'string', format: 'date', description: 'When the note is due.', examples: ['2025-03-01'] },
        },
      },
    },
  },
  paths: {
    '/notes/{noteId}': {
      get: {
        summary: 'Get a note',
        parameters: [
          { name: 'noteId', in: 'path', required: true, description: 'The note to read.', schema: { type: 'string', example: 'note_8f2k' } },
          { name: 'since', in: 'query', description: 'Date in ISO 8601 format', schema: { type: 'string', example: '2024-01-01' } },
          { name: 'order', in: 'query', description: 'Sort order.', schema: { type: 'integer', enum: [1, -1] } },
          { name: 'page', in: 'query', description: 'The page to read.', example: 7, schema: { type: 'integer' } },
          { name: 'Acme-Version', in: 'header', description: 'The API version.', schema: { type: 'string', examples: ['2025-01-15'] } },
          { name: 'acme_session', in: 'cookie', description: 'The session cookie.', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'The note.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } },
      },
    },
    '/notes': {
      post: {
        summary: 'Create a note',
        'x-codeSamples': [{ lang: 'typescript', label: 'TypeScript SDK', source: 'await acme.notes.create({ title: "Groceries" });\n' }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
        responses: { '201': { description: 'Created.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } },
      },
    },
  },
};

export function labelsSite(): SiteFiles {
  const page = (title: string, endpoint: string) => `---\ntitle: "${title}"\nopenapi: "${endpoint}"\n---\n`;
  return {
    'docs.json': JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      api: { openapi: 'openapi.json' },
      navigation: { pages: ['get', 'create'] },
    }),
    'openapi.json': JSON.stringify(LABELS_SPEC, null, 2),
    'get.mdx': page('Get a note', 'GET /notes/{noteId}'),
    'create.mdx': page('Create a note', 'POST /notes'),
  };
}

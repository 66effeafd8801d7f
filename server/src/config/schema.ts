// The docs.json JSON Schema: the single source of truth for fields, types, enums, defaults and
// hover text. Shipped as schemas/docs.schema.json so `"$schema"` works in any editor.
import type { JSONSchema } from 'vscode-json-languageservice';
import schemaJson from '../../../schemas/docs.schema.json';

export const DOCS_SCHEMA = schemaJson as unknown as JSONSchema;
export const DOCS_SCHEMA_URI = 'docwright://schemas/docs.schema.json';

// The docs.json JSON Schemas, one per generation of the format: the single source of truth for
// fields, types, enums, defaults and hover text. Shipped in schemas/ so `"$schema"` works in any editor.
import type { JSONSchema } from 'vscode-json-languageservice';
import classicJson from '../../../schemas/docs.schema.json';
import currentJson from '../../../schemas/docs-current.schema.json';

/** The classic format: `navigation` is an array of groups. */
export const DOCS_SCHEMA = classicJson as unknown as JSONSchema;
export const DOCS_SCHEMA_URI = 'docwright://schemas/docs.schema.json';

/** The current format: `navigation` is an object nesting tabs, anchors, groups, versions, languages. */
export const CURRENT_SCHEMA = currentJson as unknown as JSONSchema;
export const CURRENT_SCHEMA_URI = 'docwright://schemas/docs-current.schema.json';

/** Font Awesome styles `iconType` takes: the current schema's list (the classic schema's are the same; a test checks). */
export const ICON_TYPES: readonly string[] = currentJson.definitions.iconType.enum;

// Writes the TypeScript types of docs.json, both generations, from their JSON schemas (the one
// source): server/src/config/docs-json-{current,classic}.ts, which site/model.ts reads configs
// through (util/json.ts `obj<T>` lets it name only keys the schema has). `--check` fails when a
// file differs from what the schemas give (npm run check:generated).
import { compile } from 'json-schema-to-typescript';
import { format, resolveConfig } from 'prettier';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const TARGETS = [
  { schema: 'schemas/docs-current.schema.json', name: 'DocsJsonCurrent', out: 'server/src/config/docs-json-current.ts' },
  { schema: 'schemas/docs.schema.json', name: 'DocsJsonClassic', out: 'server/src/config/docs-json-classic.ts' },
];

let stale = 0;
for (const { schema, name, out } of TARGETS) {
  // Without its title and id, the root type takes `name`.
  const { title: _title, $id: _id, ...json } = JSON.parse(readFileSync(path.join(REPO, schema), 'utf8'));
  const banner = `// Generated from ${schema} by scripts/gen-config-types.mjs (npm run gen:types): edit the schema, not this file.`;
  // additionalProperties false: an object the schema leaves open still names only the keys it lists.
  const types = await compile(json, name, { additionalProperties: false, bannerComment: banner, format: false, strictIndexSignatures: true });
  const target = path.join(REPO, out);
  const text = await format(types, { ...(await resolveConfig(target)), filepath: target });
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current === text) continue;
  if (check) {
    console.error(`${out} is not what ${schema} gives: run npm run gen:types`);
    stale++;
  } else {
    writeFileSync(target, text);
    console.log(`wrote ${out}`);
  }
}
if (stale) process.exit(1);

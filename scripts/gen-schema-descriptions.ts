// Writes the plain `description` (and `enumDescriptions`) of every node of the shipped schemas
// (schemas/*.json) from its `markdownDescription` (`markdownEnumDescriptions`), the text written by
// hand (scripts/schema-descriptions.ts says how). `--check` fails when a file differs from what it
// gives (npm run check:generated). After a change, the types generated from the descriptions
// follow with npm run gen:types (npm run gen:schemas runs both).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { schemaText, withDerivedDescriptions } from './schema-descriptions';

const DIR = path.resolve(__dirname, '..', 'schemas');
const check = process.argv.includes('--check');

let stale = 0;
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.json'))) {
  const target = path.join(DIR, file);
  const current = readFileSync(target, 'utf8');
  const text = schemaText(withDerivedDescriptions(JSON.parse(current)));
  if (text === current) continue;
  if (check) {
    console.error(`schemas/${file}: a description is not what its markdownDescription gives: run npm run gen:schemas`);
    stale++;
  } else {
    writeFileSync(target, text);
    console.log(`wrote schemas/${file}`);
  }
}
if (stale) process.exit(1);

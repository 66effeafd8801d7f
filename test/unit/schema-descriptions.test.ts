// The shipped schemas' plain descriptions are derived from their Markdown ones
// (scripts/schema-descriptions.ts, written by scripts/gen-schema-descriptions.ts): the Markdown is
// the one text, editors that read only `description` get the same words.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { plainText, schemaText, staleDescriptions, withDerivedDescriptions } from '../../scripts/schema-descriptions';

const SCHEMAS = path.resolve(__dirname, '../../schemas');
const files = readdirSync(SCHEMAS).filter((f) => f.endsWith('.json'));

describe('plainText', () => {
  it('keeps the text of code spans, emphasis and escapes, without their marks', () => {
    assert.equal(plainText('Set `iconType` to **solid** or *light*, not _thin_.'), 'Set iconType to solid or light, not thin.');
    assert.equal(plainText('``a `tick` inside``'), 'a `tick` inside');
    assert.equal(plainText('Keys such as `"og:title": …` and `<token>`.'), 'Keys such as "og:title": … and <token>.');
    assert.equal(plainText('\\*not emphasis\\*, 2 \\_ 3, a \\`tick\\`'), '*not emphasis*, 2 _ 3, a `tick`');
    assert.equal(plainText('snake_case_word and 2 * 3 * 4'), 'snake_case_word and 2 * 3 * 4');
    assert.equal(plainText('Fish &amp; chips &lt;3'), 'Fish & chips <3');
  });

  it('reads an absolute link as its text and URL, a relative link as its text', () => {
    assert.equal(plainText('See [the guide](https://mintlify.com/docs/guide).'), 'See the guide (https://mintlify.com/docs/guide).');
    assert.equal(plainText('See [front matter keys](../frontmatter.md) and [below](#keys).'), 'See front matter keys and below.');
    assert.equal(plainText('[https://a.example](https://a.example) and <https://b.example>'), 'https://a.example and https://b.example');
    assert.equal(plainText('[`code` name](https://x.example/a)'), 'code name (https://x.example/a)');
    assert.equal(plainText('Write to [help@x.example](mailto:help@x.example).'), 'Write to help@x.example.');
  });

  it('keeps paragraphs apart, list items marked, and inline HTML as written', () => {
    assert.equal(plainText('Style of the icon.\n\nDefault: `duotone`'), 'Style of the icon.\n\nDefault: duotone');
    assert.equal(plainText('One of:\n\n- `a`: first\n- `b`: second'), 'One of:\n\n- a: first\n- b: second');
    assert.equal(plainText('1. one\n2. two'), '1. one\n2. two');
    assert.equal(plainText('Entries of <Update> make the feed.'), 'Entries of <Update> make the feed.');
  });
});

describe('the shipped schemas', () => {
  it('derive every description and enumDescriptions from their Markdown: each file is what the generator writes', () => {
    assert.ok(files.length >= 3, files.join(', '));
    let pairs = 0;
    for (const file of files) {
      const text = readFileSync(path.join(SCHEMAS, file), 'utf8');
      const schema = JSON.parse(text);
      assert.deepEqual(staleDescriptions(schema), [], `${file}: run npm run gen:schemas`);
      assert.equal(schemaText(withDerivedDescriptions(schema)), text, `${file}: run npm run gen:schemas`);
      pairs += (text.match(/"markdownDescription":/g) ?? []).length;
    }
    assert.ok(pairs > 600, `${pairs} descriptions`);
  });

  it('are found stale when a description is edited by hand or missing, and the generator restores it', () => {
    const schema = JSON.parse(readFileSync(path.join(SCHEMAS, 'docs.schema.json'), 'utf8'));
    const edited = structuredClone(schema);
    edited.properties.name.description = 'Another text.';
    delete edited.properties.api.properties.auth.properties.method.enumDescriptions;
    assert.deepEqual(staleDescriptions(edited), ['#/properties/name/description', '#/properties/api/properties/auth/properties/method/enumDescriptions']);
    assert.deepEqual(withDerivedDescriptions(edited), schema);
  });

  it('add a missing description just before its Markdown, and leave a description without Markdown (a snippet label) alone', () => {
    const derived = withDerivedDescriptions({
      type: 'string',
      markdownDescription: 'The `name`.',
      defaultSnippets: [{ label: 'Group', description: 'A group of pages', body: {} }],
    });
    assert.deepEqual(Object.keys(derived as object), ['type', 'description', 'markdownDescription', 'defaultSnippets']);
    assert.deepEqual(derived, {
      type: 'string',
      description: 'The name.',
      markdownDescription: 'The `name`.',
      defaultSnippets: [{ label: 'Group', description: 'A group of pages', body: {} }],
    });
  });
});

// code-sample-syntax: each language's parser on fenced samples, the place of the problem inside the
// block (also when a container indents it), what is skipped (placeholders, partial fences, fragments of
// a larger file), and the bounds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageSite } from '../../server/src/rules/page-utils';
import { check } from '../helpers';

const PREFIX = '## Sample\n\n';

/** The rule's findings on a page holding `body` after a heading: `line:column message` (1-based, in the page body). */
async function problems(body: string): Promise<string[]> {
  const found = (await check(pageSite(PREFIX + body))).filter((f) => f.ruleId === 'code-sample-syntax');
  // The page's front matter is 4 lines and a blank one: lines are given from the heading.
  return found.map((f) => `${f.range.start.line - 4}:${f.range.start.character + 1} ${f.message.replace(/ Fix it, or mark.*$/, '')}`);
}

const fence = (lang: string, code: string, meta = '') => '```' + lang + (meta ? ' ' + meta : '') + '\n' + code + '\n```\n';

describe('code-sample-syntax: JSON', () => {
  it('reports a trailing comma, a missing comma and a single-quoted string where they are', async () => {
    assert.deepEqual(await problems(fence('json', '{\n  "a": 1,\n}')), [
      '5:9 This JSON sample does not parse: a comma before a closing bracket (JSON allows none) (line 2, column 9 of the block).',
    ]);
    assert.deepEqual(await problems(fence('json', '{\n  "a": 1\n  "b": 2\n}')), [
      '6:3 This JSON sample does not parse: a comma was expected (line 3, column 3 of the block).',
    ]);
    assert.deepEqual(await problems(fence('JSON', "{ 'a': 1 }")), [
      '4:3 This JSON sample does not parse: a character JSON does not allow here (line 1, column 3 of the block).',
    ]);
  });

  it('reads comments (samples annotate with them), an empty block, and a part of a larger file given as its members', async () => {
    assert.deepEqual(await problems(fence('json', '{\n  "primary": "#0066CC", // changed\n  /* kept */ "dark": "#004C99"\n}')), []);
    assert.deepEqual(await problems(fence('json', '')), []);
    assert.deepEqual(await problems(fence('json', '"seo": {\n  "indexing": "all"\n},')), []);
  });

  it('still reports an error inside such members, at its place', async () => {
    assert.deepEqual(await problems(fence('json', '"integrations": {\n  "segment": {\n    "key": "required",\n  }\n}')), [
      '6:22 This JSON sample does not parse: a comma before a closing bracket (JSON allows none) (line 3, column 22 of the block).',
    ]);
  });

  it('says so when the first line is an HTTP request line, and when the block runs on into the next fence', async () => {
    assert.deepEqual(await problems(fence('json', 'POST /v1/notes\n{ "title": "A" }')), [
      '4:1 This JSON sample does not parse: its first line is an HTTP request line (POST …): label the block `http` (line 1, column 1 of the block).',
    ]);
    assert.deepEqual(await problems('```json\n{ "a": 1 }\n\n```python main.py\nprint(1)\n```\n'), [
      '6:1 This JSON sample does not parse: the block runs on into "```python main.py": its closing fence is missing before that line (line 3, column 1 of the block).',
    ]);
  });
});

describe('code-sample-syntax: what is not checked', () => {
  it('skips placeholders: an ellipsis, template syntax, a <name> where JSON or TOML wants a value or key', async () => {
    assert.deepEqual(await problems(fence('json', '{\n  "items": [...],\n}')), []);
    assert.deepEqual(await problems(fence('json', '{ "a": 1, … }')), []);
    assert.deepEqual(await problems(fence('json', '{ "key": {{ api_key }} }')), []);
    assert.deepEqual(await problems(fence('json', '{ "key": <YOUR_API_KEY> }')), []);
    assert.deepEqual(await problems(fence('toml', '[mcp_servers.<your-server-name>]\nurl = "https://acme.dev"')), []);
    assert.deepEqual(await problems(fence('js', 'const all = [...items,')), []);
  });

  it('still reports the same samples where the error is not at the placeholder', async () => {
    assert.deepEqual(await problems(fence('json', '{ "key": "<YOUR_API_KEY>",, }')), [
      '4:27 This JSON sample does not parse: a property name in double quotes was expected (line 1, column 27 of the block).',
    ]);
  });

  it('skips a fence marked partial (partial=true, or a bare partial word) and languages it has no parser for', async () => {
    assert.deepEqual(await problems(fence('json', '{ "a": 1,', 'partial=true')), []);
    assert.deepEqual(await problems(fence('json', '{ "a": 1,', 'title="Part" partial')), []);
    assert.deepEqual(await problems(fence('json', '{ "a": 1,', 'partials.json')), [
      '4:10 This JSON sample does not parse: a property name in double quotes was expected (line 1, column 10 of the block).',
    ]);
    assert.deepEqual(await problems(fence('ts', 'const a: number = ;')), []);
    assert.deepEqual(await problems(fence('python', 'def (:')), []);
  });

  it('does not parse a block nesting brackets past the bound, nor one over 64 KB, and ends quickly on either', async () => {
    const started = Date.now();
    assert.deepEqual(await problems(fence('json', '['.repeat(5000))), []);
    assert.deepEqual(await problems(fence('yaml', 'a: [' + '1, '.repeat(30_000) + '\n')), []);
    assert.ok(Date.now() - started < 20_000);
  });
});

describe('code-sample-syntax: other languages', () => {
  it('JSONC takes comments and trailing commas; JSON5 takes unquoted keys and single quotes, and reports what it cannot read', async () => {
    assert.deepEqual(await problems(fence('jsonc', '{\n  // note\n  "a": 1,\n}')), []);
    assert.deepEqual(await problems(fence('json5', "{ a: 'x', b: 0x10, }")), []);
    assert.deepEqual(await problems(fence('json5', '{ a: 1,, }')), [
      "4:8 This JSON5 sample does not parse: invalid character ',' (line 1, column 8 of the block).",
    ]);
  });

  it('YAML: a bad indent and a repeated key; several documents and <name> values read', async () => {
    assert.deepEqual(await problems(fence('yaml', 'spec:\n  containers:\n- name: web\n    image: nginx')), [
      '5:14 This YAML sample does not parse: A block sequence may not be used as an implicit map key (line 2, column 14 of the block).',
    ]);
    assert.deepEqual(await problems(fence('yml', 'securityContext:\n  runAsNonRoot: true\n  runAsNonRoot: true')), [
      '6:3 This YAML sample does not parse: Map keys must be unique (line 3, column 3 of the block).',
    ]);
    assert.deepEqual(await problems(fence('yaml', 'name: <pod_name>\n---\nkind: Pod\n')), []);
  });

  it('TOML, XML and GraphQL report where their parsers stop', async () => {
    assert.deepEqual(await problems(fence('toml', '[server]\nport = = 8080')), [
      '5:8 This TOML sample does not parse: invalid value (line 2, column 8 of the block).',
    ]);
    assert.deepEqual(await problems(fence('toml', '[server]\nport = 8080\nhosts = ["a", "b"]')), []);
    assert.deepEqual(await problems(fence('xml', '<note>\n  <to>Ana</from>\n</note>')), [
      '5:16 This XML sample does not parse: Unexpected close tag (line 2, column 16 of the block).',
    ]);
    assert.deepEqual(await problems(fence('xml', '<?xml version="1.0"?>\n<dependency><artifactId>acme</artifactId></dependency>\n<dependency/>')), []);
    assert.deepEqual(await problems(fence('graphql', 'query Notes {\n  notes(first: 10) {\n    id\n  }\n')), [
      '8:1 This GraphQL sample does not parse: Expected Name, found <EOF>. (line 5, column 1 of the block).',
    ]);
    assert.deepEqual(await problems(fence('gql', 'query Notes($n: Int!) {\n  notes(first: $n) { id title }\n}')), []);
  });

  it('JavaScript: a module with JSX and top-level await, an object literal alone and the members of an object read; what acorn stops at is reported', async () => {
    const module =
      'import { Acme } from "@acme/sdk";\n\nconst acme = new Acme();\nconst notes = await acme.notes.list();\nexport const View = () => <List items={notes} />;';
    assert.deepEqual(await problems(fence('jsx', module)), []);
    assert.deepEqual(await problems(fence('js', '{\n  apiKey: "x",\n  region: "eu"\n}')), []);
    assert.deepEqual(await problems(fence('javascript', 'hooks: {\n  event(event) {\n    console.log(event.type);\n  },\n}')), []);
    assert.deepEqual(await problems(fence('js', 'npm install @acme/sdk')), [
      '4:5 This JavaScript sample does not parse: Unexpected token (TypeScript or a shell command: label the block `ts` or `bash`) (line 1, column 5 of the block).',
    ]);
  });
});

describe('code-sample-syntax: the place in the page', () => {
  it('points at the character inside a block that a list item indents', async () => {
    const body = '1. Save it:\n\n   ```json\n   {\n     "a": 1,\n   }\n   ```\n';
    assert.deepEqual(await problems(body), [
      '7:12 This JSON sample does not parse: a comma before a closing bracket (JSON allows none) (line 2, column 9 of the block).',
    ]);
  });
});

describe('code-sample-syntax: diff notation', () => {
  it('reads a sample as it stands after its [!code --] lines are removed (alone on a line, the marker takes the lines after it)', async () => {
    assert.deepEqual(
      await problems(fence('js', 'const received = req.get("X-Sig"); // [!code --]\nconst received = Buffer.from(req.get("Sig"), "hex"); // [!code ++]')),
      [],
    );
    assert.deepEqual(await problems(fence('json', '{\n  "a": 1,\n  // [!code --:1]\n  "b": 2,\n  "b": 3\n}')), []);
  });
  it('still reports what the lines left hold', async () => {
    assert.deepEqual(await problems(fence('js', 'const a = 1; // [!code --]\nconst a = 2; // [!code ++]\nconst a = 3;')), [
      "6:7 This JavaScript sample does not parse: Identifier 'a' has already been declared (TypeScript or a shell command: label the block `ts` or `bash`) (line 3, column 7 of the block).",
    ]);
  });
});

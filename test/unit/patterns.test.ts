// Patterns of real sites: each fixture checks clean, and its broken twin reports exactly one
// finding (the expected rule). Imports of .mdx and .jsx (absolute and relative), exports used in
// headings and attributes, <Snippet file>, and the public built-in components.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPONENTS } from '../../server/src/components/catalog';
import { MemoryWorkspace } from '../../server/src/workspace';
import { applyFix, check, ROOT } from '../helpers';

const FM = '---\ntitle: "Install the Acme CLI on your machine"\ndescription: "Install the CLI, check its version and sign in."\n---\n\n';

function site(page: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'docs.json': JSON.stringify({
      name: 'Acme',
      favicon: 'https://acme.dev/favicon.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'Start', pages: ['index', 'guides/setup'] }],
    }),
    'index.mdx': FM + 'Welcome to the Acme CLI documentation.\n',
    'guides/setup.mdx': page,
    'snippets/prereq.mdx': 'You need {tool} installed.\n',
    'snippets/components/demo.jsx': 'export const DemoVideo = ({ src }) => <video src={src} controls />;\n',
    ...extra,
  };
}

const PATTERNS: { name: string; good: string; bad: string; rule: string }[] = [
  {
    name: 'import an .mdx snippet (absolute path)',
    good: FM + 'import Prereq from "/snippets/prereq.mdx";\n\n<Prereq tool="Node.js" />\n',
    bad: FM + 'import Prereq from "/snippets/prerequisites.mdx";\n\n<Prereq tool="Node.js" />\n',
    rule: 'import-not-found',
  },
  {
    name: 'import an .mdx snippet (relative path)',
    good: FM + 'import Prereq from "../snippets/prereq.mdx";\n\n<Prereq tool="Node.js" />\n',
    bad: FM + 'import Prereq from "./snippets/prereq.mdx";\n\n<Prereq tool="Node.js" />\n',
    rule: 'import-not-found',
  },
  {
    name: 'import a .jsx component',
    good: FM + 'import { DemoVideo } from "/snippets/components/demo.jsx";\n\n<DemoVideo src="/demo.mp4" />\n',
    bad: FM + 'import { DemoVideo } from "/snippets/components/demo.jsx";\n\n<DemoVidoe src="/demo.mp4" />\n',
    rule: 'component-unknown',
  },
  {
    name: 'exports used in headings',
    good: FM + 'export const strings = { howTo: "How to integrate" };\n\n## {strings.howTo}\n\nText.\n',
    bad: FM + 'export const strings = { howTo: "How to integrate" };\n\n## {string.howTo}\n\nText.\n',
    rule: 'expression-undefined',
  },
  {
    name: 'exports used in attributes',
    good:
      FM +
      'export const strings = { generateKey: "Generate a key" };\n\n<Steps>\n  <Step title={strings.generateKey}>\n    Open the dashboard.\n  </Step>\n</Steps>\n',
    bad:
      FM +
      'export const strings = { generateKey: "Generate a key" };\n\n<Steps>\n  <Step title={strngs.generateKey}>\n    Open the dashboard.\n  </Step>\n</Steps>\n',
    rule: 'expression-undefined',
  },
  {
    name: '<Snippet file>',
    good: FM + '<Snippet file="prereq.mdx" />\n',
    bad: FM + '<Snippet />\n',
    rule: 'component-attribute-missing',
  },
  {
    name: 'a placeholder in braces is read as an expression',
    good: FM + 'Replace `{api-id}` with the id, or write \\{api-id\\}.\n',
    bad: FM + 'Replace {api-id} with the id.\n',
    rule: 'expression-undefined',
  },
];

function findings(files: Record<string, string> | MemoryWorkspace) {
  return check(files).then((all) => all.filter((f) => f.severity !== 'hint' && f.severity !== 'information'));
}

describe('real-site patterns: fixtures and their broken twins', () => {
  for (const p of PATTERNS) {
    it(`${p.name}: the fixture checks clean, its twin reports ${p.rule} once`, async () => {
      assert.deepEqual(
        (await findings(site(p.good))).map((f) => `${f.ruleId}: ${f.message}`),
        [],
      );
      const bad = await findings(site(p.bad));
      assert.deepEqual(
        bad.map((f) => f.ruleId),
        [p.rule],
        bad.map((f) => f.message).join('\n'),
      );
    });
  }

  it('every public built-in component can be written without an import', async () => {
    const names = COMPONENTS.filter((c) => c.origin === 'builtin').map((c) => c.name);
    assert.ok(names.length >= 20, `${names.length} built-ins in the catalogue`);
    const out = await findings(site(FM + names.map((n) => `<${n} />`).join('\n\n') + '\n'));
    assert.deepEqual(
      out.filter((f) => f.ruleId === 'component-unknown'),
      [],
    );
  });

  it('escaping the braces of a placeholder fixes it', async () => {
    const ws = new MemoryWorkspace(site(FM + 'Replace {api-id} with the id.\n'), ROOT);
    const [finding] = (await findings(ws)).filter((f) => f.ruleId === 'expression-undefined');
    const escape = finding.fixes?.find((f) => f.title.startsWith('Escape'));
    assert.ok(escape);
    applyFix(ws, escape);
    assert.match(ws.files.get(`${ROOT}/guides/setup.mdx`)!, /Replace \\\{api-id\\\} with the id\./);
    assert.deepEqual(
      (await findings(ws)).map((f) => f.ruleId),
      [],
    );
  });
});

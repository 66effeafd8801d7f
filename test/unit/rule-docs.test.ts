// The documentation link of a finding (the editor's codeDescription, SARIF's helpUri): each of
// Docwright's rules has its page under docs/rules/; a rule of a site's Vale style has none of its own
// and links to docs/vale.md, which the VSIX ships beside the rule pages.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ALL_RULES } from '../../server/src/docwright';
import { isValeName, ruleDocsPage } from '../../server/src/util/rule-docs';
import { valeHits, valeSite, yml } from '../vale-helpers';

const DOCS = join(__dirname, '..', '..', 'docs');

test("each of Docwright's rules links to its own page, which exists", () => {
  for (const rule of ALL_RULES) {
    assert.equal(isValeName(rule.id), false, rule.id);
    assert.equal(ruleDocsPage(rule.id), `rules/${rule.id}.md`);
    assert.ok(existsSync(join(DOCS, ruleDocsPage(rule.id))), rule.id);
  }
});

test('a Vale finding links to docs/vale.md, not to a page named after the Vale rule', async () => {
  const will = yml({ extends: 'existence', message: "Avoid using '%s'.", level: 'warning', ignorecase: true, tokens: ['will'] });
  const [hit] = await valeHits(valeSite('It will work.\n', { Will: will }));
  assert.equal(hit.rule, 'Acme.Will');
  assert.equal(ruleDocsPage(hit.rule), 'vale.md');
  assert.equal(existsSync(join(DOCS, 'rules', `${hit.rule}.md`)), false);
  assert.ok(existsSync(join(DOCS, 'vale.md')));
  assert.equal(ruleDocsPage('Vale.Spelling'), 'vale.md');
  // The page says how to change or silence one of those rules.
  assert.match(readFileSync(join(DOCS, 'vale.md'), 'utf8'), /"Mintlify\.Will": "off"/);
});

test('the VSIX ships docs/vale.md beside the rule pages', () => {
  const allow = readFileSync(join(__dirname, '..', '..', '.vscodeignore'), 'utf8').split('\n');
  assert.ok(allow.includes('!docs/rules/*.md'));
  assert.ok(allow.includes('!docs/vale.md'));
  assert.match(readFileSync(join(__dirname, '..', '..', 'scripts', 'package.mjs'), 'utf8'), /'docs\/vale\.md'/);
});

// `docwright check --format github|sarif` and `--output`: annotations line by line on the example site
// with planted faults; the SARIF log validated against the official SARIF 2.1.0 schema.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
/* eslint-disable @typescript-eslint/no-explicit-any -- the SARIF log is read as the schema validated it */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { escapeData, escapeProperty, formatSarif } from '../../server/src/hosts/cli/ci-format';
import { COMMANDS, parseCommandArgs } from '../../server/src/hosts/cli/args';
import { parse as parseYaml } from 'yaml';

const EXAMPLE = path.resolve(__dirname, '../../examples/starter');
const SCHEMA = path.resolve(__dirname, '../data/sarif/sarif-schema-2.1.0.json');

/** A copy of the example site with faults planted: a broken link, a nav entry to no page (with `%`), a page whose name has `,` and `:`. */
function plantedSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docwright-ci-'));
  cpSync(EXAMPLE, dir, { recursive: true });
  const intro = path.join(dir, 'introduction.mdx');
  writeFileSync(intro, readFileSync(intro, 'utf8') + '\nRead [the missing guide](/guides/nope) next.\n');
  const config = path.join(dir, 'docs.json');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      '"pages": ["introduction", "quickstart", "api-reference/overview"]',
      '"pages": ["introduction", "quickstart", "api-reference/overview", "guides/100%-done", "guides/odd,name:x"]',
    ),
  );
  writeFileSync(
    path.join(dir, 'guides/odd,name:x.mdx'),
    '---\ntitle: "Odd name"\ndescription: "A page whose file name needs escaping in an annotation property."\n---\n\n# Odd name\n\nSome text.\n',
  );
  return dir;
}

async function check(args: string[], cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCheck(
    parseCheckArgs(args),
    (s) => out.push(s),
    cwd,
    (s) => err.push(s),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('docwright check --format github', () => {
  let dir: string;
  before(() => {
    dir = plantedSite();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('escapes %, CR and LF in messages, and also , and : in properties', () => {
    assert.equal(escapeData('100% a\r\nb: c, d'), '100%25 a%0D%0Ab: c, d');
    assert.equal(escapeProperty('100% a\r\nb: c, d'), '100%25 a%0D%0Ab%3A c%2C d');
  });

  it('prints one annotation per finding, grouped per site, and exits 1 on errors', async () => {
    const r = await check(['--format', 'github'], dir);
    assert.equal(r.code, 1, r.err);
    assert.deepEqual(r.out.split('\n'), EXPECTED_GITHUB);
  });
});

const EXPECTED_GITHUB = [
  '::group::docwright: . (3 findings)',
  '::error file=docs.json,line=69,col=87,endLine=69,endColumn=105,title=docwright nav-missing-page::No page file for navigation entry "guides/100%25-done": expected guides/100%25-done.mdx or guides/100%25-done.md in the site folder.',
  '::warning file=guides/odd%2Cname%3Ax.mdx,line=6,col=1,endLine=6,endColumn=11,title=docwright heading-h1::Level-1 heading in the body: the title already is the page heading; start body headings at ##.',
  '::error file=introduction.mdx,line=52,col=26,endLine=52,endColumn=38,title=docwright link-broken::No page or file "/guides/nope" in this site.',
  '::endgroup::',
  '3 problems (2 errors, 1 warning, 0 info) in 1 site.',
];

describe('docwright check --format sarif', () => {
  let dir: string;
  before(() => {
    dir = plantedSite();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("links a site's Vale rule to the page on Vale styles, a rule of Docwright to its own page", () => {
    const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } };
    const finding = (ruleId: string) => ({ path: path.join(dir, 'introduction.mdx'), range: at, severity: 'warning' as const, ruleId, message: 'm' });
    const log = JSON.parse(formatSarif([finding('Mintlify.Will'), finding('link-broken')], dir, '0.0.0'));
    const helpUri = (id: string) => log.runs[0].tool.driver.rules.find((d: { id: string }) => d.id === id).helpUri;
    assert.equal(helpUri('Mintlify.Will'), 'https://github.com/docwright/docwright/blob/main/docs/vale.md');
    assert.equal(helpUri('link-broken'), 'https://github.com/docwright/docwright/blob/main/docs/rules/link-broken.md');
  });

  it('validates against the SARIF 2.1.0 schema, with rules, regions and fixes', async () => {
    const r = await check(['--format', 'sarif'], dir);
    assert.equal(r.code, 1, r.err);
    const log = JSON.parse(r.out) as { version: string; runs: any[] };
    // The schema's patterns are ECMA-262 without the u flag (one is not valid with it).
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
    assert.equal(log.runs.length, 1);
    const run = log.runs[0];
    const rules = new Map(run.tool.driver.rules.map((d: { id: string }) => [d.id, d]));
    const linkRule = rules.get('link-broken') as { helpUri: string; defaultConfiguration: { level: string } };
    assert.equal(linkRule.helpUri, 'https://github.com/docwright/docwright/blob/main/docs/rules/link-broken.md');
    assert.equal(linkRule.defaultConfiguration.level, 'error');
    const link = run.results.find((x: { ruleId: string }) => x.ruleId === 'link-broken');
    assert.equal(link.level, 'error');
    assert.deepEqual(link.locations[0].physicalLocation.artifactLocation, { uri: 'introduction.mdx', uriBaseId: 'SRCROOT' });
    const lines = readFileSync(path.join(dir, 'introduction.mdx'), 'utf8').split('\n');
    const lineNo = lines.findIndex((l) => l.includes('/guides/nope')) + 1;
    assert.equal(link.locations[0].physicalLocation.region.startLine, lineNo);
    assert.equal(run.tool.driver.rules[link.ruleIndex].id, 'link-broken');
    const odd = run.results.find((x: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
      x.locations[0].physicalLocation.artifactLocation.uri.startsWith('guides/odd'),
    );
    assert.equal(odd?.locations[0].physicalLocation.artifactLocation.uri, 'guides/odd%2Cname%3Ax.mdx');
    const fixed = run.results.filter((x: { fixes?: unknown[] }) => x.fixes?.length);
    assert.ok(fixed.length > 0, 'a finding with a fix carries it');
    assert.ok(fixed[0].fixes[0].artifactChanges[0].replacements[0].deletedRegion.startLine >= 1);
  });

  it('--output writes the log to the file and still prints the summary', async () => {
    const r = await check(['--format', 'sarif', '--output', 'out/docwright.sarif'], dir);
    assert.equal(r.code, 1);
    assert.match(r.out, /^\d+ problems \(\d+ errors?, \d+ warnings?, \d+ info\) in 1 site\. .*Written to out\/docwright\.sarif\.$/);
    const file = path.join(dir, 'out/docwright.sarif');
    assert.ok(existsSync(file));
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).version, '2.1.0');
  });
});

describe('action.yml and .pre-commit-hooks.yaml', () => {
  const root = path.resolve(__dirname, '../..');
  const options = (text: string) => [...text.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((m) => m[1]);

  it('the action is a composite one that runs docwright check with --format github, with options the CLI has', () => {
    const action = parseYaml(readFileSync(path.join(root, 'action.yml'), 'utf8')) as { runs: { using: string; steps: { run?: string; uses?: string }[] } };
    assert.equal(action.runs.using, 'composite');
    assert.ok(action.runs.steps.some((s) => s.uses?.startsWith('actions/setup-node@')));
    const script = action.runs.steps.map((s) => s.run ?? '').join('\n');
    assert.match(script, /node "\$ACTION_CLI" check .*--format github/);
    const known = new Set(Object.keys(COMMANDS.check.options));
    for (const o of options(script).filter((o) => !['no-audit', 'no-fund'].includes(o))) assert.ok(known.has(o), `--${o}`);
  });

  it('the pre-commit hooks run docwright check with options the CLI has', () => {
    const hooks = parseYaml(readFileSync(path.join(root, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string }[];
    assert.deepEqual(
      hooks.map((h) => h.id),
      ['docwright-check', 'docwright-fix'],
    );
    const known = new Set(Object.keys(COMMANDS.check.options));
    for (const h of hooks) {
      assert.match(h.entry, /^docwright check\b/);
      for (const o of options(h.entry)) assert.ok(known.has(o), `--${o}`);
    }
  });

  it('the check hook ends its options, so a staged file named like an option is checked as a file', async () => {
    const hooks = parseYaml(readFileSync(path.join(root, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; pass_filenames?: boolean }[];
    const site = plantedSite();
    try {
      const config = readFileSync(path.join(site, 'docs.json'), 'utf8');
      writeFileSync(path.join(site, '--output=docs.json'), '{}\n');
      writeFileSync(path.join(site, '--fix.mdx'), '---\ntitle: "Fix"\n---\n\nSee [this](/nowhere).\n');
      for (const h of hooks.filter((h) => h.pass_filenames !== false)) {
        // pre-commit runs the entry with the staged file names after it.
        const r = await check([...h.entry.split(' ').slice(2), '--output=docs.json', '--fix.mdx'], site);
        assert.equal(readFileSync(path.join(site, 'docs.json'), 'utf8'), config, `${h.id}: docs.json unchanged`);
        assert.equal(r.code, 1, `${h.id}: ${r.err}`);
        assert.match(r.out, /^--fix\.mdx:\d+:\d+ {2}error/m, 'the page named like an option is checked');
      }
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('every command ends its options at --', () => {
    for (const command of Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]) {
      const [min, max] = COMMANDS[command].count;
      if (max === 0) continue;
      const names = Array.from({ length: Math.max(min, 1) }, (_, i) => `--not-an-option-${i}`);
      assert.deepEqual(parseCommandArgs(command, ['--', ...names]).positionals, names, command);
    }
  });
});

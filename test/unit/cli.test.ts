// `docwright check` and `docwright init`: exit codes, located output, JSON output. Runs the built CLI as a user would.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeSiteToDisk } from '../helpers';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('docwright check', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-cli-'));
    writeSiteToDisk(path.join(dir, 'clean'), exampleSite(minimalConfig(['introduction']), ['introduction']));
    writeSiteToDisk(path.join(dir, 'broken'), exampleSite(minimalConfig(['introduction', 'missing'], { colours: {} }), ['introduction']));
    writeSiteToDisk(path.join(dir, 'badjson'), { 'docs.json': '{\n  "name": "Acme",\n  "navigation": [\n}\n' });
    writeSiteToDisk(path.join(dir, 'warnings'), exampleSite(minimalConfig(['introduction'], { versions: ['v1'] }), ['introduction']));
    mkdirSync(path.join(dir, 'empty'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 and says so on a clean site', () => {
    const r = run(['check', 'clean'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), 'No problems found (1 site).');
  });

  it('exits 1 and prints file:line:col for each problem', () => {
    const r = run(['check', 'broken'], dir);
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split('\n');
    assert.match(lines[0], /^broken\/docs\.json:8:9 {2}error {7}No page file for navigation entry "missing".* nav-missing-page$/);
    assert.match(lines[1], /^broken\/docs\.json:12:3 {2}warning {5}Unknown property "colours"\. Did you mean "colors"\? {2}config-unknown-property$/);
    assert.equal(lines.at(-1), '2 problems (1 error, 1 warning, 0 info) in 1 site.');
  });

  it('exits 0 when there are only warnings', () => {
    assert.equal(run(['check', 'warnings'], dir).code, 0);
  });

  it('locates broken JSON instead of printing a stack trace', () => {
    const r = run(['check', 'badjson'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^badjson\/docs\.json:4:1 {2}error/m);
    assert.doesNotMatch(r.stdout + r.stderr, /at .*\.js:\d+/);
  });

  it('prints JSON with --format json', () => {
    const r = run(['check', 'broken', '--format', 'json'], dir);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(
      out.map((f: { file: string; line: number; column: number; ruleId: string }) => [f.file, f.line, f.column, f.ruleId]),
      [
        ['broken/docs.json', 8, 9, 'nav-missing-page'],
        ['broken/docs.json', 12, 3, 'config-unknown-property'],
      ],
    );
  });

  it('finds a site in a subfolder', () => {
    const r = run(['check'], path.join(dir));
    assert.equal(r.code, 1);
    assert.match(r.stdout, /in 4 sites\.\n$/);
    assert.match(r.stdout, /^broken\/docs\.json:/m);
  });

  it('exits 2 with a message on bad usage', () => {
    for (const args of [['check', 'empty'], ['check', 'nope'], ['check', 'clean', '--format', 'xml'], ['frobnicate'], ['check', '--fast']]) {
      const r = run(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /^docwright: .+/, args.join(' '));
      assert.match(r.stderr, /Usage: docwright/);
    }
  });
});

describe('docwright check and hints', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-cli-hints-'));
    const files = exampleSite(minimalConfig(['introduction']), ['introduction']);
    files['introduction.mdx'] += '\nWe think the note is returned quickly.\n';
    writeSiteToDisk(dir, files);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('counts hints without listing them unless --hints is given', () => {
    const quiet = run(['check', '.'], dir);
    assert.equal(quiet.code, 0);
    assert.equal(quiet.stdout.trim(), 'No problems found (1 site). 2 hints not listed (--hints lists them).');
    const loud = run(['check', '.', '--hints'], dir);
    assert.deepEqual(loud.stdout.trim().split('\n').map((l) => l.split('  ').at(-1)), ['prose-first-person', 'prose-passive', '', 'No problems found (1 site). 2 hints.']);
  });
});

describe('docwright init', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-cli-init-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a site that `docwright check --hints` finds nothing in', () => {
    const r = run(['init', 'my-product-docs'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), 'Created docs.json and introduction.mdx in my-product-docs. Check it with: docwright check my-product-docs');
    assert.equal(JSON.parse(readFileSync(path.join(dir, 'my-product-docs/docs.json'), 'utf8')).name, 'My Product Docs');
    const c = run(['check', 'my-product-docs', '--hints'], dir);
    assert.equal(c.code, 0, c.stdout);
    assert.equal(c.stdout.trim(), 'No problems found (1 site).');
  });

  it('takes the name from --name and the current folder by default', () => {
    const here = path.join(dir, 'here');
    mkdirSync(here);
    const r = run(['init', '--name', 'Acme Notes'], here);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(readFileSync(path.join(here, 'docs.json'), 'utf8')).name, 'Acme Notes');
  });

  it('never overwrites a file and refuses a folder that already holds a site', () => {
    const taken = path.join(dir, 'taken');
    writeSiteToDisk(taken, { 'introduction.mdx': 'mine\n' });
    const r = run(['init', 'taken'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^docwright: "taken" already has introduction\.mdx: init never overwrites files/);
    assert.equal(readFileSync(path.join(taken, 'introduction.mdx'), 'utf8'), 'mine\n');
    assert.equal(existsSync(path.join(taken, 'docs.json')), false);

    const site = path.join(dir, 'site');
    writeSiteToDisk(site, { 'mint.json': '{}\n' });
    assert.equal(run(['init', 'site'], dir).code, 2);
    assert.equal(existsSync(path.join(site, 'docs.json')), false);
  });

  it('exits 2 on bad usage', () => {
    writeSiteToDisk(dir, { 'file.txt': 'x' });
    for (const args of [['init', 'file.txt'], ['init', 'a', 'b'], ['init', '--name'], ['init', '--force']]) {
      const r = run(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /Usage: docwright/);
    }
  });
});

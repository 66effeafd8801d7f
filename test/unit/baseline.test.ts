// Baselines: the core's fingerprints, file format and matching (features/baseline.ts), and `docwright
// check --baseline-write / --baseline / --no-baseline` on a site with 50 planted findings whose lines
// then move: only the findings added since fail, stale entries are listed, every output format says so,
// and a bad baseline is a clear error (exit 2), never a crash.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
/* eslint-disable @typescript-eslint/no-explicit-any -- the SARIF log is read as the schema validated it */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {
  BASELINE_FILE_NAME,
  baselinedFindings,
  createBaseline,
  fingerprintOf,
  matchBaseline,
  parseBaseline,
  writeBaseline,
  type Baseline,
} from '../../server/src/features/baseline';
import type { Finding } from '../../server/src/types';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { BaselineError } from '../../server/src/hosts/cli/baseline';
import { UsageError } from '../../server/src/hosts/cli/args';
import { SARIF_FINGERPRINT_KEY } from '../../server/src/hosts/cli/ci-format';
import { exampleSite, minimalConfig, page } from '../../server/src/rules/examples';
import { writeSiteToDisk } from '../helpers';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');
const SCHEMA = path.resolve(__dirname, '../data/sarif/sarif-schema-2.1.0.json');
const ROOT = '/site';

function finding(file: string, line: number, message: string, ruleId = 'link-broken', endLine = line): Finding {
  return { ruleId, severity: 'error', message, path: `${ROOT}/${file}`, range: { start: { line, character: 4 }, end: { line: endLine, character: 9 } } };
}

describe('baseline fingerprints and matching (core)', () => {
  const text = 'intro\n\nSee [a](/gone).\n\nSee [b](/lost).\n';
  const moved = 'new first line\n\nanother paragraph\n\nintro\n\nSee [a](/gone).\n\n\nSee   [b](/lost).\n';
  const a = finding('p.mdx', 2, 'No page or file "/gone" in this site.');
  const b = finding('p.mdx', 4, 'No page or file "/lost" in this site.');
  const textOf = (t: string) => (rel: string) => (rel === 'p.mdx' ? t : undefined);

  it('keeps a finding whose line moved (or had its spacing changed), and loses one whose line was edited', () => {
    const before = createBaseline([a, b], ROOT, textOf(text));
    const a2 = finding('p.mdx', 6, a.message);
    const b2 = finding('p.mdx', 9, b.message);
    assert.equal(fingerprintOf(a2, ROOT, textOf(moved)), fingerprintOf(a, ROOT, textOf(text)));
    const m = matchBaseline([a2, b2], before, ROOT, textOf(moved));
    assert.deepEqual(m.new, []);
    assert.deepEqual(m.baselined, [a2, b2]);
    assert.deepEqual(m.stale, []);
    const edited = moved.replace('See [a](/gone).', 'Read [a](/gone) first.');
    const m2 = matchBaseline([a2, b2], before, ROOT, textOf(edited));
    assert.deepEqual(m2.new, [a2]);
    assert.deepEqual(
      m2.stale.map((e) => e.message),
      [a.message],
    );
  });

  it('matches an entry to at most one finding: a third copy of a line is new', () => {
    const dup = 'x\n[a](/gone) [a](/gone)\n';
    const twice = [finding('p.mdx', 1, a.message), finding('p.mdx', 1, a.message)];
    const baseline = createBaseline(twice, ROOT, textOf(dup));
    assert.equal(baseline.findings.length, 2);
    assert.equal(baseline.findings[0].fingerprint, baseline.findings[1].fingerprint);
    const three = 'x\n[a](/gone) [a](/gone)\n[a](/gone) [a](/gone)\n';
    const four = [...twice, finding('p.mdx', 2, a.message), finding('p.mdx', 2, a.message)];
    const m = matchBaseline(four, baseline, ROOT, textOf(three));
    assert.deepEqual(m.baselined, four.slice(0, 2));
    assert.deepEqual(m.new, four.slice(2));
    const one = matchBaseline(twice.slice(0, 1), baseline, ROOT, textOf(dup));
    assert.equal(one.stale.length, 1);
  });

  it('reads a message with its numbers blanked: "first on line 12" still matches on line 14', () => {
    const spec = 'openapi: 3.1.0\ninfo: {}\n';
    const old = finding('api.yaml', 0, 'api.yaml is not a valid OpenAPI document: 1 problem, the first on line 12: bad', 'openapi-invalid');
    const now = { ...old, message: old.message.replace('12', '14') };
    assert.equal(
      fingerprintOf(now, ROOT, () => spec),
      fingerprintOf(old, ROOT, () => spec),
    );
    assert.notEqual(
      fingerprintOf({ ...old, ruleId: 'other' }, ROOT, () => spec),
      fingerprintOf(old, ROOT, () => spec),
    );
    assert.notEqual(
      fingerprintOf({ ...old, path: `${ROOT}/other.yaml` }, ROOT, () => spec),
      fingerprintOf(old, ROOT, () => spec),
    );
  });

  it('keeps a long range by its first and last lines; a finding outside the site is always new', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const long = finding('p.mdx', 2, 'Long block.', 'code-block', 25);
    const base = fingerprintOf(long, ROOT, () => lines.join('\n'));
    const middle = [...lines];
    middle[12] = 'changed in the middle';
    assert.equal(
      fingerprintOf(long, ROOT, () => middle.join('\n')),
      base,
    );
    const edge = [...lines];
    edge[25] = 'changed at the end';
    assert.notEqual(
      fingerprintOf(long, ROOT, () => edge.join('\n')),
      base,
    );
    const outside = { ...a, path: '/elsewhere/p.mdx' };
    assert.equal(fingerprintOf(outside, ROOT, textOf(text)), undefined);
    const m = matchBaseline([outside], createBaseline([a], ROOT, textOf(text)), ROOT, textOf(text));
    assert.deepEqual(m.new, [outside]);
  });

  it('writes the same file for the same findings in any order, sorted, and reads it back', () => {
    const c = finding('a/z.mdx', 0, 'Z');
    const one = writeBaseline(createBaseline([a, b, c], ROOT, textOf(text)));
    const two = writeBaseline(createBaseline([c, b, a], ROOT, textOf(text)));
    assert.equal(one, two);
    const read = parseBaseline(one);
    assert.ok('baseline' in read);
    assert.deepEqual(
      read.baseline.findings.map((e) => e.file),
      ['a/z.mdx', 'p.mdx', 'p.mdx'],
    );
    assert.equal(writeBaseline(read.baseline), one);
    assert.equal(one.split('\n').length, 3 + 3 + 3, 'one line per entry');
    assert.equal(writeBaseline({ version: 1, findings: [] }), '{\n  "version": 1,\n  "findings": []\n}\n');
  });

  it('says what is wrong with a bad file, naming the entry', () => {
    const entry = { rule: 'link-broken', file: 'p.mdx', fingerprint: '0123456789abcdef' };
    const bad: [string, RegExp][] = [
      ['{"version": 1, "findings": [', /^not valid JSON/],
      ['[]', /expected an object/],
      ['{"findings": []}', /no "version"/],
      ['{"version": 2, "findings": []}', /version 2 is not one this Docwright reads \(1\)/],
      ['{"version": 1, "findings": {}}', /"findings" is not a list/],
      [JSON.stringify({ version: 1, findings: [entry, { ...entry, file: '../outside.mdx' }] }), /entry 2 .*"\.\.\/outside\.mdx" is outside the site/],
      [JSON.stringify({ version: 1, findings: [{ ...entry, file: '/etc/passwd' }] }), /entry 1 .* is absolute/],
      [JSON.stringify({ version: 1, findings: [{ ...entry, file: 'a\\b.mdx' }] }), /backslash/],
      [JSON.stringify({ version: 1, findings: [{ ...entry, fingerprint: 'xyz' }] }), /entry 1 of "findings" has no "fingerprint"/],
      [JSON.stringify({ version: 1, findings: [{ ...entry, rule: 3 }] }), /entry 1 of "findings" has no "rule"/],
      [JSON.stringify({ version: 1, findings: [{ ...entry, message: 3 }] }), /"message" is not a string/],
    ];
    for (const [text, expected] of bad) {
      const r = parseBaseline(text);
      assert.ok('error' in r, text);
      assert.match(r.error, expected, text);
    }
  });

  it('gives the editor the set of baselined findings to mark', () => {
    const baseline: Baseline = createBaseline([a], ROOT, textOf(text));
    const marked = baselinedFindings([a, b], baseline, ROOT, textOf(text));
    assert.equal(marked.size, 1);
    assert.ok(marked.has(a));
    assert.ok(!marked.has(b));
  });
});

// ----- the CLI -----

const PAGES = Array.from({ length: 9 }, (_, i) => `p${i + 1}`);
const NAV_GONE = ['gone-a', 'gone-b', 'gone-c', 'gone-d', 'gone-e'];

/** Page n with 5 broken links: three on lines of their own, and two identical ones on one line. */
function plantedPage(n: number, above = ''): string {
  return [
    '---',
    `title: "Page ${n}"`,
    `description: "Planted page ${n}."`,
    '---',
    '',
    '## Overview',
    '',
    above,
    `See [the first guide](/gone-${n}-1).`,
    '',
    `See [the second guide](/gone-${n}-2).`,
    '',
    `See [the third guide](/gone-${n}-3).`,
    '',
    `Twice: [the fourth guide](/gone-${n}-dup) and [the fourth guide](/gone-${n}-dup).`,
    '',
  ].join('\n');
}

function config(first: string[], last: string[] = []): string {
  return JSON.stringify(minimalConfig(['introduction', ...first, ...PAGES, ...NAV_GONE, ...last]), null, 2) + '\n';
}

/** 45 broken links in 9 pages and 5 navigation entries without a page: 50 errors. */
function plantedSite(dir: string): void {
  const files = exampleSite(minimalConfig(['introduction']), ['introduction']);
  files['docs.json'] = config([]);
  for (const [i, p] of PAGES.entries()) files[`${p}.mdx`] = plantedPage(i + 1);
  writeSiteToDisk(dir, files);
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

/** The stylish lines of findings: `file:line:col  severity  message  rule`. */
const findingLines = (out: string) => out.split('\n').filter((l) => /^\S+:\d+:\d+ {2}/.test(l));

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('docwright check with a baseline', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-baseline-'));
    plantedSite(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('fails with exactly the 3 new findings after the old ones moved, then lists 5 stale entries', async () => {
    const first = await check(['--no-baseline'], dir);
    assert.equal(first.code, 1);
    assert.equal(findingLines(first.out).length, 50, first.out);

    const written = await check(['--baseline-write'], dir);
    assert.equal(written.code, 0, written.out);
    assert.match(written.out, new RegExp(`^Baseline written to ${BASELINE_FILE_NAME.replace(/\./g, '\\.')}: 50 findings\\.$`, 'm'));
    assert.match(written.out, /^Baseline: 0 new, 50 baselined, 0 stale entries\.$/m);
    assert.match(written.out, /^No new problems \(1 site\)\.$/m);
    assert.deepEqual(findingLines(written.out), []);
    const recorded = JSON.parse(readFileSync(path.join(dir, BASELINE_FILE_NAME), 'utf8'));
    assert.equal(recorded.version, 1);
    assert.equal(recorded.findings.length, 50);

    // Paragraphs above every old finding; a page first in the navigation (every docs.json line moves);
    // 3 new findings: a new broken link, a navigation entry without a page, a second copy of an old line.
    const para = 'A new paragraph.\n\nAnd another, longer one, above the links.\n\n';
    for (const [i, p] of PAGES.entries()) writeFileSync(path.join(dir, `${p}.mdx`), plantedPage(i + 1, para));
    writeFileSync(path.join(dir, 'p1.mdx'), plantedPage(1, para) + '\nNow [a new link](/brand-new).\n');
    writeFileSync(path.join(dir, 'p2.mdx'), plantedPage(2, para) + '\nSee [the first guide](/gone-2-1).\n');
    writeFileSync(path.join(dir, 'added.mdx'), page('Added'));
    writeFileSync(path.join(dir, 'docs.json'), config(['added'], ['gone-new']));
    const moved = await check([], dir);
    assert.equal(moved.code, 1, moved.out);
    assert.deepEqual(
      findingLines(moved.out).map((l) => l.replace(/ {2,}/g, '  ')),
      [
        'docs.json:27:9  error  No page file for navigation entry "gone-new": expected gone-new.mdx or gone-new.md in the site folder.  nav-missing-page',
        'p1.mdx:21:18  error  No page or file "/brand-new" in this site.  link-broken',
        'p2.mdx:21:23  error  No page or file "/gone-2-1" in this site.  link-broken',
      ],
    );
    assert.match(moved.out, /^Baseline: 3 new, 50 baselined, 0 stale entries\.$/m);
    assert.match(moved.out, /^3 problems \(3 errors, 0 warnings, 0 info\) in 1 site\.$/m);

    // 5 old findings fixed: the three single links of page 4 and the line of two on page 5.
    writeFileSync(
      path.join(dir, 'p4.mdx'),
      plantedPage(4, para)
        .split('\n')
        .filter((l) => !/^See \[/.test(l))
        .join('\n'),
    );
    writeFileSync(
      path.join(dir, 'p5.mdx'),
      plantedPage(5, para)
        .split('\n')
        .filter((l) => !l.startsWith('Twice'))
        .join('\n'),
    );
    const fixed = await check([], dir);
    assert.equal(fixed.code, 1);
    assert.equal(findingLines(fixed.out).length, 3);
    const stale = fixed.out.split('\n').filter((l) => l.startsWith('  stale: '));
    assert.deepEqual(
      stale.map((l) => l.replace(/ {2,}/g, '  ')),
      [
        '  stale: p4.mdx  No page or file "/gone-4-1" in this site.  link-broken',
        '  stale: p4.mdx  No page or file "/gone-4-2" in this site.  link-broken',
        '  stale: p4.mdx  No page or file "/gone-4-3" in this site.  link-broken',
        '  stale: p5.mdx  No page or file "/gone-5-dup" in this site.  link-broken',
        '  stale: p5.mdx  No page or file "/gone-5-dup" in this site.  link-broken',
      ],
    );
    assert.match(fixed.out, /^Baseline: 3 new, 45 baselined, 5 stale entries\.$/m);

    // JSON: every finding keeps its fields and gains its state; the counts go to stderr.
    const json = await check(['--format', 'json'], dir);
    assert.equal(json.code, 1);
    const items = JSON.parse(json.out) as { file: string; line: number; ruleId: string; baselineState: string }[];
    assert.equal(items.length, 48);
    assert.deepEqual(Object.keys(items[0]), ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'ruleId', 'message', 'baselineState']);
    assert.deepEqual(
      items.filter((f) => f.baselineState === 'new').map((f) => `${f.file}:${f.line}`),
      ['docs.json:27', 'p1.mdx:21', 'p2.mdx:21'],
    );
    assert.equal(items.filter((f) => f.baselineState === 'unchanged').length, 45);
    assert.match(json.err, /^Baseline: 3 new, 45 baselined, 5 stale entries\.$/m);

    // GitHub: only the new ones annotated.
    const github = await check(['--format', 'github'], dir);
    assert.equal(github.code, 1);
    const annotations = github.out.split('\n').filter((l) => l.startsWith('::error '));
    assert.equal(annotations.length, 3);
    assert.match(github.out, /^::group::docwright: \. \(3 findings\)$/m);
    assert.ok(github.out.split('\n').every((l) => !l.startsWith('::') || /^::(error|group|endgroup)/.test(l)));

    // SARIF: valid, every result with a state and the fingerprint it matched on; stale entries in the run's properties.
    const sarif = await check(['--format', 'sarif'], dir);
    assert.equal(sarif.code, 1);
    const log = JSON.parse(sarif.out) as { runs: any[] };
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
    const results = log.runs[0].results as any[];
    assert.equal(results.length, 48);
    assert.deepEqual(
      results
        .filter((r) => r.baselineState === 'new')
        .map((r) => `${r.locations[0].physicalLocation.artifactLocation.uri}:${r.locations[0].physicalLocation.region.startLine}`),
      ['docs.json:27', 'p1.mdx:21', 'p2.mdx:21'],
    );
    assert.equal(results.filter((r) => r.baselineState === 'unchanged').length, 45);
    assert.ok(results.every((r) => /^[0-9a-f]{16}$/.test(r.partialFingerprints[SARIF_FINGERPRINT_KEY])));
    const recordedPrints = new Set(recorded.findings.map((e: { fingerprint: string }) => e.fingerprint));
    assert.ok(results.filter((r) => r.baselineState === 'unchanged').every((r) => recordedPrints.has(r.partialFingerprints[SARIF_FINGERPRINT_KEY])));
    assert.equal(log.runs[0].properties.baseline.new, 3);
    assert.equal(log.runs[0].properties.baseline.unchanged, 45);
    assert.deepEqual(log.runs[0].properties.baseline.stale.map((s: { file: string }) => s.file).sort(), ['p4.mdx', 'p4.mdx', 'p4.mdx', 'p5.mdx', 'p5.mdx']);

    // --no-baseline reports everything; writing again drops the stale entries and takes in the new ones.
    const all = await check(['--no-baseline'], dir);
    assert.equal(findingLines(all.out).length, 48);
    assert.doesNotMatch(all.out, /Baseline/);
    const rewritten = await check(['--baseline-write'], dir);
    assert.equal(rewritten.code, 0);
    assert.match(rewritten.out, /: 48 findings\.$/m);
    assert.match(rewritten.out, /^Baseline: 0 new, 48 baselined, 0 stale entries\.$/m);
    const again = await check([], dir);
    assert.equal(again.code, 0, again.out);
  });

  it('reads and writes the file --baseline names, inside the site', async () => {
    const named = path.join('ci', 'docs-baseline.json');
    const w = await check(['--baseline-write', '--baseline', named], dir);
    assert.equal(w.code, 0);
    assert.match(w.out, /^Baseline written to ci\/docs-baseline\.json: \d+ findings\.$/m);
    const parsed = parseBaseline(readFileSync(path.join(dir, named), 'utf8'));
    assert.ok('baseline' in parsed);
    rmSync(path.join(dir, BASELINE_FILE_NAME));
    assert.equal((await check([], dir)).code, 1, 'without a baseline at the root, every finding counts');
    const r = await check(['--baseline', named], dir);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^Baseline: 0 new, /m);
  });

  it('refuses a bad baseline with a message: broken JSON, another version, an entry outside the site, a file outside the site', async () => {
    const file = path.join(dir, 'bad.json');
    const cases: [string, RegExp][] = [
      ['{"version": 1, "findings": [', /the baseline bad\.json cannot be used: not valid JSON/],
      ['{"version": 7, "findings": []}', /the baseline bad\.json cannot be used: version 7 is not one this Docwright reads \(1\)/],
      [
        JSON.stringify({ version: 1, findings: [{ rule: 'link-broken', file: '../../etc/passwd', fingerprint: '0123456789abcdef' }] }),
        /entry 1 of "findings": the file "\.\.\/\.\.\/etc\/passwd" is outside the site/,
      ],
    ];
    for (const [text, message] of cases) {
      writeFileSync(file, text);
      await assert.rejects(check(['--baseline', 'bad.json'], dir), (e: unknown) => e instanceof BaselineError && message.test(e.message));
    }
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-outside.json`);
    writeFileSync(outside, '{"version": 1, "findings": []}');
    try {
      await assert.rejects(check(['--baseline', outside], dir), (e: unknown) => e instanceof BaselineError && /is outside the site/.test(e.message));
      await assert.rejects(
        check(['--baseline-write', '--baseline', outside], dir),
        (e: unknown) => e instanceof BaselineError && /is outside the site/.test(e.message),
      );
    } finally {
      rmSync(outside, { force: true });
    }
    await assert.rejects(check(['--baseline', 'nothing.json'], dir), (e: unknown) => e instanceof BaselineError && /does not exist/.test(e.message));
    await assert.rejects(
      check(['--baseline-write', '--baseline', 'docs.json'], dir),
      (e: unknown) => e instanceof BaselineError && /not a Docwright baseline/.test(e.message),
    );
    assert.match(readFileSync(path.join(dir, 'docs.json'), 'utf8'), /"navigation"/, 'docs.json left alone');

    // The built CLI: exit 2 and one line saying so, no stack trace; the site's own file is read without --baseline.
    writeFileSync(path.join(dir, BASELINE_FILE_NAME), '{ broken');
    const r = run(['check'], dir);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^docwright: the baseline \.docwright-baseline\.json cannot be used: not valid JSON/);
    assert.doesNotMatch(r.stderr, /internal error|at .*\.js:\d+/);
    assert.equal(r.stdout, '');
    // --baseline-write replaces the broken file (it has the baseline's name).
    const w = run(['check', '--baseline-write'], dir);
    assert.equal(w.code, 0, w.stderr);
    assert.ok('baseline' in parseBaseline(readFileSync(path.join(dir, BASELINE_FILE_NAME), 'utf8')));
  });

  it('never writes through a symbolic link, and refuses to write from a partial check', async () => {
    const target = path.join(dir, 'elsewhere.txt');
    writeFileSync(target, 'keep me');
    rmSync(path.join(dir, BASELINE_FILE_NAME), { force: true });
    symlinkSync(target, path.join(dir, BASELINE_FILE_NAME));
    try {
      const r = run(['check', '--baseline-write'], dir);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /symbolic link/);
      assert.equal(readFileSync(target, 'utf8'), 'keep me');
    } finally {
      rmSync(path.join(dir, BASELINE_FILE_NAME));
    }
    await assert.rejects(check(['p1.mdx', '--baseline-write'], dir), (e: unknown) => e instanceof UsageError && /takes a folder/.test(e.message));
    await assert.rejects(
      check(['--baseline-write', '--changed-since', 'HEAD'], dir),
      (e: unknown) => e instanceof UsageError && /takes a folder/.test(e.message),
    );
    assert.throws(() => parseCheckArgs(['--no-baseline', '--baseline', 'x.json']), /--no-baseline excludes/);
    assert.throws(() => parseCheckArgs(['--baseline-write', '--fix-dry-run']), /exclude each other/);
  });
});

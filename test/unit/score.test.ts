// `docwright score`: the agent-readiness report of an export, run as a user runs the built CLI.
// Needs `npm run build` first (bin/docwright.js loads dist/server.js).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { robotsAllows } from '../../server/src/export/score';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');
const EXAMPLE = path.resolve(__dirname, '../../examples/starter');
const BASE = 'https://docs.example.com/';

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Report {
  criteria: { id: string; status: string; pages: string[]; fix?: string }[];
}

function score(folder: string, cwd: string, extra: string[] = []): { code: number | null; report: Report } {
  const r = run(['score', folder, '--format', 'json', ...extra], cwd);
  assert.ok(r.stdout.trim().startsWith('{'), r.stderr || r.stdout);
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

const failed = (r: Report) =>
  r.criteria
    .filter((c) => c.status === 'fail')
    .map((c) => c.id)
    .sort();

describe('docwright score', () => {
  let dir: string;
  let out: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-score-'));
    out = path.join(dir, 'out');
    const r = run(['export', EXAMPLE, '--out', out, '--base-url', BASE], dir);
    assert.equal(r.code, 0, r.stderr || r.stdout);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('passes every criterion on the exported example site (skill.md, which it has none of, is not applicable)', () => {
    const { code, report } = score(out, dir);
    assert.deepEqual(
      report.criteria.filter((c) => c.status !== 'pass').map((c) => [c.id, c.status]),
      [['skill-md', 'skip']],
    );
    assert.ok(
      report.criteria.some((c) => c.id === 'openapi' && c.status === 'pass'),
      'the example has API pages and its openapi.json',
    );
    assert.equal(code, 0);
    const table = run(['score', out], dir);
    assert.equal(table.code, 0);
    assert.match(table.stdout, /^PASS {2}llms\.txt present/m);
    assert.match(table.stdout, /13\/13 criteria pass/);
  });

  it('exports a site folder first, and says sitemap.xml needs --base-url when none is given', () => {
    const withBase = score(EXAMPLE, dir, ['--base-url', BASE]);
    assert.deepEqual(failed(withBase.report), []);
    assert.equal(withBase.code, 0);
    const without = score(EXAMPLE, dir);
    assert.deepEqual(failed(without.report), ['sitemap-xml']);
    assert.match(without.report.criteria.find((c) => c.id === 'sitemap-xml')!.fix!, /--base-url/);
    assert.equal(without.code, 1);
  });

  it('fails exactly the planted faults: a broken llms.txt link, a page without its Markdown copy, a 500 KB page', () => {
    const planted = path.join(dir, 'planted');
    cpSync(out, planted, { recursive: true });
    appendFileSync(path.join(planted, 'llms.txt'), `- [Gone](${BASE}gone.md): a page that is not there\n`);
    cpSync(path.join(planted, 'quickstart.html'), path.join(planted, 'extra.html'));
    const section = `## Section\n\n${'Plain text of a long reference page. '.repeat(100)}\n\n`;
    writeFileSync(path.join(planted, 'quickstart.md'), `# Quickstart\n\n${section.repeat(Math.ceil(500_000 / section.length))}`);
    const { code, report } = score(planted, dir);
    assert.deepEqual(failed(report), ['llms-txt-links-resolve', 'markdown-url-support', 'page-size-markdown']);
    const at = (id: string) => report.criteria.find((c) => c.id === id)!.pages;
    assert.deepEqual(at('llms-txt-links-resolve'), [
      `llms.txt:${readFileSync(path.join(planted, 'llms.txt'), 'utf8').trimEnd().split('\n').length} ${BASE}gone.md`,
    ]);
    assert.deepEqual(at('markdown-url-support'), ['extra.html']);
    assert.equal(at('page-size-markdown').length, 1);
    assert.match(at('page-size-markdown')[0], /^quickstart\.md \(\d+K characters\)$/);
    assert.equal(code, 1);
  });

  it("exports the site's own skill.md as written, and grades it", () => {
    const site = path.join(dir, 'skill-site');
    cpSync(EXAMPLE, site, { recursive: true });
    const skill =
      '---\nname: acme-notes\ndescription: Create, organise and share notes with the Acme Notes API.\n---\n\n# Acme Notes\n\nCreate a note with POST /notes.\n';
    writeFileSync(path.join(site, 'skill.md'), skill);
    const skillOut = path.join(dir, 'skill-out');
    assert.equal(run(['export', site, '--out', skillOut, '--base-url', BASE], dir).code, 0);
    assert.equal(readFileSync(path.join(skillOut, 'skill.md'), 'utf8'), skill);
    assert.equal(score(skillOut, dir).report.criteria.find((c) => c.id === 'skill-md')!.status, 'pass');
    writeFileSync(path.join(skillOut, 'skill.md'), '# Acme Notes\n');
    const bad = score(skillOut, dir);
    assert.deepEqual(failed(bad.report), ['skill-md']);
  });

  it('copies the OpenAPI file of the API pages into the export, where the score finds it', () => {
    const site = path.join(dir, 'api-site');
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Notes', version: '1.0.0' },
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/notes': { get: { summary: 'List notes', responses: { '200': { description: 'The notes.' } } } } },
    };
    const config = {
      $schema: 'https://mintlify.com/docs.json',
      name: 'Acme',
      theme: 'mint',
      colors: { primary: '#0D6E4F' },
      favicon: '/favicon.svg',
      navigation: { groups: [{ group: 'API', pages: ['introduction', 'api/list-notes'] }] },
    };
    mkdirSync(path.join(site, 'api'), { recursive: true });
    writeFileSync(path.join(site, 'docs.json'), JSON.stringify(config, null, 2));
    writeFileSync(path.join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    writeFileSync(
      path.join(site, 'introduction.mdx'),
      '---\ntitle: "Introduction"\ndescription: "The Acme Notes API."\n---\n\nList your notes with the API.\n',
    );
    writeFileSync(path.join(site, 'api/list-notes.mdx'), '---\ntitle: "List notes"\ndescription: "Every note of the account."\nopenapi: GET /notes\n---\n');
    writeFileSync(path.join(site, 'api/openapi.json'), JSON.stringify(spec, null, 2));
    const apiOut = path.join(dir, 'api-out');
    const r = run(['export', site, '--out', apiOut, '--base-url', BASE], dir);
    assert.equal(r.code, 0, r.stderr || r.stdout);
    assert.deepEqual(JSON.parse(readFileSync(path.join(apiOut, 'api/openapi.json'), 'utf8')), spec);
    const openapi = score(apiOut, dir).report.criteria.find((c) => c.id === 'openapi')!;
    assert.equal(openapi.status, 'pass');
  });

  it('reads robots.txt groups as crawlers do: the group naming the crawler, else *', () => {
    assert.equal(robotsAllows('User-agent: *\nAllow: /\n', 'GPTBot'), true);
    assert.equal(robotsAllows('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', 'GPTBot'), false);
    assert.equal(robotsAllows('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', 'ClaudeBot'), true);
    assert.equal(robotsAllows('User-agent: *\nDisallow: /\n', 'ClaudeBot'), false);
    assert.equal(robotsAllows('User-agent: *\nDisallow: /private/\n', 'ClaudeBot'), true);
  });

  it('refuses a folder that is neither a site nor an export', () => {
    const r = run(['score', dir], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /neither a site folder/);
  });
});

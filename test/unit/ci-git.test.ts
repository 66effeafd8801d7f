// `docwright check` in CI: files or globs and --changed-since (the named or changed files and the files
// whose findings they change), --base (removed pages without redirect, outdated translations) on a git
// repository the test builds commit by commit, and --fix / --fix-dry-run (safe fixes only).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeSiteToDisk } from '../helpers';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { Project } from '../../server/src/project';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { checkSiteFiles, readSiteTexts } from '../../server/src/node/check-run';
import { safeFix } from '../../server/src/features/fix-all';
import { toPosix } from '../../server/src/util/paths';

const FM = (title: string) => `---\ntitle: "${title}"\ndescription: "The ${title.toLowerCase()} page of the test site, for the CI checks."\n---\n\n`;

function config(navigation: unknown, extra: Record<string, unknown> = {}): string {
  return (
    JSON.stringify(
      { $schema: 'https://mintlify.com/docs.json', name: 'Acme', theme: 'mint', colors: { primary: '#0D6E4F' }, favicon: '/favicon.svg', navigation, ...extra },
      null,
      2,
    ) + '\n'
  );
}

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'docwright-ci-git-'));
  dirs.push(d);
  return d;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
  }).trim();
}

function commit(dir: string, message: string): string {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
}

function newRepo(files: Record<string, string>): string {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main');
  writeSiteToDisk(dir, { 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n', ...files });
  return dir;
}

async function check(args: string[], cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCheck(
    parseCheckArgs([...args, '--format', 'json']),
    (s) => out.push(s),
    cwd,
    (s) => err.push(s),
  );
  const findings = JSON.parse(out.join('\n')) as { file: string; ruleId: string; message: string; line: number }[];
  return { code, findings, err: err.join('\n'), where: findings.map((f) => `${f.file} ${f.ruleId}`).sort() };
}

describe('docwright check <paths> and --changed-since', () => {
  const nav = (pages: string[]) => [{ group: 'Start', pages }];
  const base = {
    'docs.json': config(nav(['a', 'b', 'c', 'd', 'e', 'gone', 'quiet'])),
    'a.mdx': FM('A') + '## Setup\n\nSet it up.\n',
    'b.mdx': FM('B') + 'Read [the setup](/a#setup).\n',
    'c.mdx': FM('C') + "import Note from '/snippets/note.mdx';\n\n<Note />\n\nSee [nowhere](/nowhere-c).\n",
    'd.mdx': FM('D') + 'See [nowhere](/nowhere-d).\n',
    'e.mdx': FM('E') + 'See [the old page](/gone).\n',
    'gone.mdx': FM('Gone') + 'Soon gone.\n',
    'quiet.mdx': FM('Quiet') + 'Nothing to say.\n',
    'snippets/note.mdx': 'A note.\n',
  };

  it('reports the changed files and those whose findings they change, from the check model', async () => {
    const dir = newRepo(base);
    const first = commit(dir, 'the site');
    writeSiteToDisk(dir, { 'a.mdx': FM('A') + '## Install\n\nInstall it.\n', 'snippets/note.mdx': 'A note, edited.\n' });
    unlinkSync(path.join(dir, 'gone.mdx'));
    const r = await check(['--changed-since', first], dir);
    // b links to a's renamed heading, c imports the edited snippet, e links to the deleted page, docs.json lists it; d is untouched.
    assert.deepEqual(r.where, [
      'b.mdx link-broken',
      'c.mdx link-broken',
      'docs.json nav-missing-page',
      'docs.json page-removed-without-redirect',
      'e.mdx link-broken',
    ]);
    assert.equal(r.code, 1);
    // A change that touches no page with errors: exit 0, though d (and others) still have errors.
    const second = commit(dir, 'the changes');
    writeSiteToDisk(dir, { 'quiet.mdx': FM('Quiet') + 'Still nothing to say.\n' });
    const quiet = await check(['--changed-since', second], dir);
    assert.deepEqual(quiet.where, []);
    assert.equal(quiet.code, 0);
    assert.equal((await check([], dir)).code, 1);
  });

  it('reports only a named file (and its dependents); the exit code covers only what is reported', async () => {
    const dir = tempDir();
    writeSiteToDisk(dir, { 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n', ...base });
    const quiet = await check(['quiet.mdx'], dir);
    assert.deepEqual(quiet.where, []);
    assert.equal(quiet.code, 0);
    const d = await check(['d.mdx'], dir);
    assert.deepEqual(d.where, ['d.mdx link-broken']);
    assert.equal(d.code, 1);
    const glob = await check(['[cd].mdx'], dir);
    assert.deepEqual(glob.where, ['c.mdx link-broken', 'd.mdx link-broken']);
  });

  it('refuses a ref git cannot read (exit 2, a clear message)', async () => {
    const dir = newRepo(base);
    commit(dir, 'the site');
    const out: string[] = [];
    await assert.rejects(
      runCheck(parseCheckArgs(['--changed-since', 'no-such-ref']), (s) => out.push(s), dir),
      /--changed-since: "no-such-ref" names no commit/,
    );
  });
});

describe('docwright check --base: git-aware checks', () => {
  it('reports a page renamed without redirect or navigation entry, and a translation older than its source', async () => {
    const languages = (en: string[], fr: string[]) => ({
      languages: [
        { language: 'en', default: true, groups: [{ group: 'Start', pages: en }] },
        { language: 'fr', groups: [{ group: 'Début', pages: fr }] },
      ],
    });
    const dir = newRepo({
      'docs.json': config(languages(['en/guide', 'en/other', 'en/old', 'en/keep', 'en/legacy'], ['fr/guide', 'fr/other']), {
        redirects: [{ source: '/en/legacy', destination: '/en/guide' }],
      }),
      'en/guide.mdx': FM('Guide') + 'Version one.\n',
      'en/other.mdx': FM('Other') + 'Version one.\n',
      'en/old.mdx': FM('Old') + 'Old page.\n',
      'en/keep.mdx': FM('Keep') + 'Kept page.\n',
      'en/legacy.mdx': FM('Legacy') + 'Legacy page.\n',
      'fr/guide.mdx': FM('Guide') + 'Version un.\n',
      'fr/other.mdx': FM('Autre') + 'Version un.\n',
    });
    commit(dir, 'the site');
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'nothing yet');
    const base = git(dir, 'rev-parse', 'HEAD');
    writeSiteToDisk(dir, { 'en/guide.mdx': FM('Guide') + 'Version two.\n', 'en/other.mdx': FM('Other') + 'Version two.\n' });
    const source = commit(dir, 'the English pages change');
    writeSiteToDisk(dir, { 'fr/other.mdx': FM('Autre') + 'Version deux.\n' });
    commit(dir, 'one translation follows');
    git(dir, 'mv', 'en/old.mdx', 'en/moved.mdx');
    git(dir, 'mv', 'en/keep.mdx', 'en/kept.mdx');
    git(dir, 'rm', '-q', 'en/legacy.mdx');
    writeSiteToDisk(dir, {
      'docs.json': config(languages(['en/guide', 'en/other', 'en/moved-elsewhere', 'en/kept'], ['fr/guide', 'fr/other']), {
        redirects: [{ source: '/en/legacy', destination: '/en/guide' }],
      }),
    });
    commit(dir, 'renames');
    const r = await check(['--base', base], dir);
    const git_ = r.findings.filter((f) => f.ruleId === 'page-removed-without-redirect' || f.ruleId === 'translation-outdated');
    assert.deepEqual(
      git_.map((f) => `${f.file} ${f.ruleId}`),
      ['en/moved.mdx page-removed-without-redirect', 'fr/guide.mdx translation-outdated'],
    );
    assert.match(git_[1].message, new RegExp(`source page en/guide\\.mdx \\(en\\) changed in commit ${source.slice(0, 12)}`));
  });
});

describe('docwright check --fix', () => {
  const site = {
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    'docs.json': config([{ group: 'Start', pages: ['index', 'broken', 'bare'] }]),
    'index.mdx': FM('Home') + '# Welcome\n\n#### Deep\n\nText with <Cardd title="x">a card</Cardd>.\n',
    'broken.mdx': FM('Broken') + '# Title\n\n<Note>\nunclosed\n',
    'bare.mdx': 'No front matter here.\n',
  };

  it('--fix-dry-run prints the diff and changes nothing; --fix applies only safe fixes, never in a file with a syntax error', async () => {
    const dir = tempDir();
    writeSiteToDisk(dir, site);
    const before = await check([], dir);
    const out: string[] = [];
    assert.equal(
      await runCheck(
        parseCheckArgs(['--fix-dry-run']),
        (s) => out.push(s),
        dir,
        () => undefined,
      ),
      0,
    );
    assert.match(out.join('\n'), /^--- a\/index\.mdx\n\+\+\+ b\/index\.mdx/m);
    assert.match(out.join('\n'), /^-# Welcome\n\+## Welcome/m);
    assert.equal(readFileSync(path.join(dir, 'index.mdx'), 'utf8'), site['index.mdx']);
    const err: string[] = [];
    await runCheck(
      parseCheckArgs(['--fix', '--format', 'json']),
      () => undefined,
      dir,
      (s) => err.push(s),
    );
    assert.equal(readFileSync(path.join(dir, 'broken.mdx'), 'utf8'), site['broken.mdx']);
    assert.match(err.join('\n'), /broken\.mdx has a syntax error: its fixes were not applied/);
    // page-title's fix for a page without front matter leaves a description to write: not safe, the file kept.
    assert.equal(readFileSync(path.join(dir, 'bare.mdx'), 'utf8'), site['bare.mdx']);
    const afterFix = await check([], dir);
    assert.ok(afterFix.findings.length < before.findings.length);
    assertFixed(before.findings, afterFix.findings);
    assert.equal(await safeFixesLeft(dir), 0);
    assert.ok(
      afterFix.findings.some((f) => f.file === 'broken.mdx' && f.ruleId === 'heading-h1'),
      'the file with a syntax error keeps its fixable finding',
    );
  });

  it('on copies of corpus sites (DOCWRIGHT_CORPUS): findings with safe fixes go to 0, the rest are a subset of before', async (t) => {
    const corpus = process.env.DOCWRIGHT_CORPUS;
    if (!corpus) return t.skip('no corpus copies (set DOCWRIGHT_CORPUS to the folder of extracted corpus sites)');
    for (const name of readdirSync(corpus)) {
      const dir = tempDir();
      cpSync(path.join(corpus, name), dir, { recursive: true });
      const before = await check([], dir);
      const err: string[] = [];
      await runCheck(
        parseCheckArgs(['--fix', '--format', 'json']),
        () => undefined,
        dir,
        (s) => err.push(s),
      );
      const afterFix = await check([], dir);
      const left = await safeFixesLeft(dir);
      const refused = err.filter((l) => l.endsWith('was not applied: it adds a finding.')).length;
      await t.test(name, () => {
        assertFixed(before.findings, afterFix.findings);
        // Findings with a safe fix left: none (a fix that would add a finding is refused and named on stderr).
        assert.equal(left, refused, err.join('\n'));
        assert.equal(left, 0, err.join('\n'));
      });
    }
  });
});

const SYNTAX = new Set(['mdx-syntax', 'frontmatter-syntax', 'config-syntax']);

/** Findings that still have a safe fix, outside files with a syntax error (which --fix leaves alone). */
async function safeFixesLeft(dir: string): Promise<number> {
  const project = new Project(new DiskWorkspace(), [toPosix(dir)]);
  await project.scan();
  let n = 0;
  for (const root of project.roots) {
    const site = (await project.site(root))!;
    const { findings } = await checkSiteFiles(site, await readSiteTexts(site, (p) => project.text(p)), { threads: 1 });
    const broken = new Set(findings.filter((f) => SYNTAX.has(f.ruleId)).map((f) => f.path));
    n += findings.filter((f) => safeFix(f) && !broken.has(f.path)).length;
  }
  return n;
}

/** After --fix, every remaining finding was there before (same file, rule and message). */
function assertFixed(before: { file: string; ruleId: string; message: string }[], afterFix: { file: string; ruleId: string; message: string }[]) {
  const key = (f: { file: string; ruleId: string; message: string }) => `${f.file}\0${f.ruleId}\0${f.message}`;
  const was = new Set(before.map(key));
  assert.deepEqual(
    afterFix.filter((f) => !was.has(key(f))),
    [],
    'no new finding',
  );
}

// file-untracked: `docwright check` on git repositories the test builds, where the site uses an image
// .gitignore leaves out, a snippet and a page never added, a logo docs.json names; silence where git
// tracks everything used, outside a repository, before the first commit, and when .docwright.json
// turns the rule off; git asked in a repository whose config names programs runs none of them.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { gitFiles } from '../../server/src/node/git';
import { untrackedFiles } from '../../server/src/rules/site/file-untracked';
import { writeSiteToDisk } from '../helpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'docwright-untracked-'));
  dirs.push(d);
  return d;
}

const ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: ENV }).trim();

const FM = (title: string) => `---\ntitle: "${title}"\ndescription: "The ${title.toLowerCase()} page of the untracked-files test site."\n---\n\n`;

const config = (pages: string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'Acme', colors: { primary: '#0D6E4F' }, favicon: '/favicon.svg', navigation: [{ group: 'Start', pages }], ...extra }, null, 2) + '\n';

/** The site every test starts from: committed in full. */
const SITE: Record<string, string> = {
  'docs.json': config(['index', 'guide']),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  'index.mdx': FM('Home') + '## Start\n\nRead [the guide](/guide).\n',
  'guide.mdx':
    FM('Guide') +
    'import Prerequisites from "/snippets/prerequisites.mdx";\n\n## Setup\n\n<Prerequisites />\n\n<Frame>\n  ![The dashboard with two projects](/images/dashboard.png)\n</Frame>\n',
  'snippets/prerequisites.mdx': 'Install Node 20 or later.\n',
  'images/dashboard.png': 'png',
};

/** A repository holding `committed`, with `after` written on top (not committed); the site in `sub` when given. */
function repo(committed: Record<string, string>, after: Record<string, string> = {}, sub = ''): { top: string; site: string } {
  const top = tempDir();
  git(top, 'init', '-q', '-b', 'main');
  const site = path.join(top, sub);
  writeSiteToDisk(site, committed);
  if (Object.keys(committed).length) {
    git(top, 'add', '-A');
    git(top, 'commit', '-q', '-m', 'site');
  }
  writeSiteToDisk(site, after);
  return { top, site };
}

async function check(dir: string): Promise<{ code: number; found: string[] }> {
  const out: string[] = [];
  const code = await runCheck(
    parseCheckArgs([dir, '--format', 'json']),
    (s) => out.push(s),
    dir,
    () => undefined,
  );
  const all = JSON.parse(out.join('\n')) as { file: string; line: number; ruleId: string; severity: string; message: string }[];
  return { code, found: all.map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.severity}: ${f.message}`) };
}

describe('file-untracked in docwright check', () => {
  it('reports an image .gitignore leaves out, where a page embeds it', async () => {
    const { site } = repo(SITE, { '.gitignore': 'images/dashboard.png\n' });
    git(site, 'rm', '-q', '--cached', 'images/dashboard.png');
    const { found, code } = await check(site);
    assert.deepEqual(found, [
      'guide.mdx:13 file-untracked warning: The image "/images/dashboard.png" names "images/dashboard.png", which git ignores (.gitignore or another exclude file): it is not in the repository, so the published site will not have it.',
    ]);
    assert.equal(code, 0);
  });

  it('reports a snippet and a page never added, where an import and the navigation use them, and a logo docs.json names', async () => {
    const committed = { ...SITE };
    delete committed['snippets/prerequisites.mdx'];
    const { site } = repo(committed, {
      'snippets/prerequisites.mdx': SITE['snippets/prerequisites.mdx'],
      'docs.json': config(['index', 'guide', 'faq'], { logo: '/logo.svg' }),
      'faq.mdx': FM('FAQ') + '## Questions\n\nAsk.\n',
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    });
    const { found } = await check(site);
    assert.deepEqual(found, [
      'docs.json:13 file-untracked warning: The navigation entry "faq" names "faq.mdx", which git does not track: commit it (git add "faq.mdx"), or the published site will not have it.',
      'docs.json:17 file-untracked warning: "/logo.svg" names "logo.svg", which git does not track: commit it (git add "logo.svg"), or the published site will not have it.',
      'guide.mdx:6 file-untracked warning: The import "/snippets/prerequisites.mdx" names "snippets/prerequisites.mdx", which git does not track: commit it (git add "snippets/prerequisites.mdx"), or the published site will not have it.',
    ]);
  });

  it('finds the site in a folder of the repository, and a page a link leads to', async () => {
    const { site } = repo({ 'README.md': '# Repo\n' }, SITE, 'docs');
    git(path.dirname(site), 'add', 'docs/docs.json', 'docs/favicon.svg', 'docs/index.mdx', 'docs/snippets', 'docs/images');
    const { found } = await check(site);
    assert.deepEqual(
      found.map((f) => f.replace(/, which.*/, '')),
      [
        'docs.json:12 file-untracked warning: The navigation entry "guide" names "guide.mdx"',
        'index.mdx:8 file-untracked warning: The link "/guide" names "guide.mdx"',
      ],
    );
  });

  it('says nothing when git tracks every file the site uses, even with other files untracked or ignored', async () => {
    const { site } = repo(SITE, { '.gitignore': 'drafts/\n', 'drafts/idea.txt': 'Later.\n', 'notes.txt': 'mine\n' });
    assert.deepEqual((await check(site)).found, []);
  });

  it('says nothing outside a git repository, and before anything of the site is committed', async () => {
    const plain = tempDir();
    writeSiteToDisk(plain, SITE);
    assert.deepEqual((await check(plain)).found, []);
    const { site } = repo({}, SITE);
    assert.deepEqual((await check(site)).found, []);
  });

  it('says nothing when .docwright.json turns the rule off', async () => {
    const { site } = repo(SITE, { '.gitignore': 'images/\n' });
    git(site, 'rm', '-q', '--cached', 'images/dashboard.png');
    assert.equal((await check(site)).found.length, 1);
    writeFileSync(path.join(site, '.docwright.json'), JSON.stringify({ rules: { 'file-untracked': 'off' } }));
    assert.deepEqual((await check(site)).found, []);
  });
});

describe('what git tracks', () => {
  it('lists the tracked files of a folder, says which others it ignores, and counts a file under a tracked link as tracked', async () => {
    const { site } = repo({ ...SITE, '.gitignore': '*.log\n' }, { 'debug.log': 'x', 'new.mdx': 'y' }, 'docs');
    const files = (await gitFiles(site))!;
    assert.ok(files.tracked.has('guide.mdx') && files.tracked.has('images/dashboard.png') && !files.tracked.has('new.mdx'));
    assert.deepEqual([...(await files.ignored(['debug.log', 'new.mdx']))], ['debug.log']);
    assert.deepEqual([...(await files.ignored(['new.mdx']))], []);
    assert.deepEqual(untrackedFiles({ files: new Set(['shared/a.png', 'own.png', 'b.png']) }, new Set(['shared', 'b.png'])), ['own.png']);
    assert.deepEqual(untrackedFiles({ files: new Set(['a.png']) }, new Set()), []);
    assert.equal(await gitFiles(tempDir()), undefined);
  });

  it('runs no program the repository config names (fsmonitor, hooks, pagers, filters)', async () => {
    const { site } = repo({ ...SITE, '.gitattributes': '* filter=evil\n' }, { 'new.png': 'x', '.gitignore': 'new.png\n' });
    const marks = tempDir();
    const program = (key: string) => {
      const file = path.join(marks, `${key}.sh`);
      writeFileSync(file, `#!/bin/sh\ntouch '${path.join(marks, key)}'\ncat\n`);
      chmodSync(file, 0o755);
      return file;
    };
    appendFileSync(
      path.join(site, '.git/config'),
      [
        `[core]\n\tfsmonitor = ${program('fsmonitor')}\n\thooksPath = ${marks}`,
        `[pager]\n\tls-files = ${program('pager-ls-files')}\n\tcheck-ignore = ${program('pager-check-ignore')}`,
        `[filter "evil"]\n\tclean = ${program('clean')}\n\tprocess = ${program('process')}\n\trequired = true`,
      ].join('\n') + '\n',
    );
    const files = (await gitFiles(site))!;
    assert.deepEqual([...(await files.ignored(['new.png']))], ['new.png']);
    await check(site);
    assert.deepEqual(
      readdirSync(marks).filter((f) => !f.endsWith('.sh')),
      [],
    );
  });
});

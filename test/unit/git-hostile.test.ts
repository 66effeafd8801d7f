// A checked repository's own git config runs nothing: `docwright check --changed-since/--base` over a
// checkout whose .git/config (and an included file, and .gitattributes) names a program under every key
// git would run one from. Each program leaves a mark; no mark may appear.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { gitChanges, isAncestor, lastChange } from '../../server/src/node/git';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: ENV }).trim();

const FM = (title: string) => `---\ntitle: "${title}"\ndescription: "The ${title.toLowerCase()} page of the hostile repository test."\n---\n\n`;

/** Every key under which git runs a program; `KEY` in a value becomes the program's mark name. */
const HOSTILE_KEYS = [
  'core.fsmonitor',
  'core.pager',
  'core.editor',
  'core.askPass',
  'core.sshCommand',
  'diff.external',
  'gpg.program',
  'sequence.editor',
  'credential.helper',
  'pager.diff',
  'pager.status',
  'pager.log',
  'pager.ls-files',
  'filter.evil.clean',
  'filter.evil.smudge',
  'filter.evil.process',
  'diff.evil.textconv',
  'diff.evil.command',
  'merge.evil.driver',
  'alias.diff',
  'alias.status',
];

/** A repository with a site, two commits, pending changes, and a config that would run `mark` from each key. */
function hostileRepo(): { dir: string; marks: string; base: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'docwright-git-hostile-'));
  const marks = mkdtempSync(path.join(tmpdir(), 'docwright-git-marks-'));
  dirs.push(dir, marks);
  git(dir, 'init', '-q', '-b', 'main');
  const languages = {
    languages: [
      { language: 'en', default: true, groups: [{ group: 'Start', pages: ['en/guide'] }] },
      { language: 'fr', groups: [{ group: 'Début', pages: ['fr/guide'] }] },
    ],
  };
  const files: Record<string, string> = {
    'docs.json':
      JSON.stringify(
        {
          $schema: 'https://mintlify.com/docs.json',
          name: 'Acme',
          theme: 'mint',
          colors: { primary: '#0D6E4F' },
          favicon: '/favicon.svg',
          navigation: languages,
        },
        null,
        2,
      ) + '\n',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    'en/guide.mdx': FM('Guide') + 'Version one.\n',
    'fr/guide.mdx': FM('Guide') + 'Version un.\n',
    '.gitattributes': '* filter=evil diff=evil merge=evil\n*.mdx filter=other\n',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'the site');
  const base = git(dir, 'rev-parse', 'HEAD');
  writeFileSync(path.join(dir, 'en/guide.mdx'), FM('Guide') + 'Version two, longer.\n');
  git(dir, 'commit', '-qam', 'the source changes');
  // Pending work: a modified tracked file, an untracked one.
  writeFileSync(path.join(dir, 'fr/guide.mdx'), FM('Guide') + 'Version deux, plus longue.\n');
  writeFileSync(path.join(dir, 'en/new.mdx'), FM('New') + 'New.\n');

  // The programs: each writes its key's mark, then does what git expects of it (pass the text through).
  const program = (key: string) => {
    const file = path.join(marks, `run-${key.replace(/[^a-z]/gi, '_')}.sh`);
    const passThrough = /\.(clean|smudge)$/.test(key) ? 'cat' : 'exit 0';
    writeFileSync(file, `#!/bin/sh\ntouch '${path.join(marks, key)}'\n${passThrough}\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const hooks = path.join(marks, 'hooks');
  mkdirSync(hooks);
  for (const hook of ['post-index-change', 'pre-commit', 'post-checkout', 'reference-transaction', 'fsmonitor-watchman']) {
    writeFileSync(path.join(hooks, hook), `#!/bin/sh\ntouch '${path.join(marks, `hook-${hook}`)}'\n`);
    chmodSync(path.join(hooks, hook), 0o755);
  }
  const lines: string[] = [];
  for (const key of HOSTILE_KEYS) {
    const [section, ...rest] = key.split('.');
    const name = rest.pop()!;
    const sub = rest.length ? ` "${rest.join('.')}"` : '';
    const value = section === 'alias' ? `!${program(key)}` : program(key);
    lines.push(`[${section}${sub}]\n\t${name} = ${value}`);
  }
  lines.push(`[core]\n\thooksPath = ${hooks}`, '[log]\n\tshowSignature = true', '[filter "evil"]\n\trequired = true');
  // The same again through an included file, under another driver name.
  const included = path.join(marks, 'included-config');
  writeFileSync(included, `[filter "other"]\n\tclean = ${program('filter.other.clean')}\n[core]\n\tfsmonitor = ${program('included.core.fsmonitor')}\n`);
  lines.push(`[include]\n\tpath = ${included}`);
  appendFileSync(path.join(dir, '.git/config'), lines.join('\n') + '\n');
  return { dir, marks, base };
}

const marksIn = (marks: string) => readdirSync(marks).filter((f) => !f.endsWith('.sh') && f !== 'hooks' && f !== 'included-config');

describe('git runs no program from the checked repository', () => {
  it('the config would run programs through plain git (the test is live)', () => {
    const { dir, marks } = hostileRepo();
    spawnSync('git', ['status', '--porcelain'], { cwd: dir, env: ENV });
    assert.ok(marksIn(marks).length > 0, 'git itself ran none of the programs: the hostile config tests nothing');
  });

  it('reading changes, last commits and ancestry runs none of them', async () => {
    const { dir, marks, base } = hostileRepo();
    const changes = await gitChanges(dir, base);
    assert.deepEqual(changes.changes.map((c) => `${c.status} ${path.relative(dir, c.path)}`).sort(), [
      'added en/new.mdx',
      'modified en/guide.mdx',
      'modified fr/guide.mdx',
    ]);
    const last = await lastChange(changes.top, path.join(dir, 'en/guide.mdx'));
    assert.equal(last.dirty, false);
    assert.ok(last.commit && (await isAncestor(changes.top, base, last.commit)));
    assert.equal(await isAncestor(changes.top, '--help', last.commit), false);
    assert.deepEqual(marksIn(marks), []);
  });

  it('docwright check --changed-since and --base run none of them', async () => {
    const { dir, marks, base } = hostileRepo();
    for (const args of [
      ['--changed-since', base],
      ['--base', base],
    ]) {
      const out: string[] = [];
      await runCheck(
        parseCheckArgs([...args, '--format', 'json']),
        (s) => out.push(s),
        dir,
        () => {},
      );
      assert.ok(Array.isArray(JSON.parse(out.join('\n'))));
    }
    assert.deepEqual(marksIn(marks), []);
  });
});

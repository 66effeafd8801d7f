// Symbolic links in a site: the listing (cycles end, linked folders outside the site are not
// walked, linked files are listed), reading (a link out of the site is not read), the export (a
// site file that leads outside the site is reported and never copied; a link inside the site is
// copied as a file), the output folder reached through links (the site and the folders above it are
// still refused) and links waiting in an earlier output (never followed by the next export).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeSiteToDisk } from '../helpers';
import { exportSite, type ExportRun } from '../export-helpers';
import { exportSite as exportAll } from '../../server/src/export/export';
import { projectExportSource } from '../../server/src/export/source';
import { DiskWorkspace, MAX_LINKED_FOLDERS } from '../../server/src/node/disk-workspace';
import { DiskExportWriter, EXPORT_MARKER, exportToFolder, readStaticAssets } from '../../server/src/node/export-disk';
import { Project } from '../../server/src/project';
import { exampleSite, minimalConfig, page } from '../../server/src/rules/examples';
import { toPosix } from '../../server/src/util/paths';

/** The text of the files outside the site: it must never reach an export. */
const SECRET = 'LEAKED-SECRET-4d1c9b';
/** Listings must end well before this (a cycle would not). */
const TIMEOUT = { timeout: 30_000 };

type Run = ExportRun;

/** Every entry below `dir` (relative, `/`), with what it is: never following a link. */
function entriesIn(dir: string): { rel: string; kind: 'file' | 'folder' | 'link' }[] {
  const out: { rel: string; kind: 'file' | 'folder' | 'link' }[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      const stat = lstatSync(p);
      const rel = path.relative(dir, p).split(path.sep).join('/');
      if (stat.isSymbolicLink()) out.push({ rel, kind: 'link' });
      else if (stat.isDirectory()) {
        out.push({ rel, kind: 'folder' });
        walk(p);
      } else out.push({ rel, kind: 'file' });
    }
  };
  walk(dir);
  return out;
}

/** The files below `dir` whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  return entriesIn(dir)
    .filter((e) => e.kind === 'file' && readFileSync(path.join(dir, e.rel)).includes(text))
    .map((e) => e.rel);
}

/** A listing, relative to `root`. */
async function listed(root: string): Promise<string[]> {
  const files = await new DiskWorkspace().listFiles(root);
  const base = toPosix(root);
  for (const f of files) assert.ok(f.startsWith(`${base}/`), f);
  return files.map((f) => f.slice(base.length + 1));
}

function link(target: string, at: string): void {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(target, at);
}

let tmp: string;
before(() => {
  // Real path: on some systems the temporary folder is itself reached through a link.
  tmp = realpathSync(mkdtempSync(path.join(tmpdir(), 'docwright-symlinks-')));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** A folder outside every site, holding the secret (a page, an image and a folder of them). */
function outsideFolder(name: string): string {
  const dir = path.join(tmp, name);
  writeSiteToDisk(dir, { 'secret.mdx': `---\ntitle: Secret\n---\n\n${SECRET}\n`, 'secret.png': SECRET, 'deep/more.png': SECRET });
  return dir;
}

describe('listing a site with symbolic links', () => {
  it('ends on cycles of links, listing each real file once per path that reaches it', TIMEOUT, async () => {
    const site = path.join(tmp, 'cycles');
    writeSiteToDisk(site, { 'docs.json': '{}', 'a/page.mdx': 'A', 'm/x/f.mdx': 'F', 'm/y/g.mdx': 'G' });
    link('..', path.join(site, 'a/loop'));
    link('../..', path.join(site, 'b/c/up'));
    link('.', path.join(site, 'b/c/self'));
    link(site, path.join(site, 'b/absolute-root'));
    // Two folders that link to each other.
    link('../y', path.join(site, 'm/x/to-y'));
    link('../x', path.join(site, 'm/y/to-x'));
    assert.deepEqual(await listed(site), ['a/page.mdx', 'docs.json', 'm/x/f.mdx', 'm/x/to-y/g.mdx', 'm/y/g.mdx', 'm/y/to-x/f.mdx']);
  });

  it('does not walk a linked folder whose real path is outside the site folder', TIMEOUT, async () => {
    const outside = outsideFolder('outside-listing');
    const repo = path.join(tmp, 'repo-listing');
    const site = path.join(repo, 'docs');
    writeSiteToDisk(repo, { 'docs/docs.json': '{}', 'docs/index.mdx': 'Home', 'shared/snippets/note.mdx': 'Note', 'README.md': 'Repo' });
    link(outside, path.join(site, 'leak'));
    link('../../outside-listing/deep', path.join(site, 'images/deep'));
    link('/', path.join(site, 'filesystem-root'));
    link('..', path.join(site, 'repo'));
    // Elsewhere in the repository, but outside the site folder: skipped too.
    link('../shared/snippets', path.join(site, 'snippets'));
    const siteFiles = ['docs.json', 'index.mdx'];
    assert.deepEqual(await listed(site), siteFiles);
    // Listed from the repository (as the editor lists a workspace folder), the site has the same
    // files: the bound is the site folder, not the folder being listed. Outside any site, a link
    // inside the listed folder is walked.
    link('shared', path.join(repo, 'alias'));
    assert.deepEqual(await listed(repo), ['README.md', 'alias/snippets/note.mdx', ...siteFiles.map((f) => `docs/${f}`), 'shared/snippets/note.mdx']);
  });

  it('walks a linked folder inside the site and lists linked files; skips dangling links and devices', TIMEOUT, async () => {
    const outside = outsideFolder('outside-files');
    const site = path.join(tmp, 'inside');
    writeSiteToDisk(site, { 'docs.json': '{}', 'common/snippets/note.mdx': 'Note', 'assets/logo.png': 'LOGO' });
    link('common/snippets', path.join(site, 'snippets'));
    link('../assets/logo.png', path.join(site, 'images/ok.png'));
    link(path.join(outside, 'secret.png'), path.join(site, 'images/leak.png'));
    link('../nowhere.png', path.join(site, 'images/dangling.png'));
    link('missing-folder', path.join(site, 'dangling-folder'));
    if (existsSync('/dev/null')) link('/dev/null', path.join(site, 'images/device.png'));
    // A link to a link to a folder of the site.
    link('snippets', path.join(site, 'more-snippets'));
    assert.deepEqual(await listed(site), [
      'assets/logo.png',
      'common/snippets/note.mdx',
      'docs.json',
      'images/leak.png',
      'images/ok.png',
      'more-snippets/note.mdx',
      'snippets/note.mdx',
    ]);
  });

  it(`walks at most ${MAX_LINKED_FOLDERS} folders through links when they fan out`, TIMEOUT, async () => {
    // d0/{a,b} -> d1, d1/{a,b} -> d2, ...: 2^14 paths reach d14.
    const site = path.join(tmp, 'fan-out');
    const files: Record<string, string> = { 'docs.json': '{}' };
    const levels = 14;
    for (let i = 0; i <= levels; i++) files[`d${i}/f.md`] = `${i}`;
    writeSiteToDisk(site, files);
    for (let i = 0; i < levels; i++) for (const n of ['a', 'b']) link(`../d${i + 1}`, path.join(site, `d${i}`, n));
    const all = await listed(site);
    // Every real file is listed at its own path; through links, at most one file per linked folder.
    for (let i = 0; i <= levels; i++) assert.ok(all.includes(`d${i}/f.md`), `d${i}/f.md`);
    assert.ok(all.length > 1000 && all.length <= MAX_LINKED_FOLDERS + levels + 2, `${all.length} files`);
  });
});

describe('reading files that are symbolic links', () => {
  it('reads a link inside the site, and not a link out of it (from the disk or an open editor)', async () => {
    const outside = outsideFolder('outside-read');
    const site = path.join(tmp, 'read');
    writeSiteToDisk(site, { 'docs.json': '{}', 'real.mdx': 'Real text', 'folder/x.md': 'X' });
    link('real.mdx', path.join(site, 'alias.mdx'));
    link(path.join(outside, 'secret.mdx'), path.join(site, 'leak.mdx'));
    link('../outside-read', path.join(site, 'leak-folder'));
    const ws = new DiskWorkspace();
    const at = (rel: string) => toPosix(path.join(site, rel));
    assert.equal(await ws.readFile(at('real.mdx')), 'Real text');
    assert.equal(await ws.readFile(at('alias.mdx')), 'Real text');
    assert.equal(await ws.readFile(at('leak.mdx')), undefined);
    assert.equal(await ws.readFile(at('folder')), undefined);
    assert.equal(await ws.readFile(at('missing.mdx')), undefined);
    const open = new DiskWorkspace((p) => (p === at('leak.mdx') || p === at('alias.mdx') ? `${SECRET} in the editor` : undefined));
    assert.equal(await open.readFile(at('leak.mdx')), undefined);
    assert.equal(await open.readFile(at('alias.mdx')), `${SECRET} in the editor`);
  });
});

describe('exporting a site with symbolic links', () => {
  let outside: string;
  let site: string;
  let out: string;
  let run: Run;
  before(async () => {
    outside = outsideFolder('outside-export');
    site = path.join(tmp, 'export-repo', 'site');
    const intro = `${page('Introduction')}\nimport Note from "/snippets/note.mdx";\n\n<Note />\n\n![Logo](/images/ok.png)\n\n![Leak](/images/leak.png)\n`;
    writeSiteToDisk(site, {
      ...exampleSite(minimalConfig(['introduction', 'guide', 'more']), ['more']),
      'introduction.mdx': intro,
      'common/snippets/note.mdx': 'Shared note text.\n',
      'assets/logo.png': 'LOGO-BYTES',
    });
    link('common/snippets', path.join(site, 'snippets'));
    link('../assets/logo.png', path.join(site, 'images/ok.png'));
    link(path.join(outside, 'secret.png'), path.join(site, 'images/leak.png'));
    // A page of the navigation that is a link out of the site.
    link('../../outside-export/secret.mdx', path.join(site, 'guide.mdx'));
    link('../../outside-export', path.join(site, 'shared'));
    link('..', path.join(site, 'a/loop'));
    out = path.join(tmp, 'export-out');
    run = await exportSite({ dir: site, out });
  });

  it('exports, reporting the site file that leads outside the site as an error', () => {
    assert.equal(run.code, 0, run.err.join('\n'));
    const text = run.out.join('\n');
    assert.match(
      text,
      /images\/leak\.png +error +Site file images\/leak\.png leads outside the site folder \(a symbolic link to .*secret\.png\): it is not copied/,
    );
    // The page that is a link out of the site is never read (DiskWorkspace.readFile refuses it): it
    // is reported, and written empty so the links to it lead somewhere.
    assert.match(
      text,
      /guide\.mdx +error +guide\.mdx could not be read \(removed, or a symbolic link that leads outside the site\): exported as an empty page\./,
    );
    assert.match(text, /Exported \d+ pages .*: 2 errors, 0 warnings\./);
    assert.ok(existsSync(path.join(out, 'guide.html')));
  });

  it('writes nothing of the files outside the site into the output', () => {
    assert.deepEqual(filesContaining(out, SECRET), []);
    assert.ok(!existsSync(path.join(out, 'images/leak.png')));
    assert.deepEqual(
      entriesIn(out).filter((e) => /^(shared|a)\//.test(e.rel) || e.rel.includes('loop')),
      [],
    );
  });

  it('copies a link inside the site as a file, and renders a snippet reached through a linked folder', () => {
    assert.deepEqual(
      entriesIn(out).filter((e) => e.kind === 'link'),
      [],
    );
    assert.equal(readFileSync(path.join(out, 'images/ok.png'), 'utf8'), 'LOGO-BYTES');
    assert.match(readFileSync(path.join(out, 'introduction.html'), 'utf8'), /Shared note text\./);
  });

  it('with --strict, the error keeps the previous output', async () => {
    const before = entriesIn(out).map((e) => [e.rel, e.kind === 'file' ? readFileSync(path.join(out, e.rel), 'utf8') : e.kind]);
    const r = await exportSite({ dir: site, out, strict: true });
    assert.equal(r.code, 1);
    assert.match(r.out.join('\n'), /Not exported: --strict and 2 errors/);
    assert.deepEqual(
      entriesIn(out).map((e) => [e.rel, e.kind === 'file' ? readFileSync(path.join(out, e.rel), 'utf8') : e.kind]),
      before,
    );
  });

  it('refuses to copy a file reached through a folder linked out of the site after the scan (as the file watcher reports it)', async () => {
    const late = path.join(tmp, 'late');
    writeSiteToDisk(late, { ...exampleSite(minimalConfig(['introduction']), []), 'introduction.mdx': `${page('Introduction')}\n![Secret](/ext/secret.png)\n` });
    const project = new Project(new DiskWorkspace(), [toPosix(late)]);
    await project.scan();
    link(outside, path.join(late, 'ext'));
    project.filesChanged([toPosix(path.join(late, 'ext/secret.png'))], []);
    const source = (await projectExportSource(project, project.roots[0]))!;
    assert.ok(source.files.has('ext/secret.png'));
    const assets = await readStaticAssets();
    const lateOut = path.join(tmp, 'late-out');
    const result = await exportToFolder(late, lateOut, (writer) => exportAll(source, writer, { assets }));
    assert.deepEqual(
      result.report.problems.map((p) => [p.file, p.message.replace(/link to [^)]*\)/, 'link to …)')]),
      [
        [
          'ext/secret.png',
          'Site file ext/secret.png leads outside the site folder (a symbolic link to …): it is not copied (the export holds only files of the site; copy the file into the site folder instead).',
        ],
      ],
    );
    assert.deepEqual(filesContaining(lateOut, SECRET), []);
    assert.ok(!existsSync(path.join(lateOut, 'ext')));
  });

  it('the disk writer reports, and does not copy, a link out of the site or to nothing', async () => {
    const dir = path.join(tmp, 'writer');
    writeSiteToDisk(dir, { 'site/docs.json': '{}', 'site/inside.png': 'INSIDE' });
    link(path.join(outside, 'secret.png'), path.join(dir, 'site/leak.png'));
    link('inside.png', path.join(dir, 'site/alias.png'));
    link('gone.png', path.join(dir, 'site/dangling.png'));
    mkdirSync(path.join(dir, 'out'));
    const w = new DiskExportWriter(path.join(dir, 'out'), path.join(dir, 'site'));
    for (const f of ['leak.png', 'alias.png', 'dangling.png']) await w.copy(`images/${f}`, f);
    await w.flush();
    assert.deepEqual(
      w.problems.map((p) => p.file),
      ['leak.png', 'dangling.png'],
    );
    assert.match(w.problems[1].message, /could not be read/);
    assert.deepEqual(entriesIn(path.join(dir, 'out')), [
      { rel: 'images', kind: 'folder' },
      { rel: 'images/alias.png', kind: 'file' },
    ]);
    assert.equal(readFileSync(path.join(dir, 'out/images/alias.png'), 'utf8'), 'INSIDE');
  });
});

describe('an output folder reached through symbolic links', () => {
  let repo: string;
  let site: string;
  let siteBefore: ReturnType<typeof entriesIn>;
  before(() => {
    repo = path.join(tmp, 'out-repo');
    site = path.join(repo, 'docs');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction', 'guides/setup']), ['introduction', 'guides/setup']));
    link('..', path.join(site, 'up'));
    link(site, path.join(tmp, 'site-alias'));
    link(repo, path.join(tmp, 'repo-alias'));
    siteBefore = entriesIn(repo);
  });

  it('refuses the site folder and the folders above it, named through a link', async () => {
    const refused = [
      path.join(tmp, 'site-alias'), // -> the site
      path.join(tmp, 'repo-alias'), // -> the folder above it
      path.join(tmp, 'repo-alias', 'docs'), // the site, through a linked parent
      path.join(site, 'up'), // a link inside the site to the folder above it
      path.join(site, 'up', 'docs'), // the site again
    ];
    for (const out of refused) {
      const r = await exportSite({ dir: site, out });
      assert.equal(r.code, 2, out);
      assert.match(r.err.join('\n'), /is the site folder or a folder above it/, out);
    }
    // The site named through a link, the output by its real path.
    const r = await exportSite({ dir: path.join(tmp, 'site-alias'), out: site });
    assert.equal(r.code, 2);
    assert.match(r.err.join('\n'), /is the site folder or a folder above it/);
    assert.deepEqual(entriesIn(repo), siteBefore);
    assert.deepEqual(
      readdirSync(tmp).filter((f) => f.includes('docwright-tmp')),
      [],
    );
  });

  it('refuses an output that is a link to nothing', async () => {
    const out = path.join(tmp, 'dangling-out');
    link(path.join(tmp, 'no-such-folder'), out);
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 2);
    assert.match(r.err.join('\n'), /is a symbolic link that leads nowhere/);
    assert.ok(!existsSync(path.join(tmp, 'no-such-folder')));
  });

  it('replaces a link to an earlier export with the new export, leaving the folder it led to as it was', async () => {
    const earlier = path.join(tmp, 'earlier-export');
    writeSiteToDisk(earlier, { [EXPORT_MARKER]: '', 'index.html': 'EARLIER' });
    const out = path.join(tmp, 'linked-out');
    link(earlier, out);
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, r.err.join('\n'));
    assert.ok(!lstatSync(out).isSymbolicLink());
    assert.ok(existsSync(path.join(out, 'guides/setup.html')));
    assert.deepEqual(readdirSync(earlier).sort(), [EXPORT_MARKER, 'index.html']);
    assert.equal(readFileSync(path.join(earlier, 'index.html'), 'utf8'), 'EARLIER');
  });

  it('never writes through links left in an earlier output', async () => {
    const out = path.join(tmp, 'planted-out');
    assert.equal((await exportSite({ dir: site, out })).code, 0);
    // Links planted in the earlier output: a page and a folder of pages lead elsewhere.
    const victim = path.join(tmp, 'victim');
    writeSiteToDisk(victim, { 'index.html': 'VICTIM', 'guides/keep.txt': 'KEEP' });
    unlinkSync(path.join(out, 'index.html'));
    symlinkSync(path.join(victim, 'index.html'), path.join(out, 'index.html'));
    rmSync(path.join(out, 'guides'), { recursive: true });
    symlinkSync(path.join(victim, 'guides'), path.join(out, 'guides'));
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, r.err.join('\n'));
    assert.deepEqual(entriesIn(victim), [
      { rel: 'guides', kind: 'folder' },
      { rel: 'guides/keep.txt', kind: 'file' },
      { rel: 'index.html', kind: 'file' },
    ]);
    assert.equal(readFileSync(path.join(victim, 'index.html'), 'utf8'), 'VICTIM');
    assert.deepEqual(
      entriesIn(out).filter((e) => e.kind === 'link'),
      [],
    );
    assert.match(readFileSync(path.join(out, 'index.html'), 'utf8'), /<html/);
    assert.ok(lstatSync(path.join(out, 'guides/setup.html')).isFile());
  });
});

describe('the CLI never writes through a symbolic link', () => {
  const BIN = path.resolve(__dirname, '../../bin/docwright.js');
  const cli = (args: string[], cwd: string) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  /** Every entry below `dir` with its bytes: compared before and after a command. */
  const snapshot = (dir: string) => entriesIn(dir).map((e) => [e.rel, e.kind, e.kind === 'file' ? readFileSync(path.join(dir, e.rel), 'utf8') : '']);
  let n = 0;
  /** A repository holding a site, and a folder outside it (with one file) that nothing may touch. */
  function setup(): { repo: string; site: string; outside: string } {
    const base = path.join(tmp, `writers-${n++}`);
    const repo = path.join(base, 'repo');
    const site = path.join(repo, 'docs');
    writeSiteToDisk(site, exampleSite(minimalConfig(['introduction', 'guides/setup']), ['introduction', 'guides/setup']));
    mkdirSync(path.join(repo, '.git'));
    const outside = path.join(base, 'outside');
    writeSiteToDisk(outside, { bashrc: 'export PATH=/usr/bin\n', 'old/page.mdx': `${page('Old')}` });
    return { repo, site, outside };
  }
  const refused = (r: { code: number | null; stdout: string; stderr: string }, what: RegExp) => {
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, what);
    assert.match(r.stderr, /symbolic link/);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
  };

  it('rules: a committed .cursor linked to a folder outside gets nothing written into it', () => {
    const { site, outside } = setup();
    link(outside, path.join(site, '.cursor'));
    const before = snapshot(outside);
    refused(cli(['rules', site], tmp), /\.cursor/);
    refused(cli(['rules', site, '--force'], tmp), /\.cursor/);
    assert.deepEqual(snapshot(outside), before);
  });

  it('rules --force: AGENTS.md linked to a file outside is not replaced, nor is its target', () => {
    const { site, outside } = setup();
    link(path.join(outside, 'bashrc'), path.join(site, 'AGENTS.md'));
    const before = snapshot(outside);
    refused(cli(['rules', site, '--target', 'agents', '--force'], tmp), /AGENTS\.md is a symbolic link/);
    assert.deepEqual(snapshot(outside), before);
    assert.ok(lstatSync(path.join(site, 'AGENTS.md')).isSymbolicLink());
  });

  it('rules --target copilot: a .github linked out of the repository gets nothing', () => {
    const { repo, site, outside } = setup();
    link(outside, path.join(repo, '.github'));
    const before = snapshot(outside);
    refused(cli(['rules', site, '--target', 'copilot'], tmp), /\.github/);
    assert.deepEqual(snapshot(outside), before);
  });

  it('check --cache: a committed node_modules link gets no cache written through it', () => {
    const { site, outside } = setup();
    link(outside, path.join(site, 'node_modules'));
    const before = snapshot(outside);
    const r = cli(['check', site, '--cache'], tmp);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /the check cache could not be written .*node_modules.* is a symbolic link/);
    assert.deepEqual(snapshot(outside), before);
  });

  it('mv: never moves out of, into or through a folder linked out of the site', () => {
    const { site, outside } = setup();
    link(outside, path.join(site, 'linked'));
    const [outBefore, siteBefore] = [snapshot(outside), snapshot(site)];
    refused(cli(['mv', 'introduction.mdx', 'linked/introduction.mdx'], site), /linked/);
    refused(cli(['mv', 'linked/old/page.mdx', 'page.mdx'], site), /linked/);
    refused(cli(['mv', 'linked/old', 'old'], site), /linked/);
    refused(cli(['mv', 'guides', 'linked/guides'], site), /linked/);
    assert.deepEqual(snapshot(outside), outBefore);
    assert.deepEqual(snapshot(site), siteBefore);
  });

  it('export: an output folder below a folder of the site linked outside is refused', () => {
    const { site, outside } = setup();
    link(outside, path.join(site, 'build'));
    const before = snapshot(outside);
    refused(cli(['export', site, '--out', path.join(site, 'build', 'site')], tmp), /build/);
    assert.deepEqual(snapshot(outside), before);
  });

  it('migrate --write: a docs.json that is a link is not written through', () => {
    const { site, outside } = setup();
    rmSync(path.join(site, 'docs.json'));
    writeFileSync(path.join(site, 'mint.json'), JSON.stringify(minimalConfig(['introduction', 'guides/setup'])));
    link(path.join(outside, 'new.json'), path.join(site, 'docs.json'));
    const before = snapshot(outside);
    refused(cli(['migrate', site, '--write'], tmp), /docs\.json is a symbolic link/);
    assert.deepEqual(snapshot(outside), before);
  });

  it('init: a link named like a file of the new site is neither followed nor replaced', () => {
    const { outside } = setup();
    const dir = path.join(outside, '..', 'new-site');
    mkdirSync(dir);
    link(path.join(outside, 'intro.mdx'), path.join(dir, 'introduction.mdx'));
    const before = snapshot(outside);
    const r = cli(['init', dir], tmp);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /already has introduction\.mdx/);
    assert.deepEqual(snapshot(outside), before);
  });
});

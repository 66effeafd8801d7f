// link-case: paths that name a file of the site only when case is ignored, wherever a page or docs.json
// writes one; the rules that report a missing file stay silent on those spots; the fix writes the file's
// case. Also `docwright check` on a git repository the test builds (a case-sensitive disk, as the
// published site is).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pageSite } from '../../server/src/rules/page-utils';
import { recased } from '../../server/src/site/file-case';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { MemoryWorkspace } from '../../server/src/workspace';
import { checkAll } from '../../server/src/check';
import { parsePage } from '../../server/src/pages/parse';
import { applyFix, check, indexFrom, ROOT, writeSiteToDisk } from '../helpers';

const GUIDE = '---\ntitle: "Intro"\ndescription: "The introduction of the guides, for the case tests."\n---\n\n## Setup\n\nText.\n';

/** The findings of a site by rule, `file: message`. */
async function findings(files: Record<string, string>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const f of await check(files)) (out[f.ruleId] ??= []).push(`${f.path.slice(ROOT.length + 1)}: ${f.message}`);
  return out;
}

describe('link-case in pages', () => {
  it('reports a link whose case differs from its page, once, with the file it matches and the path to write', async () => {
    const files = pageSite('Read [the intro](/Guides/Intro#setup) and [again](./guides/INTRO).\n', {
      extra: { 'guides/intro.mdx': GUIDE },
      pages: ['guides/intro'],
    });
    assert.deepEqual(await findings(files), {
      'link-case': [
        'example.mdx: The link "/Guides/Intro" matches "guides/intro.mdx" only when case is ignored: the published site is case-sensitive, so it breaks there (macOS and Windows find the file). Write "/guides/intro".',
        'example.mdx: The link "./guides/INTRO" matches "guides/intro.mdx" only when case is ignored: the published site is case-sensitive, so it breaks there (macOS and Windows find the file). Write "./guides/intro".',
      ],
    });
  });

  it('reports an image, an import and a <Snippet file> whose case differs from the file, and no not-found rule reports them', async () => {
    const body =
      'import Note from "/Snippets/note.mdx";\n\n## Dashboard\n\n<Note />\n\n<Frame>\n  ![The dashboard with two projects](/images/Dashboard.PNG)\n</Frame>\n\n<Snippet file="Note.mdx" />\n';
    const files = pageSite(body, { extra: { 'images/dashboard.png': '', 'snippets/note.mdx': 'A note.\n' } });
    const got = await findings(files);
    assert.deepEqual(Object.keys(got), ['link-case']);
    assert.deepEqual(
      got['link-case'].map((m) => m.replace(/ only when case is ignored: .*? Write/, ' … Write')),
      [
        'example.mdx: The import "/Snippets/note.mdx" matches "snippets/note.mdx" … Write "/snippets/note.mdx".',
        'example.mdx: The image "/images/Dashboard.PNG" matches "images/dashboard.png" … Write "/images/dashboard.png".',
        'example.mdx: <Snippet file> "Note.mdx" matches "snippets/note.mdx" … Write "note.mdx".',
      ],
    );
  });

  it('reports an import written without its extension, and keeps it without', async () => {
    const ws = new MemoryWorkspace(
      pageSite('import Note from "/snippets/Note";\n\n## Notes\n\n<Note />\n', { extra: { 'snippets/note.mdx': 'A note.\n' } }),
      ROOT,
    );
    const [finding] = (await check(ws)).filter((f) => f.ruleId === 'link-case');
    assert.match(finding.message, /"\/snippets\/Note" matches "snippets\/note\.mdx".*Write "\/snippets\/note"\./);
    applyFix(ws, finding.fixes![0]);
    assert.match(ws.files.get(`${ROOT}/example.mdx`)!, /import Note from "\/snippets\/note";/);
    assert.deepEqual(
      (await check(ws)).map((f) => f.ruleId),
      [],
    );
  });

  it('leaves a path that matches no file even with case ignored to the not-found rules', async () => {
    const files = pageSite('See [it](/guides/outro) and ![A missing chart of sales](/images/Chart.png).\n', {
      extra: { 'guides/intro.mdx': GUIDE },
      pages: ['guides/intro'],
    });
    const got = await findings(files);
    assert.deepEqual(Object.keys(got).sort(), ['link-broken', 'media-not-found']);
  });

  it('says nothing of paths in the case of their file, of anchors and of external links', async () => {
    const files = pageSite('Read [the intro](/guides/intro#setup), [the top](#top), [the site](https://Example.com/Guides/Intro).\n', {
      extra: { 'guides/intro.mdx': GUIDE },
      pages: ['guides/intro'],
    });
    assert.deepEqual(await findings(files), {});
  });

  it("reports a snippet's /path link in the snippet, and leaves its relative links to link-broken (read from the pages that render it)", async () => {
    const files = pageSite('import Note from "/snippets/note.mdx";\n\n## Notes\n\n<Note />\n', {
      extra: { 'guides/intro.mdx': GUIDE, 'snippets/note.mdx': 'See [the intro](/Guides/intro) and [again](Guides/intro).\n' },
      pages: ['guides/intro'],
    });
    const { index } = await indexFrom(files);
    const got: Record<string, string[]> = {};
    const snippets = new Map([['snippets/note.mdx', parsePage(`${ROOT}/snippets/note.mdx`, files['snippets/note.mdx'])]]);
    for (const f of checkAll(index, {}, snippets)) (got[f.ruleId] ??= []).push(`${f.path.slice(ROOT.length + 1)}: ${f.message}`);
    assert.deepEqual(got['link-case'], [
      'snippets/note.mdx: The link "/Guides/intro" matches "guides/intro.mdx" only when case is ignored: the published site is case-sensitive, so it breaks there (macOS and Windows find the file). Write "/guides/intro".',
    ]);
    assert.equal(got['link-broken']?.length, 1);
    assert.match(got['link-broken'][0], /^snippets\/note\.mdx: No page or file "Guides\/intro"/);
  });
});

describe('link-case in the navigation', () => {
  const site = (pages: string[]) => ({
    'docs.json':
      JSON.stringify(
        { name: 'Acme', favicon: 'https://acme.dev/favicon.svg', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Guides', pages }] },
        null,
        2,
      ) + '\n',
    'guides/intro.mdx': GUIDE,
  });

  it("reports an entry whose case differs from its page file instead of nav-missing-page, and its fix writes the file's case", async () => {
    const ws = new MemoryWorkspace(site(['Guides/Intro']), ROOT);
    const found = (await check(ws)).filter((f) => f.ruleId !== 'orphan-page'); // the page is not in the published navigation: true too
    assert.deepEqual(
      found.map((f) => f.ruleId),
      ['link-case'],
    );
    assert.match(found[0].message, /^The navigation entry "Guides\/Intro" matches "guides\/intro\.mdx" only when case is ignored.*Write "guides\/intro"\.$/);
    assert.equal(found[0].path, `${ROOT}/docs.json`);
    applyFix(ws, found[0].fixes![0]);
    assert.match(ws.files.get(`${ROOT}/docs.json`)!, /"pages": \[\n\s*"guides\/intro"\n/);
    assert.deepEqual(await check(ws), []);
  });

  it('still leaves an entry with no file at all to nav-missing-page', async () => {
    assert.deepEqual(
      (await check(site(['guides/intro', 'guides/setup']))).map((f) => f.ruleId),
      ['nav-missing-page'],
    );
  });
});

describe('recased', () => {
  it('writes each segment in the case of the file, from the end, keeping ./, ../, a leading / and a trailing one', () => {
    assert.equal(recased('/Guides/Intro', 'guides/intro'), '/guides/intro');
    assert.equal(recased('../Images/Chart.PNG', 'images/chart.png'), '../images/chart.png');
    assert.equal(recased('./Guides/', 'guides'), './guides/');
    assert.equal(recased('/snippets/Note', 'snippets/note.mdx'), '/snippets/note');
    assert.equal(recased('/Guides/Intro.mdx', 'guides/intro'), '/guides/intro.mdx');
  });
  it('gives nothing when the segments do not line up or nothing changes', () => {
    assert.equal(recased('/guides/intro', 'guides/intro'), undefined);
    assert.equal(recased('/guides/outro', 'guides/intro'), undefined);
  });
});

describe('docwright check on a git repository with a case-only mismatch', () => {
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('fails with link-case (an error) where the disk, like the published site, has the file in another case', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docwright-link-case-'));
    dirs.push(dir);
    const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    writeSiteToDisk(dir, {
      ...pageSite('Read [the intro](/guides/Intro).\n', { extra: { 'guides/intro.mdx': GUIDE }, pages: ['guides/intro'] }),
    });
    git('add', '-A');
    git('commit', '-q', '-m', 'site');
    const out: string[] = [];
    const code = await runCheck(
      parseCheckArgs([dir, '--format', 'json']),
      (s) => out.push(s),
      dir,
      () => undefined,
    );
    const found = JSON.parse(out.join('\n')) as { file: string; ruleId: string; severity: string; line: number }[];
    assert.deepEqual(
      found.map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.severity}`),
      ['example.mdx:6 link-case error'],
    );
    assert.equal(code, 1);
  });
});

// What points at a page, file or heading, and the edits that keep it true when pages and folders
// move or headings are renamed: every kind of reference, each path kept in its own style, and the
// site's checks finding nothing new afterwards.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { headingRenameEdits, type Move, movedPages, movedPath, moveEdits, redirectEdits, rewriteUrl } from '../../server/src/features/move';
import {
  headingOf,
  pageHeadings,
  referencesTo,
  referencesToFile,
  referenceTargetAt,
  referenceTargetInConfig,
  siteReferences,
} from '../../server/src/features/references';
import { parsePage, type PageDocument } from '../../server/src/pages/parse';
import { isSnippetFile } from '../../server/src/site/imports';
import type { SiteSources } from '../../server/src/site/site-index';
import type { FileEdit } from '../../server/src/types';
import { applyEdits, check, indexFrom, ROOT } from '../helpers';

const FM = (t: string) => `---\ntitle: "${t}"\ndescription: "About ${t.toLowerCase()}."\n---\n\n`;

const SITE: Record<string, string> = {
  'docs.json': JSON.stringify(
    {
      name: 'Acme',
      navigation: [
        { group: 'Start', pages: ['index', 'guides/setup', 'guides/other'] },
        { group: 'More', pages: ['/guides/deep/nested', 'guides/index.mdx'] },
      ],
      redirects: [{ source: '/install', destination: '/guides/setup#install' }],
    },
    null,
    2,
  ),
  'index.mdx':
    FM('Home') +
    'Read [the setup](/guides/setup) and [how to install](/guides/setup#install), or [the guides](/guides).\n\n' +
    '<Card title="Setup" href="/guides/setup.mdx">\n  Set it up.\n</Card>\n\n' +
    'See [the reference][ref].\n\n[ref]: /guides/setup#configure\n\n<a href="/guides/setup/">HTML link</a>\n\n<Snippet file="note.mdx" />\n',
  'guides/index.mdx': FM('Guides') + 'Start with [setup](setup) or [other](./other#next).\n',
  'guides/setup.mdx':
    FM('Setup') +
    '## Install\n\nRun it. Then [configure](#configure) and read [the other guide](other) and [more](./other.mdx).\n\n' +
    '![Diagram](../images/flow.svg)\n\n## Configure\n\nSee [install](#install).\n\n## Install\n\nA second install heading.\n',
  'guides/other.mdx':
    FM('Other') +
    '## Next\n\nBack to [install](setup#install) and [the second one](/guides/setup#install-2), and [a heading that is gone](/guides/setup#gone).\n',
  'guides/deep/nested.mdx': FM('Nested') + 'Up to [setup](../setup#configure) and [home](/index).\n',
  'snippets/note.mdx': 'A snippet pointing at [setup](/guides/setup#install).\n',
  'images/flow.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'llms.txt': '# Acme\n\n> Acme docs.\n\n## Docs\n\n- [Setup](guides/setup.md): How to set up.\n- [Other](/guides/other): More.\n',
};

async function sourcesOf(files: Record<string, string>): Promise<SiteSources> {
  const { index } = await indexFrom(files);
  const snippets = new Map<string, PageDocument>();
  for (const rel of Object.keys(files)) if (isSnippetFile(rel)) snippets.set(rel, parsePage(`${ROOT}/${rel}`, files[rel]));
  return { index, snippets };
}

const relOf = (p: string) => p.slice(ROOT.length + 1);

/** The site after the edits are applied and the files moved (as the editor and `docwright mv` do). */
function applyMove(files: Record<string, string>, edits: FileEdit[], moves: readonly Move[]): Record<string, string> {
  const edited = { ...files };
  for (const fe of edits) edited[relOf(fe.path)] = applyEdits(edited[relOf(fe.path)], fe.edits);
  const out: Record<string, string> = {};
  for (const [rel, text] of Object.entries(edited)) {
    const to = moves.map((m) => movedPath(rel, m.from, m.to)).find((d) => d !== undefined);
    out[to ?? rel] = text;
  }
  return out;
}

/** The findings of a site as `file rule`, files named by where they are after `moves`. */
const findingsOf = async (files: Record<string, string>, moves: readonly Move[] = []) =>
  (await check(files))
    .map((f) => {
      const rel = relOf(f.path);
      return `${moves.map((m) => movedPath(rel, m.from, m.to)).find((d) => d !== undefined) ?? rel} ${f.ruleId}`;
    })
    .sort();

describe('references', () => {
  it('finds every reference to a page: links, definitions, Card and HTML hrefs, a snippet, the navigation, a redirect and llms.txt', async () => {
    const src = await sourcesOf(SITE);
    const refs = referencesToFile(src, 'guides/setup.mdx')
      .map((r) => `${relOf(r.path)} ${r.kind} ${r.text}`)
      .sort();
    assert.deepEqual(refs, [
      'docs.json config-link /guides/setup#install',
      'docs.json nav guides/setup',
      'guides/deep/nested.mdx link ../setup#configure',
      'guides/index.mdx link setup',
      'guides/other.mdx link /guides/setup#gone',
      'guides/other.mdx link /guides/setup#install-2',
      'guides/other.mdx link setup#install',
      'index.mdx link /guides/setup',
      'index.mdx link /guides/setup#configure',
      'index.mdx link /guides/setup#install',
      'index.mdx link /guides/setup.mdx',
      'index.mdx link /guides/setup/',
      'llms.txt llms guides/setup.md',
      'snippets/note.mdx link /guides/setup#install',
    ]);
    // The guides folder's index page is named by the folder link and by its nav entry.
    assert.deepEqual(
      referencesToFile(src, 'guides/index.mdx')
        .map((r) => `${r.kind} ${r.text}`)
        .sort(),
      ['link /guides', 'nav guides/index.mdx'],
    );
    assert.deepEqual(
      referencesToFile(src, 'images/flow.svg').map((r) => `${relOf(r.path)} ${r.kind} ${r.text}`),
      ['guides/setup.mdx asset ../images/flow.svg'],
    );
  });

  it('finds the references to a heading, from other pages, snippets, docs.json and the page itself; duplicates are told apart', async () => {
    const src = await sourcesOf(SITE);
    const list = (anchor: string) =>
      referencesTo(src, { page: 'guides/setup', anchor })
        .map((r) => `${relOf(r.path)} ${r.text}`)
        .sort();
    assert.deepEqual(list('install'), [
      'docs.json /guides/setup#install',
      'guides/other.mdx setup#install',
      'guides/setup.mdx #install',
      'index.mdx /guides/setup#install',
      'snippets/note.mdx /guides/setup#install',
    ]);
    assert.deepEqual(list('install-2'), ['guides/other.mdx /guides/setup#install-2']);
    assert.deepEqual(list('configure'), ['guides/deep/nested.mdx ../setup#configure', 'guides/setup.mdx #configure', 'index.mdx /guides/setup#configure']);
    assert.deepEqual(
      pageHeadings(src.index.pages.get('guides/setup')!).map((h) => [h.anchor, h.text, h.range.start.line]),
      [
        ['install', 'Install', 5],
        ['configure', 'Configure', 11],
        ['install-2', 'Install', 15],
      ],
    );
  });

  it('tells what the cursor asks about: the link target, its #anchor, a heading, the page from its front matter, a nav entry', async () => {
    const src = await sourcesOf(SITE);
    const index = src.index.pages.get('index')!;
    const at = (doc: PageDocument, rel: string, needle: string, delta = 1) => referenceTargetAt(src, rel, doc, doc.text.indexOf(needle) + delta);
    assert.deepEqual(at(index, 'index.mdx', '/guides/setup#install'), { file: 'guides/setup.mdx' });
    assert.deepEqual(at(index, 'index.mdx', '/guides/setup#install', '/guides/setup#ins'.length), { page: 'guides/setup', anchor: 'install' });
    const setup = src.index.pages.get('guides/setup')!;
    assert.deepEqual(at(setup, 'guides/setup.mdx', '## Configure', 5), { page: 'guides/setup', anchor: 'configure' });
    assert.deepEqual(at(setup, 'guides/setup.mdx', 'title:'), { file: 'guides/setup.mdx' });
    assert.deepEqual(at(setup, 'guides/setup.mdx', '../images'), { file: 'images/flow.svg' });
    assert.equal(at(setup, 'guides/setup.mdx', 'Run it.'), undefined);
    const config = src.index.site.config;
    assert.deepEqual(referenceTargetInConfig(src, config.path, config.text.indexOf('"guides/other"') + 3), { file: 'guides/other.mdx' });
    assert.equal(referenceTargetInConfig(src, config.path, config.text.indexOf('"Acme"') + 2), undefined);
    assert.equal(headingOf(src, 'guides/setup', 'configure')?.text, 'Configure');
    assert.equal(
      headingOf(src, 'guides/setup', 'Configure!'),
      undefined,
      'an anchor differing in case or punctuation names no heading, as link-broken reports it',
    );
  });
});

describe('moving pages and folders', () => {
  it("rewrites every reference to a moved page in its own style, and the moved page's relative links; nothing new is found", async () => {
    const moves = [{ from: 'guides/setup.mdx', to: 'tutorials/start/setup.mdx' }];
    const src = await sourcesOf(SITE);
    const after = applyMove(SITE, moveEdits(src, moves), moves);
    assert.match(
      after['index.mdx'],
      /\[the setup\]\(\/tutorials\/start\/setup\) and \[how to install\]\(\/tutorials\/start\/setup#install\), or \[the guides\]\(\/guides\)/,
    );
    assert.match(after['index.mdx'], /href="\/tutorials\/start\/setup\.mdx"/);
    assert.match(after['index.mdx'], /\[ref\]: \/tutorials\/start\/setup#configure/);
    assert.match(after['index.mdx'], /<a href="\/tutorials\/start\/setup\/">/);
    assert.match(after['guides/index.mdx'], /\[setup\]\(\.\.\/tutorials\/start\/setup\) or \[other\]\(\.\/other#next\)/);
    assert.match(after['guides/other.mdx'], /\[install\]\(\.\.\/tutorials\/start\/setup#install\)/);
    assert.match(
      after['guides/other.mdx'],
      /\[a heading that is gone\]\(\/tutorials\/start\/setup#gone\)/,
      'a link whose anchor is broken still names the page',
    );
    assert.match(after['guides/deep/nested.mdx'], /\[setup\]\(\.\.\/\.\.\/tutorials\/start\/setup#configure\)/);
    assert.match(after['snippets/note.mdx'], /\(\/tutorials\/start\/setup#install\)/);
    // The moved page: relative links and images written from its new folder, bare anchors kept.
    const moved = after['tutorials/start/setup.mdx'];
    assert.match(moved, /\[configure\]\(#configure\) and read \[the other guide\]\(\.\.\/\.\.\/guides\/other\) and \[more\]\(\.\.\/\.\.\/guides\/other\.mdx\)/);
    assert.match(moved, /!\[Diagram\]\(\.\.\/\.\.\/images\/flow\.svg\)/);
    assert.match(after['docs.json'], /"tutorials\/start\/setup",\n/);
    assert.match(after['docs.json'], /"destination": "\/tutorials\/start\/setup#install"/);
    assert.match(after['llms.txt'], /\[Setup\]\(tutorials\/start\/setup\.md\)/);
    assert.deepEqual(await findingsOf(after), await findingsOf(SITE, moves));
  });

  it('reads llms.txt links as the llms-txt rule does: a target with a title or in <…> is moved, a link in code is not', async () => {
    const llms =
      '# Acme\n\n## Docs\n\n- [Setup](guides/setup.md "The setup"): How to set up.\n- [Again](<guides/setup.md>): Twice.\n' +
      '- Written as code: `[Setup](guides/setup.md)`\n\n```md\n- [Setup](guides/setup.md)\n```\n';
    const files = { ...SITE, 'llms.txt': llms };
    const src = await sourcesOf(files);
    const refs = referencesToFile(src, 'guides/setup.mdx').filter((r) => r.kind === 'llms');
    assert.deepEqual(
      refs.map((r) => [r.text, r.range.start.line, r.range.start.character, r.range.end.character]),
      [
        ['guides/setup.md', 4, 10, 25],
        ['guides/setup.md', 5, 11, 26],
      ],
    );
    const moves = [{ from: 'guides/setup.mdx', to: 'tutorials/setup.mdx' }];
    const after = applyMove(files, moveEdits(src, moves), moves);
    assert.equal(after['llms.txt'], llms.replace('(guides/setup.md "', '(tutorials/setup.md "').replace('(<guides/setup.md>)', '(<tutorials/setup.md>)'));
  });

  it('moves a folder: every page in it, links between them, its index page behind the folder link, nav entries with their style', async () => {
    const moves = [{ from: 'guides', to: 'docs/guides-v2' }];
    const src = await sourcesOf(SITE);
    const after = applyMove(SITE, moveEdits(src, moves), moves);
    assert.match(after['index.mdx'], /\[the guides\]\(\/docs\/guides-v2\)/);
    assert.match(after['docs.json'], /"\/docs\/guides-v2\/deep\/nested",\n\s*"docs\/guides-v2\/index\.mdx"/);
    assert.match(after['docs/guides-v2/other.mdx'], /\[install\]\(setup#install\)/, 'a relative link between two moved pages stays');
    assert.match(after['docs/guides-v2/setup.mdx'], /!\[Diagram\]\(\.\.\/\.\.\/images\/flow\.svg\)/);
    assert.match(after['llms.txt'], /\[Other\]\(\/docs\/guides-v2\/other\)/);
    assert.deepEqual(await findingsOf(after), await findingsOf(SITE, moves));
  });

  it('follows a moved image, and a page moved into a current-format site whose navigation is in a "$ref" file', async () => {
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#0B6E4F' }, navigation: { $ref: './nav.json' } }, null, 2),
      'nav.json': JSON.stringify({ groups: [{ group: 'Start', pages: ['index', 'a/page'] }] }, null, 2),
      'index.mdx': FM('Home') + '![Flow](/images/flow.svg)\n\n[Page](a/page)\n',
      'a/page.mdx': FM('Page') + '<img src="../images/flow.svg" alt="Flow" />\n',
      'images/flow.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    };
    const src = await sourcesOf(files);
    const image = [{ from: 'images/flow.svg', to: 'img/diagram.svg' }];
    const a = applyMove(files, moveEdits(src, image), image);
    assert.match(a['index.mdx'], /!\[Flow\]\(\/img\/diagram\.svg\)/);
    assert.match(a['a/page.mdx'], /src="\.\.\/img\/diagram\.svg"/);
    const page = [{ from: 'a/page.mdx', to: 'b/renamed.mdx' }];
    const b = applyMove(files, moveEdits(src, page), page);
    assert.match(b['nav.json'], /"b\/renamed"/);
    assert.equal(b['docs.json'], files['docs.json']);
    assert.match(b['index.mdx'], /\[Page\]\(b\/renamed\)/);
    assert.deepEqual(await findingsOf(b), await findingsOf(files, page));
  });

  it('writes paths in the style they were written in', () => {
    assert.equal(rewriteUrl('/a/b?x=1#h', 'index.mdx', 'a/b.mdx', 'c/d.mdx', true), '/c/d?x=1#h');
    assert.equal(rewriteUrl('../a/b.mdx', 'x/y.mdx', 'a/b.mdx', 'a/c/d.mdx', true), '../a/c/d.mdx');
    assert.equal(rewriteUrl('./b', 'a/y.mdx', 'a/b.mdx', 'a/c.mdx', true), './c');
    assert.equal(rewriteUrl('/a', 'y.mdx', 'a/index.mdx', 'b/index.mdx', true), '/b', 'a folder link stays a folder link');
    assert.equal(rewriteUrl('/a/', 'y.mdx', 'a/index.mdx', 'b/start.mdx', true), '/b/start/', 'unless the page is no index page any more');
    assert.equal(rewriteUrl('/my%20docs/a', 'y.mdx', 'my docs/a.mdx', 'our docs/a.mdx', true), '/our%20docs/a');
    assert.equal(rewriteUrl('img/a.png', 'y.mdx', 'img/a.png', 'media/a.png', false), 'media/a.png');
  });
});

describe('redirects for moved pages', () => {
  it('adds entries to an existing redirects array, to an empty one, or a new redirects key; never twice', async () => {
    const src = await sourcesOf(SITE);
    const moves = [{ from: 'guides', to: 'docs' }];
    const pages = movedPages(src.index.site, moves);
    assert.deepEqual(pages.map((p) => `${p.from} -> ${p.to}`).sort(), [
      'guides/deep/nested -> docs/deep/nested',
      'guides/index -> docs/index',
      'guides/other -> docs/other',
      'guides/setup -> docs/setup',
    ]);
    const one = [
      { from: 'guides/setup', to: 'docs/setup' },
      { from: 'guides/index', to: 'docs/index' },
    ];
    const withArray = applyEdits(SITE['docs.json'], redirectEdits(src.index.site, one)[0].edits);
    assert.deepEqual(JSON.parse(withArray).redirects, [
      { source: '/install', destination: '/guides/setup#install' },
      { source: '/guides/setup', destination: '/docs/setup' },
      { source: '/guides', destination: '/docs' },
    ]);
    const bare = {
      ...SITE,
      'docs.json': JSON.stringify(
        {
          name: 'Acme',
          favicon: 'https://acme.dev/favicon.svg',
          colors: { primary: '#0B6E4F' },
          navigation: [{ group: 'Start', pages: ['index', 'guides/setup'] }],
        },
        null,
        2,
      ),
    };
    const fresh = applyEdits(bare['docs.json'], redirectEdits((await sourcesOf(bare)).index.site, one)[0].edits);
    assert.deepEqual(JSON.parse(fresh).redirects, [
      { source: '/guides/setup', destination: '/docs/setup' },
      { source: '/guides', destination: '/docs' },
    ]);
    assert.match(fresh, /\n {2}"redirects": \[\n {4}\{ "source"/);
    const empty = {
      ...SITE,
      'docs.json': JSON.stringify({
        name: 'Acme',
        favicon: 'https://acme.dev/favicon.svg',
        colors: { primary: '#0B6E4F' },
        navigation: [{ group: 'Start', pages: ['index'] }],
        redirects: [],
      }),
    };
    assert.deepEqual(JSON.parse(applyEdits(empty['docs.json'], redirectEdits((await sourcesOf(empty)).index.site, one)[0].edits)).redirects.length, 2);
    const again = { ...SITE, 'docs.json': withArray };
    assert.deepEqual(redirectEdits((await sourcesOf(again)).index.site, one), [], 'sources already redirected');
  });
});

describe('renaming a heading', () => {
  it('changes the heading and every #anchor link to it across the site, and the duplicate anchors that shift with it', async () => {
    const src = await sourcesOf(SITE);
    const doc = src.index.pages.get('guides/setup')!;
    const first = pageHeadings(doc)[0];
    const after = applyMove(SITE, headingRenameEdits(src, 'guides/setup', first, 'Install the CLI'), []);
    assert.match(after['guides/setup.mdx'], /## Install the CLI\n/);
    assert.match(after['guides/setup.mdx'], /See \[install\]\(#install-the-cli\)/);
    assert.match(after['index.mdx'], /\[how to install\]\(\/guides\/setup#install-the-cli\)/);
    assert.match(
      after['guides/other.mdx'],
      /\[install\]\(setup#install-the-cli\) and \[the second one\]\(\/guides\/setup#install\)/,
      'the second "Install" heading is now #install',
    );
    assert.match(after['snippets/note.mdx'], /#install-the-cli\)/);
    assert.match(after['docs.json'], /"destination": "\/guides\/setup#install-the-cli"/);
    assert.deepEqual(await findingsOf(after), await findingsOf(SITE));
  });

  it('keeps the links of a heading with a custom {#id}: only its text changes', async () => {
    const files = { ...SITE, 'guides/setup.mdx': FM('Setup') + '## Install {#install}\n\nText.\n\n## Configure\n\n## Install\n' };
    const src = await sourcesOf(files);
    const h = pageHeadings(src.index.pages.get('guides/setup')!)[0];
    assert.equal(h.custom, true);
    const edits = headingRenameEdits(src, 'guides/setup', h, 'Getting the CLI');
    assert.deepEqual(
      edits.map((e) => [relOf(e.path), e.edits.map((x) => x.newText)]),
      [['guides/setup.mdx', ['Getting the CLI']]],
    );
  });

  it('counts every reference once', async () => {
    const src = await sourcesOf(SITE);
    const all = siteReferences(src);
    const keys = all.map((r) => `${r.path}:${r.range.start.line}:${r.range.start.character}`);
    assert.equal(new Set(keys).size, keys.length);
  });
});

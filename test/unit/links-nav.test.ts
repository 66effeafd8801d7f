// The per-document link features of the core: document links (pages, snippets, docs.json),
// definition, path/anchor/asset completion, hover on links and snippets, workspace symbols and
// "wrap in component".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { completeConfig } from '../../server/src/features/config-features';
import { anchorLine, configDocumentLinks, pageDocumentLinks } from '../../server/src/features/document-links';
import { completeLinkPath, MAX_LINK_ITEMS, pageItemDocumentation, subsequence } from '../../server/src/features/link-completion';
import { fileTextHover, linkHoverText, parsedText, showsFileText } from '../../server/src/features/link-hover';
import { linkPathContext } from '../../server/src/features/page-context';
import { definitionAt } from '../../server/src/features/page-definition';
import { matcher, workspaceSymbols } from '../../server/src/features/workspace-symbols';
import { wrapInComponent, WRAPPERS } from '../../server/src/features/wrap';
import { parsePage, type PageDocument } from '../../server/src/pages/parse';
import { isSnippetFile } from '../../server/src/site/imports';
import type { SiteSources } from '../../server/src/site/site-index';
import { LineIndex } from '../../server/src/util/text';
import { applyEdits, check, cursor, indexFrom, ROOT } from '../helpers';

const FM = (t: string, d = `About ${t.toLowerCase()}.`) => `---\ntitle: "${t}"\ndescription: "${d}"\n---\n\n`;

const SITE: Record<string, string> = {
  'docs.json': JSON.stringify(
    {
      name: 'Acme',
      logo: '/images/logo.svg',
      favicon: 'https://acme.dev/favicon.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'Start', pages: ['index', 'guides/setup', 'guides/other'] }],
      redirects: [{ source: '/install', destination: '/guides/setup#install' }],
    },
    null,
    2,
  ),
  'index.mdx':
    FM('Home') +
    'Read [the setup](/guides/setup) and [how to install](/guides/setup#install).\n\n' +
    '<Card title="Setup" href="/guides/setup#configure">\n  Set it up.\n</Card>\n\n' +
    '![Flow](/images/flow.svg)\n\n<Snippet file="note.mdx" />\n\n## Local\n\nBack to [local](#local).\n',
  'guides/setup.mdx':
    FM('Setup', 'Install and configure Acme.') +
    '## Install\n\nRun it.\n\n## Configure\n\nSet keys.\n\n<Steps titleSize="h2">\n  <Step title="First step">\n    Go.\n  </Step>\n</Steps>\n',
  'guides/other.mdx': FM('Other') + 'import Note from "/snippets/note.mdx";\n\n## Next\n\n<Note />\n',
  'snippets/note.mdx': 'A snippet pointing at [setup](/guides/setup#install).\n',
  'images/flow.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

async function sourcesOf(files: Record<string, string>): Promise<SiteSources> {
  const { index } = await indexFrom(files);
  const snippets = new Map<string, PageDocument>();
  for (const rel of Object.keys(files)) if (isSnippetFile(rel)) snippets.set(rel, parsePage(`${ROOT}/${rel}`, files[rel]));
  return { index, snippets };
}

/** The site with `text` (holding a `|` cursor) as `rel`, and the cursor's offset. */
async function at(rel: string, textWithCursor: string, files = SITE) {
  const { text, position } = cursor(textWithCursor);
  const src = await sourcesOf({ ...files, [rel]: text });
  const doc = src.index.pages.get(rel.replace(/\.mdx?$/, '')) ?? src.snippets.get(rel)!;
  return { src, doc, offset: doc.index.offsetAt(position) };
}

describe('document links', () => {
  it('links every internal link, href, image, snippet and bare #anchor of a page to its file and heading line', async () => {
    const src = await sourcesOf(SITE);
    const doc = src.index.pages.get('index')!;
    const links = pageDocumentLinks(src, 'index.mdx', doc).map((l) => [
      doc.text.slice(doc.index.offsetAt(l.range.start), doc.index.offsetAt(l.range.end)),
      l.path,
      l.line,
      l.kind,
    ]);
    assert.deepEqual(links, [
      ['/guides/setup', `${ROOT}/guides/setup.mdx`, undefined, 'link'],
      ['/guides/setup#install', `${ROOT}/guides/setup.mdx`, 5, 'link'],
      ['/guides/setup#configure', `${ROOT}/guides/setup.mdx`, 9, 'link'],
      ['/images/flow.svg', `${ROOT}/images/flow.svg`, undefined, 'asset'],
      ['note.mdx', `${ROOT}/snippets/note.mdx`, undefined, 'snippet'],
      ['#local', `${ROOT}/index.mdx`, 15, 'anchor'],
    ]);
  });

  it('links imports of a page and the links of a snippet', async () => {
    const src = await sourcesOf(SITE);
    const other = src.index.pages.get('guides/other')!;
    assert.deepEqual(
      pageDocumentLinks(src, 'guides/other.mdx', other).map((l) => [l.kind, l.target]),
      [['import', 'snippets/note.mdx']],
    );
    const snippet = src.snippets.get('snippets/note.mdx')!;
    assert.deepEqual(
      pageDocumentLinks(src, 'snippets/note.mdx', snippet).map((l) => [l.kind, l.target, l.line]),
      [['link', 'guides/setup.mdx', 5]],
    );
  });

  it('leads a link to a redirect source to the page (and heading) the redirect names', async () => {
    const src = await sourcesOf({ ...SITE, 'guides/other.mdx': FM('Other') + 'See [the old install page](/install) and [gone](/nowhere).\n' });
    const doc = src.index.pages.get('guides/other')!;
    assert.deepEqual(
      pageDocumentLinks(src, 'guides/other.mdx', doc).map((l) => [l.kind, l.target, l.page, l.anchor, l.line]),
      [['redirect', 'guides/setup.mdx', 'guides/setup', 'install', 5]],
    );
  });

  it('links navigation entries, redirect destinations and file values of docs.json', async () => {
    const src = await sourcesOf(SITE);
    const config = src.index.site.config;
    const links = configDocumentLinks(src, config.path).map((l) => [
      config.text.slice(config.index.offsetAt(l.range.start), config.index.offsetAt(l.range.end)),
      l.target,
      l.line,
      l.kind,
    ]);
    assert.deepEqual(links, [
      ['/images/logo.svg', 'images/logo.svg', undefined, 'file'],
      ['index', 'index.mdx', undefined, 'nav'],
      ['guides/setup', 'guides/setup.mdx', undefined, 'nav'],
      ['guides/other', 'guides/other.mdx', undefined, 'nav'],
      ['/guides/setup#install', 'guides/setup.mdx', 5, 'config-link'],
    ]);
  });

  it('finds an anchor line by its exact slug first, else by one differing in punctuation only; a heading-sized Step title is an anchor too', async () => {
    const doc = parsePage('/p.mdx', '## Set up: now\n\n## Set-up now\n\n<Steps titleSize="h2">\n<Step title="Do it">\n  x\n</Step>\n</Steps>\n');
    assert.equal(anchorLine(doc, 'set-up-now-2'), 2);
    assert.equal(anchorLine(doc, 'set-up-now'), 0);
    assert.equal(anchorLine(doc, 'Set-Up-Now!'), 0);
    assert.equal(anchorLine(doc, 'do-it'), 5);
    assert.equal(anchorLine(doc, 'nothing'), undefined);
  });

  it('goes to the definition of a link (the heading line for an #anchor) and of an imported component', async () => {
    const src = await sourcesOf(SITE);
    const doc = src.index.pages.get('index')!;
    assert.deepEqual(definitionAt(src, 'index.mdx', doc, doc.text.indexOf('setup#install') + 8), { path: `${ROOT}/guides/setup.mdx`, line: 5 });
    assert.deepEqual(definitionAt(src, 'index.mdx', doc, doc.text.indexOf('/guides/setup)') + 2), { path: `${ROOT}/guides/setup.mdx` });
    assert.equal(definitionAt(src, 'index.mdx', doc, doc.text.indexOf('Read')), undefined);
    const other = src.index.pages.get('guides/other')!;
    assert.deepEqual(definitionAt(src, 'guides/other.mdx', other, other.text.indexOf('<Note />') + 2), { path: `${ROOT}/snippets/note.mdx` });
  });
});

describe('link path completion', () => {
  it('reads where a path is typed: links, definitions, href, images, file attributes; not in code or other attributes', () => {
    const file = (tag: string, attr: string) => tag === 'Card' && attr === 'img';
    const ctx = (t: string) => {
      const { text, position } = cursor(t);
      return linkPathContext(text, new LineIndex(text).offsetAt(position), file);
    };
    assert.deepEqual(ctx('See [x](/gu|'), { kind: 'page', start: 8, typed: '/gu' });
    assert.deepEqual(ctx('![x](im|'), { kind: 'asset', start: 5, typed: 'im' });
    assert.deepEqual(ctx('[ref]: /a#b|'), { kind: 'page', start: 7, typed: '/a#b' });
    assert.deepEqual(ctx('<Card title="t" href="/g|'), { kind: 'page', start: 22, typed: '/g' });
    assert.deepEqual(ctx('<Card img="/i|'), { kind: 'asset', start: 11, typed: '/i' });
    assert.deepEqual(ctx('<video src="|'), { kind: 'asset', start: 12, typed: '' });
    assert.equal(ctx('<Card title="|'), undefined);
    assert.equal(ctx('`[x](/gu|`'), undefined);
    assert.equal(ctx('```\n[x](/gu|\n```'), undefined);
    assert.equal(ctx('[x](/a) then |'), undefined);
  });

  it('completes page paths with the title as detail, and the description when the item is resolved', async () => {
    const { src, doc, offset } = await at('guides/other.mdx', FM('Other') + 'See [setup](/gu|');
    const result = completeLinkPath(src, 'guides/other.mdx', doc, offset)!;
    const range = { start: doc.index.positionAt(offset - 3), end: doc.index.positionAt(offset) };
    assert.deepEqual(result, {
      incomplete: false,
      items: [
        { label: '/guides/setup', kind: 'file', detail: 'Setup', insertText: '/guides/setup', snippet: false, range, resolvePage: 'guides/setup' },
        { label: '/index', kind: 'file', detail: 'Home', insertText: '/index', snippet: false, range, resolvePage: 'index' },
      ],
    });
    assert.equal(pageItemDocumentation(src.index, 'guides/setup'), 'Install and configure Acme.\n\n`guides/setup.mdx`');
  });

  it('writes paths relative to the page when the writer starts with a dot', async () => {
    const { src, doc, offset } = await at('guides/other.mdx', FM('Other') + '<Card title="x" href="./|" />');
    assert.deepEqual(
      completeLinkPath(src, 'guides/other.mdx', doc, offset)!.items.map((i) => i.label),
      ['./setup', '../index'],
    );
  });

  it('completes the anchors of the target page after path#, and of this page after a bare #', async () => {
    const { src, doc, offset } = await at('index.mdx', FM('Home') + '## Local part\n\nSee [x](/guides/setup#|) and [y](#).\n');
    const result = completeLinkPath(src, 'index.mdx', doc, offset)!;
    const range = { start: doc.index.positionAt(offset), end: doc.index.positionAt(offset) };
    assert.deepEqual(result, {
      incomplete: false,
      items: [
        { label: 'install', kind: 'anchor', detail: '## Install', insertText: 'install', snippet: false, range, sortText: '00000' },
        { label: 'configure', kind: 'anchor', detail: '## Configure', insertText: 'configure', snippet: false, range, sortText: '00001' },
        { label: 'first-step', kind: 'anchor', detail: '<Step> First step', insertText: 'first-step', snippet: false, range, sortText: '00002' },
      ],
    });
    const bare = doc.text.indexOf('(#') + 2;
    assert.deepEqual(
      completeLinkPath(src, 'index.mdx', doc, bare)!.items.map((i) => i.label),
      ['local-part'],
    );
    // A custom {#id} is the anchor.
    const custom = await at('index.mdx', FM('Home') + '## Start here {#begin}\n\n[y](#|)\n');
    assert.deepEqual(
      completeLinkPath(custom.src, 'index.mdx', custom.doc, custom.offset)!.items.map((i) => i.label),
      ['begin'],
    );
  });

  it('completes asset paths in images and src, not pages', async () => {
    const { src, doc, offset } = await at('index.mdx', FM('Home') + '<img src="/|" />\n');
    const range = { start: doc.index.positionAt(offset - 1), end: doc.index.positionAt(offset) };
    assert.deepEqual(completeLinkPath(src, 'index.mdx', doc, offset), {
      incomplete: false,
      items: ['/images/flow.svg', '/images/logo.svg'].map((p) => ({ label: p, kind: 'file', detail: 'file', insertText: p, snippet: false, range })),
    });
  });

  it('sends only the paths matching what is typed, marked incomplete, on a site with more pages than the limit', async () => {
    const files: Record<string, string> = { ...SITE };
    for (let i = 0; i < MAX_LINK_ITEMS + 50; i++) files[`many/p${i}.mdx`] = FM(`Page ${i}`);
    const { src, doc, offset } = await at('index.mdx', FM('Home') + '[x](/many/p10|', files);
    const result = completeLinkPath(src, 'index.mdx', doc, offset)!;
    assert.equal(result.incomplete, true);
    const labels = result.items.map((i) => i.label);
    assert.ok(labels.includes('/many/p10') && labels.includes('/many/p1049') && labels.includes('/many/p105'), labels.join(' '));
    assert.ok(labels.length < MAX_LINK_ITEMS && labels.every((l) => subsequence('many/p10', l)), labels.join(' '));
    assert.ok(!labels.includes('/many/p2') && !labels.includes('/guides/setup'));
  });

  it('completes docs.json page entries with the page title as detail and its description as documentation', async () => {
    const { index } = await indexFrom(SITE);
    const config = index.site.config;
    const position = config.index.positionAt(config.text.indexOf('"guides/other"') + 1);
    const items = (await completeConfig(index.site, config, position, index)).items.filter((i) => i.label === 'guides/setup' || i.label === 'index');
    assert.deepEqual(
      items.map((i) => [i.label, i.detail, i.documentation]),
      [
        ['guides/setup', 'Setup', 'Install and configure Acme.\n\n`guides/setup.mdx`: Already in the navigation.'],
        ['index', 'Home', 'About home.\n\n`index.mdx`: Already in the navigation.'],
      ],
    );
  });
});

describe('hover on links', () => {
  it('shows the target page title and description, with the heading for an #anchor', async () => {
    const src = await sourcesOf(SITE);
    const [plain, anchored] = pageDocumentLinks(src, 'index.mdx', src.index.pages.get('index')!);
    assert.equal(linkHoverText(src, plain), '**Setup**\n\nInstall and configure Acme.\n\n`guides/setup.mdx`');
    assert.equal(linkHoverText(src, anchored), '**Setup** › Install\n\nInstall and configure Acme.\n\n`guides/setup.mdx`');
  });

  it('shows the start of a snippet in a code block, fenced longer than any backtick run in it', async () => {
    const src = await sourcesOf({ ...SITE, 'snippets/note.mdx': 'Run:\n\n```bash\nnpm i\n```\n' });
    const link = pageDocumentLinks(src, 'index.mdx', src.index.pages.get('index')!).find((l) => l.kind === 'snippet')!;
    assert.equal(showsFileText(link), true);
    assert.equal(fileTextHover(link, parsedText(src, link)!), '`snippets/note.mdx`\n\n````mdx\nRun:\n\n```bash\nnpm i\n```\n````');
    const long = Array.from({ length: 30 }, (_, i) => `Line ${i}`).join('\n');
    assert.equal(
      fileTextHover({ ...link, target: 'snippets/x.jsx' }, long),
      '`snippets/x.jsx`\n\n```jsx\n' + Array.from({ length: 20 }, (_, i) => `Line ${i}`).join('\n') + '\n```\n\n…',
    );
  });
});

describe('workspace symbols', () => {
  it('ranks a prefix over a word start over a substring over scattered letters, and drops non-matches', () => {
    const score = matcher('conf');
    const ranked = ['Reconfigure', 'Configure', 'Set up the config', 'Cloud infra', 'Install']
      .map((n) => [n, score(n)] as const)
      .filter(([, s]) => s !== undefined)
      .sort((a, b) => b[1]! - a[1]!)
      .map(([n]) => n);
    assert.deepEqual(ranked, ['Configure', 'Set up the config', 'Reconfigure', 'Cloud infra']);
  });

  it('returns page titles and headings of the site, best first, bounded', async () => {
    const { index } = await indexFrom(SITE);
    const found = workspaceSymbols([index], 'inst').map((s) => [s.name, s.kind, s.path, s.range.start.line, s.container]);
    assert.deepEqual(found, [['Install', 'heading', `${ROOT}/guides/setup.mdx`, 5, 'Setup']]);
    // A page title and a heading both starting with the query: the shorter name first; "Configure" has s-e scattered.
    const { index: more } = await indexFrom({ ...SITE, 'guides/setup.mdx': FM('Setup') + '## Settings\n\n## Configure\n\n## Close session\n' });
    assert.deepEqual(
      workspaceSymbols([more], 'se').map((s) => [s.name, s.kind, s.range.start.line]),
      [
        ['Setup', 'page', 1],
        ['Settings', 'heading', 5],
        ['Close session', 'heading', 9],
      ],
    );
    assert.equal(workspaceSymbols([index], '', 3).length, 3);
  });
});

describe('wrap in component', () => {
  const text = FM('Wrap') + '## A\n\n  Install the CLI.\n\n  ```bash\n  npm i x\n  ```\n\nEnd.\n';
  const index = new LineIndex(text);
  const first = text.indexOf('  Install');
  const sel = { start: index.positionAt(first + 2), end: index.positionAt(text.indexOf('```\n\nEnd') + 3) };

  it('produces each component as the catalogue writes it, indentation kept', () => {
    const out = Object.fromEntries(WRAPPERS.map((w) => [w, wrapInComponent(text, index, sel, w)?.newText]));
    const body = (pad: string) => `${pad}Install the CLI.\n\n${pad}\`\`\`bash\n${pad}npm i x\n${pad}\`\`\``;
    assert.deepEqual(out, {
      Note: `  <Note>\n${body('    ')}\n  </Note>`,
      Warning: `  <Warning>\n${body('    ')}\n  </Warning>`,
      Tip: `  <Tip>\n${body('    ')}\n  </Tip>`,
      Steps: `  <Steps>\n    <Step title="Title">\n${body('      ')}\n    </Step>\n  </Steps>`,
      Tabs: `  <Tabs>\n    <Tab title="Title">\n${body('      ')}\n    </Tab>\n  </Tabs>`,
      CodeGroup: `  <CodeGroup>\n\n${body('  ')}\n\n  </CodeGroup>`,
      Accordion: `  <Accordion title="Title">\n${body('    ')}\n  </Accordion>`,
    });
    assert.deepEqual(wrapInComponent(text, index, sel, 'Note')!.range, {
      start: { line: index.positionAt(first).line, character: 0 },
      end: index.positionAt(text.indexOf('```\n\nEnd') + 3),
    });
  });

  it('refuses an empty selection, one cutting a code block or the front matter, and CodeGroup without a fence', () => {
    assert.equal(wrapInComponent(text, index, { start: sel.start, end: sel.start }, 'Note'), undefined);
    assert.equal(wrapInComponent(text, index, { start: sel.start, end: index.positionAt(text.indexOf('npm i')) }, 'Note'), undefined);
    assert.equal(wrapInComponent(text, index, { start: { line: 1, character: 0 }, end: { line: 6, character: 2 } }, 'Note'), undefined);
    const line = { start: index.positionAt(first), end: index.positionAt(text.indexOf('CLI.') + 4) };
    assert.equal(wrapInComponent(text, index, line, 'CodeGroup'), undefined);
    assert.equal(wrapInComponent(text, index, line, 'Note')!.newText, '  <Note>\n    Install the CLI.\n  </Note>');
  });

  it('leaves a site that checks clean still clean, for every component', async () => {
    const page = FM('Wrap') + '## Start\n\nInstall the CLI.\n\n```bash\nnpm i x\n```\n';
    const files = {
      'docs.json': JSON.stringify({
        name: 'Acme',
        favicon: 'https://acme.dev/favicon.svg',
        colors: { primary: '#0B6E4F' },
        navigation: [{ group: 'Start', pages: ['index'] }],
      }),
      'index.mdx': page,
    };
    assert.deepEqual(await check(files), []);
    const li = new LineIndex(page);
    const selection = { start: li.positionAt(page.indexOf('Install')), end: li.positionAt(page.length - 1) };
    for (const w of WRAPPERS) {
      const edit = wrapInComponent(page, li, selection, w)!;
      assert.deepEqual(
        (await check({ ...files, 'index.mdx': applyEdits(page, [edit]) })).map((f) => f.ruleId),
        [],
        w,
      );
    }
  });
});

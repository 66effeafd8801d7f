// Findings that public sites showed to be missed, each beside its nearest correct neighbour (still quiet).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAll } from '../../server/src/check';
import { parsePage, type PageDocument } from '../../server/src/pages/parse';
import { pageSite } from '../../server/src/rules/page-utils';
import { isSnippetFile } from '../../server/src/site/imports';
import { check, indexFrom, ROOT, TEST_MERMAID } from '../helpers';

const ruleMessages = async (files: Record<string, string>, rule: string) =>
  (await check(files)).filter((f) => f.ruleId === rule).map((f) => `${f.path.split('/site/').pop()}: ${f.message}`);

const fm = (title: string) => `---\ntitle: "${title}"\ndescription: "The ${title} page of the link test site."\n---\n\n`;

describe('link-broken: level 5-6 headings', () => {
  it('reports a link to a ##### or ###### heading (the format ids levels 1-4), and accepts one to a {#id} on such a heading', async () => {
    const files = pageSite('Read [it](/events#navigation-global-languages), [that](/events#six) and [this](/events#deep).\n', {
      extra: { 'events.mdx': fm('Events') + '## Navigation\n\n##### `navigation.global.languages`\n\nText.\n\n###### Six\n\n##### Deeper {#deep}\n' },
      pages: ['events'],
    });
    assert.deepEqual(await ruleMessages(files, 'link-broken'), [
      'example.mdx: No heading "#navigation-global-languages" on "events".',
      'example.mdx: No heading "#six" on "events".',
    ]);
  });
});

describe('link-broken: anchors of API fields', () => {
  const fields =
    '## Parameters\n\n<ParamField query="userId" type="string">The user.</ParamField>\n\n<ResponseField name="data.items" type="array">\n  The items.\n</ResponseField>\n\n<ResponseField name="data.items" type="array">Again.</ResponseField>\n';
  it('checks links against the ids the format gives fields (param-<name>, repeats counted), instead of accepting any anchor', async () => {
    const files = pageSite(
      'See [user](/fields#param-user-id), [items](/fields#param-data-items), [again](/fields#param-data-items-1) and [typo](/fields#param-userid).\n',
      {
        extra: { 'fields.mdx': fm('Fields') + fields },
        pages: ['fields'],
      },
    );
    assert.deepEqual(await ruleMessages(files, 'link-broken'), ['example.mdx: No heading "#param-userid" on "fields". Did you mean "#param-user-id"?']);
  });
  it('accepts any anchor of a page whose field is named by an expression (its id is made from a value the files do not give)', async () => {
    const files = pageSite('See [typo](/fields#param-userid).\n', {
      extra: { 'fields.mdx': fm('Fields') + 'export const key = "userId";\n\n' + fields + '\n<ParamField query={key} type="string">Computed.</ParamField>\n' },
      pages: ['fields'],
    });
    assert.deepEqual(await ruleMessages(files, 'link-broken'), []);
  });
});

describe('link-broken: a component imported from a snippet', () => {
  const page = (component: string) => ({
    'widget.mdx': fm('Widget') + "import { Generator } from '/snippets/generator.mdx';\n\n## Setup\n\n<Generator />\n",
    'snippets/generator.mdx': component,
  });
  it('checks links against a page whose imported component writes no id computed at run time (its own ids counted)', async () => {
    const component =
      'export const Generator = () => {\n  const [name, setName] = useState("x");\n  return (\n    <div id="generator" className="p-4">\n      <input value={name} onChange={(e) => setName(e.target.value)} />\n      <Note>Copy it.</Note>\n    </div>\n  );\n};\n';
    const files = pageSite('See [setup](/widget#setup), [generator](/widget#generator) and [missing](/widget#configuration).\n', {
      extra: page(component),
      pages: ['widget'],
    });
    assert.deepEqual(await ruleMessages(files, 'link-broken'), ['example.mdx: No heading "#configuration" on "widget".']);
  });
  it('accepts any anchor of a page whose imported component makes ids at run time', async () => {
    const component = 'export const Generator = ({ id }) => <div id={`generator-${id}`}>Generated.</div>;\n';
    const files = pageSite('See [missing](/widget#configuration).\n', { extra: page(component), pages: ['widget'] });
    assert.deepEqual(await ruleMessages(files, 'link-broken'), []);
  });
});

/** A site of pages (id -> body), listed in that order, with the docs.json keys given. */
function linkSite(pages: Record<string, string>, config: object = {}): Record<string, string> {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D6E4F' },
      navigation: { groups: [{ group: 'All', pages: Object.keys(pages) }] },
      ...config,
    }),
  };
  for (const [id, body] of Object.entries(pages)) files[`${id}.mdx`] = fm(id) + body;
  return files;
}

describe('link-broken: the anchor of a link to the home page', () => {
  it('checks /#anchor against the page the root shows (index, else the first page of the navigation)', async () => {
    const withIndex = linkSite({ quickstart: 'See [install](/#install) and [missing](/#setup).\n', index: '## Install\n\nRun it.\n' });
    assert.deepEqual(await ruleMessages(withIndex, 'link-broken'), ['quickstart.mdx: No heading "#setup" on "index".']);
    const withoutIndex = linkSite({ quickstart: '## Start\n\nGo.\n', guide: 'Back to [start](/#start), [home](/) and [missing](/#setup).\n' });
    assert.deepEqual(await ruleMessages(withoutIndex, 'link-broken'), ['guide.mdx: No heading "#setup" on "quickstart".']);
  });
});

describe('link-broken: an anchor behind a redirect', () => {
  const redirects = [
    { source: '/old-setup', destination: '/guides/setup' },
    { source: '/blog/:slug', destination: '/guides/:slug' },
    { source: '/pinned', destination: '/guides/setup#install' },
    { source: '/elsewhere', destination: 'https://example.com/docs' },
  ];
  it('follows the redirect to the page and checks the anchor there', async () => {
    const files = linkSite(
      {
        quickstart:
          'See [install](/old-setup#install), [a typo](/old-setup#instal), [by pattern](/blog/setup#install), [by pattern, missing](/blog/setup#configure), [pinned](/pinned#anything) and [away](/elsewhere#x).\n',
        'guides/setup': '## Install\n\nRun it.\n',
      },
      { redirects },
    );
    assert.deepEqual(await ruleMessages(files, 'link-broken'), [
      'quickstart.mdx: No heading "#instal" on "guides/setup" (where "/old-setup" redirects). Did you mean "#install"?',
      'quickstart.mdx: No heading "#configure" on "guides/setup" (where "/blog/setup" redirects).',
    ]);
  });
});

describe("link-broken: links to the site's own address named by a page's canonical or og:url", () => {
  const setup = (tag: string) => `---\ntitle: "Setup"\ndescription: "Set it up."\n${tag}\n---\n\n## Install\n\nRun it.\n`;
  const withSetup = (tag: string, config: object = {}) => {
    const files = linkSite(
      {
        quickstart: '## Next\n\nSee [deploy](https://docs.acme.com/guides/setup#deploy) and [install](https://docs.acme.com/guides/setup#install).\n',
        'guides/setup': '',
      },
      config,
    );
    return { ...files, 'guides/setup.mdx': setup(tag) };
  };
  it("takes the host and base a page gives its own URL for the site's, besides docs.json's canonical URL", async () => {
    assert.deepEqual(await ruleMessages(withSetup('og:url: "https://docs.acme.com/guides/setup"'), 'link-broken'), [
      'quickstart.mdx: No heading "#deploy" on "guides/setup".',
    ]);
    const both = withSetup('canonical: "https://docs.acme.com/guides/setup"', { seo: { metatags: { canonical: 'https://acme.com/docs' } } });
    assert.deepEqual(await ruleMessages(both, 'link-broken'), ['quickstart.mdx: No heading "#deploy" on "guides/setup".']);
  });
  it('guesses nothing from a canonical URL that names no page of the site (another site, a blog post)', async () => {
    assert.deepEqual(await ruleMessages(withSetup('canonical: "https://docs.acme.com/posts/setting-up"'), 'link-broken'), []);
  });
});

describe('link-broken: links inside snippet files', () => {
  it("checks a snippet's links on the snippet: /paths from the site root, relative paths and #anchors from the page that renders it", async () => {
    const files = linkSite({
      'guides/intro': '## Install\n\nRun it.\n\n<Snippet file="next-steps.mdx" />\n',
      'guides/setup': '## Configure\n\nSet it.\n',
    });
    files['snippets/next-steps.mdx'] =
      '## Next steps\n\nRead [setup](/guides/setup#configure), [the old page](/guides/old), [setup again](setup), [a sibling typo](setpu), [install](#install), [the steps](#next-steps) and [a missing heading](#uninstall).\n';
    files['snippets/unused.mdx'] = 'See [a relative page](nowhere) and [an absolute one](/nowhere).\n';
    // The whole site's check, snippet files included (as the CLI and the editor check them).
    const { index, ws } = await indexFrom(files);
    const snippets = new Map<string, PageDocument>();
    for (const rel of index.site.files) if (isSnippetFile(rel)) snippets.set(rel, parsePage(`${ROOT}/${rel}`, ws.files.get(`${ROOT}/${rel}`) ?? ''));
    const findings = checkAll(index, { mermaid: TEST_MERMAID }, snippets).filter((f) => f.ruleId === 'link-broken');
    assert.deepEqual(
      findings.map((f) => `${f.path.split('/site/').pop()}: ${f.message}`),
      [
        'snippets/next-steps.mdx: No page or file "/guides/old" in this site.',
        'snippets/next-steps.mdx: No page or file "setpu" in this site (read from "guides/intro", which renders this snippet).',
        'snippets/next-steps.mdx: No heading "#uninstall" on "guides/intro", which renders this snippet. Did you mean "#install"?',
        'snippets/unused.mdx: No page or file "/nowhere" in this site.',
      ],
    );
  });
});

describe('link-broken: links inside a snippet another snippet renders', () => {
  /** guides/intro renders snippets/outer.mdx, which renders snippets/inner.mdx (imported, or through <Snippet file>). */
  const site = (outer: string) => {
    const files = linkSite({ 'guides/intro': '## Install\n\nRun it.\n\n<Snippet file="outer.mdx" />\n', 'guides/setup': '## Configure\n\nSet it.\n' });
    files['snippets/outer.mdx'] = outer;
    files['snippets/inner.mdx'] =
      '## More\n\nRead [setup](setup), [a sibling typo](setpu), [install](#install), [more](#more) and [a missing heading](#uninstall).\n';
    return files;
  };
  const snippetFindings = async (files: Record<string, string>) => {
    const { index, ws } = await indexFrom(files);
    const snippets = new Map<string, PageDocument>();
    for (const rel of index.site.files) if (isSnippetFile(rel)) snippets.set(rel, parsePage(`${ROOT}/${rel}`, ws.files.get(`${ROOT}/${rel}`) ?? ''));
    return checkAll(index, { mermaid: TEST_MERMAID }, snippets)
      .filter((f) => f.ruleId === 'link-broken')
      .map((f) => `${f.path.split('/site/').pop()}: ${f.message}`);
  };
  const fromIntro = [
    'snippets/inner.mdx: No page or file "setpu" in this site (read from "guides/intro", which renders this snippet).',
    'snippets/inner.mdx: No heading "#uninstall" on "guides/intro", which renders this snippet. Did you mean "#install"?',
  ];
  it('resolves its relative links and #anchors from the page that shows it, whichever way the outer snippet renders it', async () => {
    assert.deepEqual(await snippetFindings(site("import Inner from '/snippets/inner.mdx';\n\n<Inner />\n")), fromIntro);
    assert.deepEqual(await snippetFindings(site('<Snippet file="inner.mdx" />\n')), fromIntro);
    // A cycle of snippets ends (each file is followed once).
    assert.deepEqual(await snippetFindings(site('<Snippet file="inner.mdx" />\n\n<Snippet file="outer.mdx" />\n')), fromIntro);
  });
  it('checks them as when the page renders the snippet itself, and not at all when nothing renders the outer snippet', async () => {
    const direct = linkSite({ 'guides/intro': '## Install\n\nRun it.\n\n<Snippet file="inner.mdx" />\n', 'guides/setup': '## Configure\n\nSet it.\n' });
    direct['snippets/inner.mdx'] = site('')['snippets/inner.mdx'];
    assert.deepEqual(await snippetFindings(direct), fromIntro);
    const unrendered = site('<Snippet file="inner.mdx" />\n');
    unrendered['guides/intro.mdx'] = unrendered['guides/intro.mdx'].replace('<Snippet file="outer.mdx" />', '');
    assert.deepEqual(await snippetFindings(unrendered), []);
  });
});

describe('link-broken: a page too large to read in full', () => {
  const filler = 'An entry of the long log, written every day.\n\n'.repeat(Math.ceil((520 * 1024) / 46));
  const body =
    '## Log\n\nSee [setup](/guides/setup), [its install step](/guides/setup#install) and [the old page](/guides/old).\n\n' +
    filler +
    'Also `[code](/in-code)`, <!-- [a comment](/in-comment) -->, ![a picture](/missing.png) and:\n\n```md\n[fenced](/in-fence)\n```\n\nLast, <Card href="/guides/gone" title="Gone" />.\n';
  it('still reports its broken links (read by one scan of its text, not a parse), where they are written', async () => {
    const files = linkSite({ log: body, 'guides/setup': '## Install\n\nRun it.\n' });
    const lineOf = (text: string) => files['log.mdx'].split('\n').findIndex((l) => l.includes(text));
    const findings = (await check(files)).filter((f) => f.ruleId === 'link-broken');
    assert.deepEqual(
      findings.map((f) => [f.range.start.line, f.message]),
      [
        [lineOf('/guides/old'), 'No page or file "/guides/old" in this site.'],
        [lineOf('/guides/gone'), 'No page or file "/guides/gone" in this site.'],
      ],
    );
    assert.ok(
      (await check(files)).some((f) => f.ruleId === 'page-too-large'),
      'the page is not parsed',
    );
  });
});

describe('code-sample-syntax: a sample that is not in the language of its label', () => {
  it('reports a JavaScript block that runs on into the next fence (its closing fence missing), and a JSON block that starts with an HTTP request line', async () => {
    const runOn = pageSite('## Quickstart\n\n<CodeGroup>\n```javascript javascript\nconst a = 1;\n\n```python python\nprint(1)\n```\n</CodeGroup>\n');
    assert.deepEqual(await ruleMessages(runOn, 'code-sample-syntax'), [
      'example.mdx: This JavaScript sample does not parse: the block runs on into "```python python": its closing fence is missing before that line (line 3, column 1 of the block). Fix it, or mark the block as partial (`javascript partial=true`) if it is a fragment.',
    ]);
    const request = pageSite('## Request\n\n```json Request\nPOST /api/transaction/encode\n{\n  "transaction": {}\n}\n```\n');
    assert.deepEqual(await ruleMessages(request, 'code-sample-syntax'), [
      'example.mdx: This JSON sample does not parse: its first line is an HTTP request line (POST …): label the block `http` (line 1, column 1 of the block). Fix it, or mark the block as partial (`json partial=true`) if it is a fragment.',
    ]);
  });
  it('says nothing of the same blocks closed and labelled for what they hold', async () => {
    const closed = pageSite('## Quickstart\n\n<CodeGroup>\n```javascript javascript\nconst a = 1;\n```\n\n```python python\nprint(1)\n```\n</CodeGroup>\n');
    assert.deepEqual(await ruleMessages(closed, 'code-sample-syntax'), []);
    const request = pageSite('## Request\n\n```http Request\nPOST /api/transaction/encode\n{\n  "transaction": {}\n}\n```\n');
    assert.deepEqual(await ruleMessages(request, 'code-sample-syntax'), []);
  });
});

// Findings that public sites showed to be false, each beside its nearest true neighbour.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageSite } from '../../server/src/rules/page-utils';
import { check } from '../helpers';

const ruleMessages = async (files: Record<string, string>, rule: string) =>
  (await check(files)).filter((f) => f.ruleId === rule).map((f) => `${f.path.split('/').pop()}: ${f.message}`);

/** A site of pages named by file, each with the front matter given. */
function titledSite(pages: Record<string, string>): Record<string, string> {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Acme',
      favicon: 'https://acme.dev/favicon.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'Guides', pages: Object.keys(pages) }],
    }),
  };
  for (const [id, fm] of Object.entries(pages)) files[`${id}.mdx`] = `---\n${fm}\n---\n\n## Overview\n\nText.\n`;
  return files;
}

describe('page-description: an external-link entry', () => {
  it('asks no description of a page whose front matter has url: (the navigation links away; the page is never shown)', async () => {
    const fm = '---\ntitle: "npm package"\nurl: "https://www.npmjs.com/package/acme"\n---\n\n';
    assert.deepEqual(await ruleMessages(pageSite('', { frontmatter: fm }), 'page-description'), []);
  });
  it('still asks one of the same page without url:', async () => {
    const fm = '---\ntitle: "npm package"\n---\n\n';
    assert.deepEqual(await ruleMessages(pageSite('## Install\n\nRun it.\n', { frontmatter: fm }), 'page-description'), [
      'example.mdx: The front matter has no description: add one sentence that states what the page is for.',
    ]);
  });
});

describe('page-description: a page naming an SDK symbol', () => {
  it("asks no description of a page with sdk: front matter (it shows its symbol's), and no longer when it writes an empty one", async () => {
    const fm = (extra: string) => `---\ntitle: "Client"\n${extra}sdk: "class Client"\n---\n\n`;
    assert.deepEqual(await ruleMessages(pageSite('Create one per process.\n', { frontmatter: fm('') }), 'page-description'), []);
    assert.deepEqual(await ruleMessages(pageSite('Create one per process.\n', { frontmatter: fm('description: ""\n') }), 'page-description'), [
      'example.mdx: The description is empty: write one sentence that states what the page is for.',
    ]);
  });
});

describe('page-title: the title left as the file name', () => {
  const d = 'description: "What the page helps the reader do, in one sentence."';
  it('takes a one-word title equal to the file name, or one the page writes in code, as a name (pgvector, n8n, dotenvx, an API method, a provider)', async () => {
    const site = titledSite({
      pgvector: `title: "pgvector"\n${d}`,
      n8n: `title: "n8n"\n${d}`,
      dotenvx: `title: "dotenvx"\n${d}`,
      'storage.buckets.create': `title: "storage.buckets.create"\n${d}`,
    });
    assert.deepEqual(await ruleMessages(site, 'page-title'), []);
    const provider = titledSite({ 'aws-bedrock': `title: aws-bedrock\n${d}` });
    provider['aws-bedrock.mdx'] += '\nSet `provider aws-bedrock` in the client.\n';
    assert.deepEqual(await ruleMessages(provider, 'page-title'), [], 'a slug the page writes in code is an identifier');
  });
  it('reports a slug of several words left as the title', async () => {
    const site = titledSite({
      'getting-started': `title: "getting-started"\n${d}`,
      api_keys: `title: "api_keys"\n${d}`,
      'pg-vector': `title: "pg-vector"\n${d}`,
    });
    assert.deepEqual((await ruleMessages(site, 'page-title')).sort(), [
      'api_keys.mdx: The title "api_keys" is the file name; write the title a reader would search for.',
      'getting-started.mdx: The title "getting-started" is the file name; write the title a reader would search for.',
      'pg-vector.mdx: The title "pg-vector" is the file name; write the title a reader would search for.',
    ]);
  });
});

describe('orphan-page: pages the site reaches without its navigation', () => {
  const page = (title: string) => `---\ntitle: "${title}"\ndescription: "The ${title} page of the example site."\n---\n\n## Overview\n\nText.\n`;
  const site = (config: object, ids: string[]) => {
    const files: Record<string, string> = { 'docs.json': JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#0D9373' }, ...config }) };
    for (const id of ids) files[`${id}.mdx`] = page(id);
    return files;
  };
  const orphans = async (files: Record<string, string>) =>
    (await check(files)).filter((f) => f.ruleId === 'orphan-page').map((f) => f.path.split('/site/').pop());
  const nav = { groups: [{ group: 'Guides', pages: ['quickstart'] }] };
  it('takes the home page index, and pages that navbar, footer and logo links lead to, as reached', async () => {
    const chrome = {
      navbar: { links: [{ label: 'Status', href: '/status' }], primary: { type: 'button', label: 'Support', href: '/contact-support' } },
      footer: { links: [{ header: 'Company', items: [{ label: 'Terms', href: '/legal/terms' }] }] },
      logo: { light: '/logo.svg', dark: '/logo.svg', href: '/about' },
    };
    assert.deepEqual(await orphans(site({ navigation: nav, ...chrome }, ['index', 'quickstart', 'status', 'contact-support', 'legal/terms', 'about'])), []);
  });
  it('still reports the same pages when nothing leads to them (and a folder index that is not the home page)', async () => {
    assert.deepEqual((await orphans(site({ navigation: nav }, ['quickstart', 'status', 'legal/index']))).sort(), ['legal/index.mdx', 'status.mdx']);
  });
});

describe('llms-txt: a hand-written file is held to what the format requires', () => {
  const withLlms = (llms: string) => pageSite('## Overview\n\nText.\n', { pages: ['quickstart'], extra: { 'llms.txt': llms } });
  const lines = async (llms: string) =>
    (await check(withLlms(llms))).filter((f) => f.ruleId === 'llms-txt').map((f) => `${f.range.start.line + 1}: ${f.message}`);
  it('accepts a name followed by any Markdown: prose, no summary, a section of prose and plain items, headings of any level, a second H1', async () => {
    const text =
      '# Acme\n\nAcme keeps notes. Read the [quickstart](/quickstart) first.\n\n### Concepts\n\nA note holds text.\n\n## Guides\n\nSome prose in a section.\n\n- Quickstart: /quickstart\n- [Example](example.md) - the example page\n\n## Optional\n\n- [Quickstart](quickstart.md)\n\n## Empty\n\n# Appendix\n\n```md\n- [Not a link](nowhere.md)\n```\n';
    assert.deepEqual(await lines(text), []);
  });
  it('reports what is broken in the same file: a link that leads nowhere (in prose or in a list), and a file that does not start with the name', async () => {
    const text = '# Acme\n\nAcme keeps notes. Read the [quickstart](/quikstart) first.\n\n## Guides\n\n- [Example](exmaple.md): the example page\n';
    assert.deepEqual(await lines(text), [
      '3: The link "/quikstart" leads to no page or file of the site.',
      '7: The link "exmaple.md" leads to no page or file of the site.',
    ]);
    assert.deepEqual(await lines('Acme docs\n\n## Guides\n\n- [Example](example.md)\n'), [
      '1: llms.txt must start with the site name as a level-1 heading ("# Name").',
    ]);
  });
});

describe('audience on navigation groups and pages (create/audiences, newer than the pinned documentation)', () => {
  const site = (group: object, fm: string) => ({
    'docs.json': JSON.stringify({
      name: 'Acme',
      theme: 'mint',
      colors: { primary: '#0A6B55' },
      navigation: { groups: [{ group: 'Guides', pages: ['example'], ...group }] },
    }),
    'example.mdx': `---\ntitle: "Feature flags"\ndescription: "Turn a feature on for some readers before everyone."\n${fm}---\n\n## Overview\n\nText.\n`,
  });
  const findings = async (files: Record<string, string>) => (await check(files)).map((f) => `${f.ruleId}: ${f.message}`);
  it('accepts audience as one name or a list, on a group and in front matter', async () => {
    assert.deepEqual(await findings(site({ audience: 'internal' }, 'audience: ["internal", "beta"]\n')), []);
    assert.deepEqual(await findings(site({ audience: ['default', 'beta'] }, 'audience: internal\n')), []);
  });
  it('reports a misspelt key and a value of the wrong kind beside it', async () => {
    const got = await findings(site({ audiance: 'internal' }, 'audience:\n  name: internal\n'));
    assert.equal(got.length, 2, got.join('\n'));
    assert.match(
      got.find((f) => f.startsWith('config'))!,
      /audiance.*audience/,
    );
    assert.match(
      got.find((f) => f.startsWith('frontmatter'))!,
      /"audience"/,
    );
  });
});

describe('playground: auth in front matter (api-playground/overview)', () => {
  const fm = (value: string) =>
    `---\ntitle: "Create a note"\ndescription: "Create a note with the Acme API in one request."\napi: "POST /notes"\nplayground: ${value}\ngroups: ["admin"]\npublic: true\n---\n\n`;
  const schema = async (value: string) =>
    (await check(pageSite('## Overview\n\nText.\n', { frontmatter: fm(value) }))).filter((f) => f.ruleId === 'frontmatter-schema').map((f) => f.message);
  it('accepts auth beside the other documented values', async () => {
    assert.deepEqual(await schema('auth'), []);
    assert.deepEqual(await schema('simple'), []);
  });
  it('still reports a value the format does not know', async () => {
    assert.deepEqual(await schema('authenticated'), ['"playground" must be one of "interactive", "simple", "none", "auth", not the text "authenticated".']);
  });
});

describe('auth-header: a site that declares no scheme', () => {
  // The 0xsequence site: mint.json sets no api.auth, its API pages show "Authorization: Token <token>".
  const site = (api: object | undefined) => {
    const files = pageSite('## Call\n\n```bash Terminal\ncurl https://api.acme.example/v1/notes \\\n  -H "Authorization: Token <token>"\n```\n', {
      frontmatter: '---\ntitle: "List notes"\ndescription: "Lists the notes of the account."\napi: "GET https://api.acme.example/v1/notes"\n---\n\n',
    });
    const config = JSON.parse(files['docs.json']);
    if (api) config.api = api;
    return { ...files, 'docs.json': JSON.stringify(config) };
  };
  it('leaves the Token scheme alone when neither docs.json nor an OpenAPI file names one (the format has no default)', async () => {
    assert.deepEqual(await ruleMessages(site(undefined), 'auth-header'), []);
  });
  it('still reports it when docs.json says bearer', async () => {
    assert.deepEqual(await ruleMessages(site({ auth: { method: 'bearer' } }), 'auth-header'), [
      'example.mdx: "Authorization: Token" uses the Token scheme, but the site\'s API expects Bearer (api.auth.method is "bearer"). Show "Authorization: Bearer <API_KEY>", or set the method in docs.json if the API really uses Token.',
    ]);
  });
});

describe('a root skill.md is the agent skill file, not a page', () => {
  // mintlify/docs: skill.md at the root overrides the generated skill file; it has name/description and a # heading.
  const skill = '---\nname: acme\ndescription: Use the Acme API to create and find notes.\n---\n\n# Acme notes\n\n```\nnpm i acme\n```\n';
  const findings = async (path: string) =>
    (await check(pageSite('## Overview\n\nText.\n', { extra: { [path]: skill } })))
      .filter((f) => f.path.endsWith(path))
      .map((f) => f.ruleId)
      .sort();
  it('checks nothing in skill.md at the site root', async () => {
    assert.deepEqual(await findings('skill.md'), []);
  });
  it('still checks a page named skill.md in a folder', async () => {
    assert.deepEqual(await findings('guides/skill.md'), ['code-language', 'heading-h1', 'orphan-page']);
  });
});

describe('page-title: front matter without a title', () => {
  // adamik: `get_started/quick_start.mdx` has front matter (icon) and no title; the format titles it "Quick start".
  const site = (fm: string) => titledSite({ quick_start: `${fm}\ndescription: "Make a first call to the API in five minutes."` });
  it('asks no title of front matter that has none (the format makes it from the file path)', async () => {
    assert.deepEqual(await ruleMessages(site('icon: "rocket"'), 'page-title'), []);
  });
  it('still reports an empty title, and a page with no front matter at all', async () => {
    assert.deepEqual(await ruleMessages(site('title: ""'), 'page-title'), ['quick_start.mdx: The title is empty.']);
    const bare = titledSite({});
    bare['quick_start.mdx'] = '## Overview\n\nText.\n';
    assert.deepEqual(await ruleMessages(bare, 'page-title'), [
      'quick_start.mdx: The page has no front matter: start it with a --- block holding title and description.',
    ]);
  });
});

describe('html-element-dropped: <label>, which the format renders', () => {
  // mintlify/docs customize/themes.mdx captions a card grid with <label className="eyebrow …">.
  const info = async (tag: string) =>
    ruleMessages(pageSite(`## Themes\n\n<div>\n  <${tag} className="eyebrow">Core concepts</${tag}>\n</div>\n`), 'html-element-dropped');
  it('keeps <label> and reports nothing', async () => {
    assert.deepEqual(await info('label'), []);
  });
  it('still reports an element outside the list', async () => {
    assert.deepEqual(await info('blink'), [
      'example.mdx: <blink> is not an HTML element that pages may hold: the element is left out and only its content is shown.',
    ]);
  });
});

describe('code-language: a closing fence written less indented than its list item', () => {
  // cloudanix: "1. Install Boto3:\n   ```bash\n   pip install boto3\n```" — the outdented fence opens a new block.
  const messages = async (fence: string) =>
    ruleMessages(pageSite(`## Install\n\n1. Install the client:\n   \`\`\`bash\n   pip install acme\n${fence}\n\n2. Configure it.\n`), 'code-language');
  it('says to indent the fence rather than to name a language', async () => {
    assert.deepEqual(await messages('```'), [
      'example.mdx: This fence opens a new code block instead of closing the one above, which its list item ended unclosed: indent this fence like the opening one.',
    ]);
  });
  it('says nothing when the fence is indented, and asks a language of a bare block after a closed one', async () => {
    assert.deepEqual(await messages('   ```'), []);
    const bare = pageSite('## Install\n\n1. Install the client:\n   ```bash\n   pip install acme\n   ```\n\n```\nacme --version\n```\n');
    assert.deepEqual(await ruleMessages(bare, 'code-language'), [
      'example.mdx: This code block does not name its language: write it after the opening fence (```bash, ```json, ```text).',
    ]);
  });
});

const ONE_PAGE_CONFIG = JSON.stringify({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0D6E4F' },
  navigation: { groups: [{ group: 'All', pages: ['p'] }] },
});
const imagePage = (body: string) => `---\ntitle: "Images"\ndescription: "Images with alt text written in several ways."\n---\n\n${body}\n`;

async function linesOf(ruleId: string, body: string): Promise<number[]> {
  return (await check({ 'docs.json': ONE_PAGE_CONFIG, 'p.mdx': imagePage(body), 'a.png': '' }))
    .filter((f) => f.ruleId === ruleId)
    .map((f) => f.range.start.line - 5);
}

describe('image-alt', () => {
  it('reads alt={"…"} and alt={`…`} as the text they give, and an alt an expression computes as given', async () => {
    const body = [
      '<img src="/a.png" alt={"The dashboard listing three notes"} />',
      '<img src="/a.png" alt={\'The dashboard, again\'} />',
      '<img src="/a.png" alt={`The dashboard, once more`} />',
      '<img src="/a.png" alt={labels.dashboard} />',
      '<img src="/a.png" alt={""} />',
      '<img src="/a.png" alt={"screenshot"} />',
      '<img src="/a.png" />',
    ].join('\n\n');
    assert.deepEqual(await linesOf('image-alt', body), [8, 10, 12]);
  });
});

describe('frontmatter-schema', () => {
  const fm = (keys: string) => `---\ntitle: "Keys"\ndescription: "Front matter keys, documented and custom."\n${keys}\n---\n\nText.\n`;
  const keysReported = async (keys: string) =>
    (await check({ 'docs.json': ONE_PAGE_CONFIG, 'p.mdx': fm(keys) }))
      .filter((f) => f.ruleId === 'frontmatter-schema')
      .map((f) => /"([^"]+)"/.exec(f.message)?.[1]);

  it('reports a documented key in another case even where it ends like another key (sideBarTitle), not a custom compound (ogTitle)', async () => {
    assert.deepEqual(await keysReported('sideBarTitle: "Keys"'), ['sideBarTitle']);
    assert.deepEqual(await keysReported('SidebarTitle: "Keys"'), ['SidebarTitle']);
    assert.deepEqual(await keysReported('ogTitle: "Keys"\nseoTitle: "Keys"\ntitle-2: "Keys"'), []);
  });
});

describe('api-operation-duplicate', () => {
  it('takes the translations of one operation page for translations, and two pages in one language for duplicates', async () => {
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Acme', version: '1' },
      paths: { '/notes': { get: { summary: 'List notes', responses: { '200': { description: 'OK' } } } } },
    });
    const op = (title: string) =>
      `---\ntitle: "${title}"\ndescription: "Return the notes of your account, newest first."\nopenapi: "GET /notes"\n---\n\nNotes.\n`;
    const config = JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D6E4F' },
      openapi: 'openapi.json',
      navigation: {
        languages: [
          { language: 'en', default: true, groups: [{ group: 'API', pages: ['en/list', 'en/list-again'] }] },
          { language: 'ar', groups: [{ group: 'API', pages: ['ar/list'] }] },
          { language: 'fr', groups: [{ group: 'API', pages: ['fr/list'] }] },
        ],
      },
    });
    const messages = await ruleMessages(
      {
        'docs.json': config,
        'openapi.json': spec,
        'en/list.mdx': op('List notes'),
        'en/list-again.mdx': op('List notes again'),
        'ar/list.mdx': op('قائمة'),
        'fr/list.mdx': op('Lister'),
      },
      'api-operation-duplicate',
    );
    assert.deepEqual(
      messages.map((m) => m.split(':')[0]),
      ['list-again.mdx', 'list.mdx'],
    );
    assert.ok(
      messages.every((m) => !/"(ar|fr)\//.test(m)),
      messages.join('\n'),
    );
  });
});

describe('link-broken: .. past the site root', () => {
  it('reads a link that climbs past the root as a browser does (at the root), and reports it only when no page is there', async () => {
    const config = JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D6E4F' },
      navigation: { groups: [{ group: 'All', pages: ['quickstart', 'guides/setup'] }] },
    });
    const fm = (title: string) => `---\ntitle: "${title}"\ndescription: "A page of the link test site, linking upwards."\n---\n\n`;
    const messages = await ruleMessages(
      {
        'docs.json': config,
        'quickstart.mdx': fm('Quickstart') + '## Start here\n\nGo.\n',
        'guides/setup.mdx':
          fm('Setup') + 'See [quickstart](../../quickstart), [its start](../../../quickstart#start-here), [home](../../) and [nothing](../../nowhere).\n',
      },
      'link-broken',
    );
    assert.deepEqual(messages, ['setup.mdx: No page or file "/nowhere" in this site.']);
  });
});

describe('redirect-invalid: a source with an anchor', () => {
  it('takes no part in a chain (no loop through /old#a -> /old#b), and is still reported itself', async () => {
    const redirects = [
      { source: '/old#a', destination: '/old#b' },
      { source: '/old', destination: '/quickstart' },
      { source: '/x', destination: '/y' },
      { source: '/y', destination: '/x' },
    ];
    const config = JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D6E4F' },
      redirects,
      navigation: { groups: [{ group: 'All', pages: ['quickstart'] }] },
    });
    const messages = await ruleMessages(
      { 'docs.json': config, 'quickstart.mdx': '---\ntitle: "Quickstart"\ndescription: "Start here."\n---\n\nGo.\n' },
      'redirect-invalid',
    );
    assert.deepEqual(
      messages.map((m) => m.replace(/^docs\.json: Redirect /, '').replace(/:.*$/, '')),
      ['"/old#a" -> "/old#b"', '"/x" -> "/y"'],
    );
    assert.match(messages[1], /loop/);
  });
});

describe('no-secrets: model ids and obvious placeholders', () => {
  it('takes a tokenizer model id and a key that says it goes here for what they are, and still reports a random key', async () => {
    const code = [
      '```python',
      'tokenizer = "lmsys/vicuna-7b-v1.5-16k-abcdefgh"',
      'api_key = "123abc_my_api_key_goes_here"',
      'ACCESS_TOKEN = "paste_the_long_token_here"',
      'api_key = "ak9Fq2LmZ7xR4tW8pV3nB6cY1hJ5dK0s"',
      '```',
    ].join('\n');
    const messages = await ruleMessages(pageSite(`## Keys\n\n${code}\n`), 'no-secrets');
    assert.equal(messages.length, 1, messages.join('\n'));
  });
});

describe('heading-increment: HTML headings', () => {
  it('counts an <h2> written as HTML (in a <div> too) as the level the next heading follows, and still reports a skip after it', async () => {
    const messages = await ruleMessages(
      pageSite('<div className="hero">\n  <h2>Overview</h2>\n</div>\n\n### Details\n\nText.\n\n<h2>Reference</h2>\n\n##### Deep\n\nText.\n'),
      'heading-increment',
    );
    assert.deepEqual(messages, ['example.mdx: Heading level 5 follows level 2: expected level 3 (###).']);
  });
});

describe('auth-header: placeholder words after the scheme', () => {
  // A public site showed "Authorization: Bearer token" on 70 API pages, each called a real credential.
  const site = (header: string) => {
    const files = pageSite(`## Call\n\n\`\`\`bash Terminal\ncurl https://api.acme.example/v1/notes \\\n  -H "Authorization: ${header}"\n\`\`\`\n`, {
      frontmatter: '---\ntitle: "List notes"\ndescription: "Lists the notes of the account."\napi: "GET https://api.acme.example/v1/notes"\n---\n\n',
    });
    const config = JSON.parse(files['docs.json']);
    config.api = { auth: { method: 'bearer' } };
    return { ...files, 'docs.json': JSON.stringify(config) };
  };
  it('takes a word that says what goes there (token, secret, accessToken, user1-token, <token>, YOUR_API_KEY) for a placeholder', async () => {
    for (const value of ['token', 'secret', 'jwt', 'accessToken', 'my-key', 'user1-token', '<token>', 'YOUR_API_KEY'])
      assert.deepEqual(await ruleMessages(site(`Bearer ${value}`), 'auth-header'), [], value);
  });
  it('still reports a value with the digits and mixed case of an issued token, and a wrong scheme before a placeholder', async () => {
    assert.deepEqual(await ruleMessages(site('Bearer tok8Hq2LxP0vZr7TnK'), 'auth-header'), [
      'example.mdx: "tok8Hq2LxP0vZr7TnK" looks like a real credential: show it as a placeholder, "Authorization: Bearer <API_KEY>".',
    ]);
    assert.deepEqual((await ruleMessages(site('Bearer kJhGfDsAqWeRtY'), 'auth-header')).length, 1, 'letters in random case');
    assert.deepEqual((await ruleMessages(site('Bearer key-8c3b1f0e9a7d'), 'auth-header')).length, 1, 'a credential word before a random part');
    assert.deepEqual(await ruleMessages(site('Token <token>'), 'auth-header'), [
      'example.mdx: "Authorization: Token" uses the Token scheme, but the site\'s API expects Bearer (api.auth.method is "bearer"). Show "Authorization: Bearer <API_KEY>", or set the method in docs.json if the API really uses Token.',
    ]);
  });
});

describe('page-title: a title that is an identifier', () => {
  const d = 'description: "What the page helps the reader do, in one sentence."';
  it('takes a constant (an error code) and a package name the page writes in its text for names, not slugs left behind', async () => {
    const site = titledSite({ GRAPH_RECURSION_LIMIT: `title: GRAPH_RECURSION_LIMIT\n${d}`, 'prefect-azure': `title: prefect-azure\n${d}` });
    site['GRAPH_RECURSION_LIMIT.mdx'] += '\nYour graph reached the maximum number of steps.\n';
    site['prefect-azure.mdx'] += '\nInstall the prefect-azure library, then register its blocks.\n';
    assert.deepEqual(await ruleMessages(site, 'page-title'), []);
  });
  it('still reports a slug the page names only in a link, or only inside a longer word', async () => {
    const site = titledSite({ 'getting-started': `title: getting-started\n${d}`, api_keys: `title: api_keys\n${d}` });
    site['getting-started.mdx'] += '\nSee [the next step](/getting-started#next) and the getting-started-guide repository.\n';
    site['api_keys.mdx'] += '\nCreate a key in the API_KEYS settings.\n';
    assert.deepEqual((await ruleMessages(site, 'page-title')).sort(), [
      'api_keys.mdx: The title "api_keys" is the file name; write the title a reader would search for.',
      'getting-started.mdx: The title "getting-started" is the file name; write the title a reader would search for.',
    ]);
  });
});

describe('api-rate-limit: limits stated in a table', () => {
  const endpoint = '---\ntitle: "List notes"\ndescription: "List the notes of your account."\nopenapi: "GET /notes"\n---\n\n## Notes\n\nLists the notes.\n';
  const site = (limits: string) =>
    pageSite('## Overview\n\nThe Acme API.\n\n' + limits, {
      pages: ['notes'],
      extra: { 'notes.mdx': endpoint },
    });
  it('reads a number with its column header or the period beside it, in a Markdown or an HTML table', async () => {
    const tables = [
      '## Rate limits\n\nEach plan has its own.\n\n| Plan | Requests per minute |\n| --- | --- |\n| Free | 60 |\n| Pro | 600 |\n',
      '## Limits\n\n| Endpoint | Limit | RPM |\n| --- | --- | --- |\n| /notes | Standard | 120 |\n',
      '## Rate limits\n\n| Plan | Limit | Window |\n| --- | --- | --- |\n| Free | 100 | 1 minute |\n',
      '## Rate limits\n\n<table>\n  <thead>\n    <tr><th>Plan</th><th>Requests per second</th></tr>\n  </thead>\n  <tbody>\n    <tr><td>Free</td><td>5</td></tr>\n  </tbody>\n</table>\n',
    ];
    for (const table of tables) assert.deepEqual(await ruleMessages(site(table), 'api-rate-limit'), [], table);
  });
  it('still reports a site whose rate-limit table gives no numbers, or whose numbers are not limits per period', async () => {
    const expected = [
      'notes.mdx: No page of this site states the API\'s rate limits with numbers (for example "100 requests per minute"). Add them, on this page or an overview page.',
    ];
    assert.deepEqual(
      await ruleMessages(site('## Rate limits\n\n| Plan | Limit |\n| --- | --- |\n| Free | Low |\n| Pro | High |\n'), 'api-rate-limit'),
      expected,
    );
    assert.deepEqual(
      await ruleMessages(
        site('## Rate limits\n\nLimits depend on the plan.\n\n## Pricing\n\n| Plan | Seats | Minutes |\n| --- | --- | --- |\n| Free | 3 | 60 |\n'),
        'api-rate-limit',
      ),
      expected,
    );
  });
});

describe('frontmatter-schema: a custom key holding a list', () => {
  const keysReported = async (keys: string) =>
    (
      await check({
        'docs.json': ONE_PAGE_CONFIG,
        'p.mdx': `---\ntitle: "Keys"\ndescription: "Front matter keys, documented and custom."\n${keys}\n---\n\nText.\n`,
      })
    )
      .filter((f) => f.ruleId === 'frontmatter-schema')
      .map((f) => f.message);
  it('takes a list under a key one letter from a key of one value (tags beside tag, icons beside icon) for a custom key', async () => {
    assert.deepEqual(await keysReported('tags: ["beta", "api"]\nicons:\n  - star\n  - bolt\ntitles: { en: "Keys" }'), []);
  });
  it('still reports the same keys holding one value, and a list under a key one letter from a list key', async () => {
    assert.deepEqual(await keysReported('tags: "beta"\nkeyword: ["notes"]'), [
      'Unknown front matter key "tags": did you mean "tag"?',
      'Unknown front matter key "keyword": did you mean "keywords"?',
    ]);
  });
});

describe('link-broken: HTML headings', () => {
  it('takes an <h2> (and <h1>-<h4>) alone on its line as a heading with an id, as MDX makes it a block, and still reports one inside a sentence or a one-line <div>', async () => {
    const body =
      '<h2>Overview</h2>\n\n<h3 id="setup-steps">Setup</h3>\n\n<div>\n  <h4>Inside a block</h4>\n</div>\n\nRead [this](#overview), [that](#setup-steps), [there](#inside-a-block), [inline](#inline) and [one line](#one-line).\n\nSome <h4>inline</h4> text.\n\n<div><h3>One line</h3></div>\n';
    assert.deepEqual(await ruleMessages(pageSite(body), 'link-broken'), [
      'example.mdx: No heading "#inline" on this page.',
      'example.mdx: No heading "#one-line" on this page.',
    ]);
  });
});

describe('link-broken: what a browser scrolls to besides ids', () => {
  it('accepts #top (the top of any page) and an <a name>, and still reports an anchor neither gives', async () => {
    const body =
      '<a name="legacy-anchor"></a>\n\n## Overview\n\nBack to [the top](#top), [the old anchor](#legacy-anchor), [home top](/#TOP), [a typo](#topp) and [no name](#legacy).\n';
    assert.deepEqual(await ruleMessages(pageSite(body), 'link-broken'), [
      'example.mdx: No heading "#topp" on this page.',
      'example.mdx: No heading "#legacy" on this page.',
    ]);
  });
});

describe('link-broken: a component imported from a code file (.jsx)', () => {
  const widget = (imports: string, use: string) => `---\ntitle: "Widget"\ndescription: "The widget page."\n---\n\n${imports}\n\n## Setup\n\n${use}\n`;
  /** The example page links to `links` (on the widget page), which imports components from snippets/widget.jsx. */
  const site = (component: string, links: string, imports = "import { Widget } from '/snippets/widget.jsx';", use = '<Widget />') =>
    pageSite(`See ${links}.\n`, { extra: { 'widget.mdx': widget(imports, use), 'snippets/widget.jsx': component }, pages: ['widget'] });
  const generator =
    'export const Widget = () => {\n  const [hue, setHue] = useState(180);\n  return (\n    <div id="generator" className="p-4">\n      <Swatch hue={hue} />\n      <Note>Drag it.</Note>\n    </div>\n  );\n};\n\nconst Swatch = ({ hue }) => <span id="swatch" style={{ color: `hsl(${hue}, 50%, 50%)` }} />;\n';

  it('takes the ids its code writes (its helpers too) for the page’s, and still reports an anchor it does not write', async () => {
    assert.deepEqual(
      await ruleMessages(site(generator, '[it](/widget#generator), [its swatch](/widget#swatch) and [setup](/widget#setup)'), 'link-broken'),
      [],
    );
    assert.deepEqual(await ruleMessages(site(generator, '[it](/widget#generator) and [a typo](/widget#generater)'), 'link-broken'), [
      'example.mdx: No heading "#generater" on "widget". Did you mean "#generator"?',
    ]);
  });
  it('reads `export function`, `export { X as Y }` and `export default` the same way, and a default import of the file', async () => {
    const forms =
      'function Panel() {\n  return <section id="panel">Panel</section>;\n}\nexport { Panel as Widget };\nexport default function Main() {\n  return <main id="main" />;\n}\nexport function Other() {\n  return <div id="other" />;\n}\n';
    const imports = "import Main, { Widget, Other } from '/snippets/widget.jsx';";
    const use = '<Widget />\n\n<Main />\n\n<Other />';
    assert.deepEqual(
      await ruleMessages(site(forms, '[a](/widget#panel), [b](/widget#main), [c](/widget#other) and [d](/widget#nothing)', imports, use), 'link-broken'),
      ['example.mdx: No heading "#nothing" on "widget".'],
    );
  });
  it('accepts any anchor of a page whose component makes ids at run time, cannot be read (TypeScript, too long) or is missing', async () => {
    const link = '[it](/widget#generated-7)';
    const runtime = [
      'export const Widget = ({ n }) => <div id={`generated-${n}`} />;\n',
      'export const Widget = () => {\n  useEffect(() => {\n    document.getElementById("root").id = "generated-7";\n  }, []);\n  return <div id="root" />;\n};\n',
      'export const Widget = (props) => <div {...props} />;\n',
      'export const Widget = (): JSX.Element => <div id="x" />;\n',
      'export const Widget = () => <div id="x" />;\n' + '// filler\n'.repeat(30_000),
    ];
    for (const component of runtime) assert.deepEqual(await ruleMessages(site(component, link), 'link-broken'), [], component.slice(0, 80));
    assert.deepEqual(await ruleMessages(site(generator, link, "import { Widget } from '/snippets/gone.jsx';"), 'link-broken'), []);
    // The same link to a page whose component writes only fixed ids is reported.
    assert.deepEqual(await ruleMessages(site(generator, link), 'link-broken'), ['example.mdx: No heading "#generated-7" on "widget".']);
  });
});

describe('component-attribute-value: a boolean written as text', () => {
  const page = (value: string) =>
    pageSite(
      `## Fields\n\n<ResponseField name="user" type="object">\n  <Expandable title="properties" defaultOpen="${value}">\n    Inside.\n  </Expandable>\n</ResponseField>\n`,
    );
  it('takes defaultOpen="True" as the true it reads as (components test the prop for truth)', async () => {
    assert.deepEqual(await ruleMessages(page('True'), 'component-attribute-value'), []);
  });
  it('reports defaultOpen="False", which reads as true too', async () => {
    assert.deepEqual(await ruleMessages(page('False'), 'component-attribute-value'), [
      'example.mdx: defaultOpen="False" of <Expandable> is text, which <Expandable> reads as true: write defaultOpen={false} or leave it out.',
    ]);
  });
});

describe('code-sample-syntax: parts of a larger file and annotated samples', () => {
  const block = (lang: string, code: string) => pageSite('## Sample\n\n```' + lang + '\n' + code + '\n```\n');
  it('reads a docs.json part given as its members, a JSON sample with comments, a <name> in a TOML table name, and the members of a JavaScript object', async () => {
    assert.deepEqual(
      await ruleMessages(block('json', '"seo": {\n    "metatags": {\n        "og:image": "link to your image"\n    }\n}'), 'code-sample-syntax'),
      [],
    );
    assert.deepEqual(
      await ruleMessages(
        block('json', '{\n  "read": {\n    "token": true, // Token information support\n    "validators": true\n  }\n}'),
        'code-sample-syntax',
      ),
      [],
    );
    assert.deepEqual(await ruleMessages(block('toml', '[mcp_servers.<your-mcp-server-name>]\nurl = "<your-mcp-server-url>"'), 'code-sample-syntax'), []);
    assert.deepEqual(await ruleMessages(block('js', 'hooks: {\n  event(event) {\n    console.log(event.type);\n  },\n}'), 'code-sample-syntax'), []);
  });
  it('still reports a trailing comma inside such a part', async () => {
    assert.deepEqual(await ruleMessages(block('json', '"integrations": {\n    "segment": {\n        "key": "required",\n    }\n}'), 'code-sample-syntax'), [
      'example.mdx: This JSON sample does not parse: a comma before a closing bracket (JSON allows none) (line 3, column 26 of the block). Fix it, or mark the block as partial (`json partial=true`) if it is a fragment.',
    ]);
  });
});

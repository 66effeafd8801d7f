// Patterns found on public sites of this format that must not be reported (each was a false
// alarm once), next to the real problems of the same shape that must be.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageSite } from '../../server/src/rules/page-utils';
import { MemoryWorkspace } from '../../server/src/workspace';
import { checkSnippet } from '../../server/src/check';
import { parsePage } from '../../server/src/pages/parse';
import { applyFix, check, indexFrom, ROOT, summarize } from '../helpers';

async function ids(body: string, options?: Parameters<typeof pageSite>[1]) {
  return summarize(await check(pageSite(body, options))).map((s) => s.split(' ')[0]);
}

describe('real-site patterns', () => {
  it('reports <Frame type="glass">: the format\'s Frame reads no type and its docs name none', async () => {
    assert.deepEqual(
      await ids('## A\n\n<Frame type="glass" caption="Session">\n  <img src="/a.png" alt="The session view" />\n</Frame>\n', { extra: { 'a.png': '' } }),
      ['component-attribute-unknown'],
    );
    assert.deepEqual(await ids('## A\n\n<Frame caption="Session">\n  <img src="/a.png" alt="The session view" />\n</Frame>\n', { extra: { 'a.png': '' } }), []);
  });

  it("accepts links into pages generated from an anchor's OpenAPI file", async () => {
    const files = pageSite('## Next\n\nSee [chain details](/api-reference/chain/get-chain-details) and [a typo](/guides/nope).\n');
    const config = JSON.parse(files['docs.json']);
    config.anchors = [{ name: 'API', url: 'api-reference', openapi: 'https://example.com/openapi.json' }];
    files['docs.json'] = JSON.stringify(config);
    assert.deepEqual(
      summarize(await check(files)).map((s) => s.split(' ')[0]),
      ['openapi-not-fetched', 'link-broken'],
    );
  });

  it('accepts an Expandable at the top level, not inside an unrelated component', async () => {
    assert.deepEqual(
      await ids('## Returns\n\n<Expandable title="properties">\n  <ResponseField name="data" type="string">The data.</ResponseField>\n</Expandable>\n'),
      [],
    );
    assert.deepEqual(await ids('## Codes\n\n<Expandable title="Supported language codes">\n- `ar` - Arabic\n</Expandable>\n'), []);
    assert.deepEqual(await ids('## Codes\n\n<Note>\n  <Expandable title="more">\n    Some prose.\n  </Expandable>\n</Note>\n'), ['component-nesting']);
  });

  it('resolves anchors the way the format slugs headings', async () => {
    const body =
      "## Config.json options\n\n## Fees & billing\n\n## What's new\n\n## Setup\n\n## Setup\n\n[a](#config-json-options) [b](#fees-&-billing) [c](#what’s-new) [d](#setup-2) [e](#whats-new) [f](#setup-1)\n";
    const findings = await check(pageSite(body));
    // The format curls the title before it slugs it (remark-smartypants runs first), as its docs say: "#what’s-new".
    assert.deepEqual(
      findings.map((f) => f.message),
      ['No heading "#whats-new" on this page. Did you mean "#what’s-new"?', 'No heading "#setup-1" on this page. Did you mean "#setup-2"?'],
    );
  });

  it('does not ask for rate limits on sites that only document config options', async () => {
    assert.deepEqual(await ids('## Options\n\n<ParamField path="retry_policy" type="string">Name of the retry policy.</ParamField>\n'), []);
  });

  it('does not take placeholders and public values for secrets', async () => {
    const code = [
      "acm.import_certificate(PrivateKey='-----BEGIN PRIVATE KEY-----\\n...', ChangeToken='abcd12f2-46da-4fdb-b8d5-fbd4c466928f')",
      'TOKEN_ADDRESS = "0xdDD0Fb7535A71CD50E4B8735C0c620D6D85d80d5"',
      'posthog_token = "phc_k2J9aL0mZx8Qw3Er7Ty6Ui5Op4As1Df2Gh"',
    ].join('\n');
    assert.deepEqual(await ids('## Example\n\n```python app.py\n' + code + '\n```\n'), []);
    const real = 'x_api_key = "9f2c4e8a1b7d3f6e0a5c9b2d8e4f1a7c3b6d0e9f2a5c8b1d4e7f0a3c6b9d2e5f"';
    assert.deepEqual(await ids('## Example\n\n```python app.py\n' + real + '\n```\n'), ['no-secrets']);
  });

  it('accepts readable placeholders after "Bearer", reports real-looking tokens', async () => {
    for (const value of ['YOUR_BEARER_TOKEN', 'your_jwt_token', 'ACCESS_TOKEN', 'mint_xxxxx', '<token>', '$ACME_TOKEN', 'eyJhbGciOiJIUzI1NiIs...']) {
      assert.deepEqual(await ids(`## Auth\n\n\`\`\`bash Terminal\ncurl -H "Authorization: Bearer ${value}" https://api.acme.example\n\`\`\`\n`), [], value);
    }
    assert.deepEqual(
      await ids('## Auth\n\n```bash Terminal\ncurl -H "Authorization: Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc" https://api.acme.example\n```\n'),
      ['auth-header'],
    );
  });

  it('leaves files matched by .mintignore out of the site', async () => {
    const files = pageSite('## Next\n\nSee [the draft](/drafts/x).\n', { extra: { '.mintignore': 'drafts/\n', 'drafts/x.mdx': 'Broken <5 MDX\n' } });
    assert.deepEqual(summarize(await check(files)), ['link-broken example.mdx:8:17']);
  });

  it('suggests the absolute path for a relative link meant from the site root', async () => {
    const files = pageSite('## Next\n\nSee [Dash0](integrations/tools/dash0).\n', {
      pages: ['guides/overview', 'integrations/tools/dash0', 'integrations/tools/datadog'],
    });
    files['guides/overview.mdx'] += '\nSee [Dash0](integrations/tools/dash0).\n';
    const finding = (await check(files)).find((f) => f.path.endsWith('guides/overview.mdx'))!;
    assert.match(finding.message, /Did you mean "\/integrations\/tools\/dash0"\?/);
    assert.equal(finding.fixes![0].title, 'Change the link to "/integrations/tools/dash0"');
  });

  it('accepts links to redirect sources (exact, :params, wildcards)', async () => {
    const files = pageSite('## Next\n\n[a](/discord) [b](/guides/old) [c](/beta/new) [d](build-on/x) [e](/nope)\n', { pages: ['guides/overview'] });
    const config = JSON.parse(files['docs.json']);
    config.redirects = [
      { source: '/discord', destination: 'https://discord.gg/abc' },
      { source: '/guides/old', destination: '/example' },
      { source: '/beta/:slug*', destination: '/guides/:slug*' },
      { source: 'build-on/*', destination: '/example' },
    ];
    files['docs.json'] = JSON.stringify(config);
    assert.deepEqual(
      (await check(files)).map((f) => f.message),
      ['No page or file "/nope" in this site.'],
    );
  });

  it('does not judge anchors of a page that imports snippets', async () => {
    const body = 'import GitlabSetup from "/snippets/gitlab-setup.mdx";\n\n## Intro\n\n[x](#gitlab-setup)\n\n<GitlabSetup />\n';
    assert.deepEqual(await ids(body, { extra: { 'snippets/gitlab-setup.mdx': '## GitLab setup\n\nConnect GitLab.\n' } }), []);
  });

  it('treats readme.mdx as a page (only README.md and friends are ignored)', async () => {
    const files = pageSite('## Next\n\nSee [the migration](/migration/readme).\n', { pages: ['migration/readme'] });
    assert.deepEqual(summarize(await check(files)), []);
  });

  it('reads multi-line quoted front matter values as gray-matter does', async () => {
    assert.deepEqual(
      await ids('## Tags\n\nTag sessions.\n', { frontmatter: "---\ntitle: Tags\ndescription: 'Tags organize your sessions.\nEx: paid-user'\n---\n\n" }),
      [],
    );
  });
});

describe('false alarms of issue 23, each beside the problem of the same shape', () => {
  const withConfig = (files: Record<string, string>, edit: (c: Record<string, unknown>) => void) => {
    const config = JSON.parse(files['docs.json']);
    edit(config);
    return { ...files, 'docs.json': JSON.stringify(config, null, 2) };
  };
  const current = (extra: Record<string, unknown>) =>
    withConfig(pageSite('## A\n\nText.\n'), (c) => {
      const pages = (c.navigation as { pages: string[] }[])[0].pages;
      delete c.navigation;
      Object.assign(c, { theme: 'mint', navigation: { groups: [{ group: 'Guides', pages }] }, ...extra });
    });

  it('checks the contrast only of the mode a site shows (current format: appearance.strict)', async () => {
    const pale = { primary: '#7DD3FC' };
    const ruleIds = async (files: Record<string, string>) => summarize(await check(files)).map((s) => s.split(' ')[0]);
    assert.deepEqual(await ruleIds(current({ colors: pale, appearance: { default: 'dark', strict: true } })), []);
    assert.deepEqual(await ruleIds(current({ colors: pale, appearance: { default: 'dark' } })), ['color-contrast']);
    assert.deepEqual(await ruleIds(current({ colors: pale, appearance: { default: 'light', strict: true } })), ['color-contrast']);
    // Forced light: the dark pair (colors.light on the dark background) is never shown.
    const darkOnDark = { primary: '#0B6E4F', light: '#1a1a1a' };
    const background = { color: { dark: '#000000' } };
    assert.deepEqual(await ruleIds(current({ colors: darkOnDark, background, appearance: { default: 'light', strict: true } })), []);
    assert.deepEqual(await ruleIds(current({ colors: darkOnDark, background, appearance: { default: 'light' } })), ['color-contrast']);
  });

  it('checks the contrast only of the mode a site shows (classic format: modeToggle)', async () => {
    const classic = (modeToggle: unknown) => withConfig(pageSite('## A\n\nText.\n'), (c) => Object.assign(c, { colors: { primary: '#7DD3FC' }, modeToggle }));
    assert.deepEqual(summarize(await check(classic({ default: 'dark', isHidden: true }))), []);
    assert.deepEqual(
      summarize(await check(classic({ default: 'dark' }))).map((s) => s.split(' ')[0]),
      ['color-contrast'],
    );
    assert.deepEqual(
      summarize(await check(classic({ isHidden: true }))).map((s) => s.split(' ')[0]),
      ['color-contrast'],
    );
  });

  it('accepts an Expandable inside a Step or Tab, still reports one inside a callout', async () => {
    const inStep =
      '## Set up\n\n<Steps>\n  <Step title="Configure">\n    Set the options.\n\n    <Expandable title="all options">\n      Every option is optional.\n    </Expandable>\n  </Step>\n</Steps>\n';
    assert.deepEqual(await ids(inStep), []);
    assert.deepEqual(
      await ids('## Set up\n\n<Tabs>\n  <Tab title="npm">\n    <Expandable title="flags">\n      None needed.\n    </Expandable>\n  </Tab>\n</Tabs>\n'),
      [],
    );
    assert.deepEqual(
      await ids(
        inStep
          .replace('<Steps>', '<Note>')
          .replace('</Steps>', '</Note>')
          .replace(/<\/?Step\b[^>]*>/g, ''),
      ),
      ['component-nesting'],
    );
  });

  it('knows the `user` of personalised content, still reports an undefined name', async () => {
    assert.deepEqual(await ids('## Welcome\n\nWelcome back, {user.firstName}! Your plan: {user.org?.plan}.\n'), []);
    assert.deepEqual(await ids('## Welcome\n\nWelcome back, {usr.firstName}!\n'), ['expression-undefined']);
  });

  it('knows the documented <Heading> component, still reports a misspelt one', async () => {
    assert.deepEqual(await ids('## A\n\n<Heading level={2} noAnchor>\nHeading without anchor link\n</Heading>\n'), []);
    assert.deepEqual(await ids('## A\n\n<Headng level={2} noAnchor>\nHeading without anchor link\n</Headng>\n'), ['component-unknown']);
    assert.deepEqual(await ids('## A\n\n<Heading level={2} noAnchr>\nHeading\n</Heading>\n'), ['component-attribute-unknown']);
  });
});

describe("auth-header: the scheme of the site's API", () => {
  const site = (
    api: Record<string, unknown> | undefined,
    body: string,
    options: { frontmatter?: string; current?: boolean; extra?: Record<string, string> } = {},
  ) => {
    const files = pageSite(body, { frontmatter: options.frontmatter, extra: options.extra });
    const config = JSON.parse(files['docs.json']);
    if (options.current) {
      const pages = config.navigation[0].pages;
      Object.assign(config, { theme: 'mint', colors: { primary: '#0B6E4F' }, navigation: { groups: [{ group: 'Guides', pages }] } });
      if (api) config.api = { mdx: { server: api.baseUrl, auth: api.auth } };
    } else if (api) config.api = api;
    return { ...files, 'docs.json': JSON.stringify(config, null, 2) };
  };
  const curl = (header: string, url = 'https://api.acme.example/v1/notes') =>
    `## Call\n\n\`\`\`bash Terminal\ncurl ${url} \\\n  -H "Authorization: ${header}"\n\`\`\`\n`;
  const bearer = { baseUrl: 'https://api.acme.example', auth: { method: 'bearer' } };
  const basic = { baseUrl: 'https://api.acme.example', auth: { method: 'basic' } };
  const messages = async (files: Record<string, string> | MemoryWorkspace) => (await check(files)).map((f) => `${f.ruleId}: ${f.message}`);

  it('reports another scheme than the configured one (classic api.auth.method)', async () => {
    assert.deepEqual(await messages(site(bearer, curl('Bearer <API_KEY>'))), []);
    const [finding] = await check(site(bearer, curl('Token <API_KEY>')));
    assert.equal(finding.ruleId, 'auth-header');
    assert.match(finding.message, /uses the Token scheme, but the site's API expects Bearer \(api\.auth\.method is "bearer"\)/);
    assert.deepEqual(await messages(site(basic, curl('Basic <CREDENTIALS>'))), []);
    assert.deepEqual(
      (await check(site(basic, curl('Bearer <API_KEY>')))).map((f) => f.ruleId),
      ['auth-header'],
    );
    assert.deepEqual(await messages(site(bearer, curl('bearer <API_KEY>'))), [], 'schemes are case-insensitive');
  });

  it('reads api.mdx.auth.method in the current format', async () => {
    assert.deepEqual(await messages(site(basic, curl('Basic <CREDENTIALS>'), { current: true })), []);
    const found = await check(site(basic, curl('Bearer <API_KEY>'), { current: true }));
    assert.deepEqual(
      found.map((f) => f.ruleId),
      ['auth-header'],
    );
    assert.match(found[0].message, /api\.mdx\.auth\.method is "basic"/);
  });

  it('judges no scheme when nothing declares one (the format has no default), still judges the value and a declared method', async () => {
    assert.deepEqual(await messages(site({ baseUrl: 'https://api.acme.example' }, curl('Token <API_KEY>'))), []);
    assert.deepEqual(
      (await check(site({ baseUrl: 'https://api.acme.example' }, curl('Token u8Hq2LxP0vZr7TnK4sWd')))).map((f) => f.ruleId),
      ['auth-header'],
      'a real-looking value',
    );
    const ws = new MemoryWorkspace(site(bearer, curl('Token <API_KEY>')), ROOT);
    const [finding] = await check(ws);
    assert.match(finding.message, /api\.auth\.method is "bearer"/);
    assert.equal(finding.fixes?.[0].title, 'Use the Bearer scheme');
    applyFix(ws, finding.fixes![0]);
    assert.match(ws.files.get(`${ROOT}/example.mdx`)!, /-H "Authorization: Bearer <API_KEY>"/);
    assert.deepEqual(await messages(ws), []);
  });

  it('judges the code forms of the header', async () => {
    const py = '## Call\n\n```python app.py\nheaders = {"Authorization": f"Token {api_key}"}\n```\n';
    assert.deepEqual(
      (await check(site(bearer, py))).map((f) => f.ruleId),
      ['auth-header'],
    );
    assert.deepEqual(await messages(site(bearer, py.replace('Token', 'Bearer'))), []);
    const js = '## Call\n\n```js app.js\nfetch(url, { headers: { Authorization: `Token ${key}` } });\n```\n';
    assert.deepEqual(
      (await check(site(bearer, js))).map((f) => f.ruleId),
      ['auth-header'],
    );
    assert.deepEqual(
      await messages(site(bearer, '## Call\n\n```js app.js\nfetch(url, { headers: { Authorization: token } });\n```\n')),
      [],
      'a variable is no scheme',
    );
  });

  it('leaves other APIs, API-key sites and pages with their own authMethod alone', async () => {
    assert.deepEqual(await messages(site(bearer, curl('token <TOKEN>', 'https://api.github.com/user'))), [], 'a third-party API');
    assert.deepEqual(await messages(site(undefined, curl('Token <API_KEY>'))), [], 'a site that documents no API');
    assert.deepEqual(
      await messages(site({ baseUrl: 'https://api.acme.example', auth: { method: 'key', name: 'Authorization' } }, curl('Token <API_KEY>'))),
      [],
    );
    const fm = (method: string) => `---\ntitle: "Call the API"\ndescription: "How to call the Acme API."\nauthMethod: "${method}"\n---\n\n`;
    assert.deepEqual(await messages(site(bearer, curl('Basic <CREDENTIALS>'), { frontmatter: fm('basic') })), []);
    assert.deepEqual(
      (await check(site(bearer, curl('Bearer <API_KEY>'), { frontmatter: fm('basic') }))).map((f) => f.ruleId),
      ['auth-header'],
    );
  });

  it("follows the OpenAPI file's security schemes when docs.json sets no method", async () => {
    const spec = (schemes: unknown) =>
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'Acme', version: '1' },
        servers: [{ url: 'https://api.acme.example' }],
        paths: {},
        components: { securitySchemes: schemes },
      });
    const withSpec = (schemes: unknown, header: string) => {
      const files = site(undefined, curl(header), { extra: { 'openapi.json': spec(schemes) } });
      const config = JSON.parse(files['docs.json']);
      config.openapi = 'openapi.json';
      return { ...files, 'docs.json': JSON.stringify(config) };
    };
    const keyInHeader = { key: { type: 'apiKey', in: 'header', name: 'authorization' } };
    assert.deepEqual(await messages(withSpec(keyInHeader, 'Key <API_KEY>')), []);
    const basicAuth = { basic: { type: 'http', scheme: 'basic' } };
    assert.deepEqual(await messages(withSpec(basicAuth, 'Basic <CREDENTIALS>')), []);
    assert.deepEqual(
      (await check(withSpec(basicAuth, 'Bearer <API_KEY>'))).map((f) => f.ruleId),
      ['auth-header'],
    );
    // docs.json says basic, the file also declares bearer: the API takes both, nothing else.
    const both = (header: string) => {
      const files = withSpec({ bearer: { type: 'http', scheme: 'bearer' } }, header);
      const config = JSON.parse(files['docs.json']);
      config.api = { auth: { method: 'basic' } };
      return { ...files, 'docs.json': JSON.stringify(config) };
    };
    assert.deepEqual(await messages(both('Bearer <API_KEY>')), []);
    assert.deepEqual(await messages(both('Basic <CREDENTIALS>')), []);
    assert.deepEqual(
      (await check(both('Token <API_KEY>'))).map((f) => f.ruleId),
      ['auth-header'],
    );
  });
});

describe('auth-header: sample values and OpenAPI pages whose file is not loaded', () => {
  it('accepts textbook sample values, still reports a real-looking one', async () => {
    const block = (v: string) => pageSite(`## Data\n\n\`\`\`json\n{ "header": { "Authorization": "Bearer ${v}" } }\n\`\`\`\n`);
    assert.deepEqual(summarize(await check(block('user_abc123'))), []);
    assert.deepEqual(
      (await check(block('u8Hq2LxP0vZr7TnK4sWd'))).map((f) => f.ruleId),
      ['auth-header'],
    );
  });

  it('leaves the scheme alone on OpenAPI pages whose file docs.json does not name', async () => {
    const body = '## Call\n\n```bash Terminal\ncurl https://api.acme.example/v1 -H "Authorization: Key <API_KEY>"\n```\n';
    const files = pageSite(body, { frontmatter: '---\ntitle: "List models"\ndescription: "Lists the models."\nopenapi: get /models\n---\n\n' });
    const auth = async (f: Record<string, string>) => (await check(f)).filter((x) => x.ruleId === 'auth-header').length;
    assert.equal(await auth(files), 0);
    const mdxApi = pageSite(body, {
      frontmatter: '---\ntitle: "List models"\ndescription: "Lists the models."\napi: GET https://api.acme.example/models\n---\n\n',
    });
    const config = JSON.parse(mdxApi['docs.json']);
    config.api = { auth: { method: 'bearer' } };
    assert.equal(await auth({ ...mdxApi, 'docs.json': JSON.stringify(config) }), 1);
  });
});

describe('redirect-invalid', () => {
  const withRedirects = (redirects: unknown[], pages: string[] = ['guides/setup', 'v2/intro', 'beta/old']) => {
    const files = pageSite('## A\n\nText.\n', { pages });
    const config = JSON.parse(files['docs.json']);
    config.redirects = redirects;
    return { ...files, 'docs.json': JSON.stringify(config, null, 2) };
  };
  const found = async (files: Record<string, string>) => (await check(files)).map((f) => `${f.ruleId}: ${f.message}`);

  it('reports a destination that is no page, with the nearest page as the fix', async () => {
    assert.deepEqual(await found(withRedirects([{ source: '/old-setup', destination: '/guides/setup#install' }])), []);
    const ws = new MemoryWorkspace(withRedirects([{ source: '/old-setup', destination: '/guides/set-up#install' }]), ROOT);
    const [finding, ...rest] = await check(ws);
    assert.deepEqual(rest, []);
    assert.match(finding.message, /no page or file "\/guides\/set-up" in this site.*Did you mean "\/guides\/setup"\?/);
    applyFix(ws, finding.fixes![0]);
    assert.match(ws.files.get(`${ROOT}/docs.json`)!, /"destination": "\/guides\/setup#install"/);
    assert.deepEqual(await found(withRedirects([{ source: '/discord', destination: 'https://discord.gg/acme' }])), []);
    assert.deepEqual(
      (await check(withRedirects([{ source: '/x', destination: 'javascript:alert(1)' }]))).map((f) => f.ruleId),
      ['redirect-invalid'],
    );
  });

  it('follows chains, and reports loops once', async () => {
    assert.deepEqual(
      await found(
        withRedirects([
          { source: '/a', destination: '/b' },
          { source: '/b', destination: '/guides/setup' },
        ]),
      ),
      [],
    );
    const loop = await found(
      withRedirects([
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/a' },
      ]),
    );
    assert.equal(loop.length, 1);
    assert.match(loop[0], /redirect-invalid: .*the redirects loop \(\/a -> \/b -> \/a/);
    const docsExample = [
      { source: '/docs/:slug*', destination: '/help/:slug*' },
      { source: '/help/:slug*', destination: '/docs/:slug*' },
    ];
    assert.deepEqual(
      (await check(withRedirects(docsExample))).map((f) => f.ruleId),
      ['redirect-invalid'],
    );
    assert.deepEqual(
      (await check(withRedirects([{ source: '/docs/:slug*', destination: '/docs/v2/:slug*' }]))).map((f) => f.ruleId),
      ['redirect-invalid'],
    );
  });

  it('reports a source that hides a page, not one that no page has', async () => {
    const hides = await found(withRedirects([{ source: '/guides/setup', destination: '/v2/intro' }]));
    assert.equal(hides.length, 1);
    assert.match(hides[0], /the source is the path of the page "guides\/setup"/);
    assert.deepEqual(
      (await check(withRedirects([{ source: '/beta/:slug*', destination: '/v2/:slug*' }]))).map((f) => f.ruleId),
      ['redirect-invalid'],
      'beta/old is hidden',
    );
    assert.deepEqual(await found(withRedirects([{ source: '/alpha/:slug*', destination: '/v2/:slug*' }])), []);
    assert.deepEqual(
      (await check(withRedirects([{ source: '/alpha/:slug*', destination: '/v3/:slug*' }]))).map((f) => f.ruleId),
      ['redirect-invalid'],
      'no page under v3/',
    );
    assert.deepEqual(
      (await check(withRedirects([{ source: '/old#part', destination: '/v2/intro' }]))).map((f) => f.ruleId),
      ['redirect-invalid'],
    );
  });

  it('reads redirects from a "$ref" file of the current format, and reports them there', async () => {
    const files = pageSite('## A\n\nText.\n', { pages: ['guides/setup'] });
    const config = JSON.parse(files['docs.json']);
    const pages = config.navigation[0].pages;
    Object.assign(config, {
      theme: 'mint',
      colors: { primary: '#0B6E4F' },
      navigation: { groups: [{ group: 'Guides', pages }] },
      redirects: { $ref: './redirects.json' },
    });
    const site = (destination: string) => ({
      ...files,
      'docs.json': JSON.stringify(config, null, 2),
      'redirects.json': JSON.stringify([{ source: '/old', destination }], null, 2),
    });
    assert.deepEqual(await found(site('/guides/setup')), []);
    const [finding, ...rest] = await check(site('/guides/nope'));
    assert.deepEqual(rest, []);
    assert.equal(finding.ruleId, 'redirect-invalid');
    assert.equal(finding.path, `${ROOT}/redirects.json`);
    assert.equal(finding.range.start.line, 3);
  });
});

describe('media-not-found', () => {
  const files = (body: string, extra: Record<string, string> = {}) =>
    pageSite(body, {
      pages: ['guides/setup'],
      extra: { 'images/dash.png': '', 'guides/img/local.png': '', 'media/demo.mp4': '', 'icons/acme.svg': '', ...extra },
    });
  // image-frame (a style hint on bare images) and html-element-dropped (the dropped <script>) are not what these tests are about.
  const media = async (f: Record<string, string> | MemoryWorkspace) =>
    (await check(f)).filter((x) => x.ruleId !== 'image-frame' && x.ruleId !== 'html-element-dropped');
  const ruleIds = async (f: Record<string, string>) => (await media(f)).map((x) => x.ruleId);

  it('finds Markdown images, HTML elements and component attributes that name missing files', async () => {
    const ok = [
      '![The dashboard](/images/dash.png)',
      '<Frame>\n  <video src="/media/demo.mp4" poster="/images/dash.png" controls />\n</Frame>',
      '<video controls>\n  <source src="/media/demo.mp4" type="video/mp4" />\n</video>',
      '<Card title="Acme" img="/images/dash.png" icon="/icons/acme.svg">Text.</Card>',
      '<Card title="Rocket" icon="rocket">Text.</Card>',
      'An <Icon src="/icons/acme.svg" /> inline.',
      '<img src="https://cdn.acme.example/x.png" alt="Remote" />',
      // Scripts and styles are no content of the page (the format loads the site's .js and .css itself).
      '<script type="module" src="/scripts/stars.js"></script>',
    ];
    assert.deepEqual(await ruleIds(files('## Media\n\n' + ok.join('\n\n') + '\n')), []);
    const broken = [
      '![The dashboard](/images/dashboard.png)',
      '<Frame>\n  <video src="/media/demo.webm" controls />\n</Frame>',
      '<video controls>\n  <source src="/media/missing.mp4" type="video/mp4" />\n</video>',
      '<Card title="Acme" img="/images/card.png">Text.</Card>',
      '<Card title="Acme" icon="/icons/acme.png">Text.</Card>',
      'An <Icon src="/icons/none.svg" /> inline.',
      '<iframe src="/embeds/demo.html" title="Demo" />',
    ];
    assert.deepEqual(await ruleIds(files('## Media\n\n' + broken.join('\n\n') + '\n')), Array(broken.length).fill('media-not-found'));
  });

  it("resolves paths from the page's folder, and leaves .mintignore'd files out", async () => {
    const page = (body: string, extra: Record<string, string> = {}) => {
      const f = files('## A\n\nText.\n', extra);
      f['guides/setup.mdx'] += '\n' + body + '\n';
      return f;
    };
    assert.deepEqual(await ruleIds(page('![Local](img/local.png) ![Same](./img/local.png) ![Up](../images/dash.png)')), []);
    assert.deepEqual(await ruleIds(page('![Local](images/dash.png)')), ['media-not-found'], 'relative: guides/images/dash.png');
    assert.deepEqual(await ruleIds(page('![Draft](/drafts/x.png)', { 'drafts/x.png': '', '.mintignore': 'drafts/\n' })), ['media-not-found']);
  });

  it('offers the file of the same name elsewhere (preferred), or the closest path', async () => {
    const ws = new MemoryWorkspace(files('## A\n\n![The dashboard](/img/dash.png)\n'), ROOT);
    const [finding] = await media(ws);
    assert.match(finding.message, /no file "img\/dash\.png" in the site folder\. Did you mean "\/images\/dash\.png"\?/);
    assert.equal(finding.fixes?.[0].isPreferred, true);
    applyFix(ws, finding.fixes![0]);
    assert.deepEqual(await media(ws), []);
    const [guess] = await media(files('## A\n\n![The dashboard](/images/dahs.png)\n'));
    assert.equal(guess.fixes?.[0].title, 'Change to "/images/dash.png"');
    assert.equal(guess.fixes?.[0].isPreferred, false);
  });

  it('checks snippet files too (their relative paths may also be meant from the site root)', async () => {
    const { index } = await indexFrom(files('## A\n\nText.\n'));
    const snippet = (text: string) => checkSnippet(index, 'snippets/hero.mdx', parsePage(`${ROOT}/snippets/hero.mdx`, text)).map((f) => f.ruleId);
    assert.deepEqual(snippet('![Hero](/images/dash.png) ![Hero](images/dash.png)\n'), []);
    assert.deepEqual(snippet('![Hero](/images/hero.png)\n'), ['media-not-found']);
  });
});

// docs.json parsing and schema checks over small fixtures.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check, summarize } from '../helpers';
import { exampleSite, minimalConfig, page } from '../../server/src/rules/examples';
import { contrastRatio } from '../../server/src/util/color';
import { resolveInSite } from '../../server/src/util/paths';

const intro = { 'introduction.mdx': page('Introduction') };

describe('docs.json', () => {
  it('reports broken JSON once, located, and no schema noise', async () => {
    const findings = await check({ 'docs.json': '{\n  "name": "Acme"\n  "navigation": [\n}\n', ...intro });
    assert.deepEqual(summarize(findings), ['config-syntax docs.json:3:3', 'config-syntax docs.json:4:1']);
    assert.deepEqual(
      findings.map((f) => f.message),
      ['Expected comma', 'Value expected'],
    );
  });

  it('says what is wrong with an empty, a BOM-prefixed and a garbage docs.json', async () => {
    const valid = JSON.stringify(minimalConfig(['introduction']));
    const cases: [string, string, RegExp][] = [
      ['', 'config-syntax docs.json:1:1', /^docs\.json is empty: .*"name" and "navigation"/],
      ['  \n', 'config-syntax docs.json:1:1', /^docs\.json is empty/],
      ['\uFEFF' + valid, 'config-syntax docs.json:1:1', /^docs\.json starts with a byte-order mark \(U\+FEFF\).*without a BOM\.$/],
      ['garbage ]] not json', 'config-syntax docs.json:1:1', /^Expected a JSON object, array or literal\.$/],
      [valid + ' trailing', 'config-syntax docs.json:1:' + (valid.length + 2), /^End of file expected\.$/],
    ];
    for (const [text, where, message] of cases) {
      const findings = await check({ 'docs.json': text, ...intro });
      const config = findings.filter((f) => f.path.endsWith('docs.json'));
      assert.deepEqual(summarize(config), [where], JSON.stringify(text));
      assert.match(config[0].message, message);
    }
    // Past the mark, the file is read: its navigation still counts (no orphan page).
    assert.deepEqual(summarize(await check({ 'docs.json': '\uFEFF' + valid, ...intro })), ['config-syntax docs.json:1:1']);
  });

  it('accepts nested groups, and checks the pages inside them', async () => {
    const config = minimalConfig(['introduction', { group: 'Advanced', icon: 'rocket', pages: ['advanced/webhooks', 'advanced/missing'] }]);
    const findings = await check(exampleSite(config, ['introduction', 'advanced/webhooks']));
    assert.deepEqual(summarize(findings), ['nav-missing-page docs.json:17:13']);
  });

  it('reads mint.json, the older name', async () => {
    const files = exampleSite(minimalConfig(['introduction', 'gone']), ['introduction']);
    const findings = await check({ 'mint.json': files['docs.json'], ...intro });
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.path]),
      [['nav-missing-page', '/site/mint.json']],
    );
  });

  it('prefers docs.json when both exist', async () => {
    const good = exampleSite(minimalConfig(['introduction']), ['introduction']);
    const findings = await check({ ...good, 'mint.json': '{ broken' });
    assert.deepEqual(summarize(findings), []);
  });

  it('checks a config in the current format against its own schema', async () => {
    const current = {
      $schema: 'https://example.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F' },
      navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['introduction'] }] }] },
      navbar: { links: [] },
      footer: { socials: { x: 'https://x.com/acme' } },
    };
    const findings = await check({ 'docs.json': JSON.stringify(current, null, 2), ...intro });
    assert.deepEqual(summarize(findings), []);
    const typo = await check({ 'docs.json': JSON.stringify({ ...current, navbar: { linkz: [] } }, null, 2), ...intro });
    assert.deepEqual(
      typo.map((f) => f.message),
      ['Unknown property "linkz". Did you mean "links"?'],
    );
  });

  it('accepts every footerSocials key of the format, and twitter as an alias of x', async () => {
    const keys = ['website', 'github', 'linkedin', 'instagram', 'x', 'twitter', 'discord', 'slack', 'hacker-news', 'facebook', 'youtube', 'medium', 'telegram'];
    const footerSocials = Object.fromEntries(keys.map((k) => [k, `https://example.com/${k}`]));
    assert.deepEqual(summarize(await check(exampleSite(minimalConfig(['introduction'], { footerSocials }), ['introduction']))), []);
  });

  it('reports a misspelt footerSocials key with the nearest one, as an error (the format refuses unknown platforms)', async () => {
    const findings = await check(exampleSite(minimalConfig(['introduction'], { footerSocials: { githib: 'https://github.com/acme' } }), ['introduction']));
    assert.equal(findings.length, 1);
    assert.equal(findings[0].ruleId, 'config-schema');
    assert.match(findings[0].message, /Did you mean "github"/);
  });

  it('checks types, enums and hex colours across the spec fields', async () => {
    const config = minimalConfig(['introduction'], {
      colors: { primary: '#0B6E4F', background: { light: '#fff', dark: 'black' } },
      topAnchor: { name: 'Docs', iconType: 'bold' },
      api: { playground: { mode: 'visible' }, auth: { method: 'oauth' }, maintainOrder: 'yes' },
      feedback: { suggestEdit: 1 },
      versions: 'v1',
    });
    const ids = (await check(exampleSite(config, ['introduction']))).map((f) => f.ruleId).sort();
    assert.deepEqual(ids, [
      'config-invalid-value',
      'config-invalid-value',
      'config-invalid-value',
      'config-schema',
      'config-schema',
      'config-schema',
      'config-schema',
    ]);
  });

  it('reports a missing required field on the object that lacks it', async () => {
    const findings = await check({
      'docs.json':
        '{\n  "favicon": "https://acme.dev/favicon.svg",\n  "colors": { "primary": "#0B6E4F" },\n  "navigation": [{ "group": "A", "pages": ["introduction"] }]\n}\n',
      ...intro,
    });
    assert.deepEqual(
      findings.map((f) => f.message),
      ['Missing required property "name".'],
    );
  });
});

describe('cross-file checks', () => {
  it('does not check external tab and anchor URLs', async () => {
    const config = minimalConfig(['introduction'], {
      anchors: [{ name: 'Community', icon: 'discord', url: 'https://discord.gg/acme' }],
      tabs: [{ name: 'Blog', url: 'https://acme.example/blog' }],
    });
    assert.deepEqual(summarize(await check(exampleSite(config, ['introduction']))), []);
  });

  it('does not fetch or report URLs in logo, favicon and openapi (an openapi URL only gets the notice that it is not fetched)', async () => {
    const config = minimalConfig(['introduction'], {
      logo: 'https://cdn.example/logo.svg',
      favicon: 'https://cdn.example/f.ico',
      openapi: ['https://api.example/openapi.json'],
    });
    assert.deepEqual(summarize(await check(exampleSite(config, ['introduction']))), ['openapi-not-fetched docs.json:17:5']);
  });

  it('reports asset paths that leave the site folder', async () => {
    const findings = await check(exampleSite(minimalConfig(['introduction'], { favicon: '../../etc/passwd' }), ['introduction']));
    assert.deepEqual(
      findings.map((f) => f.message),
      ['favicon "../../etc/passwd" points outside the site folder.'],
    );
  });

  it('does not count snippets and README files as orphan pages', async () => {
    const files = exampleSite(minimalConfig(['introduction']), ['introduction'], { 'snippets/prereqs.mdx': 'Install Node 20.\n', 'README.md': '# Docs\n' });
    assert.deepEqual(summarize(await check(files)), []);
  });

  it('checks the dark-mode colour against the dark background', async () => {
    const config = minimalConfig(['introduction'], { colors: { primary: '#0B6E4F', light: '#1E3A8A', background: { light: '#ffffff', dark: '#0B0F19' } } });
    const findings = await check(exampleSite(config, ['introduction']));
    assert.deepEqual(
      findings.map((f) => f.ruleId),
      ['color-contrast'],
    );
    assert.match(findings[0].message, /colors\.light #1E3A8A .* dark background #0B0F19/);
  });
});

describe('helpers', () => {
  it('computes WCAG contrast ratios', () => {
    assert.equal(contrastRatio('#000', '#fff')!.toFixed(2), '21.00');
    assert.equal(contrastRatio('#777777', '#ffffff')!.toFixed(2), '4.48');
    assert.equal(contrastRatio('nope', '#fff'), undefined);
  });

  it('keeps site paths inside the site', () => {
    assert.equal(resolveInSite('/site', '/logo.svg'), '/site/logo.svg');
    assert.equal(resolveInSite('/site', 'a/../b'), '/site/b');
    assert.equal(resolveInSite('/site', '../../etc/passwd'), undefined);
    assert.equal(resolveInSite('/site', 'a/../../x'), undefined);
  });
});

describe('top bar buttons', () => {
  it('requires a name on link-type top bar links, not on github ones', async () => {
    const config = minimalConfig(['introduction'], {
      topbarLinks: [{ url: 'https://acme.example/support' }, { name: 'Blog', url: 'https://acme.example/blog' }],
      topbarCtaButton: { type: 'github', url: 'https://github.com/acme/notes' },
    });
    const findings = await check(exampleSite(config, ['introduction']));
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.message]),
      [['cta-missing-name', 'Top bar link 1 has type "link" but no "name": it would show no text.']],
    );
  });

  it('offers adding an orphan to the group that holds its folder first', async () => {
    const config = minimalConfig(['introduction'], {});
    (config.navigation as unknown[]).push({ group: 'Guides', pages: ['guides/setup'] });
    const findings = await check(exampleSite(config, ['introduction', 'guides/setup', 'guides/deploy']));
    assert.deepEqual(
      findings[0].fixes!.map((f) => f.title),
      ['Add "guides/deploy" to navigation group "Guides"', 'Add "guides/deploy" to navigation group "Get started"'],
    );
  });
});

describe('real-site patterns that are not problems', () => {
  it('does not check the url of a tab or anchor that has its own openapi file', async () => {
    const config = minimalConfig(['introduction'], {
      anchors: [{ name: 'API Reference', icon: 'code', url: 'api-reference', openapi: 'https://api.acme.example/openapi.json' }],
    });
    // The anchor's spec is a URL Docwright does not fetch (said once, as information); the url is not checked.
    assert.deepEqual(summarize(await check(exampleSite(config, ['introduction']))), ['openapi-not-fetched docs.json:20:18']);
  });

  it('accepts an anchor url that is a redirect source', async () => {
    const config = minimalConfig(['introduction'], {
      anchors: [{ name: 'Community', icon: 'discord', url: '/discord' }],
      redirects: [{ source: '/discord', destination: 'https://discord.gg/abc' }],
    });
    assert.deepEqual(summarize(await check(exampleSite(config, ['introduction']))), []);
  });

  it('accepts colors.background with only one of light and dark', async () => {
    const config = minimalConfig(['introduction'], { colors: { primary: '#0B6E4F', background: { dark: '#090014' } } });
    assert.deepEqual(summarize(await check(exampleSite(config, ['introduction']))), []);
  });

  it('ignores README and friends at any depth', async () => {
    const files = exampleSite(minimalConfig(['introduction']), ['introduction'], {
      'images/external/README.md': '# Images\n',
      'coverage/report.md': '# Coverage\n',
    });
    assert.deepEqual(summarize(await check(files)), []);
  });

  it('does not call a page reached by links from listed pages an orphan', async () => {
    const config = minimalConfig(['examples/overview']);
    const files = exampleSite(config, ['examples/overview', 'examples/openai', 'examples/deep', 'examples/lonely']);
    files['examples/overview.mdx'] += '\n<Card title="OpenAI" href="/examples/openai" />\n';
    files['examples/openai.mdx'] += '\nSee [the deep example](deep).\n';
    assert.deepEqual(summarize(await check(files)), ['orphan-page examples/lonely.mdx:1:1']);
  });

  it('reports no orphans when the site indexes hidden pages on purpose', async () => {
    const config = minimalConfig(['introduction'], { seo: { indexHiddenPages: true } });
    assert.deepEqual(summarize(await check(exampleSite(config, ['introduction', 'hidden']))), []);
  });
});

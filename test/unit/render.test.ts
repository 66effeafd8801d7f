// The renderer: components, code, links, chrome from docs.json, and what never survives it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { codeTitle, renderPage } from '../../server/src/render/page';
import { headingAnchor } from '../../server/src/render/components';
import { cleanHtml, own, sanitizeTree } from '../../server/src/render/sanitize';
import { parsePage } from '../../server/src/pages/parse';
import { COMPONENTS } from '../../server/src/components/catalog';
import { MemoryWorkspace } from '../../server/src/workspace';
import { check, ROOT } from '../helpers';
import { assertNoScriptSurface, XSS_DOCS, XSS_PAGES } from '../xss-corpus';
import { runSandboxed } from '../../server/src/node/sandbox';

const DOCS = {
  name: 'Acme',
  logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' },
  colors: { primary: '#0B6E4F' },
  topbarLinks: [{ name: 'Status', url: 'https://status.example' }],
  topbarCtaButton: { type: 'github', url: 'https://github.com/acme/acme' },
  tabs: [{ name: 'API', url: 'api' }],
  anchors: [{ name: 'Community', icon: 'discord', iconType: 'brands', url: 'https://discord.gg/x' }],
  versions: ['v2', 'v1'],
  navigation: [
    { group: 'Get started', pages: ['index', 'quickstart', { group: 'More', pages: ['more/deep'] }] },
    { group: 'Reference', pages: ['api/users'] },
  ],
  footerSocials: { github: 'https://github.com/acme', twitter: 'https://x.com/acme' },
};

const FM = (title: string) => `---\ntitle: "${title}"\ndescription: "About ${title}."\n---\n\n`;

async function render(page: string, extra: Record<string, string> = {}, docs: unknown = DOCS, trusted = false) {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify(docs),
    'index.mdx': FM('Home') + 'Welcome.',
    'quickstart.mdx': FM('Quickstart') + 'Go.',
    'more/deep.mdx': FM('Deep page') + 'Deep.',
    'api/users.mdx': FM('Users') + 'Users.',
    'logo/light.svg': '<svg/>',
    'logo/dark.svg': '<svg/>',
    'images/a.png': 'png',
    ...extra,
    'test.mdx': page,
  };
  const ws = new MemoryWorkspace(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v])), ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  const out = await renderPreview(project, `${ROOT}/test.mdx`, 'https://assets/', { components: trusted ? runSandboxed : undefined });
  assert.ok(out);
  return out;
}

test('callouts, steps, tabs, accordions and cards render as components', async () => {
  const { page } = await render(
    FM('Components') +
      [
        '<Warning>Careful.</Warning>',
        '<Steps titleSize="h3">\n  <Step title="Install">\n    Run it.\n  </Step>\n  <Step title="Verify">\n    Check it.\n  </Step>\n</Steps>',
        '<Tabs>\n  <Tab title="macOS">Mac text.</Tab>\n  <Tab title="Windows">Win text.</Tab>\n</Tabs>',
        '<AccordionGroup>\n  <Accordion title="Why?" defaultOpen>Because.</Accordion>\n</AccordionGroup>',
        '<CardGroup cols={3}>\n  <Card title="Start" icon="rocket" href="/quickstart">Go now.</Card>\n</CardGroup>',
      ].join('\n\n'),
  );
  const html = page.html;
  assert.match(html, /<div class="dw-callout dw-callout-warning callout"[^>]*>.*Careful\./s);
  assert.match(
    html,
    /<li class="dw-step step" id="install"[^>]*><div class="dw-step-marker">1<\/div>.*<li class="dw-step step" id="verify"[^>]*><div class="dw-step-marker">2<\/div>/s,
  );
  assert.match(html, /role="tab"[^>]*>macOS<\/button><button[^>]*>Windows<\/button>/);
  assert.match(html, /<div class="dw-tab-panel"[^>]*hidden[^>]*>.*Win text\./s, 'only the first tab is shown');
  assert.match(html, /<details class="dw-accordion accordion" id="why" open[ >]/);
  assert.match(html, /<div class="dw-grid dw-card-group dw-cols-3 card-group"[ >]/);
  assert.match(html, /<a class="dw-card card" href="#"[^>]*data-dw-page="quickstart">.*<svg class="dw-icon"/s, 'a card links to its page and shows its icon');
});

test('code blocks are highlighted with a title and a copy button; CodeGroup makes one tab per block', async () => {
  const { page } = await render(
    FM('Code') + '```js index.js\nconst a = 1;\n```\n\n<CodeGroup>\n```bash Terminal\nnpm i\n```\n```python\nprint(1)\n```\n</CodeGroup>\n',
  );
  assert.match(page.html, /<span class="dw-code-title">index\.js<\/span><button type="button" class="dw-copy code-block-copy-button"/);
  assert.match(page.html, /<span style="color:var\(--shiki-token-keyword\)">const<\/span>/);
  assert.match(page.html, /role="tab"[^>]*>Terminal<\/button><button[^>]*>python<\/button>/);
  assert.equal(codeTitle('index.js {1,3} lines'), 'index.js');
  assert.equal(codeTitle('icon="npm" Terminal'), 'Terminal');
  assert.equal(codeTitle('{2}'), undefined);
});

test("API fields show type, default and required as the format's field head does (no location); Expandable nests", async () => {
  const { page } = await render(
    FM('API') +
      '<ParamField path="id" type="string" required default="a1">The id.</ParamField>\n\n<ResponseField name="user" type="object">\n  <Expandable title="properties">\n    <ResponseField name="name" type="string">Name.</ResponseField>\n  </Expandable>\n</ResponseField>\n',
  );
  assert.match(
    page.html,
    /<code class="dw-field-name">id<\/code><span class="dw-badge dw-field-type">string<\/span><span class="dw-badge dw-field-default"><span class="dw-field-default-label">default:<\/span>"a1"<\/span><span class="dw-badge dw-field-required">required<\/span>/,
  );
  assert.match(page.html, /<details class="dw-expandable expandable"[^>]*><summary>Show properties<\/summary>.*dw-field-name">name</s);
});

test("headings get the format's anchors and H2/H3 make the table of contents", async () => {
  const { page } = await render(FM('Headings') + '## Set up\n\n### Install the CLI\n\n## Set up\n\n## Custom {#my-id}\n\n#### Deep\n');
  assert.deepEqual(
    page.toc.map((t) => [t.depth, t.id]),
    [
      [2, 'set-up'],
      [3, 'install-the-cli'],
      [2, 'set-up-2'],
      [2, 'my-id'],
    ],
  );
  assert.match(page.html, /<h2 id="my-id"[^>]*><a class="dw-heading-anchor" href="#my-id"/);
  assert.ok(!page.html.includes('{#my-id}'));
});

test('a heading anchor is a link icon named "Navigate to header" with no text (the heading reads as written)', () => {
  const anchor = headingAnchor('set up');
  const texts = (n: { type: string; value?: unknown; children?: unknown[] }): string[] =>
    n.type === 'text' ? [String(n.value)] : (n.children ?? []).flatMap((c) => texts(c as typeof n));
  assert.deepEqual(texts(anchor), []);
  const html = cleanHtml(sanitizeTree({ type: 'root', children: [anchor] }));
  assert.match(
    html,
    /^<a class="dw-heading-anchor" href="#set%20up" aria-label="Navigate to header"><svg class="dw-heading-anchor-icon"[^>]*aria-hidden="true"[^>]*>(<path [^>]*><\/path>)+<\/svg><\/a>$/,
  );
});

test('<Heading> renders as its level with the id the format gives it (noAnchor hides only the link)', async () => {
  const { page } = await render(FM('Heading') + '<Heading level={3}>\nSet it up\n</Heading>\n\n<Heading level={2} noAnchor>\nNo anchor\n</Heading>\n');
  assert.match(page.html, /<h3 id="set-it-up"[^>]*>Set it up<\/h3>/);
  assert.match(page.html, /<h2 id="no-anchor"[^>]*>No anchor<\/h2>/);
});

test('exported constants fill expressions and attributes; unknown expressions render nothing', async () => {
  const { page } = await render(
    FM('Exports') +
      'export const strings = { title: "Generate a key", n: 3 };\n\n## {strings.title}\n\n<Steps>\n  <Step title={strings.title}>Do it {strings.n} times{missing}.</Step>\n</Steps>\n',
  );
  assert.match(page.html, /<h2 id="generate-a-key"[^>]*>.*Generate a key<\/h2>/);
  assert.match(page.html, /<div class="dw-step-title">Generate a key<\/div>Do it 3 times\.<\/div>/);
});

test('imported .mdx snippets render inline with their props; .jsx components are a marked placeholder', async () => {
  const { page } = await render(
    FM('Snippets') +
      'import Prereq from "/snippets/prereq.mdx";\nimport { Demo } from "/snippets/demo.jsx";\n\n<Prereq tool="Node.js" />\n\n<Demo />\n\n<Snippet file="legacy.mdx" />\n',
    {
      'snippets/prereq.mdx': 'You need {tool} installed.',
      'snippets/demo.jsx': 'export const Demo = () => <div>hi</div>;',
      'snippets/legacy.mdx': 'Legacy snippet text.',
    },
  );
  assert.match(page.html, /<p>You need Node\.js installed\.<\/p>/, 'snippet content has no line numbers of the page');
  assert.match(
    page.html,
    /<div class="dw-placeholder"[^>]*>&#x3C;Demo> from snippets\/demo\.jsx runs only in a trusted workspace; its output is produced by the site's build<\/div>/,
  );
  assert.match(page.html, /Legacy snippet text\./);
});

test("a snippet's heading ids are numbered with the page's, each use in turn, as on the published site", async () => {
  const ids = (html: string) => [...html.matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1]);
  const { page } = await render(FM('Snippets') + 'import Part from "/snippets/part.mdx";\n\n## Setup\n\n<Part />\n\n<Part />\n', {
    'snippets/part.mdx': '## Setup\n\nAgain.\n\n## Other\n',
  });
  assert.deepEqual(ids(page.html), ['setup', 'setup-2', 'other', 'setup-3', 'other-2']);
  // The nearest neighbour: without the snippet, the page's own numbering.
  const alone = await render(FM('Snippets') + '## Setup\n\n## Other\n\n## Setup\n');
  assert.deepEqual(ids(alone.page.html), ['setup', 'other', 'setup-2']);
});

test('links to pages carry their page id, assets point at the target, broken links are marked', async () => {
  const { page } = await render(
    FM('Links') +
      '[Quick](/quickstart#install) [Deep](more/deep) [Img file](/images/a.png) [Gone](/nowhere) [Out](https://example.com) [Up](../../etc/passwd)\n\n![Alt](/images/a.png)\n',
  );
  assert.match(page.html, /<a href="#install" data-dw-page="quickstart">Quick<\/a>/);
  assert.match(page.html, /<a href="#" data-dw-page="more\/deep">Deep<\/a>/);
  assert.match(page.html, /<a href="https:\/\/assets\/images\/a\.png">Img file<\/a>/);
  assert.match(page.html, /<a href="#" class="dw-broken-link">Gone<\/a>/);
  assert.match(page.html, /<a href="https:\/\/example\.com">Out<\/a>/);
  assert.match(page.html, /<a>Up<\/a>/, 'a path out of the site keeps its text and loses its href');
  assert.match(page.html, /<img src="https:\/\/assets\/images\/a\.png" alt="Alt"/);
});

test('reference links find their definition anywhere in the page, the first one of a name winning', async () => {
  // mdast-util-to-hast collects every definition before it converts the tree.
  const { page } = await render(
    FM('Refs') +
      '<Note>\nSee [the docs][Docs] and [status].\n\n[status]: https://status.example\n</Note>\n\n[docs]: https://docs.example\n[DOCS]: https://other.example\n',
  );
  assert.match(page.html, /<a href="https:\/\/docs\.example">the docs<\/a>/);
  assert.match(page.html, /<a href="https:\/\/status\.example">status<\/a>/, 'a definition inside a component');
  assert.doesNotMatch(page.html, /other\.example/);
});

test('the chrome shows logo, top bar, tabs, anchors, versions, the nav with the current page, pager and socials', async () => {
  const out = await render(FM('Test page') + 'Body.', {}, { ...DOCS, navigation: [...DOCS.navigation, { group: 'Tests', pages: ['quickstart', 'test'] }] });
  const b = out.body;
  assert.match(b, /<img class="dw-logo dw-logo-light nav-logo" src="https:\/\/assets\/logo\/light\.svg" alt="Acme">/);
  assert.match(b, /<a class="dw-topbar-link navbar-link" href="https:\/\/status\.example">Status<\/a>/);
  assert.match(
    b,
    /<a class="dw-cta dw-cta-github" href="https:\/\/github\.com\/acme\/acme" aria-label="acme\/acme" id="topbar-cta-button">.*acme\/acme<\/span><\/a>/s,
  );
  assert.match(
    b,
    /<a class="dw-tab-link dw-current nav-tabs-item"[^>]*>Documentation<\/a><a class="dw-tab-link nav-tabs-item"[^>]*data-dw-page="api\/users">API<\/a>/,
  );
  assert.match(
    b,
    /<details class="dw-switcher dw-switcher-version" data-switcher="version" data-dw-menu=""><summary class="dw-version-trigger" aria-label="Version: v2">.*<span class="dw-switcher-item-name">v2<\/span>.*<span class="dw-switcher-item-name">v1<\/span>/s,
  );
  assert.match(b, /<li class="dw-anchor dw-anchor-0 nav-anchor"><a href="https:\/\/discord\.gg\/x"/);
  assert.match(b, /<div class="dw-nav-group-title sidebar-group-header">Get started<\/div>.*<details><summary>More<\/summary>/s);
  assert.ok(!/Reference/.test(b.split('dw-sidebar')[1].split('</nav>')[0]), 'groups of another tab are not in the sidebar');
  assert.match(b, /<a class="dw-nav-link dw-current" href="#" data-dw-page="test" aria-current="page" data-dw-current="">Test page<\/a>/);
  assert.match(b, /<a class="dw-pager-link dw-prev pagination-prev" href="#" data-dw-page="quickstart">/);
  assert.match(b, /<a href="https:\/\/x\.com\/acme" aria-label="x" class="dw-social">/, 'twitter is the x alias');
  assert.match(out.css, /--dw-primary:#0B6E4F/);
});

// ---- what never survives ----

test('XSS payloads in pages render with no script surface left', async () => {
  for (const [name, body] of Object.entries(XSS_PAGES)) {
    const out = await render(FM('XSS') + body + '\n');
    assertNoScriptSurface(out.body, name);
  }
});

test('XSS payloads in docs.json and front matter render as text', async () => {
  const out = await render('---\ntitle: "<script>window.__xss=29</script>"\ndescription: "<img src=x onerror=alert(1)>"\n---\n\nBody.', {}, XSS_DOCS);
  assertNoScriptSurface(out.body, 'docs.json chrome');
  assert.ok(!/<\/style>|<script/i.test(out.css), 'colours reach the CSS only as hex values');
  assert.match(out.body, /&#x3C;script>window\.__xss=29&#x3C;\/script>/, 'the title is shown as text');
});

test('a page that is not valid MDX still renders, with the problem shown', async () => {
  const out = await render(FM('Broken') + '## Intro\n\n<Note>\nunclosed\n\nMore text.\n');
  assert.match(out.body, /class="dw-problem"/);
  assert.match(out.body, /More text\./);
});

test('in a trusted workspace, .jsx components render their static output, sanitised; failures are placeholders', async () => {
  const components = [
    'import React, { useState } from "react";',
    'export const Demo = ({ title, children }) => {',
    '  const [open] = useState(true);',
    '  return <div className="demo"><h4>{title}</h4>{open && children}<button onClick={() => alert(1)}>Go</button></div>;',
    '};',
    'export const Loop = () => { while (true) {} };',
    'export const Broken = () => { throw new Error("no data"); };',
    'export const Evil = () => <div dangerouslySetInnerHTML={{ __html: "<img src=x onerror=alert(1)>" }}><script>{"alert(1)"}</script><a href="javascript:alert(1)">x</a></div>;',
    'export default function Badge2({ label }) { return <span className="b2">{label}</span>; }',
  ].join('\n');
  const page =
    FM('JSX') +
    'import { Demo, Loop, Broken, Evil } from "/snippets/demo.jsx";\nimport Badge2 from "/snippets/demo";\n\n<Demo title="Hello">\n  Inner **text**.\n</Demo>\n\n<Broken />\n\n<Evil />\n\nA <Badge2 label="new" /> badge.\n\n<Loop />\n\n<Demo title="After" />\n';
  const trusted = await render(page, { 'snippets/demo.jsx': components }, DOCS, true);
  const html = trusted.page.html;
  assert.match(
    html,
    /<div class="dw-jsx-component" data-component="Demo"[^>]*><div class="demo"><h4>Hello<\/h4><p[^>]*>Inner <strong>text<\/strong>\.<\/p><button>Go<\/button><\/div><\/div>/,
  );
  assert.match(html, /&#x3C;Loop> from snippets\/demo\.jsx failed to render: did not finish within 1000 ms/);
  // Once a component of the page has run out of time, the page's others are not started.
  assert.match(html, /&#x3C;Demo> from snippets\/demo\.jsx was not run: the page's time for components is spent \(&#x3C;Loop> ran out of time\)/);
  assert.match(html, /&#x3C;Broken> from snippets\/demo\.jsx failed to render: no data/);
  assert.match(
    html,
    /<span class="dw-jsx-component" data-component="Badge2"[^>]*><span class="b2">new<\/span><\/span>/,
    'default export, import without extension',
  );
  assertNoScriptSurface(trusted.body, 'jsx output');
  const restricted = await render(page, { 'snippets/demo.jsx': components }, DOCS, false);
  assert.ok(!restricted.page.html.includes('class="demo"'), 'nothing runs in a restricted workspace');
  assert.match(restricted.page.html, /&#x3C;Demo> from snippets\/demo\.jsx runs only in a trusted workspace/);
});

test('components a page defines with export const render in a trusted workspace, a placeholder otherwise', async () => {
  const page =
    FM('Local') +
    'export const Hero = ({ title, children }) => (\n  <div className="hero"><h3>{title}</h3>{children}</div>\n);\n\n<Hero title="Welcome">\n  Start here.\n</Hero>\n';
  const trusted = await render(page, {}, DOCS, true);
  assert.match(
    trusted.page.html,
    /<div class="dw-jsx-component" data-component="Hero"[^>]*><div class="hero"><h3>Welcome<\/h3><p[^>]*>Start here\.<\/p><\/div><\/div>/,
  );
  const restricted = await render(page, {}, DOCS, false);
  assert.match(restricted.page.html, /&#x3C;Hero> is defined on this page; it runs only in a trusted workspace/);
});

test('paths that climb out of the site never become URLs (images, links, components, snippets, logo)', async () => {
  const out = await render(
    FM('Traversal') +
      'import Secret from "../../../etc/secret.mdx";\n\n![x](../../../etc/passwd.png)\n\n<img src="/../../etc/passwd" alt="p" />\n\n[up](../../../../etc/passwd)\n\n<Card title="c" href="../../../x">c</Card>\n\n<Snippet file="../../../etc/passwd" />\n\n<Secret />\n',
    { '../etc/passwd.png': 'x' },
    { ...DOCS, logo: '../../etc/logo.svg', backgroundImage: '/../../../etc/bg.png' },
  );
  // Every URL is a link inside the page or a file under the site's asset base (a leading `/..`
  // stays at the site root, as in a URL); nothing keeps a `..` that could climb further.
  const urls = [...out.body.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
  const configured = new Set([
    'https://status.example',
    'https://github.com/acme/acme',
    'https://discord.gg/x',
    'https://github.com/acme',
    'https://x.com/acme',
  ]);
  const bad = urls.filter((u) => u.includes('..') || !(u.startsWith('#') || u.startsWith('https://assets/') || configured.has(u)));
  assert.deepEqual(bad, []);
  assert.match(out.page.html, /&#x3C;Secret>|Snippet/, 'imports out of the site render as placeholders, not content');
});

test('a line of catalogue components stays a paragraph exactly when the catalogue says they are inline', () => {
  for (const c of COMPONENTS) {
    const page = parsePage('a.mdx', `<${c.name} title="t">x</${c.name}> <${c.name} title="u">y</${c.name}>\n`);
    const { html } = renderPage({
      page,
      rel: 'a.mdx',
      pages: new Map([['a', 'a.mdx']]),
      files: new Set(['a.mdx']),
      target: { pageHref: (id) => `${id}.html`, assetUrl: (r) => r },
    });
    assert.equal(html.startsWith('<p'), c.inline === true, `<${c.name}>: ${html.slice(0, 80)}`);
  }
});

/** Names of Object.prototype members, which a plain-object table of components would answer. */
const PROTOTYPE_NAMES = ['valueOf', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', '__defineGetter__', '__proto__', 'constructor', 'toString'];

test('elements named like Object.prototype members render, and check reports what the render leaves out', async () => {
  const names = [...PROTOTYPE_NAMES, 'foo-bar', 'blink', 'noscript', 'kbd'];
  const body = names.map((n, i) => `<${n}>content ${i} here</${n}>\n\nA line with <${n} /> inline.`).join('\n\n');
  const out = await render(FM('Prototype names') + body + '\n');
  const findings = (
    await check({
      'docs.json': JSON.stringify({ name: 'P', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'G', pages: ['test'] }] }),
      'test.mdx': FM('Prototype names') + body + '\n',
    })
  ).filter((f) => f.ruleId === 'component-unknown' || f.ruleId === 'html-element-dropped');
  names.forEach((n, i) => {
    const shown = out.page.html.includes(`content ${i} here`);
    const element = new RegExp(`<${n}[ >]`).test(out.page.html);
    const reported = findings.filter((f) => f.message.startsWith(`<${n}>`) || f.message.startsWith(`Unknown component <${n}>`));
    if (element) assert.equal(reported.length, 0, `<${n}> is kept, so check says nothing: ${JSON.stringify(reported)}`);
    else {
      assert.equal(reported.length, 2, `<${n}> is not kept (block and inline), so check reports both: ${out.page.html.slice(0, 200)}`);
      // The finding says what the page shows: the content, or nothing.
      for (const f of reported) assert.match(f.message, shown ? /only its content is shown|not built in/ : /left out with its content/, n);
    }
  });
  assert.match(out.page.html, /<kbd[^>]*>content 11 here<\/kbd>/);
  assert.doesNotMatch(out.page.html, /content 10 here/, '<noscript> goes with its content');
  assert.match(out.page.html, /data-component="__proto__"[^>]*>content 5 here/, 'a name that is not lower-case is an unknown component, content kept');
});

test('a .jsx component that returns built-in markers named like Object.prototype members renders a placeholder for each', async () => {
  const markers = PROTOTYPE_NAMES.map((n) => `{{ $$dw: true, type: "__builtin", props: { __name: ${JSON.stringify(n)} } }}`).join('');
  const elements = PROTOTYPE_NAMES.filter((n) => /^[a-z]/.test(n))
    .map((n) => `{React.createElement(${JSON.stringify(n)}, null, "el")}`)
    .join('');
  const source = `export const C = ({ children }) => <div className="c">${markers}${elements}{children}</div>;`;
  const out = await render(FM('JSX') + 'import { C } from "/snippets/c.jsx";\n\n<C>kid</C>\n', { 'snippets/c.jsx': source }, DOCS, true);
  for (const n of PROTOTYPE_NAMES)
    assert.ok(
      out.page.componentErrors?.includes(`<${n}> is not a built-in component (its content is shown as it is)`),
      `${n}: ${JSON.stringify(out.page.componentErrors)}`,
    );
  assert.match(out.page.html, /<div class="c">(<div class="dw-placeholder">[^<]*<\/div>){8}(el){6}kid<\/div>/);
});

test("page content never keeps a reserved data-dw- attribute of the renderer's scripts, however it is spelt; the renderer's own are put in after sanitising", async () => {
  // The hooks of media/*.js (old names, classes and reserved names) written by page content.
  const forged = [
    '<div data-forged data-dw-playground="x" data-DW-pg-bases=\'["https://attacker.example"]\' data-dw-pg-send="" data-dw="" data-keep="yes"><button data-forged data-dw-pg-field="auth:token" dataDwPgSend="">Send</button></div>',
    '<div data-forged class="dw-codeblock" data-dw-codeblock=""><button data-forged class="dw-copy" data-dw-copy="">Copy</button><pre data-forged><code data-forged data-dw-copy-source="">secret</code></pre></div>',
    '<div data-forged class="dw-prompt" data-dw-prompt><div data-forged class="dw-prompt-text" data-dw-copy-source>p</div></div>',
    '<a data-forged href="#" data-page="x" data-dw-page="x">Open</a>',
    '<div data-forged data-tabs data-dw-tabs=""><div data-forged class="dw-tab-list" data-dw-tab-list=""><button data-forged data-tab="1" data-dw-tab="1">T</button></div><div data-forged data-panel="0" data-dw-panel="0">P</div></div>',
    '<input data-forged data-search data-dw-search type="checkbox" /> <ul data-forged class="dw-search-results" data-dw-search-results></ul>',
    '<button data-forged data-nav-toggle data-dw-nav-toggle data-dw-copy-page data-dw-mode-toggle data-dw-banner-dismiss data-dw-ai="claude" data-dw-markdown="x">x</button>',
    '<details data-forged class="dw-switcher" data-dw-menu open><summary data-forged>s</summary></details>',
    '<div data-forged class="dw-mermaid" data-dw-mermaid data-dw-drawn="ok"><pre data-forged class="dw-mermaid-source" data-dw-mermaid-source>graph TD</pre></div>',
    '<span data-forged data-Dw-line="99" data-dw-math class="dw-math" id="dw-katex-css">x</span>',
  ].join('\n\n');
  const { page } = await render(FM('Forged') + forged);
  assert.match(page.html, /data-keep="yes"/, 'other data attributes stay');
  // Every forged element is there, with no reserved attribute but the line the renderer gives block elements.
  const seen: string[] = [];
  const walk = (n: { type: string; tagName?: string; properties?: Record<string, unknown>; children?: unknown[] }) => {
    if (n.properties?.dataForged !== undefined) {
      seen.push(n.tagName!);
      const reserved = Object.keys(n.properties).filter((k) => /^datadw/i.test(k));
      assert.deepEqual(
        reserved.filter((k) => k !== 'dataDwLine'),
        [],
        `<${n.tagName}> keeps ${reserved.join(', ')}`,
      );
      assert.notEqual(n.properties.dataDwLine, 99, "the line is the renderer's");
    }
    for (const c of n.children ?? []) walk(c as typeof n);
  };
  walk(fromHtml(page.html, { fragment: true }) as never);
  assert.equal(seen.length, 21, seen.join(' '));
  assert.deepEqual([...new Set([...page.html.matchAll(/data-dw[\w-]*/gi)].map((m) => m[0]))], ['data-dw-line']);
  const tree = {
    type: 'root' as const,
    children: [
      {
        type: 'element' as const,
        tagName: 'div',
        properties: { dataDwPlayground: 'a', 'data-dw-pg-send': '', 'DATA-DW-PG-PATH': '/x', dataDw: '', title: 't' },
        children: [],
      },
    ],
  };
  const clean = sanitizeTree(tree);
  assert.deepEqual(
    clean.children.map((c) => (c.type === 'element' ? c.properties : undefined)),
    [{ title: 't' }],
  );
  const mine = own({ type: 'element', tagName: 'div', properties: {}, children: [] }, { dataDwPlayground: 'k' });
  assert.equal(cleanHtml(sanitizeTree({ type: 'root', children: [mine] })), '<div data-dw-playground="k"></div>');
  assert.throws(() => own(mine, { dataPlayground: '' }), /not a reserved attribute/);
});

test("the renderer's own hooks of media/docwright.js are reserved attributes: copy buttons, tabs, diagrams, formulas, steps and page links", async () => {
  const { page } = await render(
    FM('Own') +
      [
        '```js title="a.js"\nlet a = 1;\n```',
        '<Prompt description="Ask">Do it.</Prompt>',
        '<Tabs>\n  <Tab title="A">a</Tab>\n  <Tab title="B">b</Tab>\n</Tabs>',
        '```mermaid\ngraph TD; A-->B\n```',
        '$$\nx^2\n$$',
        '<Steps>\n  <Step title="One">1</Step>\n</Steps>',
        '[Quick](/quickstart)',
      ].join('\n\n'),
  );
  const html = page.html;
  assert.match(html, /<div class="dw-codeblock[^"]*"[^>]* data-dw-codeblock=""/);
  assert.match(html, /<button type="button" class="dw-copy[^"]*" aria-label="Copy the contents from the code block" data-dw-copy="">/);
  assert.match(html, /<code class="language-js" data-dw-copy-source="">/);
  assert.match(html, /<div class="dw-prompt[^"]*"[^>]* data-dw-prompt="".*<div class="dw-prompt-text" data-dw-copy-source="">.*data-dw-copy=""/s);
  assert.match(html, /data-dw-tabs="".*data-dw-tab-list="".*data-dw-tab="0".*data-dw-tab="1".*data-dw-panel="0".*data-dw-panel="1"/s);
  assert.match(html, /<div class="dw-mermaid[^"]*"[^>]* data-dw-mermaid=""[^>]*><pre class="dw-mermaid-source" data-dw-mermaid-source="">/);
  assert.match(html, /class="dw-math[^"]*"[^>]* data-dw-math=""/);
  assert.match(html, /<li class="dw-step[^"]*"[^>]* data-dw-line="\d+"/);
  assert.match(html, /<a href="#" data-dw-page="quickstart">Quick<\/a>/);
});

test("media/*.js select elements only by reserved data-dw- attributes (classes and ids are page content's to write)", () => {
  // Selectors that need no reserved attribute: any link (the preview opens them all outside), the links search.js builds itself.
  const free = new Set(['a[href]', 'a']);
  // Ids of the preview shell and the export's document, which come before any page content in the document.
  const ids = new Set(['dw-app', 'dw-site-css']);
  for (const file of ['docwright.js', 'playground.js', 'search.js']) {
    const source = readFileSync(path.join(__dirname, '../../media', file), 'utf8');
    const selectors = [...source.matchAll(/\b(?:querySelector(?:All)?|closest|matches)\(\s*(['"`])(.*?)\1\s*[),?:]/g)].map((m) => m[2]);
    assert.ok(selectors.length > 0 || file === 'search.js', file);
    for (const list of selectors) {
      for (const selector of list.split(',').map((s) => s.trim())) {
        if (free.has(selector)) continue;
        assert.match(selector, /\[data-dw-[a-z-]+/, `${file}: "${selector}" selects by something page content can write`);
        assert.doesNotMatch(selector.replace(/\[[^\]]*\]/g, ''), /[.#]/, `${file}: "${selector}" selects by a class or an id`);
      }
    }
    for (const m of source.matchAll(/getElementById\(([^)]*)\)/g)) {
      const id = /^'([^']*)'$/.exec(m[1])?.[1];
      if (id !== undefined) assert.ok(ids.has(id), `${file}: getElementById('${id}')`);
    }
  }
});

test("the version and language switchers keep the reader's other division: es/v1/guide leads to es/v2/guide and fr/v1/guide", async () => {
  const version = (lang: string, v: string, pages: string[]) => ({ version: v, groups: [{ group: 'Guides', pages: pages.map((p) => `${lang}/${v}/${p}`) }] });
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: {
      languages: ['en', 'es', 'fr'].map((language) => ({
        language,
        versions: [version(language, 'v2', ['start', 'guide']), version(language, 'v1', language === 'fr' ? ['start', 'guide'] : ['start', 'guide', 'old'])],
      })),
    },
  };
  const files: Record<string, string> = { 'docs.json': JSON.stringify(docs) };
  for (const l of ['en', 'es', 'fr'])
    for (const v of ['v2', 'v1']) for (const p of ['start', 'guide', 'old']) files[`${l}/${v}/${p}.mdx`] = FM(`${l} ${v} ${p}`) + 'Text.';
  const project = new Project(new MemoryWorkspace(files, ROOT), [ROOT]);
  await project.scan();
  const links = async (page: string, kind: string) => {
    const out = await renderPreview(project, `${ROOT}/${page}.mdx`, 'https://assets/');
    assert.ok(out);
    const menu = new RegExp(`<details class="dw-switcher dw-switcher-${kind}"[\\s\\S]*?</details>`).exec(out.body)?.[0] ?? '';
    return [...menu.matchAll(/data-dw-page="([^"]+)"/g)].map((m) => m[1]);
  };
  assert.deepEqual(await links('es/v1/guide', 'version'), ['es/v2/guide', 'es/v1/guide']);
  assert.deepEqual(await links('es/v1/guide', 'language'), ['en/v1/guide', 'es/v1/guide', 'fr/v1/guide']);
  // No counterpart: the other division's first page nearest the reader's (Spanish v2, French v1), never English.
  assert.deepEqual(await links('es/v1/old', 'version'), ['es/v2/start', 'es/v1/old']);
  assert.deepEqual(await links('es/v1/old', 'language'), ['en/v1/old', 'es/v1/old', 'fr/v1/start']);
});

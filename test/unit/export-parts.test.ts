// The pieces of the export: components as Markdown, the llms.txt check, the navigation cache of the
// renderer (same HTML with and without it), the page results in plan order with their search index,
// the editor rules file and `docwright rules`, and which site files are copied and how.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SITE_HTML_CSP } from '../../server/src/export/document';
import { siteFileCopy, siteHtml } from '../../server/src/export/site-files';
import { pageMarkdown } from '../../server/src/export/markdown';
import { buildLlmsTxt } from '../../server/src/export/llms';
import { validateLlmsTxt } from '../../server/src/site/llms-txt';
import { exportTarget } from '../../server/src/export/paths';
import { ExportResults, type ExportPlan, type PageOutput } from '../../server/src/export/export';
import { componentUsage, rulesFile } from '../../server/src/export/rules-file';
import { parsePage } from '../../server/src/pages/parse';
import { createNavCache } from '../../server/src/render/layout';
import { renderSitePage } from '../../server/src/render/site-page';
import { loadSiteSource } from '../../server/src/render/source';
import { Project } from '../../server/src/project';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { navigationOrder } from '../../server/src/site/model';
import { parseRulesArgs, runRules } from '../../server/src/hosts/cli/rules';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import { EXAMPLE_SITE, indexFrom, writeSiteToDisk } from '../helpers';
import { siteModel } from '../../server/src/render/source';

function md(text: string, files: Record<string, string> = {}): string {
  const doc = parsePage('/site/guides/page.mdx', text);
  const pages = new Set(['guides/setup', 'index']);
  return pageMarkdown({
    page: doc,
    rel: 'guides/page.mdx',
    pageUrl: (id, hash) => (pages.has(id) ? `${id}.md${hash ? `#${hash}` : ''}` : undefined),
    fileUrl: (rel) => (rel in files || rel.endsWith('.png') ? `files/${rel}` : undefined),
    snippet: (rel) => (rel in files ? parsePage(`/site/${rel}`, files[rel]) : undefined),
  });
}

describe('pages as Markdown', () => {
  it('turns callouts, steps, tabs, accordions and fields into plain Markdown', () => {
    const out = md(`---
title: T
---

<Note>Keys expire after **90 days**.</Note>

<Steps>
  <Step title="Install">
    Run \`npm i acme\`.
  </Step>
  <Step title="Verify">
    Expect \`ok\`.
  </Step>
</Steps>

<Tabs>
  <Tab title="macOS">Use Homebrew.</Tab>
  <Tab title="Linux">Use apt.</Tab>
</Tabs>

<AccordionGroup>
  <Accordion title="Why?">Because.</Accordion>
</AccordionGroup>

<ParamField query="limit" type="integer" default="20" required>
  How many notes to return.
</ParamField>

<ResponseField name="id" type="string">The note's ID.</ResponseField>
`);
    assert.equal(
      out,
      [
        '> **Note:** Keys expire after **90 days**.',
        '1. **Install**\n\n   Run `npm i acme`.\n\n2. **Verify**\n\n   Expect `ok`.',
        '**macOS**\n\nUse Homebrew.\n\n**Linux**\n\nUse apt.',
        '**Why?**\n\nBecause.',
        '`limit` (integer, query, required, default: 20): How many notes to return.',
        "`id` (string): The note's ID.",
      ].join('\n\n'),
    );
  });

  it('points links at the Markdown copies and files, keeps code, inlines snippets, drops ESM and comments', () => {
    const out = md(
      `import Shared from '/snippets/shared.mdx';
export const product = 'Acme';

{/* a comment */}

See [setup](/guides/setup#install), [home](/) and ![Diagram](./diagram.png). {product} is fast.

<Shared who="you" />

\`\`\`js index.js
const a = 1;
\`\`\`

<Card title="Quickstart" href="/guides/setup">Start here.</Card>

<Frame caption="The dashboard">
  <img src="/shot.png" alt="Dashboard" />
</Frame>
`,
      { 'snippets/shared.mdx': 'Hello {who}, see [setup](/guides/setup).\n' },
    );
    assert.match(out, /^See \[setup\]\(guides\/setup\.md#install\), \[home\]\(index\.md\) and !\[Diagram\]\(files\/guides\/diagram\.png\)\. Acme is fast\.$/m);
    assert.match(out, /^Hello you, see \[setup\]\(guides\/setup\.md\)\.$/m);
    assert.match(out, /^```js index\.js\nconst a = 1;\n```$/m);
    assert.match(out, /^\[\*\*Quickstart\*\*\]\(guides\/setup\.md\)\n\nStart here\.$/m);
    assert.match(out, /^!\[Dashboard\]\(files\/shot\.png\)\n\n_The dashboard_$/m);
    assert.doesNotMatch(out, /import|export const|comment/);
  });
});

describe('the llms.txt check', () => {
  const resolve = (url: string) => ['a.md', 'b.md'].includes(url);
  it('accepts what the export writes', () => {
    const { text } = buildLlmsTxt({
      name: 'Acme',
      summary: 'Acme API docs.',
      sections: [{ name: 'Start', entries: [{ title: 'A [beta]', url: 'a.md', description: 'First.' }] }],
      optional: [{ title: 'B', url: 'b.md' }],
    });
    assert.match(text, /^- \[A \\\[beta\\\]\]\(a\.md\): First\.$/m);
    assert.match(buildLlmsTxt({ name: 'A', summary: 's', sections: [{ name: 'S', entries: [{ title: 'P', url: 'x (1).md' }] }] }).text, /\(x%20%281%29\.md\)/);
    assert.deepEqual(validateLlmsTxt(text, { resolve }), []);
  });

  it('reports the parts out of order, malformed items and links that lead nowhere', () => {
    const lines = (t: string, o = {}) => validateLlmsTxt(t, { resolve, ...o }).map((p) => `${p.line + 1}: ${p.message}`);
    const expect = (t: string, patterns: RegExp[], o = {}) => {
      const got = lines(t, o);
      assert.equal(got.length, patterns.length, got.join('\n'));
      patterns.forEach((re, i) => assert.match(got[i], re));
    };
    expect('Intro\n', [/^1: llms\.txt must start with the site name as a level-1 heading/]);
    expect('# A\n\n## S\n\n- [A](a.md)\n', [/^3: A "> summary" block quote should follow the name/]);
    expect('# A\n\nText first.\n\n> s\n\n## S\n\n- [A](a.md)\n', [/^5: The summary block quote comes right after the name/]);
    expect('# A\n\n> s\n\n## Optional\n\n- [A](a.md)\n\n## Later\n\n- [B](b.md)\n', [/^5: The "Optional" section comes last/]);
    expect('# A\n\n> s\n\n## S\n\n- a.md\n- [C](c.md)\nText\n\n# Again\n\n## Empty\n', [
      /^7: A list item is "- \[title\]\(url\)"/,
      /^8: The link "c\.md" leads to no page or file of the site\.$/,
      /^9: Sections hold lists of links/,
      /^11: Only one level-1 heading/,
      /^13: Section "Empty" lists no links/,
    ]);
  });
});

describe('the renderer navigation cache', () => {
  it('gives every page of the example site the same HTML as without the cache', async () => {
    const project = new Project(new DiskWorkspace(), [EXAMPLE_SITE]);
    await project.scan();
    const root = project.roots[0];
    const source = (await loadSiteSource(project, root, [...(await project.site(root))!.pages.values()]))!;
    const cache = createNavCache();
    const ids = navigationOrder(source.model);
    assert.ok(ids.length > 10);
    // Twice over, so the second round is served from the cache.
    for (const round of [1, 2]) {
      for (const id of ids) {
        const rel = source.pages.get(id)!;
        const from = `${id}.html`;
        const target = () =>
          exportTarget({
            from,
            pageFile: (p) => (source.pages.has(p) ? `${p}.html` : undefined),
            notFound: '404.html',
            onAsset: () => undefined,
            onBrokenLink: () => undefined,
          });
        const cached = renderSitePage(source, rel, target(), { search: true, navCache: cache })!.body.replace(/dw-t\d+/g, '');
        const plain = renderSitePage(source, rel, target(), { search: true })!.body.replace(/dw-t\d+/g, '');
        assert.ok(cached === plain, `round ${round}: ${id} differs`);
      }
    }
  });
});

describe('the page results of the export', () => {
  const ids = ['intro', 'guides/setup', 'guides/deploy', 'hidden', 'api/users'];
  const plan = { pages: ids.map((id) => ({ id })) } as unknown as ExportPlan;
  const output = (id: string): PageOutput => ({
    id,
    title: `Title of ${id}`,
    written: [`${id}.html`],
    assets: [],
    problems: [],
    markdown: `# ${id}`,
    search: id === 'hidden' ? undefined : { url: `${id}.html`, title: `Title of ${id}`, headings: '', text: `Body of ${id} with word-${id.replace('/', '-')}` },
  });
  const indexOf = (script: string) =>
    JSON.parse(script.replace(/^self\.DOCWRIGHT_SEARCH = /, '').replace(/;\n$/, '')) as {
      index: { documentCount: number; storedFields: Record<string, { url: string }> };
    };

  it('keeps plan order and builds the same search index whatever order pages come in', () => {
    const inOrder = new ExportResults(plan);
    for (const id of ids) inOrder.add(output(id));
    const shuffled = new ExportResults(plan);
    for (const id of ['guides/deploy', 'api/users', 'intro', 'hidden', 'guides/setup']) shuffled.add(output(id));
    assert.deepEqual(
      shuffled.ordered().map((o) => o.id),
      ids,
    );
    assert.equal(shuffled.search.script(), inOrder.search.script());
    const index = indexOf(inOrder.search.script());
    assert.equal(index.index.documentCount, 4, 'a page outside the navigation is not searchable');
    assert.deepEqual(
      Object.values(index.index.storedFields).map((f) => f.url),
      ['intro.html', 'guides/setup.html', 'guides/deploy.html', 'api/users.html'],
    );
  });

  it('indexes a page once every page before it has come, and then lets go of its text', () => {
    const results = new ExportResults(plan);
    const later = output('guides/setup');
    results.add(later);
    assert.ok(later.search, 'kept until the pages before it come');
    assert.equal(indexOf(results.search.script()).index.documentCount, 0);
    results.add(output('intro'));
    assert.equal(later.search, undefined);
    assert.equal(indexOf(results.search.script()).index.documentCount, 2);
    assert.equal(results.size, 2);
  });
});

describe('the editor rules file', () => {
  it('writes the rules for the site: its name, groups, components and enforced rule ids', async () => {
    const { index } = await indexFrom(
      exampleSite(minimalConfig(['introduction', 'guides/setup']), ['introduction'], {
        'guides/setup.mdx': '---\ntitle: Set up\ndescription: Set it up.\n---\n\n<Steps>\n  <Step title="Go">Do.</Step>\n</Steps>\n\n<Note>Hi.</Note>\n',
        '.docwright.json': '{"rules": {"prose-passive": "off"}}',
      }),
    );
    assert.deepEqual(
      componentUsage(index.pages).map((u) => `${u.name}:${u.pages}`),
      ['Note:1', 'Step:1', 'Steps:1'],
    );
    const file = rulesFile(
      { model: siteModel(index.site), pages: index.pages, configName: 'docs.json', siteFolder: '', projectRules: index.site.projectRules },
      'cursor',
    );
    assert.equal(file.path, '.cursor/rules.md');
    assert.match(file.content, /^# Writing rules for the Acme documentation\n/);
    assert.match(file.content, /^- 2 pages in 1 navigation group, in this order: Get started\.$/m);
    assert.match(file.content, /^- `<Steps>`: procedures: .* \(used on 1 page\)\.$/m);
    assert.match(file.content, /^- `page-title` \(warning\): /m);
    assert.match(file.content, /^- `llms-txt` \(warning\): /m);
    assert.doesNotMatch(file.content, /prose-passive/, 'rules turned off in .docwright.json are not listed');
    assert.match(file.content, /Authorization: Bearer <API_KEY>/);
    const mdc = rulesFile({ model: siteModel(index.site), pages: index.pages, configName: 'docs.json', siteFolder: 'docs', projectRules: {} }, 'cursor-mdc');
    assert.equal(mdc.path, '.cursor/rules/docwright.mdc');
    assert.match(
      mdc.content,
      /run `docwright mcp docs` \(add `--allow-writes` to let it fix and move files\)/,
      'the rules file points the editor at the MCP server',
    );
    assert.match(
      mdc.content,
      /^---\ndescription: Writing rules for the Acme documentation pages \(Markdown\/MDX\) and docs\.json\nglobs: docs\/\*\*\/\*\.mdx, docs\/\*\*\/\*\.md, docs\/docs\.json\nalwaysApply: false\n---\n\n# Writing rules/,
    );
  });

  describe('docwright rules', () => {
    let dir: string;
    const run = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runRules(
        parseRulesArgs(args),
        (s) => out.push(s),
        (s) => err.push(s),
        dir,
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    before(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'docwright-rules-'));
      writeSiteToDisk(path.join(dir, 'docs'), exampleSite(minimalConfig(['introduction']), ['introduction']));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('creates .cursor/rules.md (with its folder) and never overwrites without --force', async () => {
      const first = await run(['docs']);
      assert.equal(first.code, 0, first.err);
      assert.equal(first.out, 'Wrote docs/.cursor/rules.md: the writing rules for Acme.');
      const file = path.join(dir, 'docs/.cursor/rules.md');
      assert.match(readFileSync(file, 'utf8'), /^# Writing rules for the Acme documentation/);
      writeFileSync(file, 'my own rules');
      const second = await run(['docs']);
      assert.equal(second.code, 1);
      assert.match(second.err, /docs\/\.cursor\/rules\.md exists; it was not changed\. Use --force to replace it\./);
      assert.equal(readFileSync(file, 'utf8'), 'my own rules');
      assert.equal((await run(['docs', '--force'])).code, 0);
      assert.match(readFileSync(file, 'utf8'), /^# Writing rules/);
    });

    it('writes the other targets where their editors read them', async () => {
      for (const [target, file] of [
        ['agents', 'docs/AGENTS.md'],
        ['windsurf', 'docs/.windsurf/rules/docwright.md'],
        ['copilot', 'docs/.github/copilot-instructions.md'],
      ]) {
        const r = await run(['docs', '--target', target]);
        assert.equal(r.code, 0, r.err);
        assert.ok(existsSync(path.join(dir, file)), file);
      }
      assert.throws(() => parseRulesArgs(['--target', 'emacs']), /--target must be one of cursor, cursor-mdc, agents, copilot, windsurf, not "emacs"/);
    });

    it('says when AGENTS.md would be published as a page, until .mintignore lists it', async () => {
      const first = await run(['docs', '--target', 'agents', '--force']);
      assert.match(first.out, /Note: AGENTS\.md is in the site folder, where \.md files are published as pages: add "AGENTS\.md" to \.mintignore/);
      writeFileSync(path.join(dir, 'docs/.mintignore'), 'drafts/\nAGENTS.md\n');
      const second = await run(['docs', '--target', 'agents', '--force']);
      assert.equal(second.code, 0);
      assert.doesNotMatch(second.out, /Note:/);
    });
  });
});

describe("the policy of the site's own HTML files", () => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${SITE_HTML_CSP}">`;
  const text = (b: Uint8Array, enc: BufferEncoding = 'latin1') => Buffer.from(b).toString(enc);

  const first = `\uFEFF`;
  const policy = `<meta charset="utf-8">${meta}`;
  const written = (s: string | Uint8Array) => {
    const r = siteHtml(typeof s === 'string' ? Buffer.from(s) : s);
    return 'bytes' in r ? text(r.bytes, 'utf8') : r.notUtf8;
  };

  it('goes first, before any byte of the file: a UTF-8 byte-order mark, the doctype written again, the charset and the policy', () => {
    assert.equal(written('<!DOCTYPE html>\n<html><script>x()</script>'), `${first}<!DOCTYPE html>${policy}\n<html><script>x()</script>`);
    assert.equal(written('<p>no doctype</p>'), `${first}${policy}<p>no doctype</p>`);
    assert.equal(written('\uFEFF <!doctype html><p>é</p>'), `${first}<!DOCTYPE html>${policy}<p>é</p>`);
    assert.equal(
      written('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"\n  "http://www.w3.org/TR/html4/loose.dtd"><p>x</p>'),
      `${first}<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">${policy}<p>x</p>`,
    );
    assert.equal(written('<!doctype html system "about:legacy-compat"><p>x</p>'), `${first}<!DOCTYPE html SYSTEM "about:legacy-compat">${policy}<p>x</p>`);
    // A doctype the export does not write again stays where it was, after the policy (the page is in quirks mode, as without one).
    assert.equal(written(`<!DOCTYPE html PUBLIC '-//x'><p>x</p>`), `${first}${policy}<!DOCTYPE html PUBLIC '-//x'><p>x</p>`);
    assert.equal(written(`<!DOCTYPE html [x]><p>x</p>`), `${first}${policy}<!DOCTYPE html [x]><p>x</p>`);
    // UTF-8 named as UTF-8 or ASCII, in any case and any form, is kept.
    for (const decl of [
      '<meta charset="UTF-8">',
      "<meta charset='utf8'>",
      '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">',
      '<meta charset=us-ascii>',
    ])
      assert.equal(written(decl), `${first}${policy}${decl}`, decl);
    assert.match(SITE_HTML_CSP, /script-src 'none'/);
  });

  it('is not written for a file whose encoding is not UTF-8, or that names another charset anywhere', () => {
    const refused: [string | Uint8Array, RegExp][] = [
      ['<!DOCTYPE html \x1b$B>\x1b(B<meta charset="iso-2022-jp"><script>x()</script>', /control characters/],
      ['<p>\x1b$B</p>', /control characters/],
      ['<p>\0</p>', /control characters/],
      [Buffer.from('\uFEFF<p>x</p>', 'utf16le'), /UTF-16/],
      [Buffer.from('\uFEFF<p>x</p>', 'utf16le').swap16(), /UTF-16/],
      [Buffer.from('<p>x</p>', 'utf16le'), /control characters/],
      [Buffer.from([0x3c, 0x70, 0x3e, 0x82, 0xa0]), /not UTF-8/],
      ['<meta charset="iso-2022-jp">', /charset=iso-2022-jp/],
      ['<p>x</p><meta http-equiv="content-type" content="text/html;charset = Shift_JIS">', /charset=Shift_JIS/],
      ['<meta http-equiv="content-type" content="text/html; ch&#97;rset&equals;&#x27;utf-16&#x27;">', /charset=utf-16/],
      ['<meta CHARSET = " windows-1252 ">', /charset=windows-1252/],
      ['<meta charset="utf-7">', /charset=utf-7/],
    ];
    for (const [content, why] of refused) assert.match(written(content), why, String(content));
    assert.match(
      exported('files/jis.html', refused[0][0]) as string,
      /^Site file files\/jis\.html is HTML with control characters, or text in another encoding than UTF-8: it is not copied, .*\(save it as UTF-8\)\.$/,
    );
  });

  it('is given to .html and .htm files; XHTML, where a <meta> policy is none, is left out', () => {
    for (const rel of ['a.html', 'b.HTM']) assert.equal(text(exported(rel, '<p>x</p>') as Uint8Array, 'utf8'), `${first}${policy}<p>x</p>`, rel);
    for (const rel of ['c.xhtml', 'd.XHT'])
      assert.match(
        exported(rel, '<html xmlns="http://www.w3.org/1999/xhtml"/>') as string,
        /is an XHTML document, .*no <meta> policy applies.*: it is not copied/,
        rel,
      );
  });
});

/** What the export writes for a site file: its bytes, or the warning when it leaves the file out. */
function exported(rel: string, content: string | Uint8Array): Uint8Array | string {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const how = siteFileCopy(rel);
  if ('notCopied' in how) return how.notCopied;
  const out = how.transform ? how.transform(bytes) : bytes;
  return out instanceof Uint8Array ? out : out.notCopied;
}

describe('site files: what is copied as it is, and what is left out', () => {
  const hostile = '<html><script>x()</script></html>';
  it('copies images, fonts, media, PDF, archives and plain data byte for byte', () => {
    for (const ext of ['png', 'JPG', 'jpeg', 'gif', 'webp', 'avif', 'ico', 'woff2', 'ttf', 'mp4', 'webm', 'mp3', 'pdf', 'json', 'csv', 'txt', 'yaml', 'zip']) {
      const bytes = Buffer.from(hostile);
      assert.equal(exported(`files/a.${ext}`, bytes), bytes, ext);
    }
  });
  for (const [rel, why] of [
    ['files/a.svgz', /is a compressed SVG/],
    ['files/a.shtml', /is served by hosts as HTML/],
    ['files/a.js', /is a script/],
    ['files/a.mathml', /is a \.mathml file, a kind the export does not copy/],
    ['files/a.php', /is a \.php file/],
    ['files/README', /has no extension/],
  ] as const) {
    it(`leaves out ${rel} with a warning saying why`, () => {
      const out = exported(rel, hostile);
      assert.equal(typeof out, 'string');
      assert.match(out as string, why);
      assert.match(out as string, new RegExp(`^Site file ${rel.replace(/\./g, '\\.')} .*: it is not copied\\.`));
    });
  }
});

describe('site XML files opened directly', () => {
  const svg = (inner: string, head = '', attrs = '') =>
    Buffer.from(`${head}<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"${attrs}>${inner}</svg>`);
  for (const [name, bytes] of [
    ['nothing active', svg('<path d="M0 0h4v2z" fill="#123"/><text>A description, é, on the left</text>')],
    ['an XML declaration in UTF-8 and a byte-order mark', svg('<rect/>', '\uFEFF<?xml version="1.0" encoding="UTF-8"?>')],
    ['a DTD without declarations', svg('<rect/>', '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">')],
    [
      'an embedded raster image',
      svg(
        '<image href="data:image/png;base64,iVBORw0KGgo="/><feImage xlink:href="data:image/png;base64,AAAA"/>',
        '',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    ],
    [
      "an editor's own elements",
      svg('<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" pagecolor="#fff"/><a href="guide.html"><rect/></a>'),
    ],
  ] as const) {
    it(`copies an SVG with ${name} as it is`, () => {
      assert.equal(exported('a.svg', bytes), bytes);
    });
  }
  for (const [name, bytes] of [
    ['a script', svg('<script>x()</script>')],
    ['a prefixed script', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">x()</h:script>')],
    ['a script whose prefix is no ASCII word', svg('<ж:script xmlns:ж="http://www.w3.org/2000/svg">x()</ж:script>')],
    ['an XHTML element whose prefix is no ASCII word', svg('<ж:p xmlns:ж="http://www.w3.org/1999/xhtml">x</ж:p>')],
    ['an event handler', svg('<rect onclick="x()"/>')],
    ['a prefixed event handler', svg('<rect xmlns:é="urn:x" é:onload="x()"/>')],
    ['a javascript: link split by a tab', svg('<a href="java\tscript:x()"><rect/></a>')],
    ['a character reference', svg('<a href="&#106;avascript:x()"><rect/></a>')],
    ['a javascript: link hidden behind a second attribute of the same name', svg('<a href="&#106;avascript:x()" href="ok.html"><rect/></a>')],
    ['a data: URL that is no image', svg('<use href="data:image/svg+xml,&lt;svg/&gt;#a"/>')],
    ['an animation that sets a link', svg('<a><set attributeName="href" to="ok"/><rect/></a>')],
    ['an entity built in the DTD', svg('&s;', '<!DOCTYPE svg [<!ENTITY s "&#60;script>x()&#60;/script>">]>')],
    ['an XSLT style sheet', svg('', '<?xml-stylesheet type="text/xsl" href="x.xsl"?>')],
    ['a foreign object', svg('<foreignObject><iframe/></foreignObject>')],
    ['UTF-16 text', Buffer.from('\uFEFF<svg><script>x()</script></svg>', 'utf16le')],
    ['UTF-16 text without a byte-order mark', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', 'utf16le')],
    ['ISO-2022-JP text with an escape inside <script', svg('<scr\x1b(Bipt>x()</scr\x1b(Bipt>', '<?xml version="1.0" encoding="ISO-2022-JP"?>')],
    ['another encoding declared', svg('<rect/>', '<?xml version="1.0" encoding="windows-1252"?>')],
    ['bytes that are not UTF-8', Buffer.concat([svg('<text>'), Buffer.from([0xe9, 0x3c]), Buffer.from('/text></svg>')])],
    ['a prefix bound to no namespace (not well-formed)', svg('<x:rect/>')],
    ['an element left open (not well-formed)', svg('<g><rect/>')],
  ] as const) {
    it(`wraps an SVG with ${name} as an image of itself, keeping its size`, () => {
      const out = Buffer.from(exported('a.svg', bytes) as Uint8Array).toString('utf8');
      assert.match(
        out,
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"( width="4" height="2")?><image width="100%" height="100%" href="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"\/><\/svg>\n$/,
      );
      assert.equal(Buffer.from(/base64,([^"]+)/.exec(out)![1], 'base64').compare(Buffer.from(bytes)), 0);
    });
  }
  it('leaves out other XML that could run script, saying why, and copies the rest', () => {
    assert.match(
      exported('feed.xml', '<?xml-stylesheet href="f.xsl" type="text/xsl"?><rss/>') as string,
      /^Site file feed\.xml is XML that could run script when opened \(a style sheet instruction .*\): it is not copied\.$/,
    );
    assert.match(
      exported('doc.xml', '<doc><ж:script xmlns:ж="http://www.w3.org/2000/svg">x()</ж:script></doc>') as string,
      /is XML that could run script when opened \(a script/,
    );
    assert.match(
      exported('schema.xsd', '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><h:b xmlns:h="http://www.w3.org/1999/xhtml"/></xs:schema>') as string,
      /\(an element of http:\/\/www\.w3\.org\/1999\/xhtml\)/,
    );
    assert.match(
      exported('grammar.rng', Buffer.from('<grammar xmlns="http://relaxng.org/ns/structure/1.0"/>', 'utf16le')) as string,
      /is XML that could run script when opened \(.*encoding/,
    );
    const feed = Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel/></rss>');
    assert.equal(exported('feed.xml', feed), feed);
    const schema = Buffer.from('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="object"/></xs:schema>');
    assert.equal(exported('schema.xsd', schema), schema);
    const grammar = Buffer.from('<grammar xmlns="http://relaxng.org/ns/structure/1.0"><start><empty/></start></grammar>');
    assert.equal(exported('grammar.rng', grammar), grammar);
  });
});

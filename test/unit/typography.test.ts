// Prose typography as the format shapes it: ours against remark-smartypants, the step the format's
// pipeline runs, over generated pages and the local corpus copies; and what a page shows.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { corpusPages } from '../../scripts/conformance/common';
import { autolinkLines, autolinkProseLines, compareAutolinks, compareTypography, typographyPages } from '../../scripts/conformance/typography';
import { parsePage } from '../../server/src/pages/parse';
import { renderPage } from '../../server/src/render/page';

const show = (d: { input: unknown; ours: unknown; theirs: unknown }[]) =>
  d
    .slice(0, 3)
    .map((x) => JSON.stringify(x))
    .join('\n');

const render = (text: string) =>
  renderPage({ page: parsePage('/site/p.mdx', text), rel: 'p.mdx', pages: new Map(), files: new Set(), target: { pageHref: () => '#', assetUrl: (r) => r } })
    .html;

describe('typography (remark-smartypants, as the format runs it)', () => {
  it('agrees on every text node of 600 generated pages', async () => {
    const result = await compareTypography('generated prose', typographyPages(600));
    assert.ok(result.tried > 6_000, `${result.tried} text nodes compared`);
    assert.equal(result.disagreements.length, 0, show(result.disagreements));
  });

  it('agrees on every text node of the local corpus copies', async (t) => {
    const pages = corpusPages();
    if (!pages) {
      t.skip('no local corpus (set DOCWRIGHT_CORPUS to the folder scripts/corpus.mjs extracts into; the real sites are not in CI)');
      return;
    }
    const result = await compareTypography(
      'corpus pages',
      pages.map((p) => p.text),
    );
    assert.ok(result.tried > 0);
    assert.equal(result.disagreements.length, 0, show(result.disagreements));
  });

  it('curls prose and leaves code, inline code, URLs and attribute values as written', () => {
    const html = render(
      `## Don't "quote" me\n\nHe said "hi" -- then... It's \`don't\`.\n\n[a "link"](https://example.com/?q="x")\n\n<Card title="Card's title">Card "body"</Card>\n\n\`\`\`js\nconst a = "it's" -- 1;\n\`\`\`\n`,
    );
    assert.match(html, /Don’t “quote” me<\/h2>/);
    assert.match(html, /He said “hi” — then… It’s <code>don't<\/code>\./);
    assert.match(html, /href="https:\/\/example\.com\/\?q=%22x%22">a “link”<\/a>/);
    assert.match(html, /Card's title/);
    assert.match(html, /Card “body”/);
    assert.ok(!/it’s/.test(html.slice(html.indexOf('<pre'))), 'code keeps its quotes');
  });

  it('leaves a <Snippet file> as written, as the format injects it after the step; an imported snippet is curled', () => {
    const snippet = parsePage('/site/snippets/s.mdx', `It's "snippet" text.\n`);
    const html = renderPage({
      page: parsePage('/site/p.mdx', `import S from '/snippets/s.mdx';\n\nIt's the page.\n\n<Snippet file="s.mdx" />\n\n<S />\n`),
      rel: 'p.mdx',
      pages: new Map(),
      files: new Set(['snippets/s.mdx']),
      snippet: (rel) => (rel === 'snippets/s.mdx' ? snippet : undefined),
      target: { pageHref: () => '#', assetUrl: (r) => r },
    }).html;
    assert.match(html, /It’s the page\./);
    assert.match(html, /It's "snippet" text\./);
    assert.match(html, /It’s “snippet” text\./);
  });
});

describe('bare URLs and addresses (remark-gfm autolink literals, as the format parses them)', () => {
  it('links the same URLs as the reference on 800 generated lines', async () => {
    const result = await compareAutolinks('generated lines', autolinkLines(800));
    assert.equal(result.tried, 800);
    assert.equal(result.disagreements.length, 0, show(result.disagreements));
  });

  it('links the same URLs as the reference on the prose lines of the local corpus copies', async (t) => {
    const pages = corpusPages();
    if (!pages) {
      t.skip('no local corpus (set DOCWRIGHT_CORPUS to the folder scripts/corpus.mjs extracts into; the real sites are not in CI)');
      return;
    }
    const result = await compareAutolinks('corpus lines', autolinkProseLines(pages.map((p) => p.text)));
    assert.ok(result.tried > 0);
    assert.equal(result.disagreements.length, 0, show(result.disagreements));
  });

  it('links a bare URL in prose with its text curled around it, never inside a link or code', () => {
    const html = render(`Open http://localhost:3000 -- or "see www.example.com"... Mail a@b.co.\n\n[https://x.com](https://y.com) and \`https://z.com\`\n`);
    assert.match(
      html,
      /Open <a href="http:\/\/localhost:3000">http:\/\/localhost:3000<\/a> — or “see <a href="http:\/\/www\.example\.com">www\.example\.com<\/a>”… Mail <a href="mailto:a@b\.co">a@b\.co<\/a>\./,
    );
    assert.equal([...html.matchAll(/<a /g)].length, 4, html);
    assert.match(html, /<code>https:\/\/z\.com<\/code>/);
  });
});

describe('heading ids read the curled title, as the format reads it after its typography step', () => {
  it("gives `## What's new` the id of “What’s new”, and a <Snippet file> heading the id of its text as written", async () => {
    const { pageHeadingIds } = await import('../../server/src/pages/heading-ids');
    const page = parsePage('/site/p.mdx', `## What's new\n\n## Plain title\n\n<Snippet file="s.mdx" />\n`);
    const snippet = parsePage('/site/snippets/s.mdx', `## It's a snippet\n`);
    const ids = pageHeadingIds(page, (node) =>
      (node as { name?: string }).name === 'Snippet' ? { tree: snippet.tree, customIds: snippet.customIds } : undefined,
    ).map((a) => a.anchor);
    assert.deepEqual(ids, ['what’s-new', 'plain-title', 'its-a-snippet']);
    const html = render(`## What's new\n`);
    assert.match(html, /<h2 id="what’s-new"/);
  });
});

// Inputs the fuzz tests found problems with, kept as plain tests.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseConfig } from '../../server/src/config/parse';
import { reparsePage } from '../../server/src/pages/incremental';
import { parsePage } from '../../server/src/pages/parse';
import { MAX_SCANNED_LINKS, scanLinks } from '../../server/src/pages/link-scan';
import { pageSite } from '../../server/src/rules/page-utils';
import { LineIndex } from '../../server/src/util/text';
import { check, comparablePage } from '../helpers';

function plain(text: string, page = parsePage('/x.mdx', text)) {
  return comparablePage(page);
}

describe('fuzz regressions', () => {
  it('keeps a syntax error at the end of a line inside that line', () => {
    const page = parsePage('/x.mdx', '<Note title="x>');
    const { start, end } = page.syntaxError!.range;
    assert.equal(start.line, 0);
    assert.ok(end.line === 0 && end.character <= 15, JSON.stringify(page.syntaxError!.range));
  });

  it('never puts a position between "\\r" and "\\n"', () => {
    const index = new LineIndex('ab\r\ncd');
    assert.deepEqual(index.positionAt(3), { line: 0, character: 2 });
    assert.deepEqual(index.positionAt(4), { line: 1, character: 0 });
  });

  it('reports ranges inside their lines in CRLF files', async () => {
    const files = pageSite('## Install\r\n\r\n```\r\nnpm i\r\n```\r\n');
    for (const f of await check(files)) {
      assert.ok(f.range.end.character <= files['example.mdx'].split(/\r?\n/)[f.range.end.line].length, JSON.stringify(f));
    }
  });

  it('re-parses incrementally after a lone "\\r" like a full parse', () => {
    const a = 'a\rb\n\nc\n\nd\n\ne';
    assert.deepEqual(plain(a + 'x', reparsePage(parsePage('/x.mdx', a), a + 'x')), plain(a + 'x'));
  });

  it('re-parses incrementally under an unclosed leading "---" like a full parse', () => {
    const a = '---\nt\n<Note>\n\n- .\n</Note>';
    const b = '---\nt\n<Note>\nx\n- .\n</Note>';
    assert.deepEqual(plain(b, reparsePage(parsePage('/x.mdx', a), b)), plain(b));
  });

  it('re-parses a list right under a paragraph in that context, like a full parse', () => {
    const a = 'the ```\n* *\n```\n\nword word\n';
    const b = 'the ```\n* *\n\u0000```\n\nword word\n';
    assert.deepEqual(plain(b, reparsePage(parsePage('/x.mdx', a), b)), plain(b));
  });

  it('re-parses an edit that makes a line open dozens of block quotes as a full parse does (not read)', () => {
    const a = '``` ' + '> '.repeat(50) + 'x';
    const b = '```---\napi: the\n---\n ' + '> '.repeat(50) + 'x';
    const page = reparsePage(parsePage('/x.mdx', a), b);
    assert.equal(page.tooLarge?.reason, 'nesting');
    assert.deepEqual(plain(b, page), plain(b));
  });

  it('shows a docs.json value whose own toString is not a function', async () => {
    const config = await parseConfig(
      '/site/docs.json',
      '{"$schema":"https://mintlify.com/docs.json","theme":{"toString":null},"name":"A","colors":{"primary":"#000000"},"navigation":{"groups":[{"group":"G","pages":["x"]}]}}',
    );
    assert.ok(
      config.problems.some((p) => p.kind === 'invalid-value' && p.actual === '{"toString":null}'),
      JSON.stringify(config.problems),
    );
  });

  it('refuses a docs.json nested thousands of levels deep without exhausting the stack', async () => {
    for (const text of ['{"a":'.repeat(3000), '['.repeat(10000)]) {
      const config = await parseConfig('/site/docs.json', text);
      assert.deepEqual(
        config.problems.map((p) => p.kind),
        ['syntax'],
      );
      assert.match(config.problems[0].message, /more than 100 levels deep/);
    }
  });

  it('does not try to parse a line that opens thousands of lists', async () => {
    const findings = await check(pageSite('1. '.repeat(16666) + '\n'));
    assert.deepEqual(
      findings.map((f) => f.ruleId),
      ['page-too-large'],
    );
    assert.match(findings[0].message, /nests lists or block quotes/);
  });
});

describe('link-broken: links to the home page', () => {
  it('accepts "/", and "./" or "../" where they name the site folder, and "../" above it (a browser stays at the root)', async () => {
    const files = pageSite('[home](/) [here](./) [anchor](/#top)\n', {
      extra: { 'guides/b.mdx': '---\ntitle: "B"\ndescription: "A page in a folder."\n---\n\n[home](../) [above](../../)\n' },
      pages: ['guides/b'],
    });
    const broken = (await check(files)).filter((f) => f.ruleId === 'link-broken').map((f) => `${f.path.split('/').slice(-2).join('/')} ${f.message}`);
    assert.deepEqual(broken, []);
  });
});

describe('code nesting past the bound acorn gets', () => {
  it('is one syntax error naming the nesting, at the same place with CRLF and LF', () => {
    const lf = '---\ntitle: T\n---\n\nexport default function () {}\n' + '[a'.repeat(3000) + '\n';
    const pages = [lf, lf.replace(/\n/g, '\r\n')].map((text) => parsePage('/x.mdx', text));
    for (const page of pages) assert.match(page.syntaxError?.message ?? '', /Code nests deeper than 400 levels/);
    assert.deepEqual(pages[0].syntaxError?.range, pages[1].syntaxError?.range);
  });

  it('leaves code nesting a hundred levels alone', () => {
    const page = parsePage('/x.mdx', 'export const a = ' + '['.repeat(100) + ']'.repeat(100) + ';\n\n{' + '('.repeat(100) + '1' + ')'.repeat(100) + '}\n');
    assert.equal(page.syntaxError, undefined);
  });
});

describe('heading-increment: one skipped level is one finding', () => {
  const increments = async (body: string) => (await check(pageSite(body))).filter((f) => f.ruleId === 'heading-increment').map((f) => f.message);
  it('judges the headings after a skip against the skipped heading as written (no cascade)', async () => {
    assert.deepEqual(await increments('### Start deep\n\nText.\n\n#### Detail\n\nText.\n\n#### More\n\nText.\n'), [
      'Heading level 3 follows level 1: expected level 2 (##).',
    ]);
    assert.deepEqual(await increments('## A\n\nText.\n\n#### B\n\nText.\n\n##### C\n\nText.\n'), ['Heading level 4 follows level 2: expected level 3 (###).']);
  });
  it('reports nothing on the same outline without the skip', async () => {
    assert.deepEqual(await increments('## Start\n\nText.\n\n### Detail\n\nText.\n\n### More\n\nText.\n'), []);
  });
});

describe('ParamField name= is one finding', () => {
  const findings = async (body: string) =>
    (await check(pageSite(body))).filter((f) => f.ruleId.startsWith('component-attribute')).map((f) => `${f.ruleId}: ${f.message}`);
  it('reports the unknown name once, saying which attribute to write instead', async () => {
    assert.deepEqual(await findings('## Params\n\n<ParamField name="id" type="string">\n  The id.\n</ParamField>\n'), [
      'component-attribute-unknown: <ParamField> has no attribute "name". Write one of "path", "body", "query", "header" instead.',
    ]);
  });
  it('still reports a ParamField that names no parameter at all, and accepts one that does', async () => {
    assert.deepEqual(await findings('## Params\n\n<ParamField type="string">\n  The id.\n</ParamField>\n'), [
      'component-attribute-missing: <ParamField> needs exactly one of "path", "body", "query", "header".',
    ]);
    assert.deepEqual(await findings('## Params\n\n<ParamField query="id" type="string">\n  The id.\n</ParamField>\n'), []);
  });
});

describe('link-broken: anchors as readers meet them (issue 35)', () => {
  const broken = async (files: Record<string, string>) => (await check(files)).filter((f) => f.ruleId === 'link-broken').map((f) => f.message);
  /** A site whose page `guide` renders snippet `snippets/part.mdx` (imported, or by <Snippet file>) and `example` links into it. */
  const site = (link: string, snippet: string, guide = 'import Part from "/snippets/part.mdx";\n\n## Setup\n\n<Part />\n') =>
    pageSite(`## Next\n\nSee [the part](/guide#${link}).\n`, {
      pages: ['guide'],
      extra: { 'guide.mdx': '---\ntitle: "Guide"\ndescription: "The guide page of the example site."\n---\n\n' + guide, 'snippets/part.mdx': snippet },
    });

  it("a page rendering a snippet has the snippet's headings as anchors, and no others", async () => {
    assert.deepEqual(await broken(site('install', '## Install\n\nRun it.\n')), []);
    assert.deepEqual(await broken(site('uninstall', '## Install\n\nRun it.\n')), ['No heading "#uninstall" on "guide". Did you mean "#install"?']);
  });

  it("numbers a snippet's headings together with the page's (a title the page has is -2 in the snippet, as the format counts)", async () => {
    assert.deepEqual(await broken(site('setup-2', '## Setup\n\nAgain.\n')), []);
    assert.deepEqual(await broken(site('setup-1', '## Setup\n\nAgain.\n')), ['No heading "#setup-1" on "guide". Did you mean "#setup-2"?']);
  });

  it('reads <Snippet file> as the format inlines it', async () => {
    const guide = '## Setup\n\n<Snippet file="part.mdx" />\n';
    assert.deepEqual(await broken(site('install', '## Install\n\nRun it.\n', guide)), []);
    assert.deepEqual(await broken(site('remove', '## Install\n\nRun it.\n', guide)), ['No heading "#remove" on "guide".']);
  });

  it('keeps the anchors open where the files do not fix them: headings from props, a missing snippet, a component making ids at run time', async () => {
    assert.deepEqual(await broken(site('anything', '## {props.title}\n\nRun it.\n')), []);
    assert.deepEqual(await broken(site('anything', '## Install\n', 'import Part from "/snippets/gone.mdx";\n\n<Part />\n')), []);
    const named = 'import { Part } from "/snippets/part.mdx";\n\n<Part />\n';
    assert.deepEqual(await broken(site('anything', 'export const Part = ({ id }) => <h2 id={id}>X</h2>;\n', named)), []);
    // A component whose code writes its ids adds those, and no others.
    assert.deepEqual(await broken(site('x', 'export const Part = () => <h2 id="x">X</h2>;\n', named)), []);
    assert.deepEqual(await broken(site('anything', 'export const Part = () => <h2 id="x">X</h2>;\n', named)), ['No heading "#anything" on "guide".']);
    // An import that is never rendered adds nothing and hides nothing.
    assert.deepEqual(await broken(site('anything', '## Install\n', 'import Part from "/snippets/part.mdx";\n\n## Setup\n')), [
      'No heading "#anything" on "guide".',
    ]);
  });

  it('accepts any anchor of a page that was not read (too large), and checks those of a page that was', async () => {
    const deep = '- '.repeat(45) + 'x\n';
    const files = (body: string) =>
      pageSite('## Next\n\nSee [the part](/big#install).\n', {
        pages: ['big'],
        extra: { 'big.mdx': '---\ntitle: "Big"\ndescription: "A page too deeply nested to read."\n---\n\n' + body },
      });
    assert.deepEqual(await broken(files(deep)), []);
    assert.deepEqual(await broken(files('## Overview\n\nText.\n')), ['No heading "#install" on "big".']);
  });
});

describe("link-broken: absolute links to the site's own address (issue 35)", () => {
  const broken = async (files: Record<string, string>) => (await check(files)).filter((f) => f.ruleId === 'link-broken').map((f) => f.message);
  const withConfig = (body: string, edit: (c: Record<string, unknown>) => void, extra: Record<string, string> = {}) => {
    const files = pageSite(body, {
      pages: ['guides/setup'],
      extra: { 'guides/setup.mdx': '---\ntitle: "Setup"\ndescription: "Set it up."\n---\n\n## Install\n\nRun it.\n', ...extra },
    });
    const config = JSON.parse(files['docs.json']);
    edit(config);
    return { ...files, 'docs.json': JSON.stringify(config) };
  };
  const canonical = (url: string) => (c: Record<string, unknown>) => (c.seo = { metatags: { canonical: url } });

  it("checks a link to the canonical URL's pages as the site path it names, under the canonical base path only", async () => {
    const body =
      '## Next\n\n[a](https://acme.com/docs/guides/setup#install) [b](https://acme.com/docs/guides/setup#deploy) [c](https://acme.com/docs/guides/setp#install) [d](https://acme.com/pricing) [e](https://other.com/docs/guides/gone) [g](https://www.acme.com/docs/guides/setup#remove) [h](https://acme.com/docs/changelog/rss.xml) [f](https://acme.com/docs/llms.txt)\n';
    assert.deepEqual(await broken(withConfig(body, canonical('https://acme.com/docs'))), [
      'No heading "#deploy" on "guides/setup".',
      'No page or file "/guides/setp" in this site (the link "https://acme.com/docs/guides/setp#install" is to this site\'s own address). Did you mean "/guides/setup"?',
      'No heading "#remove" on "guides/setup".',
    ]);
    const fix = (await check(withConfig(body, canonical('https://acme.com/docs/')))).find((f) => f.message.includes('setp'))!.fixes![0];
    assert.equal(fix.edits[0].edits[0].newText, 'https://acme.com/docs/guides/setup#install');
    // Without a canonical URL (nor llms.txt naming the site's pages), absolute links are not the site's.
    assert.deepEqual(await broken(withConfig(body, () => undefined)), []);
  });

  it("reads the classic metadata.canonical, and the hosts the site's llms.txt names for its pages", async () => {
    const body = '## Next\n\n[a](https://docs.acme.com/guides/setup#deploy)\n';
    assert.deepEqual(await broken(withConfig(body, (c) => (c.metadata = { canonical: 'https://docs.acme.com' }))), ['No heading "#deploy" on "guides/setup".']);
    const llms = '# Acme\n\n- [Setup](https://docs.acme.com/guides/setup.md)\n- [Example](https://docs.acme.com/example.md)\n';
    assert.deepEqual(await broken(withConfig(body, () => undefined, { 'llms.txt': llms })), ['No heading "#deploy" on "guides/setup".']);
    // One page named is not enough to take a host for the site's own.
    assert.deepEqual(await broken(withConfig(body, () => undefined, { 'llms.txt': '# Acme\n\n- [Setup](https://docs.acme.com/guides/setup.md)\n' })), []);
  });
});

describe('the link scan of a page not read in full', () => {
  it('reads links and definitions outside front matter, code, comments and images', () => {
    const text = [
      '---',
      'title: "[x](/front-matter)"',
      '---',
      '',
      'See [a](/a#x), [b](<b c>), ![img](/img.png) and [![i](/i.png)](/wrapped).',
      '`[code](/code)` and ``[c2](/c2)`` <a href="/h1">x</a> <Card href={"/h2"} /> <Card href={`/h3/${x}`} />',
      '```md',
      '[fenced](/fenced)',
      '```',
      '<!-- [html comment](/hc)',
      'still -->[after](/after) {/* [mdx](/mdx) */}',
      '[def]: /definition "title"',
      '[^1]: /footnote',
      'Text [nested [x](/inner) y](/outer) \\[esc](/esc)',
    ].join('\n');
    assert.deepEqual(
      scanLinks(text).map((l) => l.url),
      ['/a#x', 'b c', '/wrapped', '/h1', '/h2', '/after', '/definition', '/inner', '/outer'],
    );
    const at = scanLinks(text)[0];
    assert.equal(text.slice(at.start, at.end), '/a#x');
  });

  it('reads hostile text once: unclosed comments, fences, brackets, quotes and backticks on millions of characters', () => {
    for (const hostile of [
      '<!--\n' + 'x x x\n'.repeat(400_000),
      '```\n' + '[a](/b)\n'.repeat(300_000),
      '[[[[(('.repeat(400_000),
      ' href="unclosed\n'.repeat(300_000),
      '`a` ``b '.repeat(300_000),
      '{/*' + ' [a](/b)'.repeat(300_000),
    ])
      assert.deepEqual(scanLinks(hostile), []);
    assert.equal(scanLinks('[a](/b) '.repeat(300_000)).length, MAX_SCANNED_LINKS);
  });
});

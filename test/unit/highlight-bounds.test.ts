// The bounds of syntax highlighting (pages/code-highlight.ts, render/highlight.ts): lines that make a
// grammar cubic or exponential are shown plain, decided from the text the same way by the renderer
// and the check (code-too-large); a page's blocks share a bound; and a watchdog stops what no bound
// foresaw. Each input here took the highlighter from seconds to hours before (see the comments).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Code } from 'mdast';
import {
  BLOCK_COST,
  codeCost,
  GRAMMAR_NAMES,
  grammarOf,
  LANGUAGE_ALIASES,
  MAX_HIGHLIGHT_LINE,
  PAGE_COST,
  plainBlocks,
} from '../../server/src/pages/code-highlight';
import { nodesOf } from '../../server/src/pages/nodes';
import { parsePage } from '../../server/src/pages/parse';
import { HIGHLIGHT_PAGE_MS, Highlighter, LANGUAGE_NAMES, plainLines } from '../../server/src/render/highlight';
import { exportSite } from '../../server/src/export/export';
import { projectExportSource } from '../../server/src/export/source';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';
import { renderPage } from '../../server/src/render/page';
import { previewTarget } from '../../server/src/render/preview';
import { readRegexTable } from '../../server/src/node/regex-table-file';
import { check, EXAMPLE_SITE, mdxFilesIn } from '../helpers';

const FM = '---\ntitle: Code\ndescription: A page of code blocks.\n---\n\n';
const fence = (lang: string, code: string) => '```' + lang + '\n' + code + '\n```\n';
const repeat = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
/** The host's highlighter: the build's table when there is one (as the CLI and the editor run). */
const host = () => new Highlighter(() => readRegexTable());

/** Renders a page as the preview does; the ms it took, and how many of its lines have a coloured token. */
function render(text: string, highlighter = host()): { ms: number; coloured: number; html: string } {
  const page = parsePage('/site/x.mdx', text);
  const start = performance.now();
  const out = renderPage({
    page,
    rel: 'x.mdx',
    pages: new Map([['x', 'x.mdx']]),
    files: new Set(['x.mdx']),
    target: previewTarget('https://assets/'),
    highlighter,
  });
  const ms = performance.now() - start;
  return { ms, coloured: out.html.match(/<span class="line"><span style=/g)?.length ?? 0, html: out.html };
}

// Each took minutes or more: the bash grammar's function-name pattern searches the rest of the line
// for `(` from every token (cubic: 2,000 characters of `<<` took 3 s, 4,000 took 23 s); Markdown's
// emphasis pattern looks for the end of each `<` tag from every `*` (cubic within one search: 4,000
// characters of `*<*` took 2 s, 8,000 took 19 s); the CSS namespace pattern reads `\a` as an escape
// of one or more hex digits (exponential: 52 characters of `a\` took 0.5 s, 56 took 2 s).
const ATTACKS: [string, string][] = [
  ['25 KB of `<<` in a bash block, three lines', fence('bash', [1, 2, 3].map(() => repeat('<<', 8000)).join('\n'))],
  ['25 KB of `<<` in a bash block, lines of 1,300', fence('bash', Array.from({ length: 19 }, () => repeat('<<', 1300)).join('\n'))],
  ['25 KB of `*<*` in a Markdown block', fence('markdown', [1, 2, 3].map(() => repeat('*<*', 8000)).join('\n'))],
  ['25 KB of `*<*` in Markdown, lines of 2,800', fence('md', Array.from({ length: 9 }, () => repeat('*<*', 2800)).join('\n'))],
  ['`<<` in a bash fence inside a Markdown block', fence('md', '````bash\n' + [1, 2, 3].map(() => repeat('<<', 1300)).join('\n') + '\n````')],
  ['a CSS name of 30 `\\a` escapes', fence('css', repeat('a\\', 60) + ' { color: red }')],
  ['the same in an HTML style element', fence('html', '<style>\n' + repeat('a\\', 60) + ' { color: red }\n</style>')],
  ['25 KB of 40 bash blocks of `<<` lines of 600', Array.from({ length: 40 }, (_, i) => fence('sh', repeat('<<', 600) + i)).join('\n')],
];

describe('code blocks are highlighted within bounds', () => {
  for (const [name, body] of ATTACKS) {
    it(`${name}: rendered within 2 s`, { timeout: 60_000 }, () => {
      const { ms } = render(FM + body);
      assert.ok(ms < 2000, `${Math.round(ms)} ms`);
    });
  }

  it('leaves the blocks of the attacks plain, and the check says so for each', async () => {
    for (const [name, body] of ATTACKS.slice(0, 7)) {
      const { coloured, html } = render(FM + body);
      assert.equal(coloured, 0, name);
      assert.match(html, /<span class="line">/, name);
      const findings = (
        await check({
          'docs.json': JSON.stringify({ name: 'C', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'P', pages: ['x'] }] }),
          'x.mdx': FM + body,
        })
      ).filter((f) => f.ruleId === 'code-too-large');
      assert.equal(findings.length, 1, name);
      // Lines of 8,000 are plain for their length; the others for their cost.
      assert.match(
        findings[0].message,
        /characters or more: shown without syntax highlighting|shown without syntax highlighting: highlighting it could take seconds/,
        name,
      );
    }
  });

  it("shares a page's bound among its blocks, the same in the renderer and the check", async () => {
    const body = ATTACKS[7][1];
    const page = parsePage('/site/x.mdx', FM + body);
    const plan = plainBlocks(page);
    const blocks = nodesOf<Code>(page, 'code');
    const cost = codeCost(blocks[0].value, 'sh');
    assert.ok(cost < BLOCK_COST && cost * 40 > PAGE_COST, `a block costs ${cost}`);
    const highlighted = Math.floor(PAGE_COST / cost);
    assert.deepEqual(
      blocks.map((b) => plan.get(b)),
      blocks.map((_, i) => (i < highlighted ? undefined : 'page')),
    );
    assert.equal(render(FM + body).coloured, highlighted);
    const findings = (
      await check({
        'docs.json': JSON.stringify({ name: 'C', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'P', pages: ['x'] }] }),
        'x.mdx': FM + body,
      })
    ).filter((f) => f.ruleId === 'code-too-large');
    assert.equal(findings.length, 40 - highlighted);
    assert.match(findings[0].message, /the code blocks above it take all the highlighting one page gets/);
  });

  it(`leaves a line of ${MAX_HIGHLIGHT_LINE} characters plain and highlights the others of its block`, async () => {
    const body = fence('js', ['const a = 1;', 'x'.repeat(MAX_HIGHLIGHT_LINE), 'const b = 2;'].join('\n'));
    const { coloured } = render(FM + body);
    assert.equal(coloured, 2);
    const findings = (
      await check({
        'docs.json': JSON.stringify({ name: 'C', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'P', pages: ['x'] }] }),
        'x.mdx': FM + body,
      })
    ).filter((f) => f.ruleId === 'code-too-large');
    assert.deepEqual(
      findings.map((f) => f.message),
      [`Line 2 of this code block has 5,000 characters or more: shown without syntax highlighting.`],
    );
  });

  it('leaves every block of the example sites highlighted as before (no page is near its bound)', () => {
    for (const file of mdxFilesIn(EXAMPLE_SITE)) {
      const page = parsePage(file, readFileSync(file, 'utf8'));
      assert.equal(plainBlocks(page).size, 0, file);
      let total = 0;
      for (const c of nodesOf<Code>(page, 'code')) total += codeCost(c.value, c.lang);
      assert.ok(total < PAGE_COST / 10, `${file}: ${total}`);
    }
  });

  it('knows the languages the renderer highlights, and no other', () => {
    assert.deepEqual(
      Object.entries(GRAMMAR_NAMES)
        .flatMap(([g, names]) => [g, ...names])
        .sort(),
      [...LANGUAGE_NAMES].sort(),
    );
    const h = host();
    for (const lang of [...LANGUAGE_NAMES, ...Object.keys(LANGUAGE_ALIASES), 'mermaid', 'text', 'julia', 'nocopy', 'BASH', 'Js'])
      assert.equal(grammarOf(lang) !== undefined, h.grammarFor(lang) !== undefined, lang);
  });
});

describe('the watchdog behind the bounds', () => {
  // 2,000 characters of `*<*` in Markdown: within the bounds, and about half a second to highlight.
  const slow = repeat('*<*', 2000);
  const fine = 'const a = 1;';

  it("stops a block that passes the page's time, leaves it and the page's later blocks plain, and says so", { timeout: 60_000 }, () => {
    const h = host();
    assert.ok(codeCost(slow, 'md') < BLOCK_COST, 'within the bounds');
    const page = h.forPage(20);
    const start = performance.now();
    assert.equal(page.highlightHtml(slow, 'md'), plainLines(slow));
    assert.ok(performance.now() - start < 1000, 'stopped');
    assert.equal(page.stoppedBlocks, 1);
    assert.equal(page.highlightHtml(fine, 'js'), plainLines(fine), "the page's later blocks are plain");
    // A page of its own highlights as before: the instance the watchdog stopped was replaced.
    assert.match(h.forPage().highlightHtml(fine, 'js'), /<span style="color:var\(--shiki-token-/);
    // The same page again comes out the same.
    const again = h.forPage(20);
    assert.equal(again.highlightHtml(slow, 'md'), plainLines(slow));
    assert.equal(again.stoppedBlocks, 1);
  });

  it('gives a page whose highlighting it stopped an export warning', { timeout: 60_000 }, async () => {
    const files = {
      'docs.json': JSON.stringify({ name: 'C', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'P', pages: ['x'] }] }),
      'x.mdx': FM + fence('md', slow) + '\n' + fence('js', fine),
    };
    const project = new Project(new MemoryWorkspace(files, '/site'), ['/site']);
    await project.scan();
    // A host whose pages get 20 ms.
    const base = host();
    const highlighter = Object.assign(Object.create(base) as Highlighter, { forPage: () => base.forPage(20) });
    const source = (await projectExportSource(project, '/site', { highlighter }))!;
    const written = new Map<string, string>();
    const report = await exportSite(
      source,
      { write: async (p, c) => void written.set(p, String(c)), copy: async () => undefined },
      { assets: { css: '', js: '', searchJs: '', miniSearchJs: '', playgroundJs: '' } },
    );
    assert.deepEqual(
      report.problems.filter((p) => p.file === 'x.mdx').map((p) => `${p.severity}: ${p.message}`),
      [
        `warning: Highlighting this page's code took over ${HIGHLIGHT_PAGE_MS / 1000} s of processor time: a code block and the ones after it are exported without highlighting.`,
      ],
    );
    assert.doesNotMatch(written.get('x.html')!, /<span class="line"><span style=/);
  });
});

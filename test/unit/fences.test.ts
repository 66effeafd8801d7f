// Code fence options, math and Mermaid blocks as the renderer writes them (their look is checked in
// Chromium by test/browser/fences.test.ts), the fence meta parser, and the page's Markdown copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromeIcon, codeBlock, parseFenceMeta, plainFence } from '../../server/src/render/code';
import { Highlighter, plainHighlighter } from '../../server/src/render/highlight';

const highlightHtml = (code: string, lang: string) => plainHighlighter().highlightHtml(code, lang);
import { cleanHtml, sanitizeTree } from '../../server/src/render/sanitize';
import { pageMarkdown } from '../../server/src/export/markdown';
import { parsePage } from '../../server/src/pages/parse';
import { renderPage, type PageRenderInput } from '../../server/src/render/page';
import { createMermaidCheck } from '../../server/src/pages/mermaid';
import { TEST_MERMAID as mermaidProblem } from '../helpers';
import type { Code } from 'mdast';
import '../helpers';

function render(body: string): string {
  const page = parsePage('a.mdx', `---\ntitle: "A"\n---\n\n${body}`);
  const input: PageRenderInput = {
    page,
    rel: 'a.mdx',
    pages: new Map([['a', 'a.mdx']]),
    files: new Set(['a.mdx']),
    target: { pageHref: (id) => `${id}.html`, assetUrl: (r) => r },
  };
  return renderPage(input).html;
}

test('fence meta: options are not taken for the title', () => {
  assert.deepEqual(parseFenceMeta('highlight={1} lines'), { attributes: {}, highlight: [1], lines: true });
  assert.equal(parseFenceMeta('HelloWorld.java example icon=java lines').title, 'HelloWorld.java example');
  assert.equal(parseFenceMeta('HelloWorld.java example lines icon="java"').icon, 'java');
  assert.deepEqual(parseFenceMeta('Line highlighting example {1,2,5}'), { attributes: {}, title: 'Line highlighting example', highlight: [1, 2, 5] });
  assert.deepEqual(parseFenceMeta('Line highlighting example highlight={1-2,5}').highlight, [1, 2, 5]);
  assert.deepEqual(parseFenceMeta('Line focusing example focus=2,4,5').focus, [2, 4, 5]);
  assert.deepEqual(parseFenceMeta("focus='2,4-5'").focus, [2, 4, 5]);
  assert.equal(parseFenceMeta('title="utils/hello.js"').title, 'utils/hello.js');
  assert.equal(parseFenceMeta('title="No copy example" nocopy').nocopy, true);
  assert.equal(parseFenceMeta('Shown nocopy="false"').nocopy, false);
  assert.equal(parseFenceMeta('twoslash Twoslash example').title, 'Twoslash example');
  assert.deepEqual(parseFenceMeta('placement="top-left" actions={false}').attributes, { placement: 'top-left', actions: 'false' });
  assert.deepEqual(parseFenceMeta('wrap expandable'), { attributes: {}, wrap: true, expandable: true });
  // A range written backwards or absurdly long stays bounded.
  assert.equal(parseFenceMeta('{1-99999999}').highlight!.length, 10_000);
  assert.deepEqual(parseFenceMeta('{5-3}').highlight, []);
});

test('a fence without options is written exactly as before options existed (the copy control an icon button, as the format has it)', () => {
  const html = (el: ReturnType<typeof codeBlock>) => cleanHtml(sanitizeTree({ type: 'root', children: [el] }));
  const icons = cleanHtml({ type: 'root', children: [chromeIcon('copy', 'dw-copy-icon'), chromeIcon('check', 'dw-copied-icon')] });
  const button = `<button type="button" class="dw-copy code-block-copy-button" aria-label="Copy the contents from the code block" data-dw-copy="">${icons}</button>`;
  const code = `<pre class="shiki"><code class="language-js" data-dw-copy-source="">${highlightHtml('const a = 1;\n', 'js')}</code></pre>`;
  assert.equal(
    html(codeBlock('const a = 1;\n', 'js', 'index.js')),
    `<div class="dw-codeblock code-block" data-title="index.js" data-lang="js" data-dw-codeblock=""><div class="dw-code-header"><span class="dw-code-title">index.js</span>${button}</div>${code}</div>`,
  );
  // Untitled: no header and no language label; the button floats over the code.
  assert.equal(
    html(codeBlock('const a = 1;\n', 'js', undefined)),
    `<div class="dw-codeblock code-block" data-lang="js" data-dw-codeblock=""><div class="dw-code-floating">${button}</div>${code}</div>`,
  );
});

test('highlighted, focused and numbered lines, wrap, icon and nocopy', () => {
  const html = render('```js app.js {2} focus=3 lines wrap icon="js" nocopy\nconst a = 1;\nconst b = 2;\nconst c = 3;\n```\n');
  assert.match(html, /<div class="dw-codeblock dw-code-lines dw-code-wrap dw-code-rows code-block" data-title="app\.js" data-lang="js"/);
  assert.match(html, /<svg class="dw-code-icon code-block-icon"/);
  assert.doesNotMatch(html, /dw-copy/);
  assert.match(html, /<pre class="shiki has-focused">/);
  const lines = [...html.matchAll(/<span class="(line[^"]*)">/g)].map((m) => m[1]);
  assert.deepEqual(lines, ['line', 'line highlighted', 'line focused']);
  assert.doesNotMatch(html, /title="[^"]*highlight/);
});

test('diff notation marks lines and takes the comments out', () => {
  const html = render(
    '```python\ndef greet():\n    print("Hello")  # [!code --]\n    print("Hi")  # [!code ++]\n```\n\n```js\n// [!code ++:2]\nconst a = 1;\nconst b = 2;\nconst c = 3;\n```\n',
  );
  assert.doesNotMatch(html, /\[!code/);
  const lines = [...html.matchAll(/<span class="(line[^"]*)">/g)].map((m) => m[1]);
  assert.deepEqual(lines, ['line', 'line diff remove', 'line diff add', 'line diff add', 'line diff add', 'line']);
  assert.equal((html.match(/<pre class="shiki has-diff">/g) ?? []).length, 2);
});

test('expandable folds only long blocks; nocopy as the language', () => {
  const long = Array.from({ length: 30 }, (_, i) => `x${i} = ${i}`).join('\n');
  assert.match(
    render('```python Long expandable\n' + long + '\n```\n'),
    /dw-code-expandable[\s\S]*<button type="button" class="dw-code-expand" aria-expanded="false" data-dw-code-expand="">Show all 30 lines<\/button>/,
  );
  assert.doesNotMatch(render('```python Short expandable\nx = 1\n```\n'), /dw-code-expand/);
  const plain = render('```nocopy\nUser --> CDN\n```\n');
  assert.doesNotMatch(plain, /dw-copy|language-/);
});

test('math: $…$ and $$…$$ become KaTeX HTML with MathML; an escaped dollar stays text', () => {
  const html = render('Inline $a^2+b^2=c^2$ here.\n\n$$\nE = mc^2\n$$\n\nPrices \\$5 and \\$10.\n');
  assert.match(
    html,
    /<span class="dw-math" data-dw-math=""><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML">/,
  );
  assert.match(html, /<div class="dw-math dw-math-display" data-dw-math="" data-dw-line="\d+"><span class="katex-display">/);
  assert.match(html, /<annotation encoding="application\/x-tex">E = mc\^2<\/annotation>/);
  assert.match(html, /Prices \$5 and \$10\./);
  // As on the format's site, two unescaped dollar signs in a paragraph are a formula.
  assert.match(render('Costs $5 and $10 a month.\n'), /<span class="dw-math" data-dw-math="">/);
  // Nothing a formula asks for reaches the page as markup.
  const hostile = render('$\\href{javascript:alert(1)}{x}\\htmlClass{dw-x}{y}</span><img src=x onerror=alert(1)>$\n');
  assert.doesNotMatch(hostile, /<img|href="javascript|class="dw-x"/);
});

test('a mermaid fence is a diagram block with its source as text', () => {
  const html = render('```mermaid\nflowchart LR\n  A["<img src=x onerror=alert(1)>"] --> B\n```\n');
  assert.match(
    html,
    /<div class="dw-mermaid mermaid" data-dw-mermaid="" data-dw-line="\d+"><pre class="dw-mermaid-source" data-dw-mermaid-source=""><code>flowchart LR\n {2}A\["&#x3C;img src=x onerror=alert\(1\)>"\] --> B<\/code><\/pre><\/div>/,
  );
});

test("Mermaid syntax comes from Mermaid's own parser", () => {
  assert.equal(mermaidProblem('flowchart LR\n  A --> B'), undefined);
  assert.equal(mermaidProblem('sequenceDiagram\n  Alice->>Bob: Hi'), undefined);
  const broken = mermaidProblem('flowchart LR\n  A --> B\n  B -->');
  assert.equal(broken?.line, 2);
  assert.match(broken!.message, /^Expecting /);
  assert.equal(mermaidProblem('pie title Pets\n  "Dogs" 3')?.line, 1);
  assert.match(mermaidProblem('not a diagram')!.message, /No diagram type detected/);
});

test("a host's highlighter reads its table once, on first use, and highlights as the plain one", () => {
  let reads = 0;
  const host = new Highlighter(() => (reads++, new Map()));
  assert.equal(reads, 0);
  for (const [code, lang] of [
    ['const a = 1;\n', 'js'],
    ['SELECT 1;', 'sql'],
    ['x = 1', 'python'],
  ]) {
    assert.equal(host.highlightHtml(code, lang), plainHighlighter().highlightHtml(code, lang), lang);
  }
  assert.equal(reads, 1);
});

test('without a build (or one that does not load), diagrams go unchecked', () => {
  let loads = 0;
  const none = createMermaidCheck(() => (loads++, undefined));
  assert.equal(none('not a diagram'), null);
  assert.equal(none('flowchart LR\n  A -->'), null);
  assert.equal(loads, 1, 'the build is looked for once');
  assert.equal(createMermaidCheck(() => 'throw new Error("broken build")')('not a diagram'), null);
});

test('the Markdown copy keeps fences clean: no diff comments, only the title of the meta; math kept', () => {
  const page = parsePage(
    'a.mdx',
    '## A\n\n```js app.js highlight={1} lines\nconst a = 1; // [!code ++]\nconst b = 2; // [!code --]\n```\n\n```bash Terminal\nnpm i\n```\n\nInline $x^2$.\n\n$$\nE = mc^2\n$$\n',
  );
  const md = pageMarkdown({ page, rel: 'a.mdx', pageUrl: () => undefined, fileUrl: () => undefined, snippet: () => undefined });
  assert.equal(md, '## A\n\n```js app.js\nconst a = 1;\nconst b = 2;\n```\n\n```bash Terminal\nnpm i\n```\n\nInline $x^2$.\n\n$$\nE = mc^2\n$$');
  assert.equal(plainFence({ type: 'code', lang: 'bash', meta: 'Terminal', value: 'npm i' } as Code), undefined);
});

test('the CodeBlock component takes the same options as props', () => {
  const html = render(
    '<CodeBlock language="js" filename="app.js" icon="js" lines highlight="[2]" focus="[1,2]" nocopy>\n{`const a = 1;\nconst b = 2;\nconst c = 3;`}\n</CodeBlock>\n',
  );
  assert.match(html, /<div class="dw-codeblock dw-code-lines dw-code-rows code-block" data-title="app\.js" data-lang="js"/);
  assert.match(html, /<svg class="dw-code-icon code-block-icon"/);
  assert.doesNotMatch(html, /dw-copy/);
  assert.deepEqual(
    [...html.matchAll(/<span class="(line[^"]*)">/g)].map((m) => m[1]),
    ['line focused', 'line highlighted focused', 'line'],
  );
});

// Page parsing, broken input, severity configuration and "fix all".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePage } from '../../server/src/pages/parse';
import { ALL_RULES, PAGE_RULES } from '../../server/src/rules/index';
import { fixAllText, fixableFindings } from '../../server/src/features/fix-all';
import { definitionInPage } from '../../server/src/features/page-definition';
import { checkPage } from '../../server/src/check';
import { pageSite } from '../../server/src/rules/page-utils';
import { createSiteIndex } from '../../server/src/site/site-index';
import { check, indexFrom, summarize, TEST_SPELLER } from '../helpers';
import { MemoryWorkspace } from '../../server/src/workspace';
import { Project } from '../../server/src/project';

const FRONT = '---\ntitle: "Create your first note"\ndescription: "Create, tag and find a note with the Acme API in five minutes."\n---\n\n';

describe('page parsing', () => {
  it('keeps body positions true to the whole file', () => {
    const page = parsePage('/site/a.mdx', FRONT + '## Hello\n');
    const heading = page.tree.children.find((n) => n.type === 'heading')!;
    assert.equal(heading.position?.start.line, 6);
    assert.deepEqual(page.frontmatter.keys.get('title')?.value, { start: { line: 1, character: 7 }, end: { line: 1, character: 31 } });
  });

  for (const [name, body, message, line] of [
    ['a bare <', 'Notes hold <5 MB.\n\n## Next\n', /"<" starts a component/, 6],
    ['a bare {', 'A { brace.\n\n## Next\n', /"\{" starts a JavaScript expression/, 6],
    ['an unclosed component', '<Steps>\n  <Step title="A">\n    One.\n  </Step>\n\n## Next\n', /<Steps> is never closed/, 6],
    ['an unfinished tag', '<Card title="x"\n\nMore text.\n', /<Card is never finished/, 6],
  ] as const) {
    it(`turns ${name} into one located problem and still reads the rest`, async () => {
      const findings = await check(pageSite(body));
      const syntax = findings.filter((f) => f.ruleId === 'mdx-syntax');
      assert.equal(syntax.length, 1, JSON.stringify(summarize(findings)));
      assert.match(syntax[0].message, message);
      assert.equal(syntax[0].range.start.line + 1, line);
      assert.deepEqual(
        findings.filter((f) => f.ruleId !== 'mdx-syntax').map((f) => f.ruleId),
        [],
      );
    });
  }

  it('still checks Markdown rules on a page whose MDX cannot be read', async () => {
    const findings = await check(pageSite('Notes hold <5 MB.\n\n# Title again\n\n```\nno language\n```\n'));
    assert.deepEqual(findings.map((f) => f.ruleId).sort(), ['code-language', 'heading-h1', 'mdx-syntax']);
  });

  it('reports broken YAML once and keeps checking the body', async () => {
    const findings = await check(pageSite('# Body H1\n', { frontmatter: '---\ntitle: [oops\n---\n\n' }));
    assert.deepEqual(findings.map((f) => f.ruleId).sort(), ['frontmatter-syntax', 'heading-h1']);
  });

  it('gives a 5 MB page one notice and still checks its front matter', async () => {
    const big = '---\ntitle: "Log"\n---\n\n## Section\n\n' + 'A line of text with a [link](#section) and `code`.\n\n'.repeat(100_000);
    assert.ok(big.length > 5_000_000);
    const findings = await check(pageSite('', { frontmatter: big }));
    assert.deepEqual(
      findings.map((f) => f.ruleId),
      ['page-too-large', 'page-description'],
    );
    assert.match(findings[0].message, /5\.\d MB of text/);
  });

  it('parses a page the same whatever was parsed before it (the parser is reused across pages)', () => {
    const docs = [
      '## A\n\n```js\nconst a = 1;\n```\n\n1. one\n2. two\n\n[ref]: https://example.com\n',
      '<Steps>\n  <Step title="A">\n    One.\n  </Step>\n\n## Next\n', // never closed
      '<a>\n\n</b>\n\nText [ref][] and ![img](x.png)\n', // closing tag of another element
      'Setext\n===\n\n> quote\n> ```\n> fenced in a quote\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
      'A { brace.\n\n- [x] task\n- [ ] other\n\nLine  \nbreak and &amp; &#x41;\n',
      '```\nnever closed fence\n',
    ];
    const strip = (d: ReturnType<typeof parsePage>) => JSON.stringify({ tree: d.tree, error: d.syntaxError?.message });
    const alone = docs.map((t, i) => strip(parsePage(`/site/${i}.mdx`, t)));
    for (let round = 0; round < 3; round++) {
      for (let i = docs.length - 1; i >= 0; i--) assert.equal(strip(parsePage(`/site/${i}.mdx`, docs[i])), alone[i], `document ${i}`);
    }
    assert.ok(alone[2].includes('"error":'), 'the closing tag of another element is a syntax error');
  });

  it('reads custom heading ids', async () => {
    const findings = await check(pageSite('## My section {#custom}\n\nSee [it](#custom) and [the typo](#custon).\n'));
    assert.deepEqual(
      findings.map((f) => f.message),
      ['No heading "#custon" on this page. Did you mean "#custom"?'],
    );
  });

  it('understands imports and exports', async () => {
    const body =
      'import { Prerequisites } from "/snippets/prerequisites.mdx";\nexport const plan = { name: "Pro" };\n\n## Setup\n\n<Prerequisites />\n\n<Widget.Part />\n';
    const findings = await check(pageSite(body, { extra: { 'snippets/prerequisites.mdx': 'Install Node 20.\n' } }));
    assert.deepEqual(
      findings.map((f) => f.message),
      ['Unknown component <Widget.Part>: it is not built in, and the page neither imports nor defines it.'],
    );
  });
});

describe('imports', () => {
  it('resolves imports from the site root and from the page, and leaves packages alone', async () => {
    const body =
      'import A from "/snippets/a.mdx";\nimport B from "../snippets/b";\nimport C from "./c.jsx";\nimport D from "react";\nimport E from "/snippets/missing.mdx";\nimport F from "../../../etc/passwd";\n\n## Setup\n\n<A />\n';
    const files = pageSite('', { extra: { 'snippets/a.mdx': 'A\n', 'snippets/b.mdx': 'B\n', 'guides/c.jsx': 'export default () => null;\n' } });
    files['guides/example.mdx'] = files['example.mdx'] + body;
    delete files['example.mdx'];
    files['docs.json'] = files['docs.json'].replace('"example"', '"guides/example"');
    const findings = await check(files);
    assert.deepEqual(
      findings.map((f) => [f.message, f.range.start.line + 1, f.range.start.character + 1]),
      [
        ['No file "/snippets/missing.mdx" in the site folder to import.', 10, 16],
        ['The import "../../../etc/passwd" points outside the site folder.', 11, 16],
      ],
    );
  });
});

describe('severity configuration', () => {
  it('turns rules off with inline comments', async () => {
    const body =
      '{/* docwright-disable-next-line heading-h1 */}\n# First\n\n# Second\n\n{/* docwright-disable */}\n\n# Third\n\n{/* docwright-enable */}\n\n# Fourth\n';
    const findings = await check(pageSite(body));
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.range.start.line + 1]),
      [
        ['heading-h1', 9],
        ['heading-h1', 17],
      ],
    );
  });

  it('reads .docwright.json at the site root', async () => {
    const files = pageSite('# Body H1\n\nWe write docs.\n', {
      extra: { '.docwright.json': JSON.stringify({ rules: { 'heading-h1': 'off', 'prose-first-person': 'error' } }) },
    });
    const findings = await check(files);
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.severity]),
      [['prose-first-person', 'error']],
    );
  });
});

describe('fix all', () => {
  for (const rule of PAGE_RULES.filter((r) => r.fixable)) {
    it(`leaves nothing fixable behind on the bad example of ${rule.id}`, async () => {
      const { index } = await indexFrom(rule.docs.bad);
      // The page the bad example is about: the one the rule reports on (`example` in most).
      // A rule that runs the site's own rules (vale) reports under their names.
      const mine = (f: { ruleId: string }) => f.ruleId === rule.id || rule.ownsId?.(f.ruleId) === true;
      const options = { speller: TEST_SPELLER };
      const id = [...index.pages.keys()].find((p) => checkPage(index, p, options).some(mine));
      assert.ok(id !== undefined, 'the bad example reports nothing');
      const text = await fixAllText(index, id, options);
      // A rule whose fixes are only offered (spelling's suggestions): fix all leaves its findings to the writer.
      if (!fixableFindings(checkPage(index, id, options)).some(mine)) {
        assert.ok(
          text === undefined ||
            checkPage(createSiteIndex(index.site, new Map([...index.pages, [id, parsePage(index.pages.get(id)!.path, text)]])), id, options).some(mine),
        );
        return;
      }
      assert.ok(text !== undefined, 'fix all changed nothing');
      const pages = new Map(index.pages);
      pages.set(id, parsePage(index.pages.get(id)!.path, text));
      const after = checkPage(createSiteIndex(index.site, pages), id, options);
      assert.deepEqual(
        fixableFindings(after).map((f) => f.ruleId),
        [],
      );
      assert.deepEqual(
        after.filter(mine).map((f) => f.message),
        [],
      );
    });
  }

  it('fixes several problems of different rules at once', async () => {
    const body = '# Title\n\n#### Deep\n\n![A chart of notes per day](/chart.png)\n\n<Tipp>\n  Hi\n</Tipp>\n';
    const { index } = await indexFrom(pageSite(body, { extra: { 'chart.png': '' } }));
    const text = (await fixAllText(index, 'example'))!;
    assert.equal(text, FRONT + '## Title\n\n### Deep\n\n<Frame>\n  ![A chart of notes per day](/chart.png)\n</Frame>\n\n<Tip>\n  Hi\n</Tip>\n');
  });
});

describe('rule list', () => {
  it('has docs for every rule id it generates', () => {
    assert.equal(new Set(ALL_RULES.map((r) => r.id)).size, ALL_RULES.length);
  });
});

describe('definition in pages', () => {
  it('goes from an import path and from an imported component to the file', async () => {
    const body = 'import Prerequisites from "/snippets/prerequisites.mdx";\n\n## Setup\n\n<Prerequisites />\n\n<Note>Hi</Note>\n';
    const { index } = await indexFrom(pageSite(body, { extra: { 'snippets/prerequisites.mdx': 'Install Node 20.\n' } }));
    const text = index.pages.get('example')!.text;
    assert.equal(definitionInPage(index, 'example', text.indexOf('/snippets/') + 3), '/site/snippets/prerequisites.mdx');
    assert.equal(definitionInPage(index, 'example', text.indexOf('<Prerequisites />') + 4), '/site/snippets/prerequisites.mdx');
    assert.equal(definitionInPage(index, 'example', text.indexOf('<Note>') + 2), undefined);
  });
});

describe('project cache', () => {
  it('does not cache a page read that straddles a change of the file', async () => {
    const files = pageSite('## Start\n');
    const ws = new MemoryWorkspace(files, '/site');
    // A workspace whose reads resolve only when released, to interleave a change with a read.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = {
      readFile: async (p: string) => {
        const t = ws.files.get(p);
        if (p.endsWith('example.mdx')) await gate;
        return t;
      },
      listFiles: (r: string) => ws.listFiles(r),
      kindOf: (p: string) => ws.kindOf(p),
    };
    const project = new Project(slow, ['/site']);
    await project.scan();
    const reading = project.page('/site/example.mdx');
    ws.files.set('/site/example.mdx', files['example.mdx'].replace('## Start', '# Start'));
    project.contentChanged('/site/example.mdx');
    release();
    const page = await reading;
    assert.match(page.text, /^# Start/m);
    assert.equal((await project.page('/site/example.mdx')).text, page.text);
  });
});

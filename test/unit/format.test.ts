// The formatter (features/format.ts): the examples of docs/format.md, each normalisation, the
// refusals, the settings, range formatting and `docwright format`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatPage, formatRange, formatSiteFile } from '../../server/src/features/format';
import { parseFormatArgs, runFormat } from '../../server/src/hosts/cli/format';
import { readProjectConfig } from '../../server/src/site/project-config';
import { parsePage } from '../../server/src/pages/parse';
import { pageSite } from '../../server/src/rules/page-utils';
import type { Finding } from '../../server/src/types';
import { check, siteFrom, writeSiteToDisk } from '../helpers';

const DOC = path.resolve(__dirname, '../../docs/format.md');

/** The `before`/`after` pairs of docs/format.md, by the heading above them. */
function docExamples(): { title: string; before: string; after: string }[] {
  const text = readFileSync(DOC, 'utf8');
  const out: { title: string; before: string; after: string }[] = [];
  let title = '';
  let before: string | undefined;
  const block = /^### (.+)$|^(`{3,})mdx (before|after)\n([\s\S]*?)^\2$/gm;
  for (const m of text.matchAll(block)) {
    if (m[1]) title = m[1];
    else if (m[3] === 'before') before = m[4];
    else {
      assert.ok(before !== undefined, `an "after" block without "before" under ${title}`);
      out.push({ title, before, after: m[4] });
      before = undefined;
    }
  }
  return out;
}

const format = (text: string, options?: Parameters<typeof formatPage>[2]) => formatPage('/site/x.mdx', text, options);

describe('docs/format.md examples', () => {
  const examples = docExamples();
  it('has examples', () => assert.ok(examples.length >= 8, String(examples.length)));
  for (const ex of examples) {
    it(`${ex.title}: format(before) === after, and after is left as it is`, () => {
      const r = format(ex.before);
      assert.equal(r.refused, undefined);
      assert.equal(r.text, ex.after);
      assert.deepEqual(format(ex.after), { text: ex.after, changed: false });
    });
  }
});

describe('format: normalisations', () => {
  it('writes a setext heading as ATX, unless its text ends in #', () => {
    assert.equal(format('Title\n=====\n').text, '# Title\n');
    assert.equal(format('Title #\n---\n').text, 'Title #\n---\n');
  });

  it('uses the configured bullet for every item of a list, or for none', () => {
    assert.equal(format('- a\n- b\n', { options: { lineWidth: 100, listMarker: '*', wrap: 'never' } }).text, '* a\n* b\n');
    // `- ---` would be a thematic break: that list keeps its bullets.
    assert.equal(format('* a\n* ---\n').text, '* a\n* ---\n');
    // Two lists side by side would become one (they get a blank line between them, as blocks do).
    assert.equal(format('* a\n+ b\n').text, '* a\n\n+ b\n');
  });

  it('keeps trailing spaces of hard breaks and code, takes the others off', () => {
    assert.equal(format('a  \nb\nc \n\n```\nx  \n```\n').text, 'a  \nb\nc\n\n```\nx  \n```\n');
  });

  it('keeps line breaks as written (CRLF)', () => {
    assert.equal(format('Title\r\n=====\r\nText.  \r\n\r\n\r\n\r\nMore. \r\n').text, '# Title\r\n\r\nText.\r\n\r\nMore.\r\n');
  });

  it('keeps the blank lines of code left open at the end of the page', () => {
    const text = '## A\n\n```bash\ncurl x\n\n\n';
    assert.deepEqual(format(text), { text, changed: false });
  });

  it('does not bring a `---` to the first line (it would open front matter)', () => {
    const text = '\n---\ntitle: x\n---\n\nText.\n';
    assert.equal(format(text).text.startsWith('\n---'), true);
  });

  it('aligns a table inside a component at its indentation', () => {
    assert.equal(format('<Note>\n  | a | b |\n  |-|-|\n  | xx | y |\n</Note>\n').text, '<Note>\n  | a  | b |\n  | -- | - |\n  | xx | y |\n</Note>\n');
  });

  it('keeps a table whose rows have different numbers of cells', () => {
    const text = '| a | b |\n|-|-|\n| x |\n';
    assert.equal(format(text).text, text);
  });

  it('keeps a component holding code as written, and indents the ones beside it', () => {
    const text = '<Note>\n```js\nx\n```\n</Note>\n\n<Tip>\ntext\n</Tip>\n';
    assert.equal(format(text).text, '<Note>\n```js\nx\n```\n</Note>\n\n<Tip>\n  text\n</Tip>\n');
  });

  it('keeps a multi-line attribute value byte for byte', () => {
    const text = '<Card\n  icon={\n      <img\n        src="/a.png"\n      />\n  }\n  title="x"\n>\n  Text. \n</Card>\n';
    const r = format(text);
    assert.equal(r.refused, undefined);
    assert.equal(r.text, text.replace('Text. ', 'Text.'));
  });

  it('wraps a long opening tag at the configured width only', () => {
    const text = '<Card title="Create" icon="rocket">\n  Text.\n</Card>\n';
    assert.equal(format(text).text, text);
    assert.equal(
      format(text, { options: { lineWidth: 20, listMarker: '-', wrap: 'never' } }).text,
      '<Card\n  title="Create"\n  icon="rocket"\n>\n  Text.\n</Card>\n',
    );
  });

  it('is idempotent on what it formats', () => {
    const text = 'Title\n===\n* a\n* b\n<Steps>\n<Step title="x">\n| a | b |\n|-|-|\n| 1 | 2 |\n</Step>\n</Steps>\nEnd   ';
    const once = format(text).text;
    assert.notEqual(once, text);
    assert.deepEqual(format(once), { text: once, changed: false });
  });
});

describe('format: refusals', () => {
  it('leaves a page with a syntax error as written, saying why', () => {
    const r = format('## A\n\nNotes hold <5 MB.   \n');
    assert.equal(r.changed, false);
    assert.equal(r.text, '## A\n\nNotes hold <5 MB.   \n');
    assert.match(r.refused!, /syntax error \(line 3\)/);
  });

  it('leaves front matter that cannot be read as written', () => {
    const r = format('---\ntitle: [x\n---\n\nText.   \n');
    assert.equal(r.changed, false);
    assert.match(r.refused!, /front matter cannot be read/);
  });

  it('keeps front matter whose data the YAML printer would change as written, and formats the rest', () => {
    // js-yaml reads `0o17` as a string, the yaml library prints it as 0o17 too: the data is compared all the same.
    const text = '---\ntitle:   x   # c\nn: 0o17\n---\nText.\n';
    const r = format(text);
    assert.equal(r.text, '---\ntitle: x # c\nn: 0o17\n---\n\nText.\n');
  });

  it('leaves a page as written when formatting would raise a new finding', () => {
    // A check that reports every line starting with "#" stands for a rule that the formatted text would trip.
    const findings = (p: { text: string }): Finding[] =>
      p.text
        .split('\n')
        .filter((l) => l.startsWith('#'))
        .map((l) => ({
          ruleId: 'test-rule',
          severity: 'warning',
          message: `heading ${l}`,
          path: '/site/x.mdx',
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        }));
    const r = format('Title\n=====\n', { findings });
    assert.equal(r.changed, false);
    assert.match(r.refused!, /new test-rule finding/);
  });

  it('runs the page checks of its site (formatSiteFile): no new finding from the real rules', async () => {
    const { site } = await siteFrom(pageSite('Start\n-----\n\nText.   \n'));
    const r = formatSiteFile(site, 'example.mdx', (await siteFrom(pageSite('Start\n-----\n\nText.   \n'))).ws.files.get('/site/example.mdx')!);
    assert.equal(r.refused, undefined);
    assert.match(r.text, /\n## Start\n\nText\.\n$/);
  });
});

describe('format: trailing spaces in prose', () => {
  it('takes them off: the prose rules read a line the same with or without them', async () => {
    const body = 'The note is \nreturned by the API.\n\nNext\n====\n';
    const { site, ws } = await siteFrom(pageSite(body));
    const text = ws.files.get('/site/example.mdx')!;
    const r = formatSiteFile(site, 'example.mdx', text);
    assert.equal(r.refused, undefined);
    assert.ok(r.text.endsWith('The note is\nreturned by the API.\n\n# Next\n'), r.text);
    const passive = async (t: string) =>
      (await check({ ...pageSite(body), 'example.mdx': t })).filter((f) => f.ruleId === 'prose-passive').map((f) => f.message);
    assert.deepEqual(await passive(r.text), await passive(text));
    assert.equal((await passive(text)).length, 1);
  });
});

describe('format: the proof reads the original as parsed', () => {
  it('checks the original page before the incremental parse of the edited text moves its nodes', () => {
    const text = 'Intro. \n\n## A\n\nText.\n\n## B\n\nMore text.\n\n## C\n\nEnd.\n';
    const offsets = (p: { tree: { children: { position?: { start: { offset?: number } } }[] } }) => p.tree.children.map((c) => c.position?.start.offset);
    const seen: { text: string; offsets: unknown }[] = [];
    const r = format(text, { findings: (p) => (seen.push({ text: p.text, offsets: offsets(p) }), []) });
    assert.equal(r.changed, true);
    const original = seen.find((s) => s.text === text)!;
    assert.deepEqual(original.offsets, offsets(parsePage('/site/x.mdx', text)));
  });
});

describe('format: settings', () => {
  it('reads format options from .docwright.json, ignoring bad ones with a note', () => {
    assert.deepEqual(readProjectConfig('{"format":{"listMarker":"*","lineWidth":80}}').format, {
      options: { lineWidth: 80, listMarker: '*', wrap: 'never' },
      notes: [],
    });
    const bad = readProjectConfig('{"format":{"listMarker":"x","lineWidth":5,"wrap":"always"}}').format;
    assert.deepEqual(bad.options, { lineWidth: 100, listMarker: '-', wrap: 'never' });
    assert.equal(bad.notes.length, 3);
  });

  it('formats a site file with the site options', async () => {
    const files = pageSite('- a\n- b\n', { extra: { '.docwright.json': '{"format":{"listMarker":"+"}}' } });
    const { site, ws } = await siteFrom(files);
    assert.match(formatSiteFile(site, 'example.mdx', ws.files.get('/site/example.mdx')!).text, /\n\+ a\n\+ b\n$/);
  });
});

describe('format: range', () => {
  it('takes only the changes on the selected lines', () => {
    const text = 'A.   \n\nB.   \n\nC.   \n';
    assert.equal(formatRange('/site/x.mdx', text, 2, 2).text, 'A.   \n\nB.\n\nC.   \n');
    assert.equal(formatRange('/site/x.mdx', text, 0, 4).text, 'A.\n\nB.\n\nC.\n');
  });
});

describe('docwright format', () => {
  it('--check lists, --diff shows, a plain run writes; then nothing is left to do', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-format-'));
    try {
      writeSiteToDisk(dir, pageSite('Start\n-----\nText.   \n'));
      const page = path.join(dir, 'example.mdx');
      const before = readFileSync(page, 'utf8');
      const out: string[] = [];
      const err: string[] = [];
      assert.equal(
        await runFormat(
          parseFormatArgs(['--check', dir]),
          (s) => out.push(s),
          (s) => err.push(s),
        ),
        1,
      );
      assert.deepEqual(
        out.map((s) => path.basename(s)),
        ['example.mdx'],
      );
      out.length = 0;
      assert.equal(
        await runFormat(
          parseFormatArgs(['--diff', page]),
          (s) => out.push(s),
          (s) => err.push(s),
        ),
        1,
      );
      assert.match(out.join('\n'), /^-Start\n------\n-Text\. {3}\n\+## Start\n\+\n\+Text\.$/m);
      assert.equal(readFileSync(page, 'utf8'), before);
      assert.equal(
        await runFormat(
          parseFormatArgs([dir]),
          () => {},
          (s) => err.push(s),
        ),
        0,
      );
      assert.match(readFileSync(page, 'utf8'), /\n## Start\n\nText\.\n$/);
      assert.equal(
        await runFormat(
          parseFormatArgs(['--check', dir]),
          (s) => out.push(s),
          (s) => err.push(s),
        ),
        0,
      );
      assert.match(err[err.length - 1], /: 0 not formatted\.$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says why a file is left as written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-format-'));
    try {
      writeSiteToDisk(dir, pageSite('Notes hold <5 MB.   \n'));
      const err: string[] = [];
      assert.equal(
        await runFormat(
          parseFormatArgs([dir]),
          () => {},
          (s) => err.push(s),
        ),
        0,
      );
      assert.match(err.join('\n'), /example\.mdx: not formatted: the page has a syntax error/);
      assert.match(err.join('\n'), /1 left as written/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a path that does not exist', async () => {
    await assert.rejects(
      runFormat(
        parseFormatArgs(['/nonexistent/x']),
        () => {},
        () => {},
      ),
      /does not exist/,
    );
  });
});

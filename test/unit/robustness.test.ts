// Hostile inputs that once crashed (stack overflow) or hung the tool: the built CLI runs `check` and
// `export` (and `migrate` where it applies) on each, as a user would, and must end on its own with
// exit 0 or 1, a finding where the input was not read, and no rule failure. The 10 s time-out of the
// child is a guard against hangs (a hung run is killed and fails), not a speed measure.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runCheck } from '../../server/src/hosts/cli/main';
import { MAX_INLINE_MARKERS, MAX_TREE_DEPTH, parsePage, skippedReason } from '../../server/src/pages/parse';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { formatPage } from '../../server/src/features/format';
import { PAGE_RULES } from '../../server/src/rules/index';
import { isCrossPageRule } from '../../server/src/rules/types';
import { matchWork, Redirects, SourcePattern } from '../../server/src/site/redirects';
import { trimSlashes, trimTrailingSlashes } from '../../server/src/util/paths';
import { slugify } from '../../server/src/util/slug';
import { MAX_DISTANCES, nearest, suggestWork } from '../../server/src/util/suggest';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT, writeSiteToDisk } from '../helpers';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');
const ROOT_DIR = path.resolve(__dirname, '../..');
// A hang, not a speed bound: the slowest input (a tight list item of 80,000 "a<br/>") exports in about 9 s on an idle two-core machine.
const HANG_GUARD_MS = 20_000;
const FM = '---\ntitle: Robust\ndescription: A page of hostile input.\n---\n\n';

type Files = Record<string, string>;

function site(page: string, extra: Files = {}, config: Record<string, unknown> = {}): Files {
  const pages = ['index', ...(extra['endpoint.mdx'] ? ['endpoint'] : [])];
  return {
    'docs.json': JSON.stringify({ name: 'Robust', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Pages', pages }], ...config }),
    'index.mdx': page,
    ...extra,
  };
}

/** An OpenAPI site whose operation's request and response use `schema` (JSON text). */
function apiSite(schemas: string, bodySchema: string): Files {
  const media = `{"application/json":{"schema":${bodySchema}}}`;
  const spec = `{"openapi":"3.0.3","info":{"title":"A","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":${media}},"responses":{"200":{"description":"ok","content":${media}}}}}},"components":{"schemas":${schemas}}}`;
  return site(FM + 'See the endpoint.\n', { 'openapi.json': spec, 'endpoint.mdx': '---\ntitle: Create\nopenapi: POST /x\n---\n' }, { openapi: 'openapi.json' });
}

const nestedDivs = (n: number) => FM + '<div>'.repeat(n) + 'deep' + '</div>'.repeat(n) + '\n';

/** 40 schemas, each referring to the next twice: 2^40 values once the `$ref`s are resolved. */
function refGraph(): Files {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] = i === 39 ? { type: 'string' } : { type: 'object', properties: { a: next, b: next } };
  }
  return apiSite(JSON.stringify(schemas), '{"$ref":"#/components/schemas/S0"}');
}

/** Names of Object.prototype members, as elements: a plain-object table of renderers answered them. */
const PROTOTYPE_NAMES = ['valueOf', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', '__defineGetter__', '__proto__', 'constructor', 'toString'];
const prototypeNames = () => site(FM + PROTOTYPE_NAMES.map((n) => `<${n}>block</${n}>\n\nA line with <${n} /> inline.`).join('\n\n') + '\n');
/** An OpenAPI site with one operation page: `servers` URL and the page's `openapi:` value given. */
function serverSite(server: string, openapi: string): Files {
  const spec = {
    openapi: '3.0.3',
    info: { title: 'A', version: '1' },
    servers: [{ url: server }],
    paths: { '/x': { get: { responses: { '200': { description: 'ok' } } } } },
  };
  return site(
    FM + 'See the endpoint.\n',
    { 'openapi.json': JSON.stringify(spec), 'endpoint.mdx': `---\ntitle: Get\nopenapi: "${openapi}"\n---\n` },
    { openapi: 'openapi.json' },
  );
}

/** 250 links to missing anchors of a page of 3,000 headings, each 100 characters long (did-you-mean for each). */
function brokenAnchors(): Files {
  const long = (unit: string) => unit.repeat(20).slice(0, 100);
  const headings = Array.from({ length: 3000 }, (_, i) => `## ${long(`Section heading number ${i} `)}\n`).join('\n');
  const links = Array.from({ length: 250 }, (_, i) => `[l${i}](/headings#${long(`missing-anchor-${i}-`)})`).join('\n\n');
  return { ...site(FM + links + '\n', {}, { navigation: [{ group: 'Pages', pages: ['index', 'headings'] }] }), 'headings.mdx': FM + headings };
}

const INPUTS: { name: string; files: () => Files; migrate?: boolean }[] = [
  { name: 'elements named like Object.prototype members', files: prototypeNames },
  { name: '1,000 nested <div>', files: () => site(nestedDivs(1000)) },
  { name: '40,000 nested <div>', files: () => site(nestedDivs(40_000)) },
  {
    name: 'a snippet that imports itself',
    files: () => site(FM + "import S from '/snippets/s.mdx'\n\n<S />\n", { 'snippets/s.mdx': "import S from '/snippets/s.mdx'\n\n<S />\n" }),
  },
  {
    name: 'a snippet that imports itself ten times',
    files: () => site(FM + "import S from '/snippets/s.mdx'\n\n<S />\n", { 'snippets/s.mdx': "import S from '/snippets/s.mdx'\n\n" + '<S />\n\n'.repeat(10) }),
  },
  { name: '"we " x 130,000', files: () => site(FM + 'we '.repeat(130_000) + '\n') },
  // 160,000 children of one node: spread into one call they overflow the stack (the to-hast and sanitize patches).
  { name: 'a tight list item of 80,000 "a<br/>"', files: () => site(FM + '- ' + 'a<br/>'.repeat(80_000) + '\n') },
  { name: '<font> around 80,000 "a<br/>"', files: () => site(FM + '<font>' + 'a<br/>'.repeat(80_000) + '</font>\n') },
  { name: '125,000 code spans', files: () => site(FM + '`a` '.repeat(125_000) + '\n') },
  { name: '"*_" x 32k (64 KB)', files: () => site(FM + '*_'.repeat(32 * 1024) + '\n') },
  { name: '"*_" x 256k', files: () => site('*_'.repeat(256 * 1024)) },
  { name: '"[a](" x 128k', files: () => site(FM + '[a]('.repeat(128_000) + '\n') },
  // acorn recursing this deep can end the process (V8 aborts when a regex is compiled at the stack's end).
  { name: '3,000 brackets deep in an export', files: () => site(FM + 'export default function () {}\n' + '[a'.repeat(3000) + '\n') },
  { name: '3,000 arrow functions deep in an expression', files: () => site(FM + 'Text {' + 'a => '.repeat(3000) + 'a}\n') },
  {
    name: 'an OpenAPI schema nesting 10,000 arrays',
    files: () => apiSite(`{"D":${'{"type":"array","items":'.repeat(10_000)}{"type":"string"}${'}'.repeat(10_000)}}`, '{"$ref":"#/components/schemas/D"}'),
    migrate: true,
  },
  {
    name: 'an OpenAPI file nesting 10,000 bare arrays',
    files: () => apiSite(`{"X":{"type":"string","x-deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`, '{"$ref":"#/components/schemas/X"}'),
    migrate: true,
  },
  { name: 'an OpenAPI file of 40 schemas each referring to the next twice', files: refGraph },
  {
    name: '3,000 nested navigation groups',
    files: () => ({
      'docs.json': `{"name":"Robust","colors":{"primary":"#0B6E4F"},"navigation":[${'{"group":"g","pages":['.repeat(3000)}"index"${']}'.repeat(3000)}]}`,
      'index.mdx': FM + 'Hello.\n',
    }),
    migrate: true,
  },
  {
    name: 'a redirect source of 15 wildcards and a 60-character link',
    files: () => site(FM + `[link](/${'x'.repeat(60)})\n`, {}, { redirects: [{ source: '/' + 'x*'.repeat(15) + 'y', destination: '/index' }] }),
  },
  { name: '150 KB of slashes in an openapi: front matter value', files: () => serverSite('https://api.example.com', `GET ${'/'.repeat(150_000)}a`) },
  { name: 'an OpenAPI servers URL of 150 KB of slashes', files: () => serverSite(`https://api.example.com${'/'.repeat(150_000)}a`, 'GET /x') },
  { name: '250 broken links over 3,000 anchors', files: brokenAnchors },
  // Each took the highlighter minutes (export, dev and MCP never answered): see highlight-bounds.test.ts.
  { name: '25 KB of "<<" in a bash block', files: () => site(FM + '```bash\n' + ('<<'.repeat(4000) + '\n').repeat(3) + '```\n') },
  { name: '25 KB of "*<*" in a Markdown block', files: () => site(FM + '```md\n' + ('*<*'.repeat(2666) + '*<\n').repeat(3) + '```\n') },
  { name: 'a CSS name of 30 "\\a" escapes', files: () => site(FM + '```css\n' + 'a\\'.repeat(30) + ' { color: red }\n```\n') },
  {
    name: '20,000 unknown attributes of one element (200 KB)',
    files: () => site(FM + `<ParamField ${Array.from({ length: 20_000 }, (_, i) => `a${i}="x"`).join(' ')}>\nText\n</ParamField>\n`),
  },
];

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: HANG_GUARD_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function assertEndedWell(r: ReturnType<typeof run>, what: string): void {
  assert.equal(r.signal, null, `${what} did not end within ${HANG_GUARD_MS / 1000} s (killed)`);
  assert.ok(r.code === 0 || r.code === 1, `${what} exited ${r.code}:\n${r.stderr.slice(0, 2000)}`);
  assert.doesNotMatch(r.stderr, /internal error|Maximum call stack|failed/, what);
}

const input = (name: string) => INPUTS.find((i) => i.name === name)!;

describe('hostile inputs: the CLI ends, with exit 0 or 1', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-robust-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  INPUTS.forEach((input, i) => {
    it(input.name, () => {
      const folder = `site${i}`;
      writeSiteToDisk(path.join(dir, folder), input.files());
      assertEndedWell(run(['check', folder], dir), 'check');
      assertEndedWell(run(['export', folder, '--out', `out${i}`], dir), 'export');
      if (input.migrate) {
        const r = run(['migrate', folder], dir);
        assertEndedWell(r, 'migrate');
      }
    });
  });

  it('reports each element named like an Object.prototype member, as the export renders it', () => {
    writeSiteToDisk(path.join(dir, 'proto'), prototypeNames());
    const r = run(['check', 'proto'], dir);
    assert.equal(r.code, 1, r.stderr);
    for (const n of PROTOTYPE_NAMES)
      assert.equal(
        r.stdout.split('\n').filter((l) => l.includes(`<${n}>`) && /component-unknown|html-element-dropped/.test(l)).length,
        2,
        `${n}:\n${r.stdout}`,
      );
  });

  it('says why a page was not read, and a deep OpenAPI file is reported, not crashed on', () => {
    writeSiteToDisk(path.join(dir, 'divs'), input('1,000 nested <div>').files());
    const divs = run(['check', 'divs'], dir);
    assert.match(divs.stdout, new RegExp(`index\\.mdx:1:1 +information +This page nests elements more than ${MAX_TREE_DEPTH} levels deep.* page-too-large`));
    writeSiteToDisk(path.join(dir, 'deepapi'), input('an OpenAPI schema nesting 10,000 arrays').files());
    const api = run(['check', 'deepapi'], dir);
    assert.equal(api.code, 1);
    assert.match(api.stdout, /openapi\.json:1:\d+ +error +openapi\.json nests arrays and objects more than 200 levels deep.* openapi-invalid/);
    writeSiteToDisk(path.join(dir, 'refs'), refGraph());
    assert.match(
      run(['check', 'refs'], dir).stdout,
      /openapi\.json:1:1 +information +With its \$refs resolved, this document holds over 500,000 values.* openapi-too-large/,
    );
    writeSiteToDisk(path.join(dir, 'groups'), input('3,000 nested navigation groups').files());
    const migrate = run(['migrate', 'groups'], dir);
    assert.equal(migrate.code, 1);
    assert.match(migrate.stderr, /nests arrays and objects more than 100 levels deep; Docwright does not convert it/);
  });
});

describe('pathological pages are read, not cut off by the parse time limit', () => {
  // Each took upstream's parser seconds (a try or a copy per brace, per star or per retry); the
  // patches and the recovery's retry bound make them a few parses. `time` would mean it ran out.
  const PAGES: [string, string][] = [
    ['16,000 nested braces', '{'.repeat(16_000) + 'x' + '}'.repeat(16_000)],
    ['a string then 32,000 braces', 'a {"' + '}'.repeat(32_000)],
    ['a comment then 32,000 braces', 'a {/*' + '}'.repeat(32_000)],
    ['16,000 stars around a code span', '*'.repeat(16_000) + '`code`' + '*'.repeat(16_000)],
    ['12,000 unclosed <b>', '<b>x'.repeat(12_000)],
    ['8,000 unclosed code spans', '``\\'.repeat(8_000)],
    ['8,000 unclosed math spans', '\\$$'.repeat(8_000)],
    ['4,000 braces around unclosed comments', '}{/*'.repeat(4_000)],
    ['4,000 braces around line comments', '}{//'.repeat(4_000)],
  ];
  for (const [name, body] of PAGES) {
    it(name, () => {
      const page = parsePage('/x.mdx', FM + body + '\n');
      assert.notEqual(page.tooLarge?.reason, 'time', page.tooLarge && skippedReason(page.tooLarge));
    });
  }
});

describe('pages refused by their shape, not by the clock', () => {
  it('refuses a page by its count of inline markers outside code, the same on any machine', () => {
    const over = parsePage('a.mdx', '*_'.repeat(MAX_INLINE_MARKERS / 2 + 1));
    assert.equal(over.tooLarge?.reason, 'markers', over.tooLarge && skippedReason(over.tooLarge));
    assert.equal(parsePage('a.mdx', '*_'.repeat(MAX_INLINE_MARKERS / 2)).tooLarge, undefined, 'at the bound it is read');
    const fenced = '```js\n' + 'a[i]*b_c;\n'.repeat(MAX_INLINE_MARKERS / 3) + '```\n\n## After\n';
    const code = parsePage('a.mdx', fenced);
    assert.equal(code.tooLarge, undefined, 'markers in fenced code do not count');
    assert.equal(code.tree.children.at(-1)?.type, 'heading');
  });
});

describe('a rule that fails is an error of the check', () => {
  it('exits 2 naming the rule and the file, and never says "No problems found"', async () => {
    const rule = PAGE_RULES.find((r) => r.id === 'page-title')!;
    const original = rule.check;
    const dir = mkdtempSync(path.join(tmpdir(), 'docwright-rule-fails-'));
    try {
      writeSiteToDisk(dir, site(FM + 'Hello.\n'));
      (rule as { check: typeof original }).check = () => {
        throw new RangeError('Maximum call stack size exceeded');
      };
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCheck(
        { paths: [dir], format: 'stylish', hints: false },
        (s) => out.push(s),
        dir,
        (s) => err.push(s),
      );
      assert.equal(code, 2);
      assert.deepEqual(err, ['docwright: rule page-title failed on index.mdx: Maximum call stack size exceeded']);
      assert.doesNotMatch(out.join('\n'), /No problems found/);
      assert.match(out.join('\n'), /Check incomplete: 1 rule failure/);
    } finally {
      (rule as { check: typeof original }).check = original;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the preview of deeply nested pages', () => {
  async function preview(page: string) {
    const ws = new MemoryWorkspace(
      {
        'docs.json': JSON.stringify({ name: 'Robust', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Pages', pages: ['index'] }] }),
        'index.mdx': page,
      },
      ROOT,
    );
    const project = new Project(ws, [ROOT]);
    await project.scan();
    const out = await renderPreview(project, `${ROOT}/index.mdx`, 'https://assets/');
    assert.ok(out);
    return out.page;
  }

  it('shows a notice for 1,000 nested elements instead of overflowing the stack', async () => {
    const page = await preview(nestedDivs(1000));
    assert.match(page.problem ?? '', new RegExp(`nests elements more than ${MAX_TREE_DEPTH} levels deep`));
    assert.doesNotMatch(page.html, /deep/);
  });

  it('renders the deepest nesting it keeps, in full', async () => {
    // Root, paragraph, the <div>s, the text: n <div>s make a tree exactly MAX_TREE_DEPTH deep.
    const n = MAX_TREE_DEPTH - 3;
    const text = nestedDivs(n);
    assert.equal(parsePage('/x.mdx', text).tooLarge, undefined);
    assert.ok(parsePage('/x.mdx', nestedDivs(n + 1)).tooLarge, 'one level more is over the limit');
    const page = await preview(text);
    assert.equal(page.problem, undefined);
    assert.equal(page.html.match(/<div[ >]/g)?.length, n);
    assert.match(page.html, /deep/);
  });
});

describe('matchers and suggestions do bounded work', () => {
  it('matches a redirect source of 15 wildcards against a 60-character path in one pass of its table', { timeout: 20_000 }, () => {
    const source = 'x*'.repeat(15) + 'y';
    const pattern = new SourcePattern(source);
    const before = matchWork.cells;
    assert.equal(pattern.match('x'.repeat(60)), undefined);
    // 31 parts: one row of 61 cells for each, and one for the end.
    assert.equal(matchWork.cells - before, 32 * 61);
    assert.equal(pattern.match('x'.repeat(59) + 'y')?.length, 15);
    const redirects = new Redirects([{ source: '/' + source, destination: '/index' }]);
    assert.equal(redirects.matches('/' + 'x'.repeat(60)), false);
    assert.equal(redirects.resolve('x'.repeat(60)), undefined);
  });

  it('gives the values the regex of the source gave: each parameter the longest run that lets the rest match', () => {
    const cases: [string, string, string[] | undefined][] = [
      ['docs/:slug*', 'docs/a/b', ['a/b']],
      ['a/*/b/*', 'a/1/b/2/b/3', ['1/b/2', '3']],
      ['blog/:year/:slug', 'blog/2024/x', ['2024', 'x']],
      ['blog/:year/:slug', 'blog/2024/x/y', undefined],
      ['v/:a-:b', 'v/x-y-z', ['x-y', 'z']],
      ['*', '', ['']],
      ['x:slug', 'x', undefined],
      ['old', 'old', []],
      ['a/*', 'a/b\nc', undefined],
    ];
    for (const [source, path, values] of cases) assert.deepEqual(new SourcePattern(source).match(path), values, `${source} on ${JSON.stringify(path)}`);
  });

  it('trims 150 KB of slashes that are not at the end without a regex', { timeout: 20_000 }, () => {
    const slashes = '/'.repeat(150_000);
    assert.equal(trimTrailingSlashes(slashes + 'a'), slashes + 'a');
    assert.equal(trimTrailingSlashes('a' + slashes), 'a');
    assert.equal(trimSlashes(slashes + 'a' + slashes), 'a');
    assert.equal(trimSlashes(slashes), '');
  });

  it('no end-anchored run regex (quadratic on a long run not at the end) is back in server/src or media/', () => {
    // A run of slashes, white space or end punctuation, then the end: /\/+$/, /^\/+|\/+$/g, /\s+$/, /[ \t]+$/ (not /^\s+$/).
    const banned = /(?<!\^)(?:\\\/|\\s|\[ \\t\]|\[\.!:\])\+\$\//;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|js)$/.test(p))
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => banned.test(line) && found.push(`${path.relative(ROOT_DIR, p)}:${i + 1}: ${line.trim()}`));
      }
    };
    walk(path.join(ROOT_DIR, 'server/src'));
    walk(path.join(ROOT_DIR, 'media'));
    assert.deepEqual(found, [], 'use trimSlashes / trimTrailingSlashes (util/paths) or trimEndOf (util/text)');
  });

  it('suggests for 250 missing anchors among 3,000 with at most MAX_DISTANCES distances each, and the same close ones', { timeout: 20_000 }, () => {
    const long = (unit: string) => unit.repeat(20).slice(0, 160);
    const anchors = new Set(Array.from({ length: 3000 }, (_, i) => slugify(long(`Section heading number ${i} `))));
    const before = suggestWork.distances;
    for (let i = 0; i < 250; i++) assert.equal(nearest(long(`missing-anchor-${i}-`), anchors), undefined);
    assert.ok(suggestWork.distances - before <= 250 * MAX_DISTANCES, `${suggestWork.distances - before} distances`);
    const typo = [...anchors][1234].replace('heading', 'haeding');
    assert.equal(nearest(typo, anchors), [...anchors][1234]);
    assert.equal(nearest('authentification', ['introduction', 'authentication', 'quickstart']), 'authentication');
  });
});

describe('an element of 20,000 attributes (a 200 KB page) is read in time linear in them', () => {
  const attributes = Array.from({ length: 20_000 }, (_, i) => `a${i}="x"`);
  // Each took minutes: the unknown-attribute rule listed the element's attributes again for each
  // unknown one, and the formatter looked through them all for each line of the opening tag.
  it('the component attribute rules check it within 2 s', { timeout: 60_000 }, () => {
    const page = parsePage('/site/index.mdx', FM + `<ParamField ${attributes.join(' ')}>\nText\n</ParamField>\n`);
    assert.ok(page.text.length > 200 * 1024 && !page.tooLarge);
    let findings = 0;
    const start = performance.now();
    for (const rule of PAGE_RULES)
      if (rule.id.startsWith('component-attribute-') && !isCrossPageRule(rule))
        rule.check({ page, id: 'index', index: undefined as never, report: () => findings++ });
    const ms = performance.now() - start;
    assert.ok(findings >= 20_000, `${findings} findings`);
    assert.ok(ms < 2000, `${Math.round(ms)} ms`);
  });

  it('the formatter checks it, one attribute a line, within 2 s', { timeout: 60_000 }, () => {
    const text = FM + `<ParamField\n${attributes.map((a) => `  ${a}`).join('\n')}\n>\n  Text\n</ParamField>\n`;
    const parsed = parsePage('/site/index.mdx', text);
    assert.ok(text.length > 200 * 1024 && !parsed.tooLarge);
    const start = performance.now();
    const result = formatPage('/site/index.mdx', text, { parsed });
    const ms = performance.now() - start;
    assert.equal(result.changed, false, result.refused);
    assert.ok(ms < 2000, `${Math.round(ms)} ms`);
  });
});

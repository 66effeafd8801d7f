// The threaded and cached check (server/src/node/check-run.ts): the same findings in the same order
// as checkAll whatever the thread count, and with a cache whatever was edited since it was written.
// Both sides read the Node host's spelling dictionary, as the threads do.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import * as path from 'node:path';
import { checkAll, compareFindings, finishPageCheck, startPageCheck } from '../../server/src/check';
import { checkSiteFiles, readSiteTexts, type SiteCheckOptions } from '../../server/src/node/check-run';
import { cacheFileFor, readCheckCache, writeCheckCache, type CheckCacheData } from '../../server/src/node/check-cache';
import { ALL_RULES } from '../../server/src/rules/index';
import type { RuleDocs, SiteFiles } from '../../server/src/rules/types';
import { loadSite, type Site } from '../../server/src/site/site';
import { ANCHORS, createSiteIndex } from '../../server/src/site/site-index';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import type { Finding } from '../../server/src/types';
import { MemoryWorkspace } from '../../server/src/workspace';
import { hostAsyncapiReader } from '../../server/src/node/asyncapi';
import { hostSpeller } from '../../server/src/node/speller';
import { CLASSIC_SITE as CLASSIC, EXAMPLE_SITE as EXAMPLE, indexFrom, readSiteFromDisk as readTree, ROOT, TEST_MERMAID } from '../helpers';
import { generateSite } from '../../bench/generate';

/** Findings as the cache stores them (JSON drops undefined fields). */
const plain = (f: Finding[]) => JSON.parse(JSON.stringify(f)) as unknown;

async function loaded(files: SiteFiles): Promise<{ site: Site; texts: Map<string, string> }> {
  const ws = new MemoryWorkspace(files, ROOT);
  // As the hosts load it (helpers.ts's siteFrom does too): with the AsyncAPI reader.
  const site = await loadSite(ws, ROOT, { asyncapi: hostAsyncapiReader });
  if (!site) throw new Error('no site');
  return { site, texts: await readSiteTexts(site, (p) => ws.readFile(p)) };
}

async function run(files: SiteFiles, o: Partial<SiteCheckOptions> = {}) {
  const { site, texts } = await loaded(files);
  return checkSiteFiles(site, texts, { threads: 1, ...o });
}

/** The cache as a later process reads it (through JSON). */
const reread = (c: CheckCacheData) => JSON.parse(JSON.stringify(c)) as CheckCacheData;

const SITES: [string, () => SiteFiles][] = [
  ['the example site', () => readTree(EXAMPLE)],
  ['the classic fixture', () => readTree(CLASSIC)],
  ['a generated site of 120 pages', () => Object.fromEntries(generateSite(120, 3).files)],
];

describe('threaded check', () => {
  for (const [name, files] of SITES) {
    it(`gives checkAll's findings in its order on ${name}, with 1 and 3 threads`, async () => {
      const site = files();
      const expected = checkAll((await indexFrom(site)).index, { mermaid: TEST_MERMAID, speller: hostSpeller() }, await snippetsOf(site));
      const one = await run(site, { threads: 1 });
      const three = await run(site, { threads: 3, threadsFrom: 1 });
      assert.equal(three.workers, 2, 'the workers ran');
      assert.deepEqual(one.findings, expected);
      assert.deepEqual(three.findings, expected);
      // The language server's first check: workers only, the calling thread free for requests.
      const idle = await run(site, { threads: 2, idle: true });
      assert.equal(idle.workers, 2);
      assert.deepEqual(idle.findings, expected);
      assert.deepEqual([...idle.siteFindings, ...[...idle.fileFindings.values()].flat()].sort(compareFindings), expected);
      if (name.startsWith('a generated')) assert.ok(expected.length > 10, 'the generated site has planted problems');
    });
  }
});

describe('page-only and cross-page rules', () => {
  it("give checkAll's findings, and no rule fails, on every rule's example sites (page-only rules run before other pages' facts are known)", async () => {
    for (const rule of ALL_RULES) {
      for (const site of [(rule.docs as RuleDocs).bad, (rule.docs as RuleDocs).good]) {
        const failures: string[] = [];
        const expected = checkAll((await indexFrom(site)).index, { mermaid: TEST_MERMAID, speller: hostSpeller() }, await snippetsOf(site));
        const got = await run(site, { onRuleError: (id, message, where) => failures.push(`${id} on ${where}: ${message}`) });
        assert.deepEqual(failures, [], rule.id);
        assert.deepEqual(got.findings, expected, rule.id);
      }
    }
  });

  it("leave out the findings of a page that only other pages import, which only every page's imports tell", async () => {
    const site = (imported: boolean): SiteFiles => ({
      ...exampleSite(minimalConfig(['introduction']), ['introduction']),
      'introduction.mdx': `---\ntitle: "Introduction"\ndescription: "What Acme does and where to start."\n---\n\n${imported ? 'import Note from \'/shared/note.mdx\';\n\n<Note name="Acme" />\n\n' : ''}## Overview\n\nText.\n`,
      'shared/note.mdx': 'A note about {name}.\n',
    });
    const onNote = (f: Finding[]) =>
      f
        .filter((x) => x.path.endsWith('shared/note.mdx'))
        .map((x) => x.ruleId)
        .sort();
    for (const imported of [true, false]) {
      const expected = checkAll((await indexFrom(site(imported))).index, { mermaid: TEST_MERMAID, speller: hostSpeller() });
      const got = await run(site(imported), { threads: 2, threadsFrom: 1 });
      assert.deepEqual(got.findings, expected);
      if (imported) assert.deepEqual(onNote(got.findings), [], 'a snippet kept outside snippets/ has no title, description or free-name findings');
      else
        assert.ok(
          ['expression-undefined', 'page-title'].every((id) => onNote(got.findings).includes(id)),
          onNote(got.findings).join(),
        );
    }
  });

  it('an index for page-only rules refuses a fact of a page it does not hold', async () => {
    const { index } = await indexFrom(exampleSite(minimalConfig(['a', 'b']), ['a', 'b']));
    const only = createSiteIndex(index.site, new Map([['a', index.pages.get('a')!]]), { ids: index.ids, pageOnly: true });
    assert.deepEqual(only.fact('a', ANCHORS), index.fact('a', ANCHORS));
    assert.throws(() => only.fact('b', ANCHORS), /page-only rule read the fact "anchors" of page "b"/);
    assert.throws(() => [...only.everyFact(ANCHORS)], /must be a cross-page rule/);
  });

  it('a started page check holds no tree', async () => {
    const { index } = await indexFrom(
      exampleSite(minimalConfig(['a', 'b']), ['a', 'b'], {
        'a.mdx': '---\ntitle: "A"\ndescription: "The first page of the example."\n---\n\nSee [b](/b#nowhere).\n',
      }),
    );
    const started = startPageCheck(index, 'a', index.pages.get('a')!);
    assert.ok(!('tree' in started.page));
    assert.deepEqual(
      finishPageCheck(index, 'a', started),
      checkAll(index, { mermaid: TEST_MERMAID, speller: hostSpeller() }).filter((f) => f.path.endsWith('/a.mdx')),
    );
    assert.ok(
      finishPageCheck(index, 'a', started).some((f) => f.ruleId === 'link-broken'),
      'the cross-page rule ran on what it collected',
    );
  });
});

describe("the editor's first check threads", () => {
  // Lowered below the editor's own processes (its host, renderer, file watchers: the same session),
  // they got a tenth of a busy core, and the first check took 3-4x the CLI's time.
  it("run at the priority of the thread that started them, as the CLI's do (Linux)", { skip: process.platform !== 'linux' }, async () => {
    const files = Object.fromEntries(generateSite(400, 4).files);
    const ws = new MemoryWorkspace(files, ROOT);
    const site = (await loadSite(ws, ROOT))!;
    const texts = await readSiteTexts(site, (p) => ws.readFile(p));
    const own = getPriority();
    const seen: number[] = [];
    // Each thread's nice value, read while the workers parse (progress reports come from a timer then).
    const niceOfThreads = () =>
      readdirSync('/proc/self/task').flatMap((tid) => {
        let stat: string;
        try {
          stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        } catch {
          return []; // the thread ended between the listing and the read
        }
        return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
      });
    await checkSiteFiles(site, texts, { threads: 2, idle: true, onProgress: () => seen.push(...niceOfThreads()) });
    assert.ok(seen.length > 0, 'read while the check ran');
    assert.deepEqual([...new Set(seen)], [own]);
  });
});

/** Snippet files parsed, as Project.check passes them to checkAll. */
async function snippetsOf(files: SiteFiles) {
  const { parsePage } = await import('../../server/src/pages/parse');
  const { isSnippetFile } = await import('../../server/src/site/imports');
  return new Map(
    Object.entries(files)
      .filter(([rel]) => isSnippetFile(rel))
      .map(([rel, text]) => [rel, parsePage(path.posix.join(ROOT, rel), text)]),
  );
}

describe('check cache', () => {
  it('answers an unchanged site from the cache with the cold findings, on every rule example and fixture', async () => {
    const sites: SiteFiles[] = [readTree(EXAMPLE), readTree(CLASSIC)];
    for (const rule of ALL_RULES) sites.push((rule.docs as RuleDocs).bad, (rule.docs as RuleDocs).good);
    for (const site of sites) {
      const cold = await run(site);
      const warm = await run(site, { cache: reread(cold.cache) });
      assert.deepEqual(plain(warm.findings), plain(cold.findings));
      assert.equal(warm.parsed, 0);
      assert.equal(warm.checked, 0);
      assert.equal(warm.changed, false, 'nothing to write back');
      assert.equal(cold.changed, true);
    }
  });

  it('re-checks a page whose link target lost its heading (a finding of one page depends on another)', async () => {
    const files = readTree(EXAMPLE);
    const target = Object.keys(files).find((rel) => /\.mdx$/.test(rel) && /^## .+/m.test(files[rel]) && !rel.startsWith('snippets/'))!;
    const heading = /^## (.+)$/m.exec(files[target])![1];
    const slug = heading
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-');
    const linker = Object.keys(files).find((rel) => /\.mdx$/.test(rel) && rel !== target && !rel.startsWith('snippets/'))!;
    files[linker] += `\nSee [the part](/${target.replace(/\.mdx$/, '')}#${slug}).\n`;
    const first = await run(files);
    assert.ok(!first.findings.some((f) => f.ruleId === 'link-broken'), 'the link works at first');
    files[target] = files[target].replace(`## ${heading}`, '## Something else entirely');
    const cached = await run(files, { cache: reread(first.cache) });
    const cold = await run(files);
    assert.ok(cold.findings.some((f) => f.ruleId === 'link-broken' && f.path.endsWith(linker)));
    assert.deepEqual(plain(cached.findings), plain(cold.findings));
    assert.equal(cached.parsed, 2, 'the edited page and the page linking to it are parsed again');
  });

  // A page's anchors depend on the snippets it renders and the code files it imports.
  for (const [what, importLine, file, before, after] of [
    ['snippet lost the heading', 'import Part from "/snippets/part.mdx";', 'snippets/part.mdx', '## Install\n\nRun it.\n', '## Deploy\n\nShip it.\n'],
    [
      '.jsx component lost the id',
      'import { Part } from "/snippets/part.jsx";',
      'snippets/part.jsx',
      'export const Part = () => <div id="install">Run it.</div>;\n',
      'export const Part = () => <div id="deploy">Ship it.</div>;\n',
    ],
  ])
    it(`re-checks links into a page whose ${what}`, async () => {
      const files: SiteFiles = {
        'docs.json': JSON.stringify({
          name: 'Acme',
          favicon: 'https://acme.dev/favicon.svg',
          colors: { primary: '#0B6E4F' },
          navigation: [{ group: 'Guides', pages: ['guide', 'linker'] }],
        }),
        'guide.mdx': `---\ntitle: Guide\n---\n\n${importLine}\n\n<Part />\n`,
        'linker.mdx': '---\ntitle: Linker\n---\n\nSee [install](/guide#install).\n',
        [file]: before,
      };
      const first = await run(files);
      assert.ok(!first.findings.some((f) => f.ruleId === 'link-broken'), 'the link works at first');
      files[file] = after;
      const cached = await run(files, { cache: reread(first.cache) });
      const cold = await run(files);
      assert.ok(cold.findings.some((f) => f.ruleId === 'link-broken' && f.path.endsWith('linker.mdx')));
      assert.deepEqual(plain(cached.findings), plain(cold.findings));
    });

  it('equals a cold check after seeded random edits of pages, snippets, config and rule settings', async () => {
    let files: SiteFiles = { ...Object.fromEntries(generateSite(40, 5).files), 'snippets/tip.mdx': '<Tip>\n  A tip.\n</Tip>\n' };
    let cache: CheckCacheData | undefined;
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    const pages = () => Object.keys(files).filter((rel) => /\.mdx?$/.test(rel) && !rel.startsWith('snippets/'));
    const edits: ((f: SiteFiles) => void)[] = [
      (f) => {
        const p = pick(pages());
        f[p] = f[p].replace(/^## (.+)$/m, (_, h: string) => `## ${h} renamed`);
      },
      (f) => {
        const p = pick(pages());
        const q = pick(pages());
        f[p] += `\nRead [this](/${q.replace(/\.mdx?$/, '')}#${pick(['overview', 'missing-part', 'next-steps'])}).\n`;
      },
      (f) => {
        const p = pick(pages());
        f[p] += '\nA plain new paragraph.\n';
      },
      (f) => {
        const p = pick(pages());
        f[p] = f[p].replace(/^description: .*\n/m, '');
      },
      (f) => {
        const p = pick(pages());
        f[p] += '\n<Warning>Unclosed\n';
      },
      (f) => {
        const p = pick(pages());
        f[p] = `${f[p]}\nimport Tip from '/snippets/tip.mdx';\n\n<Tip />\n`;
      },
      (f) => {
        f['snippets/tip.mdx'] = pick(['<Tip>\n  Changed.\n</Tip>\n', '<Tip>\n  ![](/images/none.png)\n</Tip>\n', '<Frame>\n']);
      },
      (f) => {
        f['.docwright.json'] = JSON.stringify({
          rules: { [pick(['link-broken', 'page-description', 'heading-increment'])]: pick(['off', 'warning', 'error']) },
        });
      },
      (f) => {
        const c = JSON.parse(f['docs.json']) as Record<string, unknown>;
        c.name = `Site ${Math.floor(random() * 100)}`;
        f['docs.json'] = JSON.stringify(c, null, 2);
      },
      (f) => {
        const p = pick(pages());
        f[p] = f[p].replace(/^---\ntitle:/, '---\napi: "GET /notes"\ntitle:');
      },
      (f) => {
        const p = pick(pages());
        f[p] += '\nOur rate limit is 100 requests per minute.\n';
      },
      (f) => {
        const p = pick(pages());
        f[p.replace(/\.mdx?$/, '-copy.mdx')] = f[p];
      },
      (f) => {
        const p = pick(pages());
        delete f[p];
      },
    ];
    for (let round = 0; round < 24; round++) {
      files = { ...files };
      pick(edits)(files);
      const cold = await run(files);
      const cached = await run(files, { cache });
      assert.deepEqual(plain(cached.findings), plain(cold.findings), `round ${round}`);
      cache = reread(cached.cache);
    }
  });
});

describe('check cache file', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(path.join(tmpdir(), 'docwright-cache-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("reads back what it wrote; ignores a corrupted, truncated, foreign or other site's file with a note", async () => {
    const cold = await run(readTree(EXAMPLE));
    const file = cacheFileFor(dir, ROOT);
    await writeCheckCache(file, cold.cache, dir);
    assert.deepEqual((await readCheckCache(file, ROOT)).data, reread(cold.cache));
    assert.deepEqual(await readCheckCache(path.join(dir, 'none.json'), ROOT), {}, 'no cache yet: no note');
    const good = readFileSync(file, 'utf8');
    const variants: [string, string][] = [
      ['truncated', good.slice(0, good.length - 20)],
      ['a changed finding', good.replace(/"text":"[^"]*"/, '"text":"AAAA"')],
      ['garbage', '\u0000\u0001 not json'],
      ['foreign JSON', JSON.stringify({ eslint: true })],
      ['a foreign header', '{"format":"other"}\n{}'],
    ];
    for (const [what, text] of variants) {
      writeFileSync(file, text);
      const r = await readCheckCache(file, ROOT);
      assert.equal(r.data, undefined, what);
      assert.match(r.note ?? '', /ignored/, what);
    }
    await writeCheckCache(file, cold.cache, dir);
    const other = await readCheckCache(file, '/elsewhere');
    assert.equal(other.data, undefined);
    assert.match(other.note ?? '', /not a cache of this site/);
  });

  it('a well-formed cache with a wrong shape inside is not trusted', async () => {
    const cold = await run(readTree(EXAMPLE));
    const bad = reread(cold.cache);
    const first = Object.keys(bad.files)[0];
    (bad.files[first] as unknown as Record<string, unknown>).findings = [{ ruleId: 1 }];
    const file = path.join(dir, 'shape.json');
    await writeCheckCache(file, bad, dir);
    const r = await readCheckCache(file, ROOT);
    assert.equal(r.data, undefined);
    assert.match(r.note ?? '', /bad findings/);
  });
});

describe('docwright check --cache (processes)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-cache-cli-'));
    for (const [rel, text] of generateSite(60, 9).files) {
      const full = path.join(dir, 'site', rel);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--require',
          require.resolve('tsx/cjs'),
          '-e',
          `require(${JSON.stringify(path.resolve(__dirname, '../../server/src/hosts/cli/main.ts'))}).main(process.argv.slice(1)).then((c) => process.exit(c))`,
          ...args,
        ],
        { cwd: dir },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('two concurrent checks with one cache both succeed and leave a sound cache; a corrupted one is noted and redone', async () => {
    const cold = await cli(['check', 'site', '--format', 'json']);
    assert.equal(cold.code, 1, cold.stderr);
    assert.ok((JSON.parse(cold.stdout) as unknown[]).length > 5, 'the generated site has planted problems');
    const args = ['check', 'site', '--format', 'json', '--cache-location', 'cache'];
    const [a, b] = await Promise.all([cli(args), cli(args)]);
    assert.equal(a.stdout, cold.stdout, a.stderr);
    assert.equal(b.stdout, cold.stdout, b.stderr);
    const root = path.join(dir, 'site');
    const file = cacheFileFor(path.join(dir, 'cache'), root);
    const read = await readCheckCache(file, root);
    assert.ok(read.data && read.note === undefined, read.note);
    const [c, d] = await Promise.all([cli(args), cli(args)]);
    assert.equal(c.stdout, cold.stdout);
    assert.equal(d.stdout, cold.stdout);
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole.slice(0, whole.length - 100));
    const e = await cli(args);
    assert.equal(e.stdout, cold.stdout);
    assert.match(e.stderr, /docwright: note: the check cache .* was ignored \(corrupted/);
    assert.ok((await readCheckCache(file, root)).data, 'rewritten');
  });
});

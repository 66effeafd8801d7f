// llms.txt and llms-full.txt as the format writes them (ai/llmstxt.mdx): a site's own files copied
// byte for byte (and scored as they are), the structure (summary, Agent Instructions, page sections,
// OpenAPI and AsyncAPI spec links, Optional external links), seo.indexing "all", and the
// 100,000-character cap on generated 3,000-page sites: descriptions shortened first, then entries
// dropped with a note.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildLlmsTxt, LLMS_DESCRIPTION_CHARS, LLMS_MIN_DESCRIPTION_CHARS, llmsDescription } from '../../server/src/export/llms';
import { createExportContext, ExportResults, finishExport, type ExportReport } from '../../server/src/export/export';
import { liveExportSource } from '../../server/src/export/source';
import { frontMatterData } from '../../server/src/pages/parse';
import { loadSite } from '../../server/src/site/site';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';
import { LLMS_TXT_MAX_CHARS, validateLlmsTxt } from '../../server/src/site/llms-txt';
import { runScore } from '../../server/src/hosts/cli/score';
import { exampleSite, minimalConfig, twoLanguageSite } from '../../server/src/rules/examples';
import type { SiteFiles } from '../../server/src/rules/types';
import { check, ROOT, writeSiteToDisk } from '../helpers';
import { exportSite } from '../export-helpers';

const CURRENT = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0D6E4F' } };

/** The `- [title](url)` entries of a section of llms.txt, as `url` (and `: description` when there is one). */
function entries(llms: string, section: string): string[] {
  const m = new RegExp(`^## ${section}\\n\\n((?:- .*\\n)*)`, 'm').exec(llms);
  return m ? m[1].trimEnd().split('\n') : [];
}
const sections = (llms: string) => [...llms.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
const links = (lines: string[]) => lines.map((l) => /\]\(([^)]*)\)/.exec(l)![1]);

describe('llms.txt built', () => {
  it('has the format structure: name, summary, Agent Instructions, pages, OpenAPI and AsyncAPI specs, Optional last', () => {
    const { text } = buildLlmsTxt({
      name: 'Acme',
      summary: 'Notes for teams.',
      instructions: 'Always cite the API version.\nPrefer the TypeScript SDK.',
      sections: [{ name: 'Docs', entries: [{ title: 'Install', url: 'install.md', description: 'Setup steps' }] }],
      openapi: [{ title: 'openapi', url: 'openapi.json' }],
      asyncapi: [{ title: 'asyncapi', url: 'asyncapi.yaml' }],
      optional: [{ title: 'Community', url: 'https://example.com/community' }],
    });
    assert.equal(
      text,
      [
        '# Acme',
        '',
        '> Notes for teams.',
        '',
        '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK.',
        '',
        '## Docs',
        '',
        '- [Install](install.md): Setup steps',
        '',
        '## OpenAPI Specs',
        '',
        '- [openapi](openapi.json)',
        '',
        '## AsyncAPI Specs',
        '',
        '- [asyncapi](asyncapi.yaml)',
        '',
        '## Optional',
        '',
        '- [Community](https://example.com/community)',
        '',
      ].join('\n'),
    );
    assert.deepEqual(validateLlmsTxt(text, { resolve: () => undefined }), []);
  });

  it('keeps the first paragraph of a description, cut at 300 characters', () => {
    assert.equal(llmsDescription('First paragraph\non two lines.\n\nSecond paragraph.'), 'First paragraph on two lines.');
    const long = llmsDescription('word '.repeat(100))!;
    assert.ok(long.length <= LLMS_DESCRIPTION_CHARS && long.endsWith('…'), long);
    assert.equal(llmsDescription('   '), undefined);
  });

  it('under a cap: shortens every description first, then leaves them out, then drops entries from the end with a note', () => {
    const input = (n: number) => ({
      name: 'Acme',
      summary: 'Notes.',
      sections: [
        { name: 'Guides', entries: Array.from({ length: n }, (_, i) => ({ title: `G${i}`, url: `g${i}.md`, description: 'word '.repeat(50) })) },
        { name: 'Reference', entries: Array.from({ length: n }, (_, i) => ({ title: `R${i}`, url: `r${i}.md`, description: 'word '.repeat(50) })) },
      ],
      optional: [{ title: 'Community', url: 'https://example.com/community' }],
      omittedHint: 'llms-full.txt holds every page.',
    });
    const whole = buildLlmsTxt({ ...input(10), maxChars: 100_000 });
    assert.equal(whole.descriptionChars, LLMS_DESCRIPTION_CHARS);
    // Shortened: every entry stays, every description at most the limit chosen, the longest that fits.
    const max = whole.text.length - 1500;
    const short = buildLlmsTxt({ ...input(10), maxChars: max });
    assert.ok(short.text.length <= max);
    assert.ok(short.descriptionChars >= LLMS_MIN_DESCRIPTION_CHARS && short.descriptionChars < LLMS_DESCRIPTION_CHARS, `${short.descriptionChars}`);
    assert.equal(buildLlmsTxt({ ...input(10), maxChars: max + 20 }).descriptionChars >= short.descriptionChars, true);
    assert.equal(entries(short.text, 'Guides').length + entries(short.text, 'Reference').length, 20);
    for (const e of [...entries(short.text, 'Guides'), ...entries(short.text, 'Reference')])
      assert.ok(e.replace(/^[^:]*: /, '').length <= short.descriptionChars, e);
    assert.doesNotMatch(short.text, /not listed/);
    // Without descriptions every entry fits: none is dropped.
    const bare = buildLlmsTxt({ ...input(10), maxChars: 600 });
    assert.equal(bare.descriptionChars, 0);
    assert.equal(bare.omitted, 0);
    assert.doesNotMatch(bare.text, /: word/);
    // Dropped: the last entries go, the note says how many and from where, Optional stays last.
    const cut = buildLlmsTxt({ ...input(40), maxChars: 760 });
    assert.ok(cut.text.length <= 760, `${cut.text.length}`);
    assert.ok(cut.omitted > 40 && cut.omitted < 80, `${cut.omitted}`);
    const kept = [...links(entries(cut.text, 'Guides')), ...links(entries(cut.text, 'Reference'))];
    const all = [...Array.from({ length: 40 }, (_, i) => `g${i}.md`), ...Array.from({ length: 40 }, (_, i) => `r${i}.md`)];
    assert.deepEqual(kept, all.slice(0, 80 - cut.omitted));
    assert.match(
      cut.text,
      new RegExp(
        `^This index lists ${80 - cut.omitted} of 80 pages: .* the last ${cut.omitted} pages are not listed \\(${cut.omitted - 40} in "Guides", 40 in "Reference"\\)\\. llms-full\\.txt holds every page\\.$`,
        'm',
      ),
    );
    assert.deepEqual(sections(cut.text).slice(-1), ['Optional']);
    assert.deepEqual(validateLlmsTxt(cut.text, { resolve: () => undefined }), []);
  });
});

/**
 * The site-wide part of the export (finishExport) over a site in memory, each page's output taken
 * from its front matter as exportPage gives it, without rendering the pages: what makes a
 * 3,000-page site take a second. The first test checks it against a full export.
 */
async function finishOnly(files: SiteFiles): Promise<{ llms: string; full: string; report: ExportReport }> {
  const ws = new MemoryWorkspace(files, ROOT);
  const site = (await loadSite(ws, ROOT))!;
  // The front matter of each page, as `docwright dev` keeps it (no full parse of 3,000 pages).
  const heads = new Map([...site.pages.values()].map((rel) => [rel, frontMatterData(files[rel])]));
  const source = liveExportSource(new Project(ws, [ROOT]), site, heads);
  const ctx = createExportContext(source, { assets: { css: '', js: '', searchJs: '', miniSearchJs: '', playgroundJs: '' } });
  const results = new ExportResults(ctx.plan);
  for (const p of ctx.plan.pages) {
    const data = source.head(p.rel)?.frontmatter.data ?? {};
    results.add({
      id: p.id,
      title: String(data.title),
      description: data.description as string,
      written: [p.html, p.md],
      assets: [],
      problems: [],
      markdown: '',
    });
  }
  const written = new Map<string, string>();
  const report = await finishExport(ctx, results, {
    write: async (p, c) => void written.set(p, String(c)),
    copy: async (p) => void written.set(p, ''),
  });
  return { llms: written.get('llms.txt')!, full: written.get('llms-full.txt')!, report };
}

/** A generated site: `n` pages in groups of 100, each with the template's title and description. */
function generatedSite(n: number, title: (i: number) => string, description: string): SiteFiles {
  const files: SiteFiles = {};
  const groups: { group: string; pages: string[] }[] = [];
  for (let i = 0; i < n; i++) {
    const id = `ref/s${Math.floor(i / 100)}/p${i}`;
    if (i % 100 === 0) groups.push({ group: `Section ${i / 100}`, pages: [] });
    groups[groups.length - 1].pages.push(id);
    files[`${id}.mdx`] = `---\ntitle: "${title(i)}"\ndescription: "${description}"\n---\n\nPage ${i}.\n`;
  }
  files['docs.json'] = JSON.stringify({ ...CURRENT, description: 'A generated site.', navigation: { groups } });
  return files;
}
const pageLinks = (llms: string) => [...llms.matchAll(/^- \[[^\]]*\]\((ref\/[^)]*)\.md\)/gm)].map((m) => m[1]);
const DESCRIPTION = 'Explains one part of the generated reference in a sentence long enough to be shortened when the index is over the cap of the format.';

describe('the 100,000-character cap on a generated llms.txt', () => {
  let tmp: string;
  before(() => (tmp = mkdtempSync(path.join(tmpdir(), 'docwright-llms-cap-'))));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('finishExport over page outputs gives the llms.txt and llms-full.txt a full export writes', async () => {
    const files = generatedSite(3, (i) => `Page ${i}`, DESCRIPTION);
    const dir = path.join(tmp, 'small');
    writeSiteToDisk(dir, files);
    const r = await exportSite({ dir, out: path.join(tmp, 'small-out') });
    assert.equal(r.code, 0, r.err.join('\n'));
    const quick = await finishOnly(files);
    assert.equal(quick.llms, readFileSync(path.join(tmp, 'small-out', 'llms.txt'), 'utf8'));
    assert.ok(readFileSync(path.join(tmp, 'small-out', 'llms-full.txt'), 'utf8').startsWith(quick.full.slice(0, quick.full.indexOf('Source:'))));
  });

  it('3,000 pages of short entries: every page listed, the descriptions shortened away, no note', async () => {
    const { llms, full, report } = await finishOnly(generatedSite(3000, (i) => `P${i}`, DESCRIPTION));
    assert.ok(llms.length <= LLMS_TXT_MAX_CHARS, `${llms.length}`);
    assert.equal(pageLinks(llms).length, 3000);
    assert.doesNotMatch(llms, /\.md\): /);
    assert.doesNotMatch(llms, /not listed/);
    assert.ok(
      report.notes.some((n) => /llms\.txt leaves out the descriptions to stay under 100,000 characters/.test(n)),
      report.notes.join('\n'),
    );
    // No cap on llms-full.txt.
    assert.ok(full.length > LLMS_TXT_MAX_CHARS && (full.match(/^Source: /gm) ?? []).length === 3000);
  });

  it('3,000 pages of long entries: no descriptions, the last entries dropped, a note saying which, under the cap', async () => {
    const { llms, report } = await finishOnly(generatedSite(3000, (i) => `Generated reference page number ${i} of the site`, DESCRIPTION));
    assert.ok(llms.length <= LLMS_TXT_MAX_CHARS, `${llms.length}`);
    assert.doesNotMatch(llms, /\.md\): /);
    const listed = pageLinks(llms);
    assert.ok(listed.length > 1000 && listed.length < 3000, `${listed.length}`);
    // What stays is the start of the navigation, in order.
    assert.deepEqual(
      listed,
      Array.from({ length: listed.length }, (_, i) => `ref/s${Math.floor(i / 100)}/p${i}`),
    );
    const omitted = 3000 - listed.length;
    // The note names the sections the dropped pages are in, in order: the rest of one, then whole ones.
    const first = Math.floor(listed.length / 100);
    const note = new RegExp(
      `^This index lists ${listed.length.toLocaleString('en-US')} of 3,000 pages: to stay under 100,000 characters, the descriptions are left out and the last ${omitted.toLocaleString('en-US')} pages are not listed \\(${100 - (listed.length % 100)} in "Section ${first}", 100 in "Section ${first + 1}", .* in \\d+ more sections\\)\\. llms-full\\.txt holds every page\\.$`,
      'm',
    );
    assert.match(llms, note);
    assert.ok(llms.indexOf('This index lists') < llms.indexOf('## Section 0'), 'the note comes before the sections');
    assert.deepEqual(validateLlmsTxt(llms, { resolve: () => undefined }), []);
    assert.ok(report.notes.some((n) => n.includes(`the last ${omitted} pages`)));
  });

  it('600 pages: the descriptions shortened, every page kept with one', async () => {
    const { llms } = await finishOnly(generatedSite(600, (i) => `Generated reference page number ${i}`, DESCRIPTION + ' ' + DESCRIPTION));
    assert.ok(llms.length <= LLMS_TXT_MAX_CHARS, `${llms.length}`);
    const lines = llms.split('\n').filter((l) => l.startsWith('- [Generated'));
    assert.equal(lines.length, 600);
    const described = lines.map((l) => /\.md\): (.*)$/.exec(l)?.[1] ?? '');
    assert.ok(
      described.every((d) => d.length >= LLMS_MIN_DESCRIPTION_CHARS && d.length < DESCRIPTION.length * 2 && d.endsWith('…')),
      described[0],
    );
    assert.doesNotMatch(llms, /not listed/);
  });
});

describe('llms.txt and llms-full.txt of an export', () => {
  let tmp: string;
  before(() => (tmp = mkdtempSync(path.join(tmpdir(), 'docwright-llms-'))));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  async function exported(name: string, files: SiteFiles, raw: Record<string, Buffer> = {}): Promise<string> {
    const site = path.join(tmp, name);
    writeSiteToDisk(site, files);
    for (const [rel, bytes] of Object.entries(raw)) writeFileSync(path.join(site, rel), bytes);
    const out = path.join(tmp, `${name}-out`);
    const r = await exportSite({ dir: site, out });
    assert.equal(r.code, 0, [...r.out, ...r.err].join('\n'));
    assert.doesNotMatch(r.out.join('\n'), /Generated llms\.txt/);
    return out;
  }

  const LLMS = Buffer.concat([Buffer.from('\uFEFF# Acme, our own index  \r\n\r\n- [Intro](introduction.html)\r\n'), Buffer.from([0xff, 0x0a])]);
  const FULL = Buffer.from('# Acme\n\nEverything, written by hand.\n\t\n');

  it('copies a custom llms.txt and llms-full.txt at the site root byte for byte', async () => {
    const files = exampleSite(minimalConfig(['introduction', 'quickstart']), ['introduction', 'quickstart'], {
      // A page that links to the file: copied once, no clash with a generated one.
      'quickstart.mdx': '---\ntitle: "Quickstart"\ndescription: "Start."\n---\n\nSee [the index](/llms.txt).\n',
    });
    const out = await exported('custom', files, { 'llms.txt': LLMS, 'llms-full.txt': FULL });
    assert.deepEqual(readFileSync(path.join(out, 'llms.txt')), LLMS);
    assert.deepEqual(readFileSync(path.join(out, 'llms-full.txt')), FULL);
    // One of them alone: the other is generated.
    const only = await exported('custom-one', exampleSite(minimalConfig(['introduction']), ['introduction']), { 'llms-full.txt': FULL });
    assert.deepEqual(readFileSync(path.join(only, 'llms-full.txt')), FULL);
    assert.match(readFileSync(path.join(only, 'llms.txt'), 'utf8'), /^# Acme\n\n> .*\n\n## Get started\n\n- \[Introduction\]\(introduction\.md\)/);
    // The generated one's note does not claim a custom llms-full.txt holds every page.
    assert.doesNotMatch(readFileSync(path.join(only, 'llms.txt'), 'utf8'), /holds every page/);
  });

  it('keeps checking a custom llms.txt with the llms-txt rule', async () => {
    const findings = await check(exampleSite(minimalConfig(['introduction']), ['introduction'], { 'llms.txt': '# Acme\n\n- [Gone](gone.md)\n' }));
    assert.ok(findings.some((f) => f.ruleId === 'llms-txt' && /gone\.md/.test(f.message)));
  });

  it('docwright score reads the custom llms.txt the export copied', async () => {
    const site = path.join(tmp, 'score');
    writeSiteToDisk(
      site,
      exampleSite(minimalConfig(['introduction']), ['introduction'], { 'llms.txt': '# Acme\n\n## Docs\n\n- [Intro](introduction.html)\n' }),
    );
    const criteria = async () => {
      const lines: string[] = [];
      await runScore(
        { dir: site, format: 'json' },
        (s) => lines.push(s),
        () => undefined,
        tmp,
      );
      return (JSON.parse(lines.join('\n')) as { criteria: { id: string; status: string; pages: string[] }[] }).criteria;
    };
    const custom = (await criteria()).find((c) => c.id === 'llms-txt-links-markdown')!;
    assert.notEqual(custom.status, 'pass');
    assert.deepEqual(custom.pages, ['llms.txt:5 introduction.html']);
    // Twin: the generated one links to the Markdown copies.
    rmSync(path.join(site, 'llms.txt'));
    assert.equal((await criteria()).find((c) => c.id === 'llms-txt-links-markdown')!.status, 'pass');
  });

  it('with seo.indexing "all": hidden pages too, then the pages outside the navigation in alphabetical order, never noindex ones', async () => {
    const files = (indexing?: string) =>
      exampleSite(
        {
          ...CURRENT,
          description: 'Notes.',
          ...(indexing ? { seo: { indexing } } : {}),
          navigation: { groups: [{ group: 'Start', pages: ['introduction', 'secret', 'private'] }] },
        },
        ['introduction', 'zebra', 'apple', 'guides/middle'],
        {
          'secret.mdx': '---\ntitle: "Secret"\nhidden: true\n---\n\nText.\n',
          'private.mdx': '---\ntitle: "Private"\nnoindex: true\n---\n\nText.\n',
          'unlisted-private.mdx': '---\ntitle: "Unlisted private"\nnoindex: true\n---\n\nText.\n',
        },
      );
    const all = await exported('indexing-all', files('all'));
    const llms = readFileSync(path.join(all, 'llms.txt'), 'utf8');
    assert.deepEqual(links(entries(llms, 'Start')), ['introduction.md', 'secret.md']);
    assert.deepEqual(links(entries(llms, 'Other pages')), ['apple.md', 'guides/middle.md', 'zebra.md']);
    const full = readFileSync(path.join(all, 'llms-full.txt'), 'utf8');
    assert.deepEqual(
      [...full.matchAll(/^Source: (.*)$/gm)].map((m) => m[1]),
      ['introduction.html', 'secret.html', 'apple.html', 'guides/middle.html', 'zebra.html'],
    );
    // Twin: navigable (the default) lists the navigation's indexed pages only.
    for (const indexing of ['navigable', undefined]) {
      const out = await exported(`indexing-${indexing}`, files(indexing));
      const text = readFileSync(path.join(out, 'llms.txt'), 'utf8');
      assert.deepEqual(sections(text), ['Start']);
      assert.deepEqual(links(entries(text, 'Start')), ['introduction.md']);
    }
    // The classic format's seo.indexHiddenPages is the same setting.
    const classic = await exported('classic-hidden', {
      ...exampleSite(minimalConfig(['introduction', 'secret'], { seo: { indexHiddenPages: true } }), ['introduction', 'apple']),
      'secret.mdx': '---\ntitle: "Secret"\nhidden: true\n---\n\nText.\n',
    });
    const classicLlms = readFileSync(path.join(classic, 'llms.txt'), 'utf8');
    assert.deepEqual(links(entries(classicLlms, 'Get started')), ['introduction.md', 'secret.md']);
    assert.deepEqual(links(entries(classicLlms, 'Other pages')), ['apple.md']);
  });

  it('links to the OpenAPI and AsyncAPI files, copied as they are, and lists the navigation external links under Optional', async () => {
    const openapi = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Acme', version: '1' },
      paths: { '/notes': { get: { summary: 'List notes', responses: { '200': { description: 'OK' } } } } },
    });
    const asyncapi = 'asyncapi: 3.0.0\ninfo:\n  title: Events\n  version: 1.0.0\n';
    const files = exampleSite(
      {
        ...CURRENT,
        description: 'Notes.',
        api: { openapi: 'openapi.json', asyncapi: '/events/asyncapi.yaml' },
        navigation: {
          tabs: [
            { tab: 'Docs', groups: [{ group: 'Start', pages: ['introduction', 'GET /notes', 'socket'] }] },
            { tab: 'Hosted', asyncapi: 'https://example.com/specs/stream.yaml', href: 'https://example.com/blog' },
            { tab: 'Hidden link', href: 'https://example.com/hidden', hidden: true },
          ],
          global: {
            anchors: [
              { anchor: 'Community', href: 'https://example.com/community' },
              { anchor: 'Home', href: '/introduction' },
            ],
          },
        },
      },
      ['introduction'],
      {
        'openapi.json': openapi,
        'events/asyncapi.yaml': asyncapi,
        'ws/channels.yaml': asyncapi,
        'socket.mdx': '---\ntitle: "Socket"\nasyncapi: "/ws/channels.yaml notes"\n---\n',
      },
    );
    const out = await exported('specs', files);
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    assert.deepEqual(sections(llms).slice(-3), ['OpenAPI Specs', 'AsyncAPI Specs', 'Optional']);
    assert.deepEqual(entries(llms, 'OpenAPI Specs'), ['- [openapi](openapi.json)']);
    assert.deepEqual(entries(llms, 'AsyncAPI Specs'), [
      '- [events/asyncapi](events/asyncapi.yaml)',
      '- [stream](https://example.com/specs/stream.yaml)',
      '- [ws/channels](ws/channels.yaml)',
    ]);
    assert.deepEqual(entries(llms, 'Optional'), ['- [Hosted](https://example.com/blog)', '- [Community](https://example.com/community)']);
    assert.equal(readFileSync(path.join(out, 'openapi.json'), 'utf8'), openapi);
    assert.equal(readFileSync(path.join(out, 'events/asyncapi.yaml'), 'utf8'), asyncapi);
    assert.equal(readFileSync(path.join(out, 'ws/channels.yaml'), 'utf8'), asyncapi);
  });

  it("links the default language's spec files only", async () => {
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Acme', version: '1' },
      paths: { '/notes': { get: { responses: { '200': { description: 'OK' } } } } },
    });
    const events = 'asyncapi: 3.0.0\ninfo:\n  title: Events\n  version: 1.0.0\n';
    const files = twoLanguageSite(['fr/introduction', 'fr/socket'], {
      'openapi.json': spec,
      'fr/openapi.json': spec,
      'events.yaml': events,
      'fr/events.yaml': events,
      'fr/introduction.mdx': '---\ntitle: "Introduction"\n---\n\nTexte.\n',
      'endpoint.mdx': '---\ntitle: "List notes"\nopenapi: "GET /notes"\n---\n',
      'socket.mdx': '---\ntitle: "Socket"\nasyncapi: "/events.yaml notes"\n---\n',
      'fr/socket.mdx': '---\ntitle: "Socket"\nasyncapi: "/fr/events.yaml notes"\n---\n',
    });
    const config = JSON.parse(files['docs.json']);
    config.navigation.languages[0].groups[0].pages.push('endpoint', 'socket');
    files['docs.json'] = JSON.stringify(config);
    const llms = readFileSync(path.join(await exported('spec-languages', files), 'llms.txt'), 'utf8');
    assert.deepEqual(entries(llms, 'OpenAPI Specs'), ['- [openapi](openapi.json)']);
    assert.deepEqual(entries(llms, 'AsyncAPI Specs'), ['- [events](events.yaml)']);
  });

  it('writes markdown.instructions as the Agent Instructions block after the summary, before the sections', async () => {
    const out = await exported(
      'instructions',
      exampleSite(
        {
          ...CURRENT,
          description: 'Notes.',
          markdown: { instructions: ['Cite the API version.', 'Prefer the TypeScript SDK.'] },
          navigation: { groups: [{ group: 'Start', pages: ['introduction'] }] },
        },
        ['introduction'],
      ),
    );
    const block = '> ## Agent Instructions\n> Cite the API version.\n> Prefer the TypeScript SDK.';
    assert.ok(readFileSync(path.join(out, 'llms.txt'), 'utf8').startsWith(`# Acme\n\n> Notes.\n\n${block}\n\n## Start\n\n`));
    assert.ok(readFileSync(path.join(out, 'llms-full.txt'), 'utf8').startsWith(`# Acme\n\n> Notes.\n\n${block}\n\n`));
  });
});

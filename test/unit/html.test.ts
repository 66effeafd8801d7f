// The renderer's HTML serialiser (server/src/render/html.ts) writes what hast-util-to-html writes,
// byte for byte: on edge-case trees, and on every page the renderer makes of the example sites, the
// XSS corpus and a generated site (parsed back into hast, serialised by both).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml as reference } from 'hast-util-to-html';
import { h, s } from 'hastscript';
import { toHtml } from '../../server/src/render/html';
import { Project } from '../../server/src/project';
import { renderPreview } from '../../server/src/render/preview';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { MemoryWorkspace } from '../../server/src/workspace';
import { generateSite } from '../../bench/generate';
import { CLASSIC_SITE, EXAMPLE_SITE, ROOT } from '../helpers';
import { siteApi } from '../../server/src/site/api-pages';
import { XSS_PAGES } from '../xss-corpus';
import { runSandboxed } from '../../server/src/node/sandbox';

/**
 * hast-util-to-html's output, with the one difference the renderer makes on purpose: `<` and `>` in
 * attribute values are character references (they stand in private-use characters through it).
 */
function expected(tree: Root): string {
  const LT = '\uE000';
  const GT = '\uE001';
  const mark = (v: unknown): unknown => (typeof v === 'string' ? v.replaceAll('<', LT).replaceAll('>', GT) : Array.isArray(v) ? v.map(mark) : v);
  const copy = structuredClone(tree);
  const walk = (n: { properties?: Record<string, unknown>; children?: unknown[]; content?: unknown }) => {
    if (n.properties) for (const k of Object.keys(n.properties)) n.properties[k] = mark(n.properties[k]);
    for (const c of n.children ?? []) walk(c as never);
    if (n.content) walk(n.content as never);
  };
  walk(copy as never);
  return reference(copy, { allowDangerousHtml: true }).replaceAll(LT, '&#x3C;').replaceAll(GT, '&#x3E;');
}

const same = (tree: Root) => assert.equal(toHtml(tree), expected(tree));

test('edge cases: escaping, booleans, lists, numbers, voids, SVG, comments, raw', () => {
  const trees: Root[] = [
    { type: 'root', children: [h('p', { title: 'a "quoted" & \'single\' `tick`', dataX: '<>' }, ['1 < 2 & 3 > 2 "q" \'s\''])] },
    {
      type: 'root',
      children: [h('input', { type: 'checkbox', checked: true, disabled: false, hidden: '' }), h('details', { open: true }, [h('summary', 'x')])],
    },
    { type: 'root', children: [h('div', { className: ['a', 'b'], tabIndex: -1, width: 10, height: Number.NaN, ariaHidden: 'true' })] },
    { type: 'root', children: [h('img', { src: 'x.png', srcSet: ['a.png 1x', 'b.png 2x'], alt: '' }), h('br'), h('hr'), h('source', { src: 'v.mp4' })] },
    { type: 'root', children: [h('a', { download: true, href: 'f.txt' }, 'get'), h('a', { download: 'name.txt', href: 'f.txt' }, 'get')] },
    {
      type: 'root',
      children: [
        s('svg', { viewBox: '0 0 10 10', xmlns: 'http://www.w3.org/2000/svg' }, [
          s('path', { d: 'M0 0', strokeWidth: 2, fill: 'currentColor' }),
          s('title', 'a <b>'),
        ]),
      ],
    },
    { type: 'root', children: [{ type: 'comment', value: 'x --> y <!-- z' }, { type: 'doctype' }, h('script', 'if (a < b) x()'), h('style', 'a>b{}')] },
    { type: 'root', children: [h('div', [{ type: 'raw', value: '<span class="line">x</span>' } as never]), h('br', ['child'])] },
  ];
  for (const t of trees) same(t);
});

/** A project over site-relative files. */
function site(files: Record<string, string>): Project {
  return new Project(new MemoryWorkspace(files, ROOT), [ROOT]);
}

/** The preview HTML of every page of a project, parsed back into hast, serialises the same both ways. */
async function samePages(project: Project, root: string, pages: string[]): Promise<number> {
  await project.scan();
  let n = 0;
  for (const rel of pages) {
    const out = await renderPreview(project, `${root}/${rel}`, 'https://assets/', { components: runSandboxed });
    assert.ok(out, rel);
    for (const html of [out.body, out.page.html]) {
      same(fromHtml(html, { fragment: true }));
      n++;
    }
  }
  return n;
}

for (const [name, root] of [
  ['the example site', EXAMPLE_SITE],
  ['the classic example site', CLASSIC_SITE],
]) {
  test(`every page of ${name}, generated API pages included`, async () => {
    const project = new Project(new DiskWorkspace(), [root]);
    await project.scan();
    const site = await project.site(root);
    assert.ok(site);
    const rels = [...new Set([...siteApi(site).allPages.values()])];
    assert.ok(rels.length >= 5);
    if (root === EXAMPLE_SITE) assert.ok(rels.length > site.pages.size, 'the generated pages are rendered too');
    assert.equal(await samePages(project, root, rels), 2 * rels.length);
  });
}

test('the XSS corpus and a generated site with every component', async () => {
  const fm = '---\ntitle: "T"\ndescription: "D."\n---\n\n';
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'X', navigation: [{ group: 'G', pages: Object.keys(XSS_PAGES).map((_, i) => `p${i}`) }] }),
  };
  Object.values(XSS_PAGES).forEach((body, i) => (files[`p${i}.mdx`] = fm + body));
  assert.equal(
    await samePages(
      site(files),
      ROOT,
      Object.keys(files).filter((f) => f.endsWith('.mdx')),
    ),
    2 * Object.keys(XSS_PAGES).length,
  );

  const generated = generateSite(40);
  assert.equal(await samePages(site(Object.fromEntries(generated.files)), ROOT, generated.pageFiles), 2 * generated.pageFiles.length);
});

// The tree the browser builds from a sanitised page is the tree the sanitiser approved. Hostile
// hast trees (raw-text elements, attribute values that close them, comment and CDATA openers,
// SVG) go through the page's sanitiser and serialiser; the HTML is parsed again as a browser
// would (hast-util-from-html, i.e. parse5) and written again: it must come out the same, byte for
// byte. An attribute that ended an `<iframe>` early, or markup read as text, would change it.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { Element, ElementContent, Properties, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from '../../server/src/render/html';
import { cleanHtml, sanitizeTree } from '../../server/src/render/sanitize';

/** Text that means something to an HTML parser in one state or another. */
const HOSTILE = [
  '</iframe><img src=x onerror=alert(1)>',
  '</noscript><img src=x onerror=alert(1)>',
  '</textarea><script>alert(1)</script>',
  '</title><img src=x onerror=alert(1)>',
  '</xmp><img src=x onerror=alert(1)>',
  '</noembed><svg onload=alert(1)>',
  '</style><img src=x onerror=alert(1)>',
  '--><img src=x onerror=alert(1)>',
  '<!--',
  ']]><img src=x onerror=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  "'><img src=x onerror=alert(1)>",
  '`x` &amp; &lt;b&gt; &',
  'javascript:alert(1)',
  'plain words',
  '<a href="javascript:alert(1)">x</a>',
];

const ATTRIBUTES = ['title', 'alt', 'id', 'name', 'className', 'dataX', 'href', 'src', 'rel', 'allow', 'onError', 'srcDoc', 'style', 'lang'];

const text = fc.constantFrom(...HOSTILE).map((value): ElementContent => ({ type: 'text', value }));
const properties = fc
  .array(fc.tuple(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...HOSTILE)), { maxLength: 3 })
  .map((pairs): Properties => Object.fromEntries(pairs.map(([k, v]) => [k, k === 'className' ? v.split(/\s+/).filter(Boolean) : v])));
const el = (tagName: string, props: Properties, children: ElementContent[]): ElementContent => ({ type: 'element', tagName, properties: props, children });

/**
 * Trees that keep their shape through an HTML parser when nothing is wrong (block elements hold
 * blocks or phrasing, phrasing holds phrasing, no link in a link, SVG holds SVG), with the
 * elements whose content a parser reads differently mixed in anywhere.
 */
const DEPTH = { depthSize: 'small', maxDepth: 6, depthIdentifier: 'tree', withCrossShrink: true } as const;
const RAW = ['iframe', 'textarea', 'title', 'noscript', 'xmp', 'noembed', 'noframes', 'style', 'script', 'template', 'plaintext', 'object', 'math', 'select'];
/** (Elements the sanitiser unwraps leave their children in place: in phrasing, phrasing only.) */
const trees = fc.letrec<{
  block: ElementContent;
  inline: ElementContent;
  svg: ElementContent;
  raw: ElementContent;
  rawInline: ElementContent;
  inlineNoLink: ElementContent;
}>((tie) => ({
  raw: fc.tuple(fc.constantFrom(...RAW), properties, fc.array(fc.oneof(text, tie('inline'), tie('block')), { maxLength: 3 })).map(([t, p, c]) => el(t, p, c)),
  rawInline: fc.tuple(fc.constantFrom(...RAW), properties, fc.array(fc.oneof(text, tie('inlineNoLink')), { maxLength: 3 })).map(([t, p, c]) => el(t, p, c)),
  svg: fc
    .tuple(
      fc.constantFrom('svg', 'g', 'path', 'circle', 'title', 'iframe', 'style'),
      properties,
      fc.array(fc.oneof(DEPTH, { weight: 1, arbitrary: text }, { weight: 3, arbitrary: tie('svg') }), { maxLength: 2 }),
    )
    .map(([t, p, c]) => el(t, p, c)),
  inlineNoLink: fc.oneof(
    DEPTH,
    { weight: 3, arbitrary: text },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('span', 'em', 'strong', 'code', 'kbd', 'mark'), properties, fc.array(tie('inlineNoLink'), { maxLength: 3 }))
        .map(([t, p, c]) => el(t, p, c)),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('img', 'br'), properties).map(([t, p]) => el(t, p, [])) },
  ),
  inline: fc.oneof(
    DEPTH,
    { weight: 3, arbitrary: tie('inlineNoLink') },
    { weight: 1, arbitrary: fc.tuple(properties, fc.array(tie('inlineNoLink'), { maxLength: 3 })).map(([p, c]) => el('a', p, c)) },
    { weight: 1, arbitrary: tie('rawInline') },
  ),
  block: fc.oneof(
    DEPTH,
    fc.tuple(properties, fc.array(text, { maxLength: 2 })).map(([p, c]) => el('p', p, c)),
    fc
      .tuple(fc.constantFrom('div', 'section', 'blockquote', 'aside', 'figure'), properties, fc.array(fc.oneof(tie('block'), tie('inline')), { maxLength: 4 }))
      .map(([t, p, c]) => el(t, p, c)),
    fc.tuple(fc.constantFrom('p', 'h2'), properties, fc.array(tie('inline'), { maxLength: 3 })).map(([t, p, c]) => el(t, p, c)),
    fc.tuple(properties, fc.array(fc.array(fc.oneof(tie('block'), tie('inline')), { maxLength: 2 }), { maxLength: 3 })).map(([p, items]) =>
      el(
        'ul',
        p,
        items.map((c) => el('li', {}, c)),
      ),
    ),
    tie('svg'),
    tie('raw'),
  ),
}));

const FORBIDDEN = new Set(['script', 'style', 'noscript', 'object', 'embed', 'template', 'base', 'meta', 'link', 'form']);

function visit(node: Root | Element, each: (el: Element) => void): void {
  for (const c of node.children) {
    if (c.type !== 'element') continue;
    each(c);
    visit(c, each);
  }
}

test('a sanitised tree parses back into itself (hostile trees, raw-text elements)', () => {
  fc.assert(
    fc.property(fc.array(trees.block, { minLength: 1, maxLength: 4 }), (children) => {
      const html = cleanHtml(sanitizeTree({ type: 'root', children: structuredClone(children) } as Root));
      const parsed = fromHtml(html, { fragment: true });
      assert.equal(toHtml(parsed), html, 'the browser would build another tree than the one approved');
      visit(parsed, (node) => {
        assert.ok(!FORBIDDEN.has(node.tagName), `<${node.tagName}> in ${html}`);
        for (const key of Object.keys(node.properties)) assert.ok(!/^on|^srcdoc$/i.test(key), `${key} on <${node.tagName}> in ${html}`);
      });
    }),
    { numRuns: 3000, seed: Number(process.env.DOCWRIGHT_FUZZ_SEED ?? 20240601) },
  );
});

test('the attacks that closed an iframe from inside an attribute', () => {
  const attacks: Root[] = [
    {
      type: 'root',
      children: [el('iframe', { src: 'https://example.com/' }, [el('a', { title: '</iframe><img src=x onerror=alert(1)>' }, [{ type: 'text', value: 'x' }])])],
    },
    { type: 'root', children: [el('iframe', { src: 'https://example.com/' }, [el('span', { dataX: '</iframe><script src=files/helper.js></script>' }, [])])] },
    { type: 'root', children: [el('div', { title: '</div></iframe><img src=x onerror=alert(1)>' }, [])] },
  ];
  for (const tree of attacks) {
    const html = cleanHtml(sanitizeTree(tree));
    assert.doesNotMatch(html, /<img|<script/, html);
    assert.equal(toHtml(fromHtml(html, { fragment: true })), html);
  }
  // The same attribute outside a raw-text element stays, written so that it cannot end anything.
  const kept = cleanHtml(sanitizeTree({ type: 'root', children: [el('a', { title: '</iframe><b>' }, [{ type: 'text', value: 'x' }])] }));
  assert.equal(kept, '<a title="&#x3C;/iframe&#x3E;&#x3C;b&#x3E;">x</a>');
});

test('frames, link types and names: what a page may not grant', () => {
  const html = cleanHtml(
    sanitizeTree({
      type: 'root',
      children: [
        el('iframe', { src: 'https://www.youtube.com/embed/x', allow: 'camera; microphone; autoplay; fullscreen; geolocation; encrypted-media' }, []),
        el('iframe', { src: '/files/demo.html' }, []),
        el('iframe', { src: 'files/logo.svg' }, []),
        el('a', { href: 'https://example.com/', rel: ['opener', 'nofollow'], target: '_blank' }, [{ type: 'text', value: 'x' }]),
        el('img', { src: 'https://example.com/x.png', name: 'getElementById' }, []),
      ],
    }),
  );
  assert.match(html, /<iframe src="https:\/\/www\.youtube\.com\/embed\/x" allow="autoplay; fullscreen; encrypted-media"/);
  assert.doesNotMatch(html, /camera|microphone|geolocation/);
  // A remote frame is another origin already; the site's own files are sandboxed (no same origin, no script).
  assert.doesNotMatch(html.split('</iframe>')[0], /sandbox/);
  assert.match(html, /<iframe src="\/files\/demo\.html"[^>]* sandbox="">/);
  assert.match(html, /<iframe src="files\/logo\.svg"[^>]* sandbox="">/);
  assert.match(html, /<a href="https:\/\/example\.com\/" rel="nofollow" target="_blank">/);
  assert.match(html, /name="user-content-getElementById"/);
});

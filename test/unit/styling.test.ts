// Styling in the renderer: style props cleaned declaration by declaration, the site's CSS
// sanitised, Tailwind CSS per class set (independent of what was generated before), Lucide icons.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanStyle } from '../../server/src/render/sanitize';
import { styleText } from '../../server/src/render/style';
import { siteCssFiles, siteStylesheet } from '../../server/src/render/site-css';
import { tailwindCandidates, tailwindCss } from '../../server/src/render/tailwind';
import { iconElement } from '../../server/src/render/icons';
import { renderPage } from '../../server/src/render/page';
import { parsePage } from '../../server/src/pages/parse';

test('style props: a JSX object becomes CSS text as React writes it', () => {
  assert.equal(
    styleText({ padding: '8px', marginTop: 12, zIndex: 3, WebkitLineClamp: 2, opacity: 0.5, '--brand': 'red', nested: { a: 1 } }),
    'padding:8px;margin-top:12px;z-index:3;-webkit-line-clamp:2;opacity:0.5;--brand:red',
  );
});

test('style props: what could run script or load from elsewhere is dropped, the rest kept', () => {
  assert.equal(cleanStyle('color: red; padding: 8px'), 'color:red;padding:8px');
  assert.equal(cleanStyle('background: url(javascript:alert(1)); color: blue'), 'color:blue');
  assert.equal(cleanStyle('width: expression(alert(1))'), undefined);
  assert.equal(cleanStyle('behavior: url(x.htc); -moz-binding: url(x.xml#y)'), undefined);
  // Escapes and comments could spell url( or expression( in disguise.
  assert.equal(cleanStyle('background: \\75 rl(x); color: green'), 'color:green');
  assert.equal(cleanStyle('background: u/**/rl(x)'), undefined);
  // A quote or bracket left open swallows nothing after it.
  assert.equal(cleanStyle('font-family: "a; b"; color: red'), 'font-family:"a; b";color:red');
  assert.equal(cleanStyle('content: "open; color: red'), undefined);
  assert.equal(cleanStyle('color: red</style><script>'), undefined);
  assert.equal(cleanStyle('1color: red; co lor: red'), undefined);
});

test("a page's style props reach the HTML cleaned", () => {
  const page = parsePage(
    '/site/p.mdx',
    '<div style={{ padding: 8, background: "url(javascript:x)" }}>a</div>\n\n<div style="color: red; width: expression(1)">b</div>\n',
  );
  const html = renderPage({ page, rel: 'p.mdx', pages: new Map(), files: new Set(), target: { pageHref: () => '#', assetUrl: (r) => r } }).html;
  assert.match(html, /style="padding:8px"/);
  assert.match(html, /style="color:red"/);
  assert.doesNotMatch(html, /javascript|expression/);
});

test('site CSS: @import dropped, url()s pointed at the target or dropped, escapes seen through', async () => {
  const css = [
    '@import url("https://evil.example/x.css");',
    '@import "local.css";',
    '.a { color: red; background: url(../img/a.png) no-repeat; }',
    '.b { background: url("javascript:alert(1)"); color: blue; }',
    '.c { background: \\75 rl(javascript:alert(1)); }',
    '.d { width: expression(alert(1)); behavior: url(x.htc); }',
    '.e { background-image: url(https://cdn.example/e.png), url(data:image/png;base64,AAAA); }',
    '.f { background: url(/missing.png); }',
    '@font-face { font-family: X; src: url("fonts/x.woff2") format("woff2"); }',
    '.g::after { content: "</style><script>alert(1)</script>"; }',
  ].join('\n');
  const files = new Set(['img/a.png', 'styles/fonts/x.woff2']);
  const out = await siteStylesheet([{ rel: 'styles/site.css', text: css }], (rel) => (files.has(rel) ? `/assets/${rel}` : undefined));
  assert.doesNotMatch(out.css, /@import|javascript|expression|behavior|missing\.png|<\/style/);
  assert.match(out.css, /\.a \{ color: red; background: url\("\/assets\/img\/a\.png"\) no-repeat; \}/);
  assert.match(out.css, /\.b \{ color: blue; \}/);
  assert.match(out.css, /url\("https:\/\/cdn\.example\/e\.png"\), url\("data:image\/png;base64,AAAA"\)/);
  assert.match(out.css, /src: url\("\/assets\/styles\/fonts\/x\.woff2"\) format\("woff2"\)/);
  assert.deepEqual(out.assets.sort(), ['img/a.png', 'styles/fonts/x.woff2']);
  assert.equal(out.problems.filter((p) => /@import/.test(p.message)).length, 2);
});

test('site CSS: every @charset dropped, so a browser reads the stylesheet as UTF-8, as it was checked', async () => {
  // Read as ISO-2022-JP, ESC ( B vanishes and `url(` and `@import` appear that the check did not see.
  const out = await siteStylesheet(
    [
      { rel: 'a.css', text: '@charset "ISO-2022-JP";\n@imp\x1b(Bort "https://evil.example/x.css";\n.a { background: u\x1b(Brl(http://evil.example/) }' },
      { rel: 'b.css', text: "@CHARSET 'utf-8';\n.b { color: blue }" },
    ],
    () => undefined,
  );
  assert.doesNotMatch(out.css, /@charset/i);
  assert.deepEqual(
    out.problems.map((p) => [p.file, p.message]),
    [['a.css', `@charset "ISO-2022-JP" is left out: the site's stylesheets are read and applied as UTF-8.`]],
  );
});

test('site CSS: a file that does not parse is reported and left out, the others apply', async () => {
  const out = await siteStylesheet(
    [
      { rel: 'a.css', text: '.a { color: red' },
      { rel: 'b.css', text: '.b { color: blue }' },
    ],
    () => undefined,
  );
  assert.equal(out.css, '.b { color: blue }');
  assert.equal(out.problems.length, 1);
  assert.equal(out.problems[0].file, 'a.css');
  assert.deepEqual(siteCssFiles(['z.css', 'docs.json', 'a/b.CSS', 'style.scss', '_docwright/site.css']), ['a/b.CSS', 'z.css']);
});

test('Tailwind: the CSS of a class set does not depend on the sets generated before it', async () => {
  const alone = await tailwindCss(['p-8', 'rounded-xl']);
  await tailwindCss(['m-4', 'text-red-500', 'md:flex']);
  const again = await tailwindCss(['rounded-xl', 'p-8', 'dw-card', 'not-a-utility']);
  assert.equal(again, alone);
  assert.match(alone, /#content \.p-8 \{padding: 32px\s*\}/);
  assert.match(alone, /#content \.rounded-xl \{border-radius: 12px\s*\}/);
  assert.doesNotMatch(alone, /m-4|text-red/);
  assert.match(await tailwindCss(['dark:hidden']), /\.dark\\:hidden:is\(\.dw-dark \*\)/);
  assert.equal(await tailwindCss(['dw-card', 'w-[350px]']), '');
  assert.deepEqual(tailwindCandidates(['b', 'a', 'a', 'dw-x', 'bg-[url(x)]', 'x"y']), ['a', 'b']);
});

test('Lucide icons for icons.library "lucide"; unknown names draw the neutral fallback', () => {
  const rocket = iconElement('rocket', undefined, 'dw-icon', 'lucide')!;
  assert.equal(rocket.properties.viewBox, '0 0 24 24');
  assert.equal(rocket.properties.stroke, 'currentColor');
  assert.ok(rocket.children.length > 0);
  assert.deepEqual(iconElement('Rocket', undefined, 'dw-icon', 'lucide'), rocket);
  const unknown = iconElement('no-such-icon', undefined, 'dw-icon', 'lucide')!;
  assert.ok((unknown.properties.className as string[]).includes('dw-icon-fallback'));
  // Font Awesome stays the default.
  assert.equal(iconElement('rocket')!.properties.viewBox, '0 0 512 512');
});

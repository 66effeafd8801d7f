// Classic XSS payloads, as page content and as docs.json values, and a check that rendered HTML
// holds no way to run script (parsed as a browser would, with parse5). Used by the renderer's
// unit tests and by the real-browser suite (test/browser/xss.test.ts).
import * as assert from 'node:assert/strict';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

/** Classic XSS payloads, as page content. Each must render without any way to run script. */
export const XSS_PAGES: Record<string, string> = {
  'script tag': '<script>window.__xss = 1</script>',
  // Code shown plain for the highlighting bounds (pages/code-highlight.ts) is escaped like highlighted code.
  'markup in code left plain':
    '```bash\n' +
    '<<'.repeat(700) +
    '</code></pre><script>window.__xss = 40</script>\n```\n\n```css\n' +
    'a\\'.repeat(30) +
    '<img src=x onerror=window.__xss=40>\n```\n\n```js\n' +
    'x'.repeat(5000) +
    '</code><script>window.__xss = 40</script>\n```',
  'img onerror': '<img src="x" onError="window.__xss = 2" />\n\n<img src="x" onerror="window.__xss = 2" />',
  'javascript link (JSX)': '<a href="javascript:window.__xss = 3">click</a>',
  'javascript link (Markdown)': '[click](javascript:window.__xss=3)\n\n[click2](JaVaScRiPt:window.__xss=3)',
  'entity-encoded javascript': '<a href="&#106;avascript:window.__xss=3">click</a>',
  'svg onload': '<svg onLoad="window.__xss = 4"><circle r="5" /></svg>',
  'iframe srcdoc': '<iframe srcdoc="<script>parent.__xss = 5</script>"></iframe>',
  'iframe javascript src': '<iframe src="javascript:parent.__xss = 6"></iframe>',
  'component href': '<Card title="x" href="javascript:window.__xss = 7">y</Card>\n\n<Tile href="javascript:window.__xss=7">t</Tile>',
  dangerouslySetInnerHTML: "<div dangerouslySetInnerHTML={{ __html: '<img src=x onerror=window.__xss=8>' }} />",
  'object and embed': '<object data="javascript:window.__xss=9"></object>\n\n<embed src="javascript:window.__xss=9" />',
  'meta refresh and base': '<meta httpEquiv="refresh" content="0;url=javascript:window.__xss=10" />\n\n<base href="javascript:window.__xss=10" />',
  'data URL': '<a href="data:text/html,<script>window.__xss=11</script>">d</a>\n\n![i](data:image/svg+xml,<svg onload=alert(1)>)',
  'form action': '<form action="javascript:window.__xss=12"><button>go</button></form>',
  'style tag': '<style>{"body { background: url(javascript:window.__xss=13) }"}</style>',
  'attribute text':
    '<Frame caption="<img src=x onerror=window.__xss=14>">\n  ![a](/images/a.png)\n</Frame>\n\n<Tooltip tip={"\\"><script>window.__xss=14</script>"}>term</Tooltip>',
  'video handlers': '<video src="x" onError="window.__xss=15" poster="javascript:window.__xss=15" />',
  'input autofocus': '<input autoFocus onFocus="window.__xss=16" />',
  'style attribute': '<div style={{ background: "url(javascript:window.__xss=17)" }}>s</div>\n\n<div style="background:url(javascript:x)">t</div>',
  'icon payload': '<Icon icon="<svg onload=window.__xss=18>" />',
  'math and xlink': '<math><a xlinkHref="javascript:window.__xss=19">m</a></math>',
  // Mutation XSS: markup inside an element whose content the browser reads as text, closed early by an attribute.
  'iframe closed by an attribute': '<iframe src="https://example.com/"><a title="</iframe><img src=x onerror=window.__xss=30>">x</a></iframe>',
  'iframe closed by a link title':
    '<iframe src="https://example.com/">\n\n[x](https://example.com "</iframe><img src=x onerror=window.__xss=31>")\n\n</iframe>',
  'iframe closed inside a Card':
    '<Card title="c">\n  <iframe src="https://example.com/"><span data-x="</iframe><img src=x onerror=window.__xss=32>"></span></iframe>\n</Card>',
  'raw-text elements closed by attributes':
    '<textarea><a title="</textarea><img src=x onerror=window.__xss=33>">t</a></textarea>\n\n<noscript><b title="</noscript><img src=x onerror=window.__xss=33>">n</b></noscript>\n\n<xmp><i title="</xmp><img src=x onerror=window.__xss=33>">x</i></xmp>\n\n<title><b title="</title><img src=x onerror=window.__xss=33>">t</b></title>',
  'iframe closed by a heading id': '<iframe src="https://example.com/">\n\n## Title {#x"></iframe><img src=x onerror=window.__xss=34>}\n\n</iframe>',
  'frame permissions and link types':
    '<iframe src="https://example.com/" allow="camera; microphone; geolocation; autoplay"></iframe>\n\n<a href="https://example.com/" rel="opener" target="_blank">o</a>',
  'DOM clobbering':
    '<img name="getElementById" src="https://example.com/x.png" />\n\n<img name="querySelector" src="https://example.com/y.png" />\n\n[to top](#content)',
  'malformed anchor escape': '[bad](#%E0%A4%A)\n\n[worse](#%)',
};

/** The same kind of payloads in docs.json and front matter: config values are untrusted too. */
export const XSS_DOCS = {
  name: '<img src=x onerror=window.__xss=20>',
  logo: 'javascript:window.__xss=21',
  colors: { primary: '#000;}</style><script>window.__xss=22</script>' },
  topbarLinks: [{ name: '<script>window.__xss=23</script>', url: 'javascript:window.__xss=23' }],
  topbarCtaButton: { name: 'x', url: 'javascript:window.__xss=24' },
  anchors: [{ name: 'a', url: 'javascript:window.__xss=25', color: 'red;}</style><script>window.__xss=25</script>' }],
  footerSocials: { website: 'javascript:window.__xss=26' },
  backgroundImage: 'javascript:window.__xss=27',
  navigation: [{ group: '<script>window.__xss=28</script>', pages: ['test'] }],
};

const DANGEROUS_TAGS = new Set(['script', 'style', 'object', 'embed', 'base', 'meta', 'form', 'link', 'template', 'frame', 'frameset']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'poster', 'xlink:href', 'background', 'srcset']);

/** Names a `name` attribute would clobber on `document` (the site script calls these). */
const DOCUMENT_PROPERTIES: Record<string, true> = Object.fromEntries(
  ['getElementById', 'querySelector', 'querySelectorAll', 'createElement', 'body', 'documentElement', 'addEventListener', 'title', 'cookie', 'location'].map(
    (k) => [k, true],
  ),
);

/** Parses the HTML as a browser would and checks every element: no script can come out of it. */
export function assertNoScriptSurface(html: string, what: string): void {
  const walk = (node: DefaultTreeAdapterMap['node']): void => {
    if ('tagName' in node) {
      assert.ok(!DANGEROUS_TAGS.has(node.tagName), `${what}: a <${node.tagName}> element survived`);
      for (const a of node.attrs) {
        const name = a.name.toLowerCase();
        assert.ok(!name.startsWith('on'), `${what}: the event handler ${name} survived on <${node.tagName}>`);
        assert.ok(name !== 'srcdoc' && name !== 'dangerouslysetinnerhtml', `${what}: ${name} survived on <${node.tagName}>`);
        if (URL_ATTRIBUTES.has(name))
          assert.ok(!/^\s*(javascript|vbscript|data):/i.test(a.value), `${what}: ${name}="${a.value}" survived on <${node.tagName}>`);
        if (name === 'style') assert.ok(!/url\(|expression\(/i.test(a.value), `${what}: style="${a.value}" survived`);
        if (name === 'allow')
          assert.ok(!/camera|microphone|geolocation|payment|usb|serial|hid|midi|display-capture/i.test(a.value), `${what}: allow="${a.value}" survived`);
        if (name === 'rel') assert.ok(!/(^|\s)opener(\s|$)/i.test(a.value), `${what}: rel="${a.value}" survived`);
        if (name === 'name') assert.ok(!(a.value in DOCUMENT_PROPERTIES), `${what}: name="${a.value}" would stand in for document.${a.value}`);
      }
    }
    if ('childNodes' in node) for (const c of node.childNodes) walk(c);
    if ('content' in node && node.content) walk(node.content as DefaultTreeAdapterMap['node']);
  };
  walk(parse(html));
}

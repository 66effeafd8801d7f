// The HTML document of an exported page: the renderer's body inside a head with the page's title,
// description, Open Graph tags, the site's colours and a strict Content-Security-Policy. Scripts
// are files of the export only (no inline script anywhere), so `script-src 'self'` holds.
import { ASSET_DIR, KATEX_CSS, MERMAID_JS, SITE_CSS, relativeUrl } from './paths';
import { escapeHtml } from '../util/text';

export interface DocumentInput {
  /** The output file this document is written to (`guides/setup.html`), for relative URLs. */
  path: string;
  title: string;
  siteName: string;
  description?: string;
  /** The chrome and page for inside `<body>` (renderSitePage's `body`). */
  body: string;
  /** Site colours (`siteCss`). */
  css: string;
  /** The page's own CSS (its Tailwind utilities: render/tailwind.ts). */
  pageCss?: string;
  /** The site's `.css` files are applied (one sanitised stylesheet, `_docwright/site.css`). */
  siteStylesheet?: boolean;
  /** `data-theme`: a forced mode, or `auto`. */
  theme: 'light' | 'dark' | 'auto';
  /** The mode new readers see when the toggle is shown (`modeToggle.default`). */
  defaultMode?: 'light' | 'dark';
  /** Favicon URL (already relative to this document), if the site has one. */
  favicon?: string;
  /** The page's absolute URL when the export has a base URL (canonical link, og:url). */
  canonical?: string;
  /** Pages out of the navigation, and `hidden` or `noindex` ones, ask search engines not to index them. */
  noindex?: boolean;
  /** Whether the search scripts are loaded. */
  search: boolean;
  /** Whether the page has an API or WebSocket playground (its script, and connections to the API's URLs). */
  playground?: boolean;
  /** The page has Mermaid diagrams: docwright.js loads the library (`data-mermaid`). */
  mermaid?: boolean;
  /** The page has math: KaTeX's styles are linked. */
  math?: boolean;
  /** Turns an output path into a URL for this document; default: relative to `path`. */
  url?(path: string): string;
}

/** The policy of every exported page: scripts and styles from the export itself, no plugins. */
export const EXPORT_CSP = csp("connect-src 'self'");
/** Pages with an API playground may also send requests to the API, or open its WebSocket (as the preview allows). */
export const PLAYGROUND_CSP = csp("connect-src 'self' https: wss: http://localhost:* http://127.0.0.1:* ws://localhost:* ws://127.0.0.1:*");

/** The policy the export gives the site's own HTML files (export/site-files.ts siteHtml): they show as they are, nothing in them runs. */
export const SITE_HTML_CSP =
  "default-src 'self' https: data:; style-src 'self' https: 'unsafe-inline'; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'";

function csp(connect: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Site colours sit in a <style> element and components set colours in style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    'frame-src https:',
    "font-src 'self'",
    connect,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The whole HTML document of an exported page. */
export function htmlDocument(d: DocumentInput): string {
  const url = d.url ?? ((p: string) => relativeUrl(d.path, p));
  const asset = (name: string) => escapeHtml(url(`${ASSET_DIR}/${name}`));
  const title = d.title === d.siteName ? d.siteName : `${d.title} - ${d.siteName}`;
  const head: string[] = [
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${d.playground ? PLAYGROUND_CSP : EXPORT_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
  ];
  if (d.description) head.push(`<meta name="description" content="${escapeHtml(d.description)}">`);
  if (d.noindex) head.push('<meta name="robots" content="noindex">');
  head.push(
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(d.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(d.title)}">`,
  );
  if (d.description) head.push(`<meta property="og:description" content="${escapeHtml(d.description)}">`);
  if (d.canonical) head.push(`<meta property="og:url" content="${escapeHtml(d.canonical)}">`, `<link rel="canonical" href="${escapeHtml(d.canonical)}">`);
  head.push('<meta name="twitter:card" content="summary">');
  if (d.favicon) head.push(`<link rel="icon" href="${escapeHtml(d.favicon)}">`);
  head.push(`<link rel="stylesheet" href="${asset('docwright.css')}">`, `<style id="dw-site-css">${d.css.replace(/<\//g, '<\\/')}</style>`);
  if (d.pageCss) head.push(`<style id="dw-page-css">${d.pageCss.replace(/<\//g, '<\\/')}</style>`);
  if (d.siteStylesheet) head.push(`<link rel="stylesheet" href="${asset(SITE_CSS)}">`);
  if (d.math) head.push(`<link rel="stylesheet" href="${asset(KATEX_CSS)}">`);
  const scripts = [
    d.mermaid ? `<script src="${asset('docwright.js')}" data-mermaid="${asset(MERMAID_JS)}"></script>` : `<script src="${asset('docwright.js')}"></script>`,
  ];
  if (d.playground) scripts.push(`<script src="${asset('playground.js')}"></script>`);
  if (d.search) scripts.push(`<script src="${asset('minisearch.js')}"></script>`, `<script src="${asset('search.js')}"></script>`);
  const attrs = [`lang="en"`, `data-theme="${d.theme}"`];
  if (d.defaultMode && d.theme === 'auto') attrs.push(`data-default-mode="${d.defaultMode}"`);
  return `<!DOCTYPE html>\n<html ${attrs.join(' ')}>\n<head>\n${head.join('\n')}\n</head>\n<body>\n<div id="dw-app">${d.body}</div>\n${scripts.join('\n')}\n</body>\n</html>\n`;
}

/**
 * The page written at a redirect's source: it sends the reader on at once (a refresh, no script),
 * asks search engines to index the destination instead, and links it for readers whose browser
 * does not follow the refresh.
 */
export function redirectDocument(href: string, siteName: string): string {
  const h = escapeHtml(href);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">`,
    `<meta http-equiv="refresh" content="0; url=${h}">`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${h}">`,
    `<title>${escapeHtml(`Moved - ${siteName}`)}</title>`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${h}">${h}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

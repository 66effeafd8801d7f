// Typography against the format's own step: remark-smartypants (the version @mintlify/common pins)
// run on the reference's parse of a page, compared text node by text node with what
// pages/typography.ts gives our parse of the same page.
import remarkSmartypants from 'remark-smartypants';
import type { Root as MdastRoot, Text } from 'mdast';
import type { Node, Parent } from 'unist';
import { parsePage } from '../../server/src/pages/parse';
import { typographicText } from '../../server/src/pages/typography';
import { renderPage } from '../../server/src/render/page';
import { reference } from './common';
import type { ConformanceResult, Disagreement } from './report';
import { prng } from './validation/generate';

/** Every text node's value, in document order. */
function texts(tree: Node, value: (t: Text) => string = (t) => t.value): string[] {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.type === 'text') out.push(value(node as Text));
    for (const child of (node as Parent).children ?? []) walk(child);
  };
  walk(tree);
  return out;
}

/** The page's text nodes after the reference's typography step. */
export async function referenceTypography(text: string): Promise<string[]> {
  const c = await reference();
  const tree = c.getAST(text) as unknown as MdastRoot;
  (remarkSmartypants as unknown as () => (t: MdastRoot) => void)()(tree);
  return texts(tree);
}

/** Ours: the page's text nodes as the renderer prints them. */
export function ourTypography(text: string): string[] {
  const tree = parsePage('/conformance/page.mdx', text).tree;
  const shaped = typographicText(tree);
  return texts(tree, (t) => shaped.get(t) ?? t.value);
}

/**
 * Compares whole pages by their text joined (the parsers may split text differently: the reference
 * makes a bare URL a link); `tried` counts text nodes. A page the reference cannot parse is not counted.
 */
export async function compareTypography(inputSet: string, pages: Iterable<string>): Promise<ConformanceResult> {
  const disagreements: Disagreement[] = [];
  let tried = 0;
  for (const text of pages) {
    let theirs: string[];
    try {
      theirs = await referenceTypography(text);
    } catch {
      continue;
    }
    const ours = ourTypography(text);
    tried += Math.max(ours.length, theirs.length);
    const [a, b] = [ours.join(''), theirs.join('')];
    if (a !== b) {
      let at = 0;
      while (a[at] === b[at]) at++;
      disagreements.push({ input: text, ours: a.slice(Math.max(0, at - 40), at + 40), theirs: b.slice(Math.max(0, at - 40), at + 40) });
    }
  }
  return { package: 'remark-smartypants (@mintlify/common)', inputSet, tried, disagreements };
}

const PIECES = [
  `"quoted"`,
  `'single'`,
  `it's`,
  `the '80s`,
  `rock 'n' roll`,
  `"'nested' quotes"`,
  `"`,
  `'`,
  `wait--what`,
  `a -- b`,
  `a --- b`,
  `more...`,
  `. . .`,
  "``old style''",
  '`code "x"`',
  '**"bold"**',
  "*it's*",
  '["link"](https://example.com/"x")',
  'users’ guide',
  '"end."',
  '("paren")',
  '$x = "y"$',
  'word',
  'the',
  'API',
];

/** Lines of prose mixing quotes, dashes, ellipses, code and inline marks. */
function prose(rand: () => number): string {
  const n = 2 + Math.floor(rand() * 8);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(PIECES[Math.floor(rand() * PIECES.length)]);
  return words.join(rand() < 0.85 ? ' ' : '');
}

/** Pages of generated prose in the places the format curls it: paragraphs, headings, lists, tables, callouts. */
export function typographyPages(count: number, seed = 47): string[] {
  const rand = prng(seed);
  const pages: string[] = [];
  for (let p = 0; p < count; p++) {
    const lines: string[] = ['---', 'title: "Typography"', '---', ''];
    for (let b = 0; b < 8; b++) {
      const r = rand();
      if (r < 0.35) lines.push(prose(rand), '');
      else if (r < 0.5) lines.push(`## ${prose(rand)}`, '');
      else if (r < 0.6) lines.push(`- ${prose(rand)}`, `- ${prose(rand)}`, '');
      else if (r < 0.7) lines.push('| A | B |', '| - | - |', `| ${prose(rand).replace(/\|/g, '')} | x |`, '');
      else if (r < 0.8) lines.push('<Note>', `  ${prose(rand)}`, '</Note>', '');
      else if (r < 0.87) lines.push(`<Tooltip tip="it's">${prose(rand)}</Tooltip> and ${prose(rand)}`, '');
      else if (r < 0.93) lines.push('```js', `const a = "it's" -- 1;`, '```', '');
      else lines.push(`> ${prose(rand)}`, '');
    }
    pages.push(lines.join('\n'));
  }
  return pages;
}

/** Link URLs of a tree (the reference parses bare URLs into links), in document order. */
function linkUrls(tree: Node): string[] {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.type === 'link') out.push((node as unknown as { url: string }).url);
    for (const child of (node as Parent).children ?? []) walk(child);
  };
  walk(tree);
  return out;
}

/** Compares the links a line of prose holding no link syntax gets: the reference's parse and our renderer's autolinks. */
export async function compareAutolinks(inputSet: string, lines: Iterable<string>): Promise<ConformanceResult> {
  const c = await reference();
  const disagreements: Disagreement[] = [];
  let tried = 0;
  for (const line of lines) {
    const theirs = linkUrls(c.getAST(line) as unknown as Node);
    const html = renderPage({
      page: parsePage('/conformance/page.mdx', line),
      rel: 'page.mdx',
      pages: new Map(),
      files: new Set(),
      target: { pageHref: () => '#', assetUrl: (r) => r },
    }).html;
    const ours = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => decodeEntities(m[1]));
    tried++;
    if (ours.join('\n') !== theirs.join('\n')) disagreements.push({ input: line, ours, theirs });
  }
  return { package: 'remark-gfm autolink literals (@mintlify/common)', inputSet, tried, disagreements };
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([\da-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const URL_PIECES = [
  'https://example.com',
  'http://a.b/c?d=e&f=g',
  'www.example.org',
  'www.x',
  'https://x.com/a_(b)',
  'https://x.com/a)',
  'https://x.com/path.',
  'https://x.com/"q"',
  'a@b.co',
  'a.b-c@d.io',
  'x@y.z1',
  'mailto:m@n.org',
  'https://',
  'see',
  '--',
  '...',
  `it's`,
  '"',
  '(',
  ')',
  ',',
  '`code https://in.code`',
];

/** Lines of prose with bare URLs, e-mail addresses and the punctuation around them. */
export function autolinkLines(count: number, seed = 48): string[] {
  const rand = prng(seed);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = 1 + Math.floor(rand() * 6);
    const parts: string[] = [];
    for (let k = 0; k < n; k++) parts.push(URL_PIECES[Math.floor(rand() * URL_PIECES.length)]);
    lines.push(parts.join(' '));
  }
  return lines;
}

/** Lines of real pages with a bare URL or address and no other syntax around it (no links, code, JSX or tables). */
export function autolinkProseLines(pages: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const page of pages)
    for (const line of page.split('\n'))
      if (/https?:\/\/|www\.|@/.test(line) && !/[[\]<>`{}|\\*_$]/.test(line) && /^[A-Za-z(]/.test(line.trim())) out.add(line.trim());
  return [...out];
}

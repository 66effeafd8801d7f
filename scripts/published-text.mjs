#!/usr/bin/env node
// Published-text check: how much of the text a reader sees on a real published site is in
// Docwright's export of the same page, word for word and in order.
//
// Usage
// -----
//   node scripts/build.mjs
//   node bin/docwright.js export <site dir> --out /tmp/exports/<site>
//   node scripts/published-text.mjs <export dir> <published dir> [--json] [--runs] [--top N]
//
// <published dir> holds one `.txt` per page, named by the page's path (`guides/setup.txt`; a
// `~suffix` before `.txt`, as in `guides/setup~2.txt`, lets one page have several texts), and a
// `meta.json` mapping each file to where it was read:
//   { "guides/setup.txt": { "url": "https://docs.example.com/guides/setup", "truncated": true } }
// (a bare URL string is enough; "page" overrides the path taken from the file name; "truncated"
// says the text was cut at its end, so its last word, maybe cut in two, is not counted). A text
// may be part of a page (an excerpt): only its own words are counted. When <published dir> has no
// meta.json, each sub-folder that has one is a site, compared with <export dir>/<sub-folder>.
// Published texts are third-party content: keep them outside the repository.
//
// For each text it prints the share of its words found in order in the export's content column
// (the innerText of the page's <article>, read in headless Chromium; an LCS over whitespace-
// separated words): `match` exactly, `norm` with case and typographic quotes folded, and `content`
// (folded, leaving out of the count the published site's own chrome and list/table markers that a
// text extraction adds). Words missing from the export, and export words in the middle of the
// matched span that the published text lacks, are grouped in runs and classified (typographic
// quotes, case, word spacing, code-block chrome, heading anchors, field labels, API text, site
// chrome, list/table markers, hidden in export, moved, other). Then, per site, the median and
// 10th percentile, and the classes with examples.
//
// Plain Node ESM; Chromium (/usr/bin/chromium) through playwright-core, as the browser tests use.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// ---- words ------------------------------------------------------------------------------------

const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/** The words of a text: runs of non-space characters (zero-width characters dropped). */
export function tokenize(text) {
  return text.replace(INVISIBLE, '').split(/\s+/u).filter(Boolean);
}

/** A word with typographic quotes made straight (’‘‛′ -> ', “”„″ -> "). */
export function foldQuotes(word) {
  return word.replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'").replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"');
}

/** A word as `norm` compares it: quotes folded, lower case. */
export function foldWord(word) {
  return foldQuotes(word).toLowerCase();
}

/** A word with dashes and ellipses made plain too (… -> ..., – — -> -), for pairing differences. */
function foldTypography(word) {
  return foldWord(word)
    .replace(/\u2026/g, '...')
    .replace(/[\u2010-\u2015\u2212]/g, '-');
}

// ---- longest common subsequence (Hunt–Szymanski) ------------------------------------------------

/**
 * The longest common subsequence of two word lists, as index pairs [i, j] (a[i] === b[j]) in
 * increasing order. Hunt–Szymanski: O((r + n) log m) for r matching pairs, so a short excerpt
 * against a long page costs little; `key` maps a word to what is compared.
 */
export function lcsPairs(a, b, key = (w) => w) {
  const ids = new Map();
  const bIds = b.map((w) => {
    const k = key(w);
    let id = ids.get(k);
    if (id === undefined) ids.set(k, (id = ids.size));
    return id;
  });
  const where = Array.from({ length: ids.size }, () => []);
  for (let j = 0; j < bIds.length; j++) where[bIds[j]].push(j);
  // thresh[k]: the smallest j ending a common subsequence of length k + 1; node[k]: its chain.
  const thresh = [];
  const node = [];
  const ni = [];
  const nj = [];
  const prev = [];
  for (let i = 0; i < a.length; i++) {
    const id = ids.get(key(a[i]));
    if (id === undefined) continue;
    const js = where[id];
    for (let x = js.length - 1; x >= 0; x--) {
      const j = js[x];
      let lo = 0;
      let hi = thresh.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (thresh[mid] < j) lo = mid + 1;
        else hi = mid;
      }
      if (lo === thresh.length || j < thresh[lo]) {
        thresh[lo] = j;
        ni.push(i);
        nj.push(j);
        prev.push(lo > 0 ? node[lo - 1] : -1);
        node[lo] = ni.length - 1;
      }
    }
  }
  const pairs = [];
  for (let n = thresh.length ? node[thresh.length - 1] : -1; n >= 0; n = prev[n]) pairs.push([ni[n], nj[n]]);
  return pairs.reverse();
}

// ---- classes ----------------------------------------------------------------------------------

export const CLASSES = [
  'typographic quotes',
  'dashes and ellipses',
  'case',
  'word spacing',
  'code-block chrome',
  'heading anchors',
  'field labels',
  'API text',
  'site chrome',
  'list/table markers',
  'hidden in export',
  'moved',
  'code text',
  'other',
];

/** Classes that are the published site's own furniture, not page text: left out of `content`. */
const NOT_CONTENT = new Set(['site chrome', 'list/table markers']);

const LANGUAGES =
  'bash sh shell zsh console terminal powershell ps1 bat cmd python py python3 javascript js node nodejs typescript ts tsx jsx json jsonc json5 yaml yml toml ini env dotenv html xml css scss go golang rust rs java kotlin kt swift ruby rb php c cpp c++ csharp c# cs sql graphql diff dockerfile docker text txt plaintext plain md markdown mdx curl http https hcl terraform makefile solidity sol lua dart scala elixir r vue svelte prisma proto protobuf nginx apache output log';
const CODE_CHROME = ['Copy', 'Copied', 'Copied!', 'Copy code', 'Copy to clipboard', 'Wrap', 'Wrap lines', 'Expand', 'Collapse', ...LANGUAGES.split(' ')];
const HEADING_ANCHORS = ['#', '¶', '§', '🔗', 'Navigate to header', 'Link to this section', 'Direct link to heading', 'Anchor'];
const FIELD_LABELS = [
  'required',
  'optional',
  'default:',
  'default',
  'Default',
  'deprecated',
  'read-only',
  'write-only',
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
  'any',
  'enum',
  'enum<string>',
  'enum<number>',
  'string[]',
  'number[]',
  'integer[]',
  'boolean[]',
  'object[]',
  'any[]',
  'file',
  'Show child attributes',
  'Hide child attributes',
  'Show properties',
  'Hide properties',
  'child attributes',
  'Available options:',
  'Allowed values:',
  'Required range:',
  'Required string length:',
  'Example:',
  'Examples:',
  'body',
  'query',
  'path',
  'header',
  'cookie',
];
const API_TEXT = [
  'Authorizations',
  'Authorization',
  'Headers',
  'Header',
  'Path Parameters',
  'Query Parameters',
  'Cookie Parameters',
  'Body',
  'Request Body',
  'Response',
  'Responses',
  'Request',
  'Try it',
  'Send',
  'Send Request',
  'Response Example',
  'Request Example',
  'Bearer',
  'Bearer authentication header of the form Bearer <token>, where <token> is your auth token.',
  'The body is of type',
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
  'text/event-stream',
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'cURL',
  'API Key',
  'Base URL',
  '200',
  '201',
  '202',
  '204',
  '400',
  '401',
  '403',
  '404',
  '409',
  '422',
  '429',
  '500',
  '503',
];
const SITE_CHROME = [
  'Skip to main content',
  'Skip to content',
  'Documentation Index',
  'Fetch the complete documentation index at:',
  'Use this file to discover all available pages before exploring further.',
  'Was this page helpful?',
  'Yes',
  'No',
  'Suggest edits',
  'Raise issue',
  'Edit this page',
  'Powered by Mintlify',
  'Powered by',
  'On this page',
  'Search...',
  '⌘K',
  'Ctrl K',
  'Ask AI',
  'Copy page',
  'Navigation',
  'Previous',
  'Next',
  'Assistant',
  'Responses are generated using AI and may contain mistakes.',
  'Sign Up',
  'Sign In',
  'Log In',
  'Menu',
  'Support',
  'Dashboard',
];

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A matcher: is a run these phrases (at least one) and punctuation only? Longest phrases first. */
function phraseSet(phrases, { caseless = false } = {}) {
  const sorted = [...new Set(phrases)].sort((x, y) => y.length - x.length);
  const re = new RegExp(`(?<=^|\\s)(?:${sorted.map(escapeRe).join('|')})(?=$|\\s|[.,:;!?)\\]])`, caseless ? 'giu' : 'gu');
  return (words) => {
    let found = 0;
    const rest = words.join(' ').replace(re, () => (found++, ' '));
    return found > 0 && rest.replace(/[\s.,:;!?()[\]|·•–—-]+/gu, '') === '';
  };
}

const isCodeChrome = phraseSet(CODE_CHROME, { caseless: true });
const isHeadingAnchor = phraseSet(HEADING_ANCHORS);
const isFieldLabel = phraseSet(FIELD_LABELS);
const isApiText = phraseSet(API_TEXT);
const isSiteChromePhrase = phraseSet(SITE_CHROME);
const LLMS_URL = /^https?:\/\/\S+\/llms(-full)?\.txt$/;
const MARKER = /^(?:[•◦▪‣·*+|>-]|[–—]|\d{1,3}[.)]|[a-zA-Z][.)]|[ivx]{1,4}[.)]|`{3,}\w*|[|:-]{3,})$/u;

const FURNITURE = SITE_CHROME.filter((p) => p.includes(' ')).map((p) => p.split(' '));

/** Which words of a text belong to a phrase of several words the published site adds to every page. */
function chromePhrases(words) {
  const mask = new Array(words.length).fill(false);
  for (let i = 0; i < words.length; i++) {
    if (LLMS_URL.test(words[i])) mask[i] = true;
    for (const phrase of FURNITURE) {
      if (phrase.every((w, k) => words[i + k] === w)) for (let k = 0; k < phrase.length; k++) mask[i + k] = true;
    }
  }
  return mask;
}

/** Is `run` a contiguous part of an index (folded)? Runs shorter than `minWords` or 12 characters never are: too common. */
function containsRun(index, run, minWords = 2) {
  if (!index) return false;
  const text = run.map(foldWord).join(' ');
  if (run.length < minWords || text.length < 12) return false;
  return index.includes(` ${text} `);
}

function wordIndex(words) {
  return ` ${words.map(foldWord).join(' ')} `;
}

/**
 * Are the run's characters the other side's with spaces put elsewhere: the same characters as a
 * stretch of other words, or (next to a few other words) one word glued to or cut from one of them?
 */
function isRespaced(run, other) {
  const joined = foldWord(run.join(''));
  if (joined.length < 3) return false;
  const words = other.map(foldWord);
  for (let s = 0; s < words.length; s++) {
    let acc = '';
    for (let e = s; e < words.length && acc.length < joined.length; e++) acc += words[e];
    if (acc === joined) return true;
  }
  if (run.length !== 1 || words.length > 20) return false;
  return words.some((w) => w.length >= 3 && w !== joined && (joined.startsWith(w) || joined.endsWith(w) || w.startsWith(joined) || w.endsWith(joined)));
}

/**
 * The class of a run of words one side has and the other lacks (no quote/case pairing: that is
 * done before). `side` is 'missing' (published words not in the export) or 'extra' (export words
 * the published text lacks); `other` is the other side's words at the same place; `ctx` the
 * export's texts as word indexes (visible content, hidden content, page chrome).
 */
export function classifyRun(run, side, other, ctx) {
  if (isRespaced(run, other)) return 'word spacing';
  if (run.every((w) => MARKER.test(w))) return 'list/table markers';
  if (isHeadingAnchor(run)) return 'heading anchors';
  if (isCodeChrome(run)) return 'code-block chrome';
  if (isFieldLabel(run) || (run.length >= 2 && isFieldLabel(run.slice(1)))) return 'field labels';
  if (isApiText(run)) return 'API text';
  if (side === 'extra') {
    if (isSiteChromePhrase(run)) return 'site chrome';
    if (ctx && containsRun(ctx.code, run, 1)) return 'code text';
  }
  if (side === 'missing') {
    if (isSiteChromePhrase(run.filter((w) => !LLMS_URL.test(w))) || run.every((w) => LLMS_URL.test(w))) return 'site chrome';
    if (ctx) {
      if (containsRun(ctx.hidden, run)) return 'hidden in export';
      if (containsRun(ctx.chrome, run)) return 'site chrome';
      if (containsRun(ctx.visible, run)) return 'moved';
    }
  }
  return 'other';
}

/**
 * A missing run cut where parts of it are the other side's words spaced differently, or are found
 * whole in the export's hidden content, its page chrome or elsewhere in its content (such parts at
 * least two words and 12 characters); the rest is classified alone.
 */
function segments(run, other, ctx) {
  const out = [];
  let pending = [];
  const flush = () => {
    if (pending.length) out.push({ words: pending, cls: classifyRun(pending, 'missing', other, ctx) });
    pending = [];
  };
  // Every stretch of up to 6 other words, glued: a run part glued the same is the same text respaced.
  const glued = new Set();
  const ow = other.map(foldWord);
  for (let a = 0; a < ow.length; a++) for (let b = a, acc = ''; b < Math.min(ow.length, a + 6); b++) glued.add((acc += ow[b]));
  const found = (index) => (i) => {
    let e = i;
    while (
      e < run.length &&
      index.includes(
        ` ${run
          .slice(i, e + 1)
          .map(foldWord)
          .join(' ')} `,
      )
    )
      e++;
    return e - i >= 2 && run.slice(i, e).join(' ').length >= 12 ? e : i;
  };
  const respaced = (i) => {
    let best = i;
    for (let e = i + 1, acc = ''; e <= Math.min(run.length, i + 6); e++) {
      acc += foldWord(run[e - 1]);
      if (acc.length >= 3 && glued.has(acc) && !(e - i === 1 && ow.includes(acc))) best = e;
    }
    return best;
  };
  const places = [
    ['word spacing', respaced],
    ['hidden in export', found(ctx.hidden)],
    ['site chrome', found(ctx.chrome)],
    ['moved', found(ctx.visible)],
  ];
  for (let i = 0; i < run.length;) {
    let best = null;
    for (const [cls, extend] of places) {
      const e = extend(i);
      if (e > i && (!best || e > best.e)) best = { cls, e };
    }
    // A run that is all one part keeps its lexicon class (a chrome phrase also found in the page chrome).
    if (best && !(i === 0 && best.e === run.length && classifyRun(run, 'missing', other, null) !== 'other')) {
      flush();
      out.push({ words: run.slice(i, best.e), cls: best.cls });
      i = best.e;
    } else pending.push(run[i++]);
  }
  flush();
  return out;
}

/** Splits an unmatched stretch into its quote/case pairs (matched folded) and the runs left over. */
function splitGap(pub, exp) {
  const pairs = pub.length && exp.length ? lcsPairs(pub, exp, foldTypography) : [];
  const pubPaired = new Map(pairs.map(([i, j]) => [i, j]));
  const expPaired = new Set(pairs.map(([, j]) => j));
  const folded = [];
  for (const [i, j] of pairs) {
    const [a, b] = [pub[i], exp[j]];
    const cls = foldQuotes(a) === foldQuotes(b) ? 'typographic quotes' : foldWord(a) === foldWord(b) ? 'case' : 'dashes and ellipses';
    folded.push({ pub: a, exp: b, cls });
  }
  const runsOf = (words, paired) => {
    const runs = [];
    let cur = null;
    words.forEach((w, k) => {
      if (paired(k)) cur = null;
      else if (cur) cur.push(w);
      else runs.push((cur = [w]));
    });
    return runs;
  };
  return { folded, missing: runsOf(pub, (k) => pubPaired.has(k)), extra: runsOf(exp, (k) => expPaired.has(k)) };
}

/**
 * Compares a published text with the export's content text. `exportText` is the visible content;
 * `hidden` and `chrome` (optional) the export's hidden content text and page chrome text, used to
 * say where missing words are. `truncated`: the published text was cut, its last word not counted.
 */
export function compareTexts(published, exportText, { hidden = '', chrome = '', code = '', truncated = false } = {}) {
  const all = tokenize(published);
  if (truncated && all.length && !/\s$/u.test(published)) all.pop();
  const exp = tokenize(exportText);
  const ctx = { visible: wordIndex(exp), hidden: wordIndex(tokenize(hidden)), chrome: wordIndex(tokenize(chrome)), code: wordIndex(tokenize(code)) };
  const runs = [];
  const add = (words, side, cls) => {
    if (words.length) runs.push({ side, cls, words });
  };
  // The published site's own furniture ("Skip to main content", "Was this page helpful?") is taken
  // out before aligning, so that its common words cannot be matched to page text.
  const furnitureMask = chromePhrases(all);
  const pub = all.filter((_, i) => !furnitureMask[i]);
  for (let i = 0; i < all.length;) {
    let e = i;
    while (e < all.length && furnitureMask[e]) e++;
    if (e > i) add(all.slice(i, e), 'missing', 'site chrome');
    i = e > i ? e : i + 1;
  }
  const pairs = lcsPairs(pub, exp);
  const normPairs = lcsPairs(pub, exp, foldWord);
  // Gaps between matched pairs; before the first and after the last only the published side counts
  // (the published text may be an excerpt of the page).
  const bounds = [[-1, -1], ...pairs, [pub.length, exp.length]];
  for (let k = 1; k < bounds.length; k++) {
    const [i0, j0] = bounds[k - 1];
    const [i1, j1] = bounds[k];
    const edge = k === 1 || k === bounds.length - 1;
    const pubGap = pub.slice(i0 + 1, i1);
    // At an edge the export's words next to the text are context for classes, never extras.
    const near = pubGap.length + 20;
    const expGap = !edge ? exp.slice(j0 + 1, j1) : k === 1 ? exp.slice(Math.max(0, j1 - near), j1) : exp.slice(j0 + 1, j0 + 1 + near);
    if (!pubGap.length && (edge || !expGap.length)) continue;
    const { folded, missing, extra } = splitGap(pubGap, expGap);
    for (const f of folded) add([f.pub], 'missing', f.cls);
    for (const r of missing) for (const seg of segments(r, expGap, ctx)) add(seg.words, 'missing', seg.cls);
    if (!edge) for (const r of extra) add(r, 'extra', classifyRun(r, 'extra', pubGap, ctx));
  }
  const missingBy = (pred) => runs.filter((r) => r.side === 'missing' && pred(r.cls)).reduce((n, r) => n + r.words.length, 0);
  const furniture = missingBy((c) => NOT_CONTENT.has(c));
  const folds = missingBy((c) => c === 'typographic quotes' || c === 'case' || c === 'dashes and ellipses');
  const words = all.length;
  return {
    words,
    matched: pairs.length,
    normMatched: normPairs.length,
    match: words ? pairs.length / words : 1,
    norm: words ? normPairs.length / words : 1,
    content: words - furniture > 0 ? Math.min(1, (pairs.length + folds) / (words - furniture)) : 1,
    runs,
  };
}

// ---- statistics and report ----------------------------------------------------------------------

/** The q-quantile of numbers (linear between closest ranks, as numpy's default). */
export function quantile(values, q) {
  if (!values.length) return NaN;
  const s = [...values].sort((x, y) => x - y);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

const pct = (x) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(1)}%`);
const quote = (words, n = 8) => JSON.stringify(words.slice(0, n).join(' ') + (words.length > n ? ' …' : ''));

/** Per-class totals of runs: words and the first distinct examples. */
export function classTotals(runs, examples = 3) {
  const out = new Map();
  for (const r of runs) {
    const key = `${r.cls}\u0000${r.side}`;
    let t = out.get(key);
    if (!t) out.set(key, (t = { cls: r.cls, side: r.side, words: 0, runs: 0, examples: [] }));
    t.words += r.words.length;
    t.runs++;
    const ex = quote(r.words, 6);
    if (t.examples.length < examples && !t.examples.includes(ex)) t.examples.push(ex);
  }
  return [...out.values()].sort((x, y) => y.words - x.words);
}

function pad(s, n) {
  s = String(s);
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function printReport(sites, top, allRuns) {
  const lines = [];
  for (const site of sites) {
    lines.push(`## ${site.name} (${site.pages.length} texts)`, '');
    lines.push(`${pad('page', 44)} ${pad('words', 6)} ${pad('match', 7)} ${pad('norm', 7)} ${pad('content', 7)}  largest missing runs`);
    for (const p of site.pages) {
      if (p.error) {
        lines.push(`${pad(p.file, 44)} ${p.error}`);
        continue;
      }
      const worst = p.runs
        .filter((r) => r.side === 'missing')
        .sort((x, y) => y.words.length - x.words.length)
        .slice(0, top)
        .map((r) => `${r.cls} ${r.words.length} ${quote(r.words, 5)}`)
        .join('; ');
      lines.push(`${pad(p.file, 44)} ${pad(p.words, 6)} ${pad(pct(p.match), 7)} ${pad(pct(p.norm), 7)} ${pad(pct(p.content), 7)}  ${worst}`);
      if (allRuns) for (const r of p.runs) lines.push(`    ${pad(r.side, 7)} ${pad(r.cls, 20)} ${quote(r.words, 40)}`);
    }
    const s = site.summary;
    lines.push('', `median: match ${pct(s.match.median)}, norm ${pct(s.norm.median)}, content ${pct(s.content.median)}`);
    lines.push(`10th percentile: match ${pct(s.match.p10)}, norm ${pct(s.norm.p10)}, content ${pct(s.content.p10)}`, '');
    for (const t of site.classes)
      lines.push(`  ${pad(t.side, 7)} ${pad(t.cls, 20)} ${pad(t.words, 5)} words in ${pad(t.runs, 4)} runs  e.g. ${t.examples.join(', ')}`);
    lines.push('');
  }
  if (sites.length > 1) {
    lines.push(
      '## all sites',
      '',
      `${pad('site', 16)} ${pad('texts', 6)} ${pad('match med', 10)} ${pad('match p10', 10)} ${pad('norm med', 9)} ${pad('norm p10', 9)} ${pad('content med', 12)} content p10`,
    );
    for (const site of sites) {
      const s = site.summary;
      lines.push(
        `${pad(site.name, 16)} ${pad(site.pages.filter((p) => !p.error).length, 6)} ${pad(pct(s.match.median), 10)} ${pad(pct(s.match.p10), 10)} ${pad(pct(s.norm.median), 9)} ${pad(pct(s.norm.p10), 9)} ${pad(pct(s.content.median), 12)} ${pct(s.content.p10)}`,
      );
    }
  }
  console.log(lines.join('\n'));
}

// ---- reading the inputs -----------------------------------------------------------------------

/** The texts of a published-site folder: [{ file, page, url, truncated, text }], or a diagnostic. */
export function readPublished(dir) {
  const metaFile = path.join(dir, 'meta.json');
  let meta;
  try {
    meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
  } catch (e) {
    throw new Error(`${metaFile}: ${e instanceof SyntaxError ? 'not valid JSON' : 'cannot be read'} (${e.message})`, { cause: e });
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) throw new Error(`${metaFile}: expected an object mapping each .txt file to its URL`);
  const out = [];
  for (const [file, value] of Object.entries(meta)) {
    const entry = typeof value === 'string' ? { url: value } : value;
    if (!file.endsWith('.txt') || !entry || typeof entry !== 'object' || typeof entry.url !== 'string') {
      out.push({ file, error: 'meta.json entry must map a .txt file to a URL or { "url": ... }' });
      continue;
    }
    const page = typeof entry.page === 'string' ? entry.page : file.slice(0, -4).replace(/~[^/]*$/, '');
    let text;
    try {
      text = fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      out.push({ file, page, url: entry.url, error: 'file missing' });
      continue;
    }
    out.push({ file, page, url: entry.url, truncated: entry.truncated === true, text });
  }
  return out.sort((x, y) => x.file.localeCompare(y.file));
}

/** The exported HTML file of a page path, or undefined. */
function exportFile(exportDir, page) {
  const p = page.replace(/^\/+|\/+$/g, '');
  const candidates = p === '' || p === 'index' ? ['index.html'] : [`${p}.html`, `${p}/index.html`];
  return candidates.find((c) => fs.existsSync(path.join(exportDir, c)));
}

function serve(root) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]).replace(/^\/+/, '');
    const file = path.resolve(root, rel || 'index.html');
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/* global document, NodeFilter */
/** In the page: the content column's visible text, its hidden text, and the page's chrome text. */
function readPageTexts() {
  const art = document.querySelector('article.dw-content') ?? document.querySelector('[data-dw-content]') ?? document.body;
  const visible = art.innerText;
  const hidden = [];
  const walker = document.createTreeWalker(art, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (el && n.data.trim() && !el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) hidden.push(n.data);
  }
  const code = [...art.querySelectorAll('pre')].map((pre) => pre.innerText).join('\n');
  const display = art.style.display;
  art.style.display = 'none';
  const chrome = document.body.innerText;
  art.style.display = display;
  return { visible, hidden: hidden.join(' '), chrome, code };
}

async function launchChromium() {
  // Debian's chromium, as the browser tests use it (test/browser/browser.ts).
  const executablePath = '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) throw new Error(`${executablePath} is missing: run scripts/vscode-test/setup.sh (apt-get install chromium)`);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const { chromium } = createRequire(path.join(here, '..', 'package.json'))('playwright-core');
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}

async function compareSite(browser, name, exportDir, publishedDir) {
  const texts = readPublished(publishedDir);
  const server = await serve(path.resolve(exportDir));
  const { port } = server.address();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Only the export itself is loaded: remote images and embeds would change nothing of the text.
  await page.route(
    (url) => url.host !== `127.0.0.1:${port}`,
    (route) => route.abort(),
  );
  const pages = [];
  try {
    for (const t of texts) {
      if (t.error) {
        pages.push(t);
        continue;
      }
      const file = exportFile(exportDir, t.page);
      if (!file) {
        pages.push({ ...t, error: `no exported page for "${t.page}" in ${exportDir}` });
        continue;
      }
      await page.goto(`http://127.0.0.1:${port}/${file.split('/').map(encodeURIComponent).join('/')}`, { waitUntil: 'domcontentloaded' });
      const got = await page.evaluate(readPageTexts);
      pages.push({ ...t, exportFile: file, ...compareTexts(t.text, got.visible, { ...got, truncated: t.truncated }) });
    }
  } finally {
    await page.close();
    server.close();
  }
  const ok = pages.filter((p) => !p.error);
  const stat = (k) => ({
    median: quantile(
      ok.map((p) => p[k]),
      0.5,
    ),
    p10: quantile(
      ok.map((p) => p[k]),
      0.1,
    ),
  });
  return {
    name,
    pages,
    summary: { match: stat('match'), norm: stat('norm'), content: stat('content') },
    classes: classTotals(ok.flatMap((p) => p.runs)),
  };
}

async function main(argv) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const topAt = argv.indexOf('--top');
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 3;
  const args = argv.filter((a, k) => !a.startsWith('--') && !(topAt >= 0 && k === topAt + 1));
  if (args.length !== 2 || !Number.isInteger(top) || top < 0) {
    console.error('usage: node scripts/published-text.mjs <export dir> <published dir> [--json] [--runs] [--top N]');
    return 2;
  }
  const [exportRoot, publishedRoot] = args.map((a) => path.resolve(a));
  for (const d of [exportRoot, publishedRoot]) {
    if (!fs.existsSync(d) || !fs.statSync(d).isDirectory()) {
      console.error(`${d}: no such folder`);
      return 2;
    }
  }
  const jobs = fs.existsSync(path.join(publishedRoot, 'meta.json'))
    ? [{ name: path.basename(publishedRoot), exportDir: exportRoot, publishedDir: publishedRoot }]
    : fs
        .readdirSync(publishedRoot)
        .filter((d) => fs.existsSync(path.join(publishedRoot, d, 'meta.json')))
        .sort()
        .map((d) => ({ name: d, exportDir: path.join(exportRoot, d), publishedDir: path.join(publishedRoot, d) }));
  if (!jobs.length) {
    console.error(`${publishedRoot}: no meta.json in it or in any sub-folder`);
    return 2;
  }
  const browser = await launchChromium();
  const sites = [];
  try {
    for (const job of jobs) {
      if (!fs.existsSync(job.exportDir)) {
        console.error(`${job.name}: no export at ${job.exportDir} (run docwright export first)`);
        continue;
      }
      try {
        sites.push(await compareSite(browser, job.name, job.exportDir, job.publishedDir));
      } catch (e) {
        console.error(`${job.name}: ${e.message}`);
      }
    }
  } finally {
    await browser.close();
  }
  if (flags.has('--json'))
    console.log(
      JSON.stringify(
        sites.map((s) => ({ ...s, pages: s.pages.map(({ text: _text, ...p }) => p) })),
        null,
        1,
      ),
    );
  else printReport(sites, top, flags.has('--runs'));
  return sites.length === jobs.length ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}

import { modify } from 'jsonc-parser';
import type { Node } from 'unist';
import { COMPONENT_NAMES } from '../../components/catalog';
import { PROJECT_CONFIG_NAME } from '../../config/files';
import { nodesOf } from '../../pages/nodes';
import type { PageDocument } from '../../pages/parse';
import { proseBlocks, type ProseBlock, type ProseRun } from '../../pages/prose';
import { siteLanguages } from '../../site/languages';
import type { Site } from '../../site/site';
import type { Fact, SiteIndex } from '../../site/site-index';
import { NO_WORDS } from '../../site/spelling-words';
import type { Fix, Range } from '../../types';
import { BoundedMap } from '../../util/memo';
import { isExternalUrl, join, relativeInside } from '../../util/paths';
import type { Speller } from '../../util/speller';
import { LineIndex } from '../../util/text';
import { isIdentifierLike, MIN_WORD_LENGTH, nameWords, proseWords, startsSentence, type ProseWord } from '../../util/words';
import { pageFix, pageSite } from '../page-utils';
import type { CrossPageRule, PageReport, PageRuleContext } from '../types';
import { compiledOf } from '../vale/compile';
import { settingsFor } from '../vale/engine';

/** Corrections offered per word (the message names the first). */
const SUGGESTIONS = 3;

/** Words of the format itself, right on every site of it. */
const FORMAT_WORDS = [
  'Mintlify',
  'MDX',
  'frontmatter',
  'docs',
  'mint',
  'llms',
  'navbar',
  'sidebar',
  'favicon',
  'changelog',
  'changelogs',
  'OpenAPI',
  'AsyncAPI',
];

/** Latin filler (lorem ipsum): a block with several of these words is placeholder text, not English to spell. */
const FILLER = new Set(
  (
    'lorem ipsum dolor amet consectetur adipiscing elit eiusmod tempor incididunt labore dolore aliqua pellentesque vestibulum ' +
    'aliquam nunc quis nulla mauris vitae etiam curabitur fermentum aenean consequat eget mollis quisque malesuada felis dignissim ' +
    'diam tortor cursus convallis rutrum blandit sodales odio nullam metus urna enim augue vulputate pretium interdum lacinia ' +
    'sapien gravida iaculis dapibus imperdiet ullamcorper vehicula laoreet auctor lobortis velit tristique turpis venenatis ' +
    'habitasse platea dictumst bibendum sollicitudin tempus viverra ligula massa lectus justo nibh semper suscipit posuere faucibus'
  ).split(' '),
);
const FILLER_WORDS = 3;

/** What a site accepts beyond the dictionary. */
interface SiteSpelling {
  /** Lower-cased: `.docwright.json` and cspell words, the names the site defines, the format's words. */
  anyCase: Set<string>;
  exact: ReadonlySet<string>;
  patterns: readonly RegExp[];
}

const memo = new WeakMap<Site, SiteSpelling>();

function siteSpelling(site: Site): SiteSpelling {
  let s = memo.get(site);
  if (s) return s;
  const words = site.words ?? NO_WORDS;
  const anyCase = new Set(words.anyCase);
  const add = (text: unknown) => {
    if (typeof text === 'string') for (const w of nameWords(text)) anyCase.add(w.replace(/’/g, "'").toLowerCase());
  };
  for (const w of FORMAT_WORDS) anyCase.add(w.toLowerCase());
  // The names the site defines: its own name, its navigation's groups, tabs, anchors and links.
  add(site.config.value.name);
  for (const g of site.nav.groups) add(g.name);
  for (const l of site.nav.links) add(l.label);
  // The words of its pages' paths (`integrations/thirdweb`): what its pages are about.
  for (const id of site.pages.keys()) for (const part of id.split(/[/_.-]+/)) if (/^\p{L}+$/u.test(part)) anyCase.add(part.toLowerCase());
  for (const name of COMPONENT_NAMES) for (const part of name.split('.')) anyCase.add(part.toLowerCase());
  s = { anyCase, exact: words.exact, patterns: words.patterns };
  memo.set(site, s);
  return s;
}

/** Whether the site's words or the dictionary hold `word`. */
function known(s: SiteSpelling, speller: Speller, word: string): boolean {
  return (
    s.anyCase.has(word.toLowerCase()) ||
    s.exact.has(word) ||
    // A vocabulary word at a sentence's start.
    s.exact.has(word[0].toLowerCase() + word.slice(1)) ||
    s.patterns.some((p) => p.test(word)) ||
    speller.knows(word) ||
    (inflected(speller, word) && !spelledOtherwise(speller, word)) ||
    // A word built of known parts, unless a word one letter away is known: `likelyhood` is `likelihood` misspelled, not `likely` + `hood`.
    ((prefixed(speller, word) || compound(speller, word)) && !speller.suggest(word, SUGGESTIONS).some((s) => !s.includes(' ') && !sameParts(speller, word, s)))
  );
}

/** Whether the site's words or the dictionary hold `word`: what Vale's spelling rules (rules/vale/) read too. */
const knows = new WeakMap<Site, WeakMap<Speller, (word: string) => boolean>>();

/** Whether the site's words or the speller know a word: one function per site and speller, which keeps its verdicts and which memos of its answers may key on. */
export function siteKnows(site: Site, speller: Speller): (word: string) => boolean {
  let bySpeller = knows.get(site);
  if (!bySpeller) knows.set(site, (bySpeller = new WeakMap()));
  let f = bySpeller.get(speller);
  if (!f) {
    const s = siteSpelling(site);
    const verdicts = new BoundedMap<string, boolean>(20_000);
    f = (word) => {
      let v = verdicts.get(word);
      if (v === undefined) verdicts.set(word, (v = known(s, speller, word)));
      return v;
    };
    bySpeller.set(speller, f);
  }
  return f;
}

/** Endings the software and company word lists do not spell out (`webhooks`, `sandboxed`, `forking`): the word without one is known. */
const ENDINGS: [RegExp, string[]][] = [
  [/(?<=\w{3})s$/, ['']],
  [/(?<=\w{3})es$/, ['']],
  [/(?<=\w{3})ed$/, ['', 'e']],
  [/(?<=\w{3})ing$/, ['', 'e']],
  // `regionalize`, `regionalized`: an adjective made a verb.
  [/(?<=\w{5})i[sz](?:e[sd]?|ing)$/, ['']],
];

/** Closed compounds that are misspellings of two words, not terms (`everytime`, `alot`). */
const SPLIT_MISSPELLINGS = new Set([
  'alot',
  'aswell',
  'atleast',
  'eachother',
  'everytime',
  'forexample',
  'incase',
  'infact',
  'inorder',
  'ontop',
  'thankyou',
  'usecase',
  'usecases',
]);
/** The shortest part of a closed compound read as two words. */
const COMPOUND_PART = 3;

/**
 * A closed compound of two known words (`chatbot`, `mainnet`, `calldata`, `failover`): software
 * writing closes compounds faster than dictionaries list them.
 */
function compound(speller: Speller, word: string): boolean {
  const lower = word.toLowerCase();
  if (SPLIT_MISSPELLINGS.has(lower) || /['’]/.test(lower)) return false;
  for (let i = COMPOUND_PART; i <= lower.length - COMPOUND_PART; i++) {
    const tail = lower.slice(i);
    if (speller.knows(lower.slice(0, i)) && (speller.knows(tail) || inflected(speller, tail))) return true;
  }
  return false;
}

/** Prefixes software writing puts before any verb or noun (`undelegate`, `misrouted`, `nonblocking`), and `my` of placeholder names (`mydatabase`). */
const PREFIXES = ['un', 're', 'pre', 'non', 'de', 'dis', 'mis', 'sub', 'multi', 'co', 'auto', 'over', 'under', 'inter', 'cross', 'self', 'my'];
const PREFIX = new RegExp(`^(?:${PREFIXES.join('|')})(?=[a-z]{5})`, 'i');

/**
 * The shortest word after a prefix that another prefix may stand before (`synchronization`,
 * `bonding`): a typo in a short word's first letters makes another prefixed word too often
 * (`desides`: `resides`, `cofigure`: `refigure`).
 */
const SAME_REST = 7;

/** The shortest part of a closed compound whose plural the dictionary holds (`nameserver`: `nameservers`; not `per` + `hap`: `perhaps`). */
const PLURAL_PART = 4;

/**
 * Whether a known word one letter from `word` is the same word with another prefix, or with none
 * (`desynchronization`, `resynchronization`; `premade`, `remade`), the same prefix before another
 * word (`unbonding`, `unbending`), or the plural of a compound of two words (`nameserver`,
 * `nameservers`): another word made of the same parts, no sign of a misspelling.
 */
function sameParts(speller: Speller, word: string, known: string): boolean {
  const w = word.toLowerCase();
  const k = known.toLowerCase();
  if (k === `${w}s` || k === `${w}es`) {
    for (let i = PLURAL_PART; i <= w.length - PLURAL_PART; i++) if (speller.knows(w.slice(0, i)) && speller.knows(w.slice(i))) return true;
    return false;
  }
  for (const from of ['', ...PREFIXES]) {
    if (!w.startsWith(from)) continue;
    const rest = w.slice(from.length);
    if (rest.length < SAME_REST) continue;
    if (['', ...PREFIXES].some((to) => to !== from && k === to + rest)) return true;
    // The prefix before another word (`unbonding`, `unbending`), both words the dictionary holds (not `destory`: `destroy`).
    if (from && k.startsWith(from) && speller.knows(rest) && speller.knows(k.slice(from.length))) return true;
  }
  return false;
}

function prefixed(speller: Speller, word: string): boolean {
  const m = PREFIX.exec(word);
  if (!m) return false;
  const rest = word.slice(m[0].length);
  return speller.knows(rest) || inflected(speller, rest) || compound(speller, rest);
}

function inflected(speller: Speller, word: string): boolean {
  return inflection(speller, word) !== undefined;
}

/** The stem and ending of `word` whose stem the dictionary knows (`sandbox` + `ed`). */
function inflection(speller: Speller, word: string): { base: string; ending: string } | undefined {
  for (const [ending, stems] of ENDINGS) {
    const m = ending.exec(word);
    if (!m) continue;
    const base = word.slice(0, m.index);
    if (stems.some((e) => speller.knows(base + e))) return { base, ending: m[0] };
  }
  return undefined;
}

/**
 * Whether the dictionary writes the inflected word another way: a letter more or less where the
 * stem meets the ending (`occured`: `occurred`, `commited`: `committed`, `accesss`: `access`).
 */
function spelledOtherwise(speller: Speller, word: string): boolean {
  const parts = inflection(speller, word);
  if (!parts) return false;
  const lower = word.toLowerCase();
  const at = parts.base.length;
  const ending = parts.ending.toLowerCase();
  const others = [lower.slice(0, at - 1) + lower.slice(at), lower.slice(0, at) + lower.slice(at + 1)];
  for (const c of 'abcdefghijklmnopqrstuvwxyz') others.push(lower.slice(0, at) + c + lower.slice(at));
  return others.some((k) => k !== lower && k.endsWith(ending) && speller.knows(k));
}

/** Whether a page is in a language other than English (the site's languages say so). */
function otherLanguage(site: Site, id: string): boolean {
  const languages = siteLanguages(site);
  if (!languages) return false;
  const english = (code: string) => /^en\b/i.test(code);
  const of = languages.languagesOf.get(id);
  if (of?.size) return ![...of].some(english);
  // A page outside the navigation, in a language's folder.
  const folder = id.split('/')[0].toLowerCase();
  return languages.codes.some((c) => c.toLowerCase() === folder && !english(c));
}

/** Blocks whose capitals are the writer's choice of a name: a capital in a heading or a title may be title case. */
const SENTENCE_BLOCKS: ReadonlySet<ProseBlock['kind']> = new Set(['paragraph', 'list-item', 'table-cell']);

/**
 * Words of a page that it writes as names (lower-cased): capitalised within a sentence (`BAML also
 * uses Pydantic`), or a link's text that its destination spells (`[Zenfetch](https://zenfetch.com)`)
 * or that is like no dictionary word in a link to another site.
 * A name the dictionary does not hold is right wherever the page writes it.
 */
function pageNames(text: string, speller: Speller, unknown: { block: ProseBlock; run: ProseRun; w: ProseWord }[]): Set<string> {
  const names = new Set<string>();
  for (const { block, run, w } of unknown) {
    const lower = w.word.toLowerCase();
    const href = run.href ?? block.href;
    if (href?.toLowerCase().includes(lower)) names.add(lower);
    // A link to another site whose text is a word like no word of the dictionary names what it links to (`[ecadd](https://www.evm.codes/…)`).
    else if (href && isExternalUrl(href) && speller.suggest(w.word, SUGGESTIONS).length === 0) names.add(lower);
    else if (SENTENCE_BLOCKS.has(block.kind) && /^\p{Lu}\p{Ll}/u.test(w.word) && !startsSentence(text, block.start, run.offset + w.offset)) names.add(lower);
  }
  return names;
}

/** A table cell of one or two words is a label or a value (a name, an id, a code), not a sentence to spell. */
const CELL_WORDS = 2;

function isShortCell(block: ProseBlock): boolean {
  if (block.kind !== 'table-cell') return false;
  let chunks = 0;
  for (const run of block.runs) chunks += run.text.split(/\s+/).filter(Boolean).length;
  return chunks <= CELL_WORDS;
}

/** Whether the word is cut by an entity or an escape beside it (`aren&rsquo;t`): not a word as written. */
function cutByReference(text: string, start: number, end: number): boolean {
  return text[end] === '&' || text[end] === '\\' || (text[start - 1] === ';' && /&#?\w+;$/.test(text.slice(Math.max(0, start - 12), start)));
}

function isFiller(block: ProseBlock): boolean {
  let n = 0;
  for (const run of block.runs) for (const w of proseWords(run.text)) if (FILLER.has(w.word.toLowerCase()) && ++n >= FILLER_WORDS) return true;
  return false;
}

/** `a`, `a or b`, `a, b or c`. */
function orList(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** `suggestion` written in the case of `word`: capitalised, or in capitals. */
function inCaseOf(word: string, suggestion: string): string {
  if (word.length > 1 && word === word.toUpperCase()) return suggestion.toUpperCase();
  if (/^\p{Lu}/u.test(word) && /^\p{Ll}/u.test(suggestion)) return suggestion[0].toUpperCase() + suggestion.slice(1);
  return suggestion;
}

/** The fix that adds `word` to `.docwright.json`'s `words` (the file is made when there is none). */
export function addWordFix(site: Site, word: string): Fix {
  const path = join(site.root, PROJECT_CONFIG_NAME);
  const title = `Add "${word}" to the site's words (${PROJECT_CONFIG_NAME})`;
  const text = site.files.has(PROJECT_CONFIG_NAME) ? site.inputs?.get(path) : undefined;
  if (text === undefined) return { title, edits: [], createFiles: [{ path, content: JSON.stringify({ words: [word] }, null, 2) + '\n' }] };
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };
  let edits = modify(text, ['words', -1], word, { formattingOptions, isArrayInsertion: true });
  // A `words` that is no list is replaced by one.
  if (!edits.length) edits = modify(text, ['words'], [word], { formattingOptions });
  const index = new LineIndex(text);
  return { title, edits: [{ path, edits: edits.map((e) => ({ range: index.range(e.offset, e.length), newText: e.content })) }] };
}

/** A word of a page that neither the dictionary nor the site's words hold, with its finding. */
interface Unknown {
  word: string;
  report: PageReport;
}

/** Lines of a code block that are comments: prose, where a typo is a typo. */
const COMMENT_LINE = /^\s*(?:#|\/\/|\/\*|\*|--|<!--|;|%|')/;

/**
 * The words a page writes as code: in inline code and code blocks (comment lines left out), each
 * run of letters a prose word could be, as written (`tcpdump`, `nslookup`, the `pubdata` of
 * `gas_per_pubdata`), and the words of camelCase names. A tool, command, package or field the site
 * writes as code is a term when its prose writes it without backticks.
 */
export const CODE_WORDS: Fact<string[]> = { key: 'codeWords', of: codeWords };

/** A run of letters long enough to hold a word the check reads. */
const LETTERS = new RegExp(`\\p{L}{${MIN_WORD_LENGTH},}`, 'gu');

function codeWords(page: PageDocument): string[] {
  const words = new Set<string>();
  const read = (text: string) => {
    for (const [token] of text.matchAll(LETTERS)) {
      // Most tokens have no capital after their first letter: a word as it is.
      if (!/\p{Lu}/u.test(token.slice(1))) words.add(token);
      else for (const w of identifierWords(token)) words.add(w);
    }
  };
  for (const node of nodesOf<Node & { value?: unknown }>(page, 'code', 'inlineCode')) {
    const value = typeof node.value === 'string' ? node.value : '';
    if (node.type === 'inlineCode') read(value);
    else for (const line of value.split('\n')) if (!COMMENT_LINE.test(line)) read(line);
  }
  return [...words].sort();
}

/**
 * The prose-shaped words of a run of letters in code: itself, or the words of a camelCase name
 * (`unbondingTransaction`: `unbonding`, `transaction`), each at least MIN_WORD_LENGTH letters and
 * none in capitals (`HTTP`).
 */
function identifierWords(token: string): string[] {
  const parts = token.split(/(?<=\p{Ll})(?=\p{Lu})/u).map((p, i) => (i === 0 ? p : p[0].toLowerCase() + p.slice(1)));
  return parts.filter((p) => p.length >= MIN_WORD_LENGTH && !isIdentifierLike(p));
}

/** Every page's code words. */
function siteCodeWords(index: SiteIndex): Set<string> {
  const all = new Set<string>();
  for (const [, words] of index.everyFact(CODE_WORDS)) for (const w of words) all.add(w);
  return all;
}

/** Whether `code` holds the word as written, or with a capital only because it starts a sentence or a title. */
function writtenAsCode(code: ReadonlySet<string>, word: string): boolean {
  return code.has(word) || code.has(word[0].toLowerCase() + word.slice(1));
}

/**
 * Whether the site's Vale setup runs a spelling rule (`Vale.Spelling`, or a style's `extends:
 * spelling`) on the page, and the settings leave it on: then the page's spelling is Vale's to report.
 */
function valeSpells(page: PageDocument, site: Site, ruleOff: ((id: string) => boolean) | undefined): boolean {
  const setup = site.vale;
  if (!setup || ruleOff?.('vale')) return false;
  const rel = relativeInside(setup.folder, page.path) ?? page.path;
  return settingsFor(setup, compiledOf(setup), rel).rules.some((r) => r.extends === 'spelling' && !ruleOff?.(r.name));
}

/** The words of a page the dictionary and the site's words do not hold, each with its finding (before the site's code words are read). */
function unknownWords({ page, id, index, speller, ruleOff }: Omit<PageRuleContext, 'report'>): Unknown[] {
  if (!speller || otherLanguage(index.site, id) || valeSpells(page, index.site, ruleOff)) return [];
  const knows = siteKnows(index.site, speller);
  const unknown: { block: ProseBlock; run: ProseRun; w: ProseWord }[] = [];
  for (const block of proseBlocks(page)) {
    if (isFiller(block) || isShortCell(block)) continue;
    for (const run of block.runs) {
      for (const w of proseWords(run.text)) {
        const start = run.offset + w.offset;
        if (!cutByReference(page.text, start, start + w.text.length) && !knows(w.word)) unknown.push({ block, run, w });
      }
    }
  }
  if (!unknown.length) return [];
  const names = pageNames(page.text, speller, unknown);
  const own = new Set(index.fact(id, CODE_WORDS) ?? codeWords(page));
  const out: Unknown[] = [];
  for (const { run, w } of unknown) {
    if (names.has(w.word.toLowerCase()) || writtenAsCode(own, w.text)) continue;
    const range: Range = page.index.range(run.offset + w.offset, w.text.length);
    const suggestions = speller
      .suggest(w.word, SUGGESTIONS)
      .map((x) => inCaseOf(w.text, x))
      .filter((x, i, all) => x !== w.text && all.indexOf(x) === i);
    const message = suggestions.length
      ? `\`${w.text}\` is not in the dictionary (did you mean ${orList(suggestions.map((x) => `\`${x}\``))}?)`
      : `\`${w.text}\` is not in the dictionary or the site’s words.`;
    const fixes = [...suggestions.map((x) => pageFix(page, `Change to "${x}"`, [{ range, newText: x }])), addWordFix(index.site, w.text)];
    out.push({ word: w.text, report: { message, range, fixes } });
  }
  return out;
}

export const spelling: CrossPageRule<Unknown[]> = {
  id: 'spelling',
  description: 'Words of the prose are in the English dictionary or among the site’s words.',
  severity: 'information',
  fixable: true,
  docs: {
    rationale:
      'A misspelled word costs a reader’s trust in the page around it. The check reads the prose the reader sees, in headings, paragraphs, lists, tables, link text, image alt text, front matter `title`, `description` and `sidebarTitle`, and the text and `title`/`description` of components, with cspell’s American English dictionary (and the British words it lacks) and its dictionaries of software terms and company names. Code, inline code, URLs, file names and paths, imports, expressions, component and attribute names, and words shaped like identifiers (`camelCase`, `snake_case`, `--flags`, words with digits, acronyms) are never checked. Words are right when the site says so: `words` in `.docwright.json`, `words` and `ignoreWords` of a cspell configuration (`cspell.json`, `.cspell.json`, `cspell.config.json`, YAML too) and the vocabularies of the Vale configuration (`.vale.ini`: `accept.txt`, case-sensitive patterns) at the site root or the repository root, the names the site defines (its `name`, navigation groups, tabs and anchors), and the words any of its pages writes as code (`tcpdump` in inline code or a code block, the words of a `camelCase` field; not a code comment’s). Pages in another language of the site’s `navigation.languages` are not checked, nor pages on which the site’s Vale setup runs a spelling rule (`Vale.Spelling`, or a style’s `extends: spelling`) that the settings leave on: Vale reports their spelling. Quick fixes: the closest words, and adding the word to the site’s words in `.docwright.json`.',
    bad: pageSite('## Receive a note\n\nThe API sends each note you recieve to your webhook.\n'),
    good: pageSite('## Receive a note\n\nThe API sends each note you receive to your webhook.\n'),
  },
  collect: unknownWords,
  check({ index, data, report }) {
    if (!data.length) return;
    // Read only when the page has words to ask about, so a page without any depends on no other page.
    const code = index.memo('spelling:code-words', () => siteCodeWords(index));
    for (const u of data) if (!writtenAsCode(code, u.word)) report(u.report);
  },
};

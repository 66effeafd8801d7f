import { modify } from 'jsonc-parser';
import { COMPONENT_NAMES } from '../../components/catalog';
import { PROJECT_CONFIG_NAME } from '../../config/files';
import { proseBlocks, type ProseBlock, type ProseRun } from '../../pages/prose';
import { siteLanguages } from '../../site/languages';
import type { Site } from '../../site/site';
import { NO_WORDS } from '../../site/spelling-words';
import type { Fix, Range } from '../../types';
import { BoundedMap } from '../../util/memo';
import { isExternalUrl, join } from '../../util/paths';
import type { Speller } from '../../util/speller';
import { LineIndex } from '../../util/text';
import { nameWords, proseWords, startsSentence, type ProseWord } from '../../util/words';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

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

/** What a site accepts beyond the dictionary, and the verdicts on words already looked up. */
interface SiteSpelling {
  /** Lower-cased: `.docwright.json` and cspell words, the names the site defines, the format's words. */
  anyCase: Set<string>;
  exact: ReadonlySet<string>;
  patterns: readonly RegExp[];
  verdicts: BoundedMap<string, boolean>;
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
  s = { anyCase, exact: words.exact, patterns: words.patterns, verdicts: new BoundedMap(20_000) };
  memo.set(site, s);
  return s;
}

/** Whether the site's words or the dictionary hold `word`. */
function known(s: SiteSpelling, speller: Speller, word: string): boolean {
  let v = s.verdicts.get(word);
  if (v === undefined) {
    v =
      s.anyCase.has(word.toLowerCase()) ||
      s.exact.has(word) ||
      // A vocabulary word at a sentence's start.
      s.exact.has(word[0].toLowerCase() + word.slice(1)) ||
      s.patterns.some((p) => p.test(word)) ||
      speller.knows(word) ||
      inflected(speller, word) ||
      // A word built of known parts, unless a word one letter away is known: `likelyhood` is `likelihood` misspelled, not `likely` + `hood`.
      ((prefixed(speller, word) || compound(speller, word)) && !speller.suggest(word, SUGGESTIONS).some((s) => !s.includes(' ')));
    s.verdicts.set(word, v);
  }
  return v;
}

/** Whether the site's words or the dictionary hold `word`: what Vale's spelling rules (rules/vale/) read too. */
export function siteKnows(site: Site, speller: Speller): (word: string) => boolean {
  const s = siteSpelling(site);
  return (word) => known(s, speller, word);
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
const PREFIX = /^(?:un|re|pre|non|de|dis|mis|sub|multi|co|auto|over|under|inter|cross|self|my)(?=[a-z]{5})/i;

function prefixed(speller: Speller, word: string): boolean {
  const m = PREFIX.exec(word);
  if (!m) return false;
  const rest = word.slice(m[0].length);
  return speller.knows(rest) || inflected(speller, rest) || compound(speller, rest);
}

function inflected(speller: Speller, word: string): boolean {
  for (const [ending, stems] of ENDINGS) {
    if (!ending.test(word)) continue;
    const base = word.replace(ending, '');
    if (stems.some((e) => speller.knows(base + e))) return true;
  }
  return false;
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

export const spelling: PageRule = {
  id: 'spelling',
  description: 'Words of the prose are in the English dictionary or among the site’s words.',
  severity: 'information',
  fixable: true,
  docs: {
    rationale:
      'A misspelled word costs a reader’s trust in the page around it. The check reads the prose the reader sees, in headings, paragraphs, lists, tables, link text, image alt text, front matter `title`, `description` and `sidebarTitle`, and the text and `title`/`description` of components, with cspell’s American English dictionary and its dictionaries of software terms and company names. Code, inline code, URLs, file names and paths, imports, expressions, component and attribute names, and words shaped like identifiers (`camelCase`, `snake_case`, `--flags`, words with digits, acronyms) are never checked. Words are right when the site says so: `words` in `.docwright.json`, `words` and `ignoreWords` of a cspell configuration (`cspell.json`, `.cspell.json`, `cspell.config.json`, YAML too) and the vocabularies of the Vale configuration (`.vale.ini`: `accept.txt`, case-sensitive patterns) at the site root or the repository root, and the names the site defines (its `name`, navigation groups, tabs and anchors). Pages in another language of the site’s `navigation.languages` are not checked. Quick fixes: the closest words, and adding the word to the site’s words in `.docwright.json`.',
    bad: pageSite('## Receive a note\n\nThe API sends each note you recieve to your webhook.\n'),
    good: pageSite('## Receive a note\n\nThe API sends each note you receive to your webhook.\n'),
  },
  check({ page, id, index, speller, report }) {
    if (!speller || otherLanguage(index.site, id)) return;
    const s = siteSpelling(index.site);
    const unknown: { block: ProseBlock; run: ProseRun; w: ProseWord }[] = [];
    for (const block of proseBlocks(page)) {
      if (isFiller(block) || isShortCell(block)) continue;
      for (const run of block.runs) {
        for (const w of proseWords(run.text)) {
          const start = run.offset + w.offset;
          if (!cutByReference(page.text, start, start + w.text.length) && !known(s, speller, w.word)) unknown.push({ block, run, w });
        }
      }
    }
    const names = pageNames(page.text, speller, unknown);
    for (const { run, w } of unknown) {
      if (names.has(w.word.toLowerCase())) continue;
      const range: Range = page.index.range(run.offset + w.offset, w.text.length);
      const suggestions = speller
        .suggest(w.word, SUGGESTIONS)
        .map((x) => inCaseOf(w.text, x))
        .filter((x, i, all) => x !== w.text && all.indexOf(x) === i);
      const message = suggestions.length
        ? `\`${w.text}\` is not in the dictionary (did you mean ${orList(suggestions.map((x) => `\`${x}\``))}?)`
        : `\`${w.text}\` is not in the dictionary or the site’s words.`;
      report({
        message,
        range,
        fixes: [...suggestions.map((x) => pageFix(page, `Change to "${x}"`, [{ range, newText: x }])), addWordFix(index.site, w.text)],
      });
    }
  },
};

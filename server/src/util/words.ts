// The words of a piece of prose that a spelling check reads: what is written as a word of the
// language, not what is written as code that slipped into prose without backticks. Skipped:
// URLs, email addresses and @handles, file names and paths, `--flags`, words with digits, dots,
// underscores or slashes, identifiers (camelCase, PascalCase with a capital inside, `OAuth`-like
// brands), words in capitals (acronyms) and their plurals (`APIs`), calls (`fetch()`), words
// in other alphabets, and words under four letters. A possessive `'s` is not part of the word; curly
// apostrophes read as straight ones; a hyphenated word is its parts.

export interface ProseWord {
  /** The word as written (possessive left out): what a finding underlines. */
  text: string;
  /** Its offset in the text it was read from. */
  offset: number;
  /** The form to look up: curly apostrophes made straight. */
  word: string;
}

/** Shortest word checked, cspell's default: shorter ones are abbreviations and units (`env`, `cli`) more often than typos. */
export const MIN_WORD_LENGTH = 4;

const OPENING = '"\'“”‘’([{<*_~¡¿';
const CLOSING = '"\'“”‘’)]}>.,;:!?*_~…';

/** A chunk of prose between spaces and dashes. */
const CHUNK = /[^\s—–]+/g;

/** The words of `text` to check, in order. */
export function proseWords(text: string): ProseWord[] {
  const out: ProseWord[] = [];
  for (const m of text.matchAll(CHUNK)) {
    // A `--flag` or `-f` is code; between words `--` reads as a dash (the format prints it as one).
    if (m[0][0] === '-') continue;
    let at = m.index;
    for (const piece of m[0].split('--')) {
      readChunk(piece, at, out);
      at += piece.length + 2;
    }
  }
  return out;
}

function readChunk(chunk: string, at: number, out: ProseWord[]): void {
  if (!chunk) return;
  // Addresses, handles and calls are code or links whatever their letters.
  if (chunk.includes('://') || chunk.includes('@') || /^www\./i.test(chunk) || isCall(chunk)) return;
  let start = 0;
  let end = chunk.length;
  while (start < end && OPENING.includes(chunk[start])) start++;
  while (end > start && CLOSING.includes(chunk[end - 1])) end--;
  const core = chunk.slice(start, end);
  // A `--flag` or `-f`, a `.env`-like file name, or anything with characters words do not hold.
  if (!core || core[0] === '-' || core[0] === '.' || !/^[A-Za-z'’-]+$/.test(core)) return;
  let offset = at + start;
  for (const part of core.split('-')) {
    readPart(part, offset, out);
    offset += part.length + 1;
  }
}

/** `fetch()`, `fetch().` */
function isCall(chunk: string): boolean {
  let end = chunk.length;
  while (end > 0 && '.,;:!?'.includes(chunk[end - 1])) end--;
  return chunk.slice(0, end).endsWith('()');
}

function readPart(part: string, offset: number, out: ProseWord[]): void {
  let start = 0;
  let end = part.length;
  while (start < end && (part[start] === "'" || part[start] === '’')) start++;
  // A possessive (`Acme's`, `users'`) is the word without its ending.
  if (end - start > 2 && /['’]s$/.test(part.slice(start, end))) end -= 2;
  while (end > start && (part[end - 1] === "'" || part[end - 1] === '’')) end--;
  const text = part.slice(start, end);
  // Placeholders of one letter repeated (`xxxxxxxx`) are no words either.
  if (text.length < MIN_WORD_LENGTH || isIdentifierLike(text) || /^(\w)\1+$/.test(text)) return;
  out.push({ text, offset: offset + start, word: text.replace(/’/g, "'") });
}

/** Shapes that name code or a brand rather than spell a word. */
export function isIdentifierLike(word: string): boolean {
  // camelCase and inner capitals (`getUser`, `ParamField`, `GitHub`, `iOS`).
  if (/[a-z][A-Z]/.test(word)) return true;
  // Two capitals then lower case (`OAuth`, `CDNs`, `IDs`).
  if (/^[A-Z]{2,}[a-z]/.test(word)) return true;
  // Acronyms, and words in capitals (`CSPRNG`, an `OLLAMA_HOST` name's part, a shouted `NOT`).
  if (/^[A-Z]+$/.test(word)) return true;
  return false;
}

/** Every word of a name as written (`Acme AI`, `BAML`, `docs-v2`): its letters between other characters, acronyms included. */
export function nameWords(text: string): string[] {
  return text.split(/[^\p{L}'’]+/u).filter((w) => w.length > 0);
}

/** Characters of markup and punctuation that may stand between a sentence's start and its first word. */
const LEAD = new Set([...' \t\r\n*_~[("\'“‘`>#-+|']);

/**
 * Whether the word at `offset` of `text` starts a sentence: nothing but markup stands between it
 * and `blockStart`, or the last character before it ends a sentence (`.`, `!`, `?`), a list
 * item's number, or an element's tag.
 */
export function startsSentence(text: string, blockStart: number, offset: number): boolean {
  let i = offset - 1;
  while (i >= blockStart && LEAD.has(text[i])) {
    // `>` closes a tag (`<Note>Text`): what follows starts afresh.
    if (text[i] === '>' || text[i] === '|') return true;
    i--;
  }
  if (i < blockStart) return true;
  const c = text[i];
  if (c === '.' || c === '!' || c === '?' || c === '…' || c === '}') return true;
  return false;
}

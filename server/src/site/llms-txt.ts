// llms.txt (llmstxt.org), the one place its facts are kept: the size limits, the reading of its
// links, and its check (the order of its parts, the form of its link lists, links that lead
// nowhere). The `llms-txt` rule checks a hand-written file with it, the export builds its own under
// the cap (export/llms.ts) and checks it here in the full form, and `docwright score` grades the
// exported file with the same limits and links.

/**
 * The format's cap on llms.txt, in characters (UTF-16 code units): the format cuts the llms.txt it
 * writes to fit (ai/llmstxt.mdx), and AFDocs' llms-txt-size fails a file over it (agents truncate it).
 */
export const LLMS_TXT_MAX_CHARS = 100_000;
/** AFDocs' llms-txt-size passes a file up to this size and warns above it: some agents read no further. */
export const LLMS_TXT_PASS_CHARS = 50_000;

export type LlmsSizeVerdict = 'pass' | 'warn' | 'fail';

export interface LlmsSize {
  /** In characters, as the limits count. */
  chars: number;
  verdict: LlmsSizeVerdict;
  /** What is wrong, for a verdict other than `pass`. */
  message?: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The size of an llms.txt against the two limits: what `check` reports and `score` grades. */
export function llmsTxtSize(text: string): LlmsSize {
  const chars = text.length;
  if (chars > LLMS_TXT_MAX_CHARS)
    return {
      chars,
      verdict: 'fail',
      message: `llms.txt is ${count(chars)} characters, over ${count(LLMS_TXT_MAX_CHARS)}: agents cut it off there (the format holds its own llms.txt to that size). Split it per product or section, or move reference pages to an "## Optional" section.`,
    };
  if (chars > LLMS_TXT_PASS_CHARS)
    return {
      chars,
      verdict: 'warn',
      message: `llms.txt is ${count(chars)} characters, over ${count(LLMS_TXT_PASS_CHARS)}: some agents read no further. Shorten the descriptions or split it per product or section.`,
    };
  return { chars, verdict: 'pass' };
}

/** A link of a Markdown text: its target as written, its 0-based line and the character where the target starts. */
export interface MarkdownLink {
  url: string;
  line: number;
  character: number;
}

/** A fence line: up to three spaces, then three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Code spans, blanked before links are read (so that positions stay). */
const CODE_SPAN = /`+[^`]*`+/g;
/** The `](target "title")` of a link or image: a target in angle brackets, or one with balanced parentheses. */
const LINK_TARGET = /\]\((?:<([^<>\n]*)>|([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*))(?:\s+(?:"[^"]*"|'[^']*'))?\)/g;

/** Whether each line is inside fenced code (a fence line counts as inside): a fence closes on its own character, as long or longer. */
function fencedLines(lines: readonly string[]): boolean[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const f = FENCE.exec(line);
    if (!f) return fence !== undefined;
    if (fence === undefined) fence = f[1][0].repeat(f[1].length);
    else if (f[1].startsWith(fence)) fence = undefined;
    return true;
  });
}

/** The link and image targets of a Markdown text (llms.txt, a page's Markdown copy) outside code; an empty target too. */
export function markdownLinks(text: string): MarkdownLink[] {
  const out: MarkdownLink[] = [];
  const lines = text.split(/\r?\n/);
  const fenced = fencedLines(lines);
  for (let i = 0; i < lines.length; i++) {
    if (fenced[i] || !lines[i].includes('](')) continue;
    const plain = lines[i].replace(CODE_SPAN, (c) => ' '.repeat(c.length));
    for (const m of plain.matchAll(LINK_TARGET)) {
      const url = m[1] ?? m[2];
      const at = m[0].indexOf(url, 2);
      out.push({ url, line: i, character: m.index + (url ? at : 2) });
    }
  }
  return out;
}

export interface LlmsProblem {
  /** 0-based line. */
  line: number;
  message: string;
  /** `title`: no `# Name` first (what the format requires); `link`: a link without URL, title or target; `form`: the full form's order and shape. */
  kind: 'title' | 'link' | 'form';
  /** The link's target, for a `link` problem. */
  url?: string;
}

export interface LlmsValidation {
  /** Whether a link target exists; undefined = cannot tell (an absolute URL elsewhere): not reported. */
  resolve?(url: string): boolean | undefined;
  /**
   * `full` (default, for the file the export writes): every part in the spec's order and form.
   * `required` (for a hand-written file): what the spec requires (the `# Name` first) and links
   * that lead nowhere; the optional parts' form is the writer's choice. The size is llmsTxtSize's.
   */
  form?: 'full' | 'required';
}

const H1 = /^#\s+\S/;
const H2 = /^##\s+(\S.*)$/;
const HEADING = /^(#{1,6})(\s|$)/;
const ITEM = /^\s*[-*+]\s+(.*)$/;
/** `[title](url)` then optionally `: notes` (or ` - notes`, which some writers use). */
const LINK_ITEM = /^\[((?:\\.|[^\]\\])+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)(?:\s*(?::|-)\s*(.*))?$/;

/**
 * The problems of an llms.txt: the `# Name` first, links that lead nowhere and, in the full form,
 * the order of its parts (H1, summary quote, details, `##` sections of link lists, `Optional` last)
 * and the form of each list item.
 */
export function validateLlmsTxt(text: string, options: LlmsValidation = {}): LlmsProblem[] {
  const problems: LlmsProblem[] = [];
  const full = (options.form ?? 'full') === 'full';
  // A departure from the optional parts' form: reported for the full form only.
  const style = (line: number, message: string) => {
    if (full) problems.push({ line, message, kind: 'form' });
  };
  const link = (line: number, url: string) => {
    if (!url) problems.push({ line, message: 'The link has no URL.', kind: 'link', url });
    else if (options.resolve?.(url) === false) problems.push({ line, message: `The link "${url}" leads to no page or file of the site.`, kind: 'link', url });
  };
  const lines = text.split(/\r?\n/);
  const titleAt = lines.findIndex((l) => l.trim() !== '');
  if (titleAt < 0) {
    problems.push({ line: 0, message: 'llms.txt is empty: it starts with "# Name", a "> summary", then "## Section" lists of links.', kind: 'title' });
    return problems;
  }
  if (!H1.test(lines[titleAt]))
    problems.push({ line: titleAt, message: 'llms.txt must start with the site name as a level-1 heading ("# Name").', kind: 'title' });
  if (!full) {
    // Past the name, any Markdown may follow: only its links are checked, outside code.
    for (const l of markdownLinks(text)) link(l.line, l.url);
    return problems;
  }

  const fenced = fencedLines(lines);
  type Part = 'title' | 'summary' | 'details' | 'sections';
  let part: Part = H1.test(lines[titleAt]) ? 'title' : 'details';
  let section: { name: string; line: number; items: number } | undefined;
  let optionalAt: number | undefined;
  let hasSummary = false;
  let summaryMissingAt: number | undefined;
  const endSection = () => {
    if (section && section.items === 0)
      style(section.line, `Section "${section.name}" lists no links: each ## section is a list of "- [title](url): description".`);
  };
  for (let i = titleAt + (part === 'title' ? 1 : 0); i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const heading = fenced[i] ? null : HEADING.exec(line);
    if (heading && heading[1].length === 1) {
      style(i, 'Only one level-1 heading: the site name at the top.');
      continue;
    }
    if (part === 'title' || part === 'summary') {
      if (line.startsWith('>')) {
        part = 'summary';
        hasSummary = true;
        continue;
      }
      if (part === 'title') summaryMissingAt ??= i;
    }
    if (part !== 'sections') {
      if (line.startsWith('>') && part === 'details' && !hasSummary) {
        hasSummary = true;
        style(i, 'The summary block quote comes right after the name, before any other text.');
        continue;
      }
      if (!heading) {
        part = 'details';
        continue;
      }
    }
    if (heading) {
      if (heading[1].length !== 2) {
        if (part === 'sections') continue; // a deeper heading inside a section's notes
        style(i, `Level-${heading[1].length} heading before the first section: sections are "## Name" headings.`);
        continue;
      }
      endSection();
      const name = H2.exec(line)?.[1].trim() ?? '';
      if (optionalAt !== undefined) {
        style(optionalAt, 'The "Optional" section comes last: it holds what a reader may skip.');
        optionalAt = undefined;
      } else if (/^optional$/i.test(name)) optionalAt = i;
      section = { name, line: i, items: 0 };
      part = 'sections';
      continue;
    }
    // Inside a section: list items with one link each.
    const item = ITEM.exec(line);
    if (!item) {
      if (/^\s/.test(line)) continue; // continuation of the previous item
      style(i, 'Sections hold lists of links ("- [title](url): description"); move other text above the first section.');
      continue;
    }
    const parsed = LINK_ITEM.exec(item[1].trim());
    if (!parsed) {
      style(i, 'A list item is "- [title](url)", optionally followed by ": description".');
      continue;
    }
    section!.items++;
    const [, title, url] = parsed;
    if (!title.trim()) problems.push({ line: i, message: 'The link has no title.', kind: 'link', url });
    link(i, url);
  }
  endSection();
  if (H1.test(lines[titleAt]) && !hasSummary)
    style(summaryMissingAt ?? titleAt, 'A "> summary" block quote should follow the name: one or two sentences on what the site documents.');
  return problems;
}

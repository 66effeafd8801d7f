// llms.txt (llmstxt.org) checked: the order of its parts, the form of its link lists, links that
// lead nowhere, its size. The file the export writes gets the full form (export/llms.ts builds it);
// one written by hand (the `llms-txt` rule) what the spec requires and what is broken.

/** Above this size an llms.txt no longer fits comfortably in a model's context (about 125,000 tokens). */
export const LLMS_TXT_MAX_BYTES = 500 * 1024;

export interface LlmsProblem {
  /** 0-based line. */
  line: number;
  message: string;
}

export interface LlmsValidation {
  /** Whether a link target exists; undefined = cannot tell (an absolute URL elsewhere): not reported. */
  resolve?(url: string): boolean | undefined;
  maxBytes?: number;
  /**
   * `full` (default, for the file the export writes): every part in the spec's order and form.
   * `required` (for a hand-written file): what the spec requires (the `# Name` first) and what is
   * broken (links that lead nowhere, size); the optional parts' form is the writer's choice.
   */
  form?: 'full' | 'required';
}

const H1 = /^#\s+\S/;
const H2 = /^##\s+(\S.*)$/;
const HEADING = /^(#{1,6})(\s|$)/;
const ITEM = /^\s*[-*+]\s+(.*)$/;
/** A Markdown link or image anywhere in a line: `[text](url)`. */
const INLINE_LINK = /\[(?:\\.|[^\]\\])*\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)/g;
/** `[title](url)` then optionally `: notes` (or ` - notes`, which some writers use). */
const LINK_ITEM = /^\[((?:\\.|[^\]\\])+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)(?:\s*(?::|-)\s*(.*))?$/;

/**
 * The problems of an llms.txt: the order of its parts (H1, summary quote, details, `##` sections
 * of link lists, `Optional` last), the form of each list item, links that lead nowhere, its size.
 */
export function validateLlmsTxt(text: string, options: LlmsValidation = {}): LlmsProblem[] {
  const problems: LlmsProblem[] = [];
  const full = (options.form ?? 'full') === 'full';
  // A departure from the optional parts' form: reported for the full form only.
  const style = (p: LlmsProblem) => {
    if (full) problems.push(p);
  };
  const lines = text.split(/\r?\n/);
  const maxBytes = options.maxBytes ?? LLMS_TXT_MAX_BYTES;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > maxBytes)
    problems.push({
      line: 0,
      message: `llms.txt is ${Math.round(bytes / 1024)} KB, over ${Math.round(maxBytes / 1024)} KB: too large for a model to read in one go. Move detail into llms-full.txt or an Optional section's pages.`,
    });

  type Part = 'start' | 'title' | 'summary' | 'details' | 'sections';
  let part: Part = 'start';
  let section: { name: string; line: number; items: number } | undefined;
  let optionalAt: number | undefined;
  let hasSummary = false;
  let titleLine: number | undefined;
  let summaryMissingAt: number | undefined;
  let inFence = false;
  const endSection = () => {
    if (section && section.items === 0)
      style({ line: section.line, message: `Section "${section.name}" lists no links: each ## section is a list of "- [title](url): description".` });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (line.trim() === '') continue;
    if (part === 'start') {
      if (!H1.test(line)) {
        problems.push({ line: i, message: 'llms.txt must start with the site name as a level-1 heading ("# Name").' });
        part = 'details';
      } else {
        part = 'title';
        titleLine = i;
      }
      if (part === 'title') continue;
    }
    if (!full) {
      // Past the name, any Markdown may follow: only its links are checked, outside code.
      if (inFence || /^\s*(```|~~~)/.test(line)) continue;
      for (const m of line.replace(/`+[^`]*`+/g, (c) => ' '.repeat(c.length)).matchAll(INLINE_LINK)) {
        const url = m[1];
        if (!url) problems.push({ line: i, message: 'The link has no URL.' });
        else if (options.resolve?.(url) === false) problems.push({ line: i, message: `The link "${url}" leads to no page or file of the site.` });
      }
      continue;
    }
    const heading = inFence ? null : HEADING.exec(line);
    if (heading && heading[1].length === 1) {
      style({ line: i, message: 'Only one level-1 heading: the site name at the top.' });
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
        style({ line: i, message: 'The summary block quote comes right after the name, before any other text.' });
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
        style({ line: i, message: `Level-${heading[1].length} heading before the first section: sections are "## Name" headings.` });
        continue;
      }
      endSection();
      const name = H2.exec(line)?.[1].trim() ?? '';
      if (optionalAt !== undefined) {
        style({ line: optionalAt, message: 'The "Optional" section comes last: it holds what a reader may skip.' });
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
      style({ line: i, message: 'Sections hold lists of links ("- [title](url): description"); move other text above the first section.' });
      continue;
    }
    const link = LINK_ITEM.exec(item[1].trim());
    if (!link) {
      style({ line: i, message: 'A list item is "- [title](url)", optionally followed by ": description".' });
      continue;
    }
    section!.items++;
    const [, title, url] = link;
    if (!title.trim()) problems.push({ line: i, message: 'The link has no title.' });
    if (!url) {
      problems.push({ line: i, message: 'The link has no URL.' });
      continue;
    }
    const found = options.resolve?.(url);
    if (found === false) problems.push({ line: i, message: `The link "${url}" leads to no page or file of the site.` });
  }
  endSection();
  if (titleLine !== undefined && !hasSummary) {
    style({
      line: summaryMissingAt ?? titleLine,
      message: 'A "> summary" block quote should follow the name: one or two sentences on what the site documents.',
    });
  }
  if (part === 'start') problems.push({ line: 0, message: 'llms.txt is empty: it starts with "# Name", a "> summary", then "## Section" lists of links.' });
  return problems;
}

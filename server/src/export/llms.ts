// llms.txt (llmstxt.org): `# Site name`, a `> summary` block quote, optional Markdown that is not
// a heading, then `## Section` lists of `- [Title](url): description`; a section named `Optional`
// holds what a reader may skip. Built from the site model's navigation groups, in order (the
// export checks what it built with site/llms-txt.ts, as the `llms-txt` rule checks a hand-written one).
import { agentInstructionsBlock, oneLine } from './markdown';

export interface LlmsEntry {
  title: string;
  url: string;
  description?: string;
}

export interface LlmsSection {
  name: string;
  entries: LlmsEntry[];
}

/** Markdown link text: brackets and backslashes escaped, one line. */
function linkText(s: string): string {
  return oneLine(s).replace(/[\\[\]]/g, (c) => `\\${c}`);
}

const URL_ESCAPES: Record<string, string> = { ' ': '%20', '(': '%28', ')': '%29', '<': '%3C', '>': '%3E' };
/** A URL in a Markdown link: spaces, parentheses and angle brackets percent-encoded. */
function linkUrl(s: string): string {
  return s.replace(/[ ()<>]/g, (c) => URL_ESCAPES[c]);
}

/** `instructions`: the site's `markdown.instructions`, written after the summary as the format does. */
export function buildLlmsTxt(name: string, summary: string, sections: LlmsSection[], details?: string, instructions?: string): string {
  const out = [`# ${oneLine(name)}`, '', `> ${oneLine(summary)}`, ''];
  if (instructions) out.push(agentInstructionsBlock(instructions), '');
  if (details) out.push(details.trim(), '');
  for (const s of sections) {
    if (s.entries.length === 0) continue;
    out.push(`## ${oneLine(s.name)}`, '');
    for (const e of s.entries) out.push(`- [${linkText(e.title)}](${linkUrl(e.url)})${e.description ? `: ${oneLine(e.description)}` : ''}`);
    out.push('');
  }
  return out.join('\n');
}

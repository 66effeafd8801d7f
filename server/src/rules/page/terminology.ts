import { pageFix, pageSite } from '../page-utils';
import { isBodyText, proseTexts, sourceSpan, writtenAsRead } from '../prose';
import type { PageRule } from '../types';

const TERMS = JSON.stringify({ terms: { reject: { 'e-mail': 'email', 'sign-in page': 'sign-in screen' }, accept: ['E-Mail Gateway'] } }, null, 2);
const PAGE = (body: string) => pageSite(`## Overview\n\n${body}\n`, { extra: { '.docwright.json': TERMS } });

/** A character that continues a word: a term never matches inside a longer word. */
const WORD = String.raw`[\p{L}\p{N}_]`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `replacement` in the case of `found`: capitalised when the found text starts with a capital. */
function sameCase(found: string, replacement: string): string {
  if (found.length > 1 && found === found.toUpperCase() && found !== found.toLowerCase()) return replacement.toUpperCase();
  return /^\p{Lu}/u.test(found) && /^\p{Ll}/u.test(replacement) ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
}

export const terminology: PageRule = {
  id: 'terminology',
  description: 'Prose uses the terms the team chose in `.docwright.json` (`terms.reject`), anywhere on the page.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'A team writes one term for one thing. `.docwright.json` at the site root lists the terms to avoid and what to write instead, `{"terms": {"reject": {"e-mail": "email"}, "accept": ["E-Mail Gateway"]}}`, and the editor and CI read the same file. Terms are matched as whole words, whatever their case, in all prose of a page: paragraphs, headings, lists, tables and the text inside components, which prose linters that read Markdown alone cannot see. Code, URLs, front matter and attribute values are never checked. A match written exactly as its replacement, or covered by an `accept` entry, is fine. The fix writes the replacement, capitalised like the word it replaces. With no `terms` in `.docwright.json` the rule checks nothing.',
    bad: PAGE('<Note>\n  Send the report by e-mail.\n</Note>'),
    good: PAGE('<Note>\n  Send the report by email from the E-Mail Gateway.\n</Note>'),
  },
  check({ page, index, report }) {
    const terms = index.site.terms;
    if (!terms || terms.reject.size === 0) return;
    const rejected = [...terms.reject.keys()].sort((a, b) => b.length - a.length);
    const pattern = new RegExp(`(?<!${WORD})(?:${rejected.map(escape).join('|')})(?!${WORD})`, 'giu');
    const replacementOf = new Map([...terms.reject].map(([k, v]) => [k.toLowerCase(), v]));
    const accepted = terms.accept.length ? new RegExp(`(?<!${WORD})(?:${terms.accept.map(escape).join('|')})(?!${WORD})`, 'gu') : undefined;
    for (const t of proseTexts(page)) {
      if (!isBodyText(t.block)) continue;
      const allowed: [number, number][] = [];
      if (accepted) for (const a of t.text.matchAll(accepted)) allowed.push([a.index, a.index + a[0].length]);
      for (const m of t.text.matchAll(pattern)) {
        const found = m[0];
        const replacement = sameCase(found, replacementOf.get(found.toLowerCase()) ?? found);
        if (found === replacement || allowed.some(([s, e]) => m.index >= s && m.index + found.length <= e)) continue;
        const [start, end] = sourceSpan(t, m.index, m.index + found.length);
        const range = page.index.range(start, end - start);
        // A term split by markup (`sign-in **page**`) is reported, but replacing it would drop the markup.
        const fixes = writtenAsRead(page, t, m.index, m.index + found.length)
          ? [pageFix(page, `Replace with "${replacement}"`, [{ range, newText: replacement }], true)]
          : [];
        report({ message: `Write "${replacement}", not "${found}" (the team's terms in .docwright.json).`, range, fixes });
      }
    }
  },
};

// Vale's scopes: a rule's `scope` (a selector or a list of them, `heading.h2`, `~blockquote`,
// `sentence & ~list`) against a text's scope sections (`text.heading.h2.mdx`). A selector matches
// when every one of its parts is among the text's sections; a negated part (`~`) when it is not
// (and never on the whole-page scopes, `summary` and `raw`).

/** The scopes a rule may name (Vale's list); `code`, `link`, `strong`, `emphasis` were dropped by Vale for `raw`. */
export const VALE_SCOPES = [
  'text',
  'heading',
  'table',
  'list',
  'paragraph',
  'sentence',
  'alt',
  'title',
  'frontmatter',
  'blockquote',
  'summary',
  'raw',
  'figure',
] as const;
const INLINE_SCOPES = new Set(['code', 'link', 'strong', 'emphasis']);

interface Part {
  sections: string[];
  negated: boolean;
}

export interface ValeScope {
  /** Each selector's parts (`a & b`). */
  selectors: Part[][];
  /** The whole-page scope the rule runs on, when it names one. */
  sized?: 'summary' | 'raw';
}

/** A rule's `scope` value read, or what is wrong with it. */
export function readScope(value: unknown): ValeScope | { error: string } {
  const list = value === undefined || value === null ? ['text'] : Array.isArray(value) ? value : [value];
  const selectors: Part[][] = [];
  let sized: ValeScope['sized'];
  for (const item of list) {
    if (typeof item !== 'string') return { error: `a scope is a name such as 'heading' or 'sentence', not ${JSON.stringify(item)}` };
    const parts: Part[] = [];
    for (const raw of item.split('&')) {
      let p = raw.trim();
      const negated = p.startsWith('~');
      if (negated) p = p.slice(1).trim();
      const sections = p.split('.').filter(Boolean);
      const base = sections[0] ?? '';
      if (INLINE_SCOPES.has(base)) return { error: `scope '${base}' is no longer supported by Vale; use 'raw'` };
      if (!(VALE_SCOPES as readonly string[]).includes(base)) return { error: `'${base}' is not a scope (one of ${VALE_SCOPES.join(', ')})` };
      if (!negated && (base === 'summary' || base === 'raw')) sized = base;
      parts.push({ sections, negated });
    }
    selectors.push(parts);
  }
  return { selectors, sized };
}

/** Whether a text of these sections is in the scope. */
export function inScope(scope: ValeScope, sections: readonly string[]): boolean {
  const sizedText = sections.includes('raw') || sections.includes('summary');
  return scope.selectors.some((parts) =>
    parts.every((p) => {
      const contains = p.sections.every((s) => sections.includes(s));
      return p.negated ? !contains && !sizedText : contains;
    }),
  );
}

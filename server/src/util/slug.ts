// Heading anchors as the format's renderer makes them (documented by the format, and not GitHub's
// slugging): lower case; whitespace and "." become "-"; "'" becomes "’" and stays; parentheses are
// dropped; "/" and "&" stay; repeated slugs get "-2", "-3", ... The renderer uses the same function.

export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/\./g, '-')
    .replace(/[()]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\-_’&/]/gu, '');
}

/** Makes unique slugs for the headings of one page, in order. */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = slugify(text);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}

/** A loose form for comparing anchors written by hand: letters and digits, single dashes. */
export function looseSlug(anchor: string): string {
  return anchor
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

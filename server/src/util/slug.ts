// Heading anchors as the format's renderer makes them. The format's code (its `slugify`, the table
// of contents plugin and the heading component) is followed where its documentation differs: the
// title is lower-cased, whitespace becomes "-", then percent-encoded as a URL component; runs of
// other characters become "-" (the `%XX` escapes stay); repeats get "-2", "-3", ... The element id
// is that slug percent-decoded, without `?,;:!'"()[]{}` and emoji.

const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F/gu;

/** encodeURIComponent, with lone surrogates (which it rejects) replaced first. */
function encodeComponent(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** Dashes for runs of characters outside `keep`, an "-s"/"-t" after a word joined to it, no repeated or outer dashes. */
function dashes(text: string, keep: RegExp): string {
  return text
    .replace(keep, '-')
    .replace(/\\/g, '')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** A title lower-cased, whitespace to "-", percent-encoded: what the slug is made from. */
export function encodeTitle(title: string): string {
  return encodeComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
}

/** The slug of a heading title (percent-encoded, e.g. `onchatsuspend-%2F-onchatresume`). */
export function slugify(title: string): string {
  const encoded = encodeTitle(title);
  return /%[0-9A-F]{2}/.test(encoded) ? dashes(encoded, /[^a-zA-Z\d%_]+/g) : dashes(encoded.toLowerCase(), /[^a-z\d_]+/g);
}

/** The element id of a heading slug or of a custom id: percent-decoded, without `?,;:!'"()[]{}` and emoji. */
export function cleanHeadingId(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return id;
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(EMOJI, '');
}

/** A `{#id}` written after a heading, as the format reads it before the page is parsed. */
export function normalizeCustomId(raw: string): string {
  return raw
    .trim()
    .replace(/[<>"&?,;:!'()[\]{}]/g, '')
    .replace(EMOJI, '')
    .replace(/\s+/g, '-');
}

/**
 * The counter the format applies to Markdown headings first: the second "setup" is "setup-2"; a
 * slug that already ends in a number counts against its numberless form once that is over two.
 */
export function createCounter(): (slug: string) => string {
  const seen = new Map<string, number>();
  return (slug) => {
    if (!slug) return '';
    const lower = slug.toLowerCase();
    const numberless = seen.get(lower.replace(/(?:-\d+?)+?$/, '')) ?? 0;
    const count = (seen.get(lower) ?? 0) + 1;
    seen.set(lower, count);
    return count >= 2 || numberless > 2 ? `${slug}-${count}` : slug;
  };
}

/** The de-duplication of the table of contents: shared by slugs and custom ids; "-2", "-3", ... past any taken. */
export function createDeduplicator(): (slug: string) => string {
  const seen = new Map<string, number>();
  return (slug) => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix++;
    seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  };
}

/** The TOC anchor of a heading with this title and optional custom id (before the element id is cleaned). */
export function tocSlug(dedup: (slug: string) => string, title: string, customId?: string): string {
  if (customId) {
    const cleaned = cleanHeadingId(customId);
    return dedup(cleaned || slugify(title));
  }
  return dedup(slugify(title));
}

/**
 * Makes the element ids of one page's headings, in order, for headings without a custom id (the
 * renderer's `<Heading>`, a `<Step>` title): the table of contents' slug, cleaned.
 */
export function createSlugger(): (text: string) => string {
  const dedup = createDeduplicator();
  return (text) => cleanHeadingId(tocSlug(dedup, text));
}

/** The id of an Accordion or View from its title: ASCII letters and digits with dashes (accents dropped, `&` "and"). */
export function componentSlug(title: string): string {
  const text = title
    .replace(':', '-')
    .normalize()
    .replace(/&/g, ' and ')
    .replace(/🦄/g, ' unicorn ')
    .replace(/♥/g, ' love ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .normalize()
    .toLowerCase();
  return dashes(text, /[^a-z\d]+/g);
}

/**
 * The id of an API field (`param-…`), as the format's MDX build gives a ParamField or ResponseField
 * from its name: `param-<name>` (`_1`, `_2`… after a repeat) with camelCase split into words, lower
 * case, runs of anything but ASCII letters and digits to one "-" (`&` reads "and", "-s"/"-t" after
 * a word joined to it). Undefined for a name with other characters, which the format transliterates
 * by a table Docwright does not reproduce, or over 500 characters.
 */
export function fieldSlug(name: string, repeat = 0): string | undefined {
  if (name.length > 500) return undefined;
  const text = `param-${name}${repeat > 0 ? `_${repeat}` : ''}`.replace(/&/g, ' and ');
  if (/[^\x20-\x7E]/.test(text)) return undefined;
  // Words of a camelCase or capitals name: "userID2" -> "user ID 2", "HTTPServer" -> "HTTP Server".
  const words = text
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2')
    .toLowerCase();
  return dashes(words, /[^a-z\d]+/g);
}

/**
 * Whether a link's `#fragment` reaches an element id, as a browser finds it: the fragment as the
 * URL carries it (non-ASCII and spaces percent-encoded), then that percent-decoded.
 */
export function fragmentMatches(fragment: string, ids: ReadonlySet<string>): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what the URL encodes
  const carried = fragment.replace(/[\u0000-\u0020"<>`\u007F-\uFFFF]+/g, (run) => encodeComponent(run));
  if (ids.has(carried)) return carried;
  let decoded: string;
  try {
    decoded = decodeURIComponent(carried);
  } catch {
    return undefined;
  }
  return ids.has(decoded) ? decoded : undefined;
}

/** A loose form for suggesting the anchor a hand-written one meant: letters and digits, single dashes. */
export function looseSlug(anchor: string): string {
  return anchor
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

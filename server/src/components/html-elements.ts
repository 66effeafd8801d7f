// The HTML elements a page may hold, shared by the renderer's allow-list (render/sanitize.ts) and
// the rule that reports the others (html-element-dropped), so that check says what the export does;
// and the ones the format itself leaves out as blocks, which that rule reports too.
import { defaultSchema } from 'hast-util-sanitize';

export const SVG_TAGS: readonly string[] = ['svg', 'path', 'g', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse'];

/** Elements the sanitiser keeps (their attributes are checked there). */
export const ALLOWED_TAGS: readonly string[] = [
  ...(defaultSchema.tagNames ?? []),
  'div',
  'span',
  'section',
  'nav',
  'aside',
  'header',
  'footer',
  'figure',
  'figcaption',
  'button',
  'mark',
  'small',
  'video',
  'audio',
  'source',
  'iframe',
  'picture',
  'abbr',
  'kbd',
  'u',
  'time',
  'code',
  'pre',
  'details',
  'summary',
  // On the format's own renderer's list of HTML elements (@mintlify/common); a caption, not a form control here.
  'label',
  ...SVG_TAGS,
];

/**
 * Elements the sanitiser keeps that the format's renderer leaves out, content and all, where they
 * stand as blocks: its MDX step turns each block element missing from its list of components and
 * HTML elements (@mintlify/common: allowedComponents, remarkMdxRemoveUnknownJsx) into a comment,
 * while the same element inside a line of text is kept. Each with what to write instead (its docs'
 * Docusaurus migration guide maps both to an Accordion).
 */
export const FORMAT_DROPS_AS_BLOCK: ReadonlyMap<string, string> = new Map([
  ['details', 'Use <Accordion title="…"> instead'],
  ['summary', 'Write it as the title of an <Accordion>'],
]);

/** Elements dropped together with their content. */
export const STRIPPED_TAGS: readonly string[] = ['script', 'style', 'template', 'noscript'];

const ALLOWED = new Set(ALLOWED_TAGS);
const STRIPPED = new Set(STRIPPED_TAGS);

/** Whether a JSX name is an HTML element (lower-case start, no member access) rather than a component. */
export function isHtmlElementName(name: string): boolean {
  return /^[a-z]/.test(name) && !name.includes('.');
}

/** What the rendered page keeps of an HTML element: the element, its content alone, or nothing. */
export function htmlElementFate(name: string): 'kept' | 'content' | 'nothing' {
  return ALLOWED.has(name) ? 'kept' : STRIPPED.has(name) ? 'nothing' : 'content';
}

// JSX style objects as CSS text, for HTML elements of pages and of `.jsx` components' output.

/** Properties whose bare numbers React writes without a unit (the rest get `px`). */
const UNITLESS = new Set([
  'animation-iteration-count',
  'aspect-ratio',
  'column-count',
  'columns',
  'flex',
  'flex-grow',
  'flex-shrink',
  'font-weight',
  'grid-area',
  'grid-column',
  'grid-column-end',
  'grid-column-start',
  'grid-row',
  'grid-row-end',
  'grid-row-start',
  'line-clamp',
  'line-height',
  'opacity',
  'order',
  'orphans',
  'scale',
  'tab-size',
  'widows',
  'z-index',
  'zoom',
  'fill-opacity',
  'stroke-opacity',
  'stroke-width',
]);

/**
 * A JSX style object (`style={{ marginTop: 8, color: 'red' }}`) as CSS text, the way React writes
 * it: camelCase names in kebab case, `px` after bare numbers. The sanitiser cleans the result.
 */
export function styleText(style: Record<string, unknown>): string | undefined {
  const out: string[] = [];
  for (const [name, value] of Object.entries(style)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const prop = name.startsWith('--') ? name : name.replace(/^(ms|webkit|moz)(?=[A-Z])/, '-$1').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const v =
      typeof value === 'number' && value !== 0 && !UNITLESS.has(prop.replace(/^-(ms|webkit|moz)-/, '')) && !prop.startsWith('--')
        ? `${value}px`
        : String(value);
    out.push(`${prop}:${v}`);
  }
  return out.length ? out.join(';') : undefined;
}

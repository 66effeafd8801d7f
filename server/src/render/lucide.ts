// Icons by name from Lucide (`icons.library: "lucide"` in docs.json): the shapes of lucide-static's
// icon-nodes.json, drawn as inline SVG with Lucide's own attributes (24-unit grid, stroked with
// the text colour), so a page carries only the icons it shows.
import type { Element } from 'hast';
import nodes from 'lucide-static/icon-nodes.json';

type IconNode = [string, Record<string, string>][];
const ICONS = nodes as unknown as Record<string, IconNode>;

/** The Lucide icon of a name (`rocket`, `Rocket`, `lucide-rocket`), or undefined when Lucide has none. */
export function lucideIcon(name: string, className: string): Element | undefined {
  const key = name
    .trim()
    .replace(/^lucide-/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const shape = Object.hasOwn(ICONS, key) ? ICONS[key] : undefined;
  if (!shape) return undefined;
  return {
    type: 'element',
    tagName: 'svg',
    properties: {
      className: className.split(' '),
      viewBox: '0 0 24 24',
      ariaHidden: 'true',
      focusable: 'false',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: '2',
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      dataIcon: key,
    },
    children: shape.map(([tagName, attrs]) => ({ type: 'element', tagName, properties: { ...attrs }, children: [] })),
  };
}

export function hasLucideIcon(name: string): boolean {
  return lucideIcon(name, '') !== undefined;
}

/** Every Lucide icon name. */
export function lucideIconNames(): string[] {
  return Object.keys(ICONS).sort();
}

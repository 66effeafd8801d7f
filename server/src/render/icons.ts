// Icons by name from the Font Awesome free set (solid, regular, brands). The format names icons
// without the `fa-` prefix and picks a style with `iconType`; the Pro styles (duotone, light, thin,
// the sharp ones) fall back to the nearest free one. A name outside the free set draws a neutral
// placeholder icon (a rounded square with a dot), so the card or anchor keeps its shape.
import type { Element } from 'hast';
import { fab } from '@fortawesome/free-brands-svg-icons';
import { far } from '@fortawesome/free-regular-svg-icons';
import { fas } from '@fortawesome/free-solid-svg-icons';
import { toHtml } from './html';
import { lucideIcon, lucideIconNames } from './lucide';

/** `icons.library` of docs.json: where the icons a page names come from (the chrome's own are Font Awesome). */
export type IconLibrary = 'fontawesome' | 'lucide';

type IconDef = { iconName: string; icon: [number, number, unknown[], string, string | string[]] };
type Pack = Record<string, IconDef>;

let maps: { solid: Map<string, IconDef>; regular: Map<string, IconDef>; brands: Map<string, IconDef> } | undefined;

function byName(pack: Pack): Map<string, IconDef> {
  const m = new Map<string, IconDef>();
  for (const def of Object.values(pack)) {
    m.set(def.iconName, def);
    for (const alias of def.icon[2]) if (typeof alias === 'string') m.set(alias, def);
  }
  return m;
}

function packs() {
  maps ??= { solid: byName(fas as unknown as Pack), regular: byName(far as unknown as Pack), brands: byName(fab as unknown as Pack) };
  return maps;
}

/** The icon definition for a name and style, or undefined when the free set has no such icon. */
function lookup(name: string, iconType: string | undefined): IconDef | undefined {
  const p = packs();
  const n = name
    .trim()
    .toLowerCase()
    .replace(/^fa[srlbdt]?-/, '');
  // The sharp styles draw as their rounded counterparts (the free set has no sharp icons).
  const style = iconType?.replace(/^sharp-(duotone-)?/, '');
  const order =
    style === 'brands'
      ? [p.brands, p.solid]
      : style === 'regular' || style === 'light' || style === 'thin'
        ? [p.regular, p.solid, p.brands]
        : [p.solid, p.regular, p.brands];
  for (const m of order) {
    const def = m.get(n);
    if (def) return def;
  }
  return undefined;
}

export function hasIcon(name: string, iconType?: string): boolean {
  return lookup(name, iconType) !== undefined;
}

/** The neutral icon drawn for a name the free set does not have. */
function fallbackIcon(name: string, className: string): Element {
  const path = (d: string, extra: Record<string, string> = {}): Element => ({ type: 'element', tagName: 'path', properties: { d, ...extra }, children: [] });
  return {
    type: 'element',
    tagName: 'svg',
    properties: {
      className: [...className.split(' '), 'dw-icon-fallback'],
      viewBox: '0 0 24 24',
      ariaHidden: 'true',
      focusable: 'false',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: '2',
      dataIcon: name.slice(0, 64),
    },
    children: [
      path('M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z'),
      path('M12 12h.01', { strokeLinecap: 'round', strokeWidth: '4' }),
    ],
  };
}

/**
 * An inline `<svg>` of the icon (coloured by `currentColor`) from the library; the neutral
 * placeholder for a name the library does not have.
 */
export function iconElement(name: string | undefined, iconType?: string, className = 'dw-icon', library: IconLibrary = 'fontawesome'): Element | undefined {
  if (!name || !name.trim()) return undefined;
  if (library === 'lucide') return lucideIcon(name, className) ?? fallbackIcon(name, className);
  const def = lookup(name, iconType);
  if (!def) return fallbackIcon(name, className);
  const [w, h, , , path] = def.icon;
  const paths = Array.isArray(path) ? path : [path];
  return {
    type: 'element',
    tagName: 'svg',
    properties: { className: [className], viewBox: `0 0 ${w} ${h}`, ariaHidden: 'true', focusable: 'false', fill: 'currentColor' },
    children: paths.map((d) => ({ type: 'element', tagName: 'path', properties: { d }, children: [] })),
  };
}

/** The names a page can give `icon` in a library (Font Awesome: the free set's own names, not their aliases). */
export function iconNames(library: IconLibrary): string[] {
  if (library === 'lucide') return lucideIconNames();
  const p = packs();
  const names = new Set<string>();
  for (const m of [p.solid, p.regular, p.brands]) for (const def of m.values()) names.add(def.iconName);
  return [...names].sort();
}

/**
 * The icon as a standalone SVG image (a fixed grey that reads on light and dark themes, since an
 * image cannot take the text colour), or undefined when the library has no such icon.
 */
export function iconSvg(name: string, library: IconLibrary): string | undefined {
  const known = library === 'lucide' ? lucideIcon(name, '') !== undefined : hasIcon(name);
  const el = known ? iconElement(name, undefined, 'dw-icon', library) : undefined;
  if (!el) return undefined;
  const colour = '#8a8a8a';
  const props = {
    ...el.properties,
    className: undefined,
    ariaHidden: undefined,
    focusable: undefined,
    xmlns: 'http://www.w3.org/2000/svg',
    width: '48',
    height: '48',
  };
  if (props.fill === 'currentColor') props.fill = colour;
  if (props.stroke === 'currentColor') props.stroke = colour;
  return toHtml({ ...el, properties: props });
}

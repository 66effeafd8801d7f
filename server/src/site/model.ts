// The renderable model of a site: its chrome (logo, colours, top bar, tabs, anchors, versions,
// footer, mode toggle) and its navigation tree. Preview, export and llms.txt read only this, never
// the raw config, so they do not care which generation of docs.json the site uses.
import type { ConfigDocument } from '../config/parse';
import { isExternalUrl } from '../util/paths';
import { pageId } from './navigation';

export type IconType = 'brands' | 'duotone' | 'light' | 'sharp-solid' | 'solid' | 'thin' | 'regular';

export interface NavPageItem {
  kind: 'page';
  /** Normalised page id (`guides/setup`). */
  id: string;
}

export interface NavLinkItem {
  kind: 'link';
  label: string;
  href: string;
}

export interface NavGroupItem {
  kind: 'group';
  name: string;
  icon?: string;
  /** Version the group belongs to (hidden while another version is selected). */
  version?: string;
  items: NavItem[];
}

export type NavItem = NavPageItem | NavLinkItem | NavGroupItem;

export interface SiteTab {
  name: string;
  /** Page-id prefix (folder) of the tab's pages, or an external URL. */
  url: string;
}

export interface SiteAnchor {
  name: string;
  /** Page-id prefix of the anchor's pages, or an external URL. */
  url: string;
  icon?: string;
  iconType?: IconType;
  color?: string | { from: string; to: string };
  version?: string;
  isDefaultHidden: boolean;
}

export interface TopLevelGroup extends NavGroupItem {
  /** Index into `tabs` of the tab that shows this group; undefined = the default (first) tab. */
  tab?: number;
  /** Index into `anchors`; undefined = the top anchor. */
  anchor?: number;
}

export interface SiteModel {
  name: string;
  logo?: { light: string; dark: string; href: string };
  favicon?: string;
  colors: { primary: string; light?: string; dark?: string; background?: { light?: string; dark?: string } };
  topbarLinks: { name: string; url: string }[];
  cta?: { type: 'link' | 'github'; url: string; name?: string };
  tabs: SiteTab[];
  anchors: SiteAnchor[];
  topAnchor: { name: string; icon: string; iconType?: IconType };
  versions: string[];
  /** Top-level navigation groups in order. */
  groups: TopLevelGroup[];
  /** Platform key (`github`, `x`, ...) and URL, in config order. */
  footerSocials: { platform: string; url: string }[];
  feedback: { suggestEdit: boolean; raiseIssue: boolean };
  modeToggle: { default?: 'light' | 'dark'; isHidden: boolean };
  backgroundImage?: string;
  /** Link redirects (current format): source path -> destination. */
  redirects: { source: string; destination: string }[];
}

export const DEFAULT_PRIMARY = '#16A34A';

/** Builds the model of a config. Generation-specific readers live below; both yield the same shape. */
export function buildSiteModel(config: ConfigDocument): SiteModel {
  return classicModel(config.value ?? {});
}

// ---- small readers over untrusted JSON values ----

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const bool = (v: unknown): boolean => v === true;
const ICON_TYPES = new Set<string>(['brands', 'duotone', 'light', 'sharp-solid', 'solid', 'thin', 'regular']);
const iconType = (v: unknown): IconType | undefined => (typeof v === 'string' && ICON_TYPES.has(v) ? (v as IconType) : undefined);

export function readLogo(v: unknown): SiteModel['logo'] {
  const s = str(v);
  if (s) return { light: s, dark: s, href: '/' };
  const o = obj(v);
  if (!o) return undefined;
  const light = str(o.light) ?? str(o.dark);
  const dark = str(o.dark) ?? light;
  if (!light || !dark) return undefined;
  return { light, dark, href: str(o.href) ?? '/' };
}

export function readColors(v: unknown): SiteModel['colors'] {
  const o = obj(v) ?? {};
  const bg = obj(o.background);
  return {
    primary: str(o.primary) ?? DEFAULT_PRIMARY,
    light: str(o.light),
    dark: str(o.dark),
    background: bg ? { light: str(bg.light), dark: str(bg.dark) } : undefined,
  };
}

export function readSocials(v: unknown): SiteModel['footerSocials'] {
  const out: SiteModel['footerSocials'] = [];
  for (const [platform, url] of Object.entries(obj(v) ?? {})) {
    if (typeof url === 'string') out.push({ platform: platform === 'twitter' ? 'x' : platform, url });
  }
  return out;
}

export function readAnchor(v: unknown): SiteAnchor | undefined {
  const o = obj(v);
  const name = str(o?.name) ?? str(o?.anchor);
  const url = str(o?.url) ?? str(o?.href);
  if (!o || !name || url === undefined) return undefined;
  const color = str(o.color) ?? (obj(o.color) && str(obj(o.color)!.from) && str(obj(o.color)!.to) ? { from: str(obj(o.color)!.from)!, to: str(obj(o.color)!.to)! } : undefined);
  return { name, url, icon: str(o.icon), iconType: iconType(o.iconType), color, version: str(o.version), isDefaultHidden: bool(o.isDefaultHidden) };
}

/** Whether a page id lies under a tab/anchor URL prefix (`api-reference` holds `api-reference/x`). */
export function underPrefix(id: string, url: string): boolean {
  const prefix = pageId(url).replace(/\/+$/, '');
  return prefix !== '' && (id === prefix || id.startsWith(prefix + '/'));
}

/** The page ids of a group, depth first. */
export function pagesOf(items: readonly NavItem[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly NavItem[]) => {
    for (const item of list) {
      if (item.kind === 'page') out.push(item.id);
      else if (item.kind === 'group') walk(item.items);
    }
  };
  walk(items);
  return out;
}

/** Every navigation page id of the site, in navigation order, each once. */
export function navigationOrder(model: SiteModel): string[] {
  const seen = new Set<string>();
  for (const g of model.groups) for (const id of pagesOf(g.items)) seen.add(id);
  return [...seen];
}

function classicGroup(v: unknown, parentVersion: string | undefined): NavGroupItem | undefined {
  const o = obj(v);
  if (!o) return undefined;
  const version = str(o.version) ?? parentVersion;
  const items: NavItem[] = [];
  for (const item of arr(o.pages)) {
    if (typeof item === 'string') items.push({ kind: 'page', id: pageId(item) });
    else {
      const g = classicGroup(item, version);
      if (g) items.push(g);
    }
  }
  return { kind: 'group', name: str(o.group) ?? '', icon: str(o.icon), version, items };
}

function classicModel(c: Json): SiteModel {
  const cta = obj(c.topbarCtaButton);
  const tabs: SiteTab[] = [];
  for (const t of arr(c.tabs)) {
    const o = obj(t);
    if (o && str(o.name) && str(o.url) !== undefined) tabs.push({ name: str(o.name)!, url: str(o.url)! });
  }
  const anchors = arr(c.anchors).map(readAnchor).filter((a): a is SiteAnchor => !!a);
  const top = obj(c.topAnchor);
  const groups: TopLevelGroup[] = [];
  for (const g of arr(c.navigation)) {
    const group = classicGroup(g, undefined);
    if (!group) continue;
    // A classic group belongs to the tab/anchor whose URL prefix holds its pages.
    const first = pagesOf(group.items)[0];
    const tab = first === undefined ? -1 : tabs.findIndex((t) => !isExternalUrl(t.url) && underPrefix(first, t.url));
    const anchor = first === undefined ? -1 : anchors.findIndex((a) => !isExternalUrl(a.url) && underPrefix(first, a.url));
    groups.push({ ...group, tab: tab >= 0 ? tab : undefined, anchor: anchor >= 0 ? anchor : undefined });
  }
  const mode = obj(c.modeToggle);
  const feedback = obj(c.feedback);
  return {
    name: str(c.name) ?? 'Documentation',
    logo: readLogo(c.logo),
    favicon: str(c.favicon),
    colors: readColors(c.colors),
    topbarLinks: arr(c.topbarLinks).flatMap((l) => {
      const o = obj(l);
      return o && str(o.name) && str(o.url) ? [{ name: str(o.name)!, url: str(o.url)! }] : [];
    }),
    cta: cta && str(cta.url) ? { type: cta.type === 'github' ? 'github' : 'link', url: str(cta.url)!, name: str(cta.name) } : undefined,
    tabs,
    anchors,
    topAnchor: { name: str(top?.name) ?? 'Documentation', icon: str(top?.icon) ?? 'book-open', iconType: iconType(top?.iconType) },
    versions: arr(c.versions).filter((v): v is string => typeof v === 'string'),
    groups,
    footerSocials: readSocials(c.footerSocials),
    feedback: { suggestEdit: bool(feedback?.suggestEdit), raiseIssue: bool(feedback?.raiseIssue) },
    modeToggle: { default: mode?.default === 'light' || mode?.default === 'dark' ? mode.default : undefined, isHidden: bool(mode?.isHidden) },
    backgroundImage: str(c.backgroundImage),
    redirects: [],
  };
}

// The renderable model of a site: its chrome (logo, colours, top bar, tabs, anchors, versions,
// footer, mode toggle) and its navigation tree. Preview, export and llms.txt read only this, never
// the raw config, so they do not care which generation of docs.json the site uses.
import type { ConfigDocument, ConfigGeneration } from '../config/parse';
import { DEFAULT_ANCHOR_ICON, DEFAULT_PRIMARY, DEFAULT_TITLE } from '../config/defaults';
import { ICON_TYPES } from '../config/schema';
import { resolvedValue } from '../config/refs';
import { isExternalUrl, trimTrailingSlashes } from '../util/paths';
import { isOperationEntry, listsPages, pageId } from './navigation';
import type { ApiSpec } from '../openapi/operations';
import type { ApiSettings } from '../openapi/endpoint';
import { exampleLanguages } from '../openapi/languages';
import type { AsyncapiModel } from '../asyncapi/schema';
import { append } from '../util/array';
import { obj, arr, str, unchecked, type ItemOf, type Unchecked, type Untrusted } from '../util/json';
import type * as Classic from '../config/docs-json-classic';
import type * as Current from '../config/docs-json-current';

/** A Font Awesome style the schemas list for `iconType` (config/schema.ts ICON_TYPES). */
export type IconType = string;

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
  /** Language the group belongs to (current format: shown while that language is selected). */
  language?: string;
  items: NavItem[];
}

export type NavItem = NavPageItem | NavLinkItem | NavGroupItem;

export interface SiteTab {
  name: string;
  /** Page-id prefix (folder) of the tab's pages, or an external URL. */
  url: string;
  /** `hidden: true` (current format): not in the tab bar unless the reader is in it. */
  hidden?: boolean;
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
  /** Index into `dropdowns` (current format); undefined = outside any dropdown. */
  dropdown?: number;
  /** Index into `products`. */
  product?: number;
  /** Index into `menus` (the items of a tab's menu). */
  menu?: number;
}

/** The division keys a top-level group carries, besides tab and anchor: each has its own switcher. */
export const SWITCHED = ['language', 'version', 'product', 'dropdown', 'menu'] as const;
export type SwitchedKey = (typeof SWITCHED)[number];

/**
 * One entry of a dropdown, product or tab-menu switcher (current format, organize/navigation.mdx
 * at mintlify/docs 3bbce7aa1abf66b19671bc398b9752d608fd0826). The language, version and tab it is
 * listed under say in which switcher it shows.
 */
export interface SiteDivision {
  name: string;
  icon?: string;
  description?: string;
  /** An external link instead of pages. */
  href?: string;
  hidden: boolean;
  language?: string;
  version?: string;
  /** Menus: index into `tabs` of the tab that holds the menu (undefined: the default tab). */
  tab?: number;
  product?: number;
}

/** `banner` (organize/settings-structure.mdx): inline Markdown text shown above the top bar. */
export interface SiteBanner {
  content: string;
  dismissible: boolean;
  type: 'info' | 'warning' | 'critical';
  color?: string;
}

/** Top bar, footer and banner: the site's, or a language's own (languages[].navbar/footer/banner). */
export interface SiteChrome {
  topbarLinks: { name: string; url: string; type?: string }[];
  cta?: { type: 'link' | 'github'; url: string; name?: string };
  footerSocials: { platform: string; url: string }[];
  footerLinks: { header?: string; items: { label: string; href: string }[] }[];
  banner?: SiteBanner;
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
  /** The generation of docs.json the model was read from. */
  generation?: ConfigGeneration;
  /**
   * Label of the default tab, which shows the groups whose `tab` is undefined (classic:
   * `primaryTab.name`; current: the first tab that holds pages). Undefined: not set.
   */
  primaryTab?: { name: string };
  /** Languages of the language switcher (current format), in config order; `chrome`: the language's own navbar/footer/banner. */
  languages?: { code: string; default: boolean; hidden?: boolean; chrome?: Partial<SiteChrome> }[];
  /** Version switcher entries with their `tag` badge and `default` (current format). */
  versionInfo?: { name: string; tag?: string; default: boolean }[];
  /** Dropdown, product and tab-menu switcher entries (current format). */
  dropdowns?: SiteDivision[];
  products?: SiteDivision[];
  menus?: SiteDivision[];
  /** Footer link columns (current `footer.links`). */
  footerLinks?: SiteChrome['footerLinks'];
  banner?: SiteBanner;
  /** `contextual` page menu: its options (built-in names; custom ones as title + href) and where it shows. */
  contextual?: { options: (string | { title: string; href: string; description?: string })[]; display: 'header' | 'toc' };
  /** `icons.library` (current format): Font Awesome (default) or Lucide. */
  iconLibrary?: 'fontawesome' | 'lucide';
  /** Site description (current format). */
  description?: string;
  /** `markdown.instructions` (current format): guidance for AI agents, lines joined; written into llms.txt and the Markdown copies. */
  agentInstructions?: string;
  /** API reference settings (classic `api` + `openapi`; current `api`), when the config has any. */
  api?: ApiSettings;
  /** Folders of API pages the site generates that Docwright cannot list (see site/api-pages.ts unlistedApiFolders). */
  unlistedApiFolders?: string[];
  /** The site's loaded OpenAPI files (set by `siteModel(site)`; a model built from a config alone has none). */
  apiSpecs?: readonly ApiSpec[];
  /** The site's read AsyncAPI files and their models (set by `siteModel(site)`), for the channel pages' playground. */
  asyncapiSpecs?: readonly { rel: string; model?: AsyncapiModel }[];
  /** The AsyncAPI files docs.json names (current `api.asyncapi` and the `asyncapi` of divisions and groups), paths or URLs as written. */
  asyncapi?: string[];
  /** `seo.indexing: "all"` (classic `seo.indexHiddenPages: true`): hidden pages and pages outside the navigation are indexed too. */
  indexAll?: boolean;
}

/** The API pages of the navigation (current format), from the site's OpenAPI files (site/api-pages.ts). */
export interface ApiNavigation {
  /** The page of an operation entry (`GET /users`), with the division's `openapi` in force there; undefined when none (or hidden). */
  entry(value: string, openapi: unknown): NavPageItem | undefined;
  /** Every listed operation of a division's `openapi`: groups by tag, then untagged pages. */
  section(openapi: unknown): NavItem[];
  /** The generated sections of a tab's `graphql` (Queries, Mutations, Types). */
  graphqlSection?(graphql: unknown): NavItem[];
  /** A page per channel of the AsyncAPI files an `asyncapi` value names. */
  asyncapiSection?(asyncapi: unknown): NavItem[];
  /** The generated groups of an `sdk` value (a tab's or a group's). */
  sdkSection?(sdk: unknown): NavItem[];
}

/**
 * Builds the model of a config. Generation-specific readers live below; both yield the same shape.
 * Without `api`, operation entries and `openapi` sections give no pages (a model of the config alone).
 */
export function buildSiteModel(config: ConfigDocument, api?: ApiNavigation): SiteModel {
  return config.generation === 'current'
    ? currentModel(obj(unchecked<Current.DocsJsonCurrent>(resolvedValue(config))) ?? {}, api)
    : classicModel(obj(unchecked<Classic.DocsJsonClassic>(config.value)) ?? {});
}

// ---- small readers over untrusted JSON values ----

const bool = (v: unknown): boolean => v === true;
const ICON_TYPE_SET: ReadonlySet<string> = new Set(ICON_TYPES);
const iconType = (v: Unchecked<Current.IconType>): IconType | undefined => (typeof v === 'string' && ICON_TYPE_SET.has(v) ? v : undefined);

export function readLogo(v: Unchecked<Classic.DocsJsonClassic['logo'] | Current.DocsJsonCurrent['logo']>): SiteModel['logo'] {
  const s = str(v);
  if (s) return { light: s, dark: s, href: '/' };
  const o = obj(v);
  if (!o) return undefined;
  const light = str(o.light) ?? str(o.dark);
  const dark = str(o.dark) ?? light;
  if (!light || !dark) return undefined;
  return { light, dark, href: str(o.href) ?? '/' };
}

export function readColors(v: Unchecked<Classic.DocsJsonClassic['colors']>): SiteModel['colors'] {
  const o = obj(v) ?? {};
  const bg = obj(o.background);
  return {
    primary: str(o.primary) ?? DEFAULT_PRIMARY,
    light: str(o.light),
    dark: str(o.dark),
    background: bg ? { light: str(bg.light), dark: str(bg.dark) } : undefined,
  };
}

export function readSocials(
  v: Unchecked<Classic.DocsJsonClassic['footerSocials'] | NonNullable<Current.DocsJsonCurrent['footer']>['socials']>,
): SiteModel['footerSocials'] {
  const out: SiteModel['footerSocials'] = [];
  for (const [platform, url] of Object.entries(obj(v) ?? {})) {
    if (typeof url === 'string') out.push({ platform: platform === 'twitter' ? 'x' : platform, url });
  }
  return out;
}

export function readAnchor(v: Unchecked<ItemOf<Classic.DocsJsonClassic['anchors']>>): SiteAnchor | undefined {
  const o = obj(v);
  const name = str(o?.name);
  const url = str(o?.url);
  if (!o || !name || url === undefined) return undefined;
  const color =
    str(o.color) ??
    (obj(o.color) && str(obj(o.color)!.from) && str(obj(o.color)!.to) ? { from: str(obj(o.color)!.from)!, to: str(obj(o.color)!.to)! } : undefined);
  return { name, url, icon: str(o.icon), iconType: iconType(o.iconType), color, version: str(o.version), isDefaultHidden: bool(o.isDefaultHidden) };
}

/** Whether a page id lies under a tab/anchor URL prefix (`api-reference` holds `api-reference/x`). */
export function underPrefix(id: string, url: string): boolean {
  const prefix = trimTrailingSlashes(pageId(url));
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

function classicGroup(
  v: Unchecked<Classic.NavigationGroup | ItemOf<Classic.NavigationGroup['pages']>>,
  parentVersion: string | undefined,
): NavGroupItem | undefined {
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

function classicModel(c: Untrusted<Classic.DocsJsonClassic>): SiteModel {
  const cta = obj(c.topbarCtaButton);
  const tabs: SiteTab[] = [];
  for (const t of arr(c.tabs)) {
    const o = obj(t);
    if (o && str(o.name) && str(o.url) !== undefined) tabs.push({ name: str(o.name)!, url: str(o.url)! });
  }
  const anchors = arr(c.anchors)
    .map(readAnchor)
    .filter((a): a is SiteAnchor => !!a);
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
    name: str(c.name) ?? DEFAULT_TITLE,
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
    topAnchor: { name: str(top?.name) ?? DEFAULT_TITLE, icon: str(top?.icon) ?? DEFAULT_ANCHOR_ICON, iconType: iconType(top?.iconType) },
    versions: arr(c.versions).filter((v): v is string => typeof v === 'string'),
    groups,
    footerSocials: readSocials(c.footerSocials),
    feedback: { suggestEdit: bool(feedback?.suggestEdit), raiseIssue: bool(feedback?.raiseIssue) },
    modeToggle: { default: mode?.default === 'light' || mode?.default === 'dark' ? mode.default : undefined, isHidden: bool(mode?.isHidden) },
    backgroundImage: str(c.backgroundImage),
    redirects: readRedirects(c.redirects),
    generation: 'classic',
    primaryTab: str(obj(c.primaryTab)?.name) ? { name: str(obj(c.primaryTab)!.name)! } : undefined,
    languages: [],
    api: classicApi(c),
    ...(obj(c.seo)?.indexHiddenPages === true ? { indexAll: true } : {}),
  };
}

// ---- API settings ----

type ApiMdx = NonNullable<NonNullable<Current.DocsJsonCurrent['api']>['mdx']>;

const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : arr(v).filter((x): x is string => typeof x === 'string'));
const AUTH_METHODS = new Set(['bearer', 'basic', 'key']);

/** `api.auth` (classic, with `inputPrefix`) or `api.mdx.auth` (current, without). */
function readAuth(v: Unchecked<NonNullable<Classic.DocsJsonClassic['api']>['auth'] | ApiMdx['auth']>, generation: ConfigGeneration): ApiSettings['auth'] {
  const o = obj(v);
  const method = str(o?.method);
  if (!o || !method || !AUTH_METHODS.has(method)) return undefined;
  const auth = { method: method as 'bearer' | 'basic' | 'key', name: str(o.name) };
  return generation === 'classic' ? { ...auth, inputPrefix: str(o.inputPrefix) } : auth;
}

function classicApi(c: Untrusted<Classic.DocsJsonClassic>): ApiSettings | undefined {
  const api = obj(c.api);
  const openapi = strings(c.openapi ?? c.openApi);
  if (!api && openapi.length === 0) return undefined;
  const mode = str(obj(api?.playground)?.mode);
  return {
    baseUrls: strings(api?.baseUrl),
    auth: readAuth(api?.auth, 'classic'),
    playground: mode === 'simple' || mode === 'hide' ? mode : 'show',
    maintainOrder: bool(api?.maintainOrder),
    openapi,
    credentials: false,
    autogenerate: true,
  };
}

function currentApi(c: Untrusted<Current.DocsJsonCurrent>): ApiSettings | undefined {
  const api = obj(c.api);
  if (!api) return undefined;
  const mdx = obj(api.mdx);
  const playground = obj(api.playground);
  const display = str(playground?.display);
  const spec = api.openapi;
  return {
    baseUrls: strings(mdx?.server),
    auth: readAuth(mdx?.auth, 'current'),
    playground: display === 'simple' ? 'simple' : display === 'none' ? 'hide' : 'show',
    maintainOrder: true,
    openapi: obj(spec) ? strings(obj(spec)!.source) : strings(spec),
    credentials: bool(playground?.credentials),
    autogenerate: obj(api.examples)?.autogenerate !== false,
    ...(Array.isArray(obj(api.examples)?.languages) && { exampleLanguages: exampleLanguages(strings(obj(api.examples)!.languages)) }),
    ...(obj(api.examples)?.defaults === 'required' && { exampleDefaults: 'required' as const }),
  };
}

function readRedirects(v: Unchecked<Classic.DocsJsonClassic['redirects'] | Current.DocsJsonCurrent['redirects']>): SiteModel['redirects'] {
  return arr(v).flatMap((r) => {
    const o = obj(r);
    return o && str(o.source) !== undefined && str(o.destination) !== undefined ? [{ source: str(o.source)!, destination: str(o.destination)! }] : [];
  });
}

/** One image path, or the light one of a `{ light, dark }` pair. */
const lightOf = (v: Unchecked<string | { light?: string; dark?: string }>): string | undefined => str(v) ?? str(obj(v)?.light) ?? str(obj(v)?.dark);

/** Where the items of a division or group sit, and what they inherit. */
interface Scope {
  version?: string;
  language?: string;
  /** The `openapi` in force (the nearest division's or group's). */
  openapi?: unknown;
  api?: ApiNavigation;
}

/** The generated section of a division or group with its own `openapi` and no pages listed inside it. */
function apiSection(o: Untrusted<Division | Current.Group>, scope: Scope): NavItem[] {
  if (o.openapi === undefined || !scope.api || listsPages(o)) return [];
  return scope.api.section(o.openapi);
}

/** A group of the current format (pages are paths, OpenAPI operations or nested groups). */
function currentGroup(o: Untrusted<Current.Group>, scope: Scope): NavGroupItem {
  const inner = o.openapi !== undefined ? { ...scope, openapi: o.openapi } : scope;
  // A group's `asyncapi` adds its channels after the group's pages; beside `openapi` the format drops it.
  const channels = o.asyncapi !== undefined && o.openapi === undefined && scope.api?.asyncapiSection ? scope.api.asyncapiSection(o.asyncapi) : [];
  // A group's `sdk` adds its generated groups after the group's pages.
  const sdk = o.sdk !== undefined && scope.api?.sdkSection ? scope.api.sdkSection(o.sdk) : [];
  const items = [...currentItems(arr(o.pages), inner), ...apiSection(o, inner), ...channels, ...sdk];
  return { kind: 'group', name: str(o.group) ?? '', icon: iconName(o.icon), version: scope.version, language: scope.language, items: withPlace(items, scope) };
}

/** Generated groups take the version and language of where they are listed. */
function withPlace(items: NavItem[], scope: Scope): NavItem[] {
  for (const item of items)
    if (item.kind === 'group' && item.version === undefined && item.language === undefined)
      Object.assign(item, { version: scope.version, language: scope.language, items: withPlace(item.items, scope) });
  return items;
}

function currentItems(pages: Unchecked<Current.PageOrGroup>[], scope: Scope): NavItem[] {
  const items: NavItem[] = [];
  for (const p of pages) {
    if (typeof p === 'string') {
      if (!isOperationEntry(p)) items.push({ kind: 'page', id: pageId(p) });
      else {
        const page = scope.api?.entry(p, scope.openapi);
        if (page) items.push(page);
      }
    } else if (obj(p)) items.push(currentGroup(obj(p)!, scope));
  }
  return items;
}

/** The paths or URLs an `openapi` or `asyncapi` value names: one, a list, or `{ source }`. */
function specValues(v: unknown): string[] {
  const o = obj(v);
  return (o ? strings(o.source) : strings(v)).map((s) => s.trim()).filter((s) => s !== '');
}

/** The AsyncAPI files a group of the current format and the groups inside it name. */
function groupAsyncapi(o: Untrusted<Current.Group>, out: string[]): void {
  append(out, specValues(o.asyncapi));
  for (const p of arr(o.pages)) if (obj(p)) groupAsyncapi(obj(p)!, out);
}

/** An icon written as a name, or as `{ name, style, library }`. */
const iconName = (v: Unchecked<Current.Icon>): string | undefined => str(v) ?? str(obj(v)?.name);

/** The longest folder prefix shared by page ids (`api/a`, `api/b/c` -> `api`). */
function commonFolder(ids: string[]): string {
  if (ids.length === 0) return '';
  let parts = ids[0].split('/').slice(0, -1);
  for (const id of ids.slice(1)) {
    const other = id.split('/');
    let i = 0;
    while (i < parts.length && i < other.length - 1 && parts[i] === other[i]) i++;
    parts = parts.slice(0, i);
  }
  return parts.join('/');
}

interface Place extends Scope {
  tab?: number;
  anchor?: number;
  dropdown?: number;
  product?: number;
  menu?: number;
}

const DIVISION_KEYS = [
  ['tabs', 'tab'],
  ['anchors', 'anchor'],
  ['dropdowns', 'dropdown'],
  ['products', 'product'],
  ['versions', 'version'],
  ['languages', 'language'],
  ['menu', 'item'],
] as const;

/** What a navigation can nest: the root and each division of DIVISION_KEYS. */
type Division =
  | Current.DocsJsonCurrent['navigation']
  | Current.Tab
  | Current.Anchor
  | Current.Dropdown
  | Current.Product
  | Current.Version
  | Current.Language
  | Current.MenuItem;

function currentModel(c: Untrusted<Current.DocsJsonCurrent>, api: ApiNavigation | undefined): SiteModel {
  const tabs: SiteTab[] = [];
  const anchors: SiteAnchor[] = [];
  const versions: string[] = [];
  const languages: SiteModel['languages'] = [];
  const groups: TopLevelGroup[] = [];
  /** Internal tabs and anchors whose url is the folder of their pages, filled in at the end. */
  const tabPages = new Map<number, string[]>();
  const anchorPages = new Map<number, string[]>();
  const anchorIcons = new Map<number, { icon?: string; iconType?: IconType }>();
  /** The versions each anchor appears in (undefined: outside any version). */
  const anchorVersions = new Map<number, (string | undefined)[]>();

  const dropdowns: SiteDivision[] = [];
  const products: SiteDivision[] = [];
  const menus: SiteDivision[] = [];
  const versionInfo: NonNullable<SiteModel['versionInfo']> = [];
  const asyncapi = specValues(obj(c.api)?.asyncapi);
  const addGroup = (g: NavGroupItem, place: Place) => {
    groups.push({ ...g, tab: place.tab, anchor: place.anchor, dropdown: place.dropdown, product: place.product, menu: place.menu });
    const ids = pagesOf(g.items);
    if (place.tab !== undefined) append(tabPages.get(place.tab) ?? [], ids);
    if (place.anchor !== undefined) append(anchorPages.get(place.anchor) ?? [], ids);
  };

  // `holdsMenu`: a tab or product, the divisions whose `menu` the format reads; `tab`: a tab, the one division with `graphql`.
  const walk = (d: Untrusted<Division>, outer: Place, holdsMenu = false, tab = false) => {
    const place: Place = d.openapi !== undefined ? { ...outer, openapi: d.openapi } : outer;
    // Pages listed by the division itself: runs of pages form an unnamed group, groups stand alone.
    let run: NavItem[] = [];
    const flush = () => {
      if (run.length) addGroup({ kind: 'group', name: '', version: place.version, language: place.language, items: run }, place);
      run = [];
    };
    const take = (items: NavItem[]) => {
      for (const item of items) {
        if (item.kind === 'group') {
          flush();
          addGroup(item, place);
        } else run.push(item);
      }
      flush();
    };
    take(currentItems(arr(d.pages), place));
    for (const g of arr(d.groups)) if (obj(g)) addGroup(currentGroup(obj(g)!, place), place);
    // A division with its own `openapi` and no pages of its own lists every operation.
    take(withPlace(apiSection(d, place), place));
    // A tab with `graphql` lists the sections generated from its schema after its own groups.
    const graphql = tab ? (d as { graphql?: unknown }).graphql : undefined;
    if (graphql !== undefined && place.api?.graphqlSection) take(withPlace(place.api.graphqlSection(graphql), place));
    // A tab with `sdk` lists the groups generated from its artifact after its own groups.
    const sdk = tab ? (d as { sdk?: unknown }).sdk : undefined;
    if (sdk !== undefined && place.api?.sdkSection) take(withPlace(place.api.sdkSection(sdk), place));
    // A division with `asyncapi` lists a page per channel after its own pages and groups.
    if (d.asyncapi !== undefined && place.api?.asyncapiSection) take(withPlace(place.api.asyncapiSection(d.asyncapi), place));
    append(asyncapi, specValues(d.asyncapi));
    for (const g of arr(d.groups)) if (obj(g)) groupAsyncapi(obj(g)!, asyncapi);
    for (const p of arr(d.pages)) if (obj(p)) groupAsyncapi(obj(p)!, asyncapi);
    for (const [key, nameKey] of DIVISION_KEYS) {
      if (key === 'menu' && !holdsMenu) continue;
      for (const item of arr(d[key])) {
        const o = obj(item);
        if (!o) continue;
        const name = str(o[nameKey]) ?? '';
        const href = str(o.href);
        // The same tab or anchor in several versions or languages is one tab or anchor of the model.
        if (key === 'tabs') {
          let index = tabs.findIndex((t, i) => t.name === name && (href !== undefined ? t.url === href : tabPages.has(i)));
          if (index < 0) {
            index = tabs.length;
            tabs.push({ name, url: href ?? '', ...(o.hidden === true ? { hidden: true } : {}) });
            if (!href) tabPages.set(index, []);
          }
          walk(o, { ...place, tab: index }, true, true);
        } else if (key === 'anchors') {
          let index = anchors.findIndex((a, i) => a.name === name && (href !== undefined ? a.url === href : anchorPages.has(i)));
          if (index < 0) {
            index = anchors.length;
            anchors.push(currentAnchor(o, name, undefined));
            anchorIcons.set(index, { icon: iconName(o.icon), iconType: iconType(o.iconType) });
            if (!href) anchorPages.set(index, []);
          }
          anchorVersions.set(index, [...(anchorVersions.get(index) ?? []), place.version]);
          walk(o, { ...place, anchor: index });
        } else if (key === 'versions') {
          if (!versions.includes(name)) {
            versions.push(name);
            versionInfo.push({ name, tag: str(o.tag), default: o.default === true });
          }
          walk(o, { ...place, version: name });
        } else if (key === 'languages') {
          if (!languages.some((l) => l.code === name)) {
            const chrome = readChrome(o);
            languages.push({
              code: name,
              default: o.default === true,
              ...(bool(o.hidden) ? { hidden: true } : {}),
              ...(Object.keys(chrome).length ? { chrome } : {}),
            });
          }
          walk(o, { ...place, language: name });
        } else {
          // Dropdowns, products and menu items: one switcher entry per place it is written.
          const list = key === 'dropdowns' ? dropdowns : key === 'products' ? products : menus;
          const index = list.length;
          list.push({
            name,
            icon: iconName(o.icon),
            description: str(o.description),
            href,
            hidden: bool(o.hidden),
            language: place.language,
            version: place.version,
            tab: key === 'menu' ? place.tab : undefined,
            product: key === 'products' ? undefined : place.product,
          });
          walk(o, { ...place, [key === 'dropdowns' ? 'dropdown' : key === 'products' ? 'product' : 'menu']: index }, key === 'products');
        }
      }
    }
    // Links shown on every page.
    const global = obj(d.global);
    for (const t of arr(global?.tabs)) {
      const o = obj(t);
      if (o && str(o.tab) && str(o.href)) tabs.push({ name: str(o.tab)!, url: str(o.href)! });
    }
    for (const a of arr(global?.anchors)) {
      const o = obj(a);
      if (o && str(o.anchor) && str(o.href)) anchors.push(currentAnchor(o, str(o.anchor)!, undefined));
    }
  };
  walk(obj(c.navigation) ?? {}, { api });
  // A tab or anchor that holds pages is "at" the folder its pages share (or its first page).
  for (const [i, ids] of tabPages) tabs[i].url = commonFolder(ids) || ids[0] || '';
  for (const [i, ids] of anchorPages) anchors[i].url = commonFolder(ids) || ids[0] || '';
  // An anchor found in one version only belongs to that version.
  for (const [i, seen] of anchorVersions) {
    const distinct = new Set(seen);
    if (versions.length > 1 && distinct.size === 1 && seen[0] !== undefined) anchors[i].version = seen[0];
  }
  // As in the classic model, the first tab that holds pages is the default tab (groups with no
  // `tab`), and the first anchor that holds pages is the top anchor (groups with no `anchor`).
  const firstTab = tabs.findIndex((_, i) => tabPages.has(i));
  const primaryTab = firstTab >= 0 ? { name: tabs[firstTab].name } : undefined;
  const firstAnchor = anchors.findIndex((_, i) => anchorPages.has(i));
  const top = firstAnchor >= 0 ? anchors[firstAnchor] : undefined;
  const topIcon = firstAnchor >= 0 ? anchorIcons.get(firstAnchor) : undefined;
  const shift = (index: number | undefined, first: number) =>
    index === undefined || first < 0 || index < first ? index : index === first ? undefined : index - 1;
  for (const g of groups) {
    g.tab = shift(g.tab, firstTab);
    g.anchor = shift(g.anchor, firstAnchor);
  }
  for (const m of menus) m.tab = shift(m.tab, firstTab);
  if (firstTab >= 0) tabs.splice(firstTab, 1);
  if (firstAnchor >= 0) anchors.splice(firstAnchor, 1);

  const chrome = readChrome(c);
  const contextual = obj(c.contextual);
  const appearance = obj(c.appearance);
  const background = obj(c.background);
  const colors = obj(c.colors) ?? {};
  const bg = obj(background?.color);
  return {
    name: str(c.name) ?? DEFAULT_TITLE,
    logo: readLogo(c.logo),
    favicon: lightOf(c.favicon),
    colors: {
      primary: str(colors.primary) ?? DEFAULT_PRIMARY,
      light: str(colors.light),
      dark: str(colors.dark),
      background: bg ? { light: str(bg.light), dark: str(bg.dark) } : undefined,
    },
    topbarLinks: chrome.topbarLinks ?? [],
    cta: chrome.cta,
    tabs,
    anchors,
    topAnchor: { name: top?.name ?? DEFAULT_TITLE, icon: topIcon?.icon ?? DEFAULT_ANCHOR_ICON, iconType: topIcon?.iconType },
    versions,
    groups,
    footerSocials: chrome.footerSocials ?? [],
    footerLinks: chrome.footerLinks ?? [],
    banner: chrome.banner,
    contextual: contextual ? { options: readContextual(contextual.options), display: contextual.display === 'toc' ? 'toc' : 'header' } : undefined,
    iconLibrary: obj(c.icons)?.library === 'lucide' ? 'lucide' : 'fontawesome',
    versionInfo,
    dropdowns,
    products,
    menus,
    feedback: { suggestEdit: false, raiseIssue: false },
    modeToggle: {
      default: appearance?.default === 'light' || appearance?.default === 'dark' ? appearance.default : undefined,
      isHidden: bool(appearance?.strict),
    },
    backgroundImage: lightOf(background?.image),
    redirects: readRedirects(c.redirects),
    generation: 'current',
    primaryTab,
    languages,
    description: str(c.description),
    agentInstructions: agentInstructions(obj(c.markdown)?.instructions),
    api: currentApi(c),
    ...(asyncapi.length ? { asyncapi: [...new Set(asyncapi)] } : {}),
    ...(obj(c.seo)?.indexing === 'all' ? { indexAll: true } : {}),
  };
}

/** The navbar, footer and banner written on an object (the config, or one language); absent keys stay undefined. */
function readChrome(c: Untrusted<Current.DocsJsonCurrent | Current.Language>): Partial<SiteChrome> {
  const out: Partial<SiteChrome> = {};
  const navbar = obj(c.navbar);
  if (navbar) {
    const primary = obj(navbar.primary);
    out.topbarLinks = arr(navbar.links).flatMap((l) => {
      const o = obj(l);
      const name = str(o?.label) ?? (o?.type === 'github' ? 'GitHub' : o?.type === 'discord' ? 'Discord' : undefined);
      return o && name && str(o.href) ? [{ name, url: str(o.href)!, type: str(o.type) }] : [];
    });
    out.cta =
      primary && str(primary.href) ? { type: primary.type === 'github' ? 'github' : 'link', url: str(primary.href)!, name: str(primary.label) } : undefined;
  }
  const footer = obj(c.footer);
  if (footer) {
    out.footerSocials = readSocials(footer.socials);
    out.footerLinks = arr(footer.links).flatMap((col) => {
      const o = obj(col);
      if (!o) return [];
      const items = arr(o.items).flatMap((i) => (str(obj(i)?.label) && str(obj(i)?.href) ? [{ label: str(obj(i)!.label)!, href: str(obj(i)!.href)! }] : []));
      return items.length ? [{ header: str(o.header), items }] : [];
    });
  }
  const banner = obj(c.banner);
  if (banner && str(banner.content)) {
    const type = str(banner.type);
    out.banner = {
      content: str(banner.content)!,
      dismissible: bool(banner.dismissible),
      type: type === 'warning' || type === 'critical' ? type : 'info',
      color: str(banner.color) ?? str(obj(banner.color)?.light),
    };
  }
  return out;
}

function readContextual(v: Unchecked<NonNullable<Current.DocsJsonCurrent['contextual']>['options']>): NonNullable<SiteModel['contextual']>['options'] {
  return arr(v).flatMap((o): NonNullable<SiteModel['contextual']>['options'] => {
    if (typeof o === 'string') return [o];
    const c = obj(o);
    const href = str(c?.href) ?? str(obj(c?.href)?.base);
    return c && str(c.title) && href ? [{ title: str(c.title)!, href, description: str(c.description) }] : [];
  });
}

function currentAnchor(o: Untrusted<Division | NonNullable<Current.Global['anchors']>[number]>, name: string, version: string | undefined): SiteAnchor {
  const color = obj(o.color);
  return {
    name,
    url: str(o.href) ?? '',
    icon: iconName(o.icon),
    iconType: iconType(o.iconType),
    color: str(color?.light) ?? str(color?.dark),
    version,
    isDefaultHidden: bool(o.hidden),
  };
}

/** `markdown.instructions`: one text, or a list of lines the format joins with line breaks; blank is none. */
function agentInstructions(value: Unchecked<NonNullable<Current.DocsJsonCurrent['markdown']>['instructions']>): string | undefined {
  const lines = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const text = lines.join('\n').trim();
  return text || undefined;
}

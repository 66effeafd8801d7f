// The site chrome around a rendered page: top bar (logo, name, links, CTA, mode toggle), tabs,
// sidebar (anchors, versions, navigation groups with the current page marked), table of contents,
// previous/next, feedback and footer. Built from the SiteModel only, so both config generations
// look the same. Config values are untrusted too: text goes into text nodes, URLs through safeHref,
// colours into CSS only after a strict hex check.
import { typographicLine } from '../pages/typography';
import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from './html';
import {
  pagesOf,
  SWITCHED,
  type NavGroupItem,
  type NavItem,
  type SiteAnchor,
  type SiteChrome,
  type SiteDivision,
  type SiteModel,
  type TopLevelGroup,
} from '../site/model';
import { linkedPage, pageId } from '../site/navigation';
import { isExternalUrl, resolveRel } from '../util/paths';
import { el } from './components';
import { addCssHooksDeep } from './css-hooks';
import { iconElement } from './icons';
import type { PageView as PageViewEntry, RenderedPage, RenderTarget } from './page';
import { pageIdAttr } from './page';
import { DEFAULT_TITLE } from '../config/defaults';
import { own } from '../util/json';

export interface PageInfo {
  title: string;
  sidebarTitle?: string;
  icon?: string;
  /** External link entries (`url` front matter). */
  url?: string;
  /** API pages: the method of their operation (`GET`, `WEBHOOK`), shown as a badge in the sidebar. */
  method?: string;
  /** `deprecated: true` front matter: a badge in the sidebar. */
  deprecated?: boolean;
  /** `tag` front matter: a badge beside the sidebar title. */
  tag?: string;
  /** `hidden: true` front matter: reachable by URL, not listed in the sidebar. */
  hidden?: boolean;
}

export interface LayoutInput {
  model: SiteModel;
  /** Id of the page shown (undefined for pages outside the navigation, e.g. 404). */
  pageId: string | undefined;
  /** Site-relative file of the page, for "suggest edits". */
  rel?: string;
  page: RenderedPage;
  /** Titles of navigation pages; undefined for a page without a file. */
  info(id: string): PageInfo | undefined;
  target: RenderTarget;
  /** Whether the site-wide search box is shown (export has an index; the preview does not). */
  search?: boolean;
  /** Export only: reuses the HTML of navigation groups that do not hold the shown page (the preview leaves it unset). */
  navCache?: NavCache;
}

/**
 * HTML of navigation groups, shared by pages whose targets write the navigation alike (the same
 * `RenderTarget.shared` key: in the export, pages of one folder depth). A group that holds the shown
 * page is never taken from it (it marks the current page and opens its trail), so the output is the
 * same as without the cache. Keys are few (one per depth), so every key's HTML is kept; a key per
 * folder would rebuild the navigation for every folder of the site.
 */
export interface NavCache {
  html: Map<string, Map<NavGroupItem, string>>;
  ids: WeakMap<NavGroupItem, ReadonlySet<string>>;
}

export function createNavCache(): NavCache {
  return { html: new Map(), ids: new WeakMap() };
}

function cachedGroup(group: NavGroupItem, input: LayoutInput, build: () => Element): ElementContent {
  const cache = input.navCache;
  const key = input.target.shared?.key;
  if (!cache || key === undefined) return build();
  let ids = cache.ids.get(group);
  if (!ids) cache.ids.set(group, (ids = new Set(pagesOf(group.items))));
  if (input.pageId !== undefined && ids.has(input.pageId)) return build();
  let groups = cache.html.get(key);
  if (!groups) cache.html.set(key, (groups = new Map()));
  let html = groups.get(group);
  if (html === undefined) {
    const built = build();
    addCssHooksDeep([built]);
    groups.set(group, (html = toHtml(built)));
  }
  return { type: 'raw', value: html } as unknown as ElementContent;
}

const text = (value: string): ElementContent => ({ type: 'text', value });
/**
 * The chrome writes no character beyond Latin-1 itself (here a character reference for "›"): one
 * such character makes V8 hold the whole page's HTML as a two-byte string, twice the memory and
 * slower to write out, even for a site written in plain ASCII.
 */
const EYEBROW_SEPARATOR = { type: 'raw', value: ' &#x203A; ' } as unknown as ElementContent;
const isPageOf = (input: LayoutInput) => (id: string) => input.info(id) !== undefined;
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * A URL written in the config, made safe: http(s)/mailto/tel kept, anything else with a scheme
 * dropped; a site path becomes a page link when `isPage` says it names a page, else a file URL.
 */
export function safeHref(url: string, target: RenderTarget, isPage: (id: string) => boolean = () => false): string | undefined {
  const u = url.trim();
  if (isExternalUrl(u)) return /^(https?:|mailto:|tel:)/i.test(u) || u.startsWith('//') ? u : undefined;
  const [path, hash] = u.split('#', 2);
  const rel = resolveRel('index.mdx', path);
  if (rel === undefined) return undefined;
  const page = linkedPage({ has: isPage }, pageId(rel));
  if (page !== undefined) return target.pageHref(page, hash);
  return target.assetUrl(rel);
}

/** The site's colours and background as CSS custom properties (only valid hex values). */
export function siteCss(model: SiteModel): string {
  const c = model.colors;
  const vars: string[] = [];
  const add = (name: string, v: string | undefined) => {
    if (v && HEX.test(v)) vars.push(`--dw-${name}:${v}`);
  };
  add('primary', c.primary);
  add('primary-light', c.light ?? c.primary);
  add('primary-dark', c.dark ?? c.primary);
  add('bg-light', c.background?.light);
  add('bg-dark', c.background?.dark);
  const rules = [`:root{${vars.join(';')}}`];
  model.anchors.forEach((a, i) => {
    if (typeof a.color === 'string' && HEX.test(a.color)) rules.push(`.dw-anchor-${i} .dw-anchor-icon{background:${a.color}}`);
    else if (a.color && typeof a.color === 'object' && HEX.test(a.color.from) && HEX.test(a.color.to))
      rules.push(`.dw-anchor-${i} .dw-anchor-icon{background:linear-gradient(45deg,${a.color.from},${a.color.to})}`);
  });
  return rules.join('\n');
}

/**
 * The group path of each page (top-level group first; a page listed twice, its first place), built
 * once per site model: looked up for every page rendered, which on a site of thousands of pages
 * must not walk the whole navigation each time.
 */
const trailsOf = new WeakMap<SiteModel, Map<string, readonly NavGroupItem[]>>();
function findTrail(model: SiteModel, id: string): readonly NavGroupItem[] | undefined {
  let trails = trailsOf.get(model);
  if (!trails) {
    const found = new Map<string, readonly NavGroupItem[]>();
    const walk = (group: NavGroupItem, path: readonly NavGroupItem[]) => {
      const trail = [...path, group];
      for (const item of group.items) {
        if (item.kind === 'page' && !found.has(item.id)) found.set(item.id, trail);
        else if (item.kind === 'group') walk(item, trail);
      }
    };
    for (const g of model.groups) walk(g, []);
    trailsOf.set(model, (trails = found));
  }
  return trails.get(id);
}

function navItem(item: NavItem, input: LayoutInput, trail: Set<NavGroupItem>): ElementContent | undefined {
  // Links of navigation groups are written for sharing (see NavCache), cached or not.
  const target = input.target.shared?.target ?? input.target;
  if (item.kind === 'link') {
    const href = safeHref(item.href, target, isPageOf(input));
    return el('li', {}, [el('a', { className: ['dw-nav-link'], href }, [text(item.label)])]);
  }
  if (item.kind === 'group') {
    return cachedGroup(item, input, () =>
      el('li', { className: ['dw-nav-subgroup'] }, [
        el('details', { open: trail.has(item) }, [
          el('summary', {}, [...(item.icon ? [iconElement(item.icon, undefined, undefined, input.model.iconLibrary) ?? text('')] : []), text(item.name)]),
          el(
            'ul',
            {},
            item.items.map((i) => navItem(i, input, trail)).filter((x): x is ElementContent => !!x),
          ),
        ]),
      ]),
    );
  }
  const info = input.info(item.id);
  if (info?.hidden) return undefined;
  const label = info?.sidebarTitle ?? info?.title ?? item.id;
  const current = item.id === input.pageId;
  const href = info?.url ? safeHref(info.url, target, isPageOf(input)) : target.pageHref(item.id);
  const icon = info?.icon ? iconElement(info.icon, undefined, undefined, input.model.iconLibrary) : undefined;
  return el('li', {}, [
    el(
      'a',
      {
        className: ['dw-nav-link', ...(current ? ['dw-current'] : []), ...(info ? [] : ['dw-missing'])],
        href,
        dataDwPage: info?.url ? undefined : pageIdAttr(input.target, item.id),
        ariaCurrent: current ? 'page' : undefined,
        dataDwCurrent: current ? '' : undefined,
      } as Properties,
      [
        ...(icon ? [icon] : []),
        ...(info?.method
          ? [
              el('span', { className: ['dw-method', 'dw-nav-method', `dw-method-${info.method.toLowerCase()}`] }, [
                text(info.method === 'DELETE' ? 'DEL' : info.method === 'WEBHOOK' ? 'HOOK' : info.method),
              ]),
            ]
          : []),
        text(label),
        ...(info?.tag ? [el('span', { className: ['dw-badge', 'dw-nav-tag'] }, [text(info.tag)])] : []),
        ...(info?.deprecated ? [el('span', { className: ['dw-badge', 'dw-nav-deprecated'] }, [text('deprecated')])] : []),
        ...(info?.url && isExternalUrl(info.url) ? [iconElement('arrow-up-right-from-square', 'solid', 'dw-icon dw-nav-external') ?? text('')] : []),
      ],
    ),
  ]);
}

function anchorLink(a: SiteAnchor, i: number, input: LayoutInput, firstPage: string | undefined, active: boolean): Element {
  const href = isExternalUrl(a.url) ? safeHref(a.url, input.target, isPageOf(input)) : firstPage ? input.target.pageHref(firstPage) : undefined;
  const icon = iconElement(a.icon, a.iconType, undefined, input.model.iconLibrary);
  return el('li', { className: ['dw-anchor', `dw-anchor-${i}`] }, [
    el('a', { href, className: active ? ['dw-current'] : [], dataDwPage: isExternalUrl(a.url) ? undefined : pageIdAttr(input.target, firstPage) }, [
      el('span', { className: ['dw-anchor-icon'] }, icon ? [icon] : []),
      text(a.name),
    ]),
  ]);
}

function sidebar(input: LayoutInput, groups: TopLevelGroup[], currentGroup: TopLevelGroup | undefined, trail: Set<NavGroupItem>, scope: Scope): Element {
  const { model } = input;
  const parts: ElementContent[] = [
    ...divisionSwitcher(input, 'product', scope),
    ...divisionSwitcher(input, 'dropdown', scope),
    ...versionSwitcher(input, scope),
  ];
  // Anchors: the top anchor, then each anchor (default-hidden ones only when the reader is inside).
  if (model.anchors.length > 0) {
    const list: ElementContent[] = [];
    const currentAnchor = currentGroup?.anchor;
    const firstIn = (groups: TopLevelGroup[]) => firstPageIn(groups, isPageOf(input)) ?? firstPageIn(groups, () => true);
    const topFirst = firstIn(model.groups.filter((g) => g.anchor === undefined && g.tab === currentGroup?.tab));
    list.push(
      el('li', { className: ['dw-anchor', 'dw-top-anchor'] }, [
        el(
          'a',
          {
            href: topFirst ? input.target.pageHref(topFirst) : undefined,
            dataDwPage: pageIdAttr(input.target, topFirst),
            className: currentAnchor === undefined ? ['dw-current'] : [],
          },
          [
            el('span', { className: ['dw-anchor-icon'] }, [
              iconElement(model.topAnchor.icon, model.topAnchor.iconType, undefined, model.iconLibrary) ?? text(''),
            ]),
            text(model.topAnchor.name),
          ],
        ),
      ]),
    );
    model.anchors.forEach((a, i) => {
      if (a.isDefaultHidden && currentAnchor !== i) return;
      if (a.version !== undefined && scope.ref && a.version !== scope.ref.version) return;
      const first = firstIn(model.groups.filter((g) => g.anchor === i));
      list.push(anchorLink(a, i, input, first, currentAnchor === i));
    });
    parts.push(el('ul', { className: ['dw-anchors'] }, list));
  }
  for (const g of groups) {
    parts.push(
      cachedGroup(g, input, () =>
        el('div', { className: ['dw-nav-group'] }, [
          el('div', { className: ['dw-nav-group-title'] }, [
            ...(g.icon ? [iconElement(g.icon, undefined, undefined, input.model.iconLibrary) ?? text('')] : []),
            text(g.name),
          ]),
          el(
            'ul',
            {},
            g.items.map((i) => navItem(i, input, trail)).filter((x): x is ElementContent => !!x),
          ),
        ]),
      ),
    );
  }
  return el('nav', { className: ['dw-sidebar'], ariaLabel: 'Navigation', dataDwSidebar: '' }, parts);
}

/**
 * Where the shown page sits: its top-level group (or, outside the navigation, the first group),
 * which fixes the language, version, product, dropdown and menu whose groups the sidebar shows.
 */
interface Scope {
  ref: TopLevelGroup | undefined;
  /** The top bar, footer and banner in force: the site's, with the current language's own on top. */
  chrome: SiteChrome;
}

function scopeOf(model: SiteModel, current: TopLevelGroup | undefined): Scope {
  const ref = current ?? model.groups[0];
  const own = ref?.language !== undefined ? model.languages?.find((l) => l.code === ref.language)?.chrome : undefined;
  const chrome: SiteChrome = {
    topbarLinks: model.topbarLinks,
    cta: model.cta,
    footerSocials: model.footerSocials,
    footerLinks: model.footerLinks ?? [],
    banner: model.banner,
    ...own,
  };
  return { ref, chrome };
}

const sameSwitched = (a: TopLevelGroup, b: TopLevelGroup | undefined) => SWITCHED.every((k) => a[k] === b?.[k]);

/**
 * The page ids of a top-level group, computed once per group: every page's chrome asks for them
 * (switchers, anchors, the logo), and walking the whole navigation for each page of a site of
 * thousands makes an export's time grow with the square of its size.
 */
const pagesOfGroup = new WeakMap<TopLevelGroup, readonly string[]>();
function groupPages(g: TopLevelGroup): readonly string[] {
  let ids = pagesOfGroup.get(g);
  if (!ids) pagesOfGroup.set(g, (ids = pagesOf(g.items)));
  return ids;
}

/** The first page of `groups` (in order) that `accept`s. */
function firstPageIn(groups: readonly TopLevelGroup[], accept: (id: string) => boolean): string | undefined {
  for (const g of groups) for (const id of groupPages(g)) if (accept(id)) return id;
  return undefined;
}

/** The pages a language or version lists, in order and as a set, computed once per site model. */
const pagesOfDivision = new WeakMap<SiteModel, Map<string, { ids: readonly string[]; has: ReadonlySet<string> }>>();
function divisionPages(model: SiteModel, key: 'language' | 'version', value: string | undefined): { ids: readonly string[]; has: ReadonlySet<string> } {
  let byDivision = pagesOfDivision.get(model);
  if (!byDivision) pagesOfDivision.set(model, (byDivision = new Map()));
  const name = `${key}\0${value ?? ''}`;
  let pages = byDivision.get(name);
  if (!pages) {
    const ids = model.groups.filter((g) => g[key] === value).flatMap((g) => groupPages(g));
    byDivision.set(name, (pages = { ids, has: new Set(ids) }));
  }
  return pages;
}

/**
 * The first page that `exists` (has a file) of the groups `pick` accepts, from the group that shares
 * most of the reader's other divisions.
 */
function firstPageWhere(
  model: SiteModel,
  pick: (g: TopLevelGroup) => boolean,
  ref: TopLevelGroup | undefined,
  exists: (id: string) => boolean,
): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const g of model.groups) {
    if (!pick(g)) continue;
    const first = groupPages(g).find(exists);
    if (first === undefined) continue;
    const score = ref
      ? (g.language === ref.language ? 16 : 0) +
        (g.version === ref.version ? 8 : 0) +
        (g.product === ref.product ? 4 : 0) +
        (g.dropdown === ref.dropdown ? 2 : 0) +
        (g.tab === ref.tab ? 1 : 0)
      : 0;
    if (score > bestScore) [best, bestScore] = [first, score];
  }
  return best;
}

/**
 * The same page in another language or version: `es/guide` for `en/guide` or `guide`, and
 * `es/v2/guide` for `es/v1/guide`, when the other division lists it; else that division's first
 * page, from the group nearest the reader's own (`ref`: same language, version, product...). Only
 * pages that `exists` (have a file).
 */
function counterpartPage(
  model: SiteModel,
  id: string | undefined,
  key: 'language' | 'version',
  from: string | undefined,
  to: string,
  exists: (id: string) => boolean,
  ref: TopLevelGroup | undefined,
): string | undefined {
  if (id !== undefined) {
    const there = divisionPages(model, key, to);
    const listed = (p: string) => there.has.has(p) && exists(p);
    const stem = from !== undefined && id.startsWith(`${from}/`) ? id.slice(from.length + 1) : id;
    // The division named by a folder anywhere in the path (`es/v1/guide`), then as its first folder or none.
    const swapped =
      from === undefined
        ? id
        : id
            .split('/')
            .map((part) => (part === from ? to : part))
            .join('/');
    for (const candidate of [swapped, `${to}/${stem}`, stem]) if (candidate !== id && listed(candidate)) return candidate;
    // A page listed in both shows the division it is first listed in (one page, one URL): lead
    // instead to a page only the other division lists, where its sidebar shows.
    if (listed(id)) {
      const here = divisionPages(model, key, from).has;
      return there.ids.find((p) => !here.has(p) && exists(p)) ?? id;
    }
  }
  return firstPageWhere(model, (g) => g[key] === to, ref ?? model.groups.find((g) => g[key] === from), exists);
}

/** Whether any group `pick` accepts lists a page (with a file or not). */
const listsPages = (model: SiteModel, pick: (g: TopLevelGroup) => boolean) => model.groups.some((g) => pick(g) && groupPages(g).length > 0);
const NO_PAGE = 'No page here has a file yet';

interface SwitchItem {
  name: string;
  icon?: string;
  tag?: string;
  description?: string;
  /** A site page, or an external URL. */
  page?: string;
  url?: string;
  current: boolean;
  /** Neither: the entry's pages have no file (shown, not a link, with this note). */
  unavailable?: string;
}

/** A switcher: a `<details>` menu of links, so it works with no script (export CSP and preview alike). */
function switcher(input: LayoutInput, kind: string, label: string, items: SwitchItem[]): Element[] {
  if (items.length === 0) return [];
  const { target } = input;
  const current = items.find((i) => i.current) ?? items[0];
  const face = (i: SwitchItem, cls: string): ElementContent[] => [
    ...(i.icon ? [iconElement(i.icon, undefined, undefined, input.model.iconLibrary) ?? text('')] : []),
    el('span', { className: [cls] }, [text(i.name)]),
    ...(i.tag ? [el('span', { className: ['dw-badge', 'dw-switcher-tag'] }, [text(i.tag)])] : []),
  ];
  return [
    el('details', { className: ['dw-switcher', `dw-switcher-${kind}`], dataSwitcher: kind, dataDwMenu: '' }, [
      el('summary', { className: [`dw-${kind}-trigger`], ariaLabel: `${label}: ${current.name}` }, [
        ...face(current, 'dw-switcher-name'),
        iconElement('chevron-down', 'solid', 'dw-icon dw-switcher-chevron') ?? text(''),
      ]),
      el(
        'ul',
        { className: ['dw-switcher-menu', `dw-${kind}-menu`] },
        items.map((i) => {
          if (i.unavailable !== undefined) {
            return el('li', { className: [`dw-${kind}-item`] }, [
              el('span', { className: ['dw-switcher-unavailable'], ariaDisabled: 'true' }, [
                ...face(i, 'dw-switcher-item-name'),
                el('span', { className: ['dw-switcher-description'] }, [text(i.unavailable)]),
              ]),
            ]);
          }
          const href = i.url !== undefined ? safeHref(i.url, target, isPageOf(input)) : i.page !== undefined ? target.pageHref(i.page) : undefined;
          return el('li', { className: [`dw-${kind}-item`] }, [
            el(
              'a',
              {
                href,
                className: i.current ? ['dw-current'] : [],
                ariaCurrent: i.current ? 'true' : undefined,
                dataDwPage: i.page !== undefined ? pageIdAttr(target, i.page) : undefined,
                hreflang: kind === 'language' ? i.name : undefined,
              } as Properties,
              [...face(i, 'dw-switcher-item-name'), ...(i.description ? [el('span', { className: ['dw-switcher-description'] }, [text(i.description)])] : [])],
            ),
          ]);
        }),
      ),
    ]),
  ];
}

/** Dropdown or product switcher entries in the reader's language and version (and product, for dropdowns). */
function divisionSwitcher(input: LayoutInput, kind: 'dropdown' | 'product', scope: Scope): Element[] {
  const { model } = input;
  const list: SiteDivision[] = (kind === 'dropdown' ? model.dropdowns : model.products) ?? [];
  const ref = scope.ref;
  const items: SwitchItem[] = [];
  list.forEach((d, i) => {
    if (d.hidden && ref?.[kind] !== i) return;
    if (d.language !== ref?.language || d.version !== ref?.version || (kind === 'dropdown' && d.product !== ref?.product)) return;
    const page = d.href === undefined ? firstPageWhere(model, (g) => g[kind] === i, ref, isPageOf(input)) : undefined;
    const unavailable = d.href === undefined && page === undefined ? (listsPages(model, (g) => g[kind] === i) ? NO_PAGE : undefined) : undefined;
    if (d.href === undefined && page === undefined && unavailable === undefined) return;
    items.push({ name: d.name, icon: d.icon, description: d.description, page, url: d.href, current: ref?.[kind] === i, unavailable });
  });
  return switcher(input, kind, kind === 'dropdown' ? 'Section' : 'Product', items);
}

function versionSwitcher(input: LayoutInput, scope: Scope): Element[] {
  const { model } = input;
  if (model.versions.length === 0) return [];
  const from = scope.ref?.version;
  const info = new Map((model.versionInfo ?? []).map((v) => [v.name, v]));
  const exists = isPageOf(input);
  return switcher(
    input,
    'version',
    'Version',
    model.versions.map((v) => {
      const page =
        v === from
          ? (input.pageId ?? counterpartPage(model, undefined, 'version', from, v, exists, scope.ref))
          : counterpartPage(model, input.pageId, 'version', from, v, exists, scope.ref);
      return { name: v, tag: info.get(v)?.tag, page, current: v === from, unavailable: page === undefined ? NO_PAGE : undefined };
    }),
  );
}

/** Names of the documented language codes, as readers of each language write them. */
const LANGUAGE_NAMES: Record<string, string> = {
  ar: 'العربية',
  ca: 'Català',
  cn: '简体中文',
  'zh-Hant': '繁體中文',
  zh: '中文',
  cs: 'Čeština',
  da: 'Dansk',
  nl: 'Nederlands',
  en: 'English',
  fi: 'Suomi',
  fr: 'Français',
  de: 'Deutsch',
  he: 'עברית',
  hi: 'हिन्दी',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  jp: '日本語',
  ja: '日本語',
  ko: '한국어',
  lv: 'Latviešu',
  no: 'Norsk',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  pt: 'Português',
  ro: 'Română',
  ru: 'Русский',
  es: 'Español',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  uz: 'Oʻzbek',
  vi: 'Tiếng Việt',
};

function languageSwitcher(input: LayoutInput, scope: Scope): Element[] {
  const { model } = input;
  const langs = (model.languages ?? []).filter((l) => !l.hidden || l.code === scope.ref?.language);
  if (langs.length < 2) return [];
  const from = scope.ref?.language;
  const items = langs
    .map((l) => ({
      name: own(LANGUAGE_NAMES, l.code) ?? l.code,
      page: l.code === from ? input.pageId : counterpartPage(model, input.pageId, 'language', from, l.code, isPageOf(input), scope.ref),
      current: l.code === from,
    }))
    .map((i) => ({ ...i, unavailable: i.page === undefined ? NO_PAGE : undefined }));
  const [el0] = switcher(input, 'language', 'Language', items);
  // The summary and links name the language in its own script; the code goes on the link for hreflang.
  const links = (el0.children[1] as Element).children as Element[];
  links.forEach((li, i) => Object.assign((li.children[0] as Element).properties, { hreflang: langs[i].code, lang: langs[i].code }));
  return [el0];
}

/** A tab's menu (`menu` items): a dropdown in the tab bar. */
function tabMenu(input: LayoutInput, tab: number | undefined, name: string, scope: Scope, current: boolean): Element | undefined {
  const { model } = input;
  const ref = scope.ref;
  const items: SwitchItem[] = [];
  (model.menus ?? []).forEach((m, i) => {
    if (m.tab !== tab || m.language !== ref?.language || m.version !== ref?.version || m.product !== ref?.product) return;
    if (m.hidden && ref?.menu !== i) return;
    const page =
      m.href === undefined
        ? (firstPageWhere(model, (g) => g.menu === i, ref, isPageOf(input)) ??
          firstPageWhere(
            model,
            (g) => g.menu === i,
            ref,
            () => true,
          ))
        : undefined;
    if (m.href === undefined && page === undefined) return;
    items.push({ name: m.name, icon: m.icon, description: m.description, page, url: m.href, current: ref?.menu === i });
  });
  if (items.length === 0) return undefined;
  const [menu] = switcher(input, 'tab-menu', name, items);
  (menu.properties.className as string[]).push('dw-tab-menu', ...(current ? ['dw-current'] : []));
  const summary = menu.children[0] as Element;
  summary.children = [
    el('span', { className: ['dw-switcher-name'] }, [text(name)]),
    iconElement('chevron-down', 'solid', 'dw-icon dw-switcher-chevron') ?? text(''),
  ];
  return menu;
}

/** `banner.content`: inline Markdown (links, bold, italic, code) written in the config, as text nodes and safe links. */
function inlineMarkdown(source: string, input: LayoutInput): ElementContent[] {
  const out: ElementContent[] = [];
  const re = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*]+)\*|_([^_]+)_|`([^`]+)`/g;
  let last = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m.index > last) out.push(text(source.slice(last, m.index)));
    if (m[1] !== undefined) out.push(el('a', { href: safeHref(m[2], input.target, isPageOf(input)) }, [text(m[1])]));
    else if (m[3] ?? m[4]) out.push(el('strong', {}, [text((m[3] ?? m[4])!)]));
    else if (m[5] ?? m[6]) out.push(el('em', {}, [text((m[5] ?? m[6])!)]));
    else out.push(el('code', {}, [text(m[7])]));
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push(text(source.slice(last)));
  return out;
}

function banner(input: LayoutInput, scope: Scope): Element | undefined {
  const b = scope.chrome.banner;
  if (!b) return undefined;
  const style = b.color && HEX.test(b.color) ? `background:${b.color}` : undefined;
  return el('div', { className: ['dw-banner-bar', `dw-banner-${b.type}`], role: 'region', ariaLabel: 'Announcement', style, dataDwBanner: '' }, [
    el('div', { className: ['dw-banner-content'] }, inlineMarkdown(b.content, input)),
    ...(b.dismissible
      ? [el('button', { type: 'button', className: ['dw-banner-dismiss'], ariaLabel: 'Dismiss', dataDwBannerDismiss: '' }, [iconElement('xmark') ?? text('x')])]
      : []),
  ]);
}

const AI_TOOLS: Record<string, string> = { chatgpt: 'ChatGPT', claude: 'Claude', perplexity: 'Perplexity', grok: 'Grok', aistudio: 'AI Studio' };

/** `contextual`: the page's action menu (copy, view as Markdown, open in an AI tool, custom links). */
function contextualMenu(input: LayoutInput): Element | undefined {
  const ctx = input.model.contextual;
  if (!ctx || ctx.options.length === 0 || input.pageId === undefined) return undefined;
  const page = input.target.pageHref(input.pageId);
  const markdown = /\.html$/.test(page) ? page.replace(/\.html$/, '.md') : undefined;
  const items: ElementContent[] = [];
  for (const o of ctx.options) {
    if (o === 'copy')
      items.push(
        el('li', {}, [
          el('button', { type: 'button', className: ['dw-ctx-item'], dataDwCopyPage: '' }, [iconElement('copy', 'regular') ?? text(''), text('Copy page')]),
        ]),
      );
    else if (o === 'view' && markdown)
      items.push(
        el('li', {}, [el('a', { className: ['dw-ctx-item'], href: markdown }, [iconElement('file-lines', 'regular') ?? text(''), text('View as Markdown')])]),
      );
    else if (typeof o === 'string' && own(AI_TOOLS, o))
      items.push(
        el('li', {}, [
          el('a', { className: ['dw-ctx-item'], href: '#', dataDwAi: o, dataDwMarkdown: markdown ?? page } as Properties, [
            text(`Open in ${own(AI_TOOLS, o)}`),
          ]),
        ]),
      );
    else if (typeof o === 'object')
      items.push(el('li', {}, [el('a', { className: ['dw-ctx-item'], href: safeHref(o.href, input.target, isPageOf(input)) }, [text(o.title)])]));
  }
  if (items.length === 0) return undefined;
  return el('details', { className: ['dw-contextual', `dw-contextual-${ctx.display}`], dataDwMenu: '' }, [
    el('summary', { className: ['dw-contextual-button'], ariaLabel: 'Page actions' }, [
      iconElement('copy', 'regular') ?? text(''),
      text('Copy page'),
      iconElement('chevron-down', 'solid', 'dw-icon dw-switcher-chevron') ?? text(''),
    ]),
    el('ul', { className: ['dw-switcher-menu'] }, items),
  ]);
}

function topbar(input: LayoutInput, currentTab: number | undefined, scope: Scope): Element[] {
  const { model, target } = input;
  const { chrome, ref } = scope;
  const brand: ElementContent[] = [];
  if (model.logo) {
    brand.push(el('img', { className: ['dw-logo', 'dw-logo-light'], src: safeHref(model.logo.light, target), alt: model.name }));
    brand.push(el('img', { className: ['dw-logo', 'dw-logo-dark'], src: safeHref(model.logo.dark, target), alt: model.name }));
  } else brand.push(el('span', { className: ['dw-site-name'] }, [text(model.name)]));
  const right: ElementContent[] = [];
  if (input.search)
    right.push(
      el('div', { className: ['dw-search'] }, [
        el('input', { className: ['dw-search-input'], type: 'search', placeholder: 'Search...', ariaLabel: 'Search the docs', dataDwSearch: '' }),
        el('ul', { className: ['dw-search-results'], hidden: true, dataDwSearchResults: '' }, []),
      ]),
    );
  right.push(...languageSwitcher(input, scope));
  for (const l of chrome.topbarLinks) {
    const href = safeHref(l.url, target, isPageOf(input));
    const icon = l.type === 'github' || l.type === 'discord' ? iconElement(l.type, 'brands') : undefined;
    if (href) right.push(el('a', { className: ['dw-topbar-link'], href }, [...(icon ? [icon] : []), text(l.name)]));
  }
  if (chrome.cta) {
    const href = safeHref(chrome.cta.url, target, isPageOf(input));
    if (chrome.cta.type === 'github') {
      const repo = chrome.cta.url.replace(/^https?:\/\/(www\.)?github\.com\//, '').replace(/\/$/, '');
      right.push(
        el('a', { className: ['dw-cta', 'dw-cta-github'], href, ariaLabel: repo }, [
          iconElement('github', 'brands') ?? text(''),
          el('span', { className: ['dw-cta-text'] }, [text(repo)]),
        ]),
      );
    } else {
      // The label hides on narrow screens (only the arrow shows): aria-label keeps the link's name.
      const label = chrome.cta.name ?? 'Get started';
      right.push(
        el('a', { className: ['dw-cta'], href, ariaLabel: label }, [
          el('span', { className: ['dw-cta-text'] }, [text(label)]),
          iconElement('chevron-right') ?? text(''),
        ]),
      );
    }
  }
  if (!model.modeToggle.isHidden) {
    right.push(
      el('button', { type: 'button', className: ['dw-mode-toggle'], ariaLabel: 'Toggle light/dark mode', dataDwModeToggle: '' }, [
        iconElement('sun', 'regular', 'dw-icon dw-sun') ?? text(''),
        iconElement('moon', 'regular', 'dw-icon dw-moon') ?? text(''),
      ]),
    );
  }
  const logoHref = model.logo ? safeHref(model.logo.href, target, isPageOf(input)) : target.pageHref(firstPageIn(model.groups, () => true) ?? 'index');
  // Narrow windows fold the sidebar away; this button (docwright.js) opens it.
  const menuButton = el(
    'button',
    { type: 'button', className: ['dw-nav-toggle'], ariaLabel: 'Open navigation', ariaExpanded: 'false', ariaControls: ['sidebar'], dataDwNavToggle: '' },
    [iconElement('bars') ?? text('Menu')],
  );
  const bar = el('header', { className: ['dw-topbar'], dataDwTopbar: '' }, [
    menuButton,
    el('a', { className: ['dw-brand'], href: logoHref }, brand),
    el('div', { className: ['dw-topbar-right'] }, right),
  ]);
  const out = [bar];
  if (model.tabs.length > 0) {
    /** The tabs, each with where the reader's division first lists it (undefined: a link, which keeps its place). */
    const tabLinks: { rank: number | undefined; node: ElementContent }[] = [];
    // Tabs of the reader's language, version, product and dropdown only (one tab name may be written in several).
    const inScope = (g: TopLevelGroup) =>
      g.language === ref?.language && g.version === ref?.version && g.product === ref?.product && g.dropdown === ref?.dropdown;
    // A tab whose pages all lack a file still leads to its first (the sidebar marks it missing).
    const firstOf = (tab: number | undefined) =>
      firstPageWhere(model, (g) => g.tab === tab && inScope(g), ref, isPageOf(input)) ??
      firstPageWhere(
        model,
        (g) => g.tab === tab && inScope(g),
        ref,
        () => true,
      );
    const addTab = (tab: number | undefined, name: string, href: string | undefined, page: string | undefined) => {
      const current = currentTab === tab;
      const menu = tabMenu(input, tab, name, scope, current);
      const rank = page === undefined ? undefined : model.groups.findIndex((g) => g.tab === tab && inScope(g));
      tabLinks.push({
        rank,
        node: menu ?? el('a', { className: ['dw-tab-link', ...(current ? ['dw-current'] : [])], href, dataDwPage: pageIdAttr(target, page) }, [text(name)]),
      });
    };
    const def = firstOf(undefined);
    if (def !== undefined || model.groups.every((g) => g.tab !== undefined))
      addTab(undefined, model.primaryTab?.name ?? DEFAULT_TITLE, def ? target.pageHref(def) : undefined, def);
    model.tabs.forEach((t, i) => {
      if (t.hidden && currentTab !== i) return;
      if (isExternalUrl(t.url)) return addTab(i, t.name, safeHref(t.url, target, isPageOf(input)), undefined);
      const first = firstOf(i);
      if (first !== undefined) addTab(i, t.name, target.pageHref(first), first);
    });
    // A tab name written in several dropdowns is one tab of the model, in the order of the first: page
    // tabs take the places page tabs hold, in the order the reader's division lists them.
    const slots = tabLinks.flatMap((t, i) => (t.rank === undefined ? [] : [i]));
    const ordered = slots.map((i) => tabLinks[i]).sort((a, b) => a.rank! - b.rank!);
    slots.forEach((slot, k) => (tabLinks[slot] = ordered[k]));
    if (tabLinks.length > 1 || currentTab !== undefined)
      out.push(
        el(
          'nav',
          { className: ['dw-tabs-bar'], ariaLabel: 'Sections' },
          tabLinks.map((t) => t.node),
        ),
      );
  }
  const b = banner(input, scope);
  return b ? [b, ...out] : out;
}

function toc(page: RenderedPage, extra?: Element): Element | undefined {
  if (page.toc.length === 0) return extra ? el('aside', { className: ['dw-toc'], ariaLabel: 'Page actions' }, [extra]) : undefined;
  // Headings inside a `<View>` are listed while that view shows (docwright.js switches them by data-dw-toc-view).
  const shown = page.views?.[0]?.title;
  return el('aside', { className: ['dw-toc'], ariaLabel: 'On this page' }, [
    ...(extra ? [extra] : []),
    el('div', { className: ['dw-toc-title'] }, [text('On this page')]),
    el(
      'ul',
      {},
      page.toc.map((t) =>
        el('li', { className: ['dw-toc-item', `dw-toc-${t.depth}`], dataDwTocView: t.view, hidden: t.view !== undefined && t.view !== shown } as Properties, [
          el('a', { href: `#${t.id}` }, [text(t.text)]),
        ]),
      ),
    ),
  ]);
}

/** The page's `<View>` switcher, as the format's multi-view dropdown: one view shows at a time. */
function viewSwitcher(input: LayoutInput): Element | undefined {
  const views = input.page.views;
  if (!views?.length) return undefined;
  const face = (v: PageViewEntry) =>
    el('span', { className: ['dw-view-face'], dataDwViewFace: '' }, [
      ...(v.icon ? [iconElement(v.icon, v.iconType, undefined, input.model.iconLibrary) ?? text('')] : []),
      el('span', { className: ['dw-switcher-name'] }, [text(v.title)]),
    ]);
  return el('details', { className: ['dw-switcher', 'dw-switcher-view'], dataSwitcher: 'view', dataDwMenu: '' }, [
    el('summary', { className: ['dw-view-trigger'], ariaLabel: 'View', dataDwViewCurrent: '' }, [
      face(views[0]),
      iconElement('chevron-down', 'solid', 'dw-icon dw-switcher-chevron') ?? text(''),
    ]),
    el(
      'ul',
      { className: ['dw-switcher-menu', 'dw-view-menu'] },
      views.map((v, i) =>
        el('li', { className: ['dw-view-item'] }, [
          el(
            'button',
            { type: 'button', className: i === 0 ? ['dw-current'] : [], ariaCurrent: i === 0 ? 'true' : 'false', dataDwViewChoice: v.title } as Properties,
            [face(v)],
          ),
        ]),
      ),
    ),
  ]);
}

function footer(input: LayoutInput, order: string[], scope: Scope): Element {
  const { target, pageId } = input;
  const parts: ElementContent[] = [];
  const i = pageId ? order.indexOf(pageId) : -1;
  if (i >= 0) {
    const link = (id: string | undefined, label: string, cls: string) =>
      id
        ? el('a', { className: ['dw-pager-link', cls], href: target.pageHref(id), dataDwPage: pageIdAttr(target, id) }, [
            el('span', { className: ['dw-pager-label'] }, [text(label)]),
            el('span', { className: ['dw-pager-title'] }, [text(input.info(id)?.title ?? id)]),
          ])
        : el('span', {}, []);
    parts.push(
      el('nav', { className: ['dw-pager'], ariaLabel: 'Previous and next pages' }, [
        link(order[i - 1], 'Previous', 'dw-prev'),
        link(order[i + 1], 'Next', 'dw-next'),
      ]),
    );
  }
  const columns = scope.chrome.footerLinks.map((col) =>
    el('div', { className: ['dw-footer-column'] }, [
      ...(col.header ? [el('div', { className: ['dw-footer-header'] }, [text(col.header)])] : []),
      el(
        'ul',
        {},
        col.items.flatMap((i) => {
          const href = safeHref(i.href, target, isPageOf(input));
          return href ? [el('li', {}, [el('a', { href }, [text(i.label)])])] : [];
        }),
      ),
    ]),
  );
  if (columns.length) parts.push(el('div', { className: ['dw-footer-links'] }, columns));
  const socials = scope.chrome.footerSocials.flatMap((s) => {
    const href = safeHref(s.url, target, isPageOf(input));
    const name = s.platform === 'website' ? 'globe' : s.platform === 'x' ? 'x-twitter' : s.platform === 'hacker-news' ? 'hacker-news' : s.platform;
    const icon = iconElement(name, s.platform === 'website' ? 'solid' : 'brands');
    return href ? [el('a', { href, ariaLabel: s.platform, className: ['dw-social'] }, [icon ?? text(s.platform)])] : [];
  });
  if (socials.length) parts.push(el('div', { className: ['dw-socials'] }, socials));
  return el('footer', { className: ['dw-footer'] }, parts);
}

function feedback(input: LayoutInput): Element | undefined {
  const { model } = input;
  const repo = model.cta?.type === 'github' ? model.cta.url.replace(/\/$/, '') : undefined;
  if (!repo || (!model.feedback.suggestEdit && !model.feedback.raiseIssue)) return undefined;
  const links: ElementContent[] = [];
  if (model.feedback.suggestEdit && input.rel)
    links.push(
      el('a', { className: ['dw-feedback-link'], href: safeHref(`${repo}/edit/main/${encodeURI(input.rel)}`, input.target) }, [
        iconElement('pen-to-square', 'regular') ?? text(''),
        text('Suggest edits'),
      ]),
    );
  if (model.feedback.raiseIssue)
    links.push(
      el(
        'a',
        {
          className: ['dw-feedback-link'],
          href: safeHref(`${repo}/issues/new?title=${encodeURIComponent(`Issue on docs: ${input.page.title}`)}`, input.target),
        },
        [iconElement('circle-exclamation') ?? text(''), text('Raise issue')],
      ),
    );
  return el('div', { className: ['dw-feedback'] }, links);
}

/** The page's mode (front matter `mode`, organize/pages.mdx): which chrome surrounds the content. */
export type PageMode = 'default' | 'wide' | 'custom' | 'frame' | 'center';

/** The whole page (chrome + content) as the HTML that goes inside `<body>`. */
export function renderLayout(input: LayoutInput, bodyHtml = input.page.html, mode: PageMode = 'default'): string {
  const { model, page } = input;
  const trailList = input.pageId ? findTrail(model, input.pageId) : undefined;
  const currentGroup = trailList?.[0] as TopLevelGroup | undefined;
  const scope = scopeOf(model, currentGroup);
  const currentTab = scope.ref?.tab;
  const visible = model.groups.filter(
    (g) => g.tab === currentTab && (model.anchors.length === 0 || g.anchor === scope.ref?.anchor) && sameSwitched(g, scope.ref),
  );
  const order = visible.flatMap((g) => pagesOf(g.items)).filter((id) => !input.info(id)?.hidden);
  // The chrome's hooks of media/*.js are reserved attributes too (data-dw-): the scripts select by nothing page content can write.
  const body = el('div', { className: ['dw-page-body'], dataDwContent: '' }, [{ type: 'raw', value: bodyHtml } as unknown as ElementContent]);
  const bg = model.backgroundImage ? safeHref(model.backgroundImage, input.target) : undefined;
  const background = bg ? [el('img', { className: ['dw-background'], src: bg, alt: '' })] : [];
  const side = mode === 'center' || mode === 'custom' ? [] : [sidebar(input, visible, currentGroup, new Set(trailList ?? []), scope)];
  // Custom and frame: the page's own content as a blank canvas under the top bar (frame keeps the sidebar).
  if (mode === 'custom' || mode === 'frame') {
    const main = el('div', { className: ['dw-main', `dw-mode-${mode}`, 'dw-no-toc'] }, [
      ...side,
      el('main', { className: ['dw-content', 'dw-canvas'] }, [body]),
    ]);
    return chromeHtml([...background, ...topbar(input, currentTab, scope), main]);
  }
  const head: ElementContent[] = [];
  if (currentGroup?.name) {
    const names = (trailList ?? []).map((g) => g.name).filter(Boolean);
    head.push(
      el(
        'div',
        { className: ['dw-eyebrow'] },
        names.flatMap((n, i) => (i === 0 ? [text(n)] : [EYEBROW_SEPARATOR, text(n)])),
      ),
    );
  }
  const ctx = contextualMenu(input);
  // A page with its own side column (API examples) has no table of contents, as published: the menu stays by the title.
  const ctxInToc = model.contextual?.display === 'toc' && !page.sideColumn;
  head.push(el('div', { className: ['dw-title-row'] }, [el('h1', { className: ['dw-title'] }, [text(page.title)]), ...(ctx && !ctxInToc ? [ctx] : [])]));
  // The description is printed as prose, curled as the published page shows it.
  if (page.description) head.push(el('p', { className: ['dw-description'] }, [text(typographicLine(page.description))]));
  const views = viewSwitcher(input);
  if (views) head.push(views);
  if (page.problem) head.push(el('div', { className: ['dw-problem'], role: 'alert' }, [text(page.problem)]));
  const fb = feedback(input);
  const article = el('article', { className: ['dw-content'] }, [
    el('header', { className: ['dw-page-header'] }, head),
    body,
    ...(fb ? [fb] : []),
    footer(input, order, scope),
  ]);
  // Wide and center have no table of contents; center has no sidebar either.
  const tocEl = mode === 'default' && !page.sideColumn ? toc(page, ctx && ctxInToc ? ctx : undefined) : undefined;
  const main = el('div', { className: ['dw-main', `dw-mode-${mode}`, ...(tocEl ? [] : ['dw-no-toc'])] }, [...side, article, ...(tocEl ? [tocEl] : [])]);
  return chromeHtml([...background, ...topbar(input, currentTab, scope), main]);
}

/** The chrome as HTML, with the format's documented ids and classes for site CSS (css-hooks.ts). */
function chromeHtml(children: ElementContent[]): string {
  addCssHooksDeep(children, new Set());
  return toHtml({ type: 'root', children });
}

/** `data-theme` for the document: a forced mode, or `auto` (follow the reader / the editor theme). */
export function themeMode(model: SiteModel): 'light' | 'dark' | 'auto' {
  return model.modeToggle.default && model.modeToggle.isHidden ? model.modeToggle.default : 'auto';
}

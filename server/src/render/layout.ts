// The site chrome around a rendered page: top bar (logo, name, links, CTA, mode toggle), tabs,
// sidebar (anchors, versions, navigation groups with the current page marked), table of contents,
// previous/next, feedback and footer. Built from the SiteModel only, so both config generations
// look the same. Config values are untrusted too: text goes into text nodes, URLs through safeHref,
// colours into CSS only after a strict hex check.
import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from './html';
import { pagesOf, type NavGroupItem, type NavItem, type SiteAnchor, type SiteModel, type TopLevelGroup } from '../site/model';
import { linkedPage, pageId } from '../site/navigation';
import { isExternalUrl } from '../util/paths';
import { el } from './components';
import { iconElement } from './icons';
import type { RenderedPage, RenderTarget } from './page';
import { pageIdAttr, resolveRel } from './page';

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
 * same as without the cache. Keys are few (one per depth), so every key's HTML is kept: before, the
 * key was the page's folder, and on the 1,000-page site each thread rebuilt the whole navigation
 * over a hundred times.
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
  if (html === undefined) groups.set(group, (html = toHtml(build())));
  return { type: 'raw', value: html } as unknown as ElementContent;
}

const text = (value: string): ElementContent => ({ type: 'text', value });
/**
 * The chrome writes no character beyond Latin-1 itself (here a character reference for "›"): one
 * such character makes V8 hold the whole page's HTML as a two-byte string, twice the memory and
 * slower to write out, and the export of a site written in plain ASCII paid that on every page.
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
    else if (a.color && typeof a.color === 'object' && HEX.test(a.color.from) && HEX.test(a.color.to)) rules.push(`.dw-anchor-${i} .dw-anchor-icon{background:linear-gradient(45deg,${a.color.from},${a.color.to})}`);
  });
  return rules.join('\n');
}

/** The group path of the current page: top-level group first. */
function findTrail(groups: readonly NavGroupItem[], id: string): NavGroupItem[] | undefined {
  for (const g of groups) {
    for (const item of g.items) {
      if (item.kind === 'page' && item.id === id) return [g];
      if (item.kind === 'group') {
        const sub = findTrail([item], id);
        if (sub) return [g, ...sub];
      }
    }
  }
  return undefined;
}

function navItem(item: NavItem, input: LayoutInput, trail: Set<NavGroupItem>): ElementContent | undefined {
  // Links of navigation groups are written for sharing (see NavCache), cached or not.
  const target = input.target.shared?.target ?? input.target;
  if (item.kind === 'link') {
    const href = safeHref(item.href, target, isPageOf(input));
    return el('li', {}, [el('a', { className: ['dw-nav-link'], href }, [text(item.label)])]);
  }
  if (item.kind === 'group') {
    return cachedGroup(item, input, () => el('li', { className: ['dw-nav-subgroup'], dataVersion: item.version }, [
      el('details', { open: trail.has(item) }, [
        el('summary', {}, [...(item.icon ? [iconElement(item.icon) ?? text('')] : []), text(item.name)]),
        el('ul', {}, item.items.map((i) => navItem(i, input, trail)).filter((x): x is ElementContent => !!x)),
      ]),
    ]));
  }
  const info = input.info(item.id);
  const label = info?.sidebarTitle ?? info?.title ?? item.id;
  const current = item.id === input.pageId;
  const href = info?.url ? safeHref(info.url, target, isPageOf(input)) : target.pageHref(item.id);
  const icon = info?.icon ? iconElement(info.icon) : undefined;
  return el('li', {}, [
    el('a', {
      className: ['dw-nav-link', ...(current ? ['dw-current'] : []), ...(info ? [] : ['dw-missing'])],
      href,
      dataPage: info?.url ? undefined : pageIdAttr(input.target, item.id),
      ariaCurrent: current ? 'page' : undefined,
    } as Properties, [
      ...(icon ? [icon] : []),
      ...(info?.method ? [el('span', { className: ['dw-method', 'dw-nav-method', `dw-method-${info.method.toLowerCase()}`] }, [text(info.method === 'DELETE' ? 'DEL' : info.method === 'WEBHOOK' ? 'HOOK' : info.method)])] : []),
      text(label),
      ...(info?.deprecated ? [el('span', { className: ['dw-badge', 'dw-nav-deprecated'] }, [text('deprecated')])] : []),
    ]),
  ]);
}

function anchorLink(a: SiteAnchor, i: number, input: LayoutInput, firstPage: string | undefined, active: boolean): Element {
  const href = isExternalUrl(a.url) ? safeHref(a.url, input.target, isPageOf(input)) : firstPage ? input.target.pageHref(firstPage) : undefined;
  const icon = iconElement(a.icon, a.iconType);
  return el('li', { className: ['dw-anchor', `dw-anchor-${i}`], dataVersion: a.version }, [
    el('a', { href, className: active ? ['dw-current'] : [], dataPage: isExternalUrl(a.url) ? undefined : pageIdAttr(input.target, firstPage) }, [el('span', { className: ['dw-anchor-icon'] }, icon ? [icon] : []), text(a.name)]),
  ]);
}

function sidebar(input: LayoutInput, groups: TopLevelGroup[], currentGroup: TopLevelGroup | undefined, trail: Set<NavGroupItem>): Element {
  const { model } = input;
  const parts: ElementContent[] = [];
  if (model.versions.length > 0) {
    parts.push(el('label', { className: ['dw-version'] }, [
      el('span', { className: ['dw-sr-only'] }, [text('Version')]),
      el('select', { dataVersionSelect: '' }, model.versions.map((v) => el('option', { value: v }, [text(v)]))),
    ]));
  }
  // Anchors: the top anchor, then each anchor (default-hidden ones only when the reader is inside).
  if (model.anchors.length > 0) {
    const list: ElementContent[] = [];
    const currentAnchor = currentGroup?.anchor;
    const topFirst = pagesOf(model.groups.filter((g) => g.anchor === undefined && g.tab === currentGroup?.tab).flatMap((g) => g.items))[0];
    list.push(el('li', { className: ['dw-anchor', 'dw-top-anchor'] }, [
      el('a', { href: topFirst ? input.target.pageHref(topFirst) : undefined, dataPage: pageIdAttr(input.target, topFirst), className: currentAnchor === undefined ? ['dw-current'] : [] }, [
        el('span', { className: ['dw-anchor-icon'] }, [iconElement(model.topAnchor.icon, model.topAnchor.iconType) ?? text('')]),
        text(model.topAnchor.name),
      ]),
    ]));
    model.anchors.forEach((a, i) => {
      if (a.isDefaultHidden && currentAnchor !== i) return;
      const first = pagesOf(model.groups.filter((g) => g.anchor === i).flatMap((g) => g.items))[0];
      list.push(anchorLink(a, i, input, first, currentAnchor === i));
    });
    parts.push(el('ul', { className: ['dw-anchors'] }, list));
  }
  for (const g of groups) {
    parts.push(cachedGroup(g, input, () => el('div', { className: ['dw-nav-group'], dataVersion: g.version }, [
      el('div', { className: ['dw-nav-group-title'] }, [...(g.icon ? [iconElement(g.icon) ?? text('')] : []), text(g.name)]),
      el('ul', {}, g.items.map((i) => navItem(i, input, trail)).filter((x): x is ElementContent => !!x)),
    ])));
  }
  return el('nav', { className: ['dw-sidebar'], ariaLabel: 'Navigation' }, parts);
}

function topbar(input: LayoutInput, currentTab: number | undefined): Element[] {
  const { model, target } = input;
  const brand: ElementContent[] = [];
  if (model.logo) {
    brand.push(el('img', { className: ['dw-logo', 'dw-logo-light'], src: safeHref(model.logo.light, target), alt: model.name }));
    brand.push(el('img', { className: ['dw-logo', 'dw-logo-dark'], src: safeHref(model.logo.dark, target), alt: model.name }));
  } else brand.push(el('span', { className: ['dw-site-name'] }, [text(model.name)]));
  const right: ElementContent[] = [];
  if (input.search) right.push(el('div', { className: ['dw-search'] }, [el('input', { type: 'search', placeholder: 'Search...', ariaLabel: 'Search the docs', dataSearch: '' }), el('ul', { className: ['dw-search-results'], hidden: true }, [])]));
  for (const l of model.topbarLinks) {
    const href = safeHref(l.url, target, isPageOf(input));
    if (href) right.push(el('a', { className: ['dw-topbar-link'], href }, [text(l.name)]));
  }
  if (model.cta) {
    const href = safeHref(model.cta.url, target, isPageOf(input));
    if (model.cta.type === 'github') {
      const repo = model.cta.url.replace(/^https?:\/\/(www\.)?github\.com\//, '').replace(/\/$/, '');
      right.push(el('a', { className: ['dw-cta', 'dw-cta-github'], href }, [iconElement('github', 'brands') ?? text(''), text(repo)]));
    } else right.push(el('a', { className: ['dw-cta'], href }, [text(model.cta.name ?? 'Get started'), iconElement('chevron-right') ?? text('')]));
  }
  if (!model.modeToggle.isHidden) {
    right.push(el('button', { type: 'button', className: ['dw-mode-toggle'], ariaLabel: 'Toggle light/dark mode', dataModeToggle: '' }, [iconElement('sun', 'regular', 'dw-icon dw-sun') ?? text(''), iconElement('moon', 'regular', 'dw-icon dw-moon') ?? text('')]));
  }
  const logoHref = model.logo ? safeHref(model.logo.href, target, isPageOf(input)) : target.pageHref(pagesOf(model.groups.flatMap((g) => g.items))[0] ?? 'index');
  const bar = el('header', { className: ['dw-topbar'] }, [el('a', { className: ['dw-brand'], href: logoHref }, brand), el('div', { className: ['dw-topbar-right'] }, right)]);
  const out = [bar];
  if (model.tabs.length > 0) {
    const tabLinks: ElementContent[] = [];
    const firstOf = (tab: number | undefined) => pagesOf(model.groups.filter((g) => g.tab === tab).flatMap((g) => g.items))[0];
    const def = firstOf(undefined);
    tabLinks.push(el('a', { className: ['dw-tab-link', ...(currentTab === undefined ? ['dw-current'] : [])], href: def ? target.pageHref(def) : undefined, dataPage: pageIdAttr(target, def) }, [text(model.primaryTab?.name ?? 'Documentation')]));
    model.tabs.forEach((t, i) => {
      const first = firstOf(i);
      const href = isExternalUrl(t.url) ? safeHref(t.url, target, isPageOf(input)) : first ? target.pageHref(first) : undefined;
      tabLinks.push(el('a', { className: ['dw-tab-link', ...(currentTab === i ? ['dw-current'] : [])], href, dataPage: isExternalUrl(t.url) ? undefined : pageIdAttr(target, first) }, [text(t.name)]));
    });
    out.push(el('nav', { className: ['dw-tabs-bar'], ariaLabel: 'Sections' }, tabLinks));
  }
  return out;
}

function toc(page: RenderedPage): Element | undefined {
  if (page.toc.length === 0) return undefined;
  return el('aside', { className: ['dw-toc'], ariaLabel: 'On this page' }, [
    el('div', { className: ['dw-toc-title'] }, [text('On this page')]),
    el('ul', {}, page.toc.map((t) => el('li', { className: [`dw-toc-${t.depth}`] }, [el('a', { href: `#${t.id}` }, [text(t.text)])]))),
  ]);
}

function footer(input: LayoutInput, order: string[]): Element {
  const { model, target, pageId } = input;
  const parts: ElementContent[] = [];
  const i = pageId ? order.indexOf(pageId) : -1;
  if (i >= 0) {
    const link = (id: string | undefined, label: string, cls: string) =>
      id ? el('a', { className: ['dw-pager-link', cls], href: target.pageHref(id), dataPage: pageIdAttr(target, id) }, [el('span', { className: ['dw-pager-label'] }, [text(label)]), el('span', {}, [text(input.info(id)?.title ?? id)])]) : el('span', {}, []);
    parts.push(el('nav', { className: ['dw-pager'], ariaLabel: 'Previous and next pages' }, [link(order[i - 1], 'Previous', 'dw-prev'), link(order[i + 1], 'Next', 'dw-next')]));
  }
  const socials = model.footerSocials.flatMap((s) => {
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
  if (model.feedback.suggestEdit && input.rel) links.push(el('a', { className: ['dw-feedback-link'], href: safeHref(`${repo}/edit/main/${encodeURI(input.rel)}`, input.target) }, [iconElement('pen-to-square', 'regular') ?? text(''), text('Suggest edits')]));
  if (model.feedback.raiseIssue) links.push(el('a', { className: ['dw-feedback-link'], href: safeHref(`${repo}/issues/new?title=${encodeURIComponent(`Issue on docs: ${input.page.title}`)}`, input.target) }, [iconElement('circle-exclamation') ?? text(''), text('Raise issue')]));
  return el('div', { className: ['dw-feedback'] }, links);
}

/** The whole page (chrome + content) as the HTML that goes inside `<body>`. */
export function renderLayout(input: LayoutInput, bodyHtml = input.page.html): string {
  const { model, page } = input;
  const trailList = input.pageId ? findTrail(model.groups, input.pageId) : undefined;
  const currentGroup = trailList?.[0] as TopLevelGroup | undefined;
  const currentTab = currentGroup?.tab;
  const visible = model.groups.filter((g) => g.tab === currentTab && (model.anchors.length === 0 || g.anchor === currentGroup?.anchor));
  const order = visible.flatMap((g) => pagesOf(g.items));
  const head: ElementContent[] = [];
  if (currentGroup?.name) {
    const names = (trailList ?? []).map((g) => g.name).filter(Boolean);
    head.push(el('div', { className: ['dw-eyebrow'] }, names.flatMap((n, i) => (i === 0 ? [text(n)] : [EYEBROW_SEPARATOR, text(n)]))));
  }
  head.push(el('h1', { className: ['dw-title'] }, [text(page.title)]));
  if (page.description) head.push(el('p', { className: ['dw-description'] }, [text(page.description)]));
  if (page.problem) head.push(el('div', { className: ['dw-problem'], role: 'alert' }, [text(page.problem)]));
  const fb = feedback(input);
  const article = el('article', { className: ['dw-content'] }, [
    el('header', { className: ['dw-page-header'] }, head),
    el('div', { className: ['dw-page-body'], id: 'dw-page-body' }, [{ type: 'raw', value: bodyHtml } as unknown as ElementContent]),
    ...(fb ? [fb] : []),
    footer(input, order),
  ]);
  const tocEl = toc(page);
  const main = el('div', { className: ['dw-main'] }, [sidebar(input, visible, currentGroup, new Set(trailList ?? [])), article, ...(tocEl ? [tocEl] : [])]);
  const bg = model.backgroundImage ? safeHref(model.backgroundImage, input.target) : undefined;
  return toHtml({ type: 'root', children: [...(bg ? [el('img', { className: ['dw-background'], src: bg, alt: '' })] : []), ...topbar(input, currentTab), main] });
}

/** `data-theme` for the document: a forced mode, or `auto` (follow the reader / the editor theme). */
export function themeMode(model: SiteModel): 'light' | 'dark' | 'auto' {
  return model.modeToggle.default && model.modeToggle.isHidden ? model.modeToggle.default : 'auto';
}

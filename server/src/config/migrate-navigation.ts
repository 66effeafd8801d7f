// The navigation of a classic config in the current format, placed as the format's own upgrade
// (`upgradeToDocsConfig` of @mintlify/validation) places it, so that `docwright migrate` and
// `mintlify upgrade` give the same site (a conformance test compares them):
// - tabs, anchors or versions whose urls are ALL external links become global links;
// - the "most inclusive" of tabs and anchors (the one whose urls contain the other's) is the outer
//   level, the other nests inside the division whose url prefixes it;
// - pages, not whole groups, are split among divisions by url prefix, each division taking the
//   pages the earlier ones left; what no division takes goes to the primary tab or top anchor;
// - a division that takes no page and is neither a link nor an OpenAPI section is dropped;
// - groups keep `group`, `icon` (with `iconType` as `{ name, style }`) and `pages` only.
import { DEFAULT_ANCHOR_ICON, DEFAULT_TITLE } from './defaults';
import { arr, obj, str, type Json } from '../util/json';

export type Note = (path: string, kind: 'kept' | 'dropped' | 'changed', message: string) => void;

type Kind = 'tabs' | 'anchors';

const isRemote = (url: unknown): boolean => typeof url === 'string' && (url.startsWith('https://') || url.startsWith('http://'));
const isAbsolute = (url: unknown): boolean => typeof url === 'string' && URL.canParse(url);
const leading = (p: string): string => (p.startsWith('/') ? p : '/' + p);
const asFolder = (p: string): string => leading(p.endsWith('/') ? p : p + '/');
const urlOf = (d: Json): string => String(d.url ?? '');
const icon = (name: unknown, style: unknown): unknown => (style ? { name, style } : name);
const inVersion = (g: Json, version: string | undefined): boolean => g.version === version || g.version === undefined || !version;

/** A group as the current format writes it: its label, its icon, and the pages given. */
function head(g: Json, pages: unknown[]): Json {
  return { group: g.group, ...(g.icon ? { icon: icon(g.icon, g.iconType) } : {}), pages };
}

/**
 * The pages of `groups` under a division's url (all pages without a division), minus those under
 * a more specific division (`skip`). A nested group is taken in part where its pages match, and
 * left whole where any of its pages does not.
 */
function splitPages(groups: Json[], division: Json | undefined, version: string | undefined, skip: Json[] = []): { taken: Json[]; left: Json[] } {
  const taken: Json[] = [];
  const left: Json[] = [];
  const prefix = division ? urlOf(division) : undefined;
  if (isRemote(prefix)) return { taken, left: groups };
  for (const g of groups) {
    const mine: unknown[] = [];
    const others: unknown[] = [];
    if (inVersion(g, version)) {
      for (const page of arr(g.pages)) {
        if (typeof page === 'string') {
          const at = asFolder(page);
          const under = !prefix || at.startsWith(asFolder(prefix));
          if (under && !skip.some((d) => at.startsWith(asFolder(urlOf(d))))) mine.push(page);
          else others.push(page);
        } else {
          const inner = splitPages([page as Json], division, version, skip);
          mine.push(...inner.taken);
          if (inner.left.length) others.push(page);
        }
      }
    }
    if (mine.length) taken.push(head(g, mine));
    if (others.length) left.push({ ...g, pages: others });
  }
  return { taken, left };
}

/** The pages of `groups` a version shows: its own, and those under no other version's division. */
function versionPages(groups: Json[], version: string, gated: Map<string, string[]>): Json[] {
  const out: Json[] = [];
  for (const g of groups) {
    if (g.version !== version && g.version !== undefined) continue;
    const pages: unknown[] = [];
    for (const page of arr(g.pages)) {
      if (typeof page === 'string') {
        const ownDivision = [...gated].some(([href, versions]) => versions.includes(version) && page.startsWith(href));
        if (ownDivision || [...gated.keys()].every((href) => !page.startsWith(href))) pages.push(page);
      } else {
        pages.push(...versionPages([page as Json], version, gated));
      }
    }
    if (pages.length) out.push(head(g, pages));
  }
  return out;
}

export class NavigationMigration {
  private readonly tabs: Json[];
  private readonly anchors: Json[];
  private readonly hadTabs: boolean;
  private readonly hadAnchors: boolean;
  private readonly globalTabs: Json[] = [];
  private readonly globalAnchors: Json[] = [];
  private readonly versionsAreLinks: boolean;

  constructor(
    private readonly c: Json,
    private readonly note: Note,
  ) {
    const list = (v: unknown) => arr(v).filter((x): x is Json => obj(x) !== undefined);
    let tabs = list(c.tabs);
    let anchors = list(c.anchors);
    this.hadTabs = tabs.length > 0;
    this.hadAnchors = anchors.length > 0;
    const versions = arr(c.versions);
    this.versionsAreLinks = versions.length > 0 && versions.every((v) => isRemote(obj(v)?.url));
    if (tabs.length && tabs.every((t) => !t.version && isRemote(t.url))) {
      this.globalTabs = tabs.map((t) => ({ tab: t.name, href: t.url, ...(t.isDefaultHidden ? { hidden: t.isDefaultHidden } : {}) }));
      tabs = [];
    }
    if (anchors.length && anchors.every((a) => !a.version && isRemote(a.url))) {
      this.globalAnchors = anchors.map((a) => ({
        anchor: a.name,
        href: a.url,
        ...(a.icon ? { icon: icon(a.icon, a.iconType) } : {}),
        ...(typeof a.color === 'string' ? { color: { light: a.color, dark: a.color } } : {}),
        ...(a.isDefaultHidden ? { hidden: a.isDefaultHidden } : {}),
      }));
      anchors = [];
    }
    this.tabs = tabs;
    this.anchors = anchors;
    this.noteLosses();
  }

  run(): Json {
    const groups = arr(this.c.navigation).filter((g): g is Json => obj(g) !== undefined);
    const versions = arr(this.c.versions);
    let nav: Json;
    if (versions.length && !this.versionsAreLinks) nav = this.versioned(versions, groups);
    else nav = this.level(groups, undefined) ?? { groups: [] };
    if (this.globalTabs.length || this.globalAnchors.length) {
      nav.global = { ...(this.globalTabs.length ? { tabs: this.globalTabs } : {}), ...(this.globalAnchors.length ? { anchors: this.globalAnchors } : {}) };
    }
    return nav;
  }

  /** One navigation per version (or per language, when every version names a locale). */
  private versioned(versions: unknown[], groups: Json[]): Json {
    const nameOf = (v: unknown) => (typeof v === 'string' ? v : str(obj(v)?.name));
    // Divisions that belong to versions: their pages show only in those versions.
    const gated = new Map<string, string[]>();
    for (const v of versions) {
      const name = nameOf(v);
      for (const d of [...this.anchors, ...this.tabs].filter((x) => x.version === name && !isRemote(x.url))) {
        gated.set(urlOf(d), [...(gated.get(urlOf(d)) ?? []), name as string]);
      }
    }
    const isLocale = versions.every((v) => obj(v)?.locale);
    const out = versions.map((v): Json => {
      const o = obj(v);
      const name = nameOf(v);
      const base: Json = isLocale
        ? { language: o!.locale, ...(o!.default ? { default: o!.default } : {}) }
        : o
          ? { version: o.name, default: o.default }
          : { version: v };
      if (o?.url) return { ...base, href: o.url };
      const own = versionPages(groups, (isLocale ? o!.name : base.version) as string, gated);
      const nav = this.level(own.length ? own : groups, name);
      return nav ? { ...base, ...nav } : { ...base, groups: own };
    });
    return isLocale ? { languages: out } : { versions: out };
  }

  /** The navigation of one version (or of the site): tabs and anchors nested, or plain groups. */
  private level(groups: Json[], version: string | undefined): Json | undefined {
    const { tabs, anchors } = this;
    const [outer, inner, hadOuter, hadInner]: [Kind, Kind, boolean, boolean] =
      this.outerKind() === 'anchors' ? ['anchors', 'tabs', this.hadAnchors, this.hadTabs] : ['tabs', 'anchors', this.hadTabs, this.hadAnchors];
    const list = (k: Kind) => (k === 'tabs' ? tabs : anchors);
    if (hadOuter) {
      const { divisions, left } = this.divisions(outer, list(outer), groups, false, version, list(inner));
      if (left.length || list(inner).length) {
        const primary = this.primary(outer);
        if (list(inner).length) {
          const nested = this.divisions(inner, list(inner), left.length ? left : groups, true, version).divisions;
          divisions.unshift({ ...primary, [inner]: nested });
        } else {
          divisions.unshift({ ...primary, groups: splitPages(left, undefined, version).taken });
        }
      }
      return { [outer]: divisions };
    }
    if (hadInner) return { [inner]: this.divisions(inner, list(inner), groups, true, version).divisions };
    if (groups.length)
      return {
        groups: groups
          .filter((g) => inVersion(g, version))
          .map((g) => ({ group: g.group, pages: g.pages, ...(g.icon ? { icon: icon(g.icon, g.iconType) } : {}) })),
      };
    return undefined;
  }

  /** Tabs or anchors: the outer level is the kind whose urls contain the other's (anchors on a tie). */
  private outerKind(): Kind {
    const { tabs, anchors } = this;
    if (!tabs.length) return 'anchors';
    if (!anchors.length) return 'tabs';
    const within = (a: Json, b: Json) => leading(urlOf(a)).startsWith(leading(urlOf(b)));
    const tabsInside = tabs.filter((t) => anchors.some((a) => within(t, a))).length;
    const anchorsInside = anchors.filter((a) => tabs.some((t) => within(a, t))).length;
    if (tabsInside === tabs.length) return 'tabs';
    if (anchorsInside === anchors.length) return 'anchors';
    return tabsInside > anchorsInside ? 'tabs' : 'anchors';
  }

  /** The first tab or the top anchor, which holds the pages no division takes. */
  private primary(kind: Kind): Json {
    if (kind === 'anchors') {
      const top = obj(this.c.topAnchor);
      return {
        ...(top?.name ? { anchor: top.name } : { anchor: DEFAULT_TITLE, icon: DEFAULT_ANCHOR_ICON }),
        ...(top?.icon ? { icon: icon(top.icon, top.iconType) } : {}),
      };
    }
    const tab = obj(this.c.primaryTab);
    return tab ? { tab: tab.name, ...(tab.isDefaultHidden !== undefined ? { hidden: tab.isDefaultHidden } : {}) } : { tab: DEFAULT_TITLE };
  }

  /**
   * Each division of a kind with the pages it takes (in order, from what the earlier ones left), or
   * the divisions of the other kind under its url. `withRest`: the pages none takes go first, to
   * the primary tab or top anchor.
   */
  private divisions(
    kind: Kind,
    divisions: Json[],
    groups: Json[],
    withRest: boolean,
    version: string | undefined,
    others: Json[] = [],
  ): { divisions: Json[]; left: Json[] } {
    let left = groups.filter((g) => inVersion(g, version));
    const out: Json[] = [];
    for (const d of divisions) {
      if (version && d.version && d.version !== version) continue;
      const url = urlOf(d);
      const openapi = d.openapi ? (isRemote(d.url) ? d.openapi : { source: d.openapi, directory: d.url }) : undefined;
      const head: Json = {
        [kind === 'tabs' ? 'tab' : 'anchor']: d.name,
        ...(d.isDefaultHidden ? { hidden: d.isDefaultHidden } : {}),
        ...(openapi ? { openapi } : {}),
      };
      if (kind === 'anchors') {
        if (d.icon) head.icon = icon(d.icon, d.iconType);
        if (d.color) {
          const color = typeof d.color === 'string' ? d.color : obj(d.color)?.from;
          head.color = { light: color, dark: color };
        }
      }
      const deeper = divisions.filter((x) => x.url && leading(urlOf(x)).startsWith(leading(url)) && x.url !== d.url);
      const nestedOthers = others.filter((x) => leading(urlOf(x)).startsWith(leading(url)));
      const nested = nestedOthers.length ? this.divisions(kind === 'tabs' ? 'anchors' : 'tabs', nestedOthers, groups, false, version).divisions : [];
      const split = splitPages(left, d, version, deeper);
      left = split.left;
      if (nested.length) out.push({ ...head, [kind === 'tabs' ? 'anchors' : 'tabs']: nested });
      else if (split.taken.length) out.push({ ...head, groups: split.taken });
      else if (!isAbsolute(d.url) && !d.openapi) continue;
      else out.push(d.openapi && !isRemote(d.url) ? head : { ...head, href: d.url });
    }
    if (left.length && withRest) out.unshift({ ...this.primary(kind), groups: splitPages(left, undefined, version).taken });
    return { divisions: out, left };
  }

  /** Notes on what the placement leaves out or changes. */
  private noteLosses(): void {
    const { c, note } = this;
    const known = {
      tabs: ['name', 'url', 'version', 'isDefaultHidden', 'openapi'],
      anchors: ['name', 'url', 'icon', 'iconType', 'color', 'version', 'isDefaultHidden', 'openapi'],
    };
    for (const kind of ['tabs', 'anchors'] as const) {
      for (const d of arr(c[kind]).map(obj)) {
        if (!d) continue;
        const name = String(d.name);
        for (const k of Object.keys(d)) {
          if (!known[kind].includes(k))
            note(
              `${kind}.${name}.${k}`,
              'dropped',
              `Key "${k}" of ${kind === 'tabs' ? 'tab' : 'anchor'} "${name}" has no counterpart in the current format; it was left out.`,
            );
        }
        if (kind === 'anchors' && obj(d.color))
          note(`anchors.${name}.color`, 'changed', `The gradient of anchor "${name}" became one colour (its "from" colour) in both modes.`);
      }
    }
    const groupKeys = (g: Json, path: string) => {
      for (const k of Object.keys(g)) {
        if (!['group', 'pages', 'icon', 'iconType', 'version'].includes(k))
          note(
            `${path}.${String(g.group)}.${k}`,
            'dropped',
            `Key "${k}" of group "${String(g.group)}" has no counterpart in the converted navigation; it was left out.`,
          );
      }
      for (const p of arr(g.pages)) if (obj(p)) groupKeys(obj(p)!, path);
    };
    for (const g of arr(c.navigation)) if (obj(g)) groupKeys(obj(g)!, 'navigation');
    if (this.versionsAreLinks)
      note(
        'versions',
        'dropped',
        'Every version is a link to another site: the current format has no global version links, so the versions were left out (add a "versions" division with "href" entries to keep them).',
      );
  }

  /** Tabs and anchors that hold no page of the converted navigation (named so the user can act). */
  noteEmpty(nav: unknown): void {
    const seen = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (obj(v)) {
        const o = obj(v)!;
        if (typeof o.tab === 'string') seen.add('tabs.' + o.tab);
        if (typeof o.anchor === 'string') seen.add('anchors.' + o.anchor);
        Object.values(o).forEach(walk);
      }
    };
    walk(nav);
    for (const kind of ['tabs', 'anchors'] as const) {
      for (const d of arr(this.c[kind]).map(obj)) {
        if (d && typeof d.name === 'string' && !seen.has(`${kind}.${d.name}`)) {
          this.note(
            `${kind}.${d.name}`,
            'dropped',
            `${kind === 'tabs' ? 'Tab' : 'Anchor'} "${d.name}" (url "${String(d.url)}") matched no page of the navigation and is not a link: it was left out.`,
          );
        }
      }
    }
  }
}

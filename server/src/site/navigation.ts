// The navigation graph of a config, in either generation: groups (nested too) and the page
// entries in order, each with the JSON node it was read from (rules locate findings and edit the
// navigation with them). In the current generation, the divisions that hold pages (tabs, anchors,
// dropdowns, products, versions, languages, menu items) are groups too, of their own `kind`.
import { type ArrayASTNode, type ObjectASTNode, type StringASTNode, child, isArray, isObject, isString, valueOf } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { deref, field, type Located } from '../config/refs';
import { trimTrailingSlashes } from '../util/paths';
import { withoutMarkdownExt } from '../util/page-files';

export type NavGroupKind = 'group' | 'navigation' | 'tab' | 'anchor' | 'dropdown' | 'product' | 'version' | 'language' | 'item';

export interface NavGroup {
  name: string;
  node: ObjectASTNode;
  pagesNode: ArrayASTNode | undefined;
  parent: NavGroup | undefined;
  /** The docs version the group belongs to (its own `version`, or an enclosing one). */
  version: string | undefined;
  /** What the group is: a group, or (current format) a division that lists pages itself. */
  kind: NavGroupKind;
  /** The language the group belongs to (current format). */
  language?: string;
  /** The document that holds `node`: the config, or a file it loads with `"$ref"`. */
  config: ConfigDocument;
}

export interface NavEntry {
  /** The page path as written (`guides/setup`). */
  page: string;
  node: StringASTNode;
  group: NavGroup;
  /** The document that holds `node`. */
  config: ConfigDocument;
  /** The entry is the group's `root` page (current format), not an item of its `pages`. */
  root?: boolean;
}

/** A division of the current format that is a link (`href`) rather than a holder of pages. */
export interface NavLink {
  label: string;
  href: string;
  node: StringASTNode;
  config: ConfigDocument;
  kind: NavGroupKind;
}

export interface Navigation {
  groups: NavGroup[];
  entries: NavEntry[];
  /** Divisions that link somewhere (`href`), current format only. */
  links: NavLink[];
  /** OpenAPI operation entries of `pages` (`GET /users`), current format only: pages generated, not files. */
  operations: NavEntry[];
}

export function buildNavigation(config: ConfigDocument): Navigation {
  const nav: Navigation = { groups: [], entries: [], links: [], operations: [] };
  if (config.generation === 'current') {
    if (config.root) {
      const root = field(config, { doc: config, node: config.root }, 'navigation');
      if (root && isObject(root.node)) readDivision(config, nav, root, 'navigation', '', { parent: undefined, version: undefined, language: undefined });
    }
    return nav;
  }
  const items = child(config.root, 'navigation');
  if (!isArray(items)) return nav;
  for (const item of items.items) if (isObject(item)) addClassicGroup(nav, config, item, undefined);
  return nav;
}

function addClassicGroup(nav: Navigation, config: ConfigDocument, node: ObjectASTNode, parent: NavGroup | undefined): void {
  const nameNode = child(node, 'group');
  const versionNode = child(node, 'version');
  const pagesNode = child(node, 'pages');
  const group: NavGroup = {
    name: isString(nameNode) ? nameNode.value : '',
    node,
    pagesNode: isArray(pagesNode) ? pagesNode : undefined,
    parent,
    version: isString(versionNode) ? versionNode.value : parent?.version,
    kind: 'group',
    config,
  };
  nav.groups.push(group);
  for (const item of group.pagesNode?.items ?? []) {
    if (isString(item)) nav.entries.push({ page: item.value, node: item, group, config });
    else if (isObject(item)) addClassicGroup(nav, config, item, group);
  }
}

// ---- current format ----

/** The keys that hold divisions, with the key that names each of their items. */
export const DIVISIONS = [
  ['tabs', 'tab', 'tab'],
  ['anchors', 'anchor', 'anchor'],
  ['dropdowns', 'dropdown', 'dropdown'],
  ['products', 'product', 'product'],
  ['versions', 'version', 'version'],
  ['languages', 'language', 'language'],
  ['menu', 'item', 'item'],
] as const;

/** A `pages` item of the current format that is an OpenAPI operation (`GET /users`, `api.json POST /x`), not a file. */
export function isOperationEntry(entry: string): boolean {
  return /^(?:\S+\s+)?(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+\S/i.test(entry.trim());
}

/**
 * Whether a division or group (as plain JSON) lists pages anywhere inside it: page paths,
 * operations or groups with pages. Only one that lists none generates every operation of its `openapi`.
 */
export function listsPages(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(listsPages);
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  if (Array.isArray(o.pages) && o.pages.length > 0) return true;
  return Object.entries(o).some(([k, v]) => k !== 'openapi' && k !== 'asyncapi' && k !== 'global' && typeof v === 'object' && listsPages(v));
}

interface Scope {
  parent: NavGroup | undefined;
  version: string | undefined;
  language: string | undefined;
}

function stringAt(config: ConfigDocument, at: Located, key: string): { value: string; node: StringASTNode; doc: ConfigDocument } | undefined {
  const f = field(config, at, key);
  return f && isString(f.node) ? { value: f.node.value, node: f.node, doc: f.doc } : undefined;
}

function readDivision(config: ConfigDocument, nav: Navigation, at: Located, kind: NavGroupKind, name: string, scope: Scope): void {
  const obj = deref(config, at);
  if (!isObject(obj.node)) return;
  const version = kind === 'version' ? name : scope.version;
  const language = kind === 'language' ? name : scope.language;
  const href = stringAt(config, obj, 'href');
  if (href && kind !== 'navigation') nav.links.push({ label: name, href: href.value, node: href.node, config: href.doc, kind });
  const pages = field(config, obj, 'pages');
  const self: NavGroup = {
    name,
    node: obj.node,
    pagesNode: pages && isArray(pages.node) ? pages.node : undefined,
    parent: scope.parent,
    version,
    kind,
    language,
    config: pages && isArray(pages.node) ? pages.doc : obj.doc,
  };
  nav.groups.push(self);
  const inner: Scope = { parent: self, version, language };
  if (pages && isArray(pages.node)) readPages(config, nav, pages.doc, pages.node, self, inner);
  const groups = field(config, obj, 'groups');
  if (groups && isArray(groups.node)) for (const g of groups.node.items) readGroup(config, nav, { doc: groups.doc, node: g }, inner);
  for (const [key, nameKey, childKind] of DIVISIONS) {
    const list = field(config, obj, key);
    if (!list || !isArray(list.node)) continue;
    for (const item of list.node.items) {
      const itemAt = { doc: list.doc, node: item };
      readDivision(config, nav, itemAt, childKind, stringAt(config, itemAt, nameKey)?.value ?? '', inner);
    }
  }
  // Links shown on every page (`navigation.global`).
  const global = field(config, obj, 'global');
  if (global && isObject(global.node)) {
    for (const [key, nameKey, childKind] of DIVISIONS) {
      const list = field(config, global, key);
      if (!list || !isArray(list.node)) continue;
      for (const item of list.node.items) {
        const itemAt = { doc: list.doc, node: item };
        const link = stringAt(config, itemAt, 'href');
        if (link)
          nav.links.push({ label: stringAt(config, itemAt, nameKey)?.value ?? '', href: link.value, node: link.node, config: link.doc, kind: childKind });
      }
    }
  }
}

function readGroup(config: ConfigDocument, nav: Navigation, at: Located, scope: Scope): void {
  const obj = deref(config, at);
  if (!isObject(obj.node)) return;
  const pages = field(config, obj, 'pages');
  const group: NavGroup = {
    name: stringAt(config, obj, 'group')?.value ?? '',
    node: obj.node,
    pagesNode: pages && isArray(pages.node) ? pages.node : undefined,
    parent: scope.parent,
    version: scope.version,
    kind: 'group',
    language: scope.language,
    config: pages && isArray(pages.node) ? pages.doc : obj.doc,
  };
  nav.groups.push(group);
  const root = stringAt(config, obj, 'root');
  if (root) nav.entries.push({ page: root.value, node: root.node, group, config: root.doc, root: true });
  if (pages && isArray(pages.node)) readPages(config, nav, pages.doc, pages.node, group, { ...scope, parent: group });
}

function readPages(config: ConfigDocument, nav: Navigation, doc: ConfigDocument, pages: ArrayASTNode, group: NavGroup, scope: Scope): void {
  for (const item of pages.items) {
    const at = deref(config, { doc, node: item });
    if (isString(at.node)) {
      if (!isOperationEntry(at.node.value)) nav.entries.push({ page: at.node.value, node: at.node, group, config: at.doc });
      else nav.operations.push({ page: at.node.value, node: at.node, group, config: at.doc });
    } else if (isObject(at.node)) readGroup(config, nav, at, scope);
  }
}

/** The normalised page id of a nav entry or file: no leading slash, no extension. */
export function pageId(ref: string): string {
  return withoutMarkdownExt(ref.trim().replace(/^\.?\/+/, ''));
}

/**
 * The page a link to `id` shows: the page itself, else the folder's index page (`/guides` shows
 * `guides/index`, as the published site serves it); `''` is the home page `index`. Undefined when
 * the site has no such page.
 */
export function linkedPage(pages: { has(id: string): boolean }, id: string): string | undefined {
  const clean = trimTrailingSlashes(id);
  if (clean === '') return 'index';
  if (pages.has(clean)) return clean;
  if (pages.has(`${clean}/index`)) return `${clean}/index`;
  return undefined;
}

/** The `openapi` in force for a group's entries: its own, else the nearest enclosing division's (as JSON); undefined when none sets one. */
export function openapiInForce(group: NavGroup | undefined): unknown {
  for (let g = group; g; g = g.parent) {
    const node = child(g.node, 'openapi');
    if (node) return valueOf(node);
  }
  return undefined;
}

/** How a group is named in messages: `group "Guides"`, `tab "API"`. */
export function describeGroup(group: NavGroup): string {
  if (group.kind === 'navigation') return 'the top level of the navigation';
  return `${group.kind === 'item' ? 'menu item' : group.kind} "${group.name}"`;
}

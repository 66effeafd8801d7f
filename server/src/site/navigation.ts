// The navigation graph of a classic config: groups (nested too) and the page entries in order.
import { type ArrayASTNode, type ObjectASTNode, type StringASTNode, child, isArray, isObject, isString } from '../config/ast';
import type { ConfigDocument } from '../config/parse';

export interface NavGroup {
  name: string;
  node: ObjectASTNode;
  pagesNode: ArrayASTNode | undefined;
  parent: NavGroup | undefined;
  version: string | undefined;
}

export interface NavEntry {
  /** The page path as written (`guides/setup`). */
  page: string;
  node: StringASTNode;
  group: NavGroup;
}

export interface Navigation {
  groups: NavGroup[];
  entries: NavEntry[];
}

export function buildNavigation(config: ConfigDocument): Navigation {
  const nav: Navigation = { groups: [], entries: [] };
  if (config.generation !== 'classic') return nav;
  const items = child(config.root, 'navigation');
  if (!isArray(items)) return nav;
  for (const item of items.items) if (isObject(item)) addGroup(nav, item, undefined);
  return nav;
}

function addGroup(nav: Navigation, node: ObjectASTNode, parent: NavGroup | undefined): void {
  const nameNode = child(node, 'group');
  const versionNode = child(node, 'version');
  const pagesNode = child(node, 'pages');
  const group: NavGroup = {
    name: isString(nameNode) ? nameNode.value : '',
    node,
    pagesNode: isArray(pagesNode) ? pagesNode : undefined,
    parent,
    version: isString(versionNode) ? versionNode.value : parent?.version,
  };
  nav.groups.push(group);
  for (const item of group.pagesNode?.items ?? []) {
    if (isString(item)) nav.entries.push({ page: item.value, node: item, group });
    else if (isObject(item)) addGroup(nav, item, group);
  }
}

/** The normalised page id of a nav entry or file: no leading slash, no extension. */
export function pageId(ref: string): string {
  return ref.trim().replace(/^\.?\/+/, '').replace(/\.(mdx|md)$/i, '');
}

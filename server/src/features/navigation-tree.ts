// The navigation as a plain tree (what `docwright mcp`'s navigation tool answers): groups in order,
// each named with its tab, language and version, holding pages (with their files), links and groups.
import { siteModel } from '../render/source';
import type { NavItem } from '../site/model';
import type { Site } from '../site/site';

export interface NavNode {
  group?: string;
  page?: string;
  file?: string;
  link?: string;
  label?: string;
  items?: NavNode[];
}

export function navigationTree(site: Site): { name: string; groups: NavNode[] } {
  const model = siteModel(site);
  const item = (i: NavItem): NavNode =>
    i.kind === 'page'
      ? { page: i.id, file: site.pages.get(i.id) }
      : i.kind === 'link'
        ? { link: i.href, label: i.label }
        : { group: i.name, items: i.items.map(item) };
  return {
    name: model.name,
    groups: model.groups.map((g) => {
      const where = [g.tab !== undefined ? model.tabs[g.tab]?.name : undefined, g.language, g.version].filter(Boolean).join(' / ');
      return { group: where ? `${where}: ${g.name}` : g.name, items: g.items.map(item) };
    }),
  };
}

// The ids and class names the format documents for a site's own CSS (customize/custom-scripts.mdx of
// mintlify/docs at 3bbce7aa1abf: "ID selectors" and "element selectors"), keyed by the class of the
// element of ours that plays that part. The documented element selectors are written without a
// prefix there but published sites carry them as class names (the page itself hides the copy
// button with `.code-block-copy-button`), so they are classes here. Hooks for parts Docwright does
// not draw (AI assistant, feedback thumbs, API playground panels, changelog filters, text-selection
// tooltip, mobile overlays) are left out.
import type { Element, ElementContent } from 'hast';

export interface CssHook {
  /** Once per page: only chrome elements get one. */
  id?: string;
  classes?: readonly string[];
}

/** Our class -> the documented hooks its element carries. */
export const CSS_HOOKS: Readonly<Record<string, CssHook>> = {
  // Page layout.
  'dw-main': { id: 'body-content' },
  'dw-content': { id: 'content-area' },
  'dw-page-body': { id: 'content', classes: ['mdx-content'] },
  'dw-page-header': { id: 'header' },
  'dw-eyebrow': { classes: ['eyebrow'] },
  'dw-title': { id: 'page-title' },
  'dw-banner-bar': { id: 'banner' },
  'dw-footer': { id: 'footer', classes: ['footer'] },
  'dw-pager': { id: 'pagination' },
  'dw-prev': { classes: ['pagination-prev'] },
  'dw-next': { classes: ['pagination-next'] },
  'dw-pager-title': { classes: ['pagination-title'] },
  'dw-panel': { classes: ['panel'] },
  // Top bar.
  'dw-topbar': { id: 'navbar' },
  'dw-cta': { id: 'topbar-cta-button' },
  'dw-logo': { classes: ['nav-logo'] },
  'dw-topbar-link': { classes: ['navbar-link'] },
  'dw-topbar-right': { classes: ['topbar-right-container'] },
  'dw-tabs-bar': { classes: ['nav-tabs'] },
  'dw-tab-link': { classes: ['nav-tabs-item'] },
  'dw-search': { id: 'search-bar-entry' },
  'dw-search-input': { id: 'search-input' },
  'dw-dropdown-trigger': { classes: ['nav-dropdown-trigger'] },
  'dw-dropdown-menu': { classes: ['nav-dropdown-content'] },
  'dw-dropdown-item': { classes: ['nav-dropdown-item'] },
  'dw-product-trigger': { classes: ['nav-dropdown-products-selector-trigger'] },
  'dw-product-menu': { classes: ['nav-dropdown-products-selector-content'] },
  'dw-product-item': { classes: ['nav-dropdown-products-selector-item'] },
  'dw-language-trigger': { id: 'localization-select-trigger' },
  'dw-language-menu': { id: 'localization-select-content' },
  'dw-contextual': { id: 'page-context-menu' },
  'dw-contextual-button': { id: 'page-context-menu-button' },
  // Sidebar (anchors are drawn at its top).
  'dw-sidebar': { id: 'sidebar' },
  'dw-anchors': { classes: ['nav-anchors'] },
  'dw-anchor': { classes: ['nav-anchor'] },
  'dw-nav-group': { classes: ['sidebar-group'] },
  'dw-nav-group-title': { classes: ['sidebar-group-header'] },
  'dw-nav-tag': { classes: ['nav-tag-pill'] },
  // Table of contents.
  'dw-toc': { id: 'table-of-contents', classes: ['toc'] },
  'dw-toc-item': { classes: ['toc-item'] },
  // Content components.
  'dw-accordion': { classes: ['accordion'] },
  'dw-accordion-group': { classes: ['accordion-group'] },
  'dw-callout': { classes: ['callout'] },
  'dw-card': { classes: ['card'] },
  'dw-card-group': { classes: ['card-group'] },
  'dw-columns': { classes: ['columns'] },
  'dw-codeblock': { classes: ['code-block'] },
  'dw-code-icon': { classes: ['code-block-icon'] },
  'dw-copy': { classes: ['code-block-copy-button'] },
  'dw-codegroup': { classes: ['code-group'] },
  'dw-expandable': { classes: ['expandable'] },
  'dw-frame': { classes: ['frame'] },
  'dw-icon-wrap': { classes: ['icon'] },
  'dw-mermaid': { classes: ['mermaid'] },
  'dw-step': { classes: ['step'] },
  'dw-steps': { classes: ['steps'] },
  'dw-tabgroup': { classes: ['tabs'] },
  'dw-tile': { classes: ['tile'] },
  'dw-tooltip': { classes: ['tooltip'] },
  'dw-update': { classes: ['update'] },
};

/**
 * Adds the documented hooks to an element whose classes are in CSS_HOOKS. Ids only where `ids`
 * is given (the chrome; the page's own ids are the sanitiser's), each once per page.
 */
export function addCssHooks(element: Element, ids?: Set<string>): void {
  const className = element.properties.className;
  if (!Array.isArray(className)) return;
  let added: string[] | undefined;
  for (const name of className) {
    const hook = CSS_HOOKS[String(name)];
    if (!hook) continue;
    if (hook.classes) for (const c of hook.classes) if (!className.includes(c)) (added ??= []).push(c);
    if (hook.id && ids && !ids.has(hook.id) && element.properties.id === undefined) {
      ids.add(hook.id);
      element.properties.id = hook.id;
    }
  }
  if (added) element.properties.className = [...className, ...added];
}

/** addCssHooks on every element of `nodes`, in document order (an id goes to the first that plays its part). */
export function addCssHooksDeep(nodes: readonly ElementContent[], ids?: Set<string>): void {
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type !== 'element') continue;
    addCssHooks(node, ids);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
}

// Editor features for docs.json: completion (schema fields and values, page paths and OpenAPI
// operations in `pages`), hover (schema docs; an operation entry's summary) and go-to-definition
// (nav entry -> page file, asset path -> file).
import { type CompletionItem, CompletionItemKind, type CompletionList, type Hover } from 'vscode-json-languageservice';
import { type ASTNode, isArray, isString } from '../config/ast';
import { jsonService, type ConfigDocument } from '../config/parse';
import { isOperationEntry, openapiInForce, pageId, type NavGroup } from '../site/navigation';
import { excluded, siteApi } from '../site/api-pages';
import { operationLabel, type ApiOperation, type ApiSpec } from '../openapi/operations';
import type { Site } from '../site/site';
import { isExternalUrl, join, relativeInside, resolveInSite } from '../util/paths';
import type { Position, Range } from '../types';
import { navEntryFile } from '../rules/site/nav-missing-page';
import type { SiteIndex } from '../site/site-index';
import { pageInfo } from './link-completion';

/** Whether a node sits in a navigation group's `pages` array. */
function pagesArrayOf(node: ASTNode | undefined): ASTNode | undefined {
  const array = node?.type === 'array' ? node : node?.parent;
  if (!isArray(array)) return undefined;
  const prop = array.parent;
  return prop?.type === 'property' && prop.keyNode.value === 'pages' ? array : undefined;
}

/** Whether a node is the `root` page of a current-format group. */
function isRootPage(config: ConfigDocument, node: ASTNode): boolean {
  return config.generation === 'current' && node.parent?.type === 'property' && node.parent.keyNode.value === 'root' && node.parent.valueNode === node;
}

/** `index` (the site's parsed pages) gives page entries their title and description. */
export async function completeConfig(site: Site | undefined, config: ConfigDocument, position: Position, index?: SiteIndex): Promise<CompletionList> {
  const offset = config.index.offsetAt(position);
  const node = config.json.getNodeFromOffset(offset);
  const inString = isString(node) && offset > node.offset && offset < node.offset + node.length;
  const array = pagesArrayOf(node);
  if (site && array && (inString || node?.type === 'array'))
    return { isIncomplete: false, items: [...pageItems(site, config, node, inString, index), ...operationItems(site, config, array, node, inString)] };
  const list = await jsonService(config.generation).doComplete(config.textDocument, position, config.json);
  return list ?? { isIncomplete: false, items: [] };
}

function pageItems(site: Site, config: ConfigDocument, node: ASTNode | undefined, inString: boolean, index?: SiteIndex): CompletionItem[] {
  const listed = new Set(site.nav.entries.map((e) => pageId(e.page)));
  const range = inString && node ? config.index.range(node.offset, node.length) : undefined;
  const items: CompletionItem[] = [];
  for (const [id, rel] of [...site.pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const newText = JSON.stringify(id);
    const info = index ? pageInfo(index, id) : {};
    const status = listed.has(id) ? 'Already in the navigation.' : 'Not yet in the navigation.';
    items.push({
      label: id,
      kind: CompletionItemKind.File,
      detail: info.title ?? rel,
      documentation: [info.description, `\`${rel}\`: ${status}`].filter(Boolean).join('\n\n'),
      // Pages not yet listed come first.
      sortText: (listed.has(id) ? '1' : '0') + id,
      filterText: inString ? newText : id,
      ...(range ? { textEdit: { range, newText } } : { insertText: newText }),
    });
  }
  return items;
}

/** The navigation group whose `pages` array is `array` (same document, same place). */
function groupOf(site: Site, config: ConfigDocument, array: ASTNode): NavGroup | undefined {
  return site.nav.groups.find(
    (g) => g.pagesNode && g.config.path === config.path && g.pagesNode.offset === array.offset && g.pagesNode.length === array.length,
  );
}

function operationDoc(spec: ApiSpec, op: ApiOperation): string {
  const description = typeof op.operation.description === 'string' ? op.operation.description : undefined;
  return [
    `**${operationLabel(op)}**${op.summary ? `: ${op.summary}` : ''}${op.deprecated ? ' (deprecated)' : ''}`,
    description,
    `From \`${spec.rel}\`; generates an API page.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The operations of the specs in force at a current-format `pages` array (`GET /notes`), with their summaries. */
function operationItems(site: Site, config: ConfigDocument, array: ASTNode, node: ASTNode | undefined, inString: boolean): CompletionItem[] {
  const api = siteApi(site).api;
  if (config.generation !== 'current' || !api) return [];
  const range = inString && node ? config.index.range(node.offset, node.length) : undefined;
  const items: CompletionItem[] = [];
  for (const spec of api.specsInForce(openapiInForce(groupOf(site, config, array)))) {
    for (const op of spec.operations) {
      if (excluded(op)) continue;
      const label = operationLabel(op);
      const newText = JSON.stringify(label);
      items.push({
        label,
        kind: CompletionItemKind.Function,
        detail: op.summary ?? spec.rel,
        documentation: { kind: 'markdown', value: operationDoc(spec, op) },
        sortText: '2' + label,
        filterText: inString ? newText : label,
        ...(range ? { textEdit: { range, newText } } : { insertText: newText }),
      });
    }
  }
  return items;
}

export async function hoverConfig(config: ConfigDocument, position: Position, site?: Site): Promise<Hover | null> {
  const node = config.json.getNodeFromOffset(config.index.offsetAt(position));
  const array = pagesArrayOf(node);
  if (site && config.generation === 'current' && isString(node) && array && isOperationEntry(node.value)) {
    const found = siteApi(site).api?.operationOf(node.value, openapiInForce(groupOf(site, config, array)));
    if (found) return { contents: { kind: 'markdown', value: operationDoc(found.spec, found.operation) }, range: config.index.range(node.offset, node.length) };
  }
  return jsonService(config.generation).doHover(config.textDocument, position, config.json);
}

/** The file a string in docs.json names: a nav entry's page, or an asset path. */
export function definitionInConfig(site: Site, config: ConfigDocument, position: Position): { path: string; range: Range } | undefined {
  const node = config.json.getNodeFromOffset(config.index.offsetAt(position));
  if (!isString(node) || isExternalUrl(node.value)) return undefined;
  const zero: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  if (pagesArrayOf(node) || isRootPage(config, node)) {
    const id = pageId(node.value);
    const rel = resolveInSite(site.root, id) ? navEntryFile(site.files, id) : undefined;
    return rel ? { path: join(site.root, rel), range: zero } : undefined;
  }
  const abs = resolveInSite(site.root, node.value);
  const rel = abs ? relativeInside(site.root, abs) : undefined;
  return abs && rel && site.files.has(rel) ? { path: abs, range: zero } : undefined;
}

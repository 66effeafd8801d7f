import { type ASTNode, at, child, isArray, isString } from '../../config/ast';
import { describeGroup } from '../../site/navigation';
import { isExternalUrl, relativeInside, resolveInSite } from '../../util/paths';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>\n';

export const assetNotFound: SiteRule = {
  id: 'asset-not-found',
  description:
    'Files named by `logo`, `favicon`, `backgroundImage` and `openapi` (current format: also `background.image`, `openapi` in the navigation and `graphql` on tabs) exist.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'Paths in these fields are relative to the site folder (a leading `/` means the site folder too). A missing file is a broken image or a missing API reference on every page. URLs are not fetched: Docwright works offline.',
    bad: exampleSite(
      minimalConfig(['introduction'], { logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, favicon: '/favicon.svg' }),
      ['introduction'],
      { 'logo/light.svg': SVG, 'favicon.svg': SVG },
    ),
    good: exampleSite(
      minimalConfig(['introduction'], { logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, favicon: '/favicon.svg' }),
      ['introduction'],
      { 'logo/light.svg': SVG, 'logo/dark.svg': SVG, 'favicon.svg': SVG },
    ),
  },
  check({ site, report }) {
    const root = site.config.root;
    const refs: { field: string; node: ASTNode | undefined }[] = [];
    /** A path, or a `{ light, dark }` pair of paths. */
    const image = (field: string, node: ASTNode | undefined) => {
      if (isString(node)) refs.push({ field, node });
      else {
        refs.push({ field: `${field}.light`, node: child(node, 'light') });
        refs.push({ field: `${field}.dark`, node: child(node, 'dark') });
      }
    };
    /** One spec path, an array of them, or (current format) `{ source, directory }`. */
    const spec = (field: string, node: ASTNode | undefined) => {
      if (isArray(node)) node.items.forEach((n, i) => refs.push({ field: `${field}[${i}]`, node: n }));
      else if (isString(node)) refs.push({ field, node });
      else refs.push({ field: `${field}.source`, node: child(node, 'source') });
    };
    image('logo', child(root, 'logo'));
    if (site.config.generation === 'classic') {
      refs.push({ field: 'favicon', node: child(root, 'favicon') });
      refs.push({ field: 'backgroundImage', node: child(root, 'backgroundImage') });
      spec('openapi', child(root, 'openapi'));
    } else {
      image('favicon', child(root, 'favicon'));
      image('background.image', at(root, 'background', 'image'));
      spec('api.openapi', at(root, 'api', 'openapi'));
      spec('api.asyncapi', at(root, 'api', 'asyncapi'));
      // OpenAPI and AsyncAPI files of navigation divisions and groups, GraphQL schemas of tabs.
      for (const g of site.nav.groups) {
        if (g.config !== site.config) continue;
        for (const key of g.kind === 'tab' ? ['openapi', 'asyncapi', 'graphql'] : ['openapi', 'asyncapi']) {
          const node = child(g.node, key);
          if (node) spec(`${describeGroup(g)} ${key}`, node);
        }
      }
    }

    for (const { field, node } of refs) {
      if (!isString(node) || node.value.trim() === '' || isExternalUrl(node.value)) continue;
      const abs = resolveInSite(site.root, node.value);
      if (!abs) {
        report({ message: `${field} "${node.value}" points outside the site folder.`, node });
        continue;
      }
      const rel = relativeInside(site.root, abs)!;
      if (!site.files.has(rel)) report({ message: `${field}: no file "${rel}" in the site folder.`, node });
    }
  },
};

import { type ASTNode, child, isArray, isString } from '../../config/ast';
import { isExternalUrl, relativeInside, resolveInSite } from '../../util/paths';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>\n';

export const assetNotFound: SiteRule = {
  id: 'asset-not-found',
  description: 'Files named by `logo`, `favicon`, `backgroundImage` and `openapi` exist.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'Paths in these fields are relative to the site folder (a leading `/` means the site folder too). A missing file is a broken image or a missing API reference on every page. URLs are not fetched: Docwright works offline.',
    bad: exampleSite(minimalConfig(['introduction'], { logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, favicon: '/favicon.svg' }), ['introduction'], { 'logo/light.svg': SVG, 'favicon.svg': SVG }),
    good: exampleSite(minimalConfig(['introduction'], { logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, favicon: '/favicon.svg' }), ['introduction'], { 'logo/light.svg': SVG, 'logo/dark.svg': SVG, 'favicon.svg': SVG }),
  },
  check({ site, report }) {
    const root = site.config.root;
    const refs: { field: string; node: ASTNode | undefined }[] = [];
    const logo = child(root, 'logo');
    if (isString(logo)) refs.push({ field: 'logo', node: logo });
    else {
      refs.push({ field: 'logo.light', node: child(logo, 'light') });
      refs.push({ field: 'logo.dark', node: child(logo, 'dark') });
    }
    refs.push({ field: 'favicon', node: child(root, 'favicon') });
    refs.push({ field: 'backgroundImage', node: child(root, 'backgroundImage') });
    const openapi = child(root, 'openapi');
    if (isArray(openapi)) openapi.items.forEach((n, i) => refs.push({ field: `openapi[${i}]`, node: n }));
    else refs.push({ field: 'openapi', node: openapi });

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

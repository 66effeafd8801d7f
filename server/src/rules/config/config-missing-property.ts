import { type ASTNode, pathOf } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const configMissingProperty: SiteRule = {
  id: 'config-missing-property',
  description: 'Required fields of docs.json are present.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'The format requires some fields: `name` and `navigation` at the top, `primary` in `colors`, `light` and `dark` in `colors.background`, `group` and `pages` in a navigation group. Without them the site cannot be built as intended.',
    bad: exampleSite(minimalConfig(['introduction'], { colors: { light: '#4ADE80' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { colors: { primary: '#0B6E4F', light: '#4ADE80' } }), ['introduction']),
  },
  check({ site, report }) {
    for (const p of site.config.problems) {
      if (p.kind === 'missing-property') {
        if (isButtonText(p.actual, objectPath(site.config.json.getNodeFromOffset(p.offset)))) continue;
        report({ message: `Missing required property "${p.actual}".`, range: site.config.index.range(p.offset, p.length) });
      }
    }
  },
};

/** The text of a top bar or navbar button: cta-missing-name reports it missing, in the button's words. */
function isButtonText(key: string | undefined, path: (string | number)[]): boolean {
  const at = path.join('.');
  if (key === 'name') return at === 'topbarCtaButton' || /^topbarLinks\.\d+$/.test(at);
  if (key === 'label') return at === 'navbar.primary' || /^navbar\.links\.\d+$/.test(at);
  return false;
}

/** The path of the object a missing-property problem points at (the object, or the key that holds it). */
function objectPath(node: ASTNode | undefined): (string | number)[] {
  if (node?.type === 'object') return pathOf(node);
  if (node?.parent?.type === 'property' && node.parent.keyNode === node && node.parent.valueNode) return pathOf(node.parent.valueNode);
  return [];
}

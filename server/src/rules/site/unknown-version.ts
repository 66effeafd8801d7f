import { type StringASTNode, child, isArray, isString, stringChild } from '../../config/ast';
import { nearest } from '../../util/suggest';
import { configFix, replaceNode } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const unknownVersion: SiteRule = {
  id: 'unknown-version',
  description: "An anchor `version` is one of the names in `versions` (a group's is config-invalid-value).",
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'An anchor with a `version` stays hidden until that version is selected in the versions dropdown. A version missing from `versions` can never be selected, so the anchor never shows.',
    bad: exampleSite(
      minimalConfig(['introduction', 'v1/overview'], { versions: ['v2', 'v1'], anchors: [{ name: 'Legacy', url: 'v1', icon: 'clock', version: 'v0' }] }),
      ['introduction', 'v1/overview'],
    ),
    good: exampleSite(
      minimalConfig(['introduction', 'v1/overview'], { versions: ['v2', 'v1'], anchors: [{ name: 'Legacy', url: 'v1', icon: 'clock', version: 'v1' }] }),
      ['introduction', 'v1/overview'],
    ),
  },
  check({ site, report }) {
    // In the current format a version is a division of the navigation, not a field to match.
    if (site.config.generation !== 'classic') return;
    const root = site.config.root;
    const versionsNode = child(root, 'versions');
    // Items are names, or (in the public format) objects with a `name`.
    const versions = isArray(versionsNode)
      ? versionsNode.items.map((n) => (isString(n) ? n.value : stringChild(n, 'name')?.value)).filter((v): v is string => v !== undefined)
      : [];
    const used: { where: string; node: StringASTNode }[] = [];
    const anchors = child(root, 'anchors');
    if (isArray(anchors)) {
      for (const a of anchors.items) {
        const v = stringChild(a, 'version');
        if (v) used.push({ where: `Anchor "${stringChild(a, 'name')?.value ?? ''}"`, node: v });
      }
    }
    for (const { where, node } of used) {
      if (versions.includes(node.value)) continue;
      const similar = nearest(node.value, versions);
      report({
        message: versions.length
          ? `${where} has version "${node.value}", which is not in "versions" (${versions.map((v) => `"${v}"`).join(', ')}).`
          : `${where} has version "${node.value}", but docs.json lists no "versions": it can never be selected.`,
        node,
        fixes: similar ? [configFix(site.config, `Replace with "${similar}"`, [replaceNode(site.config, node, JSON.stringify(similar))], true)] : [],
      });
    }
  },
};

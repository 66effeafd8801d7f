import { child } from '../../config/ast';
import type { SiteRule } from '../types';

export const configCurrentFormat: SiteRule = {
  id: 'config-current-format',
  description: 'Says when docs.json is in the current format, which Docwright does not check in full yet.',
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      'The format exists in two generations. In the current one `navigation` is an object (tabs, anchors, groups nested inside it) and there are fields such as `theme` and `navbar`. Docwright checks the classic generation in full; for the current one it reports this once instead of many false errors, and checks only the JSON syntax.',
    bad: {
      'docs.json': '{\n  "theme": "mint",\n  "name": "Acme",\n  "navigation": { "groups": [{ "group": "Get started", "pages": ["introduction"] }] }\n}\n',
      'introduction.mdx': '---\ntitle: "Introduction"\ndescription: "What Acme is and who it is for."\n---\n\n## Overview\n\nAcme stores notes.\n',
    },
    good: {
      'docs.json': '{\n  "name": "Acme",\n  "navigation": [{ "group": "Get started", "pages": ["introduction"] }]\n}\n',
      'introduction.mdx': '---\ntitle: "Introduction"\ndescription: "What Acme is and who it is for."\n---\n\n## Overview\n\nAcme stores notes.\n',
    },
  },
  check({ site, report }) {
    if (site.config.generation !== 'current') return;
    const root = site.config.root;
    const anchor = root?.type === 'object' ? (child(root, 'navigation')?.parent ?? child(root, 'theme')?.parent) : undefined;
    report({
      message:
        'This docs.json uses the current format (navigation is an object, or "theme" is set). Docwright fully checks the classic format; for this one only JSON syntax is checked for now.',
      node: anchor?.type === 'property' ? anchor.keyNode : undefined,
      range: anchor ? undefined : { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    });
  },
};

import type { SiteRule } from '../types';

export const configSyntax: SiteRule = {
  id: 'config-syntax',
  description: 'docs.json must be valid JSON.',
  severity: 'error',
  fixable: false,
  parseFailure: true,
  docs: {
    rationale:
      'The site build reads `docs.json` as plain JSON. A missing comma, a trailing comma, a comment or an unclosed brace stops the whole site from building. The same holds for the JSON files a current-format `docs.json` loads with `"$ref"`.',
    bad: {
      'docs.json':
        '{\n  "name": "Acme",\n  "favicon": "https://acme.dev/favicon.svg",\n  "colors": { "primary": "#0B6E4F" },\n  "navigation": [{ "group": "Get started", "pages": ["introduction"] }],\n}\n',
      'introduction.mdx': '---\ntitle: "Introduction"\ndescription: "What Acme is and who it is for."\n---\n\n## Overview\n\nAcme stores notes.\n',
    },
    good: {
      'docs.json':
        '{\n  "name": "Acme",\n  "favicon": "https://acme.dev/favicon.svg",\n  "colors": { "primary": "#0B6E4F" },\n  "navigation": [{ "group": "Get started", "pages": ["introduction"] }]\n}\n',
      'introduction.mdx': '---\ntitle: "Introduction"\ndescription: "What Acme is and who it is for."\n---\n\n## Overview\n\nAcme stores notes.\n',
    },
  },
  check({ site, report }) {
    for (const doc of [site.config, ...(site.config.refs?.values() ?? [])]) {
      for (const p of doc.problems) {
        if (p.kind === 'syntax') report({ message: p.message, path: doc.path, range: doc.index.range(p.offset, p.length) });
      }
    }
  },
};

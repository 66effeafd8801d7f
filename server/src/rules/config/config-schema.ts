import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const configSchema: SiteRule = {
  id: 'config-schema',
  description: 'Values in docs.json have the type and form the format expects.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'Each field has a type (string, boolean, array, object) and some have a form (hex colours such as `#0B6E4F` or `#fff`). A value of the wrong type or form is ignored or breaks the build. Where the format\'s documentation and its validator (`@mintlify/validation`, which the build runs) disagree, Docwright follows the validator: `banner.color` is an object of `light`/`dark` colours, `styling.codeblocks` as text is `system` or `dark` (a Shiki theme goes in `{ "theme": … }`), the `contextual` options are the validator\'s list (`windsurf`, not `devin-desktop`), and an unknown key in an object whose unknown keys the validator refuses (`colors`, `integrations`, a classic navigation group) fails the build, so it is this error rather than `config-unknown-property`.',
    bad: exampleSite(minimalConfig(['introduction'], { colors: { primary: 'green' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { colors: { primary: '#0B6E4F' } }), ['introduction']),
  },
  check({ site, report }) {
    for (const p of site.config.problems) {
      if (p.kind === 'type') report({ message: p.message, range: site.config.index.range(p.offset, p.length) });
    }
  },
};

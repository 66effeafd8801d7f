import { type ASTNode, child, isArray, isObject, property, stringChild } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const ctaMissingName: SiteRule = {
  id: 'cta-missing-name',
  description: 'A top bar button or link of type `link` has a `name`.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'The text of `topbarCtaButton` (and of each `topbarLinks` item) comes from `name`, which is required when `type` is `link` (the default). Only the `github` type, which shows the repository, can do without it.',
    bad: exampleSite(minimalConfig(['introduction'], { topbarCtaButton: { type: 'link', url: 'https://acme.example/signup' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { topbarCtaButton: { type: 'link', url: 'https://acme.example/signup', name: 'Sign up' } }), ['introduction']),
  },
  check({ site, report }) {
    const root = site.config.root;
    const check = (button: ASTNode | undefined, what: string) => {
      if (!isObject(button)) return;
      const type = stringChild(button, 'type')?.value ?? 'link';
      if (type !== 'link' || property(button, 'name')) return;
      const at = button.parent?.type === 'property' ? button.parent.keyNode : button;
      report({ message: `${what} has type "link" but no "name": it would show no text.`, node: at });
    };
    check(child(root, 'topbarCtaButton'), 'The top bar button');
    const links = child(root, 'topbarLinks');
    if (isArray(links)) links.items.forEach((l, i) => check(l, `Top bar link ${i + 1}`));
  },
};

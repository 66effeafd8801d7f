import { child, isObject, property, stringChild } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const ctaMissingName: SiteRule = {
  id: 'cta-missing-name',
  description: 'A `topbarCtaButton` of type `link` has a `name`.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'The button text comes from `name`, which is required when `type` is `link` (the default). Only the `github` type, which shows the repository, can do without it.',
    bad: exampleSite(minimalConfig(['introduction'], { topbarCtaButton: { type: 'link', url: 'https://acme.example/signup' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { topbarCtaButton: { type: 'link', url: 'https://acme.example/signup', name: 'Sign up' } }), ['introduction']),
  },
  check({ site, report }) {
    const cta = child(site.config.root, 'topbarCtaButton');
    if (!isObject(cta)) return;
    const type = stringChild(cta, 'type')?.value ?? 'link';
    if (type !== 'link' || property(cta, 'name')) return;
    const prop = cta.parent?.type === 'property' ? cta.parent.keyNode : cta;
    report({ message: 'The top bar button has type "link" but no "name": the button would have no text.', node: prop });
  },
};

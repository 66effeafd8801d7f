import { type ASTNode, child, isArray, isObject, property, stringChild } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const ctaMissingName: SiteRule = {
  id: 'cta-missing-name',
  description:
    'A top bar button or link of type `link` has a `name` (current format: a navbar button of type `button`, or a plain navbar link, has a `label`).',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'The text of `topbarCtaButton` (and of each `topbarLinks` item) comes from `name`, which is required when `type` is `link` (the default). Only the `github` type, which shows the repository, can do without it. In the current format the text is `label`: required for `navbar.primary` of type `button` and for `navbar.links` items without a `type`.',
    bad: exampleSite(minimalConfig(['introduction'], { topbarCtaButton: { type: 'link', url: 'https://acme.example/signup' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { topbarCtaButton: { type: 'link', url: 'https://acme.example/signup', name: 'Sign up' } }), [
      'introduction',
    ]),
  },
  check({ site, report }) {
    const root = site.config.root;
    if (site.config.generation === 'current') {
      const navbar = child(root, 'navbar');
      const check = (button: ASTNode | undefined, what: string, plain: string) => {
        if (!isObject(button) || property(button, 'label')) return;
        const type = stringChild(button, 'type')?.value;
        if (type !== undefined && type !== plain) return;
        const at = button.parent?.type === 'property' ? button.parent.keyNode : button;
        report({ message: `${what} has ${type ? `type "${type}"` : 'no type'} but no "label": it would show no text.`, node: at });
      };
      check(child(navbar, 'primary'), 'The navbar button', 'button');
      const links = child(navbar, 'links');
      if (isArray(links)) links.items.forEach((l, i) => check(l, `Navbar link ${i + 1}`, ''));
      return;
    }
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

import { at, isString } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const basicAuthName: SiteRule = {
  id: 'basic-auth-name',
  description: 'With `api.auth.method` `basic` (current format: `api.mdx.auth.method`), `name` is `<username>:<password>`.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'For basic authentication the playground asks for a username and a password. `name` gives the two parameter names joined by a colon, for example `username:password`.',
    bad: exampleSite(minimalConfig(['introduction'], { api: { auth: { method: 'basic', name: 'apiKey' } } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { api: { auth: { method: 'basic', name: 'username:password' } } }), ['introduction']),
  },
  check({ site, report }) {
    // Classic: api.auth; current: api.mdx.auth.
    const auth = site.config.generation === 'current' ? at(site.config.root, 'api', 'mdx', 'auth') : at(site.config.root, 'api', 'auth');
    const method = at(auth, 'method');
    const name = at(auth, 'name');
    if (!isString(method) || method.value !== 'basic' || !isString(name)) return;
    if (/^[^:\s]+:[^:\s]+$/.test(name.value)) return;
    report({
      message: `With method "basic", name must be two parameter names joined by a colon, such as "username:password"; found "${name.value}".`,
      node: name,
    });
  },
};

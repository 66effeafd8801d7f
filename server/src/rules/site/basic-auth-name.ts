import { at, isString } from '../../config/ast';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

export const basicAuthName: SiteRule = {
  id: 'basic-auth-name',
  description: 'With `api.auth.method` `basic`, `api.auth.name` is `<username>:<password>`.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'For basic authentication the playground asks for a username and a password. `name` gives the two parameter names joined by a colon, for example `username:password`.',
    bad: exampleSite(minimalConfig(['introduction'], { api: { auth: { method: 'basic', name: 'apiKey' } } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { api: { auth: { method: 'basic', name: 'username:password' } } }), ['introduction']),
  },
  check({ site, report }) {
    const method = at(site.config.root, 'api', 'auth', 'method');
    const name = at(site.config.root, 'api', 'auth', 'name');
    if (!isString(method) || method.value !== 'basic' || !isString(name)) return;
    if (/^[^:\s]+:[^:\s]+$/.test(name.value)) return;
    report({
      message: `With method "basic", name must be two parameter names joined by a colon, such as "username:password"; found "${name.value}".`,
      node: name,
    });
  },
};

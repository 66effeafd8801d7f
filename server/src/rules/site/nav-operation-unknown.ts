import { closestEndpoints, operationLabel, parseEndpointRef, specsNamed } from '../../openapi/operations';
import { excluded, siteApi } from '../../site/api-pages';
import { openapiInForce } from '../../site/navigation';
import { configFix, nodeRange, replaceNode } from '../edits';
import type { SiteFiles, SiteRule } from '../types';

const SPEC =
  JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Acme API', version: '1.0.0' },
      paths: {
        '/notes': {
          get: { summary: 'List notes', responses: { '200': { description: 'The notes.' } } },
          post: { summary: 'Create a note', responses: { '201': { description: 'The note.' } } },
        },
      },
    },
    null,
    2,
  ) + '\n';

function example(entry: string): SiteFiles {
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['introduction', entry] }] },
  };
  return {
    'docs.json': JSON.stringify(docs, null, 2) + '\n',
    'openapi.json': SPEC,
    'introduction.mdx': '---\ntitle: "Introduction"\ndescription: "What the Acme API does and how to call it."\n---\n\n## Overview\n\nThe API manages notes.\n',
  };
}

export const navOperationUnknown: SiteRule = {
  id: 'nav-operation-unknown',
  description: 'Every OpenAPI operation listed in the navigation (`"GET /notes"` in `pages`) exists in the OpenAPI file in force there.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'In the current format a `pages` entry written as a method and a path (`"GET /notes"`, or `"openapi.json GET /notes"` with the file, or `"webhook noteCreated"`) generates an API page for that operation. Without a file name the operation is looked up in the `openapi` of the nearest enclosing group or division, else in `api.openapi`, else in every OpenAPI file of the site. An operation that is not there gives no page (the format then takes the entry for a file path that does not exist either), and one marked `x-excluded` gives none on purpose. The quick fixes offer the closest operations. Methods may be written in any case (the format documents upper case) and a trailing `/` does not count. Entries whose OpenAPI file is a URL without a copy in the site folder, or a file that does not parse (reported by `openapi-invalid`), are not checked.',
    bad: example('GET /note'),
    good: example('GET /notes'),
  },
  check({ site, report }) {
    const api = siteApi(site).api;
    if (!api) return;
    for (const entry of site.nav.operations) {
      const value = entry.page.trim();
      const ref = parseEndpointRef(value);
      const config = entry.config;
      const range = nodeRange(config, entry.node);
      if (!ref) {
        report({ message: `"${value}" is neither a page path nor an operation ("GET /users", "openapi.json GET /users").`, path: config.path, range });
        continue;
      }
      const openapi = openapiInForce(entry.group);
      const found = api.operationOf(value, openapi);
      if (found) {
        if (excluded(found.operation))
          report({ message: `"${value}" is marked x-excluded in ${found.spec.rel}: the format makes no page for it.`, path: config.path, range });
        continue;
      }
      if (ref.file === undefined ? api.unreadable(openapi) : site.openapi?.entries.some((e) => e.entry.value === ref.file && e.status.kind !== 'loaded'))
        continue;
      const all = site.openapi?.files ?? [];
      if (ref.file !== undefined && specsNamed(all, ref.file).length === 0) {
        report({
          message: `"${ref.file}" is not an OpenAPI file of the site${all.length ? ` (${all.map((s) => s.rel).join(', ')})` : ''}.`,
          path: config.path,
          range,
        });
        continue;
      }
      const specs = ref.file !== undefined ? specsNamed(all, ref.file) : api.specsInForce(openapi);
      // A spec that does not parse is reported by openapi-invalid; its operations are unknown, not missing.
      if (specs.some((spec) => all.find((f) => f === spec)?.source.syntax.length)) continue;
      const prefix = ref.file !== undefined ? `${ref.file} ` : '';
      const labels = specs.flatMap((s) => s.operations.filter((o) => !excluded(o)).map((o) => prefix + operationLabel(o)));
      const wanted = prefix + (ref.method === 'WEBHOOK' ? `webhook ${ref.path}` : `${ref.method} ${ref.path}`);
      const suggestions = closestEndpoints(wanted, labels, 3);
      const where =
        specs.length === 1 ? specs[0].rel : specs.length ? 'the OpenAPI files in force here' : 'any OpenAPI file (the site has none Docwright can read)';
      report({
        message: `${wanted.slice(prefix.length)} is not an operation of ${where}, so no page is generated for it.${suggestions.length ? ` Did you mean "${suggestions[0]}"?` : ''}`,
        path: config.path,
        range,
        fixes: suggestions.map((s, i) => configFix(config, `Change to "${s}"`, [replaceNode(config, entry.node, JSON.stringify(s))], i === 0)),
      });
    }
  },
};

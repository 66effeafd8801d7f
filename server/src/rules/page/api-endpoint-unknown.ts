import { closestEndpoints, findEndpoint, operationLabel, specsNamed, type ApiSpec } from '../../openapi/operations';
import { buildSiteModel } from '../../site/model';
import { componentNames, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';
import { holdsRole } from '../../components/catalog';

const SPEC =
  JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Acme API', version: '1.0.0' },
      paths: {
        '/notes': {
          get: { summary: 'List notes', responses: { '200': { description: 'The notes.' }, '401': { description: 'The API key is missing or wrong.' } } },
        },
      },
    },
    null,
    2,
  ) + '\n';
const DOCS =
  JSON.stringify(
    {
      name: 'Acme',
      favicon: 'https://acme.dev/favicon.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'Guides', pages: ['example'] }],
      openapi: 'openapi.json',
    },
    null,
    2,
  ) + '\n';
const front = (value: string) => `---\ntitle: "List notes"\ndescription: "Return the notes of your account, newest first."\nopenapi: "${value}"\n---\n\n`;
const BODY = 'Returns the notes of your account.\n\n**Rate limit:** 100 requests per minute per API key.\n';

/** Fields or examples on the page itself that document the endpoint without the OpenAPI file. */
const ownDocs = (names: ReadonlySet<string>) => holdsRole(names, 'api-field') || holdsRole(names, 'api-example');

export const apiEndpointUnknown: PageRule = {
  id: 'api-endpoint-unknown',
  description: "The endpoint named by `openapi:` front matter (or by `api:` on a page that documents nothing itself) exists in the site's OpenAPI files.",
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'An API page written as `openapi: "GET /notes"` (or `openapi: "openapi.json GET /notes"` when the site has several OpenAPI files) is generated from that operation of the OpenAPI file. When the method and path match no operation, the page has no reference to show. The quick fix offers the closest endpoints, and completion in the front matter lists them all. `api:` pages document their endpoint themselves; they are checked only when they hold no `<ParamField>`, `<ResponseField>` or examples of their own. The spec is found as the format finds it: a file named before the method by its path from the site root (with or without a leading `/`, with or without its extension, or by the end of its path: `v1` for `openapi/v1.json`); without a file name, every OpenAPI file of the site folder, named in docs.json or not, in alphabetical order of their paths, the first match winning. Methods may be written in any case and a trailing `/` does not count. When the site has no OpenAPI file at all, or docs.json names one by URL with no copy in the site folder (not fetched offline), nothing is checked.',
    bad: pageSite(BODY, { frontmatter: front('GET /note'), extra: { 'docs.json': DOCS, 'openapi.json': SPEC } }),
    good: pageSite(BODY, { frontmatter: front('GET /notes'), extra: { 'docs.json': DOCS, 'openapi.json': SPEC } }),
  },
  check({ page, index, report }) {
    const set = index.site.openapi;
    for (const key of ['openapi', 'api'] as const) {
      const raw = page.frontmatter.data[key];
      const where = page.frontmatter.keys.get(key);
      if (typeof raw !== 'string' || !where) continue;
      const value = raw.trim();
      if (key === 'api') {
        // Hand-documented endpoints need no spec; full URLs are the usual form there.
        if (!set?.files.some((f) => f.entries.length) || ownDocs(componentNames(page))) continue;
      }
      // An unfetched URL spec could hold the endpoint: say nothing.
      if (set?.entries.some((e) => e.status.kind === 'url')) continue;
      // Without an OpenAPI file (named by docs.json or in the site folder) there is nothing to look the endpoint up in.
      // `api:` pages are looked up only in the specs docs.json names.
      const specs: readonly ApiSpec[] = (key === 'api' ? set?.files.filter((f) => f.entries.length) : set?.files) ?? [];
      if (specs.length === 0) continue;
      const baseUrls = index.memo('api-endpoint-unknown:bases', () => buildSiteModel(index.site.config).api?.baseUrls ?? []);
      const found = findEndpoint(specs, value, baseUrls);
      if (found.kind === 'found') continue;
      if (found.kind === 'malformed') {
        if (key === 'openapi')
          report({
            message: `${key}: expected a method and a path, such as "GET /users" (or "openapi.json GET /users"); found "${value}".`,
            range: where.value,
          });
        continue;
      }
      if (found.kind === 'no-spec-file') {
        report({ message: `${key}: "${found.file}" is not one of the site's OpenAPI files (${specs.map((s) => s.rel).join(', ')}).`, range: where.value });
        continue;
      }
      const withFile = specs.length > 1 || found.ref.file !== undefined;
      const specOf = new Map<string, string>();
      const labels = specs.flatMap((s) => s.operations.map((o) => (withFile ? `${s.rel} ${operationLabel(o)}` : operationLabel(o))));
      for (const s of specs) for (const o of s.operations) specOf.set(withFile ? `${s.rel} ${operationLabel(o)}` : operationLabel(o), s.rel);
      const refLabel = `${found.ref.method === 'WEBHOOK' ? 'webhook' : found.ref.method} ${found.ref.path}`;
      const wanted = withFile ? `${found.ref.file ?? ''} ${refLabel}`.trim() : refLabel;
      const suggestions = closestEndpoints(wanted, labels, 3);
      const named = found.ref.file !== undefined ? specsNamed(specs, found.ref.file) : specs;
      // Preferred (applied by fix-all and --fix) only within the spec the page names: another spec is a guess.
      const fixes = suggestions.map((s, i) =>
        pageFix(page, `Change to "${s}"`, [{ range: where.value, newText: JSON.stringify(s) }], i === 0 && named.some((n) => n.rel === specOf.get(s))),
      );
      const inFiles = named.length === 1 ? named[0].rel : "the site's OpenAPI files";
      report({
        message: `${key}: ${refLabel} is not an operation of ${inFiles}.${suggestions.length ? ` Did you mean "${suggestions[0]}"?` : ''}`,
        range: where.value,
        fixes,
      });
    }
  },
};

import { findEndpoint, operationLabel } from '../../openapi/operations';
import { isOperationPage, siteApi } from '../../site/api-pages';
import type { SiteIndex } from '../../site/site-index';
import { siteLanguages } from '../../site/languages';
import type { Site } from '../../site/site';
import type { CrossPageRule, SiteFiles } from '../types';
import { API_FRONTMATTER } from '../page-utils';

const SPEC =
  JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Acme API', version: '1.0.0' },
      paths: { '/notes': { get: { summary: 'List notes', responses: { '200': { description: 'The notes.' } } } } },
    },
    null,
    2,
  ) + '\n';
const PAGE =
  '---\ntitle: "List notes"\ndescription: "Return the notes of your account, newest first."\nopenapi: "GET /notes"\n---\n\nNotes come newest first. **Rate limit:** 100 requests per minute per API key.\n';

function example(pages: unknown[]): SiteFiles {
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0B6E4F' },
    navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages }] },
  };
  return { 'docs.json': JSON.stringify(docs, null, 2) + '\n', 'openapi.json': SPEC, 'notes/list.mdx': PAGE };
}

/** The language a page is in (its navigation's, else its folder's), '' on a site of one language: translations of one operation's page are not duplicates. */
function languageOf(site: Site, id: string): string {
  const languages = siteLanguages(site);
  if (!languages) return '';
  const listed = languages.languagesOf.get(id);
  if (listed?.size === 1) return [...listed][0];
  return languages.codes.find((code) => id.toLowerCase().startsWith(`${code.toLowerCase()}/`)) ?? languages.defaultCode;
}

/** Every page of the site per language and operation: generated pages and page files whose `openapi` front matter names one. */
function pagesByOperation(index: SiteIndex): Map<string, string[]> {
  return index.memo('api-operation-duplicate', () => {
    const out = new Map<string, string[]>();
    const add = (key: string, id: string) => {
      const at = `${languageOf(index.site, id)} ${key}`;
      out.set(at, [...(out.get(at) ?? []), id]);
    };
    for (const g of siteApi(index.site).pages.values()) if (isOperationPage(g)) add(`${g.spec.rel} ${operationLabel(g.operation)}`, g.id);
    const specs = index.site.openapi?.files ?? [];
    if (specs.length === 0) return out;
    for (const [id, fm] of index.everyFact(API_FRONTMATTER)) {
      const value = fm?.openapi;
      if (value === undefined) continue;
      const found = findEndpoint(specs, value);
      if (found.kind === 'found') add(`${found.spec.rel} ${operationLabel(found.operation)}`, id);
    }
    return out;
  });
}

export const apiOperationDuplicate: CrossPageRule<undefined> = {
  id: 'api-operation-duplicate',
  description: 'One OpenAPI operation has one page: not an MDX page with `openapi:` front matter and a generated page, nor two MDX pages.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'An operation can get its page two ways: generated from navigation (`"GET /notes"` in `pages`, or `openapi` on a tab, anchor or group), or written as an MDX page whose front matter names it (`openapi: "GET /notes"`). The format does not support both for one operation: readers and search find two pages for one endpoint, one of them stale. Keep one: remove the navigation entry (or mark the operation `x-hidden` in the OpenAPI file) and list the MDX page, or delete the MDX page. An MDX page at the very URL of a generated page replaces it, which is not a duplicate.',
    bad: example(['notes/list', 'GET /notes']),
    good: example(['notes/list']),
  },
  collect: () => undefined,
  check({ page, id, index, report }) {
    const value = page.frontmatter.data.openapi;
    const where = page.frontmatter.keys.get('openapi');
    if (typeof value !== 'string' || !where) return;
    const specs = index.site.openapi?.files ?? [];
    const found = specs.length ? findEndpoint(specs, value) : undefined;
    if (found?.kind !== 'found') return;
    const others = (pagesByOperation(index).get(`${languageOf(index.site, id)} ${found.spec.rel} ${operationLabel(found.operation)}`) ?? []).filter(
      (o) => o !== id,
    );
    if (others.length === 0) return;
    const generated = others.filter((o) => siteApi(index.site).pages.has(o));
    report({
      message: `${operationLabel(found.operation)} of ${found.spec.rel} also has ${others.length === 1 ? 'the page' : 'the pages'} ${others.map((o) => `"${o}"`).join(', ')}${generated.length ? ' (generated from the navigation)' : ''}: keep one page per operation.`,
      range: where.value,
    });
  },
};

import { reportNotFetched } from './spec-files';
import type { SiteRule } from '../types';
import { tabSite } from '../examples';

const SITE = (extra: Record<string, string>) => tabSite({ tab: 'GraphQL API', graphql: 'https://api.acme.example/schema.graphql' }, extra);

export const graphqlNotFetched: SiteRule = {
  id: 'graphql-not-fetched',
  description: 'GraphQL schemas given as URLs are not fetched: keep a copy in the site folder.',
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      "Docwright works offline and never downloads anything, so a `graphql` URL cannot be checked and the tab's pages cannot be previewed or exported, and links into its folder are not checked. Save a copy of the schema in the site folder, at the URL's path or under its file name at the root (for `https://api.acme.example/schema.graphql`: `schema.graphql`), and Docwright uses the copy.",
    bad: SITE({}),
    good: SITE({ 'schema.graphql': 'type Query {\n  "The API version."\n  version: String!\n}\n' }),
  },
  check({ site, report }) {
    reportNotFetched(site.graphql?.entries ?? [], 'schema.graphql', 'check it and to preview and export its pages', report);
  },
};

import { reportInvalidFile } from './spec-files';
import type { SiteRule } from '../types';
import { tabSite } from '../examples';

const SCHEMA = (returns: string) =>
  `"An organization."\ntype Organization {\n  id: ID!\n  name: String!\n}\n\ntype Query {\n  "One organization by its id."\n  organization(id: ID!): ${returns}\n}\n`;

const SITE = (schema: string) => tabSite({ tab: 'GraphQL API', graphql: 'schema.graphql' }, { 'schema.graphql': schema });

export const graphqlInvalid: SiteRule = {
  id: 'graphql-invalid',
  description: 'The GraphQL schemas named by `graphql` on navigation tabs are valid SDL.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      "The tab's reference pages are generated from the schema: a file that does not parse, or that the reference implementation (graphql-js) refuses as a schema (an unknown type, a field defined twice, an object without fields, no `Query` type), gives broken or missing pages. Each problem is shown where it is in the file, and `docs.json` says on the `graphql` entry that the file has problems.",
    bad: SITE(SCHEMA('Organisation')),
    good: SITE(SCHEMA('Organization')),
  },
  check({ site, report }) {
    for (const file of site.graphql?.files ?? []) reportInvalidFile(file, file.problems, 'a valid GraphQL schema', 'problem', report);
  },
};

// A small GraphQL site for the unit, export and browser tests: a tab whose schema has an interface,
// objects, an enum, a union, a scalar, an input, queries and a mutation, with descriptions and deprecations.
import type { SiteFiles } from '../server/src/rules/types';

export const SCHEMA = `"An object with a stable identifier."
interface Node {
  id: ID!
}

"A group of people who work together."
type Organization implements Node {
  id: ID!
  "The display name."
  name: String!
  login: String! @deprecated(reason: "Use \`name\`.")
  members(first: Int = 10, role: Role): [User!]!
}

type User implements Node {
  id: ID!
  email: String
  organization: Organization
}

"What a member may do."
enum Role {
  ADMIN
  MEMBER @deprecated
}

union SearchResult = User | Organization

"An RFC 3339 date and time."
scalar DateTime

input CreateOrganizationInput {
  "The display name."
  name: String!
  createdAt: DateTime
}

type Query {
  "One organization by its id."
  organization(id: ID!, legacyId: Int @deprecated(reason: "Ids are strings now.")): Organization
  search(query: String!): [SearchResult!]!
}

type Mutation {
  "Creates an organization."
  createOrganization(input: CreateOrganizationInput!): Organization!
}
`;

/** The site: a Guides tab and a GraphQL API tab (with `groups` of its own when given). */
export function graphqlSite(schema: string | undefined, graphql: unknown = 'schema.graphql', extra: SiteFiles = {}, groups?: unknown[]): SiteFiles {
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D6E4F' },
    navigation: {
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Get started', pages: ['introduction'] }] },
        { tab: 'GraphQL API', graphql, ...(groups ? { groups } : {}) },
      ],
    },
  };
  return {
    'docs.json': JSON.stringify(config, null, 2),
    'introduction.mdx':
      '---\ntitle: "Introduction"\ndescription: "Start here."\n---\n\nSee the [organization query](/graphql-reference/queries/organization).\n',
    ...(groups ? { 'graphql/overview.mdx': '---\ntitle: "Overview"\ndescription: "The GraphQL API."\n---\n\nThe API.\n' } : {}),
    ...(schema !== undefined ? { 'schema.graphql': schema } : {}),
    ...extra,
  };
}

// GraphQL schemas named by `graphql` on tabs: reading SDL with graphql-js (problems located in the
// file), the model of roots and named types, the findings of missing, invalid and remote schemas.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { readGraphqlSchema } from '../../server/src/graphql/schema';
import type { SiteFiles } from '../../server/src/rules/types';
import { check, siteFrom, summarize } from '../helpers';

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

export function graphqlSite(schema: string | undefined, graphql: unknown = 'schema.graphql', extra: SiteFiles = {}): SiteFiles {
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D6E4F' },
    navigation: {
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Get started', pages: ['introduction'] }] },
        { tab: 'GraphQL API', graphql },
      ],
    },
  };
  return {
    'docs.json': JSON.stringify(config, null, 2),
    'introduction.mdx':
      '---\ntitle: "Introduction"\ndescription: "Start here."\n---\n\nSee the [organization query](/graphql-reference/queries/organization).\n',
    ...(schema !== undefined ? { 'schema.graphql': schema } : {}),
    ...extra,
  };
}

test('a schema is read into queries, mutations and named types with descriptions, arguments and deprecations', () => {
  const { problems, model } = readGraphqlSchema(SCHEMA);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    model.queries.map((q) => q.name),
    ['organization', 'search'],
  );
  assert.deepEqual(
    model.mutations.map((m) => m.name),
    ['createOrganization'],
  );
  assert.deepEqual(model.subscriptions, []);
  assert.deepEqual(
    model.types.map((t) => `${t.kind} ${t.name}`),
    ['interface Node', 'object Organization', 'object User', 'enum Role', 'union SearchResult', 'scalar DateTime', 'input CreateOrganizationInput'],
  );
  const org = model.queries[0];
  assert.equal(org.description, 'One organization by its id.');
  assert.equal(org.type, 'Organization');
  assert.deepEqual(
    org.args.map((a) => [a.name, a.type, a.required, a.deprecated?.reason]),
    [
      ['id', 'ID!', true, undefined],
      ['legacyId', 'Int', false, 'Ids are strings now.'],
    ],
  );
  const organization = model.byName.get('Organization')!;
  assert.equal(organization.fields.find((f) => f.name === 'login')?.deprecated?.reason, 'Use `name`.');
  assert.equal(organization.fields.find((f) => f.name === 'members')?.args[0].defaultValue, '10');
  assert.deepEqual(organization.interfaces, ['Node']);
  assert.deepEqual(model.byName.get('SearchResult')?.members, ['User', 'Organization']);
  assert.equal(model.byName.get('Role')?.values[1].deprecated?.reason, 'No longer supported');
  assert.match(organization.sdl, /^"""A group of people who work together\."""\ntype Organization implements Node \{/);
});

test('syntax and schema errors are located in the file', () => {
  const syntax = readGraphqlSchema('type Query {\n  a: String\n  b(: Int\n}\n');
  assert.equal(syntax.problems.length, 1);
  assert.match(syntax.problems[0].message, /^Syntax Error/);
  assert.deepEqual(syntax.problems[0].range.start, { line: 2, character: 4 });
  const unknown = readGraphqlSchema('type Query {\n  org: Organisation\n}\n\ntype Query {\n  b: Int\n}\n');
  assert.deepEqual(
    unknown.problems.map((p) => `${p.range.start.line + 1}:${p.range.start.character + 1} ${p.message}`),
    ['2:8 Unknown type "Organisation".', '5:6 There can be only one type named "Query".'],
  );
  const noQuery = readGraphqlSchema('type Mutation {\n  a: Int\n}\n');
  assert.deepEqual(
    noQuery.problems.map((p) => p.message),
    ['Query root type must be provided.'],
  );
});

test('a deeply nested or token-heavy schema is one problem, not a crash', () => {
  const deep = `type Query {\n  a: ${'['.repeat(100_000)}Int${']'.repeat(100_000)}\n}\n`;
  const read = readGraphqlSchema(deep);
  assert.equal(read.problems.length, 1);
  assert.equal(read.model.types.length, 0);
});

test('findings: a missing schema, an invalid one (in the file and on docs.json), a URL not fetched', async () => {
  assert.deepEqual(
    summarize(await check(graphqlSite(undefined))).filter((s) => /graphql|asset/.test(s)),
    ['asset-not-found docs.json:23:20'],
  );
  const invalid = summarize(await check(graphqlSite('type Query {\n  org: Organisation\n}\n'))).filter((s) => s.startsWith('graphql'));
  assert.deepEqual(invalid, ['graphql-invalid docs.json:23:20', 'graphql-invalid schema.graphql:2:8']);
  const url = summarize(await check(graphqlSite(undefined, 'https://api.acme.example/schema.graphql'))).filter((s) => /graphql|asset/.test(s));
  assert.deepEqual(url, ['graphql-not-fetched docs.json:23:20']);
  // A copy at the URL's file name stands in for the URL.
  const { site } = await siteFrom(graphqlSite(SCHEMA, 'https://api.acme.example/schema.graphql'));
  assert.equal(site.graphql?.entries[0].status.kind, 'loaded');
  const custom = await siteFrom(graphqlSite(SCHEMA, { source: '/schema.graphql', directory: '/api/graphql/' }));
  assert.equal(custom.site.graphql?.entries[0].entry.directory, 'api/graphql');
});

// GraphQL schemas named by `graphql` on tabs: reading SDL with graphql-js (problems located in the
// file), the model of roots and named types, the findings of missing, invalid and remote schemas.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { readGraphqlSchema } from '../../server/src/graphql/schema';
import { check, siteFrom, summarize } from '../helpers';
import { graphqlSite, SCHEMA } from '../graphql-site';
import { siteApi } from '../../server/src/site/api-pages';
import { graphqlSegment } from '../../server/src/site/graphql-pages';
import { afterSummary, exampleOperation, markdownText, summary } from '../../server/src/site/graphql-text';
import { parsePage } from '../../server/src/pages/parse';

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
  assert.equal(
    organization.sdl,
    'type Organization implements Node {\n  id: ID!\n  name: String!\n  login: String! @deprecated(reason: "Use `name`.")\n  members(first: Int = 10, role: Role): [User!]!\n}',
  );
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
  // The errors do not take the pages away: the second Query is left out, the unknown type stands as a scalar.
  assert.deepEqual(
    unknown.model.queries.map((q) => `${q.name}: ${q.type}`),
    ['org: Organisation'],
  );
  assert.deepEqual(
    unknown.model.types.map((t) => `${t.kind} ${t.name}`),
    ['scalar Organisation'],
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

test('the tab lists Queries, Mutations and Types after its own groups; ids are <directory>/<section>/<kebab-name>', async () => {
  const { site } = await siteFrom(graphqlSite(SCHEMA, 'schema.graphql', {}, [{ group: 'Overview', pages: ['graphql/overview'] }]));
  const api = siteApi(site);
  const tab = api.model.groups.filter((g) => g.tab === 0);
  assert.deepEqual(
    tab.map((g) => [g.name, g.items.map((i) => (i.kind === 'page' ? i.id : i.kind))]),
    [
      ['Overview', ['graphql/overview']],
      ['Queries', ['graphql-reference/queries/organization', 'graphql-reference/queries/search']],
      ['Mutations', ['graphql-reference/mutations/create-organization']],
      [
        'Types',
        [
          'graphql-reference/types/node',
          'graphql-reference/types/organization',
          'graphql-reference/types/user',
          'graphql-reference/types/role',
          'graphql-reference/types/search-result',
          'graphql-reference/types/date-time',
          'graphql-reference/types/create-organization-input',
        ],
      ],
    ],
  );
  assert.equal(api.allPages.get('graphql-reference/types/user'), 'graphql-reference/types/user.mdx');
  assert.equal(api.doc('graphql-reference/types/user.mdx')?.frontmatter.data.title, 'User');
  assert.deepEqual(['URI', 'createIssue', 'HTTPHeader', 'snake_case_name', 'Foo2Bar'].map(graphqlSegment), [
    'uri',
    'create-issue',
    'http-header',
    'snake-case-name',
    'foo2-bar',
  ]);
});

test('links to generated pages resolve; a missing one is reported; a custom directory and a page file at a generated id are kept', async () => {
  const link = (to: string) => ({ 'introduction.mdx': `---\ntitle: "Introduction"\ndescription: "Start here."\n---\n\nSee [it](${to}).\n` });
  assert.deepEqual(summarize(await check(graphqlSite(SCHEMA, 'schema.graphql', link('/graphql-reference/types/search-result')))), []);
  assert.deepEqual(summarize(await check(graphqlSite(SCHEMA, 'schema.graphql', link('/graphql-reference/types/nope')))), ['link-broken introduction.mdx:6:10']);
  const custom = graphqlSite(SCHEMA, { source: 'schema.graphql', directory: 'api/graphql' }, link('/api/graphql/queries/search'));
  assert.deepEqual(summarize(await check(custom)), []);
  // A URL without a copy: its pages are unknown and links into its folder are not checked.
  assert.deepEqual(summarize(await check(graphqlSite(undefined, 'https://api.acme.example/schema.graphql', link('/graphql-reference/queries/anything')))), [
    'graphql-not-fetched docs.json:23:20',
  ]);
  const own = await siteFrom(graphqlSite(SCHEMA, 'schema.graphql', { 'graphql-reference/types/user.mdx': '---\ntitle: "Users"\n---\n\nHand-written.\n' }));
  assert.equal(siteApi(own.site).pages.has('graphql-reference/types/user'), false);
  assert.equal(siteApi(own.site).allPages.get('graphql-reference/types/user'), 'graphql-reference/types/user.mdx');
});

test('descriptions are Markdown with MDX syntax escaped: every generated page parses as MDX and shows the text', async () => {
  const hostile = [
    'Braces {x} and <b>tags</b> and <script>alert(1)</script> stay text; `code {y} <z>` stays code.',
    '',
    'import evil from "x"',
    'export const a = 1',
    '',
    '```js',
    'const open = { fence: "never closed" }',
  ].join('\n');
  const schema = `type Query {\n  ${JSON.stringify(hostile).replace(/^"|"$/g, '"')}\n  x(a: Int = 1): T\n}\n\n"""${hostile.replace(/"""/g, '')}"""\ntype T {\n  "<img src=x onerror=alert(1)> {{ }}"\n  self: T\n}\n`;
  const read = readGraphqlSchema(schema);
  assert.deepEqual(read.problems, []);
  const { site } = await siteFrom(graphqlSite(schema));
  const api = siteApi(site);
  for (const page of api.pages.values()) {
    const doc = api.doc(page.rel)!;
    assert.equal(doc.syntaxError, undefined, `${page.id}: ${doc.syntaxError?.message}`);
    assert.equal(doc.mdx, true, page.id);
    assert.equal(
      doc.tree.children.some((n) => n.type === 'mdxjsEsm' || n.type === 'mdxFlowExpression'),
      false,
      page.id,
    );
  }
  const text = markdownText(hostile);
  assert.match(text, /Braces \\\{x\\\} and \\<b\\>tags\\<\/b\\>/);
  assert.match(text, /`code \{y\} <z>`/);
  assert.match(text, /^&#105;mport evil/m);
  assert.match(text, /```$/, 'the open fence is closed');
});

test('recursive and huge schemas stay within bounds: examples bounded in depth, pages within the page budget', async () => {
  // A type whose every field returns itself, and an input that requires itself through a list.
  const fields = Array.from({ length: 2_000 }, (_, i) => `  "${'Long description. '.repeat(20)}"\n  f${i}(x: Int): R\n  s${i}: String`).join('\n');
  const schema = `type Query {\n  r(input: I!): R\n}\n\ntype R {\n${fields}\n}\n\ninput I {\n  next: [I!]!\n  name: String!\n}\n`;
  const read = readGraphqlSchema(schema);
  assert.deepEqual(read.problems, []);
  const example = exampleOperation(read.model, 'query', read.model.queries[0]);
  assert.ok(example.operation.split('\n').length < 100, example.operation);
  assert.ok(JSON.stringify(example.variables).length < 10_000);
  const { site } = await siteFrom(graphqlSite(schema));
  const api = siteApi(site);
  const r = api.pages.get('graphql-reference/types/r')!;
  assert.ok(r.text.length < 512 * 1024, `${r.text.length} characters`);
  assert.match(r.text, /\d+ more fields are not listed here\./);
  assert.equal(api.doc(r.rel)?.tooLarge, undefined);
});

test('a Subscription root gets its section after Mutations, with subscription example operations', async () => {
  const schema = `${SCHEMA}\ntype Subscription {\n  "Every new member."\n  memberAdded(organizationId: ID!): User!\n}\n`;
  const { site } = await siteFrom(graphqlSite(schema));
  const api = siteApi(site);
  assert.deepEqual(
    api.model.groups.filter((g) => g.tab === 0).map((g) => g.name),
    ['Queries', 'Mutations', 'Subscriptions', 'Types'],
  );
  const page = api.pages.get('graphql-reference/subscriptions/member-added')!;
  assert.match(page.text, /subscription MemberAdded\(\$organizationId: ID!\) \{\n {2}memberAdded\(organizationId: \$organizationId\) \{\n {4}id\n {4}email\n/);
  assert.match(page.text, /"memberAdded": \{\n\s+"id": "id",\n\s+"email": "string"/);
});

test("a description's first paragraph ends at a blank line or at a line that starts a list, heading, quote or fence; the rest is the page's body", () => {
  const channel = 'This is a websocket channel.\nIt can have _markdown_ in the description.\n* Use the first server.\n* Use the second.';
  assert.equal(summary(channel), 'This is a websocket channel. It can have _markdown_ in the description.');
  assert.equal(afterSummary(channel), '* Use the first server.\n* Use the second.');
  assert.equal(summary('One.\n\nTwo\nthree'), 'One.');
  assert.equal(afterSummary('One.\n\nTwo\nthree'), 'Two\nthree');
  assert.equal(summary('Costs 5\n-3 with a coupon'), 'Costs 5 -3 with a coupon', 'a dash with no space after it starts no list');
  assert.equal(afterSummary('Intro\n```graphql\nquery { a }\n```'), '```graphql\nquery { a }\n```');
  assert.equal(summary('* first item\nmore'), '* first item more', 'a description that starts with a list keeps its first lines');
});

test('a deprecation reason with a code fence starts a paragraph of its own, so the generated page parses in full', async () => {
  const schema =
    'type Query {\n  "The org."\n  org: String @deprecated(reason: """Use `organization`:\n```graphql\nquery { organization { id } }\n```""")\n  organization: String\n}\n';
  const { site } = await siteFrom(graphqlSite(schema));
  const api = siteApi(site);
  const page = [...api.byRel.entries()].find(([rel]) => rel.includes('queries/org.'));
  assert.ok(page, [...api.byRel.keys()].join(', '));
  const doc = parsePage(page[0], page[1].text);
  assert.equal(doc.syntaxError, undefined, page[1].text);
  assert.match(page[1].text, /\*\*Deprecated\*\*:\n\nUse `organization`:\n\n?```graphql\nquery \{ organization \{ id \} \}\n```/);
});

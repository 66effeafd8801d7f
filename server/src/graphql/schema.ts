// One GraphQL schema file (SDL) read with graphql-js, the reference implementation: its syntax
// errors and its SDL and schema validation errors located in the file, and a plain model of what
// the format generates pages for (the fields of the Query, Mutation and Subscription roots, and the
// named object, input, enum, interface, union and scalar types). The text is untrusted: a file over
// MAX_SCHEMA_CHARS or MAX_TOKENS is not parsed, and one nested deeper than the parser's stack holds
// is one problem, not a crash.
// Deep imports: the package's index also brings execution and subscriptions, which pages never use.
import { GraphQLError } from 'graphql/error/GraphQLError';
import type { ASTNode, DocumentNode } from 'graphql/language/ast';
import { Kind } from 'graphql/language/kinds';
import { parse } from 'graphql/language/parser';
import { print } from 'graphql/language/printer';
import { visit } from 'graphql/language/visitor';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
} from 'graphql/type/definition';
import { isIntrospectionType } from 'graphql/type/introspection';
import { isSpecifiedScalarType } from 'graphql/type/scalars';
import type { GraphQLSchema } from 'graphql/type/schema';
import { validateSchema } from 'graphql/type/validate';
import { buildASTSchema } from 'graphql/utilities/buildASTSchema';
import { printType } from 'graphql/utilities/printSchema';
import { validateSDL } from 'graphql/validation/validate';
import type { Range } from '../types';
import { LineIndex } from '../util/text';

/** Characters a schema file may have to be read (GitHub's public schema is 1.3 MB). */
export const MAX_SCHEMA_CHARS = 20_000_000;
/** Tokens graphql-js reads at most before giving up (its own bound on parse time). */
export const MAX_TOKENS = 4_000_000;

export interface GraphqlProblem {
  message: string;
  range: Range;
}

export interface GraphqlDeprecation {
  /** The reason written in `@deprecated(reason:)` (graphql-js gives the default reason when none is). */
  reason: string;
}

export interface GraphqlArg {
  name: string;
  description?: string;
  /** The type as written in SDL (`[ID!]!`). */
  type: string;
  /** The named type under lists and non-null (`ID`). */
  named: string;
  /** Non-null without a default: a query must give it. */
  required: boolean;
  defaultValue?: string;
  deprecated?: GraphqlDeprecation;
}

export interface GraphqlField {
  name: string;
  description?: string;
  type: string;
  named: string;
  args: GraphqlArg[];
  deprecated?: GraphqlDeprecation;
  /** An input field: non-null without a default. */
  required?: boolean;
  /** An input field's default, as written. */
  defaultValue?: string;
}

export type GraphqlTypeKind = 'object' | 'input' | 'enum' | 'interface' | 'union' | 'scalar';

export interface GraphqlType {
  name: string;
  kind: GraphqlTypeKind;
  description?: string;
  /** Fields of an object or interface, input fields of an input (no arguments). */
  fields: GraphqlField[];
  /** Values of an enum. */
  values: { name: string; description?: string; deprecated?: GraphqlDeprecation }[];
  /** Members of a union. */
  members: string[];
  /** Interfaces an object or interface implements. */
  interfaces: string[];
  /** The definition printed as SDL, without descriptions (the pages show them beside each field). */
  sdl: string;
}

export interface GraphqlModel {
  queries: GraphqlField[];
  mutations: GraphqlField[];
  subscriptions: GraphqlField[];
  /** Named types with pages, in the file's order (roots, introspection and built-in scalars left out). */
  types: GraphqlType[];
  /** Every named type by name, roots included. */
  byName: ReadonlyMap<string, GraphqlType>;
}

export const EMPTY_GRAPHQL_MODEL: GraphqlModel = { queries: [], mutations: [], subscriptions: [], types: [], byName: new Map() };

export interface GraphqlSchemaFile {
  problems: GraphqlProblem[];
  model: GraphqlModel;
}

const description = (d: string | null | undefined): string | undefined => (d && d.trim() ? d : undefined);
const deprecation = (reason: string | null | undefined): GraphqlDeprecation | undefined => (reason == null ? undefined : { reason });

function argOf(a: GraphQLArgument | GraphQLInputField): GraphqlArg {
  const defaultValue = a.astNode?.defaultValue?.loc
    ? a.astNode.defaultValue.loc.source.body.slice(a.astNode.defaultValue.loc.start, a.astNode.defaultValue.loc.end)
    : undefined;
  return {
    name: a.name,
    description: description(a.description),
    type: String(a.type),
    named: getNamedType(a.type).name,
    required: isNonNullType(a.type) && a.defaultValue === undefined,
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    ...(a.deprecationReason != null ? { deprecated: deprecation(a.deprecationReason) } : {}),
  };
}

function fieldOf(f: GraphQLField<unknown, unknown>): GraphqlField {
  return {
    name: f.name,
    description: description(f.description),
    type: String(f.type),
    named: getNamedType(f.type).name,
    args: f.args.map(argOf),
    ...(f.deprecationReason != null ? { deprecated: deprecation(f.deprecationReason) } : {}),
  };
}

/** A type's definition as written, printed by graphql-js without its descriptions. */
function definitionOf(t: GraphQLNamedType): string {
  if (!t.astNode) return printType(t);
  const bare = visit(t.astNode, {
    enter(node) {
      return 'description' in node && node.description ? { ...node, description: undefined } : undefined;
    },
  });
  return print(bare);
}

function typeOf(t: GraphQLNamedType): GraphqlType {
  const base = { name: t.name, description: description(t.description), fields: [], values: [], members: [], interfaces: [], sdl: definitionOf(t) };
  if (isObjectType(t) || isInterfaceType(t))
    return {
      ...base,
      kind: isObjectType(t) ? 'object' : 'interface',
      fields: Object.values(t.getFields()).map(fieldOf),
      interfaces: t.getInterfaces().map((i) => i.name),
    };
  if (isInputObjectType(t)) return { ...base, kind: 'input', fields: Object.values(t.getFields()).map((f) => ({ ...argOf(f), args: [] })) };
  if (isEnumType(t))
    return {
      ...base,
      kind: 'enum',
      values: t.getValues().map((v) => ({
        name: v.name,
        description: description(v.description),
        ...(v.deprecationReason != null ? { deprecated: deprecation(v.deprecationReason) } : {}),
      })),
    };
  if (isUnionType(t)) return { ...base, kind: 'union', members: t.getTypes().map((m) => m.name) };
  return { ...base, kind: 'scalar' };
}

/** The model of a built schema. */
export function modelOf(schema: GraphQLSchema): GraphqlModel {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  const rootFields = (i: number) => Object.values(roots[i]?.getFields() ?? {}).map(fieldOf);
  const byName = new Map<string, GraphqlType>();
  const types: GraphqlType[] = [];
  for (const t of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(t) || (isScalarType(t) && isSpecifiedScalarType(t))) continue;
    const model = typeOf(t);
    byName.set(t.name, model);
    if (!roots.includes(t as never)) types.push(model);
  }
  return { queries: rootFields(0), mutations: rootFields(1), subscriptions: rootFields(2), types, byName };
}

/** Where a graphql-js error is: the name of the last node it names (a duplicate's second definition), else its first position. */
function problemOf(e: GraphQLError, index: LineIndex): GraphqlProblem {
  const node = e.nodes?.[e.nodes.length - 1] as (ASTNode & { name?: ASTNode }) | undefined;
  const loc = node?.name?.loc ?? node?.loc;
  if (loc) return { message: e.message, range: index.range(loc.start, loc.end - loc.start) };
  return { message: e.message, range: index.range(e.positions?.[0] ?? 0, 0) };
}

const BUILT_IN_TYPES = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

/**
 * A document graphql-js can build a schema from despite SDL errors, so that one typo does not take
 * every page away (the errors are reported all the same): a second definition of a type name is
 * left out, and a type that is referred to but never defined is given as a scalar.
 */
function repaired(doc: DocumentNode): DocumentNode {
  const defined = new Set<string>();
  const definitions: DocumentNode['definitions'][number][] = [];
  for (const d of doc.definitions) {
    const name = 'name' in d && d.name && !d.kind.endsWith('Extension') && d.kind !== 'DirectiveDefinition' ? d.name.value : undefined;
    if (name !== undefined) {
      if (defined.has(name)) continue;
      defined.add(name);
    }
    definitions.push(d);
  }
  const missing = new Set<string>();
  visit(doc, {
    NamedType(node) {
      if (!defined.has(node.name.value) && !BUILT_IN_TYPES.has(node.name.value)) missing.add(node.name.value);
    },
  });
  for (const name of missing) definitions.push({ kind: Kind.SCALAR_TYPE_DEFINITION, name: { kind: Kind.NAME, value: name } });
  return { ...doc, definitions };
}

/** Reads a schema file: problems located in it, and the model of whatever of it builds. */
export function readGraphqlSchema(text: string): GraphqlSchemaFile {
  const index = new LineIndex(text);
  if (text.length > MAX_SCHEMA_CHARS)
    return {
      problems: [{ message: `The schema is too large to read (${text.length} characters, at most ${MAX_SCHEMA_CHARS}).`, range: index.range(0, 0) }],
      model: EMPTY_GRAPHQL_MODEL,
    };
  let doc: DocumentNode;
  try {
    doc = parse(text, { maxTokens: MAX_TOKENS });
  } catch (e) {
    if (e instanceof GraphQLError) return { problems: [problemOf(e, index)], model: EMPTY_GRAPHQL_MODEL };
    // The parser recurses on nesting: a stack overflow is a file nested too deeply.
    return { problems: [{ message: 'The schema is nested too deeply to read.', range: index.range(0, 0) }], model: EMPTY_GRAPHQL_MODEL };
  }
  const problems = validateSDL(doc).map((e) => problemOf(e, index));
  let schema: GraphQLSchema;
  try {
    schema = buildASTSchema(problems.length ? repaired(doc) : doc, { assumeValidSDL: true });
  } catch (e) {
    if (problems.length === 0) problems.push({ message: e instanceof Error ? e.message : String(e), range: index.range(0, 0) });
    return { problems, model: EMPTY_GRAPHQL_MODEL };
  }
  if (problems.length === 0) for (const e of validateSchema(schema)) problems.push(problemOf(e, index));
  return { problems, model: modelOf(schema) };
}

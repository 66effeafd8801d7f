// The AsyncAPI reader the Node hosts hand the core: @asyncapi/parser, the format's own parser
// (2.x and 3.x, YAML or JSON), bundled on its own (dist/asyncapi.js, 2.4 MB minified) and loaded
// by node/asyncapi.ts when a site first names an AsyncAPI file. Its diagnostics come located
// (spectral ranges); references outside the file are never read: every file, http and https
// reference is answered by a resolver that refuses it, which the parser reports at the $ref.
import { Parser, type AsyncAPIDocumentInterface, type Diagnostic } from '@asyncapi/parser';
import type { AsyncapiChannel, AsyncapiFileRead, AsyncapiMessage, AsyncapiModel, AsyncapiProblem, AsyncapiServer } from '../asyncapi/schema';

/** Characters an AsyncAPI file may have to be read. */
export const MAX_ASYNCAPI_CHARS = 5_000_000;

const refused = (schema: string) => ({
  schema,
  order: 0,
  read: (uri: { toString(): string }): Promise<string> => {
    throw new Error(`"${uri.toString()}" is outside the file: Docwright reads no other file or URL for an AsyncAPI document.`);
  },
});

let parser: Parser | undefined;

function theParser(): Parser {
  // One per thread: building the rulesets takes ~100 ms.
  return (parser ??= new Parser({ __unstable: { resolver: { cache: false, resolvers: ['file', 'http', 'https'].map(refused) } } }));
}

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

/** A position inside the text: the parser may point past the end of a cut file. */
function clamp(lines: readonly string[], p: { line: number; character: number }): { line: number; character: number } {
  const line = Math.max(0, Math.min(p.line, lines.length - 1));
  return { line, character: Math.max(0, Math.min(p.character, lines[line].length)) };
}

/** The versions this parser reads without failing (it lists 3.1.0 from its specs package, but its rules throw on 3.1 documents). */
const READ_VERSIONS = /^(2\.[0-6]\.\d+|3\.0\.\d+)$/;

/** The parser's message, without the stack trace of an error it caught in its own rules. */
function diagnosticText(d: Diagnostic, version: string | undefined): string {
  if (d.code !== 'uncaught-error') return d.message;
  const first = d.message.split(/, stack: |\n/)[0];
  const unread =
    version && !READ_VERSIONS.test(version) ? ` AsyncAPI ${version} is not one it reads: it reads 2.0 to 2.6 and 3.0 (asyncapi-setup.mdx asks for 3.0).` : '';
  return `The format's parser (@asyncapi/parser 3.4.0) failed on this file: ${first}.${unread}`;
}

function problemOf(d: Diagnostic, lines: readonly string[], version: string | undefined): AsyncapiProblem {
  return {
    message: diagnosticText(d, version),
    range: { start: clamp(lines, d.range.start), end: clamp(lines, d.range.end) },
    code: typeof d.code === 'string' ? d.code : String(d.code),
    severity: SEVERITIES[d.severity] ?? 'error',
  };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Calls a model's getter when this version's model has it (2.x and 3.x models differ). */
function get(model: object, name: string): unknown {
  const f = (model as Record<string, unknown>)[name];
  return typeof f === 'function' ? (f as () => unknown).call(model) : undefined;
}

interface Collection<T> {
  all(): T[];
}

function messageOf(m: object): AsyncapiMessage {
  const payload = get(m, 'payload');
  return {
    id: String(get(m, 'id')),
    name: text(get(m, 'name')),
    title: text(get(m, 'title')),
    summary: text(get(m, 'summary')),
    description: text(get(m, 'description')),
    contentType: text(get(m, 'contentType')),
    payload: payload && typeof payload === 'object' ? get(payload, 'json') : undefined,
    examples: ((get(m, 'examples') as Collection<object> | undefined)?.all() ?? [])
      .filter((e) => get(e, 'payload') !== undefined)
      .map((e) => ({ name: text(get(e, 'name')) ?? text(get(e, 'summary')), payload: get(e, 'payload') })),
  };
}

function channelOf(c: object): AsyncapiChannel {
  return {
    id: String(get(c, 'id')),
    address: text(get(c, 'address')),
    title: text(get(c, 'title')),
    summary: text(get(c, 'summary')),
    description: text(get(c, 'description')),
    messages: (get(c, 'messages') as Collection<object>).all().map(messageOf),
    parameters: ((get(c, 'parameters') as Collection<object> | undefined)?.all() ?? []).map((p) => {
      const schema = get(p, 'schema');
      const raw = get(p, 'json');
      return {
        name: String(get(p, 'id')),
        description: text(get(p, 'description')),
        // 3.0 parameters hold enum, default and examples themselves; 2.x ones a schema.
        schema:
          schema && typeof schema === 'object' ? get(schema, 'json') : raw && typeof raw === 'object' ? { type: 'string', ...(raw as object) } : undefined,
      };
    }),
    servers: ((get(c, 'servers') as Collection<object> | undefined)?.all() ?? []).map(serverOf),
  };
}

const scalar = (v: unknown): string | undefined => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

function serverOf(s: object): AsyncapiServer {
  const requirements = get(s, 'security');
  return {
    id: String(get(s, 'id')),
    url: String(get(s, 'url')),
    protocol: text(get(s, 'protocol')),
    variables: ((get(s, 'variables') as Collection<object> | undefined)?.all() ?? []).map((v) => {
      const allowed = get(v, 'allowedValues');
      const values = Array.isArray(allowed) ? allowed.map(scalar).filter((x): x is string => x !== undefined) : [];
      return { name: String(get(v, 'id')), default: scalar(get(v, 'defaultValue')), ...(values.length ? { enum: values } : {}) };
    }),
    // Each requirement set is an alternative; a 2.x scheme the file does not define has no JSON.
    security: (Array.isArray(requirements) ? (requirements as Collection<object>[]) : [])
      .flatMap((r) => r.all())
      .map((r) => get(r, 'scheme'))
      .filter((scheme): scheme is object => typeof scheme === 'object' && scheme !== null && get(scheme, 'json') !== undefined)
      .map((scheme) => ({
        type: String(get(scheme, 'type')),
        name: text(get(scheme, 'name')),
        in: text(get(scheme, 'in')),
        scheme: text(get(scheme, 'scheme')),
        description: text(get(scheme, 'description')),
      })),
  };
}

function modelOf(doc: AsyncAPIDocumentInterface): AsyncapiModel {
  const info = doc.info();
  return {
    version: text(doc.version()),
    title: text(info.title()),
    description: text(info.description()),
    channels: doc.channels().all().map(channelOf),
    operations: doc
      .operations()
      .all()
      .map((o) => ({
        id: String(get(o, 'id')),
        action: String(get(o, 'action')),
        title: text(get(o, 'title')),
        summary: text(get(o, 'summary')),
        description: text(get(o, 'description')),
        channels: (get(o, 'channels') as Collection<object>).all().map((c) => String(get(c, 'id'))),
        messages: (get(o, 'messages') as Collection<object>).all().map((m) => String(get(m, 'id'))),
      })),
  };
}

const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Parses and validates one AsyncAPI text. */
export async function readAsyncapi(source: string): Promise<AsyncapiFileRead> {
  if (source.length > MAX_ASYNCAPI_CHARS)
    return {
      problems: [{ message: `The file has ${source.length} characters, over the ${MAX_ASYNCAPI_CHARS} Docwright reads.`, range: whole, severity: 'error' }],
    };
  try {
    const { document, diagnostics } = await theParser().parse(source, { applyTraits: true });
    const lines = source.split(/\r\n?|\n/);
    const version = /^\s*["']?asyncapi["']?\s*:\s*["']?([\w.-]+)/m.exec(source)?.[1];
    return { problems: diagnostics.map((d) => problemOf(d, lines, version)), model: document ? modelOf(document) : undefined };
  } catch (e) {
    // A stack overflow on deep nesting, or the parser's own failure: one problem, not a crash.
    return { problems: [{ message: `The file could not be read: ${e instanceof Error ? e.message : String(e)}`, range: whole, severity: 'error' }] };
  }
}

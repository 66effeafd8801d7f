// The MDX text of a channel page the format generates from an AsyncAPI file (asyncapi-setup.mdx):
// the channel's title, description and address, the operations that use it (send/receive), and
// each message with its description and payload. Payload properties are ResponseFields, as OpenAPI
// pages show fields; objects, array items and oneOf/anyOf/allOf options expand inside them
// (Expandable), as the format's schema rendering does. The file is untrusted: descriptions go
// through markdownText, schemas are walked to MAX_DEPTH levels with cycles cut, and lists are bounded
// like GraphQL pages' (pushBounded).
import type { AsyncapiChannel, AsyncapiMessage, AsyncapiModel } from '../asyncapi/schema';
import { afterSummary, attr, codeBlock, frontMatter, markdownText, pushBounded, summary } from './graphql-text';

/** Messages whose example the side column shows at most, and characters of one example. */
const MAX_EXAMPLES = 20;
const MAX_EXAMPLE_CHARS = 20_000;

/** An example as JSON, or undefined when it cannot be written or is too long to show. */
function boundedJson(value: unknown): string | undefined {
  try {
    const json = JSON.stringify(value, null, 2);
    return json !== undefined && json.length <= MAX_EXAMPLE_CHARS ? json : undefined;
  } catch {
    // A cyclic value (examples are plain data; a resolved $ref may not be).
    return undefined;
  }
}

/** Levels of nested properties a payload shows. */
const MAX_DEPTH = 6;
/** Properties (or options) one object shows at most. */
const MAX_PROPERTIES = 200;

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema's type as a badge: `string`, `object`, `string[]`, `string | null`. */
export function schemaType(s: Schema, seen: ReadonlySet<object> = new Set()): string {
  const t = s.type;
  const base = Array.isArray(t) ? t.filter((x) => typeof x === 'string').join(' | ') : typeof t === 'string' ? t : '';
  if (base === 'array' && isSchema(s.items)) return seen.has(s.items) ? 'array' : `${schemaType(s.items, new Set([...seen, s]))}[]`;
  if (base) return base;
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) return 'one of';
  if (isSchema(s.properties)) return 'object';
  if (Array.isArray(s.enum)) return 'enum';
  return 'any';
}

/** The fields of an object schema (and of the options it combines), each a ResponseField. */
function fieldsOf(s: Schema, depth: number, ancestors: Set<object>): string[] {
  const out: string[] = [];
  if (depth > MAX_DEPTH || ancestors.has(s)) return out;
  ancestors.add(s);
  const props = isSchema(s.properties) ? Object.entries(s.properties).filter((e): e is [string, Schema] => isSchema(e[1])) : [];
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
  pushBounded(out, props.slice(0, MAX_PROPERTIES), 'properties', ([name, p]) => field(name, p, required.has(name), depth, ancestors));
  if (props.length > MAX_PROPERTIES) out.push(`${props.length - MAX_PROPERTIES} more properties are not listed here.`);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const options = Array.isArray(s[key]) ? (s[key] as unknown[]).filter(isSchema).slice(0, MAX_PROPERTIES) : [];
    options.forEach((o, i) => {
      const inner = fieldsOf(o, depth + 1, ancestors);
      const title = typeof o.title === 'string' ? o.title : `${key === 'allOf' ? 'Part' : 'Option'} ${i + 1}`;
      if (inner.length) out.push(`<Expandable title=${attr(title)}>\n\n${inner.join('\n\n')}\n\n</Expandable>`);
    });
  }
  ancestors.delete(s);
  return out;
}

/** A schema's allowed values and default, as lines under its field. */
function fieldNotes(s: Schema): string[] {
  const code = (v: unknown) => `\`${String(JSON.stringify(v)).replace(/`/g, "'")}\``;
  const out: string[] = [];
  if (Array.isArray(s.enum) && s.enum.length) out.push(`Allowed values: ${s.enum.slice(0, 50).map(code).join(', ')}`);
  if (s.default !== undefined) out.push(`Default: ${code(s.default)}`);
  return out;
}

function field(name: string, s: Schema, required: boolean, depth: number, ancestors: Set<object>): string {
  const parts: string[] = [];
  if (typeof s.description === 'string' && s.description.trim()) parts.push(markdownText(s.description.trim()));
  parts.push(...fieldNotes(s));
  const item = s.type === 'array' && isSchema(s.items) ? s.items : undefined;
  if (ancestors.has(item ?? s))
    parts.push(item ? 'Each item has the schema of an enclosing field (recursive).' : 'The schema of an enclosing field (recursive).');
  const inner = fieldsOf(item ?? s, depth + 1, ancestors);
  // Properties expand under one toggle; options of oneOf/anyOf/allOf alone are toggles already.
  if (inner.length && isSchema((item ?? s).properties))
    parts.push(`<Expandable title=${attr(item ? 'item properties' : 'properties')}>\n\n${inner.join('\n\n')}\n\n</Expandable>`);
  else if (inner.length) parts.push(...inner);
  const flags = `${required ? ' required' : ''}${s.deprecated === true ? ' deprecated' : ''}`;
  return `<ResponseField name=${attr(name)} type=${attr(schemaType(s))}${flags}>\n\n${parts.join('\n\n')}\n\n</ResponseField>`;
}

function messageText(m: AsyncapiMessage): string {
  const parts = [`### ${markdownText((m.title ?? m.name ?? m.id).replace(/\s+/g, ' '))}`];
  if (m.summary) parts.push(markdownText(m.summary));
  if (m.description) parts.push(markdownText(m.description));
  if (m.contentType) parts.push(`Content type: \`${m.contentType.replace(/`/g, "'")}\``);
  let payload = isSchema(m.payload) ? m.payload : undefined;
  // A payload written as `{ schema: ... }` (a multi-format schema without its schemaFormat, as the format's own docs write it).
  if (payload && payload.type === undefined && payload.properties === undefined && isSchema(payload.schema)) payload = payload.schema;
  if (payload) {
    const fields = fieldsOf(payload, 0, new Set());
    if (fields.length) parts.push(...fields);
    else
      parts.push(
        `<ResponseField name="payload" type=${attr(schemaType(payload))}>\n\n${typeof payload.description === 'string' ? markdownText(payload.description) : ''}\n\n</ResponseField>`,
      );
  }
  return parts.join('\n\n');
}

/** The page of one channel of a file (`rel`, the file's path in the site). */
export function channelPageText(model: AsyncapiModel, rel: string, channel: AsyncapiChannel, title: string): string {
  const fm: Record<string, string> = { title };
  const desc = summary(channel.summary ?? channel.description);
  if (desc) fm.description = desc;
  fm.asyncapi = `${rel} ${channel.id}`;
  const parts: string[] = [frontMatter(fm)];
  const more = channel.summary ? channel.description : afterSummary(channel.description);
  if (more) parts.push(markdownText(more));
  if (channel.address !== undefined) parts.push(codeBlock('text', 'Address', channel.address));
  if (channel.servers.length) {
    parts.push('## Servers');
    pushBounded(
      parts,
      channel.servers,
      'servers',
      (s) => `- \`${s.id.replace(/`/g, "'")}\`: \`${s.url.replace(/`/g, "'")}\`${s.protocol ? ` (${markdownText(s.protocol)})` : ''}`,
    );
  }
  if (channel.parameters.length) {
    parts.push('## Parameters');
    pushBounded(parts, channel.parameters, 'parameters', (p) => {
      const schema = isSchema(p.schema) ? p.schema : {};
      const body = [p.description ? markdownText(p.description) : '', ...fieldNotes(schema)].filter(Boolean).join('\n\n');
      return `<ParamField path=${attr(p.name)} type=${attr(schemaType(schema) === 'any' ? 'string' : schemaType(schema))} required>\n\n${body}\n\n</ParamField>`;
    });
  }
  const ops = model.operations.filter((o) => o.channels.includes(channel.id));
  if (ops.length) {
    parts.push('## Operations');
    pushBounded(parts, ops, 'operations', (o) => {
      const msgs = o.messages.map((m) => `\`${m.replace(/`/g, "'")}\``).join(', ');
      const what = o.summary ?? o.title;
      return `- **${o.action}** \`${o.id.replace(/`/g, "'")}\`${what ? `: ${markdownText(what.replace(/\s+/g, ' '))}` : ''}${msgs ? ` (${msgs})` : ''}`;
    });
  }
  if (channel.messages.length) {
    parts.push('## Messages');
    pushBounded(parts, channel.messages, 'messages', messageText);
  }
  // Each message's first example (else its payload schema's), beside the page as OpenAPI's examples are.
  const samples: string[] = [];
  for (const m of channel.messages.slice(0, MAX_EXAMPLES)) {
    const payload = isSchema(m.payload) && m.payload.type === undefined && isSchema(m.payload.schema) ? m.payload.schema : m.payload;
    const sample = m.examples[0]?.payload ?? (isSchema(payload) && Array.isArray(payload.examples) ? payload.examples[0] : undefined);
    const json = sample === undefined ? undefined : boundedJson(sample);
    if (json !== undefined) samples.push(codeBlock('json', (m.title ?? m.name ?? m.id).replace(/[\s{}<>`]+/g, ' ').trim() || 'Message', json));
  }
  if (samples.length) parts.push(`<ResponseExample>\n\n${samples.join('\n\n')}\n\n</ResponseExample>`);
  return parts.join('\n\n') + '\n';
}

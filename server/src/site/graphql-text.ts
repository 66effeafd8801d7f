// The MDX text of the pages the format generates from a GraphQL schema (graphql-setup.mdx): an
// operation page (a field of Query, Mutation or Subscription) shows its description, arguments and
// return type with links to the referenced types' pages, a generated example operation with its
// required variables, and a sample JSON response; a type page shows its definition read-only and its
// fields (values, members) with linked types. `@deprecated` fields, arguments and values say so with
// their reason. The text uses the components OpenAPI pages use (ParamField, ResponseField,
// RequestExample, ResponseExample), so the renderer, search, Markdown copies and llms.txt read it
// like any page. Schema text is untrusted: descriptions are Markdown with MDX's syntax escaped,
// examples and lists are bounded (MAX_* below) whatever the schema's size or recursion.
import type { GraphqlArg, GraphqlField, GraphqlModel, GraphqlType } from '../graphql/schema';

/** Fields, arguments or values one page lists at most. */
export const MAX_LISTED = 500;
/** How deep an example operation selects into object fields. */
const MAX_SELECTION_DEPTH = 2;
/** Fields one selection set takes at most (and inline fragments of a union or interface). */
const MAX_SELECTED = 8;
const MAX_FRAGMENTS = 3;
/** How deep a sample input object is filled. */
const MAX_INPUT_DEPTH = 3;

export type GraphqlOperationKind = 'query' | 'mutation' | 'subscription';

/** Page ids of types by name (types with a page). */
export type TypeLinks = ReadonlyMap<string, string>;

// ---- Markdown from untrusted text ----

/** Characters MDX reads as syntax in text (expressions and JSX), escaped outside code; a Markdown escape (`\\{`) is kept as written. */
const MDX_SPECIAL = /\\[!-/:-@[-`{-~]|[{}<>]/g;
const escapeSpecial = (text: string) => text.replace(MDX_SPECIAL, (m) => (m.length === 2 ? m : `\\${m}`));

function escapeInline(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const tick = line.indexOf('`', i);
    if (tick < 0) {
      out += escapeSpecial(line.slice(i));
      break;
    }
    out += escapeSpecial(line.slice(i, tick));
    let run = tick;
    while (line[run] === '`') run++;
    const fence = line.slice(tick, run);
    const close = line.indexOf(fence, run);
    if (close < 0) {
      // No closing run: the backticks are literal text.
      out += fence;
      i = run;
    } else {
      out += line.slice(tick, close + fence.length);
      i = close + fence.length;
    }
  }
  return out;
}

/** A schema description as MDX: Markdown kept, MDX's expressions, tags and ESM lines escaped, an unclosed code fence closed. */
export function markdownText(md: string): string {
  if (md.length > MAX_DESCRIPTION) md = md.slice(0, MAX_DESCRIPTION) + '…';
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of md.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      fence = marker;
      out.push(line);
      continue;
    }
    // A line starting with import/export would be read as an ES module statement.
    out.push(escapeInline(line).replace(/^(\s*)(import|export)\b/, (_, space: string, word: string) => `${space}&#${word.charCodeAt(0)};${word.slice(1)}`));
  }
  if (fence !== undefined) out.push(fence);
  return out.join('\n').trim();
}

/** A line that starts a block which, in Markdown, ends a paragraph: a list item, heading, quote or fence. */
const BLOCK_START = /^ {0,3}([*+-][ \t]|1[.)][ \t]|#{1,6}[ \t]|>|```|~~~)/;

/** A description's first paragraph and the rest: the paragraph ends at a blank line or a line that starts another block. */
function firstParagraph(md: string | undefined): [string, string] {
  const lines = (md ?? '').trim().split('\n');
  let end = 0;
  while (end < lines.length && lines[end].trim() !== '' && (end === 0 || !BLOCK_START.test(lines[end]))) end++;
  return [lines.slice(0, end).join('\n'), lines.slice(end).join('\n')];
}

/** The first paragraph of a description as one line of plain text (front matter `description`). */
export function summary(md: string | undefined): string | undefined {
  const first = firstParagraph(md)[0].replace(/\s+/g, ' ').trim();
  return first || undefined;
}

export const frontMatter = (fm: Record<string, string>): string =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n')}\n---\n`;

/** A JSX attribute value (names and printed types hold no quote; anything else is dropped to text). */
export const attr = (v: string): string => JSON.stringify(v.replace(/["{}<>\\]/g, ''));

/** A link to a named type's page, or its name as code when it has none (built-in scalars). */
function typeLink(name: string, links: TypeLinks): string {
  const id = links.get(name);
  return id ? `[\`${name}\`](/${id})` : `\`${name}\``;
}

function deprecationLine(reason: string | undefined): string {
  const text = reason?.trim() ? markdownText(reason.trim()) : '';
  // A reason of several lines (a code fence) starts a paragraph of its own: after text on its line, a fence is no fence.
  return `**Deprecated**${!text ? '.' : text.includes('\n') ? `:\n\n${text}` : `: ${text}`}`;
}

/** The body of a field or argument: description, deprecation, type link, arguments and default. */
function fieldBody(
  f: { description?: string; deprecated?: { reason: string }; named: string; defaultValue?: string; args?: GraphqlArg[] },
  links: TypeLinks,
): string {
  const parts: string[] = [];
  if (f.description) parts.push(markdownText(f.description));
  if (f.deprecated) parts.push(deprecationLine(f.deprecated.reason));
  // Built-in scalars have no page: the type badge says it all.
  if (links.has(f.named)) parts.push(`Type: ${typeLink(f.named, links)}`);
  if (f.defaultValue !== undefined) parts.push(`Default: \`${f.defaultValue.replace(/`/g, "'").replace(/\s+/g, ' ')}\``);
  if (f.args?.length) {
    const shown = f.args.slice(0, MAX_LISTED).map((a) => {
      const code = `\`${a.name}: ${a.type}${a.defaultValue !== undefined ? ` = ${a.defaultValue.replace(/`/g, "'").replace(/\s+/g, ' ')}` : ''}\``;
      const notes = [links.has(a.named) ? typeLink(a.named, links) : '', a.required ? 'required' : '', a.deprecated ? 'deprecated' : ''].filter(Boolean);
      return `- ${code}${notes.length ? ` (${notes.join(', ')})` : ''}`;
    });
    parts.push(`Arguments:\n\n${shown.join('\n')}`);
  }
  return parts.join('\n\n');
}

function component(name: string, head: string, body: string, opts: { required?: boolean; deprecated?: boolean }): string {
  const flags = `${opts.required ? ' required' : ''}${opts.deprecated ? ' deprecated' : ''}`;
  return `<${name} ${head}${flags}>\n\n${body}\n\n</${name}>`;
}

/** Characters of listed items one page holds at most: the page parser reads up to 512 KB of a page. */
export const MAX_LISTED_CHARS = 300_000;
/** A description shows at most this many characters. */
const MAX_DESCRIPTION = 8_000;

/** Pushes the items' texts while within MAX_LISTED items and MAX_LISTED_CHARS, then says how many are left out. */
export function pushBounded<T>(parts: string[], items: readonly T[], what: string, render: (item: T) => string): void {
  let chars = 0;
  let n = 0;
  for (; n < items.length && n < MAX_LISTED; n++) {
    const text = render(items[n]);
    if (chars + text.length > MAX_LISTED_CHARS) break;
    chars += text.length;
    parts.push(text);
  }
  if (n < items.length) parts.push(`${items.length - n} more ${what} are not listed here.`);
}

// ---- example operations ----

interface Selection {
  name: string;
  children: Selection[];
  /** Inline fragments of a union or interface: type name and its selections. */
  fragments: { on: string; children: Selection[] }[];
  /** The field's type as printed, for the sample response. */
  type: string;
  named: string;
}

const SCALAR_KINDS = new Set(['scalar', 'enum']);
const isLeaf = (model: GraphqlModel, named: string) => !model.byName.has(named) || SCALAR_KINDS.has(model.byName.get(named)!.kind);

function selectionsOf(model: GraphqlModel, named: string, depth: number): { children: Selection[]; fragments: Selection['fragments'] } {
  const t = model.byName.get(named);
  if (!t || SCALAR_KINDS.has(t.kind)) return { children: [], fragments: [] };
  const pick = (type: GraphqlType, d: number): Selection[] => {
    const usable = type.fields.filter((f) => !f.args.some((a) => a.required) && !f.deprecated);
    // `id` first: the field a reader most often wants back.
    const leaves = usable
      .filter((f) => isLeaf(model, f.named))
      .sort((a, b) => Number(b.name === 'id') - Number(a.name === 'id'))
      .slice(0, MAX_SELECTED);
    const out: Selection[] = leaves.map((f) => ({ name: f.name, children: [], fragments: [], type: f.type, named: f.named }));
    if (d < MAX_SELECTION_DEPTH)
      for (const f of usable) {
        if (out.length >= MAX_SELECTED) break;
        if (isLeaf(model, f.named)) continue;
        const inner = selectionsOf(model, f.named, d + 1);
        if (inner.children.length || inner.fragments.length) out.push({ name: f.name, ...inner, type: f.type, named: f.named });
      }
    return out;
  };
  if (t.kind === 'union') {
    const fragments = t.members.slice(0, MAX_FRAGMENTS).map((m) => {
      const member = model.byName.get(m);
      return { on: m, children: member ? pick(member, MAX_SELECTION_DEPTH).slice(0, 3) : [] };
    });
    return { children: [{ name: '__typename', children: [], fragments: [], type: 'String!', named: 'String' }], fragments };
  }
  const children = pick(t, depth);
  if (children.length === 0) children.push({ name: '__typename', children: [], fragments: [], type: 'String!', named: 'String' });
  return { children, fragments: [] };
}

function printSelection(list: Selection[], fragments: Selection['fragments'], indent: string): string[] {
  const out: string[] = [];
  for (const s of list) {
    if (s.children.length || s.fragments.length) out.push(`${indent}${s.name} {`, ...printSelection(s.children, s.fragments, indent + '  '), `${indent}}`);
    else out.push(`${indent}${s.name}`);
  }
  for (const f of fragments) {
    if (f.children.length === 0) continue;
    out.push(`${indent}... on ${f.on} {`, ...printSelection(f.children, [], indent + '  '), `${indent}}`);
  }
  return out;
}

/** A description without its first paragraph, which the page's front matter shows under the title. */
export function afterSummary(md: string | undefined): string | undefined {
  const rest = firstParagraph(md)[1].trim();
  return rest || undefined;
}

/** A sample value of a leaf type. */
function leafSample(model: GraphqlModel, named: string): unknown {
  switch (named) {
    case 'Int':
      return 0;
    case 'Float':
      return 0.5;
    case 'Boolean':
      return true;
    case 'ID':
      return 'id';
    case 'String':
      return 'string';
  }
  const t = model.byName.get(named);
  if (t?.kind === 'enum') return t.values[0]?.name ?? named;
  return named;
}

/** Wraps a sample in the lists its printed type has (`[[X]]` -> [[x]]). */
function listed(type: string, value: unknown): unknown {
  let depth = 0;
  for (const c of type) if (c === '[') depth++;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function sampleOf(model: GraphqlModel, s: Selection): unknown {
  if (s.children.length === 0 && s.fragments.length === 0) return listed(s.type, s.name === '__typename' ? s.named : leafSample(model, s.named));
  const value: Record<string, unknown> = {};
  const first = s.fragments.find((f) => f.children.length);
  for (const c of s.children) value[c.name] = c.name === '__typename' ? (first?.on ?? s.named) : sampleOf(model, c);
  if (first) for (const c of first.children) value[c.name] = sampleOf(model, c);
  return listed(s.type, value);
}

/** A sample value of an input type, required input fields filled, bounded in depth. */
function inputSample(model: GraphqlModel, type: string, named: string, depth: number): unknown {
  const t = model.byName.get(named);
  if (!t || t.kind !== 'input') return listed(type, leafSample(model, named));
  const value: Record<string, unknown> = {};
  if (depth < MAX_INPUT_DEPTH)
    for (const f of t.fields.slice(0, MAX_SELECTED * 2)) if (f.required) value[f.name] = inputSample(model, f.type, f.named, depth + 1);
  return listed(type, value);
}

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The example operation of a root field, its variables and a sample response. */
export function exampleOperation(
  model: GraphqlModel,
  kind: GraphqlOperationKind,
  field: GraphqlField,
): { operation: string; variables: Record<string, unknown>; response: unknown } {
  const required = field.args.filter((a) => a.required);
  const vars = required.map((a) => `$${a.name}: ${a.type}`).join(', ');
  const call = required.length ? `${field.name}(${required.map((a) => `${a.name}: $${a.name}`).join(', ')})` : field.name;
  const sel = selectionsOf(model, field.named, 1);
  const root: Selection = { name: field.name, ...sel, type: field.type, named: field.named };
  const head = `${kind} ${capitalized(field.name)}${vars ? `(${vars})` : ''} {`;
  const body = sel.children.length || sel.fragments.length ? [`  ${call} {`, ...printSelection(sel.children, sel.fragments, '    '), '  }'] : [`  ${call}`];
  const variables: Record<string, unknown> = {};
  for (const a of required) variables[a.name] = inputSample(model, a.type, a.named, 0);
  return { operation: [head, ...body, '}'].join('\n'), variables, response: { data: { [field.name]: sampleOf(model, root) } } };
}

/** A code block whose fence no line of the code can close. */
export function codeBlock(lang: string, title: string, code: string): string {
  let fence = '```';
  while (code.includes(fence)) fence += '`';
  return `${fence}${lang} ${title}\n${code}\n${fence}`;
}

const SECTION_TITLE: Record<GraphqlOperationKind, string> = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

/** The page of a root field. */
export function operationPageText(model: GraphqlModel, kind: GraphqlOperationKind, field: GraphqlField, links: TypeLinks): string {
  const fm: Record<string, string> = { title: field.name };
  const desc = summary(field.description);
  if (desc) fm.description = desc;
  const parts: string[] = [frontMatter(fm)];
  const more = afterSummary(field.description);
  if (more) parts.push(markdownText(more));
  if (field.deprecated) parts.push(`<Warning>\n\n${deprecationLine(field.deprecated.reason)}\n\n</Warning>`);
  parts.push(
    codeBlock(
      'graphql',
      'Definition',
      `type ${kind === 'query' ? 'Query' : kind === 'mutation' ? 'Mutation' : 'Subscription'} {\n  ${field.name}${field.args.length ? `(${field.args.map((a) => `${a.name}: ${a.type}`).join(', ')})` : ''}: ${field.type}\n}`,
    ),
  );
  if (field.args.length) {
    parts.push('## Arguments');
    pushBounded(parts, field.args, 'arguments', (a) =>
      component('ParamField', `name=${attr(a.name)} type=${attr(a.type)}`, fieldBody(a, links), { required: a.required, deprecated: !!a.deprecated }),
    );
  }
  parts.push('## Returns');
  const returned = model.byName.get(field.named);
  parts.push(
    component(
      'ResponseField',
      `name=${attr(field.named)} type=${attr(field.type)}`,
      [returned?.description ? markdownText(summary(returned.description)!) : '', `Type: ${typeLink(field.named, links)}`].filter(Boolean).join('\n\n'),
      { required: field.type.endsWith('!') },
    ),
  );
  const example = exampleOperation(model, kind, field);
  const request = [codeBlock('graphql', SECTION_TITLE[kind], example.operation)];
  if (Object.keys(example.variables).length) request.push(codeBlock('json', 'Variables', JSON.stringify(example.variables, null, 2)));
  parts.push(`<RequestExample>\n\n${request.join('\n\n')}\n\n</RequestExample>`);
  parts.push(`<ResponseExample>\n\n${codeBlock('json', 'Response', JSON.stringify(example.response, null, 2))}\n\n</ResponseExample>`);
  return parts.join('\n\n') + '\n';
}

const KIND_LABEL: Record<GraphqlType['kind'], string> = {
  object: 'Object type',
  input: 'Input type',
  enum: 'Enum',
  interface: 'Interface',
  union: 'Union',
  scalar: 'Scalar',
};

/** Characters of a type's definition a page shows at most (the fields below list it too, bounded). */
const MAX_SDL = 100_000;

function boundedSdl(sdl: string): string {
  if (sdl.length <= MAX_SDL) return sdl;
  const cut = sdl.lastIndexOf('\n', MAX_SDL);
  const rest = sdl.slice(cut + 1).split('\n').length - 1;
  return `${sdl.slice(0, cut)}\n  # … ${rest} more lines\n}`;
}

/** The page of a named type. */
export function typePageText(model: GraphqlModel, type: GraphqlType, links: TypeLinks): string {
  const fm: Record<string, string> = { title: type.name };
  const desc = summary(type.description);
  if (desc) fm.description = desc;
  const parts: string[] = [frontMatter(fm), `**${KIND_LABEL[type.kind]}**`];
  const more = afterSummary(type.description);
  if (more) parts.push(markdownText(more));
  parts.push(codeBlock('graphql', 'Definition', boundedSdl(type.sdl)));
  if (type.interfaces.length) parts.push(`Implements ${type.interfaces.map((i) => typeLink(i, links)).join(', ')}.`);
  if (type.kind === 'interface') {
    const implementers = model.types.filter((t) => t.interfaces.includes(type.name)).map((t) => typeLink(t.name, links));
    if (implementers.length) parts.push(`Implemented by ${implementers.slice(0, MAX_LISTED).join(', ')}.`);
  }
  if (type.fields.length) {
    parts.push(type.kind === 'input' ? '## Input fields' : '## Fields');
    pushBounded(parts, type.fields, 'fields', (f) =>
      type.kind === 'input'
        ? component('ParamField', `name=${attr(f.name)} type=${attr(f.type)}`, fieldBody(f, links), {
            required: f.required,
            deprecated: !!f.deprecated,
          })
        : component('ResponseField', `name=${attr(f.name)} type=${attr(f.type)}`, fieldBody(f, links), { deprecated: !!f.deprecated }),
    );
  }
  if (type.values.length) {
    parts.push('## Values');
    pushBounded(parts, type.values, 'values', (v) =>
      component(
        'ResponseField',
        `name=${attr(v.name)} type=${attr(type.name)}`,
        [v.description ? markdownText(v.description) : '', v.deprecated ? deprecationLine(v.deprecated.reason) : ''].filter(Boolean).join('\n\n'),
        {
          deprecated: !!v.deprecated,
        },
      ),
    );
  }
  if (type.members.length) {
    parts.push('## Members');
    pushBounded(parts, type.members, 'members', (m) => `- ${typeLink(m, links)}`);
  }
  return parts.join('\n\n') + '\n';
}

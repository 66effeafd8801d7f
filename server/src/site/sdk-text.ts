// The MDX text of an SDK reference page (sdk-reference-setup.mdx): a symbol's kind, declaration,
// description, deprecation, bases with links, parameters and return value (ParamField and
// ResponseField, as OpenAPI and GraphQL pages write them) and its members (constructors, methods,
// properties, enum values) each under a heading of its own name, so a link to a member is its
// parent's page and that heading's anchor. Links between symbols (`sdk:<id>` in converted
// descriptions, type references, bases) lead to the symbol's page. Artifact text is untrusted:
// descriptions go through markdownText (MDX syntax escaped), attributes through attr, lists bounded.
import type { SdkFormat, SdkModel, SdkParam, SdkSignature, SdkSymbol } from '../sdk/model';
import { slugify } from '../util/slug';
import { codeBlock, frontMatter, markdownText, pushBounded, summary } from './graphql-text';

/** The page URL of a symbol (`/sdk-reference/client`, a member: `/sdk-reference/client#getuser`); undefined when it has none. */
export type SdkLinks = (id: string) => string | undefined;

const LANG: Record<SdkFormat, string> = { typedoc: 'typescript', docfx: 'csharp', javadoc: 'java', sphinx: 'python', phpdoc: 'php' };

const KIND_LABEL: Record<SdkSymbol['kind'], string> = {
  class: 'Class',
  interface: 'Interface',
  enum: 'Enum',
  function: 'Function',
  type: 'Type',
  variable: 'Variable',
  method: 'Method',
  property: 'Property',
};

/** A JSX attribute value: a type keeps its `<>` (legal in a quoted attribute); quotes, backslashes and braces dropped. */
const attr = (v: string): string => JSON.stringify(v.replace(/["{}\\]/g, ''));

/** A code block without a title. */
const fence = (lang: string, code: string) => codeBlock(lang, '', code).replace(/^(`+\w*) \n/, '$1\n');

/** `sdk:<id>` links of converted descriptions, pointed at pages (a symbol without one: its name as code). */
function resolveLinks(md: string, links: SdkLinks): string {
  return md.replace(/\[([^\]\n]{0,300})\]\(sdk:([^)\s]{1,500})\)/g, (_, label: string, enc: string) => {
    let id = enc;
    try {
      id = decodeURIComponent(enc);
    } catch {
      // keep as written
    }
    const url = links(id);
    return url ? `[${label}](${url})` : label;
  });
}

const text = (md: string | undefined, links: SdkLinks) => (md ? resolveLinks(markdownText(md), links) : '');

function symbolLink(model: SdkModel, id: string, links: SdkLinks): string {
  const s = model.byId.get(id);
  const name = (s?.name ?? id).replace(/`/g, '');
  const url = links(id);
  return url ? `[\`${name}\`](${url})` : `\`${name}\``;
}

function deprecation(s: { deprecated?: { reason?: string } }, links: SdkLinks): string {
  const reason = s.deprecated?.reason ? text(s.deprecated.reason, links) : '';
  // A reason of several lines (a code fence) starts a paragraph of its own: after text on its line, a fence is no fence.
  return `**Deprecated**${!reason ? '.' : reason.includes('\n') ? `:\n\n${reason}` : `: ${reason}`}`;
}

function component(name: string, head: string, body: string, flags: { required?: boolean; deprecated?: boolean } = {}): string {
  return `<${name} ${head}${flags.required ? ' required' : ''}${flags.deprecated ? ' deprecated' : ''}>\n\n${body}\n\n</${name}>`;
}

function typeLinks(model: SdkModel, refs: readonly string[] | undefined, links: SdkLinks): string {
  const shown = (refs ?? []).filter((r) => links(r)).slice(0, 10);
  return shown.length ? `Type: ${shown.map((r) => symbolLink(model, r, links)).join(', ')}` : '';
}

function paramField(model: SdkModel, p: SdkParam, links: SdkLinks): string {
  const body = [
    text(p.description, links),
    typeLinks(model, p.refs, links),
    p.defaultValue !== undefined ? `Default: \`${p.defaultValue.replace(/`/g, "'").replace(/\s+/g, ' ')}\`` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return component('ParamField', `name=${attr(p.name)}${p.type ? ` type=${attr(p.type)}` : ''}`, body || ' ', { required: !p.optional });
}

/** A signature's parameters and return value. */
function signatureParts(model: SdkModel, sig: SdkSignature, links: SdkLinks, level: string): string[] {
  const parts: string[] = [];
  if (sig.params.length) {
    parts.push(`${level} Parameters`);
    pushBounded(parts, sig.params, 'parameters', (p) => paramField(model, p, links));
  }
  if (sig.returns && (sig.returns.type !== 'void' || sig.returns.description)) {
    parts.push(`${level} Returns`);
    const body = [text(sig.returns.description, links), typeLinks(model, sig.returns.refs, links)].filter(Boolean).join('\n\n');
    parts.push(component('ResponseField', `name="returns" type=${attr(sig.returns.type ?? 'unknown')}`, body || ' '));
  }
  return parts;
}

/** The reference of one symbol (its page's body below the front matter), headings from `level` (`##`). */
export function symbolReference(model: SdkModel, format: SdkFormat, s: SdkSymbol, links: SdkLinks, ownSummary: boolean): string {
  const parts: string[] = [];
  const parent = s.parent !== undefined ? model.byId.get(s.parent) : undefined;
  const where = parent ? ` of ${symbolLink(model, parent.id, links)}` : s.module ? ` in \`${s.module.replace(/`/g, '')}\`` : '';
  parts.push(`**${KIND_LABEL[s.kind]}**${where}`);
  if (s.description) {
    // The page's description is the first paragraph: shown again only when the page's front matter does not say it.
    const paragraphs = s.description.trim().split(/\n\s*\n/);
    const md = ownSummary || /\]\(sdk:/.test(paragraphs[0]) ? s.description : paragraphs.slice(1).join('\n\n');
    if (md.trim()) parts.push(text(md, links));
  }
  if (s.deprecated) parts.push(`<Warning>\n\n${deprecation(s, links)}\n\n</Warning>`);
  const lang = LANG[format];
  const decl = s.signatures.map((g) => g.text).join('\n');
  if (decl) parts.push(codeBlock(lang, 'Declaration', decl));
  const bases = s.bases.map((b) => symbolLink(model, b, links));
  const external = (s.externalBases ?? []).map((b) => `\`${b.replace(/`/g, '')}\``);
  if (bases.length || external.length) parts.push(`Extends ${[...bases, ...external].slice(0, 20).join(', ')}.`);
  const subs = model.symbols.filter((x) => x.bases.includes(s.id)).slice(0, 50);
  if (subs.length)
    parts.push(`${s.kind === 'interface' ? 'Implemented or extended' : 'Extended'} by ${subs.map((x) => symbolLink(model, x.id, links)).join(', ')}.`);
  if (s.type && s.typeRefs?.length && !s.signatures.length) parts.push(typeLinks(model, s.typeRefs, links));
  s.signatures.forEach((sig, i) => {
    if (s.signatures.length > 1 && (sig.params.length || sig.returns)) parts.push(`## Overload ${i + 1}`, fence(lang, sig.text));
    if (s.signatures.length > 1 && sig.description) parts.push(text(sig.description, links));
    parts.push(...signatureParts(model, sig, links, s.signatures.length > 1 ? '###' : '##'));
  });
  const members = s.members.map((id) => model.byId.get(id)!).filter(Boolean);
  const sections: [string, SdkSymbol[]][] =
    s.kind === 'enum'
      ? [['Members', members]]
      : [
          ['Constructors', members.filter((m) => m.kind === 'method' && isConstructor(s, m))],
          ['Properties', members.filter((m) => m.kind === 'property')],
          ['Methods', members.filter((m) => m.kind === 'method' && !isConstructor(s, m))],
        ];
  for (const [title, list] of sections) {
    if (!list.length) continue;
    parts.push(`## ${title}`);
    pushBounded(parts, list, title.toLowerCase(), (m) => memberText(model, format, m, links));
  }
  return parts.filter(Boolean).join('\n\n');
}

/** Constructors: TypeScript's `constructor`, PHP's `__construct`, Python's `__init__`, or named after the class (`Client(string)` in C# and Java). */
const isConstructor = (parent: SdkSymbol, m: SdkSymbol) =>
  ['constructor', '.ctor', '__construct', '__init__'].includes(m.name) || m.name.split('(')[0] === parent.name;

function memberText(model: SdkModel, format: SdkFormat, m: SdkSymbol, links: SdkLinks): string {
  const parts = [`### ${m.name.replace(/[<>{}`*_[\]\\#]/g, (c) => `\\${c}`)}`];
  if (m.deprecated) parts.push(`<Warning>\n\n${deprecation(m, links)}\n\n</Warning>`);
  const decl = m.signatures.map((g) => g.text).join('\n');
  if (decl) parts.push(fence(LANG[format], decl));
  if (m.description) parts.push(text(m.description, links));
  if (m.kind === 'property' && m.type && !decl) parts.push(`Type: \`${m.type.replace(/`/g, "'")}\``);
  if (m.kind === 'property') {
    const t = typeLinks(model, m.typeRefs, links);
    if (t) parts.push(t);
  }
  // A property's type is its declaration's: only an indexer's parameters are listed.
  for (const sig of m.signatures.slice(0, 5)) parts.push(...signatureParts(model, m.kind === 'property' ? { ...sig, returns: undefined } : sig, links, '####'));
  if (m.kind === 'property' && !m.typeRefs?.length) {
    const t = typeLinks(model, m.signatures[0]?.returns?.refs, links);
    if (t) parts.push(t);
  }
  return parts.join('\n\n');
}

/** A symbol page's front matter: its name, and its description's first paragraph as plain text. */
export function symbolFrontMatter(s: SdkSymbol): string {
  const fm: Record<string, string> = { title: s.name };
  const desc = summary(s.description?.replace(/\[([^\]\n]*)\]\(sdk:[^)\s]*\)/g, '$1').replace(/\*\*/g, ''));
  if (desc) fm.description = desc;
  return frontMatter(fm);
}

/** The page of a symbol that has one. */
export function symbolPageText(model: SdkModel, format: SdkFormat, s: SdkSymbol, links: SdkLinks): string {
  return `${symbolFrontMatter(s)}\n${symbolReference(model, format, s, links, false)}\n`;
}

/** The anchor of a member on its parent's page. */
export const memberAnchor = (m: SdkSymbol): string => slugify(m.name);

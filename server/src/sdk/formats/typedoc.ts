// TypeDoc's JSON export (`typedoc --json`, the `JSONOutput` models of the typedoc package; schema at
// typedoc.org): the project's reflections become SDK symbols. Modules and namespaces are groups
// (a one-module project has none: its symbols go under the kinds' groups the pages choose);
// classes, interfaces, enums, functions, type aliases and variables are symbols with pages;
// constructors, methods, accessors, properties and enum members are members of their parent.
// Comments (`summary`, `@returns`, `@deprecated`, `{@link}`) become Markdown; types are printed
// back as TypeScript, bounded in depth and length, with the ids of the reflections they name.
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import type { Range } from '../../types';
import { LineIndex } from '../../util/text';
import {
  clip,
  MAX_DEPTH,
  MAX_DESCRIPTION_CHARS,
  MAX_TYPE_CHARS,
  sdkModel,
  type SdkParam,
  sdkLink,
  type SdkProblem,
  type SdkRead,
  type SdkSignature,
  type SdkSymbol,
  type SdkSymbolKind,
} from '../model';

// ReflectionKind (typedoc's models/kind.ts): stable bit flags of the JSON output.
const K = {
  Project: 0x1,
  Module: 0x2,
  Namespace: 0x4,
  Enum: 0x8,
  EnumMember: 0x10,
  Variable: 0x20,
  Function: 0x40,
  Class: 0x80,
  Interface: 0x100,
  Constructor: 0x200,
  Property: 0x400,
  Method: 0x800,
  Accessor: 0x40000,
  TypeAlias: 0x200000,
  Reference: 0x400000,
} as const;

const TOP_KIND: Record<number, SdkSymbolKind> = {
  [K.Enum]: 'enum',
  [K.Variable]: 'variable',
  [K.Function]: 'function',
  [K.Class]: 'class',
  [K.Interface]: 'interface',
  [K.TypeAlias]: 'type',
};
const MEMBER_KIND: Record<number, SdkSymbolKind> = {
  [K.EnumMember]: 'property',
  [K.Constructor]: 'method',
  [K.Property]: 'property',
  [K.Method]: 'method',
  [K.Accessor]: 'property',
};

type J = Record<string, unknown>;
const o = (v: unknown): J | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as J) : undefined);
const a = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const s = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const n = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Where a text that JSON.parse refused goes wrong (V8 names no place): jsonc-parser's first error. */
function jsonErrorRange(text: string): Range | undefined {
  const errors: ParseError[] = [];
  try {
    parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true });
  } catch {
    // Nesting deeper than the parser's stack: no place.
    return undefined;
  }
  if (!errors.length) return undefined;
  const index = new LineIndex(text);
  return { start: index.positionAt(errors[0].offset), end: index.positionAt(errors[0].offset + Math.max(1, errors[0].length)) };
}

class Reader {
  readonly symbols: SdkSymbol[] = [];
  readonly problems: SdkProblem[] = [];
  /** TypeDoc reflection id -> symbol id (filled before types are printed, so forward links work). */
  private readonly ids = new Map<number, string>();

  constructor(private readonly rel: string) {}

  /** Pass 1: ids of every reflection that becomes a symbol. */
  index(r: J, prefix: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    for (const child of a(r.children)) {
      const c = o(child);
      const kind = n(c?.kind);
      const name = s(c?.name);
      if (!c || kind === undefined || !name) continue;
      const id = n(c.id);
      const full = prefix ? `${prefix}.${name}` : name;
      if (kind === K.Module || kind === K.Namespace) this.index(c, full, depth + 1);
      else if (TOP_KIND[kind] || MEMBER_KIND[kind]) {
        if (id !== undefined) this.ids.set(id, full);
        if (TOP_KIND[kind]) this.index(c, full, depth + 1);
      }
    }
  }

  /** Pass 2: the symbols. */
  read(r: J, prefix: string, group: string | undefined, parent: SdkSymbol | undefined, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.problems.push({ rel: this.rel, message: `Reflections nested deeper than ${MAX_DEPTH} levels are not read.` });
      return;
    }
    // A project of one entry point has no module: its symbols take TypeDoc's groups (Classes, Functions, ...).
    const titles = new Map<number, string>();
    if (!parent && group === undefined)
      for (const g of a(r.groups)) for (const id of a(o(g)?.children)) if (typeof id === 'number' && s(o(g)?.title)) titles.set(id, s(o(g)?.title)!);
    for (const child of a(r.children)) {
      const c = o(child);
      const kind = n(c?.kind);
      const name = s(c?.name);
      if (!c || kind === undefined || !name) continue;
      const full = prefix ? `${prefix}.${name}` : name;
      const cid = n(c.id);
      const ownGroup = group ?? (!parent && cid !== undefined ? titles.get(cid) : undefined);
      if (kind === K.Module || kind === K.Namespace) {
        if (!parent) this.read(c, full, full, undefined, depth + 1);
        continue;
      }
      const sdkKind = parent ? MEMBER_KIND[kind] : TOP_KIND[kind];
      if (!sdkKind) continue;
      const sym = this.symbol(c, kind, sdkKind, name, full, parent ? undefined : ownGroup, parent);
      this.symbols.push(sym);
      if (parent) parent.members.push(sym.id);
      else if (kind !== K.Function && kind !== K.Variable && kind !== K.TypeAlias) this.read(c, full, group, sym, depth + 1);
      else if (kind === K.TypeAlias) {
        // An object type alias lists its properties as members.
        const decl = o(o(c.type)?.declaration);
        if (decl) this.read(decl, full, group, sym, depth + 1);
      }
    }
  }

  private symbol(c: J, kind: number, sdkKind: SdkSymbolKind, name: string, full: string, group: string | undefined, parent: SdkSymbol | undefined): SdkSymbol {
    const id = n(c.id);
    const sid = (id !== undefined && this.ids.get(id)) || full;
    const comment = o(c.comment);
    const sigs = [...a(c.signatures), ...(kind === K.Accessor ? [c.getSignature] : [])].map(o).filter((x): x is J => !!x);
    const first = o(sigs[0]?.comment);
    const sym: SdkSymbol = {
      id: sid,
      kind: sdkKind,
      name,
      fullName: full,
      parent: parent?.id,
      group,
      module: parent || full === name ? undefined : full.slice(0, full.length - name.length - 1),
      signatures: [],
      description: this.markdown(comment?.summary) ?? this.markdown(first?.summary),
      members: [],
      bases: [],
    };
    const deprecated = this.deprecation(comment) ?? this.deprecation(first);
    if (deprecated) sym.deprecated = deprecated;
    if (kind === K.Accessor) {
      const t = this.type(sigs[0]?.type);
      if (t.text) sym.type = t.text;
      sym.typeRefs = t.refs;
    } else if (sigs.length) {
      sym.signatures = sigs.slice(0, 20).map((sig) => this.signature(sig, kind === K.Constructor ? `new ${parent?.name ?? name}` : name));
      // A constructor returns its class: said by its section, not as a return value.
      if (kind === K.Constructor) for (const g of sym.signatures) delete g.returns;
    } else if (kind === K.EnumMember) {
      const t = this.type(c.type);
      if (t.text) sym.type = t.text;
    } else if (c.type !== undefined) {
      const t = this.type(c.type);
      if (t.text) sym.type = t.text;
      sym.typeRefs = t.refs;
    }
    if (kind === K.TypeAlias && sym.type) sym.signatures = [{ text: clip(`type ${name} = ${sym.type}`, MAX_TYPE_CHARS), params: [] }];
    if (kind === K.Variable && sym.type)
      sym.signatures = [{ text: clip(`${c.flags && o(c.flags)?.isConst ? 'const' : 'let'} ${name}: ${sym.type}`, MAX_TYPE_CHARS), params: [] }];
    if (kind === K.Property && sym.type)
      sym.signatures = [{ text: clip(`${name}${o(c.flags)?.isOptional ? '?' : ''}: ${sym.type}`, MAX_TYPE_CHARS), params: [] }];
    const heads: string[] = [];
    for (const key of ['extendedTypes', 'implementedTypes']) {
      const printed = a(c[key])
        .slice(0, 20)
        .map((t) => this.type(t));
      for (const p of printed) {
        if (p.refs.length) sym.bases.push(p.refs[0]);
        else if (p.text) (sym.externalBases ??= []).push(p.text);
      }
      if (printed.length) heads.push(`${key === 'extendedTypes' ? 'extends' : 'implements'} ${printed.map((p) => p.text).join(', ')}`);
    }
    if ((kind === K.Class || kind === K.Interface || kind === K.Enum) && !sym.signatures.length) {
      const tps = a(c.typeParameters)
        .map((t) => s(o(t)?.name))
        .filter(Boolean);
      const word = kind === K.Class ? `${o(c.flags)?.isAbstract ? 'abstract ' : ''}class` : kind === K.Interface ? 'interface' : 'enum';
      sym.signatures = [{ text: clip([`${word} ${name}${tps.length ? `<${tps.join(', ')}>` : ''}`, ...heads].join(' '), MAX_TYPE_CHARS), params: [] }];
    }
    return sym;
  }

  private signature(sig: J, name: string): SdkSignature {
    const params: SdkParam[] = [];
    for (const p of a(sig.parameters).slice(0, 100)) {
      const pj = o(p);
      const pname = s(pj?.name);
      if (!pj || !pname) continue;
      const t = this.type(pj.type);
      const flags = o(pj.flags);
      const param: SdkParam = { name: flags?.isRest ? `...${pname}` : pname, refs: t.refs };
      if (t.text) param.type = t.text;
      const d = this.markdown(o(pj.comment)?.summary);
      if (d) param.description = d;
      if (flags?.isOptional || pj.defaultValue !== undefined) param.optional = true;
      const dv = s(pj.defaultValue);
      if (dv !== undefined && dv !== '...') param.defaultValue = clip(dv, 200);
      params.push(param);
    }
    const typeParams = a(sig.typeParameters ?? sig.typeParameter)
      .map((t) => s(o(t)?.name))
      .filter(Boolean);
    const ret = this.type(sig.type);
    const comment = o(sig.comment);
    const returnsTag = a(comment?.blockTags)
      .map(o)
      .find((t) => t?.tag === '@returns');
    const returns = ret.text || returnsTag ? { type: ret.text || undefined, description: this.markdown(returnsTag?.content), refs: ret.refs } : undefined;
    const head = `${name}${typeParams.length ? `<${typeParams.join(', ')}>` : ''}(${params.map((p) => `${p.name}${p.optional && !p.defaultValue ? '?' : ''}${p.type ? `: ${p.type}` : ''}`).join(', ')})`;
    const text = clip(name.startsWith('new ') ? head : `${head}${ret.text ? `: ${ret.text}` : ''}`, MAX_TYPE_CHARS);
    const out: SdkSignature = { text, params };
    if (returns) out.returns = returns;
    const d = this.markdown(comment?.summary);
    if (d) out.description = d;
    return out;
  }

  private deprecation(comment: J | undefined): { reason?: string } | undefined {
    const tag = a(comment?.blockTags)
      .map(o)
      .find((t) => t?.tag === '@deprecated');
    if (!tag) return undefined;
    const reason = this.markdown(tag.content);
    return reason ? { reason } : {};
  }

  /** Comment display parts as Markdown; `{@link}` to a reflection keeps the symbol id for the pages (`sdk:` link). */
  private markdown(parts: unknown): string | undefined {
    let out = '';
    for (const p of a(parts)) {
      const part = o(p);
      const text = s(part?.text) ?? '';
      if (part?.kind === 'inline-tag' && /^@link/.test(s(part.tag) ?? '')) {
        const target = n(part.target);
        const id = target !== undefined ? this.ids.get(target) : undefined;
        const label = text.trim() || id || '';
        out += id ? sdkLink(`\`${label.replace(/[`[\]]/g, '')}\``, id) : `\`${label.replace(/`/g, '')}\``;
      } else out += text;
      if (out.length > MAX_DESCRIPTION_CHARS) break;
    }
    out = clip(out.trim(), MAX_DESCRIPTION_CHARS);
    return out || undefined;
  }

  /** A type printed as TypeScript (bounded), with the symbol ids it names. */
  type(t: unknown): { text: string; refs: string[] } {
    const refs: string[] = [];
    let budget = MAX_TYPE_CHARS * 2;
    const print = (v: unknown, depth: number): string => {
      const x = o(v);
      if (!x || depth > 8 || budget <= 0) return x ? '…' : '';
      const out = this.printOne(x, depth, print, refs);
      budget -= out.length;
      return out;
    };
    return { text: clip(print(t, 0), MAX_TYPE_CHARS), refs: [...new Set(refs)] };
  }

  private printOne(x: J, depth: number, print: (v: unknown, depth: number) => string, refs: string[]): string {
    const d = depth + 1;
    const list = (v: unknown, sep: string) =>
      a(v)
        .slice(0, 12)
        .map((e) => print(e, d))
        .join(sep) + (a(v).length > 12 ? `${sep}…` : '');
    switch (x.type) {
      case 'intrinsic':
      case 'inferred':
      case 'unknown':
        return s(x.name) ?? 'unknown';
      case 'reference': {
        const target = n(x.target);
        const id = target !== undefined ? this.ids.get(target) : undefined;
        if (id) refs.push(id);
        const args = a(x.typeArguments).length ? `<${list(x.typeArguments, ', ')}>` : '';
        return `${s(x.name) ?? '?'}${args}`;
      }
      case 'array': {
        const inner = print(x.elementType, d);
        return /[\s|&]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
      }
      case 'union':
        return list(x.types, ' | ');
      case 'intersection':
        return list(x.types, ' & ');
      case 'literal':
        return x.value === null
          ? 'null'
          : typeof x.value === 'string'
            ? JSON.stringify(x.value)
            : o(x.value)
              ? `${s(o(x.value)!.value) ?? ''}n`
              : String(x.value);
      case 'tuple':
        return `[${list(x.elements, ', ')}]`;
      case 'namedTupleMember':
        return `${s(x.name) ?? ''}${x.isOptional ? '?' : ''}: ${print(x.element, d)}`;
      case 'optional':
        return `${print(x.elementType, d)}?`;
      case 'rest':
        return `...${print(x.elementType, d)}`;
      case 'typeOperator':
        return `${s(x.operator) ?? ''} ${print(x.target, d)}`;
      case 'query':
        return `typeof ${print(x.queryType, d)}`;
      case 'indexedAccess':
        return `${print(x.objectType, d)}[${print(x.indexType, d)}]`;
      case 'conditional':
        return `${print(x.checkType, d)} extends ${print(x.extendsType, d)} ? ${print(x.trueType, d)} : ${print(x.falseType, d)}`;
      case 'predicate':
        return `${x.asserts ? 'asserts ' : ''}${s(x.name) ?? ''}${x.targetType ? ` is ${print(x.targetType, d)}` : ''}`;
      case 'templateLiteral':
        return `\`${s(x.head) ?? ''}${a(x.tail)
          .slice(0, 12)
          .map((p) => `\${${print(a(p)[0], d)}}${s(a(p)[1]) ?? ''}`)
          .join('')}\``;
      case 'mapped':
        return `{ [${s(x.parameter) ?? 'K'} in ${print(x.parameterType, d)}]: ${print(x.templateType, d)} }`;
      case 'reflection': {
        const decl = o(x.declaration);
        const sig = o(a(decl?.signatures)[0]);
        if (sig) {
          const params = a(sig.parameters)
            .slice(0, 12)
            .map((p) => `${s(o(p)?.name) ?? ''}: ${print(o(p)?.type, d)}`)
            .join(', ');
          return `(${params}) => ${print(sig.type, d)}`;
        }
        const members = a(decl?.children)
          .slice(0, 12)
          .map((c) => `${s(o(c)?.name) ?? ''}${o(o(c)?.flags)?.isOptional ? '?' : ''}: ${print(o(c)?.type, d)}`);
        return members.length ? `{ ${members.join('; ')}${a(decl?.children).length > 12 ? '; …' : ''} }` : '{}';
      }
      default:
        return s(x.name) ?? 'unknown';
    }
  }
}

/** Reads a TypeDoc JSON export. */
export function readTypedoc(rel: string, text: string): SdkRead {
  const problems: SdkProblem[] = [];
  let root: J | undefined;
  try {
    root = o(JSON.parse(text));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    problems.push({ rel, range: jsonErrorRange(text), message: `Not JSON: ${message}` });
    return { model: sdkModel([], problems), problems };
  }
  if (!root || n(root.kind) !== K.Project || !Array.isArray(root.children)) {
    problems.push({
      rel,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      message: 'Not a TypeDoc JSON export: the top level should be the project reflection (kind 1) with its `children` (run `typedoc --json <file>`).',
    });
    return { model: sdkModel([], problems), problems };
  }
  const reader = new Reader(rel);
  reader.index(root, '', 0);
  reader.read(root, '', undefined, undefined, 0);
  return { model: sdkModel(reader.symbols, reader.problems, rel), problems: reader.problems };
}

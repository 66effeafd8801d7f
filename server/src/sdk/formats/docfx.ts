// DocFX metadata output (`docfx metadata`): a folder of ManagedReference YAML files, each opening
// with `### YamlMime:ManagedReference` and holding `items` (uid, type, name, fullName, parent,
// children, syntax { content, parameters, return }, summary, remarks, inheritance, implements) and
// `references` (uid -> name). Namespaces are groups; classes, structs, interfaces, enums and
// delegates are symbols with pages; constructors, methods, operators, properties, fields and events
// are members. Summaries are DocFX's XML-ish HTML (`<p>`, `<code>`, `<xref href="uid"/>`): turned into
// Markdown text, `<xref>` to a symbol of the artifact kept as an `sdk:` link.
import { JSON_SCHEMA, load as loadYaml } from 'js-yaml';
import {
  clip,
  MAX_DESCRIPTION_CHARS,
  MAX_TYPE_CHARS,
  sdkModel,
  type SdkParam,
  sdkLink,
  type SdkProblem,
  type SdkRead,
  type SdkSymbol,
  type SdkSymbolKind,
} from '../model';

/** Characters one YAML file may have to be read. */
const MAX_FILE_CHARS = 5_000_000;
/** YAML files of one artifact read at most. */
export const MAX_DOCFX_FILES = 20_000;

const TOP: Record<string, SdkSymbolKind> = { Class: 'class', Struct: 'class', Interface: 'interface', Enum: 'enum', Delegate: 'type' };
const MEMBER: Record<string, SdkSymbolKind> = {
  Constructor: 'method',
  Method: 'method',
  Operator: 'method',
  Property: 'property',
  Field: 'property',
  Event: 'property',
};

type J = Record<string, unknown>;
const o = (v: unknown): J | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as J) : undefined);
const a = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const s = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** DocFX's summary markup as Markdown: tags dropped or turned into Markdown, `<xref>` kept as links. */
export function docfxMarkdown(html: string | undefined, names: ReadonlyMap<string, string>, known: ReadonlySet<string>): string | undefined {
  if (!html) return undefined;
  const text = clip(html, MAX_DESCRIPTION_CHARS * 2);
  let out = '';
  // One pass over tags (no backtracking pattern over the whole text): `<` ... `>` with no `<` inside.
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, lt);
    const gt = text.indexOf('>', lt);
    if (gt < 0) {
      out += text.slice(lt);
      break;
    }
    const tag = text.slice(lt + 1, gt);
    const name = /^\/?([A-Za-z][\w-]*)/.exec(tag)?.[1]?.toLowerCase() ?? '';
    const closing = tag.startsWith('/');
    if (name === 'xref') {
      if (!closing) {
        const href = /href="([^"]*)"/.exec(tag)?.[1];
        const uid = href ? safeDecode(decodeEntities(href.split('?')[0])) : undefined;
        if (uid) {
          const label = (names.get(uid) ?? uid).replace(/[`[\]]/g, '');
          out += known.has(uid) ? sdkLink(`\`${label}\``, uid) : `\`${label}\``;
        }
        // `<xref ...>text</xref>`: the label above stands for the whole element.
        if (!tag.endsWith('/')) {
          const close = text.indexOf('</xref>', gt);
          if (close >= 0) {
            i = close + 7;
            continue;
          }
        }
      }
    } else if (name === 'code' || name === 'c') out += '`';
    else if (name === 'p' || name === 'br' || name === 'para') out += closing || name === 'br' ? '\n\n' : '';
    else if (name === 'li' && !closing) out += '\n- ';
    else if (name === 'b' || name === 'strong') out += '**';
    else if (name === 'pre') out += closing ? '\n```\n' : '\n```\n';
    i = gt + 1;
  }
  const md = decodeEntities(out)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return md ? clip(md, MAX_DESCRIPTION_CHARS) : undefined;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

function decodeEntities(v: string): string {
  return v.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

interface Item {
  item: J;
  rel: string;
}

/** Reads a DocFX metadata folder: its files by site-relative path. */
export function readDocfx(rel: string, files: ReadonlyMap<string, string>): SdkRead {
  const problems: SdkProblem[] = [];
  const items: Item[] = [];
  const names = new Map<string, string>();
  let read = 0;
  for (const [path, text] of files) {
    if (!/\.ya?ml$/i.test(path) || !text.startsWith('### YamlMime:ManagedReference')) continue;
    if (++read > MAX_DOCFX_FILES) {
      problems.push({ rel, message: `The folder has more than ${MAX_DOCFX_FILES} ManagedReference files: the rest are not read.` });
      break;
    }
    if (text.length > MAX_FILE_CHARS) {
      problems.push({ rel: path, message: `Over ${MAX_FILE_CHARS} characters: not read.` });
      continue;
    }
    let value: J | undefined;
    try {
      // js-yaml: several times faster than the yaml package on DocFX's large files; JSON-compatible values only.
      value = o(loadYaml(text, { schema: JSON_SCHEMA, filename: path }));
    } catch (e) {
      const mark = (e as { mark?: { line?: number; column?: number } }).mark;
      const start = mark?.line !== undefined ? { line: mark.line, character: mark.column ?? 0 } : { line: 0, character: 0 };
      const reason = (e as { reason?: string }).reason ?? (e instanceof Error ? e.message.split('\n')[0] : String(e));
      problems.push({ rel: path, range: { start, end: start }, message: `Not YAML: ${reason}` });
      continue;
    }
    const list = a(value?.items);
    if (!value || list.length === 0) {
      problems.push({
        rel: path,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        message: 'A ManagedReference file without `items`.',
      });
      continue;
    }
    for (const it of list) {
      const item = o(it);
      if (item && s(item.uid)) items.push({ item, rel: path });
    }
    for (const r of a(value.references)) {
      const ref = o(r);
      const uid = s(ref?.uid);
      const name = s(ref?.name) ?? s(ref?.fullName);
      if (uid && name && !names.has(uid)) names.set(uid, name);
    }
  }
  if (read === 0)
    problems.push({ rel, message: 'No ManagedReference YAML file (`### YamlMime:ManagedReference` on its first line) in this folder: run `docfx metadata`.' });
  // Kinds first: which uids are symbols, which are namespaces.
  const kindOf = new Map<string, { kind: SdkSymbolKind; member: boolean }>();
  const namespaces = new Set<string>();
  for (const { item } of items) {
    const uid = s(item.uid)!;
    const type = s(item.type) ?? '';
    if (type === 'Namespace') namespaces.add(uid);
    else if (TOP[type]) kindOf.set(uid, { kind: TOP[type], member: false });
    else if (MEMBER[type]) kindOf.set(uid, { kind: MEMBER[type], member: true });
    names.set(uid, s(item.name) ?? uid);
  }
  const known = new Set(kindOf.keys());
  const md = (v: unknown) => docfxMarkdown(s(v), names, known);
  const symbols: SdkSymbol[] = [];
  const byUid = new Map<string, SdkSymbol>();
  for (const { item } of items) {
    const uid = s(item.uid)!;
    const k = kindOf.get(uid);
    if (!k || byUid.has(uid)) continue;
    const syntax = o(item.syntax);
    const parentUid = s(item.parent);
    const params: SdkParam[] = a(syntax?.parameters)
      .slice(0, 100)
      .map(o)
      .filter((p): p is J => !!p && !!s(p.id))
      .map((p) => {
        const type = s(p.type);
        const out: SdkParam = { name: s(p.id)!, refs: type && known.has(type) ? [type] : [] };
        if (type) out.type = names.get(type) ?? type;
        const d = md(p.description);
        if (d) out.description = d;
        return out;
      });
    const ret = o(syntax?.return);
    const retType = s(ret?.type);
    const content = s(syntax?.content) ?? s(o(syntax?.content)?.['csharp']);
    const sym: SdkSymbol = {
      id: uid,
      kind: k.kind,
      name: s(item.name) ?? uid,
      fullName: s(item.fullName) ?? uid,
      group: k.member ? undefined : (s(item.namespace) ?? (parentUid && namespaces.has(parentUid) ? parentUid : undefined)),
      module: k.member ? undefined : (s(item.namespace) ?? (parentUid && namespaces.has(parentUid) ? parentUid : undefined)),
      parent: k.member ? parentUid : undefined,
      signatures: [],
      members: [],
      bases: [],
    };
    const description = [md(item.summary), md(item.remarks)].filter(Boolean).join('\n\n');
    if (description) sym.description = description;
    if (content || params.length || retType) {
      const returns = retType
        ? { type: names.get(retType) ?? retType, description: md(ret?.description), refs: known.has(retType) ? [retType] : [] }
        : undefined;
      sym.signatures.push({ text: clip(content ?? sym.name, MAX_TYPE_CHARS), params, ...(returns ? { returns } : {}) });
    }
    for (const key of ['inheritance', 'implements']) {
      for (const b of a(item[key]).slice(0, 20)) {
        const base = s(b);
        if (!base || base === 'System.Object') continue;
        if (known.has(base)) sym.bases.push(base);
        else (sym.externalBases ??= []).push(names.get(base) ?? base);
      }
    }
    const attributes = a(item.attributes).map(o);
    const obsolete = attributes.find((x) => /ObsoleteAttribute$/.test(s(x?.type) ?? ''));
    if (obsolete) {
      const reason = s(o(a(obsolete.arguments)[0])?.value);
      sym.deprecated = reason ? { reason } : {};
    }
    byUid.set(uid, sym);
    symbols.push(sym);
  }
  // Members in the order their parent lists them (`children`), then any other member naming it.
  for (const { item } of items) {
    const parent = byUid.get(s(item.uid)!);
    if (!parent || kindOf.get(parent.id)?.member) continue;
    for (const c of a(item.children)) {
      const m = byUid.get(s(c) ?? '');
      if (m && m.parent === parent.id && !parent.members.includes(m.id)) parent.members.push(m.id);
    }
  }
  for (const m of symbols) {
    const parent = m.parent !== undefined ? byUid.get(m.parent) : undefined;
    if (parent && !parent.members.includes(m.id)) parent.members.push(m.id);
  }
  return { model: sdkModel(symbols, problems, rel), problems };
}

// phpDocumentor's XML output (`phpdoc --template=xml`: structure.xml, written by its
// data/templates/xml templates): `<project>` of `<file>`s holding `<class>`, `<interface>`, `<trait>`,
// `<enum>` and `<function>` elements, each with `<name>`, `<full_name>` (`\Acme\Client`), a
// `<docblock>` (`<description>` the summary, `<long-description>` Markdown, `<tag name= description=
// type= variable=>`: param, return, var, deprecated), `<extends>`/`<implements>`, and members:
// `<method>` (with `<argument>`s: name, default, type), `<property>`, `<constant>`. Namespaces are
// groups. Read with sax (streaming, no recursion) into a bounded element tree: nesting past
// MAX_XML_DEPTH and elements past MAX_XML_ELEMENTS are not kept.
import { kid, kids, parseMarkup, textOf, type El } from './markup';
import {
  clip,
  MAX_DESCRIPTION_CHARS,
  MAX_TYPE_CHARS,
  sdkModel,
  type SdkParam,
  type SdkProblem,
  type SdkRead,
  type SdkSymbol,
  type SdkSymbolKind,
} from '../model';

const TOP: Record<string, SdkSymbolKind> = { class: 'class', interface: 'interface', trait: 'class', enum: 'enum', function: 'function' };

/** `\Acme\Sub\Client` -> `Acme\Sub`. */
function namespaceOf(fullName: string): string | undefined {
  const n = fullName.replace(/^\\/, '');
  const cut = n.lastIndexOf('\\');
  return cut > 0 ? n.slice(0, cut) : undefined;
}

/** Reads a phpDocumentor structure.xml. */
export function readPhpdoc(rel: string, text: string): SdkRead {
  const problems: SdkProblem[] = [];
  const root = parseMarkup(text, rel, problems, true);
  if (!root) return { model: sdkModel([], problems), problems };
  if (root.name !== 'project') {
    problems.push({
      rel,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      message: 'Not a phpDocumentor structure.xml: its root element should be <project> (run `phpdoc --template=xml`).',
    });
    return { model: sdkModel([], problems), problems };
  }
  const elements = kids(root, 'file').flatMap((f) => f.children.filter((c) => TOP[c.name]));
  const known = new Set(elements.map((e) => textOf(kid(e, 'full_name'))).filter(Boolean));
  const refs = (type: string | undefined) =>
    (type ?? '')
      .split(/[|&<>,()[\]\s?]+/)
      .filter((t) => known.has(t))
      .slice(0, 10);
  const symbols: SdkSymbol[] = [];
  const docOf = (e: El) => {
    const block = kid(e, 'docblock');
    const tags = kids(block, 'tag');
    const description = [textOf(kid(block, 'description')), textOf(kid(block, 'long-description'))].filter(Boolean).join('\n\n');
    const deprecatedTag = tags.find((t) => t.attrs.name === 'deprecated');
    return {
      tags,
      description: description ? clip(description, MAX_DESCRIPTION_CHARS) : undefined,
      deprecated: deprecatedTag ? (deprecatedTag.attrs.description?.trim() ? { reason: deprecatedTag.attrs.description.trim() } : {}) : undefined,
    };
  };
  const short = (t: string) => t.replace(/\\?([A-Za-z_][\w]*\\)+/g, '');
  for (const e of elements) {
    const fullName = textOf(kid(e, 'full_name'));
    const name = textOf(kid(e, 'name'));
    if (!fullName || !name) continue;
    const doc = docOf(e);
    const ns = namespaceOf(fullName);
    const sym: SdkSymbol = {
      id: fullName,
      kind: TOP[e.name],
      name,
      fullName: fullName.replace(/^\\/, ''),
      group: ns,
      module: ns,
      signatures: [],
      members: [],
      bases: [],
    };
    if (doc.description) sym.description = doc.description;
    if (doc.deprecated) sym.deprecated = doc.deprecated;
    const bases = [...kids(e, 'extends'), ...kids(e, 'implements')].map(textOf).filter(Boolean).slice(0, 20);
    for (const b of bases) {
      if (known.has(b)) sym.bases.push(b);
      else (sym.externalBases ??= []).push(b.replace(/^\\/, ''));
    }
    symbols.push(sym);
    const method = (
      m: El,
      owner: string | undefined,
    ): { text: string; params: SdkParam[]; returns?: { type?: string; description?: string; refs: string[] } } => {
      const mdoc = docOf(m);
      const params: SdkParam[] = kids(m, 'argument')
        .slice(0, 100)
        .map((a) => {
          const pname = textOf(kid(a, 'name'));
          const tag = mdoc.tags.find((t) => t.attrs.name === 'param' && `$${(t.attrs.variable ?? '').replace(/^\$/, '')}` === pname);
          const type = textOf(kid(a, 'type')) || tag?.attrs.type || undefined;
          const def = textOf(kid(a, 'default'));
          const p: SdkParam = { name: pname, refs: refs(type) };
          if (type) p.type = short(type);
          if (tag?.attrs.description?.trim()) p.description = clip(tag.attrs.description.trim(), MAX_DESCRIPTION_CHARS);
          if (def) {
            p.optional = true;
            p.defaultValue = clip(def, 200);
          }
          return p;
        });
      const ret = mdoc.tags.find((t) => t.attrs.name === 'return');
      const mname = textOf(kid(m, 'name'));
      const head = `${m.attrs.visibility && owner ? `${m.attrs.visibility} ` : ''}${m.attrs.static === 'true' ? 'static ' : ''}function ${mname}(${params
        .map((p) => `${p.type ? `${p.type} ` : ''}${p.name}${p.defaultValue ? ` = ${p.defaultValue}` : ''}`)
        .join(', ')})${ret?.attrs.type ? `: ${short(ret.attrs.type)}` : ''}`;
      const out: { text: string; params: SdkParam[]; returns?: { type?: string; description?: string; refs: string[] } } = {
        text: clip(head, MAX_TYPE_CHARS),
        params,
      };
      if (ret)
        out.returns = {
          type: ret.attrs.type ? short(ret.attrs.type) : undefined,
          description: ret.attrs.description?.trim() || undefined,
          refs: refs(ret.attrs.type),
        };
      return out;
    };
    if (e.name === 'function') {
      sym.signatures.push(method(e, undefined));
      continue;
    }
    const word = e.name === 'class' ? `${e.attrs.abstract === 'true' ? 'abstract ' : ''}${e.attrs.final === 'true' ? 'final ' : ''}class` : e.name;
    const ext = kids(e, 'extends').map(textOf).filter(Boolean);
    const impl = kids(e, 'implements').map(textOf).filter(Boolean);
    sym.signatures.push({
      text: clip(
        `${word} ${name}${ext.length ? ` extends ${ext.map(short).join(', ')}` : ''}${impl.length ? ` implements ${impl.map(short).join(', ')}` : ''}`,
        MAX_TYPE_CHARS,
      ),
      params: [],
    });
    for (const m of e.children) {
      const mname = textOf(kid(m, 'name'));
      if (!mname || !['method', 'property', 'constant', 'case', 'enum-case'].includes(m.name)) continue;
      // Inherited members are documented on the class that declares them.
      if (kid(m, 'inherited_from')) continue;
      const mdoc = docOf(m);
      const member: SdkSymbol = {
        id: textOf(kid(m, 'full_name')) || `${fullName}::${mname}`,
        kind: m.name === 'method' ? 'method' : 'property',
        name: mname === '__construct' ? '__construct' : mname,
        fullName: `${sym.fullName}::${mname}`,
        parent: sym.id,
        signatures: [],
        members: [],
        bases: [],
      };
      if (mdoc.description) member.description = mdoc.description;
      if (mdoc.deprecated) member.deprecated = mdoc.deprecated;
      if (m.name === 'method') member.signatures.push(method(m, fullName));
      else {
        const varTag = mdoc.tags.find((t) => t.attrs.name === 'var');
        const type = varTag?.attrs.type;
        const value = textOf(kid(m, 'default')) || textOf(kid(m, 'value'));
        if (type) {
          member.type = short(type);
          member.typeRefs = refs(type);
        }
        const decl =
          m.name === 'constant'
            ? `const ${mname}${value ? ` = ${value}` : ''}`
            : `${m.attrs.visibility ?? 'public'} ${type ? `${short(type)} ` : ''}${mname}${value ? ` = ${value}` : ''}`;
        member.signatures.push({ text: clip(decl, MAX_TYPE_CHARS), params: [] });
        if (!member.description && varTag?.attrs.description?.trim()) member.description = clip(varTag.attrs.description.trim(), MAX_DESCRIPTION_CHARS);
      }
      symbols.push(member);
      sym.members.push(member.id);
    }
  }
  if (elements.length === 0 && kids(root, 'file').length === 0)
    problems.push({ rel, message: 'The structure.xml has no <file> elements: nothing to document.' });
  return { model: sdkModel(symbols, problems, rel), problems };
}

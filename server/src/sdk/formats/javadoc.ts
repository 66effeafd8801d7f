// Javadoc's standard doclet output (JDK 11 and later: `javadoc -d <folder>`): a folder of HTML pages,
// one per type (`com/acme/Client.html`, nested `Outer.Inner.html`), whose `<h1 class="title">` says
// the kind and name ("Class Client", "Interface", "Enum", "Record", "Annotation Interface"), the
// package in the `sub-title` link, the declaration in `type-signature`, the description in the
// class-description `block`; member details are `<section class="detail" id="name(params)">` under
// field, constructor, enum-constant and method details, each with its `member-signature`, `block`,
// deprecation block and notes (Parameters, Returns). Packages are groups. HTML is read with sax
// (loose) into a bounded tree (formats/markup.ts); descriptions become Markdown text with links to
// documented types and members kept as links between pages.
import { clip, MAX_TYPE_CHARS, sdkModel, type SdkParam, type SdkProblem, type SdkRead, type SdkSymbol, type SdkSymbolKind } from '../model';
import { classes, decode, markdownOf, parseMarkup, plain, walk, type El } from './markup';

const MAX_PAGE_CHARS = 5_000_000;

const TYPE_KIND: [RegExp, SdkSymbolKind][] = [
  [/^(Annotation )?Interface /, 'interface'],
  [/^Enum( Class)? /, 'enum'],
  [/^(Record( Class)?|Class|Exception|Error) /, 'class'],
];

const SECTIONS: Record<string, SdkSymbolKind> = {
  'field-details': 'property',
  'enum-constant-details': 'property',
  'constructor-details': 'method',
  'method-details': 'method',
  'property-details': 'property',
  'annotation-interface-element-details': 'method',
};

/** The folder of a site-relative path. */
const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** A relative href from `from` resolved to a site-relative path (`..` and `.` segments applied). */
function resolve(from: string, href: string): string {
  const parts = dirOf(from).split('/').filter(Boolean);
  for (const seg of href.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** Reads a Javadoc folder: its files by site-relative path. */
export function readJavadoc(rel: string, files: ReadonlyMap<string, string>): SdkRead {
  const problems: SdkProblem[] = [];
  const pages: { path: string; main: El; kind: SdkSymbolKind; name: string; pkg?: string; id: string }[] = [];
  for (const [path, text] of files) {
    if (!/\.html$/i.test(path) || text.length > MAX_PAGE_CHARS || !text.includes('class="title"')) continue;
    const root = parseMarkup(text, path, problems, false);
    if (!root) continue;
    const all = [...walk(root)];
    const h1 = all.find((e) => e.name === 'h1' && classes(e).includes('title'));
    const title = h1 ? decode(plain(h1)).replace(/\s+/g, ' ').trim() : '';
    const kind = TYPE_KIND.find(([re]) => re.test(title))?.[1];
    if (!kind) continue;
    const name = title.replace(/^(Annotation Interface|Interface|Enum Class|Enum|Record Class|Record|Class|Exception|Error) /, '').replace(/<.*$/, '');
    // The package: the link to its summary in the same folder (the sub-title up to JDK 21, the breadcrumb after).
    const pkgLink = all.find((e) => e.name === 'a' && e.attrs.href === 'package-summary.html');
    const pkg = pkgLink ? decode(plain(pkgLink)).trim() || undefined : undefined;
    const main = all.find((e) => e.name === 'main') ?? root;
    pages.push({ path, main, kind, name, pkg, id: pkg ? `${pkg}.${name}` : name });
  }
  if (pages.length === 0)
    problems.push({
      rel,
      message:
        'No Javadoc type page (an HTML page whose <h1 class="title"> names a class, interface, enum or record) in this folder: run `javadoc -d <folder>`.',
    });
  const byPath = new Map(pages.map((p) => [p.path, p.id]));
  const members = new Set<string>();
  for (const p of pages)
    for (const e of walk(p.main)) if (e.name === 'section' && classes(e).includes('detail') && e.attrs.id) members.add(`${p.id}#${decode(e.attrs.id)}`);
  const linker = (from: string, self: string) => (href: string) => {
    if (/^[a-z][a-z+.-]*:/i.test(href)) return undefined;
    const [file, fragment] = href.split('#');
    const type = file ? byPath.get(resolve(from, file)) : self;
    if (!type) return undefined;
    if (!fragment) return type;
    let frag = fragment;
    try {
      frag = decodeURIComponent(fragment);
    } catch {
      // as written
    }
    const id = `${type}#${frag}`;
    // A fragment of the same page that is no member (`#type-param-R`) is no link to a symbol.
    return members.has(id) ? id : file ? type : undefined;
  };
  const symbols: SdkSymbol[] = [];
  for (const p of pages) {
    const link = linker(p.path, p.id);
    const all = [...walk(p.main)];
    const description = all.find((e) => e.name === 'section' && classes(e).includes('class-description'));
    const block = description ? first(description, (e) => e.name === 'div' && classes(e).includes('block')) : undefined;
    const signature = all.find((e) => e.name === 'div' && classes(e).includes('type-signature'));
    const sym: SdkSymbol = { id: p.id, kind: p.kind, name: p.name, fullName: p.id, signatures: [], members: [], bases: [] };
    if (p.pkg) sym.group = sym.module = p.pkg;
    const md = block ? markdownOf(block.children, link) : undefined;
    if (md) sym.description = md;
    if (signature) sym.signatures.push({ text: clip(decode(plain(signature)).replace(/\s+/g, ' ').trim(), MAX_TYPE_CHARS), params: [] });
    for (const a of signature ? [...walk(signature)].filter((e) => e.name === 'a') : []) {
      const base = link(a.attrs.href ?? '');
      if (base && base !== p.id && !sym.bases.includes(base)) sym.bases.push(base);
    }
    const deprecated = description ? first(description, (e) => classes(e).includes('deprecation-block')) : undefined;
    if (deprecated) sym.deprecated = deprecation(deprecated, link);
    symbols.push(sym);
    for (const section of all) {
      const kind = section.name === 'section' ? SECTIONS[classes(section).find((c) => SECTIONS[c]) ?? ''] : undefined;
      if (!kind) continue;
      for (const detail of walk(section)) {
        if (detail.name !== 'section' || !classes(detail).includes('detail') || !detail.attrs.id) continue;
        const h3 = first(detail, (e) => e.name === 'h3');
        const name = h3 ? decode(plain(h3)).trim() : decode(detail.attrs.id).split('(')[0];
        const id = `${p.id}#${decode(detail.attrs.id)}`;
        const m: SdkSymbol = { id, kind, name, fullName: `${p.id}.${name}`, parent: p.id, signatures: [], members: [], bases: [] };
        const sig = first(detail, (e) => classes(e).includes('member-signature'));
        const notes = first(detail, (e) => e.name === 'dl' && classes(e).includes('notes'));
        const { params, returns } = notesOf(notes, link);
        const returnType = sig ? [...walk(sig)].find((e) => classes(e).includes('return-type')) : undefined;
        const returnRefs = returnType
          ? [...walk(returnType)]
              .filter((e) => e.name === 'a')
              .map((a) => link(a.attrs.href ?? ''))
              .filter((x): x is string => !!x)
          : [];
        // Parameter types from the signature's `parameters` (`String id, int limit`).
        const paramText = sig ? [...walk(sig)].find((e) => classes(e).includes('parameters')) : undefined;
        const declared = paramText
          ? decode(plain(paramText))
              .replace(/\s+/g, ' ')
              .trim()
              .replace(/^\(|\)$/g, '')
              .split(/,(?![^<]*>)/)
              .map((s) => s.trim())
          : [];
        for (const d of declared) {
          const cut = d.lastIndexOf(' ');
          const p2 = params.find((x) => x.name === d.slice(cut + 1));
          if (p2 && cut > 0) p2.type = d.slice(0, cut).replace(/\s+/g, ' ');
        }
        const ret =
          kind === 'method' && returnType
            ? { type: decode(plain(returnType)).replace(/\s+/g, ' ').trim(), description: returns, refs: [...new Set(returnRefs)] }
            : undefined;
        if (sig)
          m.signatures.push({
            text: clip(decode(plain(sig)).replace(/\s+/g, ' ').trim(), MAX_TYPE_CHARS),
            params,
            ...(ret && ret.type !== 'void' ? { returns: ret } : {}),
          });
        const body = first(detail, (e) => e.name === 'div' && classes(e).includes('block'));
        const text = body ? markdownOf(body.children, link) : undefined;
        if (text) m.description = text;
        const dep = first(detail, (e) => classes(e).includes('deprecation-block'));
        if (dep) m.deprecated = deprecation(dep, link);
        if (kind === 'property' && returnType) {
          m.type = decode(plain(returnType)).trim();
          m.typeRefs = [...new Set(returnRefs)];
        }
        symbols.push(m);
        sym.members.push(id);
      }
    }
  }
  return { model: sdkModel(symbols, problems, rel), problems };
}

/** The first descendant that matches (JDK 25 wraps parts in `horizontal-scroll` divs), not looking into blocks or notes of its own. */
function first(e: El, test: (e: El) => boolean): El | undefined {
  for (const d of walk(e)) if (test(d)) return d;
  return undefined;
}

function deprecation(block: El, link: (href: string) => string | undefined): { reason?: string } {
  const comment = first(block, (e) => classes(e).includes('deprecation-comment'));
  const reason = comment ? markdownOf(comment.children, link) : undefined;
  return reason ? { reason } : {};
}

/** A detail's notes: Parameters (`<code>name</code> - description`) and Returns. */
function notesOf(notes: El | undefined, link: (href: string) => string | undefined): { params: SdkParam[]; returns?: string } {
  const out: { params: SdkParam[]; returns?: string } = { params: [] };
  let label = '';
  for (const c of notes?.children ?? []) {
    if (c.name === 'dt') label = decode(plain(c)).trim().replace(/:$/, '').toLowerCase();
    else if (c.name === 'dd' && label === 'parameters' && out.params.length < 100) {
      const code = c.children.find((e) => e.name === 'code');
      const name = code ? decode(plain(code)).trim() : '';
      if (!name) continue;
      const rest = c.children.slice(c.children.indexOf(code!) + 1);
      const description = markdownOf(rest, link)?.replace(/^-\s*/, '');
      out.params.push({ name, refs: [], ...(description ? { description } : {}) });
    } else if (c.name === 'dd' && label === 'returns') out.returns = markdownOf(c.children, link);
  }
  return out;
}

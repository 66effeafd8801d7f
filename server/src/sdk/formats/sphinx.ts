// Sphinx's JSON builder output (`sphinx-build -b json`): a folder of `.fjson` files, each a page whose
// `body` is HTML. Python objects are `<dl class="py KIND">` elements: the `<dt id="module.Name">`
// signature (`sig-prename`, `sig-name`, `sig-param`s) and the `<dd>` description, whose field list
// gives Parameters, Returns and Return type; a class's members are `<dl>`s inside its `<dd>`. The HTML
// is read with sax (loose) into a bounded tree and turned into Markdown text (paragraphs, code,
// emphasis, lists, code blocks; links to documented objects kept as `sdk:` links, other markup
// dropped), so the page shows it through the same escaping and sanitising as any generated text.
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
import { classes, decode, markdownOf, parseMarkup, plain, walk, type El } from './markup';

/** Files of one folder read at most (the loader bounds them too). */
const MAX_FJSON_FILES = 20_000;
const MAX_BODY_CHARS = 5_000_000;

const KIND: Record<string, SdkSymbolKind> = {
  class: 'class',
  exception: 'class',
  function: 'function',
  decorator: 'function',
  method: 'method',
  classmethod: 'method',
  staticmethod: 'method',
  attribute: 'property',
  property: 'property',
  data: 'variable',
  type: 'type',
};

/** Links within the build to a documented object: its id is the fragment. */
const fragmentOf = (known: ReadonlySet<string>) => (href: string) => {
  const id = href.includes('#') ? href.slice(href.indexOf('#') + 1) : '';
  return known.has(id) ? id : undefined;
};

/** The field list of a description: Parameters, Returns, Return type. */
function fields(dd: El, known: ReadonlySet<string>): { params: SdkParam[]; returns?: string; returnType?: string } {
  const out: { params: SdkParam[]; returns?: string; returnType?: string } = { params: [] };
  const list = dd.children.find((c) => c.name === 'dl' && classes(c).includes('field-list'));
  if (!list) return out;
  let label = '';
  for (const c of list.children) {
    if (c.name === 'dt') label = decode(plain(c)).replace(/:\s*$/, '').trim().toLowerCase();
    else if (c.name === 'dd') {
      if (label.startsWith('parameter')) {
        const items = [...walk(c)].filter((x) => x.name === 'li');
        for (const item of (items.length ? items : [c]).slice(0, 100)) {
          const nameEl = [...walk(item)].find((x) => x.name === 'strong');
          const name = nameEl ? decode(plain(nameEl)).trim() : '';
          if (!name) continue;
          const text = decode(plain(item)).replace(/\s+/g, ' ');
          const type = /^\S+\s*\(([^)]*)\)/.exec(text)?.[1]?.trim();
          const description = text.replace(/^\S+\s*(\([^)]*\))?\s*[–—-]+\s*/, '').trim();
          const p: SdkParam = { name, refs: [] };
          if (type) p.type = type;
          if (description && description !== text.trim()) p.description = clip(description, MAX_DESCRIPTION_CHARS);
          out.params.push(p);
        }
      } else if (label === 'returns' || label === 'return') out.returns = markdownOf(c.children, fragmentOf(known));
      else if (label === 'return type' || label === 'rtype') out.returnType = decode(plain(c)).trim();
    }
  }
  return out;
}

/** Reads a Sphinx JSON build folder: its files by site-relative path. */
export function readSphinx(rel: string, files: ReadonlyMap<string, string>): SdkRead {
  const problems: SdkProblem[] = [];
  const symbols: SdkSymbol[] = [];
  const trees: { path: string; root: El }[] = [];
  let read = 0;
  for (const [path, text] of files) {
    if (!/\.fjson$/i.test(path)) continue;
    if (++read > MAX_FJSON_FILES) break;
    let page: { body?: unknown } | undefined;
    try {
      page = JSON.parse(text) as { body?: unknown };
    } catch (e) {
      problems.push({
        rel: path,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        message: `Not JSON: ${e instanceof Error ? e.message : String(e)}`,
      });
      continue;
    }
    if (typeof page?.body !== 'string' || page.body.length > MAX_BODY_CHARS) continue;
    const root = parseMarkup(page.body, path, problems, false);
    if (root) trees.push({ path, root });
  }
  if (read === 0) problems.push({ rel, message: 'No .fjson file in this folder: run `sphinx-build -b json <source> <folder>`.' });
  // Ids first, so that links between objects work in any order.
  const known = new Set<string>();
  for (const { root } of trees) for (const e of walk(root)) if (e.name === 'dt' && e.attrs.id && classes(e).includes('sig-object')) known.add(e.attrs.id);
  const seen = new Set<string>();
  for (const { root } of trees) {
    const visit = (e: El, parent: SdkSymbol | undefined, depth: number) => {
      if (depth > 40) return;
      for (const c of e.children) {
        if (c.name === '#text') continue;
        const cls = classes(c);
        const kind = c.name === 'dl' && cls.includes('py') ? KIND[cls.find((x) => KIND[x]) ?? ''] : undefined;
        if (!kind) {
          visit(c, parent, depth + 1);
          continue;
        }
        const dt = c.children.find((x) => x.name === 'dt' && x.attrs.id);
        const dd = c.children.find((x) => x.name === 'dd');
        const id = dt?.attrs.id;
        if (!dt || !id || seen.has(id)) continue;
        seen.add(id);
        const nameEl = [...walk(dt)].find((x) => classes(x).includes('sig-name'));
        const name = decode(nameEl ? plain(nameEl) : id.split('.').pop()!).trim();
        const member = parent !== undefined && (kind === 'method' || kind === 'property');
        const sym: SdkSymbol = {
          id,
          kind: parent && !member ? 'property' : kind,
          name,
          fullName: id,
          signatures: [],
          members: [],
          bases: [],
        };
        if (parent) sym.parent = parent.id;
        else {
          const module = id.length > name.length ? id.slice(0, id.length - name.length - 1) : undefined;
          if (module) sym.group = sym.module = module;
        }
        const f = dd ? fields(dd, known) : { params: [] };
        const signature = decode(plain(dt))
          .replace(/\s+/g, ' ')
          .replace(/\[source\]\s*$/, '')
          .trim();
        const returns =
          f.returns || f.returnType
            ? { type: f.returnType, description: f.returns, refs: f.returnType && known.has(f.returnType) ? [f.returnType] : [] }
            : undefined;
        sym.signatures.push({ text: clip(signature, MAX_TYPE_CHARS), params: f.params, ...(returns ? { returns } : {}) });
        const description = dd ? markdownOf(dd.children, fragmentOf(known)) : undefined;
        if (description) sym.description = description;
        if (dd && [...walk(dd)].some((x) => classes(x).includes('deprecated'))) {
          const box = [...walk(dd)].find((x) => classes(x).includes('deprecated'))!;
          const reason = decode(plain(box))
            .replace(/^\s*Deprecated since version [^:]*:\s*/i, '')
            .trim();
          sym.deprecated = reason ? { reason: clip(reason, 500) } : {};
        }
        symbols.push(sym);
        if (parent) parent.members.push(id);
        if (dd && (kind === 'class' || kind === 'type')) visit(dd, sym, depth + 1);
      }
    };
    visit(root, undefined, 0);
  }
  return { model: sdkModel(symbols, problems, rel), problems };
}

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
import { parseMarkup, type El } from './markup';

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

const classes = (e: El) => (e.attrs.class ?? '').split(/\s+/);

/** The text of an element, without Sphinx's permalink (`¶`) and source links. */
function plain(e: El, depth = 0): string {
  if (e.name === '#text') return e.text;
  if (depth > 50 || (e.name === 'a' && classes(e).includes('headerlink')) || classes(e).includes('viewcode-link')) return '';
  return e.children.map((c) => plain(c, depth + 1)).join('');
}

const decode = (s: string) =>
  s.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/gi, (m, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
    if (e[0] !== '#') return named[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
  });

/** Markdown of HTML children (the markup Sphinx writes in descriptions). */
function markdown(nodes: El[], known: ReadonlySet<string>, depth = 0): string {
  let out = '';
  for (const e of nodes) {
    if (out.length > MAX_DESCRIPTION_CHARS) break;
    if (e.name === '#text') {
      out += e.text.replace(/\s+/g, ' ');
      continue;
    }
    if (depth > 30) continue;
    const cls = classes(e);
    if (cls.includes('headerlink') || (e.name === 'dl' && (cls.includes('py') || cls.includes('field-list')))) continue;
    const inner = () => markdown(e.children, known, depth + 1);
    switch (e.name) {
      case 'p':
        out += `\n\n${inner().trim()}\n\n`;
        break;
      case 'code':
      case 'tt':
        out += `\`${plain(e).replace(/`/g, "'").replace(/\s+/g, ' ')}\``;
        break;
      case 'em':
        out += `*${inner().trim()}*`;
        break;
      case 'strong':
        out += `**${inner().trim()}**`;
        break;
      case 'dt':
        out += `\n\n**${inner().trim()}**\n\n`;
        break;
      case 'dd':
        out += `\n\n${inner().trim()}\n\n`;
        break;
      case 'li':
        out += `\n- ${inner().trim().replace(/\n+/g, ' ')}`;
        break;
      case 'ul':
      case 'ol':
        out += `\n${inner()}\n\n`;
        break;
      case 'pre': {
        const code = decode(plain(e));
        let fence = '```';
        while (code.includes(fence)) fence += '`';
        out += `\n\n${fence}\n${code.replace(/\n$/, '')}\n${fence}\n\n`;
        break;
      }
      case 'a': {
        const href = e.attrs.href ?? '';
        const target = href.includes('#') ? href.slice(href.indexOf('#') + 1) : '';
        const label = inner().trim();
        out += known.has(target) ? `[${label.replace(/[[\]]/g, '')}](sdk:${encodeURIComponent(target)})` : label;
        break;
      }
      default:
        out += inner();
    }
  }
  return out;
}

const md = (nodes: El[], known: ReadonlySet<string>) => {
  const text = decode(markdown(nodes, known))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text ? clip(text, MAX_DESCRIPTION_CHARS) : undefined;
};

/** Every element (bounded walk, document order). */
function* walk(e: El, depth = 0): Generator<El> {
  if (depth > 60) return;
  for (const c of e.children) {
    if (c.name === '#text') continue;
    yield c;
    yield* walk(c, depth + 1);
  }
}

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
      } else if (label === 'returns' || label === 'return') out.returns = md(c.children, known);
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
        const description = dd ? md(dd.children, known) : undefined;
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

// The pages the format generates from an `sdk` artifact (sdk-reference-setup.mdx): a page per class,
// interface, enum, function, type and variable, in navigation groups after the tab's groups or the
// group's own pages; members (methods, properties, enum values) are sections of their parent's page.
// A tab or group holding a page with `sdk` front matter is not auto-populated. Not documented, and
// chosen here: the groups are the artifact's modules, namespaces or packages (TypeDoc's kind groups
// for a project of one entry point), `Reference` for symbols in none; the URLs
// `<directory>/<group>/<name>` in kebab case (`<directory>/<name>` when the artifact has no group;
// a second name with the same segment gets `-2`, in artifact order). Each page is a virtual page as
// OpenAPI's are (api-pages.ts); a page file at the same id wins.
import { readSdkValue, type SdkFile, type SdkSet } from '../sdk/load';
import type { PageDocument } from '../pages/parse';
import type { SdkModel, SdkSymbol } from '../sdk/model';
import type { NavItem, NavPageItem } from './model';
import { memberAnchor, symbolPageText, type SdkLinks } from './sdk-text';

export interface SdkPage {
  id: string;
  rel: string;
  title: string;
  hidden: boolean;
  text: string;
}

/** A name as a URL segment: camelCase split by `-`, runs of anything but letters and digits as `-`, lower case. */
export function sdkSegment(name: string): string {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'symbol'
  );
}

export const REFERENCE_GROUP = 'Reference';

interface Built {
  groups: { name: string; items: NavPageItem[] }[];
  /** Page URL of every symbol with a page, and of members (their parent's page and anchor). */
  links: SdkLinks;
}

export class SdkPages {
  private readonly built = new Map<string, Built>();

  constructor(
    private readonly sdk: SdkSet | undefined,
    /** Page ids that have a file: those win over a generated page. */
    private readonly filePages: { has(id: string): boolean },
    /** Where generated pages go (shared with the OpenAPI pages). */
    private readonly pages: Map<string, SdkPage>,
  ) {}

  /** The loaded artifact an `sdk` value names. */
  fileOf(value: unknown): SdkFile | undefined {
    const { source, format } = readSdkValue(value);
    const found = this.sdk?.entries.find((e) => e.entry.value === source && e.entry.format === format && e.status.kind === 'loaded')?.status;
    return found?.kind === 'loaded' ? found.file : undefined;
  }

  /** Whether the division an `sdk` value is written on holds a page with `sdk` front matter. */
  private ownPages(value: unknown): boolean {
    const { source, format } = readSdkValue(value);
    return !!this.sdk?.entries.some((e) => e.entry.value === source && e.entry.format === format && e.entry.ownPages);
  }

  /** The generated groups of an `sdk` value; none when its artifact is not loaded or the division has its own `sdk` pages. */
  section(value: unknown): NavItem[] {
    const file = this.fileOf(value);
    if (!file || this.ownPages(value)) return [];
    return this.build(file, readSdkValue(value).directory).groups.map((g) => ({ kind: 'group', name: g.name, items: [...g.items] }));
  }

  /** The links of an artifact's symbols under a directory (for a page with `sdk` front matter). */
  linksOf(file: SdkFile, directory: string): SdkLinks {
    return this.build(file, directory).links;
  }

  private build(file: SdkFile, directory: string): Built {
    const key = `${file.format}\0${file.rel}\0${directory}`;
    let out = this.built.get(key);
    if (out) return out;
    const model: SdkModel = file.model;
    const tops = model.symbols.filter((s) => s.parent === undefined);
    const grouped = tops.some((s) => s.group !== undefined);
    const used = new Set<string>();
    const ids = new Map<string, string>();
    for (const s of tops) {
      const base = [directory, grouped && s.group !== undefined ? sdkSegment(s.group) : '', sdkSegment(s.name)].filter(Boolean).join('/');
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      ids.set(s.id, id);
    }
    const links: SdkLinks = (id) => {
      const page = ids.get(id);
      if (page) return `/${page}`;
      const s = model.byId.get(id);
      const parent = s?.parent !== undefined ? ids.get(s.parent) : undefined;
      return parent && s ? `/${parent}#${memberAnchor(s)}` : undefined;
    };
    const groups = new Map<string, NavPageItem[]>();
    for (const s of tops) {
      const name = s.group ?? REFERENCE_GROUP;
      let items = groups.get(name);
      if (!items) groups.set(name, (items = []));
      items.push(this.page(ids.get(s.id)!, s, () => symbolPageText(model, file.format, s, links)));
    }
    // `Reference` (symbols in no group) comes after the artifact's groups.
    const list = [...groups].filter(([n]) => n !== REFERENCE_GROUP);
    if (groups.has(REFERENCE_GROUP)) list.push([REFERENCE_GROUP, groups.get(REFERENCE_GROUP)!]);
    out = { groups: list.map(([name, items]) => ({ name, items })), links };
    this.built.set(key, out);
    return out;
  }

  private page(id: string, s: SdkSymbol, make: () => string): NavPageItem {
    if (!this.filePages.has(id) && !this.pages.has(id)) {
      // The text is made when first read: a check of a large artifact's site reads none of them.
      let text: string | undefined;
      this.pages.set(id, {
        id,
        rel: `${id}.mdx`,
        title: s.name,
        hidden: false,
        get text() {
          return (text ??= make());
        },
      });
    }
    return { kind: 'page', id };
  }
}

/**
 * A page with `sdk` front matter as the site shows it: the title and description its front matter
 * leaves out are the symbol's (sdk-reference-setup.mdx), taken from the symbol's reference.
 */
export function withSymbolTitle(doc: PageDocument, reference: PageDocument | undefined): PageDocument {
  const data = doc.frontmatter.data;
  if (data.sdk === undefined || !reference) return doc;
  const given = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  const from = reference.frontmatter.data;
  const filled = {
    ...(!given(data.title) && given(from.title) && { title: from.title }),
    ...(!given(data.description) && given(from.description) && { description: from.description }),
  };
  return Object.keys(filled).length ? { ...doc, frontmatter: { ...doc.frontmatter, data: { ...data, ...filled } } } : doc;
}

// The API pages the format generates from OpenAPI files (current format): one page per operation
// that navigation names (`"GET /users"`, `"openapi/v1.json POST /orders"` in `pages`, resolved with
// the `openapi` in force where the entry is written: the nearest division's, else `api.openapi`,
// else every spec of the site), and one per operation of a spec attached to a division (`openapi`
// on a tab, anchor, dropdown, group, version, language, ...) that lists no pages of its own (with
// pages, only the operations it names get pages). Each page is a virtual page: an id, a `rel` that no file has (`<id>.mdx`), and
// an MDX text (front matter + `x-mint.content`) that the renderer, the export, search and llms.txt
// read like any page's. A page file at the same id wins. Classic tabs and anchors with `openapi`
// (undocumented in the current docs; real sites link into their `url` folder) are not modelled:
// links into those folders, and into the folder of a spec URL with no copy, are not checked.
//
// What the format documents (Mintlify's api-playground/openapi-setup.mdx, managing-page-visibility.mdx,
// troubleshooting.mdx, organize/navigation.mdx): title = `summary`, else method and path;
// description = `description`; `deprecated`; `x-mint.metadata` overrides front matter (not
// `openapi`), `x-mint.content` comes before the generated reference, `x-mint.href` sets the URL;
// `x-hidden` makes the page but keeps it out of the navigation, `x-excluded` makes no page; tags
// group the pages, a tag's `x-group` names its group while its name stays the URL segment;
// `directory` (default `api-reference`) is where the pages go. Not documented, and chosen here:
// the page's URL segment is its title in lower case with runs of other characters as `-`
// (`api-reference/<tag>/<title>`; untagged: `api-reference/<title>`; a second page with the same
// URL gets `-2`); untagged operations are listed without a group after the tagged ones; webhooks
// are generated like operations; `x-mint.mcp` is not documented as a page setting and is ignored.
import type { OpenApiSet } from '../openapi/load';
import { findEndpoint, operationIn, operationLabel, parseEndpointRef, specsNamed, type ApiOperation, type ApiSpec } from '../openapi/operations';
import type { ConfigDocument } from '../config/parse';
import { at, valueOf } from '../config/ast';
import { buildSiteModel, type ApiNavigation, type NavItem, type NavPageItem, type SiteModel } from './model';
import { pageId } from './navigation';
import { withoutMarkdownExt } from '../util/page-files';
import type { Site } from './site';
import { parsePage, type PageDocument } from '../pages/parse';
import { join, trimSlashes, trimTrailingSlashes } from '../util/paths';
import { obj, str, type Json } from '../util/json';
import type { GraphqlSet } from '../graphql/load';
import { GraphqlPages } from './graphql-pages';
import type { AsyncapiSet } from '../asyncapi/load';
import { AsyncapiPages } from './asyncapi-pages';
import { asyncapiChannel, asyncapiFileNamed, readAsyncapiRef } from '../asyncapi/load';
import { channelPageText } from './asyncapi-text';
import type { SdkSet } from '../sdk/load';
import { SdkPages } from './sdk-pages';
import { sdkSymbolOf } from './sdk-front-matter';
import { symbolFrontMatter, symbolReference } from './sdk-text';

export const DEFAULT_API_DIRECTORY = 'api-reference';

/** A page the site generates (from an OpenAPI operation, a GraphQL schema or an AsyncAPI channel): no file holds it. */
export interface VirtualPage {
  id: string;
  /** `<id>.mdx`: where the page would be as a file (no such file exists). */
  rel: string;
  title: string;
  /** `x-hidden`: the page exists but the navigation does not list it. */
  hidden: boolean;
  /** The page as MDX (OpenAPI: front matter with title, description, openapi, deprecated, x-mint metadata, then `x-mint.content`). */
  readonly text: string;
}

export interface GeneratedPage extends VirtualPage {
  spec: ApiSpec;
  operation: ApiOperation;
}

/** Whether a generated page is an OpenAPI operation's. */
export const isOperationPage = (p: VirtualPage): p is GeneratedPage => 'operation' in p;

/** The URL segment of a title or tag: lower case, runs of anything but letters and digits as `-`. */
export function urlSegment(text: string): string {
  return (
    text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'endpoint'
  );
}

function operationTitle(op: ApiOperation): string {
  return op.summary?.trim() || operationLabel(op);
}

/** The first tag of an operation, if it has one. */
function tagOf(op: ApiOperation): string | undefined {
  const tags = op.operation.tags;
  return Array.isArray(tags) && typeof tags[0] === 'string' && tags[0].trim() ? tags[0] : undefined;
}

/** The group name of a tag: its `x-group`, else its name. */
function tagGroup(spec: ApiSpec, tag: string): string {
  const list = Array.isArray(spec.document.tags) ? spec.document.tags : [];
  const t = list.map(obj).find((x) => x?.name === tag);
  return str(t?.['x-group']) ?? tag;
}

export const excluded = (op: ApiOperation) => op.operation['x-excluded'] === true;
const hiddenOp = (op: ApiOperation) => op.operation['x-hidden'] === true;

/** Front matter keys the generated text sets itself (metadata cannot replace `openapi`). */
const OWN_KEYS = new Set(['openapi']);

function pageText(spec: ApiSpec, op: ApiOperation, title: string): string {
  const xMint = obj(op.operation['x-mint']) ?? {};
  const fm: Json = { title };
  const description = str(op.operation.description);
  if (description?.trim()) fm.description = description.trim();
  // A spec path with whitespace cannot be written before the method: the lookup then searches every spec.
  fm.openapi = /\s/.test(spec.rel) ? operationLabel(op) : `${spec.rel} ${operationLabel(op)}`;
  if (op.deprecated) fm.deprecated = true;
  for (const [k, v] of Object.entries(obj(xMint.metadata) ?? {})) if (!OWN_KEYS.has(k) && v !== undefined) fm[k] = v;
  // JSON is YAML: each key and value written as JSON reads back exactly.
  const lines = Object.entries(fm).map(([k, v]) => `${/^[A-Za-z_][\w-]*$/.test(k) ? k : JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const content = str(xMint.content);
  return `---\n${lines.join('\n')}\n---\n\n${content ? content.trim() + '\n' : ''}`;
}

/** What a division's `openapi` says: the spec values (paths or URLs) and the folder of its pages. */
function readOpenapi(value: unknown): { sources: string[]; directory?: string } {
  if (typeof value === 'string') return { sources: [value] };
  if (Array.isArray(value)) return { sources: value.flatMap((v) => readOpenapi(v).sources) };
  const o = obj(value);
  if (!o) return { sources: [] };
  const dir = str(o.directory);
  return { sources: readOpenapi(o.source).sources, directory: (dir && trimSlashes(dir)) || undefined };
}

/** The generated pages of a site, made on demand while its model is built (see siteModelOf). */
export class ApiPages implements ApiNavigation {
  /** Generated pages by id (GraphQL pages too). */
  readonly pages = new Map<string, VirtualPage>();
  private readonly graphqlPages: GraphqlPages;
  private readonly asyncapiPages: AsyncapiPages;
  readonly sdkPages: SdkPages;
  /** Ids per spec and folder, given to every operation of the spec at once so that `-2` suffixes do not depend on order. */
  private readonly ids = new Map<string, Map<ApiOperation, string>>();

  constructor(
    private readonly openapi: OpenApiSet | undefined,
    /** Page ids that have a file: those win over a generated page. */
    private readonly filePages: { has(id: string): boolean },
    /** The config's `api.openapi`, used where no division sets one. */
    private readonly defaultOpenapi: unknown,
    graphql?: GraphqlSet,
    asyncapi?: AsyncapiSet,
    sdk?: SdkSet,
  ) {
    this.graphqlPages = new GraphqlPages(graphql, filePages, this.pages);
    this.asyncapiPages = new AsyncapiPages(asyncapi, filePages, this.pages);
    this.sdkPages = new SdkPages(sdk, filePages, this.pages);
  }

  sdkSection(value: unknown): NavItem[] {
    return this.sdkPages.section(value);
  }

  asyncapiSection(value: unknown): NavItem[] {
    return this.asyncapiPages.section(value);
  }

  graphqlSection(value: unknown): NavItem[] {
    return this.graphqlPages.section(value);
  }

  private get specs(): readonly ApiSpec[] {
    return this.openapi?.files ?? [];
  }

  /** The loaded specs an `openapi` value names. */
  specsOf(value: unknown): ApiSpec[] {
    const out: ApiSpec[] = [];
    for (const source of readOpenapi(value).sources) {
      const loaded = this.openapi?.entries.find((e) => e.entry.value === source.trim() && e.status.kind === 'loaded')?.status;
      const spec = loaded && loaded.kind === 'loaded' ? loaded.file : specsNamed(this.specs, source.trim())[0];
      if (spec && !out.includes(spec)) out.push(spec);
    }
    return out;
  }

  private idFor(spec: ApiSpec, op: ApiOperation, directory: string): string {
    const key = `${spec.rel}\0${directory}`;
    let ids = this.ids.get(key);
    if (!ids) {
      ids = new Map();
      const used = new Set<string>();
      for (const o of spec.operations) {
        const href = str(obj(o.operation['x-mint'])?.href);
        let id = href && !/^[a-z][a-z+.-]*:/i.test(href) ? trimTrailingSlashes(pageId(href.split('#')[0])) : '';
        if (!id) {
          const tag = tagOf(o);
          const base = [directory, tag ? urlSegment(tag) : '', urlSegment(operationTitle(o))].filter(Boolean).join('/');
          id = base;
          for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
        }
        used.add(id);
        ids.set(o, id);
      }
      this.ids.set(key, ids);
    }
    return ids.get(op)!;
  }

  /** The page of one operation (created once); a page file at the same id is returned as an id alone. Undefined for `x-excluded`. */
  pageOf(spec: ApiSpec, op: ApiOperation, directory = DEFAULT_API_DIRECTORY): NavPageItem | undefined {
    if (excluded(op)) return undefined;
    const id = this.idFor(spec, op, directory);
    if (this.filePages.has(id)) return { kind: 'page', id };
    if (!this.pages.has(id)) {
      const title = operationTitle(op);
      const page: GeneratedPage = { id, rel: `${id}.mdx`, spec, operation: op, title, hidden: hiddenOp(op), text: pageText(spec, op, title) };
      this.pages.set(id, page);
    }
    return { kind: 'page', id };
  }

  /** The specs an entry without a file name is looked up in: those of the `openapi` in force, else `api.openapi`'s, else every spec. */
  specsInForce(openapi: unknown): ApiSpec[] {
    const inForce = openapi !== undefined ? this.specsOf(openapi) : this.defaultOpenapi !== undefined ? this.specsOf(this.defaultOpenapi) : [];
    return inForce.length ? inForce : specsNamed(this.specs, undefined);
  }

  /** Whether the `openapi` in force names a URL with no copy in the site (its operations are unknown). */
  unreadable(openapi: unknown): boolean {
    const sources = readOpenapi(openapi ?? this.defaultOpenapi).sources.map((v) => v.trim());
    return !!this.openapi?.entries.some((e) => sources.includes(e.entry.value) && e.status.kind !== 'loaded');
  }

  /** The operation a navigation entry names, with the specs in force where it is written. */
  operationOf(value: string, openapi: unknown): { spec: ApiSpec; operation: ApiOperation } | undefined {
    const ref = parseEndpointRef(value);
    if (!ref) return undefined;
    if (ref.file !== undefined) {
      const found = findEndpoint(this.specs, value);
      return found.kind === 'found' ? { spec: found.spec, operation: found.operation } : undefined;
    }
    for (const spec of this.specsInForce(openapi)) {
      const operation = operationIn(spec, ref);
      if (operation) return { spec, operation };
    }
    return undefined;
  }

  entry(value: string, openapi: unknown): NavPageItem | undefined {
    const found = this.operationOf(value, openapi);
    if (!found) return undefined;
    const item = this.pageOf(found.spec, found.operation, readOpenapi(openapi ?? this.defaultOpenapi).directory);
    return item && !this.pages.get(item.id)?.hidden ? item : undefined;
  }

  section(openapi: unknown): NavItem[] {
    const { directory } = readOpenapi(openapi);
    const groups = new Map<string, NavPageItem[]>();
    const untagged: NavPageItem[] = [];
    for (const spec of this.specsOf(openapi)) {
      for (const op of spec.operations) {
        const item = this.pageOf(spec, op, directory);
        if (!item || hiddenOp(op)) continue;
        const tag = tagOf(op);
        if (tag === undefined) untagged.push(item);
        else {
          const name = tagGroup(spec, tag);
          groups.set(name, [...(groups.get(name) ?? []), item]);
        }
      }
    }
    return [...[...groups].map(([name, items]): NavItem => ({ kind: 'group', name, items })), ...untagged];
  }
}

export interface SiteApi {
  /** The site's model with its generated pages in the navigation, and the OpenAPI files on `apiSpecs`. */
  model: SiteModel;
  /** Generated pages by id (those the navigation lists, and `x-hidden` ones; GraphQL pages too). */
  pages: ReadonlyMap<string, VirtualPage>;
  /** Generated pages by their `rel`. */
  byRel: ReadonlyMap<string, VirtualPage>;
  /** Page id -> site-relative file, for files and generated pages (whose `rel` no file has). */
  allPages: ReadonlyMap<string, string>;
  /** The parsed text of a generated page, by its `rel` (parsed once); undefined for any other path. */
  doc(rel: string): PageDocument | undefined;
  /** A generated page's front matter alone, parsed (for the sidebar's titles: a large schema has thousands of pages). */
  head(rel: string): PageDocument | undefined;
  /** The generator (current format only): operation lookup with the `openapi` in force. */
  api?: ApiPages;
  /**
   * The reference a page file with `asyncapi:` or `sdk:` front matter shows after its own content (the
   * generated channel page's text, or the symbol's reference, parsed once); undefined for generated
   * pages, unknown channels and symbols.
   */
  channelDoc(rel: string, doc: PageDocument): PageDocument | undefined;
}

const cache = new WeakMap<Site, SiteApi>();

/** The model of a site with its generated API pages: built once per Site (a new Site comes with any change of config, files or specs). */
export function siteApi(site: Site): SiteApi {
  let out = cache.get(site);
  if (!out) {
    const config: ConfigDocument = site.config;
    const api =
      config.generation === 'current'
        ? new ApiPages(site.openapi, site.pages, valueOf(at(config.root, 'api', 'openapi')), site.graphql, site.asyncapi, site.sdk)
        : undefined;
    const model = buildSiteModel(config, api);
    if (site.openapi?.files.length) model.apiSpecs = site.openapi.files;
    if (site.asyncapi?.files.length) model.asyncapiSpecs = site.asyncapi.files;
    const pages = api?.pages ?? new Map<string, VirtualPage>();
    const allPages = new Map(site.pages);
    const byRel = new Map<string, VirtualPage>();
    for (const [id, g] of pages) {
      allPages.set(id, g.rel);
      byRel.set(g.rel, g);
    }
    const docs = new Map<string, PageDocument>();
    const doc = (rel: string) => {
      const g = byRel.get(rel);
      if (!g) return undefined;
      let d = docs.get(rel);
      if (!d) docs.set(rel, (d = parsePage(join(site.root, rel), g.text)));
      return d;
    };
    const heads = new Map<string, PageDocument>();
    const head = (rel: string) => {
      if (docs.has(rel)) return docs.get(rel);
      const g = byRel.get(rel);
      if (!g) return undefined;
      let d = heads.get(rel);
      if (!d) {
        // Generated texts open with their front matter: `---` ... `---`.
        const end = g.text.indexOf('\n---\n', 3);
        heads.set(rel, (d = parsePage(join(site.root, rel), end < 0 ? g.text : g.text.slice(0, end + 5))));
      }
      return d;
    };
    const channels = new Map<string, PageDocument | undefined>();
    const channelDoc = (rel: string, page: PageDocument) => {
      const sdk = page.frontmatter.data.sdk;
      if (sdk !== undefined && !byRel.has(rel) && site.sdk && api) {
        const key = `sdk\0${rel}\0${JSON.stringify(sdk)}`;
        if (!channels.has(key)) channels.set(key, sdkReference(site.sdk, api.sdkPages, rel, sdk, site.root));
        return channels.get(key);
      }
      const value = page.frontmatter.data.asyncapi;
      if (typeof value !== 'string' || byRel.has(rel) || !site.asyncapi) return undefined;
      if (!channels.has(value)) channels.set(value, channelReference(site.asyncapi, value, site.root));
      return channels.get(value);
    };
    out = { model, pages, byRel, allPages, doc, head, api, channelDoc };
    cache.set(site, out);
    model.unlistedApiFolders = unlistedApiFolders(site);
  }
  return out;
}

/** The generated reference of the symbol a page's `sdk:` value names, parsed; undefined when no loaded artifact has it. */
function sdkReference(set: SdkSet, pages: SdkPages, rel: string, value: unknown, root: string): PageDocument | undefined {
  const found = sdkSymbolOf(set, withoutMarkdownExt(rel), value);
  if (!found) return undefined;
  const text = symbolReference(found.file.model, found.file.format, found.symbol, pages.linksOf(found.file, found.directory), true);
  return parsePage(join(root, `${found.file.rel}.symbol.mdx`), `${symbolFrontMatter(found.symbol)}\n${text}\n`);
}

/** The generated text of the channel an `asyncapi:` value names, parsed; undefined when no loaded file has it. */
function channelReference(set: AsyncapiSet, value: string, root: string): PageDocument | undefined {
  const ref = readAsyncapiRef(value);
  const named = ref.file !== undefined ? asyncapiFileNamed(set, ref.file) : undefined;
  const files = ref.file !== undefined ? (named ? [named] : []) : set.files;
  for (const file of files) {
    const channel = asyncapiChannel(file, ref.channel);
    if (channel && file.model)
      return parsePage(join(root, `${file.rel}.channel.mdx`), channelPageText(file.model, file.rel, channel, channel.title?.trim() || channel.id));
  }
  return undefined;
}

/** The model of a site (generated API pages included). */
export function siteModelOf(site: Site): SiteModel {
  return siteApi(site).model;
}

/**
 * Folders whose API pages Docwright cannot list, so links into them are not checked: the `url` of
 * a classic tab or anchor with `openapi` (the format generates its pages there; Docwright does not
 * model classic generation), and the folder of a current-format division whose spec is a URL with
 * no copy in the site (its operations are unknown).
 */
export function unlistedApiFolders(site: Site): string[] {
  const out = new Set<string>();
  const config = site.config;
  const clean = (p: string) => trimSlashes(p);
  if (config.generation === 'classic') {
    for (const key of ['tabs', 'anchors']) {
      const list = valueOf(at(config.root, key));
      for (const item of Array.isArray(list) ? list : []) {
        const o = obj(item);
        const url = str(o?.url);
        if (o?.openapi !== undefined && url && !/^[a-z][a-z+.-]*:/i.test(url) && clean(url)) out.add(clean(url));
      }
    }
    return [...out];
  }
  const api = siteApi(site).api;
  for (const g of site.nav.groups) {
    const node = g.node.properties.find((p) => p.keyNode.value === 'openapi')?.valueNode;
    if (!node || !api?.unreadable(valueOf(node))) continue;
    out.add(readOpenapi(valueOf(node)).directory ?? DEFAULT_API_DIRECTORY);
  }
  // A tab's GraphQL schema that is a URL without a copy (or missing): its pages are unknown.
  for (const { entry, status } of site.graphql?.entries ?? []) if (status.kind !== 'loaded') out.add(entry.directory);
  // The same for an AsyncAPI file, and one the parser refused (its channels are unknown).
  for (const { entry, status } of site.asyncapi?.entries ?? []) if (status.kind !== 'loaded' || !status.file.model) out.add(entry.directory);
  // The same for an SDK artifact, and one of a format Docwright does not read yet.
  for (const { entry, status } of site.sdk?.entries ?? []) if (status.kind !== 'loaded') out.add(entry.directory);
  for (const entry of site.sdk?.unsupported ?? []) out.add(entry.directory);
  return [...out];
}

// The channel pages the format generates from AsyncAPI files (asyncapi-setup.mdx): `asyncapi` on a
// navigation division or group (a path, a list of paths, or `{ source, directory }`) adds a page per
// channel of each file, after the division's or group's own pages, in the file's order; a group's
// `asyncapi` beside its `openapi` is dropped, as the format drops it. Not documented, and chosen
// here: the URL `<directory>/<channel id in kebab case>` (`channelOne` -> `api-reference/channel-one`;
// `-2` on a clash in one folder, in file order) and the title, the channel's `title`, else its id.
// Pages are virtual pages as OpenAPI's and GraphQL's are (api-pages.ts); a page file at the same id
// wins. A file the parser refused, a URL without a copy or a missing file gives no pages.
import { trimSlashes } from '../util/paths';
import { DEFAULT_ASYNCAPI_DIRECTORY, type AsyncapiFile, type AsyncapiSet } from '../asyncapi/load';
import { channelPageText } from './asyncapi-text';
import { graphqlSegment } from './graphql-pages';
import type { NavItem, NavPageItem } from './model';

export interface AsyncapiPage {
  id: string;
  rel: string;
  title: string;
  hidden: boolean;
  text: string;
}

/** The sources and folder an `asyncapi` value names. */
export function readAsyncapiValue(value: unknown): { sources: string[]; directory: string } {
  const dirOf = (o: Record<string, unknown>) => (typeof o.directory === 'string' ? trimSlashes(o.directory.trim()) : '') || DEFAULT_ASYNCAPI_DIRECTORY;
  if (typeof value === 'string') return { sources: [value.trim()], directory: DEFAULT_ASYNCAPI_DIRECTORY };
  if (Array.isArray(value))
    return { sources: value.filter((v): v is string => typeof v === 'string').map((v) => v.trim()), directory: DEFAULT_ASYNCAPI_DIRECTORY };
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return { sources: typeof o.source === 'string' ? [o.source.trim()] : [], directory: dirOf(o) };
  }
  return { sources: [], directory: DEFAULT_ASYNCAPI_DIRECTORY };
}

export class AsyncapiPages {
  private readonly sections = new Map<string, NavPageItem[]>();
  /** Which file's channel each generated id is. */
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly asyncapi: AsyncapiSet | undefined,
    private readonly filePages: { has(id: string): boolean },
    private readonly pages: Map<string, AsyncapiPage>,
  ) {}

  /** The loaded files an `asyncapi` value names. */
  filesOf(value: unknown): AsyncapiFile[] {
    const out: AsyncapiFile[] = [];
    for (const source of readAsyncapiValue(value).sources) {
      const status = this.asyncapi?.entries.find((e) => e.entry.value === source && e.status.kind === 'loaded')?.status;
      if (status?.kind === 'loaded' && !out.includes(status.file)) out.push(status.file);
    }
    return out;
  }

  /** A page per channel of the files an `asyncapi` value names. */
  section(value: unknown): NavItem[] {
    const { directory } = readAsyncapiValue(value);
    const out: NavItem[] = [];
    for (const file of this.filesOf(value)) {
      const key = `${file.rel}\0${directory}`;
      let items = this.sections.get(key);
      if (!items) this.sections.set(key, (items = this.build(file, directory)));
      out.push(...items);
    }
    return out;
  }

  private build(file: AsyncapiFile, directory: string): NavPageItem[] {
    const model = file.model;
    if (!model) return [];
    return model.channels.map((channel) => {
      const base = `${directory}/${graphqlSegment(channel.id.replace(/[^\p{L}\p{N}]+/gu, '-'))}`;
      const me = `${file.rel}\0${channel.id}`;
      let id = base;
      // A channel of the same file or of another one may hold the id already.
      for (let n = 2; this.owners.has(id) && this.owners.get(id) !== me; n++) id = `${base}-${n}`;
      this.owners.set(id, me);
      const title = channel.title?.trim() || channel.id;
      if (!this.filePages.has(id) && !this.pages.has(id)) {
        let text: string | undefined;
        this.pages.set(id, {
          id,
          rel: `${id}.mdx`,
          title,
          hidden: false,
          get text() {
            return (text ??= channelPageText(model, file.rel, channel, title));
          },
        });
      }
      return { kind: 'page', id };
    });
  }
}

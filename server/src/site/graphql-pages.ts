// The pages the format generates from a tab's GraphQL schema (graphql-setup.mdx): under the tab,
// the sections Queries (a page per field of the Query root), Mutations (per field of Mutation) and
// Types (a page per named object, input, enum, interface, union and scalar type), after the tab's
// own groups. Not documented, and chosen here: the URLs, `<directory>/queries/<name>`,
// `<directory>/mutations/<name>`, `<directory>/subscriptions/<name>` and `<directory>/types/<name>`
// with the name in kebab case (`createIssue` -> `create-issue`, `URI` -> `uri`; a second name with
// the same segment in one folder gets `-2`, in schema order); a Subscriptions section after
// Mutations when the schema has a Subscription root; root types get no type page (their fields
// are the operation pages); built-in scalars get none either. Each page is a virtual page as
// OpenAPI's are (api-pages.ts): an id, a `rel` no file has, and an MDX text; a page file at the
// same id wins.
import type { GraphqlFile, GraphqlSet } from '../graphql/load';
import { readGraphqlValue } from '../graphql/load';
import type { GraphqlModel } from '../graphql/schema';
import { operationPageText, typePageText, type GraphqlOperationKind } from './graphql-text';
import type { NavItem, NavPageItem } from './model';

/** A generated GraphQL page: what the page maps of api-pages.ts hold. */
export interface GraphqlPage {
  id: string;
  rel: string;
  title: string;
  hidden: boolean;
  text: string;
}

/** A name as a URL segment: words of a camelCase or PascalCase name split by `-`, lower case. */
export function graphqlSegment(name: string): string {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
      .replace(/_+/g, '-')
      .toLowerCase()
      .replace(/^-+|-+$/g, '') || 'type'
  );
}

const SECTIONS: { kind: GraphqlOperationKind; folder: string; title: string; list: (m: GraphqlModel) => GraphqlModel['queries'] }[] = [
  { kind: 'query', folder: 'queries', title: 'Queries', list: (m) => m.queries },
  { kind: 'mutation', folder: 'mutations', title: 'Mutations', list: (m) => m.mutations },
  { kind: 'subscription', folder: 'subscriptions', title: 'Subscriptions', list: (m) => m.subscriptions },
];

/** Unique ids for names in one folder, in order. */
function idsFor(folder: string, names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = `${folder}/${graphqlSegment(name)}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

export class GraphqlPages {
  /** Sections per schema file and folder, built once. */
  private readonly sections = new Map<string, NavItem[]>();

  constructor(
    private readonly graphql: GraphqlSet | undefined,
    /** Page ids that have a file: those win over a generated page. */
    private readonly filePages: { has(id: string): boolean },
    /** Where generated pages go (shared with the OpenAPI pages). */
    private readonly pages: Map<string, GraphqlPage>,
  ) {}

  /** The loaded schema a tab's `graphql` names. */
  fileOf(value: unknown): GraphqlFile | undefined {
    const { source } = readGraphqlValue(value);
    const found = this.graphql?.entries.find((e) => e.entry.value === source && e.status.kind === 'loaded')?.status;
    return found?.kind === 'loaded' ? found.file : undefined;
  }

  /** The generated sections of a tab's `graphql`: Queries, Mutations (Subscriptions), Types; none when its schema is not loaded. */
  section(value: unknown): NavItem[] {
    const file = this.fileOf(value);
    if (!file) return [];
    const { directory } = readGraphqlValue(value);
    const key = `${file.rel}\0${directory}`;
    let items = this.sections.get(key);
    if (!items) this.sections.set(key, (items = this.build(file.model, directory)));
    // Each tab gets its own copy of the groups (the model places them), sharing the pages.
    return items.map((g) => (g.kind === 'group' ? { ...g, items: [...g.items] } : g));
  }

  private page(id: string, title: string, make: () => string): NavPageItem {
    if (!this.filePages.has(id) && !this.pages.has(id)) {
      // The text is made when first read: a check of a large schema's site reads none of them.
      let text: string | undefined;
      this.pages.set(id, {
        id,
        rel: `${id}.mdx`,
        title,
        hidden: false,
        get text() {
          return (text ??= make());
        },
      });
    }
    return { kind: 'page', id };
  }

  private build(model: GraphqlModel, directory: string): NavItem[] {
    const typeIds = idsFor(
      `${directory}/types`,
      model.types.map((t) => t.name),
    );
    const links = new Map(model.types.map((t, i) => [t.name, typeIds[i]]));
    const out: NavItem[] = [];
    for (const s of SECTIONS) {
      const fields = s.list(model);
      if (fields.length === 0) continue;
      const ids = idsFor(
        `${directory}/${s.folder}`,
        fields.map((f) => f.name),
      );
      const items = fields.map((f, i) => this.page(ids[i], f.name, () => operationPageText(model, s.kind, f, links)));
      out.push({ kind: 'group', name: s.title, items });
    }
    if (model.types.length)
      out.push({ kind: 'group', name: 'Types', items: model.types.map((t, i) => this.page(typeIds[i], t.name, () => typePageText(model, t, links))) });
    return out;
  }
}

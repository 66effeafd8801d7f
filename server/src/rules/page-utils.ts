// Helpers shared by page rules: example sites, ranges and fixes on a page, front matter access.
import type { Node } from 'unist';
import type { PageDocument } from '../pages/parse';
import type { Fact } from '../site/site-index';
import type { Fix, Range, TextEdit } from '../types';
import { nodesOf } from '../pages/nodes';
import { findSecrets, type SecretMatch } from '../util/secrets';
import { importedOnlyPages } from '../site/imports';
import { unistRange } from '../pages/range';
import type { CrossPageRule, PageReport, PageRule, SiteFiles } from './types';
import { withoutMarkdownExt } from '../util/page-files';
import { holdsRole } from '../components/catalog';

const FRONT = '---\ntitle: "Create your first note"\ndescription: "Create, tag and find a note with the Acme API in five minutes."\n---\n\n';

/** A one-page site whose page `example.mdx` has `body` after a good front matter block. */
export function pageSite(body: string, options: { frontmatter?: string; extra?: SiteFiles; pages?: string[] } = {}): SiteFiles {
  const pages = ['example', ...(options.pages ?? [])];
  const files: SiteFiles = {
    'docs.json':
      JSON.stringify(
        { name: 'Acme', favicon: 'https://acme.dev/favicon.svg', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Guides', pages }] },
        null,
        2,
      ) + '\n',
    'example.mdx': (options.frontmatter ?? FRONT) + body,
  };
  for (const p of options.pages ?? []) {
    const title = (p.split('/').pop() ?? p).replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
    files[`${p}.mdx`] = `---\ntitle: "${title}"\ndescription: "The ${title} page of the example site."\n---\n\n## Overview\n\nText.\n`;
  }
  return { ...files, ...options.extra };
}

export function pageFix(page: Pick<PageDocument, 'path'>, title: string, edits: TextEdit[], isPreferred = false): Fix {
  return { title, edits: [{ path: page.path, edits }], isPreferred };
}

export function offsetOf(node: Node): { start: number; end: number } | undefined {
  const s = node.position?.start.offset;
  const e = node.position?.end.offset;
  return s === undefined || e === undefined ? undefined : { start: s, end: e };
}

/** A string front matter field, trimmed, or undefined. */
export function fmString(page: PageDocument, key: string): string | undefined {
  const v = page.frontmatter.data[key];
  return typeof v === 'string' ? v.trim() : undefined;
}

/** A page's `api` and `openapi` front matter strings, null when it has neither (rules read it from every page). */
export const API_FRONTMATTER: Fact<{ api?: string; openapi?: string } | null> = {
  key: 'api',
  of(page) {
    const { api, openapi } = page.frontmatter.data;
    if (typeof api !== 'string' && typeof openapi !== 'string') return null;
    return { ...(typeof api === 'string' ? { api } : {}), ...(typeof openapi === 'string' ? { openapi } : {}) };
  },
};

/** Pages that document an API endpoint (front matter `api` or `openapi`). */
export function isApiPage(page: Pick<PageDocument, 'frontmatter'>): boolean {
  return typeof page.frontmatter.data.api === 'string' || typeof page.frontmatter.data.openapi === 'string';
}

/** The page's file name without folder and extension. */
export function fileStem(page: PageDocument): string {
  return withoutMarkdownExt(page.path.split('/').pop() ?? '');
}

/** The range of a node's first line (for block nodes whose whole range would be too loud). */
export function firstLineRange(page: PageDocument, node: Node): Range | undefined {
  const o = offsetOf(node);
  if (!o) return undefined;
  const nl = page.text.indexOf('\n', o.start);
  const end = nl < 0 || nl > o.end ? o.end : nl;
  return page.index.range(o.start, end - o.start);
}

/** The secrets found in each code block of a page (no-secrets and auth-header both need them). */
export function codeSecrets(page: PageDocument): { node: Node; source: string; offset: number; secrets: SecretMatch[] }[] {
  let found = secretCache.get(page);
  if (!found) {
    found = codeSources(page).map((c) => ({ ...c, secrets: findSecrets(c.source) }));
    secretCache.set(page, found);
  }
  return found;
}

const secretCache = new WeakMap<PageDocument, { node: Node; source: string; offset: number; secrets: SecretMatch[] }[]>();

/** The page's code blocks and inline code with their raw source text and its offset. */
export function codeSources(page: PageDocument): { node: Node; source: string; offset: number }[] {
  const out: { node: Node; source: string; offset: number }[] = [];
  for (const node of nodesOf(page, 'code', 'inlineCode')) {
    const o = offsetOf(node);
    if (o) out.push({ node, source: page.text.slice(o.start, o.end), offset: o.start });
  }
  return out;
}

/** Names of the JSX components used on a page. */
export function componentNames(page: PageDocument): Set<string> {
  let names = componentNameCache.get(page);
  if (!names) {
    names = new Set<string>();
    for (const node of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      if ('name' in node && typeof node.name === 'string') names.add(node.name);
    }
    componentNameCache.set(page, names);
  }
  return names;
}

const componentNameCache = new WeakMap<PageDocument, Set<string>>();

/** Pages that document an API endpoint: `api`/`openapi` front matter, or parameter/response fields. */
export function documentsEndpoint(page: PageDocument): boolean {
  if (isApiPage(page)) return true;
  const names = componentNames(page);
  return holdsRole(names, 'api-field');
}

/**
 * Pages that document an HTTP endpoint for sure: `api`/`openapi` front matter, or request/response
 * examples beside parameter or response fields. (ParamField and ResponseField alone also document
 * config options and props.)
 */
export function isEndpointPage(page: PageDocument): boolean {
  if (isApiPage(page)) return true;
  const names = componentNames(page);
  return holdsRole(names, 'api-example') && holdsRole(names, 'api-field');
}

/**
 * A rule that does not apply to pages only other pages import (snippets kept outside `snippets/`).
 * Whether a page is one depends on every page's imports, so the rule is a cross-page one: its
 * page-only check runs with the tree, and its reports stand unless the page is imported only.
 */
export function exceptImportedOnly(rule: PageRule): CrossPageRule<PageReport[]> {
  const { check, ...meta } = rule;
  return {
    ...meta,
    collect({ page, id, index }) {
      const reports: PageReport[] = [];
      check({ page, id, index, report: ({ node, ...r }) => reports.push(node && !r.range ? { ...r, range: unistRange(page, node) } : r) });
      return reports;
    },
    check({ id, index, data, report }) {
      if (!importedOnlyPages(index).has(id)) for (const r of data) report(r);
    },
  };
}

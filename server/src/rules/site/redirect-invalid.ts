import { type ASTNode, child, isArray, isString } from '../../config/ast';
import type { ConfigDocument } from '../../config/parse';
import { deref, field, type Located } from '../../config/refs';
import { siteApi, unlistedApiFolders } from '../../site/api-pages';
import { MAX_SOURCE_PARAMS, Redirects, SourcePattern } from '../../site/redirects';
import { linkedPage } from '../../site/navigation';
import type { Site } from '../../site/site';
import { isExternalUrl, trimSlashes, trimTrailingSlashes } from '../../util/paths';
import { nearest } from '../../util/suggest';
import { configFix, nodeRange, replaceNode } from '../edits';
import { exampleSite, minimalConfig } from '../examples';
import type { RuleReport, SiteRule } from '../types';

interface Entry {
  doc: ConfigDocument;
  source: string;
  destination: string;
  sourceNode: ASTNode;
  destinationNode: ASTNode;
}

/** The config's redirects with the nodes that hold them (the list may come from a `"$ref"` file). */
function entries(config: ConfigDocument): Entry[] {
  if (!config.root) return [];
  const current = config.generation === 'current';
  const get = (at: Located, key: string): Located | undefined => {
    if (current) return field(config, at, key);
    const node = child(at.node, key);
    return node && { doc: at.doc, node };
  };
  const list = get({ doc: config, node: config.root }, 'redirects');
  if (!list || !isArray(list.node)) return [];
  const out: Entry[] = [];
  for (const item of list.node.items) {
    const at = current ? deref(config, { doc: list.doc, node: item }) : { doc: list.doc, node: item };
    const s = get(at, 'source');
    const d = get(at, 'destination');
    if (!s || !d || !isString(s.node) || !isString(d.node)) continue; // the schema reports it
    out.push({ doc: s.doc, source: s.node.value, destination: d.node.value, sourceNode: s.node, destinationNode: d.node });
  }
  return out;
}

const PARAM = /:[A-Za-z_]\w*\*?|\*/;
const bare = (path: string) => trimSlashes(path.split(/[?#]/)[0]);
/** One path a source matches (`/beta/:slug*` -> `beta/x-loop-check`), to follow its chain. */
const sample = (source: string) => bare(source).replace(new RegExp(PARAM.source, 'g'), 'x-loop-check');

/** Whether a page id is in one of the folders (or is one). */
const inFolders = (id: string, folders: readonly string[]) => folders.some((f) => id === f || id.startsWith(f + '/'));

/** A page (generated API pages included), a file, or a folder of API pages Docwright cannot list. */
function sitePathExists(site: Site, pages: ReadonlyMap<string, string>, apiFolders: string[], path: string): boolean {
  const p = bare(path).replace(/\.(mdx?|html)$/i, '');
  return p === '' || linkedPage(pages, p) !== undefined || site.files.has(bare(path)) || inFolders(p, apiFolders);
}

const SITE = (destination: string) => ({
  ...exampleSite(minimalConfig(['introduction', 'guides/setup'], { redirects: [{ source: '/old/setup', destination }] }), ['introduction', 'guides/setup']),
});

export const redirectInvalid: SiteRule = {
  id: 'redirect-invalid',
  description: 'Every redirect leads to a page (or a URL), does not loop, and hides no page.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'A redirect (`redirects` in docs.json, or the file its `"$ref"` names) sends readers of an old address on. Its destination must be a page of the site, a file, a folder of generated API pages or an external URL, or readers land on a 404; a destination with a parameter (`/v2/:slug*`) must at least lead into a folder that holds pages. Redirects that lead back to themselves (`/a` → `/b` → `/a`, or `/docs/:slug*` → `/docs/v2/:slug*`) never arrive. A source that is the path of an existing page hides that page, since the host applies redirects before it serves pages. Sources cannot hold an `#anchor` or a `?query` (destinations may have an anchor). The quick fix points a destination at the nearest page.',
    bad: SITE('/guides/set-up'),
    good: SITE('/guides/setup'),
  },
  check({ site, report }) {
    const list = entries(site.config);
    if (list.length === 0) return;
    // A source with an #anchor or ?query matches no path (reported below): it takes no part in a chain.
    const redirects = new Redirects(list.filter((e) => !/[?#]/.test(e.source)).map((e) => ({ source: e.source, destination: e.destination })));
    const apiFolders = unlistedApiFolders(site);
    const pages = siteApi(site).allPages;
    const exists = (p: string) => sitePathExists(site, pages, apiFolders, p);
    const ids = [...pages.keys()];
    const at = (e: Entry, node: ASTNode, message: string, fixes: RuleReport['fixes'] = []) =>
      report({ message, path: e.doc.path, range: nodeRange(e.doc, node), fixes });
    const loops = new Set<string>();

    for (const e of list) {
      const where = `Redirect "${e.source}" -> "${e.destination}"`;
      if (/[?#]/.test(e.source)) {
        at(e, e.sourceNode, `${where}: a source cannot hold an #anchor or a ?query; the host matches paths only.`);
        continue;
      }
      const source = bare(e.source);
      if (source === '') continue;
      const hasParams = PARAM.test(source);
      const pattern = new SourcePattern(source);
      if (pattern.tooManyParams) {
        at(
          e,
          e.sourceNode,
          `${where}: the source has ${pattern.params.length} parameters and wildcards; Docwright matches sources with up to ${MAX_SOURCE_PARAMS}, so it leads no link anywhere.`,
        );
        continue;
      }

      // A loop: following the redirects from a path the source matches never ends.
      const chain: string[] = [];
      const start = sample(e.source);
      if (redirects.matches(start) && redirects.resolve(start, (p) => (chain.push(p), false)) === undefined) {
        const key = [...new Set([start, ...chain])].sort().join('\n');
        if (!loops.has(key)) {
          loops.add(key);
          const shown = [start, ...chain.slice(0, 4)].map((p) => `/${p.replace(/x-loop-check/g, '…')}`).join(' -> ');
          at(e, e.sourceNode, `${where}: the redirects loop (${shown}${chain.length > 4 ? ' -> …' : ''}); readers never arrive.`);
        }
        continue;
      }

      // A source that is a page's path hides the page.
      const hidden = hasParams
        ? ids.filter((id) => pattern.match(id) !== undefined)
        : [linkedPage(pages, source.replace(/\.(mdx?|html)$/i, ''))].filter((id): id is string => id !== undefined);
      if (hidden.length > 0) {
        const pages =
          hidden
            .slice(0, 3)
            .map((id) => `"${id}"`)
            .join(', ') + (hidden.length > 3 ? ` and ${hidden.length - 3} more` : '');
        at(
          e,
          e.sourceNode,
          `${where}: the source is the path of ${hidden.length === 1 ? 'the page' : 'the pages'} ${pages}, which readers can no longer reach (the host redirects before it serves pages). Remove the redirect or the page.`,
        );
      }

      // The destination.
      const destination = e.destination.trim();
      if (isExternalUrl(destination)) {
        if (!/^(https?:)?\/\//i.test(destination) && !/^mailto:/i.test(destination))
          at(e, e.destinationNode, `${where}: the destination leads nowhere a browser can follow (only http(s) URLs and site paths).`);
        continue;
      }
      const dest = bare(destination);
      if (PARAM.test(dest)) {
        // Only the part before the first parameter is known: some page must start with it.
        const prefix = dest.split(PARAM)[0];
        if (prefix === '' || ids.some((id) => id.startsWith(prefix)) || inFolders(trimTrailingSlashes(prefix), apiFolders)) continue;
        at(e, e.destinationNode, `${where}: no page of the site starts with "/${prefix}", so every address it matches leads to a 404.`);
        continue;
      }
      const end = redirects.resolve(dest, exists);
      if (end !== undefined && isExternalUrl(end)) continue;
      if (exists(end ?? dest)) continue;
      const similar = nearest(dest, ids);
      const hash = destination.includes('#') ? destination.slice(destination.indexOf('#')) : '';
      at(
        e,
        e.destinationNode,
        `${where}: no page or file "/${dest}" in this site, so readers land on a 404.` + (similar ? ` Did you mean "/${similar}"?` : ''),
        similar
          ? [configFix(e.doc, `Redirect to "/${similar}${hash}"`, [replaceNode(e.doc, e.destinationNode, JSON.stringify(`/${similar}${hash}`))], true)]
          : [],
      );
    }
  },
};

// External links (`docwright check --external`): the http(s) URLs a site's pages, snippets and
// docs.json lead readers to, located, and the findings made from what the host learnt by requesting
// them. Pure: the host (node/external-links.ts) makes the requests and keeps the cache; these rules
// run outside the rule set, only when asked for.
import { compareFindings } from '../check';
import { type ASTNode, isArray, isObject, isString } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { findComponent } from '../components/catalog';
import { autolinkRuns, mayAutolink } from '../pages/autolinks';
import { HTML_FILE_ATTRIBUTES } from '../pages/assets';
import { jsxAttributes, isJsxElement } from '../pages/jsx';
import { scanLinks } from '../pages/link-scan';
import { findUrl, pageLinks } from '../pages/links';
import { ancestorsOf, nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { unistRange } from '../pages/range';
import { nodeRange } from '../rules/edits';
import { inlineSuppressions, resolveSeverity, type RuleSettings } from '../rules/severity';
import type { Text } from 'mdast';
import type { Site } from '../site/site';
import type { Finding, Range, Severity } from '../types';

export const LINK_EXTERNAL_BROKEN = 'link-external-broken';
export const LINK_EXTERNAL_REDIRECT = 'link-external-redirect';

/** The metadata of the external-link checks (they run only with `--external`, outside the rule set). */
export interface HostRuleMeta {
  id: string;
  description: string;
  severity: Severity;
  fixable: boolean;
  /** Why the rule exists and how it runs, in Markdown (its generated page has no examples: they would need the network). */
  rationale: string;
}

export const EXTERNAL_LINK_RULES: readonly HostRuleMeta[] = [
  {
    id: LINK_EXTERNAL_BROKEN,
    description: 'An external (http or https) link or image of a page or docs.json answers with an error, or its host cannot be reached (`check --external`).',
    severity: 'warning',
    fixable: false,
    rationale:
      'External links rot silently: a page moves, a product is renamed, a domain lapses. With `docwright check --external` every `http(s)` URL of the pages, snippets and docs.json (links, images and other embedded files, bare URLs the format links, front matter and docs.json values such as navbar links, anchors and footer socials) is requested once, HEAD first and GET when HEAD is refused; a 4xx or 5xx answer, a host name that does not resolve, a refused connection or no answer within the time limit is reported with the status or the error. A warning by default: the link is outside the site, and a host may be down for a moment (raise it to `error` in `.docwright.json` to fail CI on it). Results are cached in `node_modules/.cache/docwright/links.json` (24 hours for working links, 1 hour for failures). URLs of documentation placeholders (`example.com`, `.example`) are not requested; patterns in `.docwright.json` `externalLinks.ignore` leave URLs out. Never runs without `--external`.',
  },
  {
    id: LINK_EXTERNAL_REDIRECT,
    description: 'An external link or image permanently redirects (301 or 308): link to where it leads (`check --external`).',
    severity: 'information',
    fixable: true,
    rationale:
      'A permanent redirect says the address moved for good: readers take a detour, and the old address may stop redirecting one day. Reported when the URL as written answers 301 or 308 (through up to 5 redirects); the fix writes the address the permanent redirects lead to (a temporary redirect, 302, 303 or 307, is how the host wants it reached: not reported). Runs only with `docwright check --external`.',
  },
];

const EXTERNAL_IDS = EXTERNAL_LINK_RULES.map((r) => r.id);

/** One place a site leads to an external URL. */
export interface ExternalLinkUse {
  /** The URL as written. */
  url: string;
  /** The URL requested: parsed and normalised, without fragment or user name and password. */
  target: string;
  /** The file it is written in (absolute). */
  path: string;
  /** Where to report it. */
  range: Range;
  /** The URL text itself, when it is written as is (for the fix). */
  urlRange?: Range;
  /** The external-link rules an inline comment turns off here. */
  off?: string[];
}

/**
 * Host names kept for documentation (RFC 2606, RFC 6761): `example.com`, `.net`, `.org` and their
 * subdomains, and the `.example` top-level domain. A URL on them is a placeholder, never requested.
 */
function isPlaceholderHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return /(^|\.)example\.(com|net|org)$/.test(h) || h === 'example' || h.endsWith('.example');
}

/** The URL to request for `written` (normalised; no fragment, user or password), or undefined when it is no http(s) URL to check. */
export function requestUrl(written: string): string | undefined {
  const text = written.trim();
  if (!/^https?:\/\//i.test(text) || /[\s{}<>`]/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.hostname === '' || isPlaceholderHost(url.hostname)) return undefined;
  url.hash = '';
  url.username = '';
  url.password = '';
  return url.href;
}

/** Keys of docs.json whose URLs are no links readers follow: the schema, API servers and specs (checked by the OpenAPI rules), integrations. */
const CONFIG_KEYS_SKIPPED = new Set(['$schema', 'api', 'openapi', 'asyncapi', 'integrations']);

/** Every external URL of docs.json (and the files its `"$ref"` values load): navbar and footer links, anchors, tabs, logos, redirects…. */
export function configExternalLinks(site: Site): ExternalLinkUse[] {
  const out: ExternalLinkUse[] = [];
  const docs: ConfigDocument[] = [site.config, ...(site.config.refs?.values() ?? [])];
  for (const config of docs) {
    const stack: ASTNode[] = config.root ? [config.root] : [];
    while (stack.length) {
      const node = stack.pop()!;
      if (isObject(node)) {
        for (const p of node.properties) if (p.valueNode && !CONFIG_KEYS_SKIPPED.has(p.keyNode.value)) stack.push(p.valueNode);
      } else if (isArray(node)) {
        for (const item of node.items) stack.push(item);
      } else if (isString(node)) {
        const target = requestUrl(node.value);
        if (target === undefined) continue;
        // The fix replaces the text inside the quotes, only when it is the URL as is (no escapes).
        const inner = config.text.slice(node.offset + 1, node.offset + node.length - 1) === node.value;
        out.push({
          url: node.value,
          target,
          path: config.path,
          range: nodeRange(config, node),
          ...(inner ? { urlRange: config.index.range(node.offset + 1, node.value.length) } : {}),
        });
      }
    }
  }
  return out;
}

/** Front matter keys whose URLs are no links readers follow (API specs and servers). */
const FRONTMATTER_KEYS_SKIPPED = new Set(['openapi', 'api', 'asyncapi']);

/**
 * Every external URL of a page or snippet: its links (Markdown links and definitions, `href`
 * attributes), the files it embeds (images, `src` of media elements, components' file attributes),
 * the bare URLs the format links, and URLs in front matter. A page not read in full gives the links
 * of its scan (pages/link-scan.ts).
 */
export function pageExternalLinks(page: PageDocument): ExternalLinkUse[] {
  const found: { url: string; range: Range; urlOffset?: { start: number; end: number } }[] = [];
  const at = (offset: { start: number; end: number }) => page.index.range(offset.start, offset.end - offset.start);
  if (page.tooLarge !== undefined) {
    for (const l of scanLinks(page.text)) found.push({ url: l.url, range: at(l), urlOffset: l });
  } else {
    for (const link of pageLinks(page))
      found.push({ url: link.url, range: link.urlOffset ? at(link.urlOffset) : unistRange(page, link.node), urlOffset: link.urlOffset });
    for (const node of nodesOf(page, 'image', 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      if (node.type === 'image' && 'url' in node) {
        const url = String(node.url);
        const urlOffset = findUrl(page, node, url);
        found.push({ url, range: urlOffset ? at(urlOffset) : unistRange(page, node), urlOffset });
        continue;
      }
      if (!isJsxElement(node) || !node.name) continue;
      const html = Object.hasOwn(HTML_FILE_ATTRIBUTES, node.name) ? HTML_FILE_ATTRIBUTES[node.name] : [];
      const spec = findComponent(node.name);
      for (const attr of jsxAttributes(node, page.text)) {
        if (typeof attr.value !== 'string' || attr.name === 'href') continue;
        if (!html.includes(attr.name) && spec?.attributes.find((a) => a.name === attr.name)?.file === undefined) continue;
        found.push({ url: attr.value, range: attr.valueOffset ? at(attr.valueOffset) : unistRange(page, attr.node), urlOffset: attr.valueOffset });
      }
    }
    for (const node of nodesOf<Text>(page, 'text')) {
      if (!mayAutolink(node.value) || !/https?:\/\//i.test(node.value)) continue;
      if (ancestorsOf(page, node).some((a) => a.type === 'link' || a.type === 'linkReference')) continue;
      const runs = autolinkRuns(node.value);
      const [start, end] = [node.position?.start.offset, node.position?.end.offset];
      if (!runs || start === undefined || end === undefined) continue;
      let from = start;
      for (const run of runs) {
        if (run.url === undefined || !/^https?:\/\//i.test(run.text)) continue;
        const i = page.text.indexOf(run.text, from);
        if (i < 0 || i + run.text.length > end) continue;
        from = i + run.text.length;
        const urlOffset = { start: i, end: from };
        found.push({ url: run.url, range: at(urlOffset), ...(run.url === run.text ? { urlOffset } : {}) });
      }
    }
  }
  for (const [key, where] of page.frontmatter.keys) {
    const value = page.frontmatter.data[key];
    if (typeof value !== 'string' || FRONTMATTER_KEYS_SKIPPED.has(key)) continue;
    const start = page.index.offsetAt(where.value.start);
    const i = page.text.indexOf(value, start);
    const urlOffset = i >= 0 && i + value.length <= page.index.offsetAt(where.value.end) ? { start: i, end: i + value.length } : undefined;
    found.push({ url: value, range: urlOffset ? at(urlOffset) : where.value, urlOffset });
  }
  const suppressed = page.tooLarge === undefined ? inlineSuppressions(page) : () => false;
  const seen = new Set<string>();
  const out: ExternalLinkUse[] = [];
  for (const f of found) {
    const target = requestUrl(f.url);
    const key = `${f.range.start.line}:${f.range.start.character}`;
    if (target === undefined || seen.has(key)) continue;
    seen.add(key);
    const off = EXTERNAL_IDS.filter((id) => suppressed(id, f.range.start.line));
    // The fix replaces the URL text only where it is written as the URL itself (no entities, no escapes).
    const exact = f.urlOffset !== undefined && page.text.slice(f.urlOffset.start, f.urlOffset.end) === f.url;
    out.push({
      url: f.url,
      target,
      path: page.path,
      range: f.range,
      ...(exact ? { urlRange: at(f.urlOffset!) } : {}),
      ...(off.length ? { off } : {}),
    });
  }
  return out;
}

/** The URL patterns of `.docwright.json` `externalLinks`: `*` stands for any run of characters; a pattern matches the whole URL. */
export interface ExternalLinkFilter {
  /** URLs never requested nor reported. */
  ignore: readonly string[];
  /** When not empty: only the URLs matching one of these are checked. */
  include: readonly string[];
}

function patternMatcher(patterns: readonly string[]): (url: string) => boolean {
  if (patterns.length === 0) return () => false;
  const source = patterns
    .map((p) =>
      p
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
        .join('.*'),
    )
    .join('|');
  const re = new RegExp(`^(?:${source})$`, 'i');
  return (url) => re.test(url);
}

/** The uses to check: those the filter lets through, whose rules are not all turned off there. */
export function usesToCheck(uses: readonly ExternalLinkUse[], filter: ExternalLinkFilter): ExternalLinkUse[] {
  const ignored = patternMatcher(filter.ignore);
  const included = filter.include.length ? patternMatcher(filter.include) : () => true;
  return uses.filter((u) => (included(u.target) || included(u.url)) && !ignored(u.target) && !ignored(u.url) && (u.off?.length ?? 0) < EXTERNAL_IDS.length);
}

/** The distinct URLs to request for these uses, sorted. */
export function externalTargets(uses: readonly ExternalLinkUse[]): string[] {
  return [...new Set(uses.map((u) => u.target))].sort();
}

/** What requesting a URL showed. */
export type ExternalLinkResult =
  | { kind: 'ok' }
  /** Answered through permanent redirects (301/308) from the URL as written: `to` is where they lead. */
  | { kind: 'redirect'; status: number; to: string }
  /** An error status (`status`) or no answer; `reason` says which, for the message. */
  | { kind: 'broken'; reason: string; status?: number }
  /** Not known (not requested, or the host kept refusing to answer for now): nothing is reported. */
  | { kind: 'unknown'; reason: string };

/** Where the written URL leads: `to` with the written URL's fragment kept (a redirect drops it from the request, not from the link). */
function fixedUrl(written: string, to: string): string {
  const hash = written.indexOf('#');
  if (hash < 0 || to.includes('#')) return to;
  return to + written.slice(hash);
}

/**
 * The findings of the uses from the results by target: `link-external-broken` and
 * `link-external-redirect`, at the severities the settings and the site's `.docwright.json` give,
 * except where an inline comment turns them off.
 */
export function externalLinkFindings(
  site: Site,
  uses: readonly ExternalLinkUse[],
  results: ReadonlyMap<string, ExternalLinkResult>,
  settings?: RuleSettings,
): Finding[] {
  const [broken, redirect] = EXTERNAL_LINK_RULES.map((r) => resolveSeverity(r.id, r.severity, settings, site.projectRules));
  const out: Finding[] = [];
  for (const use of uses) {
    const result = results.get(use.target);
    if (!result) continue;
    if (result.kind === 'broken' && broken !== 'off' && !use.off?.includes(LINK_EXTERNAL_BROKEN)) {
      out.push({
        ruleId: LINK_EXTERNAL_BROKEN,
        severity: broken,
        message: `External link ${use.target} is broken: ${result.reason}.`,
        path: use.path,
        range: use.range,
      });
    } else if (result.kind === 'redirect' && redirect !== 'off' && !use.off?.includes(LINK_EXTERNAL_REDIRECT)) {
      const to = fixedUrl(use.url, result.to);
      out.push({
        ruleId: LINK_EXTERNAL_REDIRECT,
        severity: redirect,
        message: `${use.target} permanently redirects (${result.status}) to ${result.to}: link to the new address.`,
        path: use.path,
        range: use.range,
        ...(use.urlRange ? { fixes: [{ title: `Link to ${to}`, edits: [{ path: use.path, edits: [{ range: use.urlRange, newText: to }] }] }] } : {}),
      });
    }
  }
  return out.sort(compareFindings);
}

// llms.txt as the format writes it (ai/llmstxt.mdx at mintlify/docs 3bbce7aa1abf): `# Site name`, the
// site description as a `> summary`, `markdown.instructions` as an `Agent Instructions` block, then
// `## Section` lists of `- [Title](url): description` (the pages, in navigation order), `## OpenAPI
// Specs` and `## AsyncAPI Specs` (links to the spec files), and `## Optional` (the navigation's
// external links). Descriptions are the first paragraph, cut at 300 characters. The file stays under
// LLMS_TXT_MAX_CHARS: descriptions are shortened first, then entries dropped from the end, with a
// note saying what is left out. The export checks what it built with site/llms-txt.ts, as the
// `llms-txt` rule checks a hand-written one (which the export copies instead, byte for byte).
import type { ExportContext, PageOutput } from './export';
import { agentInstructionsBlock, oneLine } from './markdown';
import { LLMS_TXT_MAX_CHARS } from '../site/llms-txt';
import { isExternalUrl, resolveRel } from '../util/paths';
import { CONFIG_FILE_NAME } from '../config/files';
import { LLMS_TXT_NAME } from '../site/site';

/** The index the export writes, where a site's own one stands. */
export const LLMS_TXT = LLMS_TXT_NAME;
/** Every page's Markdown in one file, beside llms.txt. */
export const LLMS_FULL_TXT = 'llms-full.txt';

/** The format's cap, kept with the other llms.txt limits that `check` and `score` apply. */
export { LLMS_TXT_MAX_CHARS };
/** The format keeps a page's description to its first paragraph, cut at this many characters. */
export const LLMS_DESCRIPTION_CHARS = 300;
/** Shorter than this a cut description says nothing (`Wo…`): it is left out instead (the format gives no length). */
export const LLMS_MIN_DESCRIPTION_CHARS = 40;
/** The format's names for the spec and external-link sections. */
export const OPENAPI_SECTION = 'OpenAPI Specs';
export const ASYNCAPI_SECTION = 'AsyncAPI Specs';
export const OPTIONAL_SECTION = 'Optional';

export interface LlmsEntry {
  title: string;
  url: string;
  description?: string;
}

export interface LlmsSection {
  name: string;
  entries: LlmsEntry[];
}

export interface LlmsInput {
  name: string;
  summary: string;
  /** `markdown.instructions`, lines joined: written after the summary. */
  instructions?: string;
  /** The pages, section by section, in the order they are listed. */
  sections: LlmsSection[];
  /** Links to the OpenAPI and AsyncAPI files, and the navigation's external links (never shortened or dropped). */
  openapi?: LlmsEntry[];
  asyncapi?: LlmsEntry[];
  optional?: LlmsEntry[];
  /** What the truncation note adds when pages are dropped (for example where every page is). */
  omittedHint?: string;
  /** Default LLMS_TXT_MAX_CHARS. */
  maxChars?: number;
}

export interface LlmsTxt {
  text: string;
  /** The longest description kept, in characters (LLMS_DESCRIPTION_CHARS when none was shortened). */
  descriptionChars: number;
  /** Pages left out to stay under the cap. */
  omitted: number;
  /** Still over the cap with every page left out (the name, summary or instructions alone are too long). */
  overCap: boolean;
}

/** Markdown link text: brackets and backslashes escaped, one line. */
function linkText(s: string): string {
  return oneLine(s).replace(/[\\[\]]/g, (c) => `\\${c}`);
}

const URL_ESCAPES: Record<string, string> = { ' ': '%20', '(': '%28', ')': '%29', '<': '%3C', '>': '%3E' };
/** A URL in a Markdown link: spaces, parentheses and angle brackets percent-encoded. */
function linkUrl(s: string): string {
  return s.replace(/[ ()<>]/g, (c) => URL_ESCAPES[c]);
}

/** `s` in at most `limit` characters: cut at a word where one is near the end, with an ellipsis; empty below 2. */
export function shortenText(s: string, limit: number): string {
  if (s.length <= limit) return s;
  if (limit < 2) return '';
  let cut = s.slice(0, limit - 1);
  // Never half a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space > limit / 2) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** A page's description as llms.txt lists it: its first paragraph, on one line, at most LLMS_DESCRIPTION_CHARS. */
export function llmsDescription(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const first = oneLine(description.trim().split(/\r?\n\s*\r?\n/)[0] ?? '');
  return first ? shortenText(first, LLMS_DESCRIPTION_CHARS) : undefined;
}

function item(e: LlmsEntry, descriptionChars: number): string {
  const d = e.description ? shortenText(oneLine(e.description), descriptionChars) : '';
  return `- [${linkText(e.title)}](${linkUrl(e.url)})${d ? `: ${d}` : ''}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The note that says which pages a capped llms.txt leaves out: a count per section, in order, the first five named. */
function omittedNote(input: LlmsInput, omitted: LlmsSection[], shortened: boolean, maxChars: number): string {
  const total = omitted.reduce((n, s) => n + s.entries.length, 0);
  const all = input.sections.reduce((n, s) => n + s.entries.length, 0);
  const named = omitted.filter((s) => s.entries.length > 0);
  const shown = named.slice(0, 5).map((s) => `${count(s.entries.length)} in "${oneLine(s.name) || 'Pages'}"`);
  if (named.length > 5) shown.push(`${count(named.slice(5).reduce((n, s) => n + s.entries.length, 0))} in ${named.length - 5} more sections`);
  return (
    `This index lists ${count(all - total)} of ${count(all)} pages: to stay under ${count(maxChars)} characters` +
    `${shortened ? ', the descriptions are left out and' : ''} the last ${count(total)} pages are not listed (${shown.join(', ')}).` +
    (input.omittedHint ? ` ${input.omittedHint}` : '')
  );
}

/** The text with descriptions cut at `descriptionChars` and the first `keep` pages (in listed order) only. */
function render(input: LlmsInput, descriptionChars: number, keep: number, maxChars: number): string {
  const out = [`# ${oneLine(input.name)}`, '', `> ${oneLine(input.summary)}`, ''];
  if (input.instructions) out.push(agentInstructionsBlock(input.instructions), '');
  const kept: LlmsSection[] = [];
  const omitted: LlmsSection[] = [];
  let left = keep;
  for (const s of input.sections) {
    const n = Math.max(0, Math.min(left, s.entries.length));
    left -= n;
    kept.push({ name: s.name, entries: s.entries.slice(0, n) });
    if (n < s.entries.length) omitted.push({ name: s.name, entries: s.entries.slice(n) });
  }
  // The format appends its note; here it goes above the sections, where llmstxt.org puts notes (a
  // section holds only links, and `Optional` comes last), and where an agent reads it first.
  if (omitted.length > 0) out.push(omittedNote(input, omitted, descriptionChars === 0, maxChars), '');
  const section = (name: string, entries: readonly LlmsEntry[], chars: number) => {
    if (entries.length === 0) return;
    out.push(`## ${oneLine(name)}`, '');
    for (const e of entries) out.push(item(e, chars));
    out.push('');
  };
  for (const s of kept) section(s.name, s.entries, descriptionChars);
  section(OPENAPI_SECTION, input.openapi ?? [], 0);
  section(ASYNCAPI_SECTION, input.asyncapi ?? [], 0);
  section(OPTIONAL_SECTION, input.optional ?? [], 0);
  return out.join('\n');
}

/** The largest n in [lo, hi] for which `fits(n)`, given `fits(lo)`; a value it returns always fits. */
function largest(lo: number, hi: number, fits: (n: number) => boolean): number {
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * llms.txt under the format's cap: whole when it fits; else every description cut to the longest
 * length that fits (none below LLMS_MIN_DESCRIPTION_CHARS); else no descriptions and the pages from the end dropped (the format does not say
 * which it drops; the last listed are the least central, and what stays is still in navigation
 * order), with the note.
 */
export function buildLlmsTxt(input: LlmsInput): LlmsTxt {
  const max = input.maxChars ?? LLMS_TXT_MAX_CHARS;
  const pages = input.sections.reduce((n, s) => n + s.entries.length, 0);
  const full = render(input, LLMS_DESCRIPTION_CHARS, pages, max);
  if (full.length <= max) return { text: full, descriptionChars: LLMS_DESCRIPTION_CHARS, omitted: 0, overCap: false };
  const bare = render(input, 0, pages, max);
  if (bare.length <= max) {
    const fits = largest(0, LLMS_DESCRIPTION_CHARS, (n) => render(input, n, pages, max).length <= max);
    const chars = fits < LLMS_MIN_DESCRIPTION_CHARS ? 0 : fits;
    return { text: render(input, chars, pages, max), descriptionChars: chars, omitted: 0, overCap: false };
  }
  const none = render(input, 0, 0, max);
  if (none.length > max) return { text: none, descriptionChars: 0, omitted: pages, overCap: true };
  const keep = largest(0, pages, (n) => render(input, 0, n, max).length <= max);
  return { text: render(input, 0, keep, max), descriptionChars: 0, omitted: pages - keep, overCap: false };
}

/** Whether a site path lies in the folder of a language other than the default (`fr/...`): the two files hold the default language. */
function otherLanguage(ctx: ExportContext): (rel: string) => boolean {
  const languages = ctx.source.model.languages ?? [];
  const main = (languages.find((l) => l.default) ?? languages[0])?.code;
  const others = new Set(languages.map((l) => l.code).filter((c) => c !== main));
  return (rel) => others.has(rel.split('/')[0]);
}

/** The pages llms.txt and llms-full.txt list, section by section. */
export interface LlmsPages {
  sections: { name: string; ids: string[] }[];
  /** Every page listed, for lookups. */
  ids: ReadonlySet<string>;
}

/**
 * Which pages the two files list (organize/hidden-pages.mdx, ai/llmstxt.mdx): the navigation pages
 * of the default language and version, in order, without `hidden` or `noindex` ones. With
 * `seo.indexing: "all"` hidden pages stay, and the pages outside the navigation follow in
 * alphabetical order (of their paths). Chosen where the docs are silent or unclear: `noindex` pages
 * stay out even then (the page's own opt-out of indexing, which hidden-pages.mdx says still
 * applies); the pages outside the navigation form a section "Other pages"; a page under another
 * language's folder and the site's own 404 page are not among them.
 */
export function llmsPages(ctx: ExportContext): LlmsPages {
  const { source, plan } = ctx;
  const all = source.model.indexAll === true;
  const listed = (id: string) => {
    const data = source.head(plan.byId.get(id)?.rel ?? '')?.frontmatter.data;
    return data?.noindex !== true && (all || data?.hidden !== true);
  };
  const sections = plan.sections.map((s) => ({ name: s.name, ids: s.ids.filter(listed) })).filter((s) => s.ids.length > 0);
  if (all) {
    const foreign = otherLanguage(ctx);
    const others = plan.pages
      .filter((p) => !p.listed && p.id !== '404' && !foreign(p.id) && listed(p.id))
      .map((p) => p.id)
      .sort();
    if (others.length > 0) sections.push({ name: 'Other pages', ids: others });
  }
  return { sections, ids: new Set(sections.flatMap((s) => s.ids)) };
}

/** The spec files llms.txt links to: site files (copied into the export) and URLs. */
export interface LlmsSpecs {
  openapi: string[];
  asyncapi: string[];
}

const SPEC_FILE = /\.(json|ya?ml)$/i;

/** A spec named in docs.json or front matter: a site file, an http(s) URL, or nothing the export can link to. */
function specRef(value: string, files: ReadonlySet<string>): string | undefined {
  if (isExternalUrl(value)) return /^https?:\/\//i.test(value) ? value : undefined;
  const rel = resolveRel(CONFIG_FILE_NAME, value);
  return rel && files.has(rel) ? rel : undefined;
}

/**
 * The OpenAPI and AsyncAPI files of the site's API reference: the OpenAPI files when the site has
 * API pages (the site's specs the export copies for them), and URLs docs.json names that no site
 * file stands for; the AsyncAPI files docs.json names and the ones pages' `asyncapi` front matter
 * names (`/asyncapi.yaml channel`). Not those in another language's folder (the doc does not say;
 * the rest of the file is the default language's).
 */
export function llmsSpecs(ctx: ExportContext, outputs: readonly PageOutput[]): LlmsSpecs {
  const { model, files } = ctx.source;
  const foreign = otherLanguage(ctx);
  const openapi: string[] = [];
  if (outputs.some((o) => o.api)) {
    for (const spec of model.apiSpecs ?? []) if (!foreign(spec.rel)) openapi.push(spec.rel);
    const copies = new Set((model.apiSpecs ?? []).flatMap((s) => s.aliases ?? []));
    for (const v of model.api?.openapi ?? []) if (/^https?:\/\//i.test(v) && !copies.has(v)) openapi.push(v);
  }
  const asyncapi: string[] = [];
  for (const v of model.asyncapi ?? []) {
    const ref = specRef(v, files);
    if (ref) asyncapi.push(ref);
  }
  for (const p of ctx.plan.pages) {
    const value = ctx.source.head(p.rel)?.frontmatter.data.asyncapi;
    const file = typeof value === 'string' ? value.trim().split(/\s+/)[0] : undefined;
    const ref = file && (SPEC_FILE.test(file.split(/[?#]/)[0]) || isExternalUrl(file)) ? specRef(file, files) : undefined;
    if (ref) asyncapi.push(ref);
  }
  return { openapi: [...new Set(openapi)], asyncapi: [...new Set(asyncapi)].filter((r) => !foreign(r)) };
}

/** A spec file's link title: its path without the extension (`openapi`, `api/v2/openapi`), a URL's last segment. */
function specTitle(ref: string): string {
  const path = isExternalUrl(ref) ? (ref.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? ref) : ref;
  return path.replace(SPEC_FILE, '') || path;
}

/** The external links of the navigation (tabs, anchors, dropdowns, products, menu items that are http(s) URLs), each once. */
export function navigationLinks(ctx: ExportContext): LlmsEntry[] {
  const m = ctx.source.model;
  const links: { name: string; url?: string; hidden?: boolean }[] = [
    ...m.tabs,
    ...m.anchors,
    ...[...(m.dropdowns ?? []), ...(m.products ?? []), ...(m.menus ?? [])].map((d) => ({ name: d.name, url: d.href, hidden: d.hidden })),
  ];
  const seen = new Set<string>();
  const out: LlmsEntry[] = [];
  for (const l of links) {
    if (!l.url || l.hidden || !/^https?:\/\//i.test(l.url) || seen.has(l.url)) continue;
    seen.add(l.url);
    out.push({ title: l.name || l.url, url: l.url });
  }
  return out;
}

/** The generated llms.txt of an export: the listed pages, the spec files the export holds (`present`), the external links. */
export function exportLlmsTxt(
  ctx: ExportContext,
  pages: LlmsPages,
  outputs: ReadonlyMap<string, PageOutput>,
  specs: LlmsSpecs,
  summary: string,
  link: (outputPath: string) => string,
  present: (outputPath: string) => boolean,
  fullTxt: boolean,
): LlmsTxt {
  const { model } = ctx.source;
  const sections: LlmsSection[] = pages.sections.map((s) => ({
    name: s.name,
    entries: s.ids.flatMap((id) => {
      const o = outputs.get(id);
      const p = ctx.plan.byId.get(id);
      return o && p ? [{ title: o.title, url: link(p.md), description: llmsDescription(o.description) }] : [];
    }),
  }));
  const specLinks = (refs: string[]) =>
    refs.flatMap((r) => (isExternalUrl(r) ? [{ title: specTitle(r), url: r }] : present(r) ? [{ title: specTitle(r), url: link(r) }] : []));
  return buildLlmsTxt({
    name: model.name,
    summary,
    instructions: model.agentInstructions,
    sections,
    openapi: specLinks(specs.openapi),
    asyncapi: specLinks(specs.asyncapi),
    optional: navigationLinks(ctx),
    omittedHint: fullTxt ? `${LLMS_FULL_TXT} holds every page.` : undefined,
  });
}

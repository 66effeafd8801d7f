// Shared test helpers: sites in memory, applying edits and fixes, cursor markers.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { checkAll, type CheckOptions } from '../server/src/check';
import type { Project } from '../server/src/project';
import { parsePage, type PageDocument } from '../server/src/pages/parse';
import { createSiteIndex, type SiteIndex } from '../server/src/site/site-index';
import { isCodeFile, isSnippetFile } from '../server/src/site/imports';
import { join } from '../server/src/util/paths';
import { LineIndex } from '../server/src/util/text';
import { loadSite, type Site } from '../server/src/site/site';
import type { SiteFiles } from '../server/src/rules/types';
import type { Finding, Fix, Position, TextEdit } from '../server/src/types';
import { MemoryWorkspace } from '../server/src/workspace';
import { createMermaidCheck } from '../server/src/pages/mermaid';
import type { Speller } from '../server/src/util/speller';
import { createRequire } from 'node:module';
import { hostAsyncapiReader } from '../server/src/node/asyncapi';

/** Mermaid diagrams checked with Mermaid's browser build, as the server and the CLI check them. */
export const TEST_MERMAID = createMermaidCheck(() => readFileSync(createRequire(__filename).resolve('mermaid/dist/mermaid.min.js'), 'utf8'));

/**
 * A spelling dictionary that knows every word but a few misspellings (with their corrections): rule
 * examples and other tests check what they are about, not the vocabulary of their fixtures
 * (test/unit/spelling.test.ts reads the real dictionaries).
 */
export const TEST_SPELLER: Speller = {
  knows: (word) => !Object.hasOwn(TEST_MISSPELLINGS, word.toLowerCase()),
  suggest: (word, max) => (TEST_MISSPELLINGS[word.toLowerCase()] ?? []).slice(0, max),
};
const TEST_MISSPELLINGS: Record<string, string[]> = { recieve: ['receive', 'relieve'], seperate: ['separate'], definately: ['definitely'] };

export const ROOT = '/site';

export async function siteFrom(files: SiteFiles | MemoryWorkspace): Promise<{ site: Site; ws: MemoryWorkspace }> {
  const ws = files instanceof MemoryWorkspace ? files : new MemoryWorkspace(files, ROOT);
  const site = await loadSite(ws, ROOT, { asyncapi: hostAsyncapiReader });
  if (!site) throw new Error('no docs.json or mint.json in the test site');
  return { site, ws };
}

/** The site with every page parsed. */
export async function indexFrom(files: SiteFiles | MemoryWorkspace): Promise<{ index: SiteIndex; ws: MemoryWorkspace }> {
  const { site, ws } = await siteFrom(files);
  const pages = new Map<string, PageDocument>();
  for (const [id, rel] of site.pages) pages.set(id, parsePage(join(ROOT, rel), ws.files.get(join(ROOT, rel)) ?? ''));
  // Snippet files, as the editor's Project gives them (the anchors of pages that render them read them).
  const snippets = new Map<string, PageDocument>();
  for (const rel of site.files) if (isSnippetFile(rel)) snippets.set(rel, parsePage(join(ROOT, rel), ws.files.get(join(ROOT, rel)) ?? ''));
  // Code files as text (the ids their components write are the anchors of pages that use them).
  const code = (rel: string) => (isCodeFile(rel) && site.files.has(rel) ? ws.files.get(join(ROOT, rel)) : undefined);
  return { index: createSiteIndex(site, pages, { snippets, code }), ws };
}

/** Every finding of a site: config, files and pages. */
export async function check(files: SiteFiles | MemoryWorkspace): Promise<Finding[]> {
  return checkAll((await indexFrom(files)).index, { mermaid: TEST_MERMAID, speller: TEST_SPELLER });
}

/** Applies LSP-style text edits (non-overlapping) to a text. */
/** Every finding of a project's site, as `docwright check` gives them (checkAll over its pages and snippets). */
export async function checkProject(project: Project, root: string, options: CheckOptions = {}): Promise<Finding[]> {
  const sources = await project.sources(root);
  return sources ? checkAll(sources.index, options, sources.snippets) : [];
}

export function applyEdits(text: string, edits: TextEdit[]): string {
  const index = new LineIndex(text);
  const sorted = edits
    .map((e) => ({ start: index.offsetAt(e.range.start), end: index.offsetAt(e.range.end), newText: e.newText }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** Applies a fix to an in-memory workspace. */
export function applyFix(ws: MemoryWorkspace, fix: Fix): void {
  for (const c of fix.createFiles ?? []) if (!ws.files.has(c.path)) ws.files.set(c.path, c.content);
  for (const fe of fix.edits) ws.files.set(fe.path, applyEdits(ws.files.get(fe.path) ?? '', fe.edits));
}

/** Splits `text` at the `|` cursor marker. */
export function cursor(textWithMarker: string): { text: string; position: Position } {
  const offset = textWithMarker.indexOf('|');
  if (offset < 0) throw new Error('no | marker');
  const text = textWithMarker.slice(0, offset) + textWithMarker.slice(offset + 1);
  return { text, position: new LineIndex(text).positionAt(offset) };
}

export function summarize(findings: Finding[]): string[] {
  return findings.map((f) => `${f.ruleId} ${f.path.replace(ROOT + '/', '')}:${f.range.start.line + 1}:${f.range.start.character + 1}`);
}

/** Writes a site's files below `dir` on disk (for CLI and language-server tests). */
export function writeSiteToDisk(dir: string, files: SiteFiles): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(nodePath.dirname(nodePath.join(dir, rel)), { recursive: true });
    writeFileSync(nodePath.join(dir, rel), text);
  }
}

/** The bundled example site (current docs.json format, API pages generated from its OpenAPI files). */
export const EXAMPLE_SITE = nodePath.resolve(__dirname, '../examples/starter');
/** The example site as it was in the classic docs.json format, frozen: what tests of classic sites and migration read. */
export const CLASSIC_SITE = nodePath.resolve(__dirname, 'fixtures/classic-starter');

/** The .mdx files below a folder, sorted. */
export function mdxFilesIn(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir)) {
    const p = nodePath.join(dir, f);
    if (statSync(p).isDirectory()) out.push(...mdxFilesIn(p));
    else if (p.endsWith('.mdx')) out.push(p);
  }
  return out.sort();
}

/** What two parses of the same text must agree on: tree, front matter, syntax error (no parser-private data). */
export function comparablePage(page: PageDocument): unknown {
  // YAML aliases can make front matter circular (`a: &a [*a]`).
  const seen = new WeakSet<object>();
  const replacer = (k: string, v: unknown) => {
    if (k === 'data') return undefined;
    if (v && typeof v === 'object') {
      if (seen.has(v)) return '[seen]';
      seen.add(v);
    }
    return v;
  };
  return JSON.parse(JSON.stringify({ tree: page.tree, fm: page.frontmatter.data, err: page.syntaxError?.message }, replacer));
}

/** Every file under `dir` (text), by path relative to it, skipping dot folders and node_modules. */
export function readSiteFromDisk(dir: string): SiteFiles {
  const out: SiteFiles = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(nodePath.join(dir, sub))) {
      if (name.startsWith('.') && name !== '.docwright.json' && name !== '.mintignore') continue;
      if (name === 'node_modules') continue;
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(nodePath.join(dir, rel)).isDirectory()) walk(rel);
      else out[rel] = readFileSync(nodePath.join(dir, rel), 'utf8');
    }
  };
  walk('');
  return out;
}

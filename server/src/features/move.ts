// Moving or renaming files and folders of a site, and renaming headings: the edits that keep every
// reference true (features/references.ts finds them). Each path keeps the style it was written in:
// from the site root or relative, with or without its extension, a folder link to an index page,
// its `?query` and `#anchor`. Edits are keyed by the files' paths before the move (the editor
// applies them, then moves the files).
import { posix } from 'node:path';
import { child, isArray, isObject, type ObjectASTNode } from '../config/ast';
import type { ConfigDocument } from '../config/parse';
import { field } from '../config/refs';
import { parsePage } from '../pages/parse';
import { pageId } from '../site/navigation';
import { pageAnchors } from '../site/site-index';
import type { Site } from '../site/site';
import type { FileEdit, Range, TextEdit } from '../types';
import { cleanHeadingId, slugify } from '../util/slug';
import { anchorRange, type HeadingAt, type Reference, referencesToHeading, siteReferences, type SiteSources } from './references';
import { decodeUriSafe, trimTrailingSlashes } from '../util/paths';
import { isMarkdownFile, markdownExtOf } from '../util/page-files';

/** A file or folder moving, both site-relative. */
export interface Move {
  from: string;
  to: string;
}

/** Where `rel` goes when `from` (a file or a folder) moves to `to`; undefined when it does not move. */
export function movedPath(rel: string, from: string, to: string): string | undefined {
  if (rel === from) return to;
  if (rel.startsWith(from + '/')) return to + rel.slice(from.length);
  return undefined;
}

function destinationIn(moves: readonly Move[]): (rel: string) => string | undefined {
  return (rel) => {
    for (const m of moves) {
      const d = movedPath(rel, m.from, m.to);
      if (d !== undefined) return d;
    }
    return undefined;
  };
}

/** `newPath` from the folder of `fromRel`, as a relative path (`./` kept when the original had it). */
function relativeFrom(fromRel: string, newPath: string, dotSlash: boolean): string {
  let rel = posix.relative(posix.dirname(fromRel), newPath);
  if (rel === '') rel = '.';
  if (dotSlash && !rel.startsWith('.')) rel = './' + rel;
  return rel;
}

/** A link, asset or llms.txt URL rewritten for a target that moved (or from a file that moved). */
export function rewriteUrl(written: string, fromRel: string, oldTarget: string, newTarget: string, isPage: boolean): string {
  const cut = written.search(/[?#]/);
  const path = cut < 0 ? written : written.slice(0, cut);
  const rest = cut < 0 ? '' : written.slice(cut);
  if (path === '') return written;
  const decoded = decodeUriSafe(path);
  const trailing = decoded.length > 1 && decoded.endsWith('/');
  const last = posix.basename(trimTrailingSlashes(decoded));
  let next: string;
  if (isPage) {
    const writtenExt = /\.(mdx|md|html?)$/i.exec(last)?.[0] ?? '';
    const ext = writtenExt && writtenExt.toLowerCase() === posix.extname(oldTarget).toLowerCase() ? posix.extname(newTarget) : writtenExt;
    let id = pageId(newTarget);
    // A link to a folder that shows its index page stays a link to the folder.
    const viaIndex = /(^|\/)index$/.test(pageId(oldTarget)) && last.replace(/\.[a-z]+$/i, '') !== 'index';
    if (viaIndex && /(^|\/)index$/.test(id)) id = id.replace(/\/?index$/, '');
    next = id === '' ? '' : id + ext;
  } else next = newTarget;
  let out = decoded.startsWith('/') ? '/' + next : next === '' ? relativeFrom(fromRel, '.', false) : relativeFrom(fromRel, next, decoded.startsWith('./'));
  if (trailing && !out.endsWith('/')) out += '/';
  if (decoded !== path) out = encodeURI(out);
  return out + rest;
}

/** The import path to write for `target` in a file at `fileRel`, in the style of `original`. */
function rewriteImport(original: string, fileRel: string, target: string): string {
  const keepExt = /\.[a-z]+$/i.test(posix.basename(original));
  const t = keepExt ? target : target.replace(/\.(mdx|md|jsx|js|tsx|ts)$/i, '');
  if (original.startsWith('/')) return '/' + t;
  let rel = posix.relative(posix.dirname(fileRel), t);
  if (!rel.startsWith('.')) rel = './' + rel;
  return rel;
}

/** A navigation entry for a page that moved: leading slash and extension as written. */
function rewriteNavEntry(written: string, oldTarget: string, newTarget: string): string {
  const lead = /^\.?\/+/.exec(written.trim())?.[0] ?? '';
  const writtenExt = markdownExtOf(written.trim());
  const ext = writtenExt && writtenExt.toLowerCase() === posix.extname(oldTarget).toLowerCase() ? posix.extname(newTarget) : writtenExt;
  return lead + pageId(newTarget) + ext;
}

/** Text as it goes inside a JSON string. */
function jsonInner(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

function newTextFor(r: Reference, newFromRel: string, newTarget: string): string {
  switch (r.kind) {
    case 'import':
      return rewriteImport(r.text, newFromRel, newTarget);
    case 'snippet':
      return r.text.startsWith('/') || !newTarget.startsWith('snippets/') ? '/' + newTarget : newTarget.slice('snippets/'.length);
    case 'nav':
      return jsonInner(rewriteNavEntry(r.text, r.target, newTarget));
    case 'config-link':
      return jsonInner(rewriteUrl(r.text, r.fromRel, r.target, newTarget, true));
    default:
      return rewriteUrl(r.text, newFromRel, r.target, newTarget, r.page !== undefined);
  }
}

function rangeKey(path: string, r: Range): string {
  return `${path}:${r.start.line}:${r.start.character}:${r.end.line}:${r.end.character}`;
}

/** Groups edits by file, one edit per range. */
function collect(edits: { path: string; edit: TextEdit }[]): FileEdit[] {
  const byPath = new Map<string, TextEdit[]>();
  const seen = new Set<string>();
  for (const { path, edit } of edits) {
    const key = rangeKey(path, edit.range);
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byPath.get(path) ?? [];
    list.push(edit);
    byPath.set(path, list);
  }
  return [...byPath].map(([path, list]) => ({ path, edits: list }));
}

/**
 * The edits that keep the site's references true when files or folders move: links, images and
 * file attributes, imports and `<Snippet file>`, navigation entries, redirect destinations and
 * llms.txt links; relative paths written in a moved file are written again from its new place.
 */
export function moveEdits(src: SiteSources, moves: readonly Move[]): FileEdit[] {
  const destination = destinationIn(moves);
  const out: { path: string; edit: TextEdit }[] = [];
  for (const r of siteReferences(src)) {
    const movedTarget = destination(r.target);
    // docs.json and llms.txt name pages from the site root: only a moved target changes them.
    const holderMoves = r.kind !== 'nav' && r.kind !== 'config-link' && r.kind !== 'llms' ? destination(r.fromRel) : undefined;
    if (movedTarget === undefined && holderMoves === undefined) continue;
    const next = newTextFor(r, holderMoves ?? r.fromRel, movedTarget ?? r.target);
    const current = r.kind === 'nav' || r.kind === 'config-link' ? jsonInner(r.text) : r.text;
    if (next !== current) out.push({ path: r.path, edit: { range: r.range, newText: next } });
  }
  return collect(out);
}

/** The pages that move (old id -> new id), for redirects. */
export function movedPages(site: Site, moves: readonly Move[]): { from: string; to: string }[] {
  const destination = destinationIn(moves);
  const out: { from: string; to: string }[] = [];
  for (const [id, rel] of site.pages) {
    const to = destination(rel);
    if (to !== undefined && isMarkdownFile(to) && pageId(to) !== id) out.push({ from: id, to: pageId(to) });
  }
  return out;
}

/** The URL path of a page id, as redirects write it (`guides/index` is `/guides`). */
export function pageUrl(id: string): string {
  return '/' + id.replace(/(^|\/)index$/, '');
}

/** The indentation of the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * An edit that adds `redirects` entries (old URL -> new URL) to the site's config, in either
 * generation (both read a top-level `redirects` array of `{ source, destination }`); in the file a
 * `"$ref"` loads it from when it is there. Sources already redirected are left alone.
 */
export function redirectEdits(site: Site, pages: readonly { from: string; to: string }[]): FileEdit[] {
  const config = site.config;
  if (!config.root || !isObject(config.root)) return [];
  const list = field(config, { doc: config, node: config.root }, 'redirects');
  const existing = new Set<string>();
  if (list && isArray(list.node)) {
    for (const item of list.node.items) {
      const source = isObject(item) ? child(item, 'source') : undefined;
      if (source?.type === 'string') existing.add(pageUrl(pageId(source.value)));
    }
  }
  const entries = pages
    .map((p) => ({ source: pageUrl(p.from), destination: pageUrl(p.to) }))
    .filter((e) => e.source !== e.destination && !existing.has(e.source));
  if (entries.length === 0) return [];
  const line = (e: { source: string; destination: string }) => `{ "source": ${JSON.stringify(e.source)}, "destination": ${JSON.stringify(e.destination)} }`;
  if (list && isArray(list.node)) {
    const doc: ConfigDocument = list.doc;
    const items = list.node.items;
    if (items.length > 0) {
      const last = items[items.length - 1];
      const end = last.offset + last.length;
      const indent = indentAt(doc.text, last.offset);
      return [{ path: doc.path, edits: [{ range: doc.index.range(end, 0), newText: entries.map((e) => `,\n${indent}${line(e)}`).join('') }] }];
    }
    const open = list.node.offset + 1;
    const indent = indentAt(doc.text, list.node.offset) + '  ';
    const outer = indentAt(doc.text, list.node.offset);
    return [
      {
        path: doc.path,
        edits: [{ range: doc.index.range(open, list.node.length - 2), newText: `\n${entries.map((e) => indent + line(e)).join(',\n')}\n${outer}` }],
      },
    ];
  }
  const root = config.root as ObjectASTNode;
  const props = root.properties;
  const indent = props.length ? indentAt(config.text, props[0].offset) || '  ' : '  ';
  const body = `"redirects": [\n${entries.map((e) => indent + indent + line(e)).join(',\n')}\n${indent}]`;
  if (props.length === 0)
    return [{ path: config.path, edits: [{ range: config.index.range(root.offset + 1, root.length - 2), newText: `\n${indent}${body}\n` }] }];
  const lastProp = props[props.length - 1];
  const end = lastProp.offset + lastProp.length;
  return [{ path: config.path, edits: [{ range: config.index.range(end, 0), newText: `,\n${indent}${body}` }] }];
}

/**
 * Renaming a heading of page `id`: its text changes, and every `#anchor` link to it (and to the
 * headings whose de-duplicated anchors shift with it, `setup-2` becoming `setup`) follows, across
 * the site. A heading with a custom `{#id}` keeps its anchor, so only its text changes.
 */
export function headingRenameEdits(src: SiteSources, id: string, heading: HeadingAt, newName: string): FileEdit[] {
  const doc = src.index.pages.get(id);
  const text = newName.trim();
  if (!doc || text === '') return [];
  const out: { path: string; edit: TextEdit }[] = [{ path: doc.path, edit: { range: heading.range, newText: text } }];
  if (!heading.custom) {
    const start = doc.index.offsetAt(heading.range.start);
    const end = doc.index.offsetAt(heading.range.end);
    const before = pageAnchors(doc).map((a) => a.anchor);
    const after = pageAnchors(parsePage(doc.path, doc.text.slice(0, start) + text + doc.text.slice(end))).map((a) => a.anchor);
    const changes = new Map<string, string>();
    if (before.length === after.length) before.forEach((a, i) => a !== after[i] && changes.set(a, after[i]));
    else changes.set(heading.anchor, cleanHeadingId(slugify(text)));
    for (const [from, to] of changes) {
      for (const r of referencesToHeading(src, id, from)) {
        const range = anchorRange(r);
        if (!range) continue;
        out.push({ path: r.path, edit: { range, newText: r.kind === 'config-link' ? jsonInner(to) : to } });
      }
    }
  }
  return collect(out);
}

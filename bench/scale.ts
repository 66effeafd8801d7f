// A site shaped like the largest public one of the format (issue 50): the same pages in many
// versions and languages (33 x 4 x 190 = 25,080 pages, about 100 MB of MDX), and the figures the
// issue sets for it: `docwright check` time against the parse floor of the same pages and its peak
// memory, `docwright export`'s peak memory, and the language server's resident memory after its
// first check. Deterministic: the same arguments always give byte-identical files.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { URI } from 'vscode-uri';
import { migrateConfig } from '../server/src/config/migrate';
import { startServer } from './editor';
import { generateSite, writeSite } from './generate';

/** Versions, newest (the default) first, as versioned sites name them. */
export function versionNames(n: number): string[] {
  return Array.from({ length: n }, (_, k) => `v${9 - Math.floor(k / 6)}.${5 - (k % 6)}`);
}
/** The languages: English (the default) and three translations. */
export const SCALE_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;

/**
 * A translation that keeps every structure of the page: words of prose (headings, paragraphs, list
 * items, table cells, link and image text, front matter title and description, the prose attributes
 * of components) are changed letter by letter (a shift of the alphabet, different per language), so
 * heading slugs and the #anchors of links change alike; code, inline code, tags, attribute names,
 * paths and URLs are left as they are.
 */
export function translate(text: string, shift: number): string {
  if (shift === 0) return text;
  const word = (w: string) =>
    w.replace(/[a-zA-Z]/g, (c) => {
      const base = c <= 'Z' ? 65 : 97;
      return String.fromCharCode(base + ((c.charCodeAt(0) - base + shift) % 26));
    });
  const prose = (s: string) => s.replace(/[A-Za-z]{3,}/g, word);
  const PROSE_ATTRIBUTES = /\b(title|caption|tip|description)="([^"]*)"/g;
  // Link targets keep their path; their #fragment follows the heading it names.
  const inline = (s: string) =>
    s
      .split(/(`[^`]*`|<[^>]*>|\]\([^)]*\))/)
      .map((part, i) => {
        if (i % 2 === 0) return prose(part);
        if (part.startsWith('](')) return part.replace(/#([^)]*)/, (_, f: string) => `#${prose(f)}`);
        if (part.startsWith('<')) return part.replace(PROSE_ATTRIBUTES, (_, k: string, v: string) => `${k}="${prose(v)}"`);
        return part;
      })
      .join('');
  const lines = text.split('\n');
  let fence = false;
  let front = 0;
  return lines
    .map((line) => {
      if (front < 2 && line === '---') {
        front++;
        return line;
      }
      if (front === 1) return /^(title|description): /.test(line) ? line.replace(/"([^"]*)"/, (_, v: string) => `"${prose(v)}"`) : line;
      if (/^\s*```/.test(line)) {
        fence = !fence;
        return line;
      }
      if (fence || /^import /.test(line)) return line;
      return inline(line);
    })
    .join('\n');
}

/** Site-absolute links of a page's text moved under a language and version folder (images and snippets stay shared). */
function underFolder(text: string, folder: string): string {
  return text.replace(/\]\(\/(?!images\/|snippets\/)/g, `](/${folder}/`).replace(/href="\/(?!images\/|snippets\/)/g, `href="/${folder}/`);
}

interface NavGroup {
  group: string;
  icon?: string;
  pages: (string | NavGroup)[];
}

function groupsUnder(groups: NavGroup[], folder: string): NavGroup[] {
  return groups.map((g) => ({ ...g, pages: g.pages.map((p) => (typeof p === 'string' ? `${folder}/${p}` : groupsUnder([p], folder)[0])) }));
}

export interface ScaleSite {
  files: Map<string, string>;
  pageFiles: string[];
  versions: string[];
  languages: readonly string[];
  pagesPerCopy: number;
}

/**
 * `versions` x 4 languages of one `pages`-page site (the generator's pages, shorter: about 4 KB
 * each) in `<language>/<version>/` folders, as translated sites pair their pages; navigation in
 * the current format: `languages`, each with its `versions`, each with the site's groups.
 * Each version's pages differ from the next one's in their links (under its own folder) and, on a
 * third of the pages, a line naming the version; each language's in its words (`translate`).
 */
export function generateScaleSite(versions = 33, pages = 190, seed = 50): ScaleSite {
  const base = generateSite(pages, seed, { sections: [2, 4], blocks: [1, 2] });
  const names = versionNames(versions);
  const classic = JSON.parse(base.files.get('docs.json')!) as { navigation: NavGroup[] };
  const config = JSON.parse(migrateConfig(base.files.get('docs.json')!).text) as Record<string, unknown>;
  // The 1,000-line page of the generator becomes an overview of ordinary size.
  const overview = [
    '---',
    'title: "Overview of the platform"',
    'description: "What the platform does, and where to start reading."',
    '---',
    '',
    'The platform keeps your requests, tokens and webhooks in one workspace. Start with the guides, then read the API reference.',
    '',
    '<CardGroup cols={2}>',
    ...base.pageFiles
      .slice(1, 5)
      .map((rel) => `  <Card title="Read the page" icon="book" href="/${rel.replace(/\.mdx$/, '')}">\n    One of the first pages to read.\n  </Card>`),
    '</CardGroup>',
    '',
  ].join('\n');
  const files = new Map<string, string>();
  for (const [rel, text] of base.files) if (!base.pageFiles.includes(rel) && rel !== 'docs.json') files.set(rel, text);
  const pageFiles: string[] = [];
  const languages = SCALE_LANGUAGES.map((language, l) => {
    const translated = new Map(base.pageFiles.map((rel) => [rel, translate(rel === base.bigRel ? overview : base.files.get(rel)!, l * 7)]));
    return {
      language,
      ...(l === 0 ? { default: true } : {}),
      versions: names.map((version, v) => {
        const folder = `${language}/${version}`;
        base.pageFiles.forEach((rel, i) => {
          let text = underFolder(translated.get(rel)!, folder);
          if ((i + v) % 3 === 0) text = text.replace(/\n---\n/, `\n---\n\n<Info>\n  ${translate('This page describes version', l * 7)} ${version}.\n</Info>\n`);
          files.set(`${folder}/${rel}`, text);
          pageFiles.push(`${folder}/${rel}`);
        });
        return { version, ...(v === 0 ? { default: true } : {}), groups: groupsUnder(classic.navigation, folder) };
      }),
    };
  });
  files.set('docs.json', JSON.stringify({ ...config, navigation: { languages } }, null, 2) + '\n');
  return { files, pageFiles, versions: names, languages: SCALE_LANGUAGES, pagesPerCopy: base.pageFiles.length };
}

export function writeScaleSite(site: ScaleSite, dir: string): void {
  writeSite({ files: site.files, pageIds: [], pageFiles: site.pageFiles, bigRel: '', planted: {} }, dir);
}

// ---------------------------------------------------------------------------------------------
// Measures

export interface Measured {
  wallMs: number;
  cpuMs: number;
  maxRssKb: number;
  status: number | null;
  stdout: string;
  /** Load average (1 minute) when it ended. */
  load: number;
}

/** `node <args>` under /usr/bin/time -v: wall and CPU time, peak RSS of the process. */
export function timeNode(args: string[], env: NodeJS.ProcessEnv = process.env): Measured {
  const report = path.join(os.tmpdir(), `docwright-bench-scale-time-${process.pid}.txt`);
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', '-o', report, process.execPath, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wallMs = performance.now() - t;
  const out = readFileSync(report, 'utf8');
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const cpuMs = (num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/)) * 1000;
  if (r.status !== 0 && r.status !== 1) process.stderr.write(`  ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-800)}\n`);
  return { wallMs, cpuMs, maxRssKb: num(/Maximum resident set size \(kbytes\): (\d+)/), status: r.status, stdout: r.stdout, load: os.loadavg()[0] };
}

/** A figure of /proc/<pid>/status in KB (VmRSS: resident now; VmHWM: the peak). */
function procStatus(pid: number, key: string): number {
  try {
    return Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/**
 * The language server (dist/server.js over stdio) on the site until its first check has ended
 * (`docwright/checkStatus` with none checking), then its resident memory: now (VmRSS) and at its
 * peak (VmHWM).
 */
export async function measureServer(repo: string, siteDir: string): Promise<{ ms: number; rssKb: number; peakKb: number; load: number }> {
  const { conn, pid, stop } = startServer(repo, !!process.env.DOCWRIGHT_CHECK_TIMINGS);
  let ended: () => void = () => undefined;
  const end = new Promise<void>((r) => (ended = r));
  let started = false;
  conn.onNotification('docwright/checkStatus', (s: { checking: number }) => {
    if (s.checking > 0) started = true;
    else if (started) ended();
  });
  conn.onRequest(() => null);
  conn.listen();
  const t0 = performance.now();
  try {
    const folder = URI.file(siteDir).toString();
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: folder, capabilities: {}, workspaceFolders: [{ uri: folder, name: 'site' }] });
    await conn.sendNotification('initialized', {});
    await end;
    // The check's worker threads are stopped before it reports its end.
    return { ms: performance.now() - t0, rssKb: procStatus(pid, 'VmRSS'), peakKb: procStatus(pid, 'VmHWM'), load: os.loadavg()[0] };
  } finally {
    await stop();
  }
}

export function writePagesJson(site: ScaleSite, dir: string, file: string): void {
  writeFileSync(file, JSON.stringify(site.pageFiles.map((rel) => path.join(dir, rel))));
}

// The agent-readiness report of an exported site (`docwright score`): what an agent reading the
// site receives, graded offline on the Agent-Friendly Documentation checks (AFDocs, agentdocsspec.com)
// that `mint score` reports: llms.txt, llms-full.txt, Markdown copies, skill.md, robots.txt and the
// sitemap, the OpenAPI file, page size and headings. Pure: it reads the export through ExportFiles.
// llms.txt is graded with the limits, link reading and check of site/llms-txt.ts, the ones the
// `llms-txt` rule reports with: a file `score` warns or fails on, `check` reports.
import { ASSET_DIR } from './paths';
import { LLMS_FULL_TXT, LLMS_TXT } from './llms';
import { LLMS_TXT_PASS_CHARS, llmsTxtSize, markdownLinks, validateLlmsTxt } from '../site/llms-txt';

/** The export as the score reads it. */
export interface ExportFiles {
  /** Every file of the export, relative to its root, with `/`. */
  files: ReadonlySet<string>;
  read(path: string): Promise<string | undefined>;
}

export type CriterionStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface Criterion {
  /** The AFDocs check id where there is one (`llms-txt-exists`), else ours. */
  id: string;
  title: string;
  status: CriterionStatus;
  message: string;
  /** The files at fault (export-relative), at most MAX_LISTED. */
  pages: string[];
  /** How many files are at fault in all (pages may list fewer). */
  faults: number;
  /** How to fix it (failed and warned criteria). */
  fix?: string;
}

/** AFDocs page-size-markdown: the same bounds for each Markdown page an agent fetches. */
export const PAGE_PASS_CHARS = 50_000;
export const PAGE_FAIL_CHARS = 100_000;
/** A page longer than this needs `##` sections for retrieval to cut it into chunks. */
export const CHUNK_CHARS = 10_000;
/** Crawlers of AI assistants and model makers that a robots.txt may shut out. */
export const AI_CRAWLERS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'CCBot',
  'Applebot-Extended',
  'Bytespider',
  'meta-externalagent',
  'cohere-ai',
];

const MAX_LISTED = 20;
const OPENAPI_NAME = /(^|\/)openapi\.(json|ya?ml)$/i;

/** The export-relative file a link from `from` leads to; undefined for a link off the site (or a fragment only). */
export function linkTarget(from: string, url: string, baseUrl?: string): string | undefined {
  let u = url;
  if (baseUrl && u.startsWith(baseUrl)) u = u.slice(baseUrl.length);
  else if (/^[a-z][a-z0-9+.-]*:/i.test(u) || u.startsWith('//')) return undefined;
  u = u.split('#')[0].split('?')[0];
  if (u === '') return undefined;
  try {
    u = decodeURIComponent(u);
  } catch {
    return u;
  }
  const base = u.startsWith('/') || (baseUrl && url.startsWith(baseUrl)) ? [] : from.split('/').slice(0, -1);
  const parts = [...base];
  for (const p of u.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return parts.join('/');
}

/** Whether a link target is in the export (a folder link finds its index). */
function resolves(files: ReadonlySet<string>, target: string): boolean {
  if (target === '') return files.has('index.html');
  return files.has(target) || files.has(`${target}/index.html`) || files.has(`${target}.html`) || files.has(`${target}/index.md`);
}

/** The site's base URL, from robots.txt's `Sitemap:` line (written with `--base-url`). */
function baseUrlOf(robots: string | undefined): string | undefined {
  const m = robots && /^\s*sitemap:\s*(\S+)/im.exec(robots);
  if (!m) return undefined;
  try {
    return new URL('.', m[1]).toString();
  } catch {
    return undefined;
  }
}

/** The rules of robots.txt per user-agent group: whether `agent` may fetch the site's root. */
export function robotsAllows(robots: string, agent: string): boolean {
  const groups: { agents: string[]; allow: string[]; disallow: string[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastWasAgent = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], allow: [], disallow: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === 'allow' && value) current.allow.push(value);
    if (key === 'disallow' && value) current.disallow.push(value);
  }
  // The group naming the agent applies, else the `*` group (RFC 9309).
  const group = groups.find((g) => g.agents.includes(agent.toLowerCase())) ?? groups.find((g) => g.agents.includes('*'));
  if (!group) return true;
  const match = (rules: string[]) =>
    Math.max(-1, ...rules.filter((r) => '/'.startsWith(r.replace(/\*.*$/, '').replace(/\$$/, '')) || r === '/*').map((r) => r.length));
  return match(group.allow) >= match(group.disallow);
}

/** The pages of the export: its HTML pages except Docwright's own, 404.html and redirect pages. */
async function htmlPages(out: ExportFiles): Promise<string[]> {
  const pages: string[] = [];
  for (const f of [...out.files].sort()) {
    if (!f.endsWith('.html') || f === '404.html' || f.startsWith(`${ASSET_DIR}/`)) continue;
    const text = await out.read(f);
    if (text === undefined || /<meta http-equiv="refresh"/i.test(text)) continue;
    pages.push(f);
  }
  return pages;
}

function criterion(
  id: string,
  title: string,
  faults: string[],
  pass: string,
  fail: string,
  fix: string,
  status: CriterionStatus = faults.length ? 'fail' : 'pass',
): Criterion {
  return {
    id,
    title,
    status,
    message: status === 'pass' ? pass : fail,
    pages: faults.slice(0, MAX_LISTED),
    faults: faults.length,
    fix: status === 'pass' || status === 'skip' ? undefined : fix,
  };
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** The report: each criterion with its status, the files at fault and how to fix it. */
export async function scoreExport(out: ExportFiles): Promise<Criterion[]> {
  const report: Criterion[] = [];
  const robots = out.files.has('robots.txt') ? await out.read('robots.txt') : undefined;
  const baseUrl = baseUrlOf(robots);
  const llms = out.files.has(LLMS_TXT) ? await out.read(LLMS_TXT) : undefined;

  // llms.txt: the index agents read first.
  report.push(
    criterion(
      'llms-txt-exists',
      'llms.txt present',
      llms === undefined ? [LLMS_TXT] : [],
      'llms.txt is at the root of the site.',
      'No llms.txt at the root of the site.',
      'Export with docwright export (it writes llms.txt), or add llms.txt at the site root.',
    ),
  );
  if (llms !== undefined) {
    const links = markdownLinks(llms).filter((l) => l.url !== '');
    const problems = validateLlmsTxt(llms, {
      form: 'required',
      resolve: (url) => {
        const t = linkTarget(LLMS_TXT, url, baseUrl);
        return t === undefined ? undefined : resolves(out.files, t);
      },
    });
    const invalid = problems.some((p) => p.kind === 'title')
      ? 'its first line is not a `# Name` heading'
      : links.length === 0
        ? 'it lists no links'
        : undefined;
    report.push(
      criterion(
        'llms-txt-valid',
        'llms.txt valid',
        invalid ? [LLMS_TXT] : [],
        `llms.txt has its # heading and ${plural(links.length, 'link')}.`,
        `llms.txt is not valid: ${invalid}.`,
        'Start llms.txt with "# Site name", then "## Section" lists of "- [Title](url): description" (llmstxt.org).',
      ),
    );
    const size = llmsTxtSize(llms);
    report.push(
      criterion(
        'llms-txt-size',
        'llms.txt size',
        size.verdict === 'pass' ? [] : [LLMS_TXT],
        `llms.txt is ${size.chars.toLocaleString('en-US')} characters (at most ${LLMS_TXT_PASS_CHARS.toLocaleString('en-US')}).`,
        size.message ?? '',
        'Shorten the descriptions, move reference pages to an "## Optional" section, or split llms.txt per product or version.',
        size.verdict,
      ),
    );
    const broken = [...new Set(problems.filter((p) => p.kind === 'link' && p.url).map((p) => `llms.txt:${p.line + 1} ${p.url}`))];
    report.push(
      criterion(
        'llms-txt-links-resolve',
        'llms.txt links resolve',
        broken,
        'Every link of llms.txt leads to a file of the export.',
        `${plural(broken.length, 'link')} of llms.txt lead to no file of the export.`,
        'Point each link at a page of the site (its .md copy), or remove it; run docwright check to find broken links in a hand-written llms.txt.',
      ),
    );
    const notMd = links
      .filter((l) => {
        const t = linkTarget(LLMS_TXT, l.url, baseUrl);
        // The format's llms.txt also links the OpenAPI and AsyncAPI files: no page, so no Markdown copy to prefer.
        return t !== undefined && !/\.(md|txt|json|ya?ml)$/i.test(t);
      })
      .map((l) => `llms.txt:${l.line + 1} ${l.url}`);
    report.push(
      criterion(
        'llms-txt-links-markdown',
        'llms.txt links lead to Markdown',
        notMd,
        'The links of llms.txt lead to Markdown.',
        `${plural(notMd.length, 'link')} of llms.txt lead to HTML instead of the page's Markdown copy.`,
        "Link each page's .md copy (what docwright export writes) rather than its HTML.",
        notMd.length ? 'warn' : 'pass',
      ),
    );
  }
  report.push(
    criterion(
      'llms-full-txt',
      'llms-full.txt present',
      out.files.has(LLMS_FULL_TXT) ? [] : [LLMS_FULL_TXT],
      'llms-full.txt holds every page in one file.',
      'No llms-full.txt at the root of the site.',
      'Export with docwright export, which writes llms-full.txt.',
    ),
  );

  // Markdown copies: every page has one, and their links lead somewhere.
  const pages = await htmlPages(out);
  const mdOf = (html: string) => html.replace(/\.html$/, '.md');
  // index.html repeats the home page when the site has no `index` page: its copy is the home page's.
  const missing = pages.filter((p) => !out.files.has(mdOf(p)) && !(p === 'index.html' && !out.files.has('index.md') && pages.length > 1));
  report.push(
    criterion(
      'markdown-url-support',
      'Markdown copy of every page',
      missing,
      `All ${plural(pages.length, 'page')} have a Markdown copy beside the HTML.`,
      `${plural(missing.length, 'page')} have no Markdown copy (<page>.md).`,
      'Export the site with docwright export, which writes <page>.md beside each <page>.html.',
    ),
  );
  const copies = [...out.files].filter((f) => f.endsWith('.md') && !f.startsWith(`${ASSET_DIR}/`) && f !== 'skill.md').sort();
  const brokenMd: string[] = [];
  const large: string[] = [];
  let largeStatus: CriterionStatus = 'pass';
  const flat: string[] = [];
  let largest = 0;
  for (const f of copies) {
    const text = (await out.read(f)) ?? '';
    for (const l of markdownLinks(text)) {
      const t = linkTarget(f, l.url, baseUrl);
      if (t !== undefined && !resolves(out.files, t)) brokenMd.push(`${f}:${l.line + 1} ${l.url}`);
    }
    largest = Math.max(largest, text.length);
    if (text.length > PAGE_PASS_CHARS) {
      large.push(`${f} (${Math.round(text.length / 1000)}K characters)`);
      if (text.length > PAGE_FAIL_CHARS) largeStatus = 'fail';
      else if (largeStatus === 'pass') largeStatus = 'warn';
    }
    if (text.length > CHUNK_CHARS && !headingsBelowTitle(text)) flat.push(`${f} (${Math.round(text.length / 1000)}K characters, no ## heading)`);
  }
  report.push(
    criterion(
      'markdown-links-resolve',
      "Markdown copies' links resolve",
      brokenMd,
      `The links of the ${plural(copies.length, 'Markdown copy', 'Markdown copies')} lead to files of the export.`,
      `${plural(brokenMd.length, 'link')} in Markdown copies lead to no file of the export.`,
      'Fix the links in the pages (docwright check reports them as link-broken), then export again.',
    ),
  );
  report.push(
    criterion(
      'page-size-markdown',
      'Markdown pages fit in context',
      large,
      `Every Markdown copy is under ${PAGE_PASS_CHARS.toLocaleString('en-US')} characters (largest ${largest.toLocaleString('en-US')}).`,
      `${plural(large.length, 'Markdown copy', 'Markdown copies')} over ${PAGE_PASS_CHARS.toLocaleString('en-US')} characters (agents truncate pages; over ${PAGE_FAIL_CHARS.toLocaleString('en-US')} fails).`,
      'Split the page into several pages, or move long reference tables and generated content to their own pages.',
      largeStatus,
    ),
  );
  report.push(
    criterion(
      'heading-structure',
      'Headings to chunk long pages by',
      flat,
      `Every page over ${CHUNK_CHARS.toLocaleString('en-US')} characters has ## sections.`,
      `${plural(flat.length, 'page')} over ${CHUNK_CHARS.toLocaleString('en-US')} characters have no ## section headings to be cut into chunks at.`,
      'Give long pages ## and ### headings every few screens, so that retrieval cuts them at topics.',
    ),
  );

  // skill.md: the site's capabilities for agents, where the site has one.
  if (out.files.has('skill.md')) {
    const skill = (await out.read('skill.md')) ?? '';
    const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(skill)?.[1] ?? '';
    const lacks = ['name', 'description'].filter((k) => !new RegExp(`^${k}\\s*:\\s*\\S`, 'm').test(fm));
    report.push(
      criterion(
        'skill-md',
        'skill.md valid',
        lacks.length ? ['skill.md'] : [],
        'skill.md has its name and description.',
        `skill.md lacks ${lacks.join(' and ')} in its front matter.`,
        'Start skill.md with front matter that gives name: and description: (the Agent Skills format).',
      ),
    );
  } else {
    report.push({
      id: 'skill-md',
      title: 'skill.md valid',
      status: 'skip',
      message: 'The site has no skill.md (optional: add one at the site root to describe what agents can do with the product).',
      pages: [],
      faults: 0,
    });
  }

  // Crawlers: robots.txt lets AI crawlers in; a sitemap lists the pages.
  const shut = robots === undefined ? ['robots.txt'] : AI_CRAWLERS.filter((a) => !robotsAllows(robots, a)).map((a) => `robots.txt: ${a}`);
  report.push(
    criterion(
      'robots-txt',
      'robots.txt allows AI crawlers',
      shut,
      'robots.txt lets AI crawlers read the site.',
      robots === undefined ? 'No robots.txt.' : `robots.txt shuts out ${shut.length} AI crawlers.`,
      'Allow the AI crawlers in robots.txt (no "Disallow: /" for them or for *).',
    ),
  );
  report.push(
    criterion(
      'sitemap-xml',
      'sitemap.xml present',
      out.files.has('sitemap.xml') ? [] : ['sitemap.xml'],
      'sitemap.xml lists the pages.',
      'No sitemap.xml (it needs the address the site is served at).',
      "Export with --base-url <the site's address> (docwright score <site> --base-url <url>), which writes sitemap.xml and points robots.txt at it.",
    ),
  );

  // OpenAPI: a site with API pages offers its specification at a standard path.
  const apiPages: string[] = [];
  for (const p of pages) if ((await out.read(p))?.includes('class="dw-api-layout"')) apiPages.push(p);
  if (apiPages.length === 0) {
    report.push({ id: 'openapi', title: 'OpenAPI at a standard path', status: 'skip', message: 'The site has no API pages.', pages: [], faults: 0 });
  } else {
    const specs = [...out.files].filter((f) => OPENAPI_NAME.test(f));
    report.push(
      criterion(
        'openapi',
        'OpenAPI at a standard path',
        specs.length ? [] : ['openapi.json'],
        `${plural(apiPages.length, 'API page')}; the specification is at ${specs.slice(0, 3).join(', ')}.`,
        `${plural(apiPages.length, 'API page')} but no openapi.json or openapi.yaml in the export.`,
        'Name the OpenAPI file openapi.json (or openapi.yaml) in the site and export again: the export copies it.',
      ),
    );
  }
  return report;
}

/** Whether a Markdown copy has section headings below its `# title`. */
function headingsBelowTitle(text: string): boolean {
  let fence = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s{0,3}(`{3,}|~{3,})/.test(line)) fence = !fence;
    else if (!fence && /^#{2,6}\s+\S/.test(line)) return true;
  }
  return false;
}

/** The report as a table for the terminal. */
export function scoreTable(report: Criterion[]): string {
  const mark: Record<CriterionStatus, string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'SKIP' };
  const width = Math.max(...report.map((c) => c.title.length));
  const lines: string[] = [];
  for (const c of report) {
    lines.push(`${mark[c.status]}  ${c.title.padEnd(width)}  ${c.message}`);
    for (const p of c.pages) lines.push(`${' '.repeat(width + 8)}${p}`);
    if (c.faults > c.pages.length) lines.push(`${' '.repeat(width + 8)}... and ${c.faults - c.pages.length} more`);
    if (c.fix) lines.push(`${' '.repeat(width + 8)}Fix: ${c.fix}`);
  }
  const count = (s: CriterionStatus) => report.filter((c) => c.status === s).length;
  const scored = report.filter((c) => c.status !== 'skip').length;
  lines.push('', `${count('pass')}/${scored} criteria pass (${count('warn')} warned, ${count('fail')} failed, ${count('skip')} not applicable).`);
  return lines.join('\n');
}

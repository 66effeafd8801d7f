// What `docwright mcp` serves, without the protocol: one site on disk, kept current between calls
// (files are compared by size and time before each one, so an agent's own edits are seen at once),
// and the answers of each tool from the core: the check, fix all, the export's Markdown copy and
// search index, the navigation, and the `mv` engine. Every path an agent names must be inside the
// site; writes only when the server was started with --allow-writes, through node/safe-write.ts.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { DiskWorkspace } from '../../node/disk-workspace';
import { writeFileSafe } from '../../node/safe-write';
import { hostDocwright } from '../../node/host';
import {
  ALL_RULES,
  COMPONENTS,
  EDITOR_FIX_POLICY,
  ExportError,
  writeRefusal,
  type Docwright,
  type ExportWriter,
  type NavNode,
  type Project,
  type SearchIndex,
  type PageOutput,
  type PlannedPage,
} from '../../docwright';
import type { Finding } from '../../types';
import { join, relativeInside, toPosix } from '../../util/paths';
import { UsageError } from '../cli/args';
import { runMv } from '../cli/mv';

/** A request the tool refuses (a path outside the site, a write without --allow-writes): said to the agent as a tool error. */
export class ToolError extends Error {}

export interface FindingOut {
  file: string;
  rule: string;
  severity: string;
  /** 1-based lines and columns. */
  range: { start: { line: number; column: number }; end: { line: number; column: number } };
  message: string;
  /** The quick fixes, by title, with the text edits they make (site-relative files, 1-based positions). */
  fixes?: { title: string; preferred: boolean; edits: { file: string; range: FindingOut['range']; newText: string }[] }[];
}

export class McpSite {
  private readonly docwright: Docwright;
  private readonly project: Project;
  /** File -> `size:mtime` as last seen. */
  private seen = new Map<string, string>();
  private generation = 0;
  private search?: { generation: number; index: SearchIndex };

  constructor(
    readonly root: string,
    readonly allowWrites: boolean,
  ) {
    this.docwright = hostDocwright([toPosix(root)]);
    this.project = this.docwright.project;
  }

  /** Reads the site (once); throws a UsageError when the folder holds no site or several. */
  async open(dirArg: string): Promise<void> {
    await this.project.scan();
    if (this.project.roots.length === 0) throw new UsageError(`No docs.json or mint.json found in "${dirArg}".`, 'mcp');
    if (this.project.roots.length > 1) throw new UsageError(`"${dirArg}" holds ${this.project.roots.length} sites: give the folder of one.`, 'mcp');
    this.seen = await this.stamps();
  }

  private get siteRoot(): string {
    return this.project.roots[0];
  }

  private async stamps(): Promise<Map<string, string>> {
    const files = await new DiskWorkspace().listFiles(toPosix(this.root));
    const out = new Map<string, string>();
    await Promise.all(
      files.map(async (f) => {
        const s = await fs.stat(f).catch(() => undefined);
        if (s) out.set(f, `${s.size}:${s.mtimeMs}`);
      }),
    );
    return out;
  }

  /** Tells the project what changed on disk since the last call. */
  private async refresh(): Promise<void> {
    const now = await this.stamps();
    const created = [...now.keys()].filter((f) => !this.seen.has(f));
    const deleted = [...this.seen.keys()].filter((f) => !now.has(f));
    const changed = [...now].filter(([f, s]) => this.seen.has(f) && this.seen.get(f) !== s).map(([f]) => f);
    this.seen = now;
    if (created.length || deleted.length) this.project.filesChanged(created, deleted);
    for (const f of changed) this.project.contentChanged(f);
    if (created.length || deleted.length || changed.length) this.generation++;
  }

  private async index() {
    await this.refresh();
    const index = await this.project.index(this.siteRoot);
    if (!index) throw new ToolError(`The site in ${this.root} could not be read (is its docs.json still there?).`);
    return index;
  }

  private rel(abs: string): string {
    return toPosix(path.relative(this.root, abs)) || abs;
  }

  /** The site-relative path of what an agent named, refused when it is outside the site. */
  inside(arg: string, what = 'path'): string {
    const abs = toPosix(path.resolve(this.root, arg));
    const rel = relativeInside(toPosix(this.root), abs);
    if (rel === undefined)
      throw new ToolError(`The ${what} "${arg}" is outside the site folder ${this.root}: this server only reads and writes inside the site.`);
    return rel;
  }

  /** The page id of a page named by its file (`guides/setup.mdx`) or its id (`guides/setup`). */
  private async pageOf(arg: string): Promise<{ id: string; rel: string; abs: string }> {
    const rel = this.inside(arg, 'page');
    const index = await this.index();
    const id = this.project.pageIdOf(index.site, join(toPosix(this.root), rel)) ?? (index.site.pages.has(rel) ? rel : undefined);
    if (id === undefined)
      throw new ToolError(`"${arg}" is no page of the site. Name a page file (guides/setup.mdx) or its id (guides/setup); the navigation tool lists them.`);
    const file = index.site.pages.get(id)!;
    return { id, rel: file, abs: path.join(this.root, ...file.split('/')) };
  }

  private findingOut(f: Finding): FindingOut {
    const range = (r: Finding['range']) => ({
      start: { line: r.start.line + 1, column: r.start.character + 1 },
      end: { line: r.end.line + 1, column: r.end.character + 1 },
    });
    return {
      file: this.rel(f.path),
      rule: f.ruleId,
      severity: f.severity,
      range: range(f.range),
      message: f.message,
      fixes: f.fixes?.length
        ? f.fixes.map((x) => ({
            title: x.title,
            preferred: x.isPreferred === true,
            edits: x.edits.flatMap((fe) => fe.edits.map((e) => ({ file: this.rel(fe.path), range: range(e.range), newText: e.newText }))),
          }))
        : undefined,
    };
  }

  /** The findings of one page, or of the whole site (docs.json, files, every page). */
  async check(page?: string): Promise<{ findings: FindingOut[]; summary: string }> {
    let findings: Finding[];
    if (page !== undefined) {
      const p = await this.pageOf(page);
      findings = await this.docwright.checkPage(this.siteRoot, p.abs);
    } else {
      await this.index();
      findings = await this.docwright.siteFindings(this.siteRoot);
    }
    const count = (s: string) => findings.filter((f) => f.severity === s).length;
    return {
      findings: findings.map((f) => this.findingOut(f)),
      summary: `${findings.length} findings (${count('error')} errors, ${count('warning')} warnings, ${count('information')} info, ${count('hint')} hints).`,
    };
  }

  /** Applies every automatic fix of a page (as the editor's "fix all"); only with --allow-writes. */
  async fix(page: string): Promise<{ file: string; fixed: { rule: string; line: number; message: string }[]; remaining: FindingOut[] }> {
    const p = await this.pageOf(page);
    if (!this.allowWrites)
      throw new ToolError(
        'This server is read-only: start it with "docwright mcp --allow-writes" to let it change files. The check tool lists each finding\'s fix as text edits you can apply yourself.',
      );
    const notWritten = writeRefusal(p.rel);
    if (notWritten !== undefined) throw new ToolError(`${notWritten}.`);
    await this.index();
    // The editor's fix all, through the facade; the fixed findings are the engine's (rule and message gone).
    const fixes = await this.docwright.fixAll(this.siteRoot, { policy: EDITOR_FIX_POLICY, page: p.abs });
    const text = fixes?.files.get(p.abs)?.after;
    if (!fixes || text === undefined) {
      const remaining = await this.docwright.checkPage(this.siteRoot, p.abs);
      return { file: p.rel, fixed: [], remaining: remaining.map((f) => this.findingOut(f)) };
    }
    await writeFileSafe(this.root, p.abs, text);
    await this.refresh();
    const remaining = await this.docwright.checkPage(this.siteRoot, p.abs);
    return {
      file: p.rel,
      fixed: fixes.fixed.map((f) => ({ rule: f.ruleId, line: f.range.start.line + 1, message: f.message })),
      remaining: remaining.map((f) => this.findingOut(f)),
    };
  }

  rules() {
    return ALL_RULES.map((r) => ({ id: r.id, severity: r.severity, fixable: r.fixable, description: r.description, rationale: r.docs.rationale }));
  }

  components() {
    return COMPONENTS.filter((c) => c.origin !== 'html').map((c) => ({
      name: c.name,
      description: c.description,
      attributes: c.attributes.map((a) => ({
        name: a.name,
        type: a.type,
        required: a.required === true || undefined,
        values: a.values?.length ? a.values : undefined,
        description: a.description,
      })),
      parents: c.parents,
      children: c.children,
      example: `<${c.snippet.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '')}`,
    }));
  }

  /** Exports pages of the site as the export does (`ids`, default every page), without the site-wide files. */
  private async exportPages(writer: ExportWriter, got: (output: PageOutput, page: PlannedPage) => void, ids?: string[]): Promise<void> {
    await this.index();
    let plan;
    try {
      plan = await this.docwright.exportPagesOnly(this.siteRoot, writer, { trusted: true, ids, got });
    } catch (e) {
      if (e instanceof ExportError) throw new ToolError(e.message);
      throw e;
    }
    if (!plan) throw new ToolError(`The site in ${this.root} could not be read.`);
  }

  /** The page as the Markdown copy the export writes (`<page>.md`, what agents fetch). */
  async markdown(page: string): Promise<{ file: string; copy: string; markdown: string }> {
    const p = await this.pageOf(page);
    const written = new Map<string, string>();
    let copy: string | undefined;
    await this.exportPages(memoryWriter(written), (_, planned) => (copy = planned.md), [p.id]);
    if (copy === undefined) throw new ToolError(`"${page}" is not exported (no page file).`);
    return { file: p.rel, copy, markdown: written.get(copy) ?? '' };
  }

  /** The exported site's search (the same MiniSearch index), built once per state of the files. */
  async searchSite(query: string, limit: number) {
    await this.refresh();
    if (!this.search || this.search.generation !== this.generation) {
      const generation = this.generation;
      let index: SearchIndex | undefined;
      try {
        index = await this.docwright.searchIndex(this.siteRoot, true);
      } catch (e) {
        if (e instanceof ExportError) throw new ToolError(e.message);
        throw e;
      }
      if (!index) throw new ToolError(`The site in ${this.root} could not be read.`);
      this.search = { generation, index };
    }
    return this.search.index.search(query, limit).map((r) => ({ file: r.url, title: r.title, group: r.group, score: r.score }));
  }

  /** The navigation: groups, pages (with their files) and links, in order. */
  async navigation(): Promise<{ name: string; groups: NavNode[] }> {
    await this.index();
    const tree = await this.docwright.navigation(this.siteRoot);
    if (!tree) throw new ToolError(`The site in ${this.root} could not be read.`);
    return tree;
  }

  /** Moves a page, file or folder and rewrites what names it (`docwright mv`); only a dry run without --allow-writes. */
  async move(from: string, to: string, options: { redirect: boolean; dryRun: boolean }): Promise<string> {
    const fromRel = this.inside(from, 'source');
    const toRel = this.inside(to, 'target');
    // Said before the read-only refusal, so an agent learns the target itself is refused.
    const refused = writeRefusal(fromRel) ?? writeRefusal(toRel);
    if (refused !== undefined) throw new ToolError(`${refused}.`);
    if (!options.dryRun && !this.allowWrites)
      throw new ToolError(
        'This server is read-only: start it with "docwright mcp --allow-writes" to move files, or ask for a dry run (dryRun: true) to see the edits.',
      );
    await this.refresh();
    const lines: string[] = [];
    try {
      await runMv({ from, to, redirect: options.redirect, dryRun: options.dryRun }, (s) => lines.push(s), this.root);
    } catch (e) {
      if (e instanceof UsageError) throw new ToolError(e.message);
      throw e;
    }
    await this.refresh();
    return lines.join('\n').trim();
  }
}

/** An export writer that keeps the Markdown copies (and drops the rest). */
function memoryWriter(into: Map<string, string>): ExportWriter {
  return {
    write: async (p, content) => {
      if (p.endsWith('.md') && typeof content === 'string') into.set(p, content);
    },
    copy: async () => undefined,
  };
}

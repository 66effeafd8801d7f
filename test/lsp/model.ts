// Model-based test of the editor's view of a site: random seeded sequences of what an editor and a
// disk do (files created, changed, deleted and renamed on disk, with the watcher's events and
// `workspace/didRenameFiles`; documents opened, edited, saved and closed without saving; docs.json,
// `$ref` parts, OpenAPI files, snippets and .mintignore changed) are driven through the real
// server over stdio. After each sequence, once the server is idle, the diagnostics it published
// must equal, finding for finding, a fresh check of the disk overlaid with the open buffers made
// in-process by `Project.check` (what `docwright check` runs). Used by model.test.ts (npm test)
// and scripts/fuzz-editor.ts (many more sequences).
import { checkProject } from '../helpers';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { Rng } from '../../bench/generate';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { parsePage, type PageDocument } from '../../server/src/pages/parse';
import { Project } from '../../server/src/project';
import type { Finding } from '../../server/src/types';
import { TestClient } from './lsp-client';
import '../helpers'; // Mermaid's build for the diagram check, as the server has it

/** The example site (current format), a generated 100-page site, and the example in the classic format (scripts/fuzz-editor.ts only). */
export type SiteName = 'starter' | 'generated' | 'classic';

const HEADINGS = ['Overview', 'Install the client', 'Configure it', 'Next steps', 'Errors and retries'];
const FOLDERS = ['', 'guides', 'guides/advanced', 'concepts', 'drafts', 'moved', 'moved/deeper'];
const NAMES = ['alpha', 'setup', 'limits', 'webhooks', 'intro', 'faq'];
const SNIPPETS = ['note', 'steps', 'banner'];
const IGNORES = ['drafts/\n', 'guides/advanced/\n', 'concepts/*.mdx\n', '**/alpha*\n', 'moved/\n'];
const slug = (h: string) => h.toLowerCase().replace(/ /g, '-');
const snippetName = (name: string) => `Snip${name[0].toUpperCase()}${name.slice(1)}`;

/** A site of `pages` small pages in the current format: navigation partly in a `$ref` file, snippets, images, an OpenAPI file and .mintignore. */
export function generatedSite(pages: number, seed = 1): Map<string, string> {
  const rng = new Rng(seed);
  const files = new Map<string, string>();
  const folders = ['guides', 'concepts', 'reference'];
  const ids: string[] = [];
  for (let i = 0; i < pages; i++) ids.push(`${folders[i % folders.length]}/page-${i}`);
  const body = (i: number) => {
    const lines = ['---', `title: "Page ${i}"`, `description: "What page ${i} of the generated site explains, in one sentence."`, '---', ''];
    if (i % 7 === 0) lines.push(`import ${snippetName('note')} from '/snippets/note.mdx';`, '');
    for (const h of [HEADINGS[i % HEADINGS.length], HEADINGS[(i + 2) % HEADINGS.length]]) {
      lines.push(`## ${h}`, '');
      const target = rng.pick(ids.length ? ids : ['guides/page-0']);
      lines.push(`Read [the page](/${target}${rng.chance(0.5) ? '#' + slug(rng.pick(HEADINGS)) : ''}) first.`, '');
    }
    if (i % 5 === 0) lines.push(`![Diagram ${i}](/images/diagram-${i % 4}.svg)`, '');
    if (i % 7 === 0) lines.push(`<${snippetName('note')} />`, '');
    return lines.join('\n');
  };
  ids.forEach((id, i) => files.set(`${id}.mdx`, body(i)));
  files.set('api/get-item.mdx', '---\ntitle: "Get an item"\nopenapi: "GET /items/{id}"\n---\n');
  files.set('drafts/wip.mdx', '---\ntitle: "Work in progress"\n---\n\n## Draft\n\nSee [a missing page](/nowhere).\n');
  files.set('snippets/note.mdx', '<Note>\n  This snippet is shared by several pages.\n</Note>\n');
  files.set('.mintignore', 'drafts/\n');
  for (let i = 0; i < 4; i++) files.set(`images/diagram-${i}.svg`, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n');
  const op = (summary: string) => ({ summary, responses: { '200': { description: 'OK' } } });
  files.set(
    'openapi.json',
    JSON.stringify(
      {
        openapi: '3.1.0',
        info: { title: 'Items', version: '1.0.0' },
        paths: {
          '/items/{id}': { get: { ...op('Get an item'), parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] } },
          '/items': { post: op('Create an item') },
        },
      },
      null,
      2,
    ) + '\n',
  );
  const reference = ids.filter((id) => id.startsWith('reference/'));
  files.set('nav/reference.json', JSON.stringify({ group: 'Reference', pages: reference.slice(0, -2) }, null, 2) + '\n');
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Generated',
    colors: { primary: '#0B6E4F' },
    openapi: 'openapi.json',
    navigation: {
      groups: [
        { group: 'Guides', pages: ids.filter((id) => id.startsWith('guides/')) },
        // Two concepts pages are left out: orphans.
        { group: 'Concepts', pages: [...ids.filter((id) => id.startsWith('concepts/')).slice(0, -2), 'concepts/missing-page'] },
        { $ref: './nav/reference.json' },
        { group: 'API', pages: ['api/get-item', 'POST /items'] },
      ],
    },
  };
  files.set('docs.json', JSON.stringify(config, null, 2) + '\n');
  return files;
}

function copiedSite(folder: string): Map<string, string> {
  const root = path.resolve(__dirname, '../..', folder);
  const files = new Map<string, string>();
  for (const rel of listDisk(root)) files.set(rel, readFileSync(path.join(root, rel), 'utf8'));
  return files;
}

/** Site-relative paths of the files under `dir`, sorted. */
function listDisk(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listDisk(full, base));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** One published or expected finding, as compared. */
interface Seen {
  path: string;
  rule: string;
  range: string;
  message: string;
  severity: number;
}

const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;
const key = (s: Seen) => `${s.path} ${s.range} ${s.rule} [${s.severity}] ${s.message}`;
const rangeText = (r: Finding['range']) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

function fromDiagnostics(published: Map<string, Diagnostic[]>): string[] {
  const out: string[] = [];
  for (const [p, list] of published)
    for (const d of list)
      out.push(
        key({
          path: p,
          rule: String(d.code),
          range: rangeText(d.range),
          message: typeof d.message === 'string' ? d.message : d.message.value,
          severity: d.severity ?? 0,
        }),
      );
  return out.sort();
}

function fromFindings(findings: Finding[]): string[] {
  return findings.map((f) => key({ path: f.path, rule: f.ruleId, range: rangeText(f.range), message: f.message, severity: SEVERITY[f.severity] })).sort();
}

/**
 * A fresh Project, except that a page text parsed before is not parsed again: a parse is a pure
 * function of path and text (a full parse, never the server's incremental one), and the sequences
 * come back to the same texts over and over.
 */
class MemoProject extends Project {
  constructor(
    ws: DiskWorkspace,
    folders: string[],
    private readonly parses: Map<string, PageDocument>,
  ) {
    super(ws, folders);
  }

  override async page(p: string): Promise<PageDocument> {
    const text = (await this.text(p)) ?? '';
    const key = `${p}\0${text}`;
    let page = this.parses.get(key);
    if (!page) {
      if (this.parses.size > 20_000) this.parses.clear();
      page = parsePage(p, text);
      this.parses.set(key, page);
    }
    return page;
  }
}

interface OpenDoc {
  text: string;
  version: number;
  dirty: boolean;
}

export interface SequenceResult {
  seed: number;
  events: string[];
  /** Empty when the server's diagnostics equal the fresh check. */
  missing: string[];
  extra: string[];
  /** When the failure was found: midway (after the events listed), after the sequence, or after putting the site back. */
  when: 'midway' | 'sequence' | 'reset';
}

export class ModelRun {
  readonly dir: string;
  private readonly initial: Map<string, string>;
  private readonly open = new Map<string, OpenDoc>();
  /** The last text of each JSON file that parsed, to put back after a mutation broke it. */
  private readonly goodJson = new Map<string, string>();
  private initialFindings: string[] = [];
  private readonly parses = new Map<string, PageDocument>();
  private client!: TestClient;
  private rng = new Rng(1);
  private log: string[] = [];
  readonly ruleErrors: string[] = [];

  constructor(readonly site: SiteName) {
    this.initial = site === 'generated' ? generatedSite(100) : copiedSite(site === 'starter' ? 'examples/starter' : 'test/fixtures/classic-starter');
    this.dir = mkdtempSync(path.join(tmpdir(), `docwright-model-${site}-`));
    for (const [rel, text] of this.initial) this.writeRaw(rel, text);
  }

  async start(): Promise<void> {
    this.client = new TestClient();
    await this.client.initialize(this.dir, { delays: { checkMs: 10, pageCheckMs: 2, siteRecheckMs: 10 } });
    this.initialFindings = await this.expected();
    await this.client.idle();
  }

  async stop(): Promise<void> {
    await this.client.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async idle(): Promise<void> {
    await this.client.idle();
  }

  /**
   * Runs one seeded sequence of `events` events, compared with a fresh check at the end (and at
   * random points midway); then puts the site back and compares with the first check.
   */
  async sequence(seed: number, events: number): Promise<SequenceResult> {
    this.rng = new Rng(seed);
    this.log = [];
    const fail = (when: SequenceResult['when'], found: { missing: string[]; extra: string[] }) =>
      found.missing.length || found.extra.length ? { seed, events: [...this.log], when, ...found } : undefined;
    let failed: SequenceResult | undefined;
    for (let i = 0; i < events; i++) {
      this.step();
      // Sometimes the server catches up in the middle of a sequence (and is compared then), sometimes events pile up.
      if (this.rng.chance(0.1) && !failed) {
        await this.idle();
        failed = fail('midway', this.compare(await this.expected()));
      }
    }
    await this.idle();
    failed ??= fail('sequence', this.compare(await this.expected()));
    this.reset();
    await this.idle();
    return failed ?? fail('reset', this.compare(this.initialFindings)) ?? { seed, events: this.log, when: 'sequence', missing: [], extra: [] };
  }

  private compare(expected: string[]): { missing: string[]; extra: string[] } {
    const published = fromDiagnostics(this.client.published());
    const count = (list: string[]) => list.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    const want = count(expected);
    const got = count(published);
    const missing = [...want].filter(([k, n]) => (got.get(k) ?? 0) < n).map(([k]) => k);
    const extra = [...got].filter(([k, n]) => (want.get(k) ?? 0) < n).map(([k]) => k);
    return { missing, extra };
  }

  /** A fresh check of the disk with the open buffers over it, as `docwright check` makes it. */
  private async expected(): Promise<string[]> {
    const project = new MemoProject(new DiskWorkspace((p) => this.open.get(p)?.text), [this.dir], this.parses);
    await project.scan();
    const findings: Finding[] = [];
    const onRuleError = (id: string, e: unknown, file: string) => this.ruleErrors.push(`${id} on ${file}: ${String(e)}`);
    for (const root of project.roots) findings.push(...(await checkProject(project, root, { onRuleError })));
    return fromFindings(findings);
  }

  // --- the disk and the editor, as VS Code reports them ----------------------------------------

  private abs(rel: string): string {
    return rel ? `${this.dir}/${rel}` : this.dir;
  }

  private writeRaw(rel: string, text: string): void {
    mkdirSync(path.dirname(this.abs(rel)), { recursive: true });
    writeFileSync(this.abs(rel), text);
  }

  private files(): string[] {
    return listDisk(this.dir);
  }

  private text(rel: string): string | undefined {
    const doc = this.open.get(this.abs(rel));
    if (doc) return doc.text;
    return existsSync(this.abs(rel)) && statSync(this.abs(rel)).isFile() ? readFileSync(this.abs(rel), 'utf8') : undefined;
  }

  /** Writes a file on disk; the watcher reports it, and an open clean buffer reloads it as VS Code does. */
  private writeDisk(rel: string, text: string): void {
    const existed = existsSync(this.abs(rel));
    this.writeRaw(rel, text);
    this.client.watched([{ path: this.abs(rel), type: existed ? 'changed' : 'created' }]);
    const doc = this.open.get(this.abs(rel));
    if (doc && !doc.dirty && doc.text !== text) {
      doc.text = text;
      this.client.change(this.abs(rel), ++doc.version, text);
    }
  }

  /** Changes a file's text: in its open buffer (left unsaved) or on disk. */
  private modify(rel: string, change: (text: string) => string, what: string): void {
    const doc = this.open.get(this.abs(rel));
    if (doc && this.rng.chance(0.6)) {
      const text = change(doc.text);
      if (text === doc.text) return;
      doc.text = text;
      doc.dirty = true;
      this.client.change(this.abs(rel), ++doc.version, text);
      this.log.push(`edit ${rel}: ${what}`);
      return;
    }
    const before = existsSync(this.abs(rel)) ? readFileSync(this.abs(rel), 'utf8') : '';
    this.writeDisk(rel, change(before));
    this.log.push(`write ${rel}: ${what}`);
  }

  private remove(rel: string): void {
    const folder = statSync(this.abs(rel)).isDirectory();
    const children = folder ? listDisk(this.abs(rel)).map((c) => `${rel}/${c}`) : [];
    rmSync(this.abs(rel), { recursive: true, force: true });
    // VS Code's watcher reports a deleted folder once; sometimes its files come too.
    const changes = [{ path: this.abs(rel), type: 'deleted' as const }];
    if (folder && this.rng.chance(0.3)) for (const c of children) changes.push({ path: this.abs(c), type: 'deleted' });
    this.client.watched(changes);
    this.log.push(`delete ${rel}${folder ? '/' : ''}`);
  }

  /** A move: by the editor (didRenameFiles, open documents follow) or in a terminal (watcher only). */
  private move(from: string, to: string): void {
    if (existsSync(this.abs(to))) return;
    const folder = statSync(this.abs(from)).isDirectory();
    mkdirSync(path.dirname(this.abs(to)), { recursive: true });
    renameSync(this.abs(from), this.abs(to));
    const byEditor = this.rng.chance(0.7);
    const watcher = () => {
      const changes = [
        { path: this.abs(from), type: 'deleted' as const },
        { path: this.abs(to), type: 'created' as const },
      ];
      if (folder && this.rng.chance(0.3)) for (const c of listDisk(this.abs(to))) changes.push({ path: this.abs(`${to}/${c}`), type: 'created' });
      this.client.watched(changes);
    };
    if (byEditor) {
      // The editor's documents of moved files are closed and opened at the new path, unsaved text kept.
      for (const [p, doc] of [...this.open]) {
        if (p !== this.abs(from) && !p.startsWith(this.abs(from) + '/')) continue;
        const moved = this.abs(to) + p.slice(this.abs(from).length);
        this.open.delete(p);
        this.client.close(p);
        if (this.open.has(moved)) continue;
        this.open.set(moved, { ...doc, version: 1 });
        this.client.open(moved, doc.text, moved.endsWith('.json') ? 'json' : 'mdx');
      }
      const watcherFirst = this.rng.chance(0.4);
      if (watcherFirst) watcher();
      this.client.renamed([{ from: this.abs(from), to: this.abs(to) }]);
      if (!watcherFirst && this.rng.chance(0.9)) watcher();
    } else watcher();
    this.log.push(`move ${from} -> ${to}${folder ? ' (folder)' : ''}${byEditor ? '' : ' (terminal)'}`);
  }

  /** Closes every document without saving and puts the disk back as it was at the start. */
  private reset(): void {
    for (const p of [...this.open.keys()]) this.client.close(p);
    this.open.clear();
    const now = new Set(this.files());
    const changes: { path: string; type: 'created' | 'changed' | 'deleted' }[] = [];
    for (const rel of now) {
      if (!this.initial.has(rel)) {
        rmSync(this.abs(rel));
        changes.push({ path: this.abs(rel), type: 'deleted' });
      }
    }
    for (const [rel, text] of this.initial) {
      if (!now.has(rel)) {
        this.writeRaw(rel, text);
        changes.push({ path: this.abs(rel), type: 'created' });
      } else if (readFileSync(this.abs(rel), 'utf8') !== text) {
        this.writeRaw(rel, text);
        changes.push({ path: this.abs(rel), type: 'changed' });
      }
    }
    // Empty folders left by moves and deletions.
    const prune = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (!e.isDirectory()) continue;
        prune(path.join(dir, e.name));
        if (readdirSync(path.join(dir, e.name)).length === 0) rmSync(path.join(dir, e.name), { recursive: true });
      }
    };
    prune(this.dir);
    if (changes.length) this.client.watched(changes);
  }

  // --- events --------------------------------------------------------------------------------

  private pages(): string[] {
    return this.files().filter((f) => /\.mdx?$/.test(f) && !f.startsWith('snippets/'));
  }

  private pageIds(): string[] {
    return this.pages().map((f) => f.replace(/\.mdx?$/, ''));
  }

  /** A link target: an existing page (maybe with an anchor), or one that may exist later. */
  private target(): string {
    const ids = this.pageIds();
    const id = ids.length && this.rng.chance(0.7) ? this.rng.pick(ids) : [this.rng.pick(FOLDERS), this.rng.pick(NAMES)].filter(Boolean).join('/');
    return `/${id}${this.rng.chance(0.4) ? '#' + slug(this.rng.pick(HEADINGS)) : ''}`;
  }

  private newPageText(): string {
    const r = this.rng;
    const lines = [
      '---',
      `title: "${r.pick(HEADINGS)}"`,
      ...(r.chance(0.8) ? ['description: "A page the model test made, to see what links to it and what it links to."'] : []),
      '---',
      '',
    ];
    if (r.chance(0.3)) {
      const name = r.pick(SNIPPETS);
      lines.push(`import ${snippetName(name)} from '/snippets/${name}.mdx';`, '', `<${snippetName(name)} />`, '');
    }
    for (const h of [r.pick(HEADINGS), r.pick(HEADINGS)]) lines.push(`## ${h}`, '', `Read [this](${this.target()}).`, '');
    if (r.chance(0.3)) lines.push(`![A figure](/images/${r.pick(['diagram-0', 'diagram-1', 'note-lifecycle', 'missing'])}.svg)`, '');
    if (r.chance(0.1)) lines.push('<Warning>', 'BROKEN', '');
    return lines.join('\n');
  }

  /** One change of a page's text, named. */
  private pageChange(): [(text: string) => string, string] {
    const r = this.rng;
    switch (r.int(0, 8)) {
      case 0: {
        const to = r.pick(HEADINGS);
        return [(t) => t.replace(/^## .*$/m, `## ${to}`), `first heading renamed to "${to}"`];
      }
      case 1: {
        const target = this.target();
        return [(t) => `${t}\nSee [more](${target}).\n`, `link to ${target} added`];
      }
      case 2:
        return [(t) => t.replace(/^.*\]\(\/.*$/m, ''), 'a line with a link removed'];
      case 3: {
        const image = r.pick(['diagram-0', 'diagram-2', 'webhook-flow', 'missing']);
        return [(t) => `${t}\n![Figure](/images/${image}.svg)\n`, `image ${image} added`];
      }
      case 4:
        return [(t) => `${t}\n<Warning>\nBROKEN\n`, 'broken MDX appended'];
      case 5:
        return [
          (t) =>
            t
              .split('\n<Warning>\nBROKEN\n')
              .join('')
              .replace(/^<Warning>\nBROKEN\n/m, ''),
          'broken MDX removed',
        ];
      case 6: {
        const name = r.pick(SNIPPETS);
        const line = `import ${snippetName(name)} from '/snippets/${name}.mdx';`;
        return [
          (t) => (t.includes(line) ? t : t.replace(/^---\n[\s\S]*?\n---\n/, (fm) => `${fm}\n${line}\n`) + `\n<${snippetName(name)} />\n`),
          `import of snippet ${name} added`,
        ];
      }
      case 7:
        if (r.chance(0.5)) {
          // A page imported by another one (a page in no navigation is then a snippet: no title needed).
          // Mostly a page no navigation lists: importing it makes it a snippet (no orphan, no title needed).
          const nav = ['docs.json', 'nav/reference.json'].map((f) => this.text(f) ?? '').join('\n');
          const all = this.pages().filter((f) => f.endsWith('.mdx'));
          const unlisted = all.filter((f) => !nav.includes(`"${f.replace(/\.mdx$/, '')}"`));
          const pages = unlisted.length && r.chance(0.8) ? unlisted : all;
          if (pages.length) {
            const line = `import PageImport${r.int(0, 3)} from '/${r.pick(pages)}';`;
            return [(t) => t.replace(/^---\n[\s\S]*?\n---\n/, (fm) => `${fm}\n${line}\n`), `import of a page added: ${line}`];
          }
        }
        return [(t) => t.replace(/^title: .*\n/m, ''), 'title removed'];
      default: {
        const h = r.pick(HEADINGS);
        return [(t) => `${t}\n## ${h}\n\nMore text.\n`, `heading "${h}" added`];
      }
    }
  }

  /** A change of a JSON file: entries of its `pages` arrays, paths of an OpenAPI file, broken or repaired. */
  private jsonChange(rel: string): [(text: string) => string, string] {
    const r = this.rng;
    const good = (t: string) => {
      try {
        JSON.parse(t);
        this.goodJson.set(rel, t);
        return t;
      } catch {
        return this.goodJson.get(rel) ?? this.initial.get(rel) ?? '{}';
      }
    };
    const kind = r.int(0, 9);
    if (kind === 0) return [(t) => t.slice(0, Math.floor(t.length / 2)), 'broken (cut in half)'];
    if (kind === 1) return [(t) => good(t), 'repaired'];
    const edit = (t: string, f: (v: unknown) => void) => {
      const value = JSON.parse(good(t)) as unknown;
      f(value);
      return JSON.stringify(value, null, 2) + '\n';
    };
    if (/openapi/.test(rel)) {
      const restore = kind % 2 === 0;
      return [
        (t) =>
          edit(t, (v) => {
            const paths = (v as { paths?: Record<string, unknown> }).paths ?? {};
            const original = (JSON.parse(this.initial.get(rel) ?? '{}') as { paths?: Record<string, unknown> }).paths ?? {};
            const names = Object.keys(restore ? original : paths);
            if (!names.length) return;
            const name = names[kind % names.length];
            if (restore) paths[name] = original[name];
            else delete paths[name];
          }),
        restore ? 'an operation path put back' : 'an operation path removed',
      ];
    }
    const arrays = (v: unknown, out: unknown[][]): unknown[][] => {
      if (Array.isArray(v)) v.forEach((x) => arrays(x, out));
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === 'pages' && Array.isArray(x)) out.push(x);
          arrays(x, out);
        }
      }
      return out;
    };
    const add = kind % 2 === 0;
    const id = r.chance(0.6) && this.pageIds().length ? r.pick(this.pageIds()) : [r.pick(FOLDERS), r.pick(NAMES)].filter(Boolean).join('/');
    const pick = r.next();
    return [
      (t) =>
        edit(t, (v) => {
          const found = arrays(v, []);
          if (!found.length) return;
          const list = found[Math.floor(pick * found.length)];
          if (add) list.push(id);
          else if (list.length) list.splice(Math.floor(pick * list.length), 1);
        }),
      add ? `nav entry ${id} added` : 'a nav entry removed',
    ];
  }

  private openDoc(rel: string): void {
    const p = this.abs(rel);
    const text = this.text(rel);
    if (this.open.has(p) || text === undefined) return;
    this.open.set(p, { text, version: 1, dirty: false });
    this.client.open(p, text, rel.endsWith('.json') ? 'json' : 'mdx');
    this.log.push(`open ${rel}`);
  }

  /** One random event. */
  private step(): void {
    const r = this.rng;
    const files = this.files();
    const pages = this.pages();
    const jsons = files.filter((f) => f.endsWith('.json'));
    const openRels = [...this.open.keys()].map((p) => p.slice(this.dir.length + 1));
    const roll = r.int(0, 99);
    if (roll < 10) {
      // A page created, with or without a nav entry.
      const rel = `${[r.pick(FOLDERS), r.pick(NAMES)].filter(Boolean).join('/')}${r.chance(0.2) ? '.md' : '.mdx'}`;
      if (existsSync(this.abs(rel))) return this.step();
      this.writeDisk(rel, this.newPageText());
      this.log.push(`create ${rel}`);
      if (r.chance(0.5)) this.modify('docs.json', (t) => this.addNav(t, rel.replace(/\.mdx?$/, '')), `nav entry for ${rel}`);
    } else if (roll < 25 && pages.length) {
      const rel = r.pick(pages);
      const [change, what] = this.pageChange();
      this.modify(rel, change, what);
    } else if (roll < 31 && files.length) {
      const rel = r.chance(0.2) ? r.pick(FOLDERS.filter((f) => f && existsSync(this.abs(f)))) : r.pick(pages.length ? pages : files);
      if (rel && rel !== 'docs.json') this.remove(rel);
    } else if (roll < 43) {
      // A page, a snippet, an image or a folder renamed (sometimes back where it came from).
      const folders = FOLDERS.filter((f) => f && existsSync(this.abs(f)));
      if (r.chance(0.25) && folders.length) {
        const from = r.pick(folders);
        const to = r.pick(FOLDERS.filter((f) => f && f !== from && !f.startsWith(from + '/') && !from.startsWith(f + '/')));
        this.move(from, to);
      } else {
        const candidates = files.filter((f) => /\.(mdx?|svg)$/.test(f));
        if (!candidates.length) return;
        const from = r.pick(candidates);
        const ext = path.extname(from);
        const to = from.startsWith('snippets/')
          ? `snippets/${r.pick(SNIPPETS)}${ext}`
          : ext === '.svg'
            ? `images/${r.pick(['diagram-0', 'diagram-2', 'missing', 'webhook-flow'])}.svg`
            : `${[r.pick(FOLDERS), r.pick(NAMES)].filter(Boolean).join('/')}${ext}`;
        this.move(from, to);
      }
    } else if (roll < 53) {
      // What the client syncs: pages, snippets and the config (other JSON files reach the server from disk only).
      const candidates = files.filter((f) => /\.mdx?$/.test(f) || /(^|\/)(docs|mint)\.json$/.test(f));
      if (candidates.length) this.openDoc(r.pick(candidates));
    } else if (roll < 63 && openRels.length) {
      const rel = r.pick(openRels);
      if (/\.mdx?$/.test(rel)) {
        const [change, what] = this.pageChange();
        this.modify(rel, change, what);
      } else {
        const [change, what] = this.jsonChange(rel);
        this.modify(rel, change, what);
      }
    } else if (roll < 69 && openRels.length) {
      const rel = r.pick(openRels);
      const doc = this.open.get(this.abs(rel))!;
      if (r.chance(0.5) && doc.dirty && existsSync(path.dirname(this.abs(rel)))) {
        this.writeRaw(rel, doc.text);
        doc.dirty = false;
        this.client.watched([{ path: this.abs(rel), type: 'changed' }]);
        this.log.push(`save ${rel}`);
      } else {
        this.open.delete(this.abs(rel));
        this.client.close(this.abs(rel));
        this.log.push(`close ${rel}${doc.dirty ? ' without saving' : ''}`);
      }
    } else if (roll < 79 && jsons.length) {
      // docs.json, a `$ref` part or an OpenAPI file.
      const rel = r.chance(0.5) && jsons.includes('docs.json') ? 'docs.json' : r.pick(jsons);
      const [change, what] = this.jsonChange(rel);
      this.modify(rel, change, what);
    } else if (roll < 86) {
      // A snippet created, changed (maybe broken) or deleted.
      const rel = `snippets/${r.pick(SNIPPETS)}.mdx`;
      const exists = existsSync(this.abs(rel));
      if (exists && r.chance(0.3)) this.remove(rel);
      else {
        const text = r.chance(0.2) ? '<Tip>\n  Unclosed\n' : r.chance(0.5) ? '<Note>\n  Shared text.\n</Note>\n' : `Read [more](${this.target()}).\n`;
        this.modify(rel, () => text, exists ? 'snippet changed' : 'snippet created');
      }
    } else if (roll < 92) {
      if (r.chance(0.15)) {
        // The team's rule settings, or the config itself gone for a while.
        if (r.chance(0.5) && existsSync(this.abs('docs.json'))) this.remove('docs.json');
        else if (!existsSync(this.abs('docs.json'))) {
          this.writeDisk('docs.json', this.initial.get('docs.json') ?? '{}');
          this.log.push('create docs.json (as it was)');
        } else
          this.modify(
            '.docwright.json',
            () => JSON.stringify({ rules: { 'orphan-page': r.pick(['off', 'error', 'hint']), 'link-broken': r.pick(['warning', 'error']) } }),
            '.docwright.json severities',
          );
      } else if (existsSync(this.abs('.mintignore')) && r.chance(0.3)) this.remove('.mintignore');
      else {
        const text = r.chance(0.5) ? r.pick(IGNORES) : '';
        this.modify('.mintignore', () => text, `.mintignore = ${JSON.stringify(text)}`);
      }
    } else {
      // The images pages name.
      const rel = `images/${r.pick(['diagram-0', 'diagram-2', 'missing', 'webhook-flow'])}.svg`;
      if (existsSync(this.abs(rel))) this.remove(rel);
      else {
        this.writeDisk(rel, '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
        this.log.push(`create ${rel}`);
      }
    }
  }

  private addNav(text: string, id: string): string {
    try {
      type Group = { pages?: unknown[] };
      const config = JSON.parse(text) as { navigation?: { groups?: Group[] } | Group[] };
      const groups = Array.isArray(config.navigation) ? config.navigation : config.navigation?.groups;
      const group = groups?.find((g) => Array.isArray(g.pages));
      if (group) group.pages!.push(id);
      else return text;
      return JSON.stringify(config, null, 2) + '\n';
    } catch {
      return text;
    }
  }
}

/** Prints a failing sequence so that it can be read and kept as a regression case. */
export function describeFailure(site: SiteName, r: SequenceResult): string {
  return [
    `Model test failed on the ${site} site, seed ${r.seed} (${r.when === 'reset' ? 'after the site was put back' : r.when === 'midway' ? 'in the middle of the sequence, after the events below' : 'after the sequence'}).`,
    'Events:',
    ...r.events.map((e, i) => `  ${i + 1}. ${e}`),
    `Published but not found by a fresh check (${r.extra.length}):`,
    ...r.extra.slice(0, 20).map((e) => `  + ${e}`),
    `Found by a fresh check but not published (${r.missing.length}):`,
    ...r.missing.slice(0, 20).map((e) => `  - ${e}`),
    `Keep it: add { site: '${site}', seed: ${r.seed} } to REGRESSIONS in test/lsp/model.test.ts.`,
  ].join('\n');
}

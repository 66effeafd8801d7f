// Writing an export to disk, for the CLI and the language server: the output folder is checked
// (never the site itself or a folder above it, never a folder that holds something other than an
// earlier export), everything is written to a temporary folder beside it, and that folder is
// swapped in only when the export succeeded. A failed or cancelled export leaves the previous
// output as it was. Every path is checked again here: nothing is written outside the temporary
// folder, and only regular files inside the site are copied.
//
// Symbolic links: the output folder, and every folder above it, is compared by its real path, so a
// link cannot make the site (or a folder above it) the output. A site file whose real path is outside
// the site folder (`images/x.png -> /etc/passwd`) is not copied: the export goes on and reports it as
// an error. A link inside the site is copied as the content it leads to, never as a link. The
// temporary folder is new (its name random, made with a plain mkdir, which fails if it exists), so no
// link can be waiting in it; pages are written only into folders this writer made in it (one at a
// time, never through a link: node/safe-write.ts), opened with O_NOFOLLOW. An output inside the site
// (or the repository) is refused when a folder on its way below that root is a link (a committed
// `build -> elsewhere`); the output folder itself may be a link, which the export replaces. Its name
// carries the process id: the next export removes those of processes that no longer run.
import { randomBytes } from 'node:crypto';
import { constants, existsSync, promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { CopyTransform, ExportProblem, ExportReport, ExportWriter, StaticAssets, VendorAssets } from '../export/export';
import { ExportError, isSafeOutputPath } from '../export/paths';
import { makeFolders, UnsafeWriteError, writeFileNoFollow } from './safe-write';

/** The file that marks a folder as written by `docwright export` (so it may be replaced). */
export const EXPORT_MARKER = '.docwright-export';
const MARKER_TEXT = 'This folder was written by `docwright export` and is replaced by the next export.\n';

/** Whether `child` is `parent` or inside it. */
function within(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  // Not `startsWith('..')`: a file may be named `..notes.png`.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

async function realOrResolved(p: string): Promise<string> {
  // The deepest existing ancestor, resolved (symlinks), with the rest appended.
  let existing = p;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await fs.realpath(existing), ...rest.reverse());
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return p;
      rest.push(path.basename(existing));
      existing = parent;
    }
  }
}

/**
 * Checks an output folder for a site: refuses the site folder and any folder that contains it, a
 * file, and a non-empty folder without the marker of an earlier export. Returns the absolute path.
 */
export async function checkOutputFolder(siteRoot: string, out: string): Promise<string> {
  const abs = path.resolve(out);
  // A link to nothing would be seen as a new folder, then fail when the export is swapped in.
  const link = await fs.lstat(abs).catch(() => undefined);
  if (
    link?.isSymbolicLink() &&
    !(await fs.stat(abs).then(
      () => true,
      () => false,
    ))
  ) {
    throw new ExportError(`The output folder "${out}" is a symbolic link that leads nowhere: remove it or give another folder.`);
  }
  const [site, target] = await Promise.all([realOrResolved(path.resolve(siteRoot)), realOrResolved(abs)]);
  if (within(target, site)) {
    throw new ExportError(
      `The output folder "${out}" is the site folder or a folder above it: the export replaces its output folder as a whole, so give it a folder of its own (such as ${path.join(siteRoot, 'dist')}).`,
    );
  }
  const stat = await fs.stat(abs).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new ExportError(`The output "${out}" is a file, not a folder.`);
  if (stat) {
    const entries = await fs.readdir(abs);
    if (entries.length > 0 && !entries.includes(EXPORT_MARKER)) {
      throw new ExportError(
        `The output folder "${out}" is not empty and holds no earlier export (no ${EXPORT_MARKER} file): Docwright replaces only folders it wrote. Choose a new or empty folder.`,
      );
    }
  }
  return abs;
}

/** How many file writes may be under way at once (the renderer goes on while the disk catches up). */
const MAX_PENDING_WRITES = 32;

/** Writes into `dir` (the temporary folder), refusing any path that would leave it. */
export class DiskExportWriter implements ExportWriter {
  private readonly dirs = new Map<string, Promise<unknown>>();
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown;
  private siteReal: string | undefined;
  /** Problems of copies, by the copy's number (copies finish in any order; the report keeps call order). */
  private readonly found: { copy: number; problem: ExportProblem }[] = [];
  private copies = 0;

  constructor(
    readonly dir: string,
    private readonly siteRoot: string,
  ) {}

  /** The absolute file of an output path; refuses anything outside the folder (checked before any write). */
  private target(p: string): string {
    if (!isSafeOutputPath(p)) throw new ExportError(`"${p}" would be written outside the output folder: export refused.`);
    const file = path.join(this.dir, ...p.split('/'));
    if (!within(this.dir, file) || file === this.dir) throw new ExportError(`"${p}" would be written outside the output folder: export refused.`);
    return file;
  }

  private folder(file: string): Promise<unknown> {
    const parent = path.dirname(file);
    let made = this.dirs.get(parent);
    if (!made) this.dirs.set(parent, (made = makeFolders(this.dir, parent)));
    return made;
  }

  /** Runs a write in the background, at most MAX_PENDING_WRITES at once; the first failure is rethrown. */
  private async enqueue(job: () => Promise<void>): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    while (this.pending.size >= MAX_PENDING_WRITES) await Promise.race(this.pending);
    const p: Promise<void> = job()
      .catch((e: unknown) => {
        this.failure ??= e;
      })
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async write(p: string, content: string | Uint8Array): Promise<void> {
    const file = this.target(p);
    await this.enqueue(async () => {
      await this.folder(file);
      await writeFileNoFollow(file, content);
    });
  }

  async copy(p: string, siteRel: string, transform?: CopyTransform): Promise<void> {
    const dest = this.target(p);
    if (!isSafeOutputPath(siteRel)) throw new ExportError(`Site file "${siteRel}" is outside the site folder.`);
    const src = path.join(this.siteRoot, ...siteRel.split('/'));
    const copy = this.copies++;
    await this.enqueue(async () => {
      // Only files that really are inside the site (no symlink out of it); a link inside the site
      // is copied as the file it leads to.
      this.siteReal ??= await fs.realpath(this.siteRoot);
      const real = await fs.realpath(src).catch(() => undefined);
      if (real === undefined) {
        this.found.push({
          copy,
          problem: {
            severity: 'error',
            file: siteRel,
            message: `Site file ${siteRel} could not be read (a symbolic link that leads nowhere, or a file removed during the export): it is not copied.`,
          },
        });
        return;
      }
      if (!within(this.siteReal, real)) {
        this.found.push({
          copy,
          problem: {
            severity: 'error',
            file: siteRel,
            message: `Site file ${siteRel} leads outside the site folder (a symbolic link to ${real}): it is not copied (the export holds only files of the site; copy the file into the site folder instead).`,
          },
        });
        return;
      }
      if (!transform) {
        await this.folder(dest);
        // Each output path is copied once (the export claims it first); EXCL never follows a link there.
        await fs.copyFile(real, dest, constants.COPYFILE_EXCL);
        return;
      }
      const out = transform(await fs.readFile(real));
      if (!(out instanceof Uint8Array)) {
        this.found.push({ copy, problem: { severity: 'warning', file: siteRel, message: out.notCopied } });
        return;
      }
      await this.folder(dest);
      await writeFileNoFollow(dest, out);
    });
  }

  /**
   * Site files not copied because they lead outside the site folder or nowhere, in the order they
   * were asked for: exportToFolder adds them to the report. (Workers' writers only write pages;
   * the main thread copies the site files.)
   */
  get problems(): ExportProblem[] {
    return [...this.found].sort((a, b) => a.copy - b.copy).map((f) => f.problem);
  }

  /** Waits for every write; throws the first failure. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
    if (this.failure !== undefined) throw this.failure;
  }
}

export interface OutputResult {
  report: ExportReport;
  /** False when the export was not swapped in (strict mode and errors). */
  replaced: boolean;
  out: string;
}

/** Whether a process with this id runs (one of another user counts). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what an export that was killed left beside its output: our temporary folders
 * (`.<out>.docwright-tmp-<pid>-<hex>`) whose process no longer runs. An export running now, in
 * this process or another, keeps its own. A moved-aside earlier output (`docwright-old-`) goes only
 * once the output is back in place: otherwise it is the one copy of the previous output.
 */
async function removeStaleFolders(parent: string, base: string): Promise<void> {
  const prefix = `.${base}.docwright-`;
  const names = await fs.readdir(parent).catch(() => [] as string[]);
  const outputThere = names.includes(base);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(tmp|old)-(\d+)-[0-9a-f]{8}$/.exec(name.slice(prefix.length));
    if (!m) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || running(pid) || (m[1] === 'old' && !outputThere)) continue;
    await fs.rm(path.join(parent, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Runs an export into a temporary folder beside `out` and swaps it in: on any error, cancellation,
 * or (with `keep` returning false) a report not to keep, the temporary folder is removed and `out`
 * is left exactly as it was.
 */
export async function exportToFolder(
  siteRoot: string,
  out: string,
  run: (writer: DiskExportWriter) => Promise<ExportReport>,
  keep: (report: ExportReport) => boolean = () => true,
): Promise<OutputResult> {
  const abs = await checkOutputFolder(siteRoot, out);
  const parent = path.dirname(abs);
  // Inside the site (or its repository), the folders on the way are the repository's: none may be a link.
  const guard = [siteRoot, repositoryRoot(siteRoot)].map((r) => r && path.resolve(r)).find((r): r is string => r !== undefined && r !== abs && within(r, abs));
  try {
    await makeFolders(guard ?? parent, parent);
  } catch (e) {
    if (e instanceof UnsafeWriteError) throw new ExportError(`The output folder "${out}": ${e.message}`);
    throw e;
  }
  await removeStaleFolders(parent, path.basename(abs));
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = path.join(parent, `.${path.basename(abs)}.docwright-tmp-${suffix}`);
  await fs.mkdir(temp);
  let report: ExportReport;
  try {
    const writer = new DiskExportWriter(temp, siteRoot);
    try {
      report = await run(writer);
    } finally {
      // No write may still be under way when the folder is swapped in or removed.
      await writer.flush().catch(() => undefined);
    }
    await writer.flush();
    if (writer.problems.length > 0) {
      // Copies the writer refused were counted as files of the export.
      report = { ...report, files: report.files - writer.problems.length, problems: [...report.problems, ...writer.problems] };
    }
    if (!keep(report)) {
      await fs.rm(temp, { recursive: true, force: true });
      return { report, replaced: false, out: abs };
    }
    await writeFileNoFollow(path.join(temp, EXPORT_MARKER), MARKER_TEXT);
  } catch (e) {
    await fs.rm(temp, { recursive: true, force: true });
    throw e;
  }
  // Swap: the old output aside, the new one in, the old one removed.
  const old = path.join(parent, `.${path.basename(abs)}.docwright-old-${suffix}`);
  const hadOld = await fs.stat(abs).then(
    () => true,
    () => false,
  );
  try {
    if (hadOld) await fs.rename(abs, old);
    await fs.rename(temp, abs);
  } catch (e) {
    if (hadOld) await fs.rename(old, abs).catch(() => undefined);
    await fs.rm(temp, { recursive: true, force: true });
    throw e;
  }
  if (hadOld) await fs.rm(old, { recursive: true, force: true });
  return { report, replaced: true, out: abs };
}

/** The repository folder at or above `dir` (the one holding `.git`), or undefined. */
export function repositoryRoot(dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/** The folder that holds media/ (the repository, or the installed extension). */
function assetRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, 'media', 'docwright.css'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`Docwright's media/ folder was not found above ${__dirname}.`);
}

/** A file of Docwright's media/ folder (`docwright dev` reads its client script, dev.js, here). */
export function readMediaFile(name: string): Promise<string> {
  return fs.readFile(path.join(assetRoot(), 'media', name), 'utf8');
}

/** Docwright's styles and scripts for the exported site. */
export async function readStaticAssets(): Promise<StaticAssets> {
  const root = assetRoot();
  const media = (name: string) => fs.readFile(path.join(root, 'media', name), 'utf8');
  // The VSIX ships MiniSearch's browser build in dist/ (scripts/build.mjs); a checkout has node_modules.
  const shipped = path.join(root, 'dist', 'minisearch.js');
  const miniSearchFile = await fs.stat(shipped).then(
    () => shipped,
    // The package exports only its CommonJS/ES entries; the UMD build sits beside them.
    () => path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('minisearch')), '..', 'umd', 'index.js'),
  );
  const [css, js, searchJs, playgroundJs, miniSearchJs] = await Promise.all([
    media('docwright.css'),
    media('docwright.js'),
    media('search.js'),
    media('playground.js'),
    fs.readFile(miniSearchFile, 'utf8'),
  ]);
  return { css, js, searchJs, playgroundJs, miniSearchJs, vendor: () => readVendorAssets(root) };
}

/** The folder of Mermaid's and KaTeX's browser files: dist/vendor (scripts/build.mjs), or node_modules in a checkout. */
export function vendorFiles(root = assetRoot()): { mermaidJs: string; katexCss: string; katexFonts: string } {
  const vendor = path.join(root, 'dist', 'vendor');
  if (existsSync(path.join(vendor, 'mermaid.min.js')))
    return {
      mermaidJs: path.join(vendor, 'mermaid.min.js'),
      katexCss: path.join(vendor, 'katex', 'katex.min.css'),
      katexFonts: path.join(vendor, 'katex', 'fonts'),
    };
  const req = createRequire(path.join(root, 'package.json'));
  const katex = path.dirname(req.resolve('katex/dist/katex.min.css'));
  return { mermaidJs: req.resolve('mermaid/dist/mermaid.min.js'), katexCss: path.join(katex, 'katex.min.css'), katexFonts: path.join(katex, 'fonts') };
}

async function readVendorAssets(root: string): Promise<VendorAssets> {
  const files = vendorFiles(root);
  const [mermaidJs, katexCss, fontNames] = await Promise.all([
    fs.readFile(files.mermaidJs, 'utf8'),
    fs.readFile(files.katexCss, 'utf8'),
    fs.readdir(files.katexFonts),
  ]);
  const katexFonts: Record<string, Uint8Array> = {};
  for (const name of fontNames.filter((n) => n.endsWith('.woff2'))) katexFonts[name] = await fs.readFile(path.join(files.katexFonts, name));
  return { mermaidJs, katexCss, katexFonts };
}

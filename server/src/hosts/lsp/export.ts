// Export requests: the static site (docwright/exportSite, with $/progress and cancellation) and the
// editor rules file (docwright/rulesFile: the content and where it goes; the client writes it).
// The same facade methods (Docwright.export, Docwright.rulesFile) and disk writer as `docwright
// export` and `docwright rules`; here the pages come from the project, so the export shows the
// pages as the editor has them.
import * as path from 'node:path';
import {
  WorkDoneProgress,
  type CancellationToken,
  type Connection,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver/node';
import { join, toPosix } from '../../util/paths';
import { pathToUri, uriToPath } from './convert';
import { exportToFolder, readStaticAssets, repositoryRoot } from '../../node/export-disk';
import { EXPORT_SITE_REQUEST, type ExportSiteParams, type ExportSiteResult, RULES_FILE_REQUEST, type RulesFileParams, type RulesFileResult } from './protocol';
import { assertNoLinks, UnsafeWriteError } from '../../node/safe-write';
import { type Docwright, ExportCancelled, ExportError, type ExportReport, normalizeBaseUrl } from '../../docwright';

const count = (r: ExportReport, s: 'error' | 'warning') => r.problems.filter((p) => p.severity === s).length;

export function registerExport(connection: Connection, docwright: () => Promise<Docwright>, log: (message: string) => void): void {
  connection.onRequest(EXPORT_SITE_REQUEST, async (params: ExportSiteParams, token: CancellationToken): Promise<ExportSiteResult> => {
    const empty = { pages: 0, files: 0, errors: 0, warnings: 0, problems: [], notes: [] };
    const d = await docwright();
    const root = d.editor.rootOf(uriToPath(params.uri));
    if (!root) return { status: 'no-site', ...empty };
    const progress = params.workDoneToken;
    const report = (value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd) => {
      if (progress !== undefined) void connection.sendProgress(WorkDoneProgress.type, progress, value);
    };
    report({ kind: 'begin', title: 'Exporting', cancellable: true, percentage: 0 });
    try {
      // Said before the output folder is touched (the export reads the same index).
      if (!(await d.editor.hasSite(root))) return { status: 'no-site', ...empty };
      const assets = await readStaticAssets();
      const baseUrl = normalizeBaseUrl(params.baseUrl);
      let last = -1;
      let noSite = false;
      const result = await exportToFolder(
        root,
        params.out,
        async (writer) => {
          const exported = await d.export(root, writer, {
            baseUrl,
            assets,
            trusted: params.trusted === true,
            pages: 'project',
            cancelled: () => token.isCancellationRequested,
            progress: (done, total, page) => {
              const percentage = Math.floor((done / total) * 100);
              if (percentage !== last) report({ kind: 'report', message: `${done}/${total} pages (${page})`, percentage });
              last = percentage;
            },
          });
          noSite = !exported;
          return exported ?? { pages: 0, files: 0, problems: [], notes: [] };
        },
        (r) => !noSite && !(params.strict && count(r, 'error') > 0),
      );
      if (noSite) return { status: 'no-site', ...empty };
      const r = result.report;
      log(
        `Docwright: exported ${r.pages} pages of ${root} to ${result.out} (${count(r, 'error')} errors, ${count(r, 'warning')} warnings)${result.replaced ? '' : '; strict mode: the previous output was kept'}.`,
      );
      return {
        status: result.replaced ? 'exported' : 'kept',
        out: toPosix(result.out),
        pages: r.pages,
        files: r.files,
        errors: count(r, 'error'),
        warnings: count(r, 'warning'),
        problems: r.problems.map((x) => ({ severity: x.severity, uri: x.file ? pathToUri(join(root, x.file)) : undefined, line: x.line, message: x.message })),
        notes: r.notes,
      };
    } catch (e) {
      if (e instanceof ExportCancelled) return { status: 'cancelled', ...empty };
      if (e instanceof ExportError) return { status: 'refused', ...empty, message: e.message };
      log(`Docwright: export of ${root} failed: ${e instanceof Error ? e.message : String(e)}`);
      throw e;
    } finally {
      report({ kind: 'end' });
    }
  });

  connection.onRequest(RULES_FILE_REQUEST, async (params: RulesFileParams): Promise<RulesFileResult> => {
    const d = await docwright();
    const root = d.editor.rootOf(uriToPath(params.uri));
    const file = root ? await d.rulesFile(root, params.target, repositoryRoot(root)) : undefined;
    if (!file) return { status: 'no-site' };
    // The client writes the file: a link on its way (a committed `.cursor -> elsewhere`) is refused here.
    try {
      await assertNoLinks(file.folder, path.join(file.folder, ...file.path.split('/')));
    } catch (e) {
      if (e instanceof UnsafeWriteError) return { status: 'refused', message: e.message };
      throw e;
    }
    return { status: 'ok', uri: pathToUri(join(file.folder, file.path)), content: file.content, siteName: file.siteName, note: file.note };
  });
}

// `docwright/migrateConfig`: converts a site's classic config to the current format with the core's
// migration and hands back the text; the client shows the diff and writes only if asked.
import type { Connection } from 'vscode-languageserver/node';
import type { Docwright } from '../../docwright';
import { assertNoLinks, UnsafeWriteError } from '../../node/safe-write';
import { pathToUri, uriToPath } from './convert';
import { MIGRATE_CONFIG_REQUEST, type MigrateConfigParams, type MigrateConfigResult } from './protocol';

export function registerMigrate(connection: Connection, docwright: () => Promise<Docwright>): void {
  connection.onRequest(MIGRATE_CONFIG_REQUEST, async (params: MigrateConfigParams): Promise<MigrateConfigResult> => {
    const m = await (await docwright()).editor.migrateConfig(params.uri ? uriToPath(params.uri) : undefined);
    if (!m.site) return { status: 'no-site', notes: [], sites: m.roots.map(pathToUri) };
    const sourceUri = pathToUri(m.source);
    const targetUri = pathToUri(m.target);
    if (!m.result) return { status: 'error', sourceUri, targetUri, notes: [], error: m.error };
    if (m.result.alreadyCurrent) return { status: 'already-current', sourceUri, targetUri, notes: [] };
    try {
      // The client writes docs.json: one that is a symbolic link is refused here.
      await assertNoLinks(m.root, m.target);
    } catch (e) {
      if (!(e instanceof UnsafeWriteError)) throw e;
      return { status: 'error', sourceUri, targetUri, notes: [], error: e.message };
    }
    return { status: 'migrated', sourceUri, targetUri, text: m.result.text, notes: m.result.notes };
  });
}

// `docwright/migrateConfig`: converts a site's classic config to the current format with the core's
// migration and hands back the text; the client shows the diff and writes only if asked.
import type { Connection } from 'vscode-languageserver/node';
import { CONFIG_FILE_NAME } from '../config/files';
import { migrateConfig, MigrationError } from '../config/migrate';
import type { Project } from '../project';
import { join } from '../util/paths';
import { assertNoLinks, UnsafeWriteError } from '../node/safe-write';
import { pathToUri, uriToPath } from './convert';
import { MIGRATE_CONFIG_REQUEST, type MigrateConfigParams, type MigrateConfigResult } from './protocol';

export function registerMigrate(connection: Connection, project: () => Promise<Project>): void {
  connection.onRequest(MIGRATE_CONFIG_REQUEST, async (params: MigrateConfigParams): Promise<MigrateConfigResult> => {
    const p = await project();
    const root = params.uri ? p.rootFor(uriToPath(params.uri)) : p.roots.length === 1 ? p.roots[0] : undefined;
    const site = root ? await p.site(root) : undefined;
    if (!root || !site) return { status: 'no-site', notes: [], sites: p.roots.map(pathToUri) };
    const sourceUri = pathToUri(site.config.path);
    const targetUri = pathToUri(join(root, CONFIG_FILE_NAME));
    try {
      const result = migrateConfig(site.config.text);
      if (result.alreadyCurrent) return { status: 'already-current', sourceUri, targetUri, notes: [] };
      // The client writes docs.json: one that is a symbolic link is refused here.
      await assertNoLinks(root, join(root, CONFIG_FILE_NAME));
      return { status: 'migrated', sourceUri, targetUri, text: result.text, notes: result.notes };
    } catch (e) {
      if (!(e instanceof MigrationError) && !(e instanceof UnsafeWriteError)) throw e;
      return { status: 'error', sourceUri, targetUri, notes: [], error: e.message };
    }
  });
}

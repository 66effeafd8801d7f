// A file of a site read for a browser (`docwright dev`): only a file that really is inside the site
// folder (a symbolic link leading out of it is refused, as the export refuses to copy one), through
// the export's rules for kinds a browser could run as the site (site-files.ts).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { siteFileCopy } from '../export/site-files';
import { isSafeOutputPath } from '../export/paths';

export type SiteFileRead = { bytes: Uint8Array } | { refused: string } | undefined;

function within(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The bytes of site file `rel` as a browser may get them; `refused` says why not; undefined when there is no such file. */
export async function readSiteFile(root: string, rel: string): Promise<SiteFileRead> {
  if (!isSafeOutputPath(rel)) return { refused: `${rel} is not a path inside the site.` };
  const how = siteFileCopy(rel);
  if ('notCopied' in how) return { refused: how.notCopied };
  const [siteReal, real] = await Promise.all([fs.realpath(root).catch(() => root), fs.realpath(path.join(root, ...rel.split('/'))).catch(() => undefined)]);
  if (real === undefined) return undefined;
  if (!within(siteReal, real)) return { refused: `${rel} leads outside the site folder (a symbolic link): it is not served.` };
  const stat = await fs.stat(real).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  const bytes = await fs.readFile(real);
  if (!how.transform) return { bytes };
  const out = how.transform(bytes);
  return out instanceof Uint8Array ? { bytes: out } : { refused: out.notCopied };
}

import { reportInvalidFile } from './spec-files';
import { specEntryRange } from '../../config/spec-entries';
import { join } from '../../util/paths';
import type { SiteRule } from '../types';
import { tabSite } from '../examples';

const SITE = (artifact: string) =>
  tabSite({ tab: 'SDK Reference', sdk: { format: 'typedoc', source: 'sdk-artifacts/typedoc.json' } }, { 'sdk-artifacts/typedoc.json': artifact });

const CLIENT = '{ "id": 1, "name": "Client", "kind": 128, "flags": {}, "comment": { "summary": [{ "kind": "text", "text": "Calls the Acme API." }] } }';

export const sdkInvalid: SiteRule = {
  id: 'sdk-invalid',
  description: 'The SDK artifacts named by `sdk` on navigation tabs and groups exist and can be read.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      "The reference pages of a tab or group with `sdk` are generated from its artifact (a TypeDoc JSON export, a DocFX metadata folder): a file that does not parse, or that is not the tool's output, gives no pages, and so does a path that names no file or folder of the site. Each problem is shown where it is in the artifact, and `docs.json` says on the `sdk` entry that the artifact has problems.",
    bad: SITE(`{ "id": 0, "name": "acme", "kind": 1, "children": [${CLIENT},] }\n`),
    good: SITE(`{ "id": 0, "name": "acme", "kind": 1, "children": [${CLIENT}] }\n`),
  },
  check({ site, report }) {
    for (const { entry, status } of site.sdk?.entries ?? []) {
      if (status.kind === 'missing')
        report({ path: entry.doc.path, range: specEntryRange(entry), message: `${entry.field}: no file or folder "${status.rel}" in the site folder.` });
      else if (status.kind === 'outside')
        report({ path: entry.doc.path, range: specEntryRange(entry), message: `${entry.field}: "${entry.value}" points outside the site folder.` });
    }
    for (const file of site.sdk?.files ?? []) {
      const root = file.folder ? file.path.slice(0, file.path.length - file.rel.length).replace(/\/$/, '') : '';
      const located = file.problems.flatMap((p) => {
        if (!p.range) return [];
        const path = file.folder && p.rel ? join(root, p.rel) : file.path;
        return [{ range: p.range, message: p.message, path }];
      });
      reportInvalidFile(file, located, `a readable ${file.format} artifact`, 'problem', report);
      // Problems of the whole artifact (no file, or no place in it) are said on each entry.
      for (const p of file.problems)
        if (!p.range) for (const entry of file.entries) report({ path: entry.doc.path, range: specEntryRange(entry), message: `${entry.field}: ${p.message}` });
    }
  },
};

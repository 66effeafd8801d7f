import { reportNotFetched } from './spec-files';
import { specEntryRange } from '../../config/spec-entries';
import type { SiteRule } from '../types';
import { tabSite } from '../examples';

const SITE = (format: string, source: string, extra: Record<string, string>) => tabSite({ tab: 'SDK Reference', sdk: { format, source } }, extra);

const TYPEDOC = '{ "id": 0, "name": "acme", "kind": 1, "children": [{ "id": 1, "name": "Client", "kind": 128, "flags": {} }] }\n';

export const sdkNotFetched: SiteRule = {
  id: 'sdk-not-fetched',
  description: 'SDK artifacts given as URLs are not fetched: keep a copy in the site folder.',
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      "Docwright works offline and never downloads anything, so an `sdk` source that is a URL cannot be read and the tab's or group's reference pages cannot be previewed or exported, and links into its folder are not checked. Save a copy of the artifact in the site folder, at the URL's path or under its file name at the root (for `https://sdk.acme.example/typedoc.json`: `typedoc.json`), and Docwright uses the copy.",
    bad: SITE('typedoc', 'https://sdk.acme.example/typedoc.json', {}),
    good: SITE('typedoc', 'https://sdk.acme.example/typedoc.json', { 'typedoc.json': TYPEDOC }),
  },
  check({ site, report }) {
    reportNotFetched(site.sdk?.entries ?? [], 'typedoc.json', 'read it and to preview and export its pages', report);
    for (const entry of site.sdk?.unsupported ?? [])
      report({
        path: entry.doc.path,
        range: specEntryRange(entry),
        message: `${entry.field}: Docwright does not read ${entry.format} artifacts yet: its pages are not previewed or exported, and links into "${entry.directory}" are not checked.`,
      });
  },
};

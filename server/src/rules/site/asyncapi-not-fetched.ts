import { reportNotFetched } from './spec-files';
import type { SiteRule } from '../types';
import { tabSite } from '../examples';

const SITE = (extra: Record<string, string>) => tabSite({ tab: 'Events', asyncapi: 'https://api.acme.example/asyncapi.yaml' }, extra);

export const asyncapiNotFetched: SiteRule = {
  id: 'asyncapi-not-fetched',
  description: 'AsyncAPI files given as URLs are not fetched: keep a copy in the site folder.',
  severity: 'information',
  fixable: false,
  docs: {
    rationale:
      "Docwright works offline and never downloads anything, so an `asyncapi` URL cannot be checked, its channel pages cannot be previewed or exported, and links into their folder are not checked. Save a copy of the file in the site folder, at the URL's path or under its file name at the root (for `https://api.acme.example/asyncapi.yaml`: `asyncapi.yaml`), and Docwright uses the copy.",
    bad: SITE({}),
    good: SITE({
      'asyncapi.yaml': 'asyncapi: 3.0.0\ninfo:\n  title: Events\n  version: 1.0.0\nchannels:\n  notes:\n    address: /notes\n',
    }),
  },
  check({ site, report }) {
    reportNotFetched(site.asyncapi?.entries ?? [], 'asyncapi.yaml', 'check it and to preview and export its pages', report);
  },
};

import { reportInvalidFile } from './spec-files';
import type { SiteRule } from '../types';
import { tabSite } from '../examples';

const SPEC = (ref: string) =>
  `asyncapi: 3.0.0\ninfo:\n  title: Notes events\n  version: 1.0.0\nchannels:\n  noteUpdates:\n    address: /notes\n    messages:\n      NoteChanged:\n        $ref: '#/components/messages/${ref}'\ncomponents:\n  messages:\n    NoteChanged:\n      payload:\n        type: object\n`;

const SITE = (spec: string) => tabSite({ tab: 'Events', asyncapi: 'asyncapi.yaml' }, { 'asyncapi.yaml': spec });

export const asyncapiInvalid: SiteRule = {
  id: 'asyncapi-invalid',
  description: "The site's AsyncAPI files are valid documents, as the format's parser (@asyncapi/parser) reads them.",
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      "Channel pages are generated from the AsyncAPI file: one the format's parser refuses (a required field missing, a value of the wrong type, a `$ref` to nothing, a reference to another file or URL, which Docwright never reads) gives no pages at all. Each error the parser reports is shown where it is in the file, and `docs.json` says on the `asyncapi` entry that the file has errors. The parser's style advice (contact, license, tags) is not reported.",
    bad: SITE(SPEC('NoteChange')),
    good: SITE(SPEC('NoteChanged')),
  },
  check({ site, report }) {
    for (const file of site.asyncapi?.files ?? []) {
      reportInvalidFile(
        file,
        file.problems.filter((p) => p.severity === 'error'),
        'a valid AsyncAPI document',
        'error',
        report,
      );
    }
  },
};

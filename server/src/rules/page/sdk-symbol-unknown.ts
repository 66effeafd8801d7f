import { readSdkTarget, sdkEntryOfPage } from '../../sdk/load';
import { SDK_SYMBOL_KINDS } from '../../sdk/model';
import { findSymbol } from '../../site/sdk-front-matter';
import { nearest } from '../../util/suggest';
import { page } from '../examples';
import type { PageRule } from '../types';

const TYPEDOC = JSON.stringify({
  id: 0,
  name: 'acme',
  kind: 1,
  children: [
    {
      id: 1,
      name: 'Client',
      kind: 128,
      flags: {},
      comment: { summary: [{ kind: 'text', text: 'Calls the Acme API.' }] },
      children: [
        {
          id: 2,
          name: 'getUser',
          kind: 2048,
          flags: {},
          signatures: [{ id: 3, name: 'getUser', kind: 4096, flags: {}, type: { type: 'intrinsic', name: 'void' } }],
        },
      ],
    },
  ],
});

const SITE = (target: string) => ({
  'docs.json':
    JSON.stringify(
      {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0D6E4F' },
        navigation: {
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Get started', pages: ['introduction'] }] },
            { tab: 'SDK Reference', sdk: { format: 'typedoc', source: 'sdk-artifacts/typedoc.json' }, groups: [{ group: 'Client', pages: ['sdk/get-user'] }] },
          ],
        },
      },
      null,
      2,
    ) + '\n',
  'introduction.mdx': page('Introduction'),
  'sdk/get-user.mdx': `---\ntitle: "Get a user"\ndescription: "One call."\nsdk: "${target}"\n---\n\nCall it once per request.\n`,
  'sdk-artifacts/typedoc.json': TYPEDOC + '\n',
});

export const sdkSymbolUnknown: PageRule = {
  id: 'sdk-symbol-unknown',
  description: 'The symbol named by `sdk:` front matter exists in the SDK artifact of its tab or group.',
  severity: 'error',
  fixable: false,
  docs: {
    rationale:
      'A page with `sdk: "kind name"` front matter (`"class Client"`, `"method Client.getUser"`, or `{ kind, name, parent, format, source }`) shows that symbol\'s generated reference after its own content (sdk-reference-setup.mdx). The string form inherits the format and source of the tab or group that lists the page, so it only works there. A kind outside the format\'s list, a symbol the artifact does not have, or a string form on a page in no tab or group with `sdk` leaves the page without its reference. An artifact that is a URL, missing or unreadable is reported by `sdk-not-fetched` and `sdk-invalid` instead.',
    bad: SITE('method Client.getUsers'),
    good: SITE('method Client.getUser'),
  },
  check({ page, id, index, report }) {
    const raw = page.frontmatter.data.sdk;
    const where = page.frontmatter.keys.get('sdk');
    const set = index.site.sdk;
    if (raw === undefined || !where || !set) return;
    const range = where.value;
    const target = readSdkTarget(raw);
    if (!target) {
      report({ message: 'sdk: expected "kind name" (such as "class Client" or "method Client.getUser"), or { kind, name, parent, format, source }.', range });
      return;
    }
    if (!(SDK_SYMBOL_KINDS as readonly string[]).includes(target.kind)) {
      report({ message: `sdk: "${target.kind}" is not a symbol kind: ${SDK_SYMBOL_KINDS.join(', ')}.`, range });
      return;
    }
    const entry = sdkEntryOfPage(set, id);
    const format = target.format ?? entry?.format;
    const source = target.source ?? entry?.value;
    if (!format || !source) {
      report({
        message: 'sdk: this page is in no tab or group with `sdk`, so the string form has no artifact: write { kind, name, format, source }.',
        range,
      });
      return;
    }
    const loaded = set.entries.find(
      (e) => e.entry.format === format && (e.entry.value === source || (e.status.kind === 'loaded' && e.status.file.rel === source.replace(/^\/+/, ''))),
    );
    // A URL, a missing or unread artifact: the artifact rules say so.
    if (loaded?.status.kind !== 'loaded' || loaded.status.file.model.symbols.length === 0) return;
    const file = loaded.status.file;
    if (findSymbol(file, target)) return;
    const candidates = file.model.symbols
      .filter((s) => s.kind === target.kind)
      .map((s) => (s.parent !== undefined ? `${file.model.byId.get(s.parent)?.name ?? ''}.${s.name}` : s.name));
    const written = target.parent !== undefined ? `${target.parent}.${target.name}` : target.name;
    const guess = nearest(written, candidates);
    report({
      message: `sdk: no ${target.kind} "${written}" in ${file.rel}.${guess ? ` Did you mean "${guess}"?` : ''}`,
      range,
    });
  },
};

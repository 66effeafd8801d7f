import { asyncapiChannel, asyncapiFileNamed, readAsyncapiRef, type AsyncapiFile } from '../../asyncapi/load';
import { nearest } from '../../util/suggest';
import { page } from '../examples';
import { pageFix } from '../page-utils';
import type { PageRule } from '../types';

const SPEC = `asyncapi: 3.0.0\ninfo:\n  title: Notes events\n  version: 1.0.0\nchannels:\n  noteUpdates:\n    address: /notes\n    messages:\n      NoteChanged:\n        payload:\n          type: object\n`;

const SITE = (channel: string) => ({
  'docs.json':
    JSON.stringify(
      {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0D6E4F' },
        navigation: { pages: ['introduction', 'notes-socket'] },
      },
      null,
      2,
    ) + '\n',
  'introduction.mdx': page('Introduction'),
  'notes-socket.mdx': `---\ntitle: "Note updates"\ndescription: "Every change to your notes, live."\nasyncapi: "/asyncapi.yaml ${channel}"\n---\n\nConnect to hear about every change to a note.\n`,
  'asyncapi.yaml': SPEC,
});

export const asyncapiChannelUnknown: PageRule = {
  id: 'asyncapi-channel-unknown',
  description: 'The channel named by `asyncapi:` front matter exists in the AsyncAPI file it names.',
  severity: 'error',
  fixable: true,
  docs: {
    rationale:
      'A page written as `asyncapi: "/asyncapi.yaml channelName"` is the channel page the format generates from that channel of the file (asyncapi-setup.mdx): a file the site does not have, or a channel (its key under `channels`) the file does not define, leaves the page with nothing to show. Without a file name, every AsyncAPI file of the site is looked in. A file that does not parse is reported by `asyncapi-invalid` instead; the quick fix offers the closest channel.',
    bad: SITE('noteUpdate'),
    good: SITE('noteUpdates'),
  },
  check({ page, index, report }) {
    const raw = page.frontmatter.data.asyncapi;
    const where = page.frontmatter.keys.get('asyncapi');
    const set = index.site.asyncapi;
    if (typeof raw !== 'string' || !where || !set) return;
    const ref = readAsyncapiRef(raw);
    if (!ref.channel) {
      report({ message: `asyncapi: expected a file and a channel, such as "/asyncapi.yaml channelName"; found "${raw.trim()}".`, range: where.value });
      return;
    }
    let files: AsyncapiFile[] = set.files;
    if (ref.file !== undefined) {
      const file = asyncapiFileNamed(set, ref.file);
      if (!file) {
        // A URL (not fetched) could hold it: say nothing.
        if (/^[a-z][a-z0-9+.-]*:/i.test(ref.file)) return;
        const known = set.files.map((f) => f.rel).join(', ');
        report({ message: `asyncapi: "${ref.file}" is not an AsyncAPI file of the site${known ? ` (${known})` : ''}.`, range: where.value });
        return;
      }
      files = [file];
    }
    // A file the parser could not read is asyncapi-invalid's; nothing to look the channel up in.
    const read = files.filter((f) => f.model);
    if (read.length === 0 || read.some((f) => asyncapiChannel(f, ref.channel))) return;
    const ids = read.flatMap((f) => f.model!.channels.map((c) => c.id));
    const guess = nearest(ref.channel, ids);
    const fixes = guess
      ? [
          pageFix(
            page,
            `Change to "${guess}"`,
            [{ range: where.value, newText: JSON.stringify(ref.file !== undefined ? `${ref.file} ${guess}` : guess) }],
            true,
          ),
        ]
      : [];
    const inFile = read.length === 1 ? read[0].rel : "the site's AsyncAPI files";
    report({
      message: `asyncapi: "${ref.channel}" is not a channel of ${inFile}.${guess ? ` Did you mean "${guess}"?` : ids.length ? ` Its channels: ${ids.slice(0, 10).join(', ')}.` : ''}`,
      range: where.value,
      fixes,
    });
  },
};

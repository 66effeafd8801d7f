// Completion of `asyncapi:` front matter values: the channels of the site's AsyncAPI files, written
// as the format's docs write them (`/asyncapi.yaml channelName`), with their titles.
import type { AsyncapiFile } from '../asyncapi/load';
import type { PageDocument } from '../pages/parse';
import { frontmatterValueAt } from './api-completion';
import type { CompletionEntry } from './page-completion';

const KEY_LINE = /^asyncapi[ \t]*:[ \t]*/;

/** Channel completions at `offset`, or undefined when the cursor is not in an `asyncapi` value. */
export function completeChannel(page: PageDocument, offset: number, files: readonly AsyncapiFile[]): CompletionEntry[] | undefined {
  const read = files.filter((f) => f.model?.channels.length);
  if (read.length === 0) return undefined;
  const at = frontmatterValueAt(page, offset, KEY_LINE);
  if (!at) return undefined;
  const items: CompletionEntry[] = [];
  read.forEach((file, f) =>
    file.model!.channels.forEach((c, i) => {
      const label = `/${file.rel} ${c.id}`;
      items.push({
        label,
        kind: 'value',
        detail: c.title ?? c.address ?? file.rel,
        documentation: [`**${c.id}**${c.address !== undefined ? ` (\`${c.address}\`)` : ''} in \`${file.rel}\``, c.description].filter(Boolean).join('\n\n'),
        insertText: at.quote ? label : JSON.stringify(label),
        snippet: false,
        range: at.range,
        sortText: `${String(f).padStart(3, '0')}${String(i).padStart(5, '0')}`,
      });
    }),
  );
  return items;
}

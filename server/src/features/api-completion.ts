// Completion of `openapi:` and `api:` front matter values: the endpoints of the site's OpenAPI
// files (`GET /notes`, with the file in front when the site has several), with their summaries.
import { endpointLabel, type ApiSpec } from '../openapi/operations';
import type { PageDocument } from '../pages/parse';
import type { Range } from '../types';
import type { CompletionEntry } from './page-completion';
import { pageContext } from './page-context';

const KEY_LINE = /^(openapi|api)[ \t]*:[ \t]*/;

/** The value of a front matter key matched by `keyLine` under the cursor: the range to replace (inside its quotes) and the quote. */
export function frontmatterValueAt(page: PageDocument, offset: number, keyLine: RegExp): { range: Range; quote?: string } | undefined {
  if (pageContext(page.text, offset).kind !== 'frontmatter') return undefined;
  const pos = page.index.positionAt(offset);
  const line = page.index.lineText(pos.line);
  const m = keyLine.exec(line);
  if (!m || pos.character < m[0].length) return undefined;
  // Replace the value inside its quotes (or the bare value, quoting what is inserted).
  let start = m[0].length;
  let end = line.length;
  const quote = line[start] === '"' || line[start] === "'" ? line[start] : undefined;
  if (quote) {
    start++;
    const close = line.indexOf(quote, start);
    if (close >= 0) end = close;
  }
  if (pos.character < start || pos.character > end) return undefined;
  return { range: { start: { line: pos.line, character: start }, end: { line: pos.line, character: end } }, quote };
}

/** Endpoint completions at `offset`, or undefined when the cursor is not in an `openapi`/`api` value. */
export function completeEndpoint(page: PageDocument, offset: number, specs: readonly ApiSpec[]): CompletionEntry[] | undefined {
  if (specs.length === 0) return undefined;
  const at = frontmatterValueAt(page, offset, KEY_LINE);
  if (!at) return undefined;
  const { range, quote } = at;
  const withFile = specs.length > 1;
  const items: CompletionEntry[] = [];
  specs.forEach((spec, s) =>
    spec.operations.forEach((op, i) => {
      const label = endpointLabel(op, spec, withFile);
      const description = typeof op.operation.description === 'string' ? op.operation.description : undefined;
      items.push({
        label,
        kind: 'value',
        detail: op.summary ?? spec.rel,
        documentation: [`**${op.method} ${op.path}**${op.deprecated ? ' (deprecated)' : ''} in \`${spec.rel}\``, description].filter(Boolean).join('\n\n'),
        insertText: quote ? label : JSON.stringify(label),
        snippet: false,
        range,
        sortText: `${String(s).padStart(3, '0')}${String(i).padStart(5, '0')}`,
      });
    }),
  );
  return items;
}

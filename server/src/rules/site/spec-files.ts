// What the rules on spec files (openapi, asyncapi, graphql, sdk) say the same way for every kind: a URL
// that is not fetched, and a file with problems, shown in the file and on each entry that names it.
import { specEntryRange, type SpecEntry, type SpecStatus } from '../../config/spec-entries';
import type { Range } from '../../types';
import type { RuleReport } from '../types';

/** Reports each entry that is a URL with no copy in the site; `serves` ends the message (what the copy gives). */
export function reportNotFetched(
  entries: readonly { entry: SpecEntry; status: SpecStatus<unknown> }[],
  defaultName: string,
  serves: string,
  report: (r: RuleReport) => void,
): void {
  for (const { entry, status } of entries) {
    if (status.kind !== 'url') continue;
    let name = defaultName;
    try {
      name = new URL(entry.value).pathname.split('/').pop() || name;
    } catch {
      // keep the default name
    }
    report({
      path: entry.doc.path,
      range: specEntryRange(entry),
      message: `${entry.field}: "${entry.value}" is not fetched (Docwright works offline). Save a copy as "${name}" in the site folder to ${serves}.`,
    });
  }
}

/**
 * Reports a file's problems where they are, and on each entry naming the file a summary with the
 * first five as related places. `what` names the document: `a valid GraphQL schema`.
 */
export function reportInvalidFile(
  file: { rel: string; path: string; entries: readonly SpecEntry[] },
  problems: readonly { range: Range; message: string; /** A file other than `file.path` (a folder's). */ path?: string }[],
  what: string,
  noun: 'problem' | 'error',
  report: (r: RuleReport) => void,
): void {
  if (problems.length === 0) return;
  for (const p of problems) report({ path: p.path ?? file.path, range: p.range, message: p.message });
  const first = problems[0];
  const count = problems.length === 1 ? `1 ${noun}` : `${problems.length} ${noun}s`;
  const where = first.path && first.path !== file.path ? `${first.path.split('/').pop()}, line` : 'line';
  const message = `${file.rel} is not ${what}: ${count}, the first on ${where} ${first.range.start.line + 1}: ${first.message}`;
  const related = problems.slice(0, 5).map((p) => ({ path: p.path ?? file.path, range: p.range, message: p.message }));
  for (const entry of file.entries) report({ path: entry.doc.path, range: specEntryRange(entry), message, related });
}

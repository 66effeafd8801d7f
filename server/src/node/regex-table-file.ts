// The build's table of converted grammar expressions (scripts/build.mjs writes it beside the
// bundles, brotli-compressed: 120 KB in the VSIX instead of 180; see server/src/render/regex-table.ts). Missing (running from source) or unreadable: no
// table, and the highlighter converts expressions itself.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import * as path from 'node:path';
import type { RegexDetails, RegexTable } from '../render/regex-table';
import { Highlighter } from '../render/highlight';

export const REGEX_TABLE_FILE = 'shiki-regex.json.br';

export function readRegexTable(dir: string = __dirname): RegexTable | undefined {
  try {
    const data = JSON.parse(brotliDecompressSync(readFileSync(path.join(dir, REGEX_TABLE_FILE))).toString('utf8')) as {
      expressions?: Record<string, RegexDetails>;
    };
    return data.expressions ? new Map(Object.entries(data.expressions)) : undefined;
  } catch {
    return undefined;
  }
}

let highlighter: Highlighter | undefined;

/** The hosts' highlighter: one per thread, with the build's table when there is one. */
export function hostHighlighter(): Highlighter {
  highlighter ??= new Highlighter(() => readRegexTable());
  return highlighter;
}

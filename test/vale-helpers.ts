// Sites with a Vale setup for the vale-* tests: `.vale.ini`, rule files of a style `Acme`, and the
// page `example.mdx`; what each Vale finding underlines.
import { checkAll, type CheckOptions } from '../server/src/check';
import { pageSite } from '../server/src/rules/page-utils';
import type { SiteFiles } from '../server/src/rules/types';
import type { Finding } from '../server/src/types';
import { MemoryWorkspace } from '../server/src/workspace';
import { indexFrom, ROOT, TEST_SPELLER } from './helpers';

export const INI = 'StylesPath = .vale/styles\nMinAlertLevel = suggestion\n\n[*.mdx]\nBasedOnStyles = Acme\n';
/** Front matter the fixtures' rules do not match (tests of front matter give their own). */
const FRONT = '---\ntitle: "Notes"\ndescription: "Notes page."\n---\n\n';

/** A site whose page body is `body` (after a front matter block unless `frontmatter` is given), with rule files of style Acme. */
export function valeSite(body: string, rules: Record<string, string>, options: { ini?: string; frontmatter?: string; extra?: SiteFiles } = {}): SiteFiles {
  const extra: SiteFiles = { '.vale.ini': options.ini ?? INI, ...options.extra };
  for (const [name, text] of Object.entries(rules)) extra[name.includes('/') ? name : `.vale/styles/Acme/${name}.yml`] = text;
  return pageSite(body, { extra, frontmatter: options.frontmatter ?? FRONT });
}

export interface Hit {
  rule: string;
  /** The text the finding underlines. */
  text: string;
  severity: string;
  message: string;
  finding: Finding;
}

/** The findings whose id is a Vale rule's name (or `vale` itself), with the text each underlines. */
export async function valeHits(files: SiteFiles | MemoryWorkspace, options: CheckOptions = {}): Promise<Hit[]> {
  const ws = files instanceof MemoryWorkspace ? files : new MemoryWorkspace(files, ROOT);
  const findings = checkAll((await indexFrom(ws)).index, { speller: TEST_SPELLER, ...options });
  return findings
    .filter((f) => f.ruleId.includes('.') || f.ruleId.startsWith('vale'))
    .map((f) => {
      const text = ws.files.get(f.path) ?? '';
      const lines = text.split('\n');
      const start = lines.slice(0, f.range.start.line).join('\n').length + (f.range.start.line ? 1 : 0) + f.range.start.character;
      const end = lines.slice(0, f.range.end.line).join('\n').length + (f.range.end.line ? 1 : 0) + f.range.end.character;
      return { rule: f.ruleId, text: text.slice(start, end), severity: f.severity, message: f.message, finding: f };
    });
}

/** `[rule, underlined text]` pairs. */
export async function pairs(files: SiteFiles | MemoryWorkspace, options: CheckOptions = {}): Promise<[string, string][]> {
  return (await valeHits(files, options)).map((h) => [h.rule, h.text]);
}

/** A rule file's YAML from a plain object (keys in order, strings quoted). */
export function yml(rule: Record<string, unknown>): string {
  const value = (v: unknown, indent: string): string => {
    if (Array.isArray(v)) return '\n' + v.map((x) => `${indent}  - ${JSON.stringify(x)}`).join('\n');
    if (v && typeof v === 'object')
      return (
        '\n' +
        Object.entries(v)
          .map(([k, x]) => `${indent}  ${JSON.stringify(k)}:${value(x, indent + '  ').startsWith('\n') ? '' : ' '}${value(x, indent + '  ')}`)
          .join('\n')
      );
    return JSON.stringify(v);
  };
  return (
    Object.entries(rule)
      .map(([k, v]) => {
        const s = value(v, '');
        return `${k}:${s.startsWith('\n') ? '' : ' '}${s}`;
      })
      .join('\n') + '\n'
  );
}

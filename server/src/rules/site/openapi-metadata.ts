import { validateFrontMatter, type FrontMatterProblem } from '../../pages/frontmatter-schema';
import type { OpenApiFile } from '../../openapi/load';
import type { PathSegment } from '../../openapi/source';
import { exampleSite, minimalConfig } from '../examples';
import type { RuleReport, SiteRule } from '../types';
import { obj } from '../../util/json';

const SPEC = (metadata: Record<string, unknown>) =>
  JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Acme API', version: '1.0.0' },
      paths: { '/notes': { get: { summary: 'List notes', 'x-mint': { metadata }, responses: { '200': { description: 'The notes.' } } } } },
    },
    null,
    2,
  ) + '\n';

export const openapiMetadata: SiteRule = {
  id: 'openapi-metadata',
  description: '`x-mint.metadata` of an OpenAPI operation holds page front matter keys, spelt right and with values of the right kind.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'The page generated from an operation takes its front matter from `x-mint.metadata` (any key a page may set, except `openapi`). It is checked like page front matter (`frontmatter-schema`, see [front matter keys](../frontmatter.md)): a key one typo away from a documented key, or a value of the wrong kind, is reported where it is written in the spec, with the fix; custom keys are left alone.',
    bad: exampleSite(minimalConfig(['introduction'], { openapi: 'openapi.json' }), ['introduction'], {
      'openapi.json': SPEC({ sidebarTitel: 'Notes', playground: 'simpel' }),
    }),
    good: exampleSite(minimalConfig(['introduction'], { openapi: 'openapi.json' }), ['introduction'], {
      'openapi.json': SPEC({ sidebarTitle: 'Notes', playground: 'simple' }),
    }),
  },
  check({ site, report }) {
    for (const file of site.openapi?.files ?? []) {
      const doc = obj(file.document) ?? {};
      for (const [section, items] of [
        ['paths', obj(doc.paths)],
        ['webhooks', obj(doc.webhooks)],
      ] as const) {
        for (const [name, item] of Object.entries(items ?? {})) {
          for (const [method, op] of Object.entries(obj(item) ?? {})) {
            const metadata = obj(obj(obj(op)?.['x-mint'])?.metadata);
            if (!metadata) continue;
            const at: PathSegment[] = [section, name, method, 'x-mint', 'metadata'];
            for (const p of validateFrontMatter(metadata, { exclude: ['openapi'] })) report(problemReport(file, at, p));
          }
        }
      }
    }
  },
};

function problemReport(file: OpenApiFile, at: PathSegment[], p: FrontMatterProblem): RuleReport {
  const json = file.source.format === 'json';
  if (p.kind === 'key') {
    const range = file.source.locate([...at, p.key], 'key');
    const newText = json ? JSON.stringify(p.suggestedKey) : p.suggestedKey!.includes(':') ? JSON.stringify(p.suggestedKey) : p.suggestedKey!;
    return {
      path: file.path,
      range,
      message: p.message,
      fixes: p.suggestedKey ? [{ title: `Rename to ${p.suggestedKey}`, edits: [{ path: file.path, edits: [{ range, newText }] }], isPreferred: true }] : [],
    };
  }
  const range = file.source.locate([...at, p.key], 'value');
  // YAML and JSON agree on how true, false, numbers, quoted strings and flow lists are written.
  return {
    path: file.path,
    range,
    message: p.message,
    fixes:
      p.suggestedValue !== undefined
        ? [{ title: `Change to ${p.suggestedValue}`, edits: [{ path: file.path, edits: [{ range, newText: p.suggestedValue }] }], isPreferred: true }]
        : [],
  };
}

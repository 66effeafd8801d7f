// Deterministic generator of realistic documentation sites for the benchmark: a classic docs.json
// with tabs, anchors and nested navigation groups, and N pages in nested folders using every
// component of the spec, internal links (with #anchors, some broken) and a few planted problems.
// Seeded PRNG only: the same (pages, seed) always gives byte-identical files.
//
//   npx tsx bench/generate.ts --pages 1000 [--seed 1] [--out DIR]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// ---------------------------------------------------------------------------------------------
// PRNG (mulberry32)

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

const NOUNS = [
  'request',
  'response',
  'token',
  'webhook',
  'project',
  'workspace',
  'member',
  'invoice',
  'payment',
  'customer',
  'session',
  'event',
  'endpoint',
  'record',
  'report',
  'dashboard',
  'integration',
  'deployment',
  'environment',
  'variable',
  'secret',
  'policy',
  'role',
  'permission',
  'team',
  'notebook',
  'note',
  'tag',
  'file',
  'upload',
  'export',
  'import',
  'query',
  'filter',
  'page',
  'cursor',
  'limit',
  'header',
  'status',
  'error',
  'retry',
  'timeout',
  'region',
  'cluster',
  'index',
  'schema',
  'field',
  'model',
  'version',
  'release',
  'channel',
  'message',
  'template',
  'domain',
  'certificate',
  'key',
  'log',
  'metric',
  'alert',
  'quota',
  'plan',
];
const VERBS = [
  'create',
  'update',
  'delete',
  'list',
  'fetch',
  'send',
  'receive',
  'verify',
  'rotate',
  'configure',
  'enable',
  'disable',
  'filter',
  'sort',
  'paginate',
  'retry',
  'cancel',
  'archive',
  'restore',
  'export',
  'import',
  'sync',
  'validate',
  'deploy',
  'monitor',
  'inspect',
  'share',
  'invite',
  'remove',
  'schedule',
];
const ADJECTIVES = [
  'active',
  'archived',
  'default',
  'custom',
  'shared',
  'private',
  'public',
  'recent',
  'pending',
  'failed',
  'signed',
  'encrypted',
  'optional',
  'required',
  'nested',
  'paginated',
  'scoped',
  'global',
  'regional',
  'stable',
];
const ADVERBS = ['quickly', 'safely', 'automatically', 'directly', 'once', 'again', 'later', 'first', 'in order', 'in bulk'];
const SECTIONS = [
  { folder: 'get-started', name: 'Get started', icon: 'rocket' },
  { folder: 'guides', name: 'Guides', icon: 'book' },
  { folder: 'concepts', name: 'Concepts', icon: 'lightbulb' },
  { folder: 'api-reference', name: 'API reference', icon: 'code' },
  { folder: 'sdks', name: 'SDKs', icon: 'cubes' },
  { folder: 'integrations', name: 'Integrations', icon: 'plug' },
  { folder: 'changelog', name: 'Changelog', icon: 'clock' },
] as const;
const LANGS = ['bash', 'javascript', 'typescript', 'python', 'go', 'ruby', 'json', 'yaml'] as const;
const CALLOUTS = ['Note', 'Tip', 'Warning', 'Info', 'Check'] as const;
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;
const IMAGE_COUNT = 20;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** github-slugger's result for the plain word headings generated here. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

// ---------------------------------------------------------------------------------------------
// Site plan

type Kind = 'guide' | 'api' | 'changelog';

/** How long guide pages run: H2 sections per page and blocks per section, each [least, most]. */
export interface PageShape {
  sections: [number, number];
  blocks: [number, number];
}
/** The default: pages of about 5 KB (median), as the 1,000-page site has had since the first bench. */
const DEFAULT_SHAPE: PageShape = { sections: [3, 5], blocks: [1, 3] };

interface PagePlan {
  id: string;
  rel: string;
  kind: Kind;
  title: string;
  description: string;
  method?: string;
  /** H2 headings, each with its H3s. */
  sections: { h2: string; h3s: string[] }[];
  /** Navigation path: section, topic, optional subtopic. */
  nav: string[];
}

export interface GeneratedSite {
  /** Site-relative path -> text. */
  files: Map<string, string>;
  /** Page ids in navigation order (planted orphans excluded). */
  pageIds: string[];
  /** Site-relative paths of every page file. */
  pageFiles: string[];
  bigRel: string;
  /** Problems planted on purpose: kind -> page ids (or nav entries). */
  planted: Record<string, string[]>;
}

function heading(rng: Rng, used: Set<string>): string {
  for (;;) {
    const h = rng.pick([
      () => `${cap(rng.pick(VERBS))} ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}s`,
      () => `${cap(rng.pick(NOUNS))} ${rng.pick(NOUNS)} settings`,
      () => `How ${rng.pick(NOUNS)} ${rng.pick(NOUNS)}s work`,
      () => `${cap(rng.pick(ADJECTIVES))} ${rng.pick(NOUNS)} limits`,
      () => `Troubleshoot ${rng.pick(NOUNS)} ${rng.pick(NOUNS)}s`,
    ])();
    if (!used.has(slug(h))) {
      used.add(slug(h));
      return h;
    }
  }
}

function planPages(rng: Rng, n: number, shape: PageShape): PagePlan[] {
  const count = n - 1; // plus big.mdx
  const leaves = Math.max(1, Math.round(count / 10));
  const s = SECTIONS.length;
  const topics = Math.max(1, Math.ceil(Math.sqrt(leaves / s)));
  const topicNames: string[] = [];
  for (let i = 0; i < topics * s; i++) topicNames.push(`${rng.pick(NOUNS)}-${rng.pick(NOUNS)}s-${i}`);
  const plans: PagePlan[] = [];
  for (let i = 0; i < count; i++) {
    const leaf = i % leaves;
    const section = SECTIONS[leaf % s];
    const topicIndex = Math.floor(leaf / s) % topics;
    const sub = Math.floor(leaf / (s * topics));
    const topic = topicNames[(leaf % s) * topics + topicIndex];
    const nav = [section.folder, topic, ...(sub > 0 ? [`part-${sub}`] : [])];
    const kind: Kind = section.folder === 'api-reference' ? 'api' : section.folder === 'changelog' ? 'changelog' : 'guide';
    const verb = rng.pick(VERBS);
    const noun = rng.pick(NOUNS);
    const id = `${nav.join('/')}/${verb}-${noun}s-${i}`;
    const method = kind === 'api' ? rng.pick(METHODS) : undefined;
    const title =
      kind === 'api'
        ? `${cap(verb)} ${rng.pick(ADJECTIVES)} ${noun}s`
        : kind === 'changelog'
          ? `Release notes for ${noun} ${verb} ${i}`
          : `${cap(verb)} ${noun}s with ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}s`;
    const used = new Set<string>();
    const sections: PagePlan['sections'] = [];
    const h2Count = kind === 'api' ? 3 : rng.int(...shape.sections);
    for (let k = 0; k < h2Count; k++) {
      const h3s: string[] = [];
      const h3Count = rng.chance(0.4) ? rng.int(1, 2) : 0;
      for (let j = 0; j < h3Count; j++) h3s.push(heading(rng, used));
      sections.push({ h2: heading(rng, used), h3s });
    }
    plans.push({
      id,
      rel: `${id}.mdx`,
      kind,
      title,
      description: `${cap(verb)} ${noun}s from the API or the dashboard, and learn which ${rng.pick(NOUNS)} settings apply.`,
      method,
      sections,
      nav,
    });
  }
  return plans;
}

// ---------------------------------------------------------------------------------------------
// Page content

class Writer {
  readonly lines: string[] = [];
  push(...lines: string[]): void {
    this.lines.push(...lines);
  }
}

interface Ctx {
  rng: Rng;
  plans: PagePlan[];
  self: PagePlan;
  /** Pages by navigation folder, for relative links. */
  siblings: Map<string, PagePlan[]>;
  /** Where broken links were planted. */
  planted: Record<string, string[]>;
  shape: PageShape;
}

function word(rng: Rng): string {
  const r = rng.next();
  if (r < 0.45) return rng.pick(NOUNS) + (rng.chance(0.3) ? 's' : '');
  if (r < 0.7) return rng.pick(VERBS);
  if (r < 0.85) return rng.pick(ADJECTIVES);
  if (r < 0.9) return rng.pick(ADVERBS);
  return rng.pick(['the', 'a', 'each', 'every', 'your', 'this', 'that', 'with', 'for', 'from', 'to', 'and', 'or']);
}

function link(ctx: Ctx): string {
  const { rng, plans, self } = ctx;
  const r = rng.next();
  const target = rng.pick(plans);
  const text = `${rng.pick(VERBS)} ${rng.pick(NOUNS)}s`;
  if (r < 0.004) {
    // Planted: a link to a page that does not exist (a typo of a real one).
    const broken = target.id.replace(/-(\d+)$/, 'x-$1');
    (ctx.planted['broken-link'] ??= []).push(self.id);
    return `[${text}](/${broken})`;
  }
  if (r < 0.007) {
    (ctx.planted['broken-anchor'] ??= []).push(self.id);
    return `[${text}](/${target.id}#no-such-${rng.pick(NOUNS)})`;
  }
  if (r < 0.45) return `[${text}](/${target.id})`;
  if (r < 0.75) {
    const sec = rng.pick(target.sections);
    const h = sec.h3s.length && rng.chance(0.3) ? rng.pick(sec.h3s) : sec.h2;
    return `[${text}](/${target.id}#${slug(h)})`;
  }
  if (r < 0.85) {
    const sec = rng.pick(self.sections);
    return `[${text}](#${slug(sec.h2)})`;
  }
  if (r < 0.92) {
    // Relative to the page's folder: a sibling page.
    const siblings = ctx.siblings.get(self.nav.join('/')) ?? [];
    const sibling = siblings.length > 1 ? rng.pick(siblings) : undefined;
    if (sibling && sibling !== self) return `[${text}](${sibling.id.split('/').pop()})`;
    return `[${text}](/${target.id})`;
  }
  return `[${text}](https://example.com/${rng.pick(NOUNS)}/${rng.pick(VERBS)})`;
}

function sentence(ctx: Ctx, links = true): string {
  const { rng } = ctx;
  const n = rng.int(8, 18);
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    if (r < 0.05) words.push('`' + `${rng.pick(NOUNS)}_${rng.pick(['id', 'name', 'type', 'url', 'count'])}` + '`');
    else if (r < 0.07) words.push(`**${rng.pick(NOUNS)}**`);
    else if (links && r < 0.1) words.push(link(ctx));
    else if (r < 0.105) words.push(`<Tooltip tip="A ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} of the ${rng.pick(NOUNS)}.">${rng.pick(NOUNS)}</Tooltip>`);
    else words.push(word(rng));
  }
  return cap(words.join(' ')) + '.';
}

function paragraph(ctx: Ctx, indent = ''): string[] {
  const out: string[] = [];
  const count = ctx.rng.int(1, 3);
  for (let i = 0; i < count; i++) out.push(sentence(ctx));
  return [indent + out.join(' ')];
}

function codeLines(rng: Rng, lang: string): string[] {
  const noun = rng.pick(NOUNS);
  const verb = rng.pick(VERBS);
  switch (lang) {
    case 'bash':
      return [
        `curl -X POST https://api.example.com/v2/${noun}s \\`,
        '  -H "Authorization: Bearer <API_KEY>" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '{"name": "${verb}-${noun}", "limit": ${rng.int(1, 100)}}'`,
      ];
    case 'javascript':
    case 'typescript':
      return [
        `const response = await fetch("https://api.example.com/v2/${noun}s", {`,
        '  headers: { Authorization: `Bearer ${process.env.API_KEY}` },',
        '});',
        'if (!response.ok) {',
        `  throw new Error(\`Could not ${verb} ${noun}s: \${response.status}\`);`,
        '}',
        `const { data } = await response.json();`,
        'console.log(data.length);',
      ];
    case 'python':
      return [
        'import os',
        'import requests',
        '',
        `response = requests.get("https://api.example.com/v2/${noun}s", headers={"Authorization": f"Bearer {os.environ['API_KEY']}"}, timeout=10)`,
        'response.raise_for_status()',
        `for item in response.json()["data"]:`,
        '    print(item["id"])',
      ];
    case 'go':
      return [
        `req, err := http.NewRequest("GET", "https://api.example.com/v2/${noun}s", nil)`,
        'if err != nil {',
        '\treturn err',
        '}',
        'req.Header.Set("Authorization", "Bearer "+os.Getenv("API_KEY"))',
      ];
    case 'ruby':
      return [
        `client = Example::Client.new(api_key: ENV.fetch("API_KEY"))`,
        `client.${noun}s.${verb}(limit: ${rng.int(1, 50)}).each do |item|`,
        '  puts item.id',
        'end',
      ];
    case 'json':
      return [
        '{',
        `  "id": "${noun}_${rng.int(1000, 9999)}",`,
        `  "status": "${rng.pick(ADJECTIVES)}",`,
        `  "created_at": "2025-0${rng.int(1, 9)}-1${rng.int(0, 9)}T09:15:22Z"`,
        '}',
      ];
    default:
      return [`${noun}:`, `  ${verb}: true`, `  limit: ${rng.int(1, 500)}`, `  region: eu-${rng.pick(['west', 'central', 'north'])}-1`];
  }
}

function fence(rng: Rng, lang: string, title: string, indent = ''): string[] {
  return [`${indent}\`\`\`${lang} ${title}`, ...codeLines(rng, lang).map((l) => (l ? indent + l : l)), `${indent}\`\`\``];
}

function block(ctx: Ctx, w: Writer): void {
  const { rng, plans } = ctx;
  const r = rng.next();
  if (r < 0.3) {
    w.push(...paragraph(ctx));
  } else if (r < 0.38) {
    const ordered = rng.chance(0.4);
    const n = rng.int(2, 5);
    for (let i = 0; i < n; i++) w.push(`${ordered ? `${i + 1}.` : '-'} ${sentence(ctx)}`);
  } else if (r < 0.43) {
    w.push(`| ${cap(rng.pick(NOUNS))} | Type | Description |`, '|---|---|---|');
    const n = rng.int(2, 5);
    for (let i = 0; i < n; i++)
      w.push(`| \`${rng.pick(NOUNS)}_${rng.pick(['id', 'name', 'count'])}\` | ${rng.pick(['string', 'number', 'boolean'])} | ${sentence(ctx, false)} |`);
  } else if (r < 0.52) {
    const lang = rng.pick(LANGS);
    w.push(...fence(rng, lang, `${rng.pick(VERBS)}-${rng.pick(NOUNS)}.${lang === 'bash' ? 'sh' : lang.slice(0, 2)}`));
  } else if (r < 0.6) {
    const c = rng.pick(CALLOUTS);
    w.push(`<${c}>`, ...paragraph(ctx, '  '), `</${c}>`);
  } else if (r < 0.65) {
    w.push('<CodeGroup>');
    for (const lang of ['bash', 'python', 'javascript'].slice(0, rng.int(2, 3))) {
      w.push(...fence(rng, lang, cap(lang)), '');
    }
    w.lines.pop();
    w.push('</CodeGroup>');
  } else if (r < 0.71) {
    w.push('<Steps>');
    const n = rng.int(2, 4);
    for (let i = 0; i < n; i++) {
      w.push(`  <Step title="${cap(rng.pick(VERBS))} the ${rng.pick(NOUNS)}">`, ...paragraph(ctx, '    '));
      if (i === n - 1) w.push('', '    <Check>', `      The ${rng.pick(NOUNS)} shows as ${rng.pick(ADJECTIVES)} in the dashboard.`, '    </Check>');
      else if (rng.chance(0.2))
        w.push('', '    <Warning>', `      This step cannot be undone for ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}s.`, '    </Warning>');
      w.push('  </Step>');
    }
    w.push('</Steps>');
  } else if (r < 0.76) {
    w.push('<Tabs>');
    for (const t of ['macOS', 'Linux', 'Windows'].slice(0, rng.int(2, 3))) {
      w.push(`  <Tab title="${t}">`, ...paragraph(ctx, '    '), '', ...fence(rng, 'bash', 'Terminal', '    '), '  </Tab>');
    }
    w.push('</Tabs>');
  } else if (r < 0.81) {
    w.push('<AccordionGroup>');
    const n = rng.int(2, 4);
    for (let i = 0; i < n; i++)
      w.push(`  <Accordion title="Why does the ${rng.pick(NOUNS)} ${rng.pick(VERBS)} fail ${i + 1}">`, ...paragraph(ctx, '    '), '  </Accordion>');
    w.push('</AccordionGroup>');
  } else if (r < 0.86) {
    w.push(`<CardGroup cols={${rng.int(2, 3)}}>`);
    const n = rng.int(2, 4);
    for (let i = 0; i < n; i++) {
      const t = rng.pick(plans);
      w.push(`  <Card title="${t.title}" icon="${rng.pick(['book', 'code', 'bolt', 'gear'])}" href="/${t.id}">`, `    ${sentence(ctx, false)}`, '  </Card>');
    }
    w.push('</CardGroup>');
  } else if (r < 0.91) {
    const img = rng.int(0, IMAGE_COUNT - 1);
    w.push(
      `<Frame caption="The ${rng.pick(NOUNS)} ${rng.pick(NOUNS)} page in the dashboard.">`,
      `  ![${cap(rng.pick(ADJECTIVES))} ${rng.pick(NOUNS)}s listed with their ${rng.pick(NOUNS)} and status](/images/diagram-${img}.svg)`,
      '</Frame>',
    );
  } else if (r < 0.95) {
    w.push(`> ${sentence(ctx)}`);
  } else {
    w.push(...paragraph(ctx));
    w.push('', `Run the command again to ${rng.pick(VERBS)} the ${rng.pick(NOUNS)} ${rng.pick(ADVERBS)}.`);
  }
}

function apiBody(ctx: Ctx, w: Writer): void {
  const { rng, self } = ctx;
  const noun = rng.pick(NOUNS);
  w.push(...paragraph(ctx), '', `**Rate limit:** ${rng.int(20, 600)} requests per minute per API key.`, '');
  const [params, response, errors] = self.sections;
  w.push(`## ${params.h2}`, '');
  w.push('<ParamField header="Authorization" type="string" required>', '  Your API key in the form `Bearer <API_KEY>`.', '</ParamField>', '');
  w.push(`<ParamField path="${noun}_id" type="string" required>`, `  ID of the ${noun}.`, '</ParamField>', '');
  const n = rng.int(2, 6);
  for (let i = 0; i < n; i++) {
    const loc = self.method === 'GET' || self.method === 'DELETE' ? 'query' : 'body';
    const def = rng.chance(0.3) ? ` default="${rng.int(1, 100)}"` : '';
    w.push(
      `<ParamField ${loc}="${rng.pick(NOUNS)}_${i}" type="${rng.pick(['string', 'number', 'boolean', 'string[]'])}"${def}>`,
      `  ${sentence(ctx, false)}`,
      '</ParamField>',
      '',
    );
  }
  for (const h3 of params.h3s) w.push(`### ${h3}`, '', ...paragraph(ctx), '');
  w.push(`## ${response.h2}`, '', `Returns \`200 OK\` with the ${noun}.`, '');
  w.push(`<ResponseField name="id" type="string" required>`, `  Unique ID of the ${noun}.`, '</ResponseField>', '');
  w.push(`<ResponseField name="${rng.pick(NOUNS)}" type="object">`, `  ${sentence(ctx, false)}`, '', '  <Expandable title="properties">');
  const m = rng.int(2, 4);
  for (let i = 0; i < m; i++)
    w.push(`    <ResponseField name="${rng.pick(NOUNS)}_${i}" type="string">`, `      ${sentence(ctx, false)}`, '    </ResponseField>');
  w.push('  </Expandable>', '</ResponseField>', '');
  for (const h3 of response.h3s) w.push(`### ${h3}`, '', ...paragraph(ctx), '');
  w.push(`## ${errors.h2}`, '', '| Status | Code | When |', '|---|---|---|');
  w.push(
    '| `400` | `invalid_request` | A parameter is missing or has the wrong type |',
    '| `401` | `unauthorized` | The API key is missing or revoked |',
    `| \`404\` | \`not_found\` | No ${noun} has this ID |`,
    '| `429` | `rate_limited` | Too many requests in one minute |',
    '',
  );
  for (const h3 of errors.h3s) w.push(`### ${h3}`, '', ...paragraph(ctx), '');
  w.push('<RequestExample>', ...fence(rng, 'bash', 'cURL'), '', ...fence(rng, 'python', 'Python'), '</RequestExample>', '');
  w.push(
    '<ResponseExample>',
    ...fence(rng, 'json', '200'),
    '',
    '```json 404',
    '{',
    `  "error": { "code": "not_found", "message": "No ${noun} has this ID." }`,
    '}',
    '```',
    '</ResponseExample>',
  );
}

function guideSection(ctx: Ctx, w: Writer, sec: PagePlan['sections'][number]): void {
  const { rng } = ctx;
  w.push(`## ${sec.h2}`, '');
  const blocks = rng.int(...ctx.shape.blocks);
  for (let b = 0; b < blocks; b++) {
    block(ctx, w);
    w.push('');
  }
  for (const h3 of sec.h3s) {
    w.push(`### ${h3}`, '');
    const n = rng.int(1, 2);
    for (let b = 0; b < n; b++) {
      block(ctx, w);
      w.push('');
    }
  }
}

function guideBody(ctx: Ctx, w: Writer): void {
  w.push(...paragraph(ctx), '');
  for (const sec of ctx.self.sections) guideSection(ctx, w, sec);
}

function changelogBody(ctx: Ctx, w: Writer): void {
  const { rng, self } = ctx;
  w.push(...paragraph(ctx), '');
  for (const sec of self.sections) {
    w.push(`## ${sec.h2}`, '');
    const n = rng.int(1, 3);
    for (let i = 0; i < n; i++) {
      w.push(
        `<Update label="2025-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(10, 28))}" description="v${rng.int(1, 4)}.${rng.int(0, 20)}.${rng.int(0, 9)}">`,
      );
      const items = rng.int(2, 4);
      for (let k = 0; k < items; k++) w.push(`  - ${sentence(ctx)}`);
      w.push('</Update>', '');
    }
    for (const h3 of sec.h3s) w.push(`### ${h3}`, '', ...paragraph(ctx), '');
  }
}

function frontMatter(p: PagePlan): string[] {
  return ['---', `title: "${p.title}"`, `description: "${p.description}"`, ...(p.method ? [`api: "${p.method} /v2/${p.id.split('/').pop()}"`] : []), '---', ''];
}

// ---------------------------------------------------------------------------------------------
// Planted problems: each kind on a few pages, edits that keep the rest of the page intact.

type Plant = (lines: string[], rng: Rng) => string[];

const PLANTS: Record<string, Plant> = {
  'missing-description': (l) => l.filter((x) => !x.startsWith('description:')),
  'broken-front-matter': (l) => l.map((x) => (x.startsWith('title:') ? x.slice(0, -1) + ' [draft' : x)),
  'body-h1': (l) => insertAfterFront(l, ['# Overview', '']),
  'heading-skip': (l) => [...l, '', '#### Details', '', 'More details follow here.'],
  'image-no-alt': (l) => [...l, '', '<Frame>', '  ![](/images/diagram-1.svg)', '</Frame>'],
  'image-outside-frame': (l) => [...l, '', '![Architecture of the service with its queues](/images/diagram-2.svg)'],
  'unknown-component': (l) => [...l, '', '<Notice>', '  Something to notice.', '</Notice>'],
  'unknown-attribute': (l) => [...l, '', '<Note title="Heads up">', '  Callouts take no title.', '</Note>'],
  'param-no-location': (l) => [...l, '', '<ParamField type="string">', '  A parameter without a location.', '</ParamField>'],
  'code-no-language': (l) => [...l, '', '```', 'npm install example-sdk', '```'],
  'secret-in-code': (l, rng) => {
    let key = 'sk_live_';
    for (let i = 0; i < 24; i++) key += rng.pick('abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
    return [...l, '', '```bash Terminal', `export API_KEY=${key}`, '```'];
  },
  'mdx-syntax-error': (l) => [...l, '', 'Set the {limit to ten before you retry.'],
  'generic-link-text': (l) => [...l, '', 'For the full list, [click here](/big).'],
};

function insertAfterFront(lines: string[], add: string[]): string[] {
  const end = lines.indexOf('---', 1);
  return [...lines.slice(0, end + 2), ...add, ...lines.slice(end + 2)];
}

// ---------------------------------------------------------------------------------------------
// docs.json

interface NavGroup {
  group: string;
  icon?: string;
  pages: (string | NavGroup)[];
}

function docsJson(plans: PagePlan[], orphans: Set<string>, missingNav: string[]): string {
  const top: NavGroup[] = [{ group: 'Overview', pages: ['big'] }];
  const groups = new Map<string, NavGroup>();
  const groupFor = (nav: string[]): NavGroup => {
    const key = nav.join('/');
    let g = groups.get(key);
    if (g) return g;
    const section = SECTIONS.find((s) => s.folder === nav[0])!;
    const name = nav.length === 1 ? section.name : cap(nav[nav.length - 1].replace(/-\d+$/, '').replace(/-/g, ' '));
    g = { group: name, ...(nav.length === 1 ? { icon: section.icon } : {}), pages: [] };
    groups.set(key, g);
    if (nav.length === 1) top.push(g);
    else groupFor(nav.slice(0, -1)).pages.push(g);
    return g;
  };
  for (const p of plans) {
    const g = groupFor(p.nav);
    if (!orphans.has(p.id)) g.pages.push(p.id);
  }
  if (missingNav.length) top[0].pages.push(...missingNav);
  const present = new Set(plans.map((p) => p.nav[0]));
  const config = {
    $schema: 'https://example.com/docs.json',
    name: 'Example Platform',
    logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://example.com' },
    favicon: '/favicon.svg',
    colors: { primary: '#0B6E4F', light: '#4ADE80', dark: '#095C42', background: { light: '#FFFFFF', dark: '#0F1117' } },
    topbarLinks: [{ name: 'Status', url: 'https://status.example.com' }],
    topbarCtaButton: { type: 'link', name: 'Dashboard', url: 'https://app.example.com' },
    topAnchor: { name: 'Documentation', icon: 'book-open' },
    anchors: SECTIONS.filter((s) => present.has(s.folder) && (s.folder === 'api-reference' || s.folder === 'sdks')).map((s) => ({
      name: s.name,
      icon: s.icon,
      url: s.folder,
    })),
    tabs: SECTIONS.filter((s) => present.has(s.folder) && (s.folder === 'guides' || s.folder === 'changelog')).map((s) => ({ name: s.name, url: s.folder })),
    navigation: top,
    api: { baseUrl: 'https://api.example.com/v2', auth: { method: 'bearer' }, playground: { mode: 'show' } },
    footerSocials: { website: 'https://example.com' },
    feedback: { suggestEdit: true, raiseIssue: true },
  };
  // The schema URL is not a real one; drop it so only the site's own content is checked.
  delete (config as Partial<typeof config>).$schema;
  return JSON.stringify(config, null, 2) + '\n';
}

// ---------------------------------------------------------------------------------------------

/** A site of `pages` pages (including the 1,000-line `big.mdx`); `shape` sets how long guide pages run. */
export function generateSite(pages: number, seed = 1, shape: PageShape = DEFAULT_SHAPE): GeneratedSite {
  if (pages < 10) throw new Error('generateSite: at least 10 pages');
  const rng = new Rng(seed * 7919 + pages);
  const plans = planPages(rng, pages, shape);
  const planted: Record<string, string[]> = {};
  const files = new Map<string, string>();

  // Which pages get which planted problem: ~1 page per 250 per kind, at least one.
  const perKind = Math.max(1, Math.round(pages / 250));
  const plantsFor = new Map<string, string[]>();
  for (const kind of Object.keys(PLANTS)) {
    for (let k = 0; k < perKind; k++) {
      const p = rng.pick(plans);
      plantsFor.set(p.id, [...(plantsFor.get(p.id) ?? []), kind]);
      (planted[kind] ??= []).push(p.id);
    }
  }
  const orphans = new Set<string>();
  for (let k = 0; k < perKind; k++) orphans.add(rng.pick(plans).id);
  planted['orphan-page'] = [...orphans];
  const missingNav = Array.from({ length: perKind }, (_, k) => `guides/removed-page-${k}`);
  planted['nav-missing-page'] = missingNav;

  const siblings = new Map<string, PagePlan[]>();
  for (const p of plans) {
    const key = p.nav.join('/');
    siblings.set(key, [...(siblings.get(key) ?? []), p]);
  }
  for (const p of plans) {
    const ctx: Ctx = { rng, plans, self: p, siblings, planted, shape };
    const w = new Writer();
    w.push(...frontMatter(p));
    if (p.kind === 'api') apiBody(ctx, w);
    else if (p.kind === 'changelog') changelogBody(ctx, w);
    else guideBody(ctx, w);
    let lines = w.lines;
    for (const kind of plantsFor.get(p.id) ?? []) lines = PLANTS[kind](lines, rng);
    files.set(p.rel, lines.join('\n').replace(/\n+$/, '') + '\n');
  }

  // big.mdx: exactly 1,000 lines of every kind of block, with an edit marker in the middle.
  // Built section by section so no component is cut in half, then padded with paragraphs.
  const bigPlan: PagePlan = {
    id: 'big',
    rel: 'big.mdx',
    kind: 'guide',
    title: 'Platform reference in one page',
    description: 'Every concept of the platform on one long page, from requests to releases.',
    sections: [],
    nav: [],
  };
  const used = new Set<string>();
  for (let k = 0; k < 6; k++) bigPlan.sections.push({ h2: heading(rng, used), h3s: [heading(rng, used)] });
  {
    const ctx: Ctx = { rng, plans, self: bigPlan, siblings, planted: {}, shape };
    const head = new Writer();
    head.push(...frontMatter(bigPlan), ...paragraph(ctx), '');
    const sections: string[][] = [];
    let total = head.lines.length + 2;
    for (let k = 0; total < 960 && k < 200; k++) {
      const w = new Writer();
      guideSection(ctx, w, k < bigPlan.sections.length ? bigPlan.sections[k] : { h2: heading(rng, used), h3s: rng.chance(0.4) ? [heading(rng, used)] : [] });
      if (k >= bigPlan.sections.length && total + w.lines.length > 990) continue;
      sections.push(w.lines);
      total += w.lines.length;
    }
    const half = Math.floor(sections.length / 2);
    // The latency test edits one character of this marker paragraph.
    const lines = [
      ...head.lines,
      ...sections.slice(0, half).flat(),
      'The benchmark edits the word markerx in this paragraph.',
      '',
      ...sections.slice(half).flat(),
    ];
    if (lines.length > 1000) throw new Error(`big.mdx came out at ${lines.length} lines`);
    while (lines.length < 1000) lines.push(sentence(ctx, false), '');
    files.set(bigPlan.rel, lines.slice(0, 1000).join('\n') + '\n');
  }

  files.set('docs.json', docsJson(plans, orphans, missingNav));
  const svg = (label: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><title>${label}</title><rect width="640" height="360" fill="#eef"/></svg>\n`;
  files.set('logo/light.svg', svg('logo'));
  files.set('logo/dark.svg', svg('logo'));
  files.set('favicon.svg', svg('favicon'));
  for (let i = 0; i < IMAGE_COUNT; i++) files.set(`images/diagram-${i}.svg`, svg(`diagram ${i}`));
  files.set('snippets/shared-note.mdx', '<Note>\n  This snippet is shared by several pages.\n</Note>\n');
  files.set('README.md', '# Example Platform docs\n\nRun `docwright check .` before you push.\n');

  const pageFiles = [bigPlan.rel, ...plans.map((p) => p.rel)];
  return { files, pageIds: ['big', ...plans.filter((p) => !orphans.has(p.id)).map((p) => p.id)], pageFiles, bigRel: bigPlan.rel, planted };
}

export function writeSite(site: GeneratedSite, dir: string): void {
  for (const [rel, text] of site.files) {
    const full = path.join(dir, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/** A fresh temp folder for generated sites; remove it with `rmSync(dir, { recursive: true })`. */
export function makeTempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'docwright-bench-'));
}

if (process.argv[1] && /generate\.ts$/.test(process.argv[1])) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const n = Number(arg('--pages') ?? 1000);
  const seed = Number(arg('--seed') ?? 1);
  const out = arg('--out') ?? path.join(makeTempDir(), `site-${n}`);
  rmSync(out, { recursive: true, force: true });
  const site = generateSite(n, seed);
  writeSite(site, out);
  let bytes = 0;
  for (const t of site.files.values()) bytes += Buffer.byteLength(t);
  process.stdout.write(
    `${out}\n${site.pageFiles.length} pages, ${site.files.size} files, ${(bytes / 1e6).toFixed(1)} MB\nplanted: ${JSON.stringify(Object.fromEntries(Object.entries(site.planted).map(([k, v]) => [k, v.length])))}\n`,
  );
}

/**
 * A deterministic OpenAPI 3.1 document with `operations` operations over 10 tags: path and query
 * parameters, JSON bodies and responses through `$ref`ed component schemas, as API sites have.
 */
export function generateApiSpec(operations: number): string {
  const tags = Array.from({ length: 10 }, (_, i) => `Resource ${i + 1}`);
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  for (let i = 0; i < operations; i++) {
    const tag = tags[i % tags.length];
    const resource = `items${Math.floor(i / methods.length)}`;
    const method = methods[i % methods.length];
    const name = `Item${Math.floor(i / methods.length)}`;
    schemas[name] ??= {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'string', description: 'Identifier of the item.', example: `item_${i}` },
        name: { type: 'string', description: 'Display name.', maxLength: 120 },
        tags: { type: 'array', items: { type: 'string' } },
        owner: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' } } },
        createdAt: { type: 'string', format: 'date-time' },
      },
    };
    const withId = method !== 'post';
    const p = withId ? `/${resource}/{id}` : `/${resource}`;
    paths[p] ??= {};
    paths[p][method] = {
      tags: [tag],
      summary: `${method === 'get' ? 'Get' : method === 'post' ? 'Create' : method === 'put' ? 'Replace' : method === 'patch' ? 'Update' : 'Delete'} ${name.toLowerCase()} (${i})`,
      description: `Operation ${i} of the generated API: works on one ${name.toLowerCase()}. Requests are authenticated with a bearer token.`,
      parameters: [
        ...(withId ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] : []),
        { name: 'expand', in: 'query', schema: { type: 'boolean', default: false }, description: 'Include nested objects.' },
      ],
      ...(method === 'post' || method === 'put' || method === 'patch'
        ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } } }
        : {}),
      responses: {
        '200': { description: 'The item.', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
        '404': { description: 'No such item.', content: { 'application/json': { example: { error: 'not_found' } } } },
      },
    };
  }
  return (
    JSON.stringify(
      {
        openapi: '3.1.0',
        info: { title: 'Generated API', version: '1.0.0' },
        servers: [{ url: 'https://api.example.com/v1' }],
        security: [{ bearer: [] }],
        tags: tags.map((name) => ({ name })),
        paths,
        components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      null,
      2,
    ) + '\n'
  );
}

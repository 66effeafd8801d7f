// Generates docs/rules/*.md (one page per rule, with its bad and good examples; the external-link
// checks, which need the network, and file-untracked, which needs git, without) and the rules table docs/rules/README.md from the rule metadata, the docwright.rules setting in package.json,
// snippets/mdx.code-snippets from the component catalogue, and README.md's table of commands and
// settings from package.json, and docs/frontmatter.md from schemas/page-frontmatter.schema.json. `--check` fails when the committed copy differs.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { COMPONENTS } from '../server/src/components/catalog';
import { CONFIG_NAMES } from '../server/src/config/files';
import { ALL_RULES, PAGE_RULES } from '../server/src/rules/index';
import { EXTERNAL_LINK_RULES, type HostRuleMeta } from '../server/src/features/external-links';
import { FILE_UNTRACKED } from '../server/src/rules/site/file-untracked';
import type { SiteFiles } from '../server/src/rules/types';
import { FRONTMATTER_KEYS, frontMatterKeyDocs } from '../server/src/pages/frontmatter-schema';

const OUT = path.resolve(__dirname, '..', 'docs', 'rules');

function fence(file: string, text: string): string {
  const lang = file.endsWith('.json') ? 'json' : file.endsWith('.svg') ? 'xml' : 'mdx';
  // A fence longer than any run of backticks inside, so examples with code blocks stay intact.
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return ticks + lang + ' ' + file + '\n' + text.replace(/\n$/, '') + '\n' + ticks;
}

/** Longest file text shown in a rule page; longer examples are described instead. */
const MAX_SHOWN = 3000;

/**
 * Shows the files that matter for the example: the config for site rules, the page(s) for page
 * rules (the config of a page rule's example is the same one-page site every time), and names the
 * rest, which only matter by their existence.
 */
function showSite(files: SiteFiles, pageRule: boolean): string {
  const config = Object.keys(files).find((f) => (CONFIG_NAMES as readonly string[]).includes(f));
  const shown = pageRule ? Object.keys(files).filter((f) => f === 'example.mdx') : config ? [config] : [];
  const others = Object.keys(files)
    .filter((f) => !shown.includes(f))
    .sort();
  const parts = shown.map((f) =>
    files[f].length > MAX_SHOWN ? `\`${f}\`: ${Math.round(files[f].length / 1024)} KB of text (too long to show).` : fence(f, files[f]),
  );
  if (others.length) parts.push('Other files in the site folder: ' + others.map((f) => '`' + f + '`').join(', ') + '.');
  return parts.join('\n\n');
}

function rulePage(rule: (typeof ALL_RULES)[number]): string {
  const pageRule = PAGE_RULES.some((r) => r.id === rule.id);
  return [
    `# ${rule.id}`,
    '',
    rule.description,
    '',
    `- Default severity: \`${rule.severity}\``,
    `- Quick fix: ${rule.fixable ? 'yes' : 'no'}`,
    '',
    '## Why',
    '',
    rule.docs.rationale,
    '',
    '## Reported',
    '',
    showSite(rule.docs.bad, pageRule),
    '',
    '## Not reported',
    '',
    showSite(rule.docs.good, pageRule),
    '',
    '<!-- Generated from server/src/rules by scripts/gen-rule-docs.ts; the examples are run as tests. -->',
    '',
  ].join('\n');
}

/** A check that runs outside the rule set: when it runs, and where it is defined and tested. */
interface HostRule {
  rule: HostRuleMeta;
  runs: string;
  from: string;
}

const HOST_RULES: readonly HostRule[] = [
  ...EXTERNAL_LINK_RULES.map((rule) => ({
    rule,
    runs: 'Runs only with `docwright check --external`',
    from: 'server/src/features/external-links.ts by scripts/gen-rule-docs.ts; tested against a local server in test/unit/external-links.test.ts',
  })),
  {
    rule: FILE_UNTRACKED,
    runs: 'Runs in `docwright check` when the site is in a git work tree',
    from: 'server/src/rules/site/file-untracked.ts by scripts/gen-rule-docs.ts; tested on git repositories in test/unit/file-untracked.test.ts',
  },
];

/** The page of a check that runs outside the rule set (`check --external`, git): its examples would need the network or a repository, so it has none. */
function hostRulePage({ rule, runs, from }: HostRule): string {
  return [
    `# ${rule.id}`,
    '',
    rule.description,
    '',
    `- Default severity: \`${rule.severity}\``,
    `- Quick fix: ${rule.fixable ? 'yes' : 'no'}`,
    `- ${runs}`,
    '',
    '## Why',
    '',
    rule.rationale,
    '',
    `<!-- Generated from ${from}. -->`,
    '',
  ].join('\n');
}

/** Every rule's metadata: the rule set's, then the checks run outside it. */
const EVERY_RULE: readonly { id: string; description: string; severity: string; fixable: boolean }[] = [...ALL_RULES, ...HOST_RULES.map((h) => h.rule)];

/** docs/frontmatter.md: every documented front matter key, from the schema. */
function frontmatterFile(): { file: string; text: string } {
  const row = (key: string) => {
    const docs = frontMatterKeyDocs(key)!
      .replace(/^\*\*[^*]+\*\* \(([^)]*)\): /, '')
      .replace(/\n\n/g, ' ')
      .replace(/\|/g, '\\|');
    const kind = /^\*\*[^*]+\*\* \(([^)]*)\)/.exec(frontMatterKeyDocs(key)!)![1].replace(/\|/g, '\\|');
    return `| \`${key}\` | ${kind} | ${docs} |`;
  };
  const keys = Object.keys(FRONTMATTER_KEYS);
  const seo = keys.filter((k) => FRONTMATTER_KEYS[k]['x-docwright-group'] === 'seo');
  const text = [
    '# Page front matter',
    '',
    'The keys a page may set in its front matter (the YAML block between `---` lines at the top), and an OpenAPI operation in `x-mint.metadata`. Every key is optional; other keys are allowed as custom metadata. [frontmatter-schema](rules/frontmatter-schema.md) and [openapi-metadata](rules/openapi-metadata.md) check them; completion and hover in the editor read the same schema, `schemas/page-frontmatter.schema.json`.',
    '',
    '| Key | Value | What it does |',
    '|---|---|---|',
    ...keys.filter((k) => !seo.includes(k)).map(row),
    '',
    '## Meta tags',
    '',
    '| Key | Value | What it does |',
    '|---|---|---|',
    ...seo.map(row),
    '',
    '<!-- Generated from schemas/page-frontmatter.schema.json by scripts/gen-rule-docs.ts -->',
    '',
  ].join('\n');
  return { file: path.resolve(__dirname, '..', 'docs', 'frontmatter.md'), text };
}

function table(): string {
  const rows = EVERY_RULE.map((r) => `| [${r.id}](${r.id}.md) | ${r.description.replace(/\|/g, '\\|')} | ${r.severity} | ${r.fixable ? 'yes' : ''} |`);
  return [
    '# Rules',
    '',
    'Every check Docwright runs. Severities can be changed per rule with the `docwright.rules` setting.',
    '',
    '| Rule | Checks | Default severity | Quick fix |',
    '|---|---|---|---|',
    ...rows,
    '',
    '<!-- Generated by scripts/gen-rule-docs.ts -->',
    '',
  ].join('\n');
}

/** package.json with the `docwright.rules` setting's schema derived from the rules. */
function packageJson(): { file: string; text: string } {
  const file = path.resolve(__dirname, '..', 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const properties: Record<string, unknown> = {};
  for (const r of EVERY_RULE) {
    properties[r.id] = {
      type: 'string',
      enum: ['error', 'warning', 'information', 'hint', 'off'],
      default: r.severity,
      markdownDescription: `${r.description} Default: \`${r.severity}\`.`,
    };
  }
  pkg.contributes.configuration.properties['docwright.rules'] = {
    type: 'object',
    default: {},
    additionalProperties: false,
    markdownDescription: 'Severity per rule (`error`, `warning`, `information`, `hint`) or `off`. See docs/rules for what each rule checks.',
    properties,
    // A rule of the site's own Vale styles, by its name (`Mintlify.Will`): docs/vale.md.
    patternProperties: {
      '^[^.\\s]+\\.\\S+$': {
        type: 'string',
        enum: ['error', 'warning', 'information', 'hint', 'off'],
        markdownDescription: "A rule of the site's Vale styles, by its name (`Style.Rule`). See docs/vale.md.",
      },
    },
  };
  return { file, text: JSON.stringify(pkg, null, 2) + '\n' };
}

/** snippets/mdx.code-snippets from the component catalogue (the same snippets completion inserts). */
function snippetsFile(): { file: string; text: string } {
  const file = path.resolve(__dirname, '..', 'snippets', 'mdx.code-snippets');
  const out: Record<string, unknown> = {};
  for (const c of COMPONENTS) {
    if (c.origin === 'html') continue;
    out[c.name] = { prefix: c.name.toLowerCase(), scope: 'mdx,markdown', body: ('<' + c.snippet).split('\n'), description: c.description.replace(/`/g, '') };
  }
  return { file, text: JSON.stringify(out, null, 2) + '\n' };
}

/** Marks the generated commands-and-settings block in README.md. */
const README_START = '<!-- commands-and-settings: generated from package.json by scripts/gen-rule-docs.ts -->';
const README_END = '<!-- /commands-and-settings -->';

interface Manifest {
  contributes: {
    commands?: { command: string; title: string; category?: string }[];
    keybindings?: { command: string; key: string; mac?: string; when?: string }[];
    configuration: { properties: Record<string, { type?: string; enum?: unknown[]; default?: unknown; description?: string; markdownDescription?: string }> };
  };
}

/** README.md with its commands-and-settings block rewritten from the manifest (`pkgText`). */
function readmeFile(pkgText: string): { file: string; text: string } {
  const file = path.resolve(__dirname, '..', 'README.md');
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(README_START);
  const end = current.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the ${README_START} ... ${README_END} block`);
  const pkg = JSON.parse(pkgText) as Manifest;
  const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
  const keys = (id: string) =>
    (pkg.contributes.keybindings ?? [])
      .filter((k) => k.command === id)
      .map((k) => `\`${k.key}\`` + (k.mac ? ` (macOS \`${k.mac}\`)` : ''))
      .join(', ');
  const commands = (pkg.contributes.commands ?? []).map(
    (c) => `| ${cell((c.category ? `${c.category}: ` : '') + c.title)} | \`${c.command}\` | ${keys(c.command)} |`,
  );
  const settings = Object.entries(pkg.contributes.configuration.properties).map(([id, p]) => {
    const values = p.enum ? ` (${p.enum.map((v) => `\`${String(v)}\``).join(', ')})` : '';
    return `| \`${id}\` | \`${JSON.stringify(p.default)}\`${values} | ${cell(p.markdownDescription ?? p.description ?? '')} |`;
  });
  const block = [
    README_START,
    '',
    '| Command | ID | Keys |',
    '|---|---|---|',
    ...commands,
    '',
    '| Setting | Default (values) | What it does |',
    '|---|---|---|',
    ...settings,
    '',
    README_END,
  ].join('\n');
  return { file, text: current.slice(0, start) + block + current.slice(end + README_END.length) };
}

const expected = new Map<string, string>([['README.md', table()]]);
for (const rule of ALL_RULES) expected.set(`${rule.id}.md`, rulePage(rule));
for (const host of HOST_RULES) expected.set(`${host.rule.id}.md`, hostRulePage(host));

if (process.argv.includes('--check')) {
  const stale: string[] = [];
  for (const [name, text] of expected) {
    const file = path.join(OUT, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(name);
  }
  const extra = existsSync(OUT) ? readdirSync(OUT).filter((f) => !expected.has(f)) : [];
  const pkg = packageJson();
  if (readFileSync(pkg.file, 'utf8') !== pkg.text) stale.push('package.json (docwright.rules setting)');
  const snippets = snippetsFile();
  if (!existsSync(snippets.file) || readFileSync(snippets.file, 'utf8') !== snippets.text) stale.push('snippets/mdx.code-snippets');
  const readme = readmeFile(pkg.text);
  if (readFileSync(readme.file, 'utf8') !== readme.text) stale.push('README.md (commands and settings)');
  const fmDocs = frontmatterFile();
  if (!existsSync(fmDocs.file) || readFileSync(fmDocs.file, 'utf8') !== fmDocs.text) stale.push('docs/frontmatter.md');
  if (stale.length || extra.length) {
    console.error(`generated files are out of date (${[...stale, ...extra].join(', ')}): run npm run gen:docs`);
    process.exit(1);
  }
  console.log(`docs/rules is up to date (${expected.size} files).`);
} else {
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT)) if (!expected.has(f)) rmSync(path.join(OUT, f));
  for (const [name, text] of expected) writeFileSync(path.join(OUT, name), text);
  const pkg = packageJson();
  writeFileSync(pkg.file, pkg.text);
  const snippets = snippetsFile();
  writeFileSync(snippets.file, snippets.text);
  const readme = readmeFile(pkg.text);
  writeFileSync(readme.file, readme.text);
  const fmDocs = frontmatterFile();
  writeFileSync(fmDocs.file, fmDocs.text);
  console.log(`Wrote ${expected.size} files to docs/rules.`);
}

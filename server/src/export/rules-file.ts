// The editor rules file: the authoring rules of the format, written for one site (its name, its
// navigation groups, the components its pages use, the rules Docwright enforces on it), so that
// every team member's AI editor follows the same writing standards. One text, several homes:
// `.cursor/rules.md` (the spec's place), `.cursor/rules/docwright.mdc` (Cursor's current rules
// with front matter), `AGENTS.md`, `.github/copilot-instructions.md`, `.windsurf/rules/`. Pure.
import { findComponent } from '../components/catalog';
import { nodesOf } from '../pages/nodes';
import type { PageDocument } from '../pages/parse';
import { ALL_RULES } from '../rules/index';
import { resolveSeverity, type RuleSettings } from '../rules/severity';
import { navigationOrder, type SiteModel } from '../site/model';
import { isPageFile } from '../site/site';
import { singleLine } from '../util/controls';

export type RulesTarget = 'cursor' | 'cursor-mdc' | 'agents' | 'copilot' | 'windsurf';

export interface RulesTargetInfo {
  id: RulesTarget;
  /** Where the file goes, relative to the folder it belongs in (the site folder; Copilot: the repository). */
  path: string;
}

/** The targets; their labels for the editor's picker are in lsp/protocol.ts (RULES_FILE_TARGETS). */
export const RULES_TARGETS: readonly RulesTargetInfo[] = [
  { id: 'cursor', path: '.cursor/rules.md' },
  { id: 'cursor-mdc', path: '.cursor/rules/docwright.mdc' },
  { id: 'agents', path: 'AGENTS.md' },
  { id: 'copilot', path: '.github/copilot-instructions.md' },
  { id: 'windsurf', path: '.windsurf/rules/docwright.md' },
];

export function rulesTarget(id: string): RulesTargetInfo | undefined {
  return RULES_TARGETS.find((t) => t.id === id);
}

export interface RulesFileInput {
  model: SiteModel;
  /** Parsed pages by id (for the components the site uses). */
  pages: ReadonlyMap<string, PageDocument>;
  /** Name of the config file (`docs.json` or `mint.json`). */
  configName: string;
  /** The site folder, relative to the folder the rules file's path starts from (`.` when the same). */
  siteFolder: string;
  /** Severities from `.docwright.json` (and the editor setting), so that rules turned off are not listed. */
  projectRules?: RuleSettings;
  settings?: RuleSettings;
}

/**
 * How the spec says to choose components (authoring rule 8), in the order the file lists them: the
 * spec's own components (catalogue origin `spec`) always, the others when the site uses them.
 */
const WHEN: Record<string, string> = {
  Note: 'supplementary information the reader may skip',
  Tip: 'best practices and shortcuts',
  Warning: 'cautions: what can go wrong or cannot be undone',
  Info: 'neutral context such as prerequisites',
  Check: 'success confirmations, such as the expected result of a step',
  Steps: 'procedures: one `<Step title="...">` per action, each with its expected outcome',
  Tabs: 'platform-specific or alternative content (one `<Tab title="...">` each)',
  CodeGroup: 'the same concept in several languages (each fence titled: ```` ```python Python ````)',
  AccordionGroup: 'progressive disclosure: details most readers can skip',
  Accordion: 'one collapsible section of such details (`title`); several go in an `<AccordionGroup>`',
  Card: 'emphasised links (`title`, `icon`, `href`); several go in a `<CardGroup cols={2}>`',
  CardGroup: 'a grid of cards',
  Frame: 'every image (with descriptive alt text; `caption` optional)',
  ParamField: 'each API parameter (`path`, `query`, `header` or `body`, with `type`, `required`, `default`)',
  ResponseField: 'each field of an API response (`name`, `type`, `required`)',
  Expandable: 'nested object properties, inside a ResponseField or another Expandable',
  RequestExample: 'API endpoint pages only: how to call the endpoint',
  ResponseExample: 'API endpoint pages only: success and error responses',
  Tooltip: 'an inline definition of a term (`tip="..."`)',
  Update: 'one changelog entry (`label`, `description`)',
};

/** The names WHEN gives guidance for (a test checks each is a catalogue component). */
export const GUIDED_COMPONENTS: readonly string[] = Object.keys(WHEN);

/** Catalogue components the site's pages use, with how many pages use each, most used first. */
export function componentUsage(pages: ReadonlyMap<string, PageDocument>): { name: string; pages: number }[] {
  const count = new Map<string, number>();
  for (const page of pages.values()) {
    const seen = new Set<string>();
    for (const node of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      const name = (node as { name?: string | null }).name;
      if (name && !seen.has(name) && findComponent(name) && /^[A-Z]/.test(name)) seen.add(name);
    }
    for (const n of seen) count.set(n, (count.get(n) ?? 0) + 1);
  }
  return [...count].map(([name, pages]) => ({ name, pages })).sort((a, b) => b.pages - a.pages || a.name.localeCompare(b.name));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The rules text (Markdown), without any editor-specific front matter. */
export function rulesMarkdown(input: RulesFileInput): string {
  const { model } = input;
  // Names from docs.json (and the folder's name) stay on their line: no newline or control character can start a line of their own.
  const name = singleLine(model.name);
  const folder = input.siteFolder === '' ? '.' : singleLine(input.siteFolder);
  const configName = singleLine(input.configName);
  const inFolder = (p: string) => (folder === '.' ? p : `${folder}/${p}`);
  const groups = [...new Set(model.groups.map((g) => singleLine(g.name)).filter(Boolean))];
  const pageCount = navigationOrder(model).length;
  const used = componentUsage(input.pages);
  const usedNames = new Set(used.map((u) => u.name));
  const out: string[] = [];
  const line = (s = '') => out.push(s);

  line(`# Writing rules for the ${name} documentation`);
  line();
  line(
    `These rules apply to every page of the ${name} documentation: the site in \`${folder}\`, configured by \`${inFolder(configName)}\`, with pages written in Markdown/MDX. Follow them when you write or edit a page. Docwright checks many of them: run \`docwright check ${folder}\`, or see the Problems view in VS Code with the Docwright extension.`,
  );
  line();
  line('## The site');
  line();
  line(`- ${plural(pageCount, 'page')} in ${plural(groups.length, 'navigation group')}${groups.length ? `, in this order: ${groups.join(', ')}` : ''}.`);
  if (model.tabs.length) line(`- Tabs: ${model.tabs.map((t) => singleLine(t.name)).join(', ')}.`);
  if (model.anchors.length) line(`- Anchors: ${model.anchors.map((a) => singleLine(a.name)).join(', ')}.`);
  if (model.versions.length > 1)
    line(`- Versions: ${model.versions.map(singleLine).join(', ')}. A group or anchor with a \`version\` shows only in that version.`);
  line(
    `- Every page is an \`.mdx\` file listed in the \`navigation\` of \`${configName}\` by its path without the extension (\`guides/setup\` for \`guides/setup.mdx\`). Add a new page to the group it belongs to; a page in no group is hidden.`,
  );
  line(
    '- Link to other pages by their path from the site root (`/guides/setup`, `/guides/setup#install`); keep links and `#anchors` pointing at pages and headings that exist.',
  );
  line();
  line('## Page format');
  line();
  line(
    '- Begin every page with YAML front matter holding `title` (clear, specific, keyword-rich) and `description` (one concise sentence on what the page is for).',
  );
  line('- The title is the page heading: headings in the body start at level 2 (`##`) and go down one level at a time.');
  line('- Use descriptive, keyword-rich headings, and group related information under clear section breaks.');
  line('- Code blocks name their language and, where it helps, a file name: ```` ```javascript index.js ````.');
  line('- Every image and diagram has descriptive alt text and sits in a `<Frame>`.');
  line();
  line('## Writing');
  line();
  line(
    '- Write in clear, direct language for a technical audience. Use the second person ("you") for instructions, the active voice, the present tense for current states and the future tense only for outcomes.',
  );
  line('- Define jargon on first use, keep terminology consistent, and use parallel structure in lists, headings and procedures.');
  line('- Lead with the most important information, then basic concepts before advanced ones. Put prerequisites and context before instructions.');
  line(
    '- Break procedures into numbered steps with the expected outcome of each major step. Include verification steps, and troubleshooting for likely failures.',
  );
  line();
  line('## Code examples');
  line();
  line('- Make examples complete and runnable, with realistic data, error handling and edge cases, and show the expected output.');
  line(
    '- Never put real keys, tokens or secrets in examples (and never commit them). Authentication examples show the header as `Authorization: Bearer <API_KEY>`.',
  );
  line();
  line('## API documentation');
  line();
  line('- Document every parameter, optional ones included, with its type and whether it is required.');
  line('- Show both success and error responses, explain every HTTP status code the endpoint returns, and state rate limits with specific numbers.');
  line('- Show the authentication format and complete request/response cycles.');
  line();
  line('## Accessibility');
  line();
  line('- Alt text on every image and diagram; specific link text ("see the authentication guide"), never "click here" or "this link".');
  line('- Heading hierarchy starting at level 2, sufficient colour contrast, and a scannable structure (short paragraphs, lists, tables).');
  line();
  line('## Components');
  line();
  line('Choose components by purpose:');
  line();
  const listed = GUIDED_COMPONENTS.filter((n) => findComponent(n)?.origin === 'spec' || usedNames.has(n));
  for (const name of listed) {
    const count = used.find((u) => u.name === name)?.pages;
    line(`- \`<${name}>\`: ${WHEN[name]}${count ? ` (used on ${plural(count, 'page')})` : ''}.`);
  }
  const others = used.filter((u) => !Object.hasOwn(WHEN, u.name));
  if (others.length) {
    line();
    line(`Other components this site uses: ${others.map((u) => `\`<${u.name}>\` (${plural(u.pages, 'page')})`).join(', ')}.`);
  }
  if (usedNames.size === 0) {
    line();
    line('The pages use no components yet; plain Markdown is fine where no component fits.');
  }
  line();
  line('Use only the components of the format (or ones a page imports); Docwright reports unknown components, attributes and wrong nesting.');
  line();
  line('## Checked by Docwright');
  line();
  line('These rules are enforced on this site (rule id, severity, what it checks):');
  line();
  for (const rule of ALL_RULES) {
    const severity = resolveSeverity(rule.id, rule.severity, input.settings, input.projectRules);
    if (severity === 'off') continue;
    line(`- \`${rule.id}\` (${severity}): ${rule.description}`);
  }
  line();
  line('## Checking your own edits');
  line();
  line(
    `If your editor can use MCP servers, run \`docwright mcp ${folder}\` (add \`--allow-writes\` to let it fix and move files): its tools check a page or the site against these rules, apply the fixes, list the rules and components with their docs, show a page as the Markdown copy agents read, search the site, list the navigation and move a page with its links. Check each page you edit with its \`check\` tool and fix what it reports.`,
  );
  line();
  return out.join('\n');
}

export interface RulesFile {
  target: RulesTarget;
  /** Relative path of the file (see RULES_TARGETS). */
  path: string;
  content: string;
}

/**
 * A note for a rules file that the docs format would publish: `AGENTS.md` in the site folder is a
 * page to it (and an orphan to the checks) unless `.mintignore` lists it.
 */
export function rulesFileNote(file: RulesFile, inSiteFolder: boolean, mintignore: string | undefined): string | undefined {
  if (!inSiteFolder || !isPageFile(file.path)) return undefined;
  if (mintignore && new RegExp(`^/?${file.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm').test(mintignore)) return undefined;
  return `${file.path} is in the site folder, where .md files are published as pages: add "${file.path}" to .mintignore (until then docwright check lists it as a page outside the navigation).`;
}

export function rulesFile(input: RulesFileInput, target: RulesTarget): RulesFile {
  const info = rulesTarget(target)!;
  const body = rulesMarkdown(input);
  const folder = input.siteFolder === '' || input.siteFolder === '.' ? '' : `${singleLine(input.siteFolder)}/`;
  const configName = singleLine(input.configName);
  const globs = [`${folder}**/*.mdx`, `${folder}**/*.md`, `${folder}${configName}`];
  let content = body;
  if (target === 'cursor-mdc') {
    content = `---\ndescription: Writing rules for the ${singleLine(input.model.name)} documentation pages (Markdown/MDX) and ${configName}\nglobs: ${globs.join(', ')}\nalwaysApply: false\n---\n\n${body}`;
  } else if (target === 'windsurf') {
    content = `---\ntrigger: glob\nglobs: ${globs.join(', ')}\n---\n\n${body}`;
  }
  return { target, path: info.path, content };
}

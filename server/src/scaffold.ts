// A new site: the smallest docs.json and first page that every check passes. Pure (no I/O; it
// imports only the format's defaults and file names), so the CLI (`docwright init`) and the extension's "Docwright: New Site" command both
// write exactly these files.
import { DEFAULT_TITLE } from './config/defaults';
import { CONFIG_FILE_NAME, CONFIG_NAMES } from './config/files';
import { singleLine } from './util/controls';

export interface ScaffoldFile {
  /** Path relative to the site folder, with `/` separators. */
  path: string;
  text: string;
}

/** Files whose presence means a folder already holds a site (or part of the one we would write). */
const SITE_MARKERS: readonly string[] = CONFIG_NAMES;

/** "my-product_docs" -> "My Product Docs"; an empty or unusable folder name gives DEFAULT_TITLE. */
export function siteNameFromFolder(folderName: string): string {
  const words = folderName.split(/[\s\-_.]+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length === 0) return DEFAULT_TITLE;
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** The files of a new site named `name`: docs.json (classic format) and introduction.mdx. */
export function newSiteFiles(name: string): ScaffoldFile[] {
  const siteName = singleLine(name) || DEFAULT_TITLE;
  const config = {
    name: siteName,
    favicon: '/favicon.svg',
    colors: { primary: '#0B6E4F' },
    navigation: [{ group: 'Get started', pages: ['introduction'] }],
  };
  const introduction = [
    '---',
    `title: ${JSON.stringify(`${siteName} introduction`)}`,
    'description: "Start here: what this documentation covers and how to add your next page."',
    '---',
    '',
    // The site name stays out of the prose: prose rules would judge its words ("My Docs").
    'This page is the start of the site. Each page is an MDX file: Markdown with components such as callouts, cards and code groups. The `docs.json` file names the site, sets its colours and lists the pages in the navigation.',
    '',
    '<Tip>',
    '  Docwright checks this site as you type. Open the Problems view to see what it finds.',
    '</Tip>',
    '',
    '## Add a page',
    '',
    '1. Create `quickstart.mdx` next to this file, with a `title` and a `description` in its front matter.',
    '2. Add `"quickstart"` to the `pages` of the "Get started" group in `docs.json`.',
    '3. Link to it from this page: `[Follow the quickstart](/quickstart)`.',
    '',
    '## Check the site',
    '',
    'Run `docwright check` in a terminal, or **Docwright: Check Site** in the editor, to check every page and the navigation.',
    '',
  ].join('\n');
  return [
    { path: CONFIG_FILE_NAME, text: JSON.stringify(config, null, 2) + '\n' },
    { path: 'introduction.mdx', text: introduction },
    // The classic format requires a favicon: a plain square in the site's primary colour.
    { path: 'favicon.svg', text: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0B6E4F"/></svg>\n' },
  ];
}

/**
 * The names among `existing` (the entries of the target folder) that stop a new site from being
 * written there: a site's config, or a file the scaffold would overwrite. Empty = safe to write.
 */
export function scaffoldConflicts(existing: Iterable<string>, files: readonly ScaffoldFile[]): string[] {
  const blocked = new Set([...SITE_MARKERS, ...files.map((f) => f.path.split('/')[0])]);
  return [...existing].filter((name) => blocked.has(name)).sort();
}

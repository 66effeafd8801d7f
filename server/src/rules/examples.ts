// Builds the small sites that rule docs use as bad/good examples (and the tests run).
import type { SiteFiles } from './types';

export function page(title: string, description = `How to use ${title.toLowerCase()} in Acme.`): string {
  return `---\ntitle: "${title}"\ndescription: "${description}"\n---\n\n## Overview\n\nThis page explains ${title.toLowerCase()}.\n`;
}

/** A site: the config object plus page files (ids without extension get `.mdx` and front matter). */
export function exampleSite(config: Record<string, unknown>, pages: string[], extra: SiteFiles = {}): SiteFiles {
  const files: SiteFiles = { 'docs.json': JSON.stringify(config, null, 2) + '\n' };
  for (const p of pages) {
    const title = p
      .split('/')
      .pop()!
      .replace(/[-_]/g, ' ')
      .replace(/\b\w/g, (c) => c.toUpperCase());
    files[`${p}.mdx`] = page(title);
  }
  return { ...files, ...extra };
}

/** The smallest valid config around a navigation. */
export function minimalConfig(pages: unknown[] = ['introduction'], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Acme', favicon: 'https://acme.dev/favicon.svg', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Get started', pages }], ...extra };
}

/** A current-format site of a guide tab and a second tab (`tab`: its generated reference, such as `{ tab: 'Events', asyncapi: 'asyncapi.yaml' }`). */
export function tabSite(tab: Record<string, unknown>, extra: SiteFiles = {}): SiteFiles {
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D6E4F' },
    navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Get started', pages: ['introduction'] }] }, tab] },
  };
  return { 'docs.json': JSON.stringify(config, null, 2) + '\n', 'introduction.mdx': page('Introduction'), ...extra };
}

/** A two-language site (current format) whose French navigation lists `frPages`. */
export function twoLanguageSite(frPages: string[], extra: SiteFiles = {}): SiteFiles {
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D6E4F' },
    navigation: {
      languages: [
        { language: 'en', default: true, groups: [{ group: 'Get started', pages: ['introduction', 'quickstart'] }] },
        { language: 'fr', groups: [{ group: 'Commencer', pages: frPages }] },
      ],
    },
  };
  return exampleSite(config, ['introduction', 'quickstart', ...frPages], extra);
}

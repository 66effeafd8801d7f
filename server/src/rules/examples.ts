// Builds the small sites that rule docs use as bad/good examples (and the tests run).
import type { SiteFiles } from './types';

export function page(title: string, description = `How to use ${title.toLowerCase()} in Acme.`): string {
  return `---\ntitle: "${title}"\ndescription: "${description}"\n---\n\n## Overview\n\nThis page explains ${title.toLowerCase()}.\n`;
}

/** A site: the config object plus page files (ids without extension get `.mdx` and front matter). */
export function exampleSite(config: Record<string, unknown>, pages: string[], extra: SiteFiles = {}): SiteFiles {
  const files: SiteFiles = { 'docs.json': JSON.stringify(config, null, 2) + '\n' };
  for (const p of pages) {
    const title = p.split('/').pop()!.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
    files[`${p}.mdx`] = page(title);
  }
  return { ...files, ...extra };
}

/** The smallest valid config around a navigation. */
export function minimalConfig(pages: unknown[] = ['introduction'], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Acme', navigation: [{ group: 'Get started', pages }], ...extra };
}

// Mermaid's browser build, for the diagram syntax check (server/src/pages/mermaid.ts): dist/vendor
// beside the bundles, or node_modules in a checkout. Missing or unreadable: diagrams go unchecked.
import { readFileSync } from 'node:fs';
import { createMermaidCheck, type MermaidCheck } from '../pages/mermaid';
import { vendorFiles } from './export-disk';

let check: MermaidCheck | undefined;

/** The hosts' check of Mermaid diagrams: one per thread, reading the build on first use (a page with a ```mermaid block). */
export function hostMermaidCheck(): MermaidCheck {
  check ??= createMermaidCheck(() => {
    try {
      return readFileSync(vendorFiles().mermaidJs, 'utf8');
    } catch {
      return undefined;
    }
  });
  return check;
}

// Mermaid's browser build, for the diagram syntax check (server/src/pages/mermaid.ts): dist/vendor
// beside the bundles, or node_modules in a checkout. Missing or unreadable: diagrams go unchecked.
import { readFileSync } from 'node:fs';
import { useMermaid } from '../pages/mermaid';
import { vendorFiles } from './export-disk';

/** Lets the page checks read Mermaid's build on first use (a page with a ```mermaid block). */
let enabled = false;
export function enableMermaidCheck(): void {
  if (enabled) return;
  enabled = true;
  useMermaid(() => {
    try {
      return readFileSync(vendorFiles().mermaidJs, 'utf8');
    } catch {
      return undefined;
    }
  });
}

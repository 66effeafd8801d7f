// The shape every conformance module returns, and the reference package versions: the installed
// version must be the one package.json pins, so upgrading is one line there (then `npm install`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

export interface Disagreement {
  input: unknown;
  ours: unknown;
  theirs: unknown;
}

export interface ConformanceResult {
  package: string;
  inputSet: string;
  tried: number;
  disagreements: Disagreement[];
  /** Why the set was not run (its inputs are absent here); a skipped set is not a pass. */
  skipped?: string;
}

const ROOT = path.resolve(__dirname, '..', '..');

/** A reference package: the version installed and the one package.json names (undefined while it names none). */
export function referencePackage(name: string): { name: string; installed: string; pinned: string | undefined; label: string } {
  const require = createRequire(path.join(ROOT, 'package.json'));
  let installed = 'not installed';
  try {
    installed = (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    // Packages whose exports hide package.json: read it from node_modules.
    try {
      installed = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      /* stays "not installed" */
    }
  }
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  const pinned = manifest.devDependencies?.[name] ?? manifest.dependencies?.[name];
  return { name, installed, pinned, label: `${name}@${installed}` };
}

/** The folder of local copies of the corpus sites (DOCWRIGHT_CORPUS; `npm run conformance` defaults it to /tmp/corpus), or undefined: tests then skip that input set. */
export function corpusDir(): string | undefined {
  return process.env.DOCWRIGHT_CORPUS || undefined;
}

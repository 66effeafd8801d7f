// `npm run conformance`: runs every module of scripts/conformance/ (each exports functions whose
// names start with `run`, or a default function, returning ConformanceResult[]) and prints, per
// reference package and input set, the inputs tried and the disagreements, then the first few of
// them. Exits 1 on any disagreement, or when an installed reference package is not the version
// package.json pins.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { referencePackage, type ConformanceResult } from './conformance/report';

const DIR = path.join(__dirname, 'conformance');
// The report compares the local corpus copies too, where scripts/corpus.mjs extracts them.
process.env.DOCWRIGHT_CORPUS ??= '/tmp/corpus';
const SHOWN = 5;

type Runner = () => Promise<ConformanceResult[]>;

async function runners(): Promise<{ module: string; name: string; run: Runner }[]> {
  const out: { module: string; name: string; run: Runner }[] = [];
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith('.ts') && f !== 'report.ts')
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(DIR, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value === 'function' && (name === 'default' || /^run[A-Z]/.test(name))) out.push({ module: file, name, run: value as Runner });
    }
  }
  return out;
}

function clip(value: unknown, max = 600): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? text.slice(0, max) + ` … (${text.length} characters)` : text;
}

async function main(): Promise<number> {
  const results: ConformanceResult[] = [];
  for (const r of await runners()) {
    const started = Date.now();
    results.push(...(await r.run()));
    console.error(`${r.module} ${r.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  let failed = false;
  const packages = [...new Set(results.map((r) => r.package.replace(/@[^@]*$/, '')))];
  for (const name of packages) {
    const p = referencePackage(name);
    if (p.pinned !== undefined && p.pinned.replace(/^[\^~=]/, '') !== p.installed) {
      console.log(`${name}: installed ${p.installed}, package.json pins ${p.pinned}: run npm install.`);
      failed = true;
    }
  }
  const rows = results.map((r) => [r.package, r.inputSet, r.skipped ? 'skipped' : String(r.tried), r.skipped ? '-' : String(r.disagreements.length)]);
  const head = ['package', 'input set', 'inputs tried', 'disagreements'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    if (r.skipped) console.log(`\n${r.package} / ${r.inputSet}: skipped: ${r.skipped}`);
    if (!r.disagreements.length) continue;
    failed = true;
    console.log(`\n${r.package} / ${r.inputSet}: ${r.disagreements.length} disagreement(s); the first ${Math.min(SHOWN, r.disagreements.length)}:`);
    for (const d of r.disagreements.slice(0, SHOWN)) {
      console.log(`  input:  ${clip(d.input)}\n  ours:   ${clip(d.ours)}\n  theirs: ${clip(d.theirs)}\n`);
    }
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
